import { UI_TEXT, VALIDATION_MESSAGES } from '@arcade/sdk/messages';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, type LoaderFunctionArgs } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { queryClient } from '../../lib/query-client.ts';
import { ErrorPage } from './error-page.tsx';
import { loader as fairnessLoader, Component as FairnessPage } from './fairness.tsx';
import { loader as historyLoader } from './history.tsx';
import { ARTWORK, resetPreloadedImages } from './data/preload-image.ts';
import { loader as foresightLoader } from './foresight.tsx';
import * as home from './home.tsx';
import { Component as NotFound } from './not-found.tsx';
import { Component as ProphecyCreate } from './prophecy-create.tsx';
import { loader as prophecyLoader, Component as ProphecyList } from './prophecy-list.tsx';
import { loader as marketLoader, Component as MarketPage } from './prophecy-market.tsx';
import { Component as ProphecyRequest } from './prophecy-request.tsx';
import { loader as collectionLoader, Component as CollectionPage } from './retail-collection.tsx';
import { loader as tailspinLoader } from './tailspin.tsx';

function loaderArgs(url: string, params: Record<string, string> = {}): LoaderFunctionArgs {
  return { request: new Request(url), params, context: undefined } as unknown as LoaderFunctionArgs;
}

/** The images preload links point at, in document order. */
function preloadLinks(): string[] {
  return [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="image"]')].map(
    (link) => link.getAttribute('href') ?? '',
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  queryClient.clear();
  resetPreloadedImages();
  for (const link of document.head.querySelectorAll('link[rel="preload"]')) link.remove();
});

describe('not-found route', () => {
  it('says there is nothing here and links back home', async () => {
    const router = createMemoryRouter(
      [
        { path: '/', element: <p>home page</p> },
        { path: '*', Component: NotFound },
      ],
      { initialEntries: ['/nope'] },
    );
    render(<RouterProvider router={router} />);
    expect(screen.getByRole('heading', { name: UI_TEXT.notFound })).toBeTruthy();
    await userEvent.click(screen.getByRole('link', { name: 'Back to home' }));
    expect(await screen.findByText('home page')).toBeTruthy();
  });
});

describe('error page', () => {
  it('shows the spec text, the message, the stack, and refreshes', async () => {
    const error = new Error('kaboom');
    error.stack = 'Error: kaboom\n    at somewhere (file.ts:1:1)';
    const router = createMemoryRouter(
      [
        {
          path: '/',
          loader: () => {
            throw error;
          },
          Component: () => null,
          ErrorBoundary: ErrorPage,
        },
      ],
      { initialEntries: ['/'] },
    );
    const reload = vi.fn();
    vi.stubGlobal('location', { reload });
    render(<RouterProvider router={router} />);
    expect(await screen.findByRole('heading', { name: UI_TEXT.errorPage })).toBeTruthy();
    expect(screen.getByText('kaboom')).toBeTruthy();
    const stack = screen.getByLabelText('Error stack');
    expect(stack.tagName).toBe('PRE');
    expect(stack.textContent).toContain('at somewhere (file.ts:1:1)');
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });
});

describe('foresight loader', () => {
  it("rejects an unknown symbol with 'Invalid symbol'", () => {
    expect(() => foresightLoader(loaderArgs('http://app/foresight/XYZ', { symbol: 'XYZ' }))).toThrow(
      VALIDATION_MESSAGES.invalidSymbol,
    );
  });

  it('accepts SOL and starts its cover loading without waiting for it', () => {
    expect(foresightLoader(loaderArgs('http://app/foresight/SOL', { symbol: 'SOL' }))).toEqual({
      symbol: 'SOL',
    });
    expect(preloadLinks()).toEqual([ARTWORK.foresight]);
  });
});

describe('home route', () => {
  it('has no loader, so the router starts initialised and the first render is the page itself', () => {
    const router = createMemoryRouter([{ path: '/', ...home }]);
    expect(router.state.initialized).toBe(true);
    expect(router.state.matches.map((match) => match.route.path)).toEqual(['/']);
    router.dispose();
  });
});

