import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import {
  filterListings,
  matchesTraits,
  parseTraitParams,
  selectedCount,
  toggleTrait,
  writeTraitParams,
  type TraitSelection,
} from './trait-filter.ts';

function nft(name: string, traits: Record<string, string>) {
  return { name, attributes: Object.entries(traits).map(([trait_type, value]) => ({ trait_type, value })) };
}

const LISTINGS = [
  nft('mint-lime', { Background: 'Mint', Body: 'Lime', Eyes: 'Round' }),
  nft('lagoon-berry', { Background: 'Lagoon', Body: 'Berry', Eyes: 'Star' }),
  nft('mint-berry', { Background: 'Mint', Body: 'Berry', Eyes: 'Wink' }),
  nft('no-traits', {}),
];

function selection(entries: Record<string, string[]>): TraitSelection {
  return new Map(Object.entries(entries).map(([type, values]) => [type, new Set(values)]));
}

const names = (list: readonly { name: string }[]) => list.map((l) => l.name);

describe('trait filters', () => {
  it('shows everything with no filter', () => {
    expect(names(filterListings(LISTINGS, new Map()))).toEqual(names(LISTINGS));
  });

  it('widens within a trait type and narrows across types', () => {
    expect(names(filterListings(LISTINGS, selection({ Background: ['Mint'] })))).toEqual([
      'mint-lime',
      'mint-berry',
    ]);
    expect(names(filterListings(LISTINGS, selection({ Background: ['Mint', 'Lagoon'] })))).toEqual([
      'mint-lime',
      'lagoon-berry',
      'mint-berry',
    ]);
    expect(names(filterListings(LISTINGS, selection({ Background: ['Mint'], Body: ['Berry'] })))).toEqual([
      'mint-berry',
    ]);
    expect(filterListings(LISTINGS, selection({ Eyes: ['Closed'] }))).toEqual([]);
  });

  it('toggles a value on and off, dropping a type with nothing picked', () => {
    const on = toggleTrait(new Map(), 'Body', 'Lime');
    expect(selectedCount(on)).toBe(1);
    const two = toggleTrait(on, 'Body', 'Berry');
    expect([...two.get('Body')!]).toEqual(['Lime', 'Berry']);
    const off = toggleTrait(toggleTrait(two, 'Body', 'Lime'), 'Body', 'Berry');
    expect(off.has('Body')).toBe(false);
    // The original is untouched.
    expect(selectedCount(on)).toBe(1);
  });

  it('keeps the filters in the URL, next to the other parameters', () => {
    const params = writeTraitParams(
      new URLSearchParams('sort=price-desc'),
      selection({ Background: ['Mint', 'Lagoon'], Eyes: ['Star'] }),
    );
    expect(params.toString()).toBe(
      'sort=price-desc&trait=Background%3AMint&trait=Background%3ALagoon&trait=Eyes%3AStar',
    );
    expect(parseTraitParams(params)).toEqual(selection({ Background: ['Mint', 'Lagoon'], Eyes: ['Star'] }));
    // Malformed entries are ignored; a value may hold a colon.
    expect(parseTraitParams(new URLSearchParams('trait=NoColon&trait=:x&trait=y:&trait=Time:12:30'))).toEqual(
      selection({ Time: ['12:30'] }),
    );
  });

  it('never shows a listing that misses a filtered trait, nor hides one that has them all', () => {
    const value = fc.constantFrom<string>('a', 'b', 'c');
    const traits = fc.dictionary(fc.constantFrom('T1', 'T2', 'T3'), value);
    const picks = fc.dictionary(fc.constantFrom('T1', 'T2', 'T3'), fc.uniqueArray(value, { maxLength: 3 }));
    fc.assert(
      fc.property(fc.array(traits, { maxLength: 12 }), picks, (all, picked) => {
        const listings = all.map((t, i) => nft(String(i), t));
        const chosen = selection(picked);
        const shown = new Set(names(filterListings(listings, chosen)));
        for (const listing of listings) {
          const ok = Object.entries(picked).every(
            ([type, values]) =>
              values.length === 0 ||
              listing.attributes.some((a) => a.trait_type === type && values.includes(a.value)),
          );
          expect(shown.has(listing.name)).toBe(ok);
          expect(matchesTraits(listing, chosen)).toBe(ok);
        }
        // And the URL round trip keeps the selection (types with no pick dropped).
        const round = parseTraitParams(writeTraitParams(new URLSearchParams(), chosen));
        expect(selectedCount(round)).toBe(selectedCount(chosen));
      }),
    );
  });
});
