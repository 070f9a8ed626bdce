import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { Component as HistoryPage } from './history.tsx';
import { getUiState, ui } from '../../lib/store.ts';

const OWN = '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin';
const OTHER = 'So11111111111111111111111111111111111111112';
const SIG = '5gjY8o6KLpDjGH6YzzqtKtLYamPD2U4X7tyF1EtdqhoeNamnGYDtTASPXf23nVmuLNihxBg16LxTq6KE88ztPs7Y';

const mocks = vi.hoisted(() => ({ wallet: null as null | { address: string } }));

vi.mock('../../lib/wallet/wallet-context.tsx', () => ({
  useWallet: () => ({ wallet: mocks.wallet, connecting: false, disconnect: async () => {} }),
}));

const game = (overrides: Record<string, unknown> = {}) => ({
  bets: 0,
  wins: 0,
  losses: 0,
  wagered: '0',
  fees: '0',
  payouts: '0',
  refunds: '0',
  net: '0',
  unclaimed: '0',
  open: 0,
  atStake: '0',
  ...overrides,
});

function pnl(address: string) {
  return {
    success: true,
    address,
    games: {
      tailspin: game({
        bets: 25,
        wins: 10,
        losses: 14,
        wagered: '2500000000',
        fees: '100000000',
        payouts: '2000000000',
        net: '-496000000',
        open: 1,
        atStake: '104000000',
      }),
      retail: game(),
      foresight: game({ bets: 1, wins: 1, wagered: '1000000000', payouts: '1940000000', net: '940000000' }),
      prophecy: game({ bets: 2, wagered: '200000000', open: 1, atStake: '200000000' }),
    },
    total: game({
      bets: 28,
      wins: 11,
      losses: 14,
      wagered: '3700000000',
      fees: '100000000',
      payouts: '3940000000',
      net: '444000000',
      unclaimed: '250000000',
      open: 2,
      atStake: '304000000',
    }),
    juice: { accrued: '8400000000', claimed: '2400000000', claimable: '6000000000' },
    referrals: { fees: '40000000', referredUserCount: 2, claimable: '4000000', claimed: '0' },
  };
}

function bet(id: number, overrides: Record<string, unknown> = {}) {
  return {
    id,
    signature: SIG,
    betAddress: OTHER,
    user: OWN,
    type: 'sol',
    mint: OTHER,
    odds: 50,
    amount: '100000000',
    fee: '4000000',
    listingPrice: '200000000',
    referral: null,
    referralFee: '0',
    state: 'Settled',
    result: 'Loss',
    randomValue: 77,
    timestamp: 1_700_000_000 + id,
    settledAt: 1_700_000_005 + id,
    settleSignature: 'settle',
    claimSignature: null,
    refundSignature: null,
    ...overrides,
  };
}

const prediction = {
  id: 4,
  address: 'fbet',
  config: 'cfg',
  event: 'round',
  prediction: 'Up',
  amount: '1000000000',
  winAmount: '1940000000',
  isSettled: true,
  won: true,
  signature: 'first',
  lastSignature: 'last',
  timestamp: 1_700_000_000,
  round: {
    id: 42,
    startTime: 1,
    lockTime: 2,
    settleTime: 3,
    lockPrice: 15_000_000_000,
    finalPrice: 15_100_000_000,
    upCount: 1,
    downCount: 1,
    upPool: '1000000000',
    downPool: '1000000000',
    isSettled: true,
    result: 'Up',
  },
};

let requests: { path: string; body: Record<string, unknown> | null }[];
/** Whether the wallet has an open Prophecy prediction to list. */
let openProphecy: boolean;

