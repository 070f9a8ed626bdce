import { UI_TEXT, VALIDATION_MESSAGES } from '@arcade/sdk/messages';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, type LoaderFunctionArgs } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { queryClient } from '../../lib/query-client.ts';
import { ErrorPage } from './error-page.tsx';
import { ARTWORK, resetPreloadedImages } from './data/preload-image.ts';
import { loader as foresightLoader } from './foresight.tsx';
import * as home from './home.tsx';
import { Component as NotFound } from './not-found.tsx';
import { loader as prophecyLoader } from './prophecy-list.tsx';
import { loader as marketLoader, Component as MarketPage } from './prophecy-market.tsx';
import { loader as collectionLoader, Component as CollectionPage } from './retail-collection.tsx';

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