describe('missing market or collection', () => {
  function stubApi(status: number, error: string) {
    const fetchMock = vi.fn(() =>
      Promise.resolve(
        new Response(JSON.stringify({ success: false, error }), {
          status,
          headers: { 'content-type': 'application/json' },
        }),
      ),
    );
    vi.stubGlobal('fetch', fetchMock);
    return fetchMock;
  }

  function show(path: string) {
    const router = createMemoryRouter(
      [
        {
          path: '/',
          ErrorBoundary: ErrorPage,
          children: [
            { path: 'prophecy', element: <p>market list</p> },
            { path: 'prophecy/:market', loader: marketLoader, Component: MarketPage },
            { path: 'retail', element: <p>collection list</p> },
            { path: 'retail/:slug', loader: collectionLoader, Component: CollectionPage },
          ],
        },
      ],
      { initialEntries: [path] },
    );
    render(<RouterProvider router={router} />);
  }

  it.each([
    [400, 'Invalid address', 'bad-id'],
    [404, 'Market not found', '11111111111111111111111111111112'],
  ])('shows "Market not found" for a %i and links back to the markets', async (status, error, id) => {
    const fetchMock = stubApi(status, error);
    show(`/prophecy/${id}`);
    expect(await screen.findByRole('heading', { name: 'Market not found' })).toBeTruthy();
    expect(screen.getByText(id)).toBeTruthy();
    expect(screen.queryByRole('heading', { name: UI_TEXT.errorPage })).toBeNull();
    expect((fetchMock.mock.calls[0] as unknown as [string])[0]).toContain(`/api/prophecy/${id}`);
    await userEvent.click(screen.getByRole('link', { name: /All markets/ }));
    expect(await screen.findByText('market list')).toBeTruthy();
  });

  it('shows "Collection not found" for an unknown slug', async () => {
    stubApi(404, 'Collection not found');
    show('/retail/no-such-collection');
    expect(await screen.findByRole('heading', { name: 'Collection not found' })).toBeTruthy();
    expect(screen.getByText('no-such-collection')).toBeTruthy();
    await userEvent.click(screen.getByRole('link', { name: /All collections/ }));
    expect(await screen.findByText('collection list')).toBeTruthy();
  });

  it('still shows the error page for a failure that is not "not found"', async () => {
    stubApi(403, 'Forbidden');
    show('/prophecy/11111111111111111111111111111112');
    expect(await screen.findByRole('heading', { name: UI_TEXT.errorPage })).toBeTruthy();
    expect(screen.getByText('Forbidden')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Market not found' })).toBeNull();
  });
});

describe('prophecy list loader', () => {
  function stubMarkets() {
    const fetchMock = vi.fn(() =>
      Promise.resolve(
        new Response(JSON.stringify({ success: true, markets: [], total: 0, nextOffset: null }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
      ),
    );
    vi.stubGlobal('fetch', fetchMock);
    return fetchMock;
  }

  function requestedUrl(fetchMock: ReturnType<typeof stubMarkets>): URL {
    const call = fetchMock.mock.calls[0] as unknown as [string];
    return new URL(call[0], 'http://app');
  }

  it('asks for sortBy TimeAsc, categories {} and past events by default', async () => {
    const fetchMock = stubMarkets();
    await prophecyLoader(loaderArgs('http://app/prophecy'));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const url = requestedUrl(fetchMock);
    expect(url.pathname).toBe('/api/prophecy/markets');
    expect(url.searchParams.get('sortBy')).toBe('TimeAsc');
    expect(url.searchParams.get('categories')).toBe('{}');
    expect(url.search).toContain('categories=%7B%7D');
    expect(url.searchParams.get('showPastEvents')).toBe('true');
    expect(url.searchParams.has('name')).toBe(false);
  });

  it('passes the page URL params through', async () => {
    const fetchMock = stubMarkets();
    const categories = encodeURIComponent(JSON.stringify({ Crypto: true }));
    await prophecyLoader(
      loaderArgs(`http://app/prophecy?sortBy=VolumeDesc&categories=${categories}&name=sol`),
    );
    const url = requestedUrl(fetchMock);
    expect(url.searchParams.get('sortBy')).toBe('VolumeDesc');
    expect(url.searchParams.get('categories')).toBe('{"Crypto":true}');
    expect(url.searchParams.get('name')).toBe('sol');
    expect(url.searchParams.get('showPastEvents')).toBe('true');
  });

  it('falls back to TimeAsc for an unknown sort', async () => {
    const fetchMock = stubMarkets();
    await prophecyLoader(loaderArgs('http://app/prophecy?sortBy=Random'));
    expect(requestedUrl(fetchMock).searchParams.get('sortBy')).toBe('TimeAsc');
  });
});

describe('prophecy list page', () => {
  function market(key: string, name: string) {
    return {
      key,
      startTime: 1,
      endTime: 4_000_000_000,
      cutOffTime: 4_000_000_000,
      yesCount: 1,
      noCount: 1,
      totalCount: 2,
      yesPool: '3000000000',
      noPool: '1000000000',
      totalPool: '4000000000',
      isSettled: false,
      settledCount: 0,
      result: null,
      referrer: null,
      marketMetadata: {
        name,
        shortName: name,
        yesOption: 'Yes',
        noOption: 'No',
        invalidOption: 'Invalid',
        category: 'Crypto',
        image: null,
      },
    };
  }

  function stubMarkets() {
    const fetchMock = vi.fn((input: string) => {
      const url = new URL(input, 'http://app');
      const markets =
        url.searchParams.get('offset') === '1' ? [market('Mkt2', 'Second')] : [market('Mkt1', 'First')];
      return Promise.resolve(
        new Response(
          JSON.stringify({
            success: true,
            markets,
            total: 2,
            nextOffset: url.searchParams.has('offset') ? null : 1,
          }),
          { status: 200, headers: { 'content-type': 'application/json' } },
        ),
      );
    });
    vi.stubGlobal('fetch', fetchMock);
    return fetchMock;
  }

  function lastQuery(fetchMock: ReturnType<typeof stubMarkets>): URLSearchParams {
    const call = fetchMock.mock.calls.at(-1) as unknown as [string];
    return new URL(call[0], 'http://app').searchParams;
  }

  function showList(url: string) {
    const router = createMemoryRouter(
      [{ path: '/prophecy', loader: prophecyLoader, Component: ProphecyList }],
      {
        initialEntries: [url],
      },
    );
    render(
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    return router;
  }

  it('keeps sortBy, categories, name and showPastEvents in the URL and asks the API for them', async () => {
    const fetchMock = stubMarkets();
    const router = showList('/prophecy');
    expect(await screen.findByText('First')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'NBA' }));
    await waitFor(() => {
      expect(router.state.location.search).toBe(`?categories=${encodeURIComponent('{"NBA":true}')}`);
    });
    await waitFor(() => {
      expect(lastQuery(fetchMock).get('categories')).toBe('{"NBA":true}');
    });
    expect(screen.getByRole('button', { name: 'NBA' }).getAttribute('aria-pressed')).toBe('true');

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Sort' }), 'VolumeDesc');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Show past events' }));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search markets' }), 'sol{Enter}');
    await waitFor(() => {
      expect(new URLSearchParams(router.state.location.search).get('name')).toBe('sol');
    });
    const url = new URLSearchParams(router.state.location.search);
    expect(url.get('sortBy')).toBe('VolumeDesc');
    expect(url.get('showPastEvents')).toBe('false');
    expect(url.get('categories')).toBe('{"NBA":true}');
    await waitFor(() => {
      expect(lastQuery(fetchMock).get('name')).toBe('sol');
    });
    const api = lastQuery(fetchMock);
    expect([api.get('sortBy'), api.get('categories'), api.get('showPastEvents')]).toEqual([
      'VolumeDesc',
      '{"NBA":true}',
      'false',
    ]);

    // Back undoes the search, and the box follows the URL.
    await act(() => router.navigate(-1));
    await waitFor(() => {
      expect(new URLSearchParams(router.state.location.search).has('name')).toBe(false);
    });
    expect(screen.getByRole<HTMLInputElement>('searchbox', { name: 'Search markets' }).value).toBe('');
  });

  it('shows a query from the URL in its controls, and clears it back to the defaults', async () => {
    stubMarkets();
    const categories = encodeURIComponent(JSON.stringify({ Soccer: true }));
    const router = showList(
      `/prophecy?sortBy=EndingSoon&categories=${categories}&name=cup&showPastEvents=false`,
    );
    expect(await screen.findByText('First')).toBeTruthy();
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Sort' }).value).toBe('EndingSoon');
    expect(screen.getByRole('button', { name: 'Soccer' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'Show past events' }).checked).toBe(false);
    expect(screen.getByRole<HTMLInputElement>('searchbox', { name: 'Search markets' }).value).toBe('cup');
    await userEvent.click(screen.getByRole('button', { name: 'All' }));
    await waitFor(() => {
      expect(new URLSearchParams(router.state.location.search).has('categories')).toBe(false);
    });
  });

  it('loads the next page of markets on request', async () => {
    stubMarkets();
    showList('/prophecy');
    expect(await screen.findByText('Showing 1 of 2 markets')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Load more markets' }));
    expect(await screen.findByText('Second')).toBeTruthy();
    expect(screen.getByText('2 markets')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more markets' })).toBeNull();
  });
});

describe('prophecy create and request pages', () => {
  it('asks a visitor to connect before creating or requesting a market', async () => {
    const router = createMemoryRouter(
      [
        { path: '/prophecy/create', Component: ProphecyCreate },
        { path: '/prophecy/request', Component: ProphecyRequest },
      ],
      { initialEntries: ['/prophecy/create'] },
    );
    render(
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    expect(screen.getByRole('heading', { name: 'Connect an operator wallet' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'How markets work' })).toBeTruthy();
    expect(screen.queryByRole('form')).toBeNull();
    await act(() => router.navigate('/prophecy/request'));
    expect(screen.getByRole('heading', { name: 'Connect your wallet' })).toBeTruthy();
    expect(screen.queryByRole('form')).toBeNull();
  });
});

describe('retail routes', () => {
  const SUMMARY = {
    collId: 'juice-critters',
    slug: 'juice-critters',
    name: 'Juice Critters',
    image: '/api/nfts/assets/1.svg',
    floorPrice: '800000000',
    listedCount: 2,
    supply: 24,
    volume24h: '0',
  };
  function wireListing(mint: string, name: string, price: string, body: string) {
    return {
      mint,
      price,
      seller: 'seller',
      tokenStandard: 'NonFungible',
      tokenProgram: 'token',
      royaltyBps: 0,
      name,
      image: '',
      attributes: [{ trait_type: 'Body', value: body }],
      buyerPrice: price,
      marketplaceFee: '0',
      royalty: '0',
    };
  }

  function stubNfts() {
    const fetchMock = vi.fn((input: string) => {
      const url = new URL(input, 'http://app');
      const body =
        url.pathname === '/api/nfts/trendingV2'
          ? { success: true, collections: [SUMMARY] }
          : url.pathname === '/api/nfts/collectionV2'
            ? {
                success: true,
                collection: {
                  ...SUMMARY,
                  description: 'Generated critters.',
                  listings: [
                    wireListing('mint-16', 'Juice Critter #16', '800000000', 'Lime'),
                    wireListing('mint-20', 'Juice Critter #20', '900000000', 'Berry'),
                  ],
                },
              }
            : { success: true, traits: { Body: { Lime: 1, Berry: 1 } } };
      return Promise.resolve(
        new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } }),
      );
    });
    vi.stubGlobal('fetch', fetchMock);
    return fetchMock;
  }

  it('loads the trending collections on entry and links each to its page', async () => {
    const fetchMock = stubNfts();
    const retail = await import('./retail.tsx');
    const router = createMemoryRouter(
      [
        { path: '/retail', loader: retail.loader, Component: retail.Component },
        { path: '/retail/:slug', element: <p>collection page</p> },
      ],
      { initialEntries: ['/retail'] },
    );
    render(
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    expect(await screen.findByRole('heading', { name: 'ReTail' })).toBeTruthy();
    expect((fetchMock.mock.calls[0] as unknown as [string])[0]).toBe('/api/nfts/trendingV2');
    const card = screen.getByRole('link', { name: /Juice Critters/ });
    expect(card.textContent).toContain('#1');
    expect(card.textContent).toContain('0.80 SOL');
    await userEvent.click(card);
    expect(await screen.findByText('collection page')).toBeTruthy();
  });

  it('opens a collection with its listings, cheapest first, and its trait filters', async () => {
    stubNfts();
    const router = createMemoryRouter(
      [{ path: '/retail/:slug', loader: collectionLoader, Component: CollectionPage }],
      { initialEntries: ['/retail/juice-critters'] },
    );
    render(
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Juice Critters' })).toBeTruthy();
    const listings = screen.getByRole('region', { name: 'Listings' });
    expect([...listings.querySelectorAll('a')].map((a) => a.querySelector('p')?.textContent)).toEqual([
      'Juice Critter #16',
      'Juice Critter #20',
    ]);
    expect(screen.getByRole('complementary', { name: 'Trait filters' })).toBeTruthy();
    expect(await screen.findByText('Body', { selector: 'summary > span' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /All collections/ }).getAttribute('href')).toBe('/retail');
  });
});

describe('history route', () => {
  it('prefetches the profit and loss of a valid ?address= only', async () => {
    const fetchMock = vi.fn((input: string | URL) =>
      Promise.resolve(
        new Response(JSON.stringify({ success: false, error: `no ${input.toString()}` }), { status: 503 }),
      ),
    );
    vi.stubGlobal('fetch', fetchMock);
    const wallet = 'So11111111111111111111111111111111111111112';
    expect(historyLoader(loaderArgs(`http://app/history?address=${wallet}`))).toBeNull();
    expect(historyLoader(loaderArgs('http://app/history?address=nope'))).toBeNull();
    expect(historyLoader(loaderArgs('http://app/history'))).toBeNull();
    await waitFor(() => {
      expect(fetchMock).toHaveBeenCalledTimes(1);
    });
    expect((fetchMock.mock.calls[0] as unknown as [string])[0]).toBe(`/api/user/pnl/${wallet}`);
  });
});

describe('fairness route', () => {
  it('starts loading the chains, and verifies a pasted signature through ?bet=', async () => {
    const fetchMock = vi.fn((input: string | URL) => {
      const path = input.toString();
      if (path === '/api/fairness') {
        return Promise.resolve(
          new Response(
            JSON.stringify({
              success: true,
              algorithm: { seedChain: 'a', randomValue: 'b', message: 'c', result: 'd', encoding: 'hex' },
              current: null,
              next: null,
              chains: [],
            }),
          ),
        );
      }
      return Promise.resolve(
        new Response(JSON.stringify({ success: false, error: 'Invalid signature' }), { status: 400 }),
      );
    });
    vi.stubGlobal('fetch', fetchMock);
    expect(fairnessLoader()).toBeNull();
    const router = createMemoryRouter([{ path: '/fairness', Component: FairnessPage }], {
      initialEntries: ['/fairness'],
    });
    render(
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    expect(
      await screen.findByText('No chain is published yet: it appears before the first bet.'),
    ).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getByRole('alert').textContent).toBe('Paste a transaction signature first');
    await userEvent.type(screen.getByLabelText('Bet transaction signature'), '  not-a-signature ');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(router.state.location.search).toBe('?bet=not-a-signature');
    expect((await screen.findByRole('alert')).textContent).toContain('Invalid signature');
    expect(fetchMock.mock.calls.map((call) => call[0].toString())).toContain('/api/fairness/not-a-signature');
  });
});

describe('tailspin loader', () => {
  it('loads the token list before the page renders and starts the banner loading', async () => {
    const tokens = [
      {
        id: 'So11111111111111111111111111111111111111112',
        name: 'Solana',
        symbol: 'SOL',
        image: '',
        decimals: 9,
      },
    ];
    const fetchMock = vi.fn(() =>
      Promise.resolve(
        new Response(JSON.stringify({ success: true, tokens }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
      ),
    );
    vi.stubGlobal('fetch', fetchMock);
    await expect(tailspinLoader()).resolves.toBeNull();
    expect((fetchMock.mock.calls as unknown as [string][]).map(([url]) => url)).toEqual(['/api/nfts/tokens']);
    expect(queryClient.getQueryData(['nfts', 'tokens'])).toEqual(tokens);
    expect(preloadLinks()).toEqual([ARTWORK.tailspin]);
  });
});