beforeEach(() => {
  mocks.wallet = { address: OWN };
  requests = [];
  openProphecy = false;
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : input, 'http://app.test');
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : null;
    requests.push({ path: url.pathname, body });
    const json = (value: unknown, status = 200) =>
      Promise.resolve(new Response(JSON.stringify(value), { status }));
    if (url.pathname.startsWith('/api/user/pnl/')) {
      const address = decodeURIComponent(url.pathname.slice('/api/user/pnl/'.length));
      return json(pnl(address));
    }
    if (url.pathname === '/api/user/bets') {
      if (body?.['address'] !== OWN || body['game'] !== 'tailspin') {
        return json({ success: true, items: [], nextCursor: null });
      }
      if (body['id'] === null) {
        return json({
          success: true,
          items: Array.from({ length: 20 }, (_, i) => bet(25 - i)),
          nextCursor: 6,
        });
      }
      return json({
        success: true,
        items: [bet(5, { state: 'Claimed', result: 'Win', randomValue: 12 }), bet(4), bet(3), bet(2), bet(1)],
        nextCursor: null,
      });
    }
    if (url.pathname.startsWith('/api/user/juice/')) {
      return json({
        success: true,
        balance: '2400000000',
        earned: '8400000000',
        claimed: '2400000000',
        claimable: '6000000000',
        decimals: 6,
        lastClaim: 0,
        nextClaimAt: 0,
      });
    }
    if (url.pathname === '/api/user/marketBets') {
      return json({
        success: true,
        items:
          body?.['address'] === OWN && openProphecy
            ? [
                {
                  id: 7,
                  signature: 'mb2',
                  market: 'market',
                  prediction: 'pred',
                  result: 'Yes',
                  amount: '50000000',
                  timestamp: 1_700_000_100,
                  marketName: 'Will SOL close above $200?',
                  shortName: null,
                  category: null,
                  image: null,
                  marketResult: null,
                  marketSettled: false,
                },
              ]
            : [],
        nextCursor: null,
      });
    }
    if (url.pathname === '/api/user/predictions') {
      return json({ success: true, items: body?.['address'] === OWN ? [prediction] : [], nextCursor: null });
    }
    return json({ success: true, items: [], nextCursor: null });
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  act(() => {
    ui.closeModal();
  });
});

