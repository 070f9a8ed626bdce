import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { setRuntimeConfig } from '../../config/runtime-config.ts';
import { TEST_ADDRESSES } from '../../features/prophecy/testing/fake-chain.ts';
import { queryClient } from '../../lib/query-client.ts';
import { testConfig } from '../../testing/mock-chain.ts';
import { loader, Component as ProphecyList } from './prophecy-list.tsx';

const { admin: ADMIN, player: PLAYER } = TEST_ADDRESSES;

const mocks = vi.hoisted(() => ({ wallet: null as null | string }));

vi.mock('../../lib/wallet/wallet-context.tsx', () => ({
  useWallet: () => ({
    wallet:
      mocks.wallet === null ? null : { address: mocks.wallet, walletName: 'Test', icon: '', isLocal: true },
    connecting: false,
    disconnect: () => Promise.resolve(),
  }),
}));

beforeEach(() => {
  mocks.wallet = null;
  setRuntimeConfig(testConfig({ admins: [ADMIN] }));
  vi.stubGlobal(
    'fetch',
    vi.fn(() =>
      Promise.resolve(
        new Response(JSON.stringify({ success: true, markets: [], total: 0, nextOffset: null }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
      ),
    ),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  queryClient.clear();
});

function showList() {
  const router = createMemoryRouter(
    [
      { path: '/prophecy', loader, Component: ProphecyList, HydrateFallback: () => null },
      { path: '/prophecy/create', element: <p>create page</p> },
      { path: '/prophecy/request', element: <p>request page</p> },
    ],
    { initialEntries: ['/prophecy'] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('the Prophecy list page', () => {
  it('links an admin wallet to /prophecy/create, beside the request link', async () => {
    mocks.wallet = ADMIN;
    const router = showList();
    const create = await screen.findByRole('link', { name: /^Create market/ });
    expect(create.getAttribute('href')).toBe('/prophecy/create');
    expect(screen.getByRole('link', { name: /^Request a market →/ })).toBeTruthy();
    await userEvent.click(create);
    expect(await screen.findByText('create page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/prophecy/create');
  });

  it('offers a player only the request link', async () => {
    mocks.wallet = PLAYER;
    showList();
    expect(await screen.findByRole('link', { name: /^Request a market →/ })).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Create market/ })).toBeNull();
  });

  it('offers a visitor without a wallet only the request link', async () => {
    showList();
    expect(await screen.findByRole('link', { name: /^Request a market →/ })).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Create market/ })).toBeNull();
  });
});
