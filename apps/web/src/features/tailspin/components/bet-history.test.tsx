import type { TokenJson } from '@arcade/sdk/api/nfts';
import { NATIVE_MINT_ADDRESS } from '@arcade/sdk/wager/program';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Address } from '@solana/kit';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { recordClaimedBet } from '../../../lib/wager-bet/api/claimed-bet.ts';
import { BetHistory, historyResult } from './bet-history.tsx';

const USDC = 'GDxipd68AFw3ak252RXPTSEdPHyQMd4Vo5hJQS1L14MZ';
const TOKENS: TokenJson[] = [
  { id: NATIVE_MINT_ADDRESS, name: 'Solana', symbol: 'SOL', image: '', decimals: 9 },
  { id: USDC, name: 'USD Coin', symbol: 'USDC', image: '', decimals: 6 },
];

const mocks = vi.hoisted(() => ({
  wallet: null as null | { address: string },
  api: vi.fn<(path: string, options: { body: { id: number | null } }) => Promise<unknown>>(),
}));
vi.mock('../../../lib/wallet/wallet-context.tsx', () => ({
  useWallet: () => ({ wallet: mocks.wallet, connecting: false, disconnect: async () => {} }),
}));
vi.mock('../../../lib/api-client.ts', async (original) => ({
  ...(await original<typeof import('../../../lib/api-client.ts')>()),
  api: mocks.api,
}));

function wire(id: number, type: 'sol' | 'token', result: string, state = 'Settled') {
  return {
    id,
    signature: `sig${id}`,
    betAddress: 'bet',
    user: 'me',
    type,
    mint: type === 'sol' ? NATIVE_MINT_ADDRESS : USDC,
    odds: 25,
    amount: '100000000',
    fee: '4000000',
    listingPrice: '400000000',
    state,
    result,
    randomValue: result === 'Win' ? 3 : 80,
    timestamp: 1_790_000_000 + id,
    settledAt: null,
    settleSignature: null,
    claimSignature: null,
    refundSignature: null,
  };
}

function renderHistory(client = new QueryClient({ defaultOptions: { queries: { retry: false } } })) {
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <BetHistory tokens={TOKENS} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  mocks.wallet = { address: 'me' };
  mocks.api.mockReset();
});

describe('BetHistory', () => {
  it('shows a win claimed on this page as claimed before the server has indexed the claim', async () => {
    // The server still says "Settled" (its indexer lags the confirmed claim).
    mocks.api.mockResolvedValue({
      items: [wire(7, 'sol', 'Win'), wire(5, 'sol', 'Win', 'Claimed'), wire(4, 'sol', 'Loss')],
      nextCursor: null,
    });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    renderHistory(client);
    const table = await screen.findByRole('table');
    const rows = () => within(table).getAllByRole('row').slice(1);
    expect(within(rows()[0]!).getByText('Won · to claim')).toBeTruthy();
    act(() => {
      recordClaimedBet(client, 'me' as Address, {
        bet: 'bet' as Address,
        signature: 'claim',
        at: 1_790_000_100,
      });
    });
    expect(await within(rows()[0]!).findByText('Won · claimed')).toBeTruthy();
    expect(within(rows()[1]!).getByText('Won · claimed')).toBeTruthy();
    expect(within(rows()[2]!).getByText('Lost')).toBeTruthy();
  });

  it("lists TailSpin's SOL and token bets newest first, with the fairness link, and loads more", async () => {
    mocks.api.mockImplementation((_path, { body }) => {
      if (body.id === null) {
        return Promise.resolve({
          items: [wire(9, 'sol', 'Win', 'Claimed'), wire(7, 'token', 'Win'), wire(4, 'sol', 'Loss')],
          nextCursor: 4,
        });
      }
      return Promise.resolve({
        items: [wire(3, 'token', 'None', 'Open'), wire(2, 'sol', 'Loss')],
        nextCursor: null,
      });
    });
    renderHistory();
    const table = await screen.findByRole('table');
    const rows = () => within(table).getAllByRole('row').slice(1);
    expect(rows().map((row) => row.textContent)).toEqual([
      expect.stringContaining('SOL') as unknown,
      expect.stringContaining('USDC') as unknown,
      expect.stringContaining('SOL') as unknown,
    ]);
    expect(within(rows()[0]!).getByText('Won · claimed')).toBeTruthy();
    expect(within(rows()[1]!).getByText('Won · to claim')).toBeTruthy();
    expect(within(rows()[1]!).getByRole('link').getAttribute('href')).toBe('/fairness?bet=sig7');
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await within(table).findByText('Spinning');
    expect(rows()).toHaveLength(5);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(mocks.api).toHaveBeenCalledWith(
      '/api/user/bets',
      expect.objectContaining({ body: { address: 'me', id: 4, game: 'tailspin', betType: null } }),
    );
  });

  it('asks a visitor to connect', () => {
    mocks.wallet = null;
    renderHistory();
    expect(screen.getByText('Connect your wallet to see your bets.')).toBeTruthy();
  });

  it('names each ending, a refund with what it came to', () => {
    // 1 SOL prize at 40%: stake 0.4, fee 0.016, so a win after the refund is paid 0.584 more.
    const row = (
      state: string,
      result: string,
      refundSignature: string | null = null,
      randomValue: number | null = null,
    ) => ({
      state,
      result,
      odds: 40,
      amount: 400_000_000n,
      fee: 16_000_000n,
      listingPrice: 1_000_000_000n,
      refundSignature,
      randomValue,
    });
    expect(historyResult(row('Settled', 'Loss'))).toEqual({ text: 'Lost', tone: 'loss' });
    expect(historyResult(row('Open', 'None')).text).toBe('Spinning');
    expect(historyResult(row('Claimed', 'Win')).text).toBe('Won · claimed');
    expect(historyResult(row('Settled', 'Win')).text).toBe('Won · to claim');
    // Rolled after the refund and won: paid at the reveal…
    expect(historyResult(row('Claimed', 'Win', 'sig-refund', 12))).toEqual({
      text: 'Refunded, then won: +0.584 SOL paid',
      tone: 'win',
    });
    // …or, when the wallet could not take it then, left to claim (in SOL).
    expect(historyResult(row('Settled', 'Win', 'sig-refund', 12))).toEqual({
      text: 'Refunded, then won: 0.584 SOL to claim',
      tone: 'win',
    });
    // Rolled after the refund and lost: the refund stands.
    expect(historyResult(row('Refunded', 'Loss', 'sig-refund', 70))).toEqual({
      text: 'Refunded (the roll lost)',
      tone: 'muted',
    });
    // A record that kept the refund's state and only the late roll: the roll against the odds says which.
    expect(historyResult(row('Refunded', 'None', 'sig-refund', 39)).text).toBe(
      'Refunded, then won: +0.584 SOL paid',
    );
    expect(historyResult(row('Refunded', 'None', 'sig-refund', 40)).text).toBe('Refunded (the roll lost)');
    // Never rolled: a plain refund.
    expect(historyResult(row('Refunded', 'Invalid', 'sig-refund'))).toEqual({
      text: 'Refunded: the roll could not be revealed in time',
      tone: 'muted',
    });
    // The live record says the roll of this refund is still to come.
    expect(historyResult(row('Refunded', 'Invalid', 'sig-refund'), true)).toEqual({
      text: 'Refunded: waiting for the roll',
      tone: 'open',
    });
  });
});