function renderAt(url: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/history', Component: HistoryPage },
      { path: '*', element: <p>elsewhere</p> },
    ],
    { initialEntries: [url] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('History page', () => {
  it("sums the connected wallet's whole history and lists its TailSpin bets, 20 a page", async () => {
    const router = renderAt('/history');
    expect(await screen.findByTestId('pnl-net')).toHaveProperty('textContent', '+0.44 SOL');
    const summary = screen.getByRole('region', { name: 'Realised profit and loss' });
    // Open positions apart from the settled results (won, lost, realised net).
    expect(screen.getByTestId('pnl-counts').textContent).toBe('28 bets · 11 won · 14 lost · 2 open');
    expect(summary.textContent).toContain('Open positions0.30 SOLAt stake in 2 open bets');
    expect(summary.textContent).toContain('Wagered3.7 SOL');
    expect(summary.textContent).toContain('Fees paid0.10 SOL');
    expect(summary.textContent).toContain('Won3.9 SOL');
    expect(summary.textContent).toContain('Unclaimed0.25 SOL');
    expect(summary.textContent).toContain('Referral earnings0.04 SOL2 referred players');
    // Juice from GET /api/user/juice, the popover's source: claimable, earned and claimed, named.
    await waitFor(() => {
      expect(summary.textContent).toContain('Juice claimable6,000Earned 8,400 · claimed 2,400');
    });
    const table = within(summary).getByRole('table');
    const tailspin = within(table).getByRole('rowheader', { name: 'TailSpin' }).closest('tr');
    expect(tailspin?.textContent).toBe('TailSpin2510 / 141 · 0.102.50.102.00-0.50 SOL');
    const prophecy = within(table).getByRole('rowheader', { name: 'Prophecy' }).closest('tr');
    // It used to read "0 / 0 … -0.20 SOL" for an open prediction.
    expect(prophecy?.textContent).toBe('Prophecy20 / 01 · 0.200.200000 SOL');

    const list = await screen.findByRole('list', { name: 'TailSpin bets' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(20);
    const first = within(list).getAllByRole('listitem')[0]!;
    expect(first.textContent).toContain('Lost');
    expect(first.textContent).toContain('roll 77');
    expect(first.textContent).toContain('-0.10');
    // A 0.004 SOL fee by the spec's rule (below 1: 2 decimals, never "<0.01"); its exact amount on hover.
    expect(first.textContent).toContain('+0.00 fee');
    expect(within(first).getByText('+0.00 fee').getAttribute('title')).toBe('Fee: 0.004 SOL');
    expect(
      within(first)
        .getByRole('link', { name: /Verify the roll/ })
        .getAttribute('href'),
    ).toBe(`/fairness?bet=${SIG}&record=${OTHER}`);

    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => {
      expect(within(list).getAllByRole('listitem')).toHaveLength(25);
    });
    const claimed = within(list).getAllByRole('listitem')[20]!;
    expect(claimed.textContent).toContain('Won');
    expect(claimed.textContent).toContain('+0.10');
    expect(screen.getByText('25 bets · that is all')).toBeTruthy();
    expect(requests.filter((r) => r.path === '/api/user/bets').map((r) => r.body)).toEqual([
      { address: OWN, id: null, game: 'tailspin', betType: null },
      { address: OWN, id: 6, game: 'tailspin', betType: null },
    ]);
    expect(router.state.location.search).toBe('');
  });

  it('shows an open Prophecy position as Open with what it has at stake, not as a loss', async () => {
    openProphecy = true;
    renderAt('/history?game=prophecy');
    const list = await screen.findByRole('list', { name: 'Prophecy bets' });
    const [row] = within(list).getAllByRole('listitem');
    expect(row?.textContent).toContain('Will SOL close above $200?');
    expect(row?.textContent).toContain('Open');
    expect(row?.textContent).toContain('0.05at stake');
    expect(row?.textContent).not.toContain('-0.05');
  });

  it('switches games by tab, with the arrow keys too, and keeps the tab in the URL', async () => {
    const router = renderAt('/history');
    const tabs = await screen.findByRole('tablist', { name: 'Games' });
    await userEvent.click(within(tabs).getByRole('tab', { name: 'Foresight' }));
    const list = await screen.findByRole('list', { name: 'Foresight bets' });
    expect(list.textContent).toContain('#42');
    expect(list.textContent).toContain('▲ Up');
    expect(list.textContent).toContain('$150.00 → $151.00');
    expect(list.textContent).toContain('Won');
    expect(list.textContent).toContain('+0.94');
    expect(router.state.location.search).toBe('?game=foresight');

    within(tabs).getByRole('tab', { name: 'Foresight' }).focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(within(tabs).getByRole('tab', { name: 'Prophecy' }).getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(within(tabs).getByRole('tab', { name: 'Prophecy' }));
    // Empty: an invitation to play.
    expect(await screen.findByText('No Prophecy bets yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Play Prophecy' }).getAttribute('href')).toBe('/prophecy');
    await userEvent.keyboard('{Home}');
    expect(within(tabs).getByRole('tab', { name: 'TailSpin' }).getAttribute('aria-selected')).toBe('true');
  });

  it('filters TailSpin by prize kind', async () => {
    renderAt('/history');
    await userEvent.click(await screen.findByRole('radio', { name: 'SOL' }));
    await waitFor(() => {
      expect(requests.at(-1)?.body).toEqual({ address: OWN, id: null, game: 'tailspin', betType: 'sol' });
    });
    expect(screen.getByRole('radio', { name: 'SOL' }).getAttribute('aria-checked')).toBe('true');
  });

  it('shows any wallet read-only with ?address=', async () => {
    renderAt(`/history?address=${OTHER}`);
    expect(await screen.findByText('Another wallet · read-only')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to yours' }).getAttribute('href')).toBe('/history');
    expect(await screen.findByText('This wallet has not played TailSpin.')).toBeTruthy();
    expect(requests.some((r) => r.path === `/api/user/pnl/${OTHER}`)).toBe(true);
    expect(
      requests.filter((r) => r.path === '/api/user/bets').every((r) => r.body?.['address'] === OTHER),
    ).toBe(true);
  });

  it('looks up another wallet from the field, refusing what is not an address', async () => {
    const router = renderAt('/history');
    const field = await screen.findByLabelText('Any wallet’s history');
    await userEvent.type(field, 'not-an-address');
    await userEvent.click(screen.getByRole('button', { name: 'View' }));
    expect(screen.getByRole('alert').textContent).toBe('Invalid address');
    await userEvent.clear(field);
    await userEvent.type(field, OTHER);
    await userEvent.click(screen.getByRole('button', { name: 'View' }));
    expect(router.state.location.search).toBe(`?address=${OTHER}`);
  });

  it('says a malformed ?address= is not an address', async () => {
    renderAt('/history?address=nope');
    expect((await screen.findByRole('alert')).textContent).toContain('Invalid address');
    expect(requests).toEqual([]);
  });

  it('asks a visitor without a wallet to connect one', async () => {
    mocks.wallet = null;
    renderAt('/history');
    expect(await screen.findByRole('heading', { name: 'Connect a wallet to see your history' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Connect wallet' }));
    expect(getUiState().modal).toBe('connect');
    expect(requests).toEqual([]);
  });
});
