import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import type { Collection, Listing } from '../api/get-collection.ts';
import { CollectionBrowser } from './collection-browser.tsx';

const mocks = vi.hoisted(() => ({
  api: vi.fn<(path: string, options?: { query?: Record<string, string> }) => Promise<unknown>>(),
}));
vi.mock('../../../lib/api-client.ts', async (original) => ({
  ...(await original<typeof import('../../../lib/api-client.ts')>()),
  api: mocks.api,
}));

function listing(name: string, price: bigint, traits: Record<string, string>): Listing {
  return {
    mint: `mint-${name}`,
    price,
    seller: 'seller',
    tokenStandard: 'NonFungible',
    tokenProgram: 'token',
    royaltyBps: 0,
    name,
    image: '',
    attributes: Object.entries(traits).map(([trait_type, value]) => ({ trait_type, value })),
    buyerPrice: price,
    marketplaceFee: 0n,
    royalty: 0n,
  };
}

const COLLECTION: Collection = {
  collId: 'critters',
  slug: 'critters',
  name: 'Critters',
  image: '',
  floorPrice: 800_000_000n,
  listedCount: 3,
  supply: 3,
  volume24h: 0n,
  description: '',
  listings: [
    listing('Lime One', 800_000_000n, { Body: 'Lime', Eyes: 'Round' }),
    listing('Berry Two', 900_000_000n, { Body: 'Berry', Eyes: 'Star' }),
    listing('Berry Three', 2_000_000_000n, { Body: 'Berry', Eyes: 'Round' }),
  ],
};

function Where() {
  const location = useLocation();
  return <output aria-label="location">{`${location.pathname}${location.search}`}</output>;
}

function renderBrowser(path = '/retail/critters', collection = COLLECTION) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route
            path="/retail/:slug"
            element={
              <>
                <CollectionBrowser collection={collection} />
                <Where />
              </>
            }
          />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const shown = () =>
  within(screen.getByRole('region', { name: 'Listings' }))
    .queryAllByRole('link')
    .map((link) => link.querySelector('p')!.textContent);
const location = () => screen.getByRole('status', { hidden: true, name: 'location' }).textContent;

beforeEach(() => {
  mocks.api.mockReset();
  mocks.api.mockResolvedValue({ traits: { Body: { Lime: 1, Berry: 2 }, Eyes: { Round: 2, Star: 1 } } });
});

describe('the collection’s listings', () => {
  it('filters by traits: values of a type widen, types narrow; the URL keeps them', async () => {
    renderBrowser();
    expect(shown()).toEqual(['Lime One', 'Berry Two', 'Berry Three']);
    await userEvent.click(await screen.findByText('Body', { selector: 'summary > span' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Berry (2 listed)' }));
    expect(shown()).toEqual(['Berry Two', 'Berry Three']);
    expect(screen.getByText(/of/).textContent).toBe('2 of 3 listed');
    await userEvent.click(screen.getByText('Eyes', { selector: 'summary > span' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Round (2 listed)' }));
    expect(shown()).toEqual(['Berry Three']);
    expect(location()).toBe('/retail/critters?trait=Body%3ABerry&trait=Eyes%3ARound');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Lime (1 listed)' }));
    expect(shown()).toEqual(['Lime One', 'Berry Three']);
    expect(mocks.api).toHaveBeenCalledWith(
      '/api/nfts/collectionTraits',
      expect.objectContaining({ query: { collId: 'critters' } }),
    );
    // Each listing opens its bet panel with the filters kept for the way back.
    expect(screen.getByRole('link', { name: /^Lime One/ }).getAttribute('href')).toBe(
      '/retail/critters?trait=Body%3ABerry&trait=Body%3ALime&trait=Eyes%3ARound&listing=mint-Lime+One',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Clear all' }));
    expect(shown()).toHaveLength(3);
    expect(location()).toBe('/retail/critters');
  });

  it('says when nothing matches, and clears the filters', async () => {
    renderBrowser('/retail/critters?trait=Body:Lime&trait=Eyes:Star');
    expect(shown()).toEqual([]);
    expect(screen.getByText('No listings match these traits')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(shown()).toHaveLength(3);
  });

  it('sorts by price either way', async () => {
    renderBrowser();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Sort' }), 'price-desc');
    expect(shown()).toEqual(['Berry Three', 'Berry Two', 'Lime One']);
    expect(location()).toBe('/retail/critters?sort=price-desc');
  });

  it('still lists when the traits fail to load, and says so', async () => {
    mocks.api.mockRejectedValue(new Error('down'));
    renderBrowser();
    expect(
      await screen.findByText('The trait filters could not load. The listings still work.'),
    ).toBeTruthy();
    expect(shown()).toHaveLength(3);
  });

  it('has an empty state for a collection with nothing listed', () => {
    renderBrowser('/retail/critters', { ...COLLECTION, listings: [], listedCount: 0 });
    expect(screen.getByText('Nothing listed in this collection right now')).toBeTruthy();
  });
});
