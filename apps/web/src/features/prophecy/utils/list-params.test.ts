import { MARKET_SORTS } from '@arcade/sdk/api/prophecy';
import { PROPHECY_CATEGORIES } from '@arcade/sdk/constants';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import {
  categoriesParam,
  DEFAULT_MARKET_LIST_PARAMS,
  isFiltered,
  marketListParamsFromUrl,
  marketListSearch,
  selectedCategories,
  type MarketListParams,
} from './list-params.ts';

const params = fc.record({
  sortBy: fc.constantFrom(...MARKET_SORTS),
  categories: fc.subarray([...PROPHECY_CATEGORIES]).map(categoriesParam),
  name: fc.option(
    fc
      .string({ minLength: 1, maxLength: 120 })
      .map((s) => s.trim())
      .filter((s) => s !== ''),
    { nil: null },
  ),
  showPastEvents: fc.boolean(),
}) satisfies fc.Arbitrary<MarketListParams>;

describe('the market list query in the URL', () => {
  it('defaults to sortBy TimeAsc, categories {}, no name and past events', () => {
    expect(marketListParamsFromUrl(new URLSearchParams())).toEqual({
      sortBy: 'TimeAsc',
      categories: '{}',
      name: null,
      showPastEvents: true,
    });
    expect(marketListSearch(DEFAULT_MARKET_LIST_PARAMS).toString()).toBe('');
  });

  it('round-trips every query through the URL', () => {
    fc.assert(
      fc.property(params, (p) => {
        const url = new URLSearchParams(marketListSearch(p).toString());
        expect(marketListParamsFromUrl(url)).toEqual(p);
      }),
    );
  });

  it('keeps only what differs from the defaults', () => {
    fc.assert(
      fc.property(params, (p) => {
        const keys = [...marketListSearch(p).keys()];
        expect(keys.includes('sortBy')).toBe(p.sortBy !== 'TimeAsc');
        expect(keys.includes('categories')).toBe(p.categories !== '{}');
        expect(keys.includes('name')).toBe(p.name !== null);
        expect(keys.includes('showPastEvents')).toBe(!p.showPastEvents);
        expect(isFiltered(p)).toBe(p.categories !== '{}' || p.name !== null || !p.showPastEvents);
      }),
    );
  });

  it('reads showPastEvents=false, and falls back on an unknown sort', () => {
    const p = marketListParamsFromUrl(new URLSearchParams('showPastEvents=false&sortBy=Random'));
    expect(p.showPastEvents).toBe(false);
    expect(p.sortBy).toBe('TimeAsc');
  });

  it('selects only known categories, in the spec order, and none for malformed input', () => {
    expect(selectedCategories('{"NBA":true,"Crypto":true,"Nope":true,"NFL":false}')).toEqual([
      'Crypto',
      'NBA',
    ]);
    expect(selectedCategories('not json')).toEqual([]);
    expect(selectedCategories('["Crypto"]')).toEqual([]);
    expect(marketListParamsFromUrl(new URLSearchParams('categories=%7Bbroken')).categories).toBe('{}');
    expect(categoriesParam(['NBA', 'Crypto'])).toBe('{"Crypto":true,"NBA":true}');
  });

  it('trims the name and drops an empty one', () => {
    expect(marketListParamsFromUrl(new URLSearchParams('name=%20%20sol%20')).name).toBe('sol');
    expect(marketListParamsFromUrl(new URLSearchParams('name=%20')).name).toBeNull();
  });
});
