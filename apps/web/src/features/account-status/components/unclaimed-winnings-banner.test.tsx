import {
  encodeBet as encodeForesightBet,
  encodeEvent,
  type PredictionArgs,
} from '@arcade/sdk/foresight/accounts';
import { identifyForesightInstruction } from '@arcade/sdk/foresight/instructions';
import { findBetAddress as findForesightBet } from '@arcade/sdk/foresight/pda';
import { foresightPayout } from '@arcade/sdk/payout';
import {
  BetResult,
  BetState,
  BetType,
  encodeBet,
  encodeMarket,
  encodePrediction,
  MarketResult,
  type BetStateArgs,
} from '@arcade/sdk/wager/accounts';
import { predictionPayout } from '@arcade/sdk/wager/bet-math';
import { getClaimBetInstructionDataCodec, identifyWagerInstruction } from '@arcade/sdk/wager/instructions';
import { findBetAddress, findHouseAddress, findPredictionAddress } from '@arcade/sdk/wager/pda';
import { NATIVE_MINT_ADDRESS } from '@arcade/sdk/wager/program';
import type { Address, Instruction } from '@solana/kit';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { Toaster } from '../../../components/toaster.tsx';
import { setRuntimeConfig, type RuntimeConfig } from '../../../config/runtime-config.ts';
import { toast } from '../../../lib/toast.ts';
import { fakeAddress, FakeChain, FakeHistory } from '../testing/mock-chain.ts';
import { UnclaimedWinningsBanner, unclaimedWinsText } from './unclaimed-winnings-banner.tsx';

const USER = fakeAddress(1);
const WAGER = fakeAddress(2);
const FORESIGHT = fakeAddress(3);
const SYSTEM = '11111111111111111111111111111111' as Address;
const CONFIG = fakeAddress(4);
const SOL = 1_000_000_000n;

type SendInput = { instructions: readonly Instruction[] };

const mocks = vi.hoisted(() => ({
  wallet: null as null | { address: string },
  send: null as null | ((input: { instructions: readonly Instruction[] }) => Promise<string>),
  chain: null as unknown as { rpc: () => unknown },
  notify: null as null | (() => void),
}));

vi.mock('../../../lib/wallet/wallet-context.tsx', () => ({
  useWallet: () => ({ wallet: mocks.wallet, connecting: false, disconnect: async () => {} }),
}));

vi.mock('../../../lib/wallet/use-send-transaction.ts', () => ({
  useSendTransaction: () => mocks.send,
}));

vi.mock('../../../lib/wallet/rpc.ts', () => ({
  getRpc: () => mocks.chain.rpc(),
  getRpcSubscriptions: () => ({
    accountNotifications: () => ({
      subscribe: ({ abortSignal }: { abortSignal: AbortSignal }) =>
        Promise.resolve({
          async *[Symbol.asyncIterator]() {
            const stopped = () => abortSignal.aborted;
            while (!stopped()) {
              await new Promise<void>((resolve) => {
                mocks.notify = resolve;
                abortSignal.addEventListener('abort', () => {
                  resolve();
                });
              });
              if (!stopped()) yield {};
            }
          },
        }),
    }),
  }),
}));

const config: RuntimeConfig = {
  cluster: 'localnet',
  rpcUrl: '/rpc',
  rpcFallbackUrl: null,
  rpcWsUrl: '/rpc',
  programs: { wager: WAGER, foresight: FORESIGHT },
  mints: { juice: SYSTEM, usdc: SYSTEM, usdt: SYSTEM },
  priceAccount: SYSTEM,
  admins: [],
  communityChatUrl: 'https://discord.gg/arcade',
  socialUrl: 'https://x.com/arcade',
  announcement: null,
};

let chain: FakeChain;
let history: FakeHistory;
let userBet: Address;

function betRecord(
  state: BetStateArgs,
  result: (typeof BetResult)[keyof typeof BetResult],
  prize = 1_500_000_000n,
  timestamp = 1_790_000_000n,
) {
  return encodeBet({
    user: USER,
    mint: NATIVE_MINT_ADDRESS,
    switchboardRequest: SYSTEM,
    odds: 50,
    betAmount: prize / 2n,
    listingPrice: prize,
    timestamp,
    state,
    result,
    betType: BetType.Sol,
    referral: null,
    offChain: true,
  });
}

function setBetRecord(data: Uint8Array | null): void {
  if (data === null) chain.accounts.delete(userBet);
  else chain.accounts.set(userBet, { owner: WAGER, data });
}

/** A settled Foresight round with the user's bet on `side`; returns the round's address. */
async function foresightRound(options: {
  readonly id: number;
  readonly result: PredictionArgs;
  readonly side: 'Up' | 'Down';
  readonly stake: bigint;
  readonly upPool: bigint;
  readonly downPool: bigint;
  readonly paid?: boolean;
  readonly settled?: boolean;
}): Promise<{ event: Address; bet: Address }> {
  const event = fakeAddress(100 + options.id);
  const [bet] = await findForesightBet(event, USER, { programAddress: FORESIGHT });
  chain.accounts.set(event, {
    owner: FORESIGHT,
    data: encodeEvent({
      id: options.id,
      startTime: 1n,
      lockTime: 2n,
      settleTime: 3n,
      upCount: 1,
      downCount: 1,
      upPool: options.upPool,
      downPool: options.downPool,
      isSettled: options.settled ?? true,
      result: options.result,
      lockPrice: 100n,
      finalPrice: 101n,
      settledCount: 0,
      config: CONFIG,
    }),
  });
  chain.accounts.set(bet, {
    owner: FORESIGHT,
    data: encodeForesightBet({
      event,
      amount: options.stake,
      prediction: options.side,
      isSettled: options.paid ?? false,
      user: USER,
    }),
  });
  return { event, bet };
}

/** A resolved market with the user's prediction; returns the addresses. */
async function prophecyMarket(options: {
  readonly n: number;
  readonly result: MarketResult | null;
  readonly side: MarketResult;
  readonly stake: bigint;
  readonly yesPool: bigint;
  readonly noPool: bigint;
  readonly claimed?: boolean;
}): Promise<{ market: Address; prediction: Address; authority: Address }> {
  const market = fakeAddress(150 + options.n);
  const authority = fakeAddress(200 + options.n);
  const [prediction] = await findPredictionAddress(market, USER, { programAddress: WAGER });
  chain.accounts.set(market, {
    owner: WAGER,
    data: encodeMarket({
      startTime: 1n,
      endTime: 3n,
      cutoffTime: 2n,
      yesCount: 1,
      noCount: 1,
      yesPool: options.yesPool,
      noPool: options.noPool,
      isSettled: options.result !== null,
      settledCount: 0,
      result: options.result,
      referrer: null,
      marketAuthority: authority,
    }),
  });
  chain.accounts.set(prediction, {
    owner: WAGER,
    data: encodePrediction({
      user: USER,
      market,
      amount: options.stake,
      result: options.side,
      isClaimed: options.claimed ?? false,
    }),
  });
  return { market, prediction, authority };
}

function predictionItem(event: Address, id: number) {
  return { id, event, config: CONFIG, isSettled: false, round: null };
}

function marketBetItem(market: Address, prediction: Address, id: number, shortName = 'SOL>ETH') {
  return { id, market, prediction, shortName, marketName: 'Will SOL flip ETH?' };
}

function renderBanner(): QueryClient {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  render(
    <>
      <UnclaimedWinningsBanner />
      <Toaster />
    </>,
    { wrapper },
  );
  return client;
}

const banner = () => screen.queryByRole('region', { name: 'Unclaimed winnings' });
const toastTexts = () =>
  within(screen.getByRole('region', { name: 'Notifications' }))
    .queryAllByRole('listitem')
    .map((item) => item.textContent);

function sendError(message: string, reason: string): Error {
  const error = new Error(message);
  error.name = 'TransactionSendError';
  return Object.assign(error, { reason });
}

beforeEach(async () => {
  setRuntimeConfig(config);
  chain = new FakeChain();
  history = new FakeHistory();
  mocks.chain = chain;
  vi.stubGlobal('fetch', history.fetch);
  [userBet] = await findBetAddress(USER, { programAddress: WAGER });
  mocks.wallet = { address: USER };
  mocks.send = vi.fn(() => Promise.resolve('signature'));
  setBetRecord(betRecord(BetState.Settled, BetResult.Win));
  mocks.notify = null;
  sessionStorage.clear();
});

afterEach(() => {
  vi.unstubAllGlobals();
  act(() => {
    toast.clear();
  });
});

describe('unclaimedWinsText', () => {
  it('counts wins and sums their SOL', () => {
    expect(unclaimedWinsText(1, 1_500_000_000n)).toBe('You have 1 unclaimed win (1.5 SOL)');
    expect(unclaimedWinsText(2, 250_000_000n)).toBe('You have 2 unclaimed wins (0.25 SOL)');
  });

  it('does not call a refund a win', () => {
    expect(unclaimedWinsText(0, 50_000_000n, 1)).toBe('You have 1 refund to collect (0.05 SOL)');
    expect(unclaimedWinsText(0, 100_000_000n, 2)).toBe('You have 2 refunds to collect (0.10 SOL)');
    expect(unclaimedWinsText(3, 8_100_000_000n, 2)).toBe(
      'You have 3 unclaimed wins and 2 refunds to collect (8.1 SOL)',
    );
  });
});

describe('UnclaimedWinningsBanner: the TailSpin/ReTail win', () => {
  it('shows a settled win of the connected wallet', async () => {
    renderBanner();
    await waitFor(() => {
      expect(banner()?.textContent).toContain('You have 1 unclaimed win (1.5 SOL)');
    });
    expect(banner()?.textContent).toContain('TailSpin. Claim all pays them in SOL to your wallet.');
    expect(within(banner() as HTMLElement).getByRole('button', { name: 'Claim all' })).toBeTruthy();
  });

  it.each([
    ['a loss', BetState.Settled, BetResult.Loss],
    ['a claimed win', BetState.Claimed, BetResult.Win],
    ['an open bet', BetState.Open, BetResult.None],
    ['a refund', BetState.Refunded, BetResult.Invalid],
  ] as const)('stays hidden for %s', async (_, state, result) => {
    setBetRecord(betRecord(state, result));
    renderBanner();
    await waitFor(() => {
      expect(chain.getAccountInfoCalls).toBe(1);
      expect(history.requests).toHaveLength(2);
    });
    expect(banner()).toBeNull();
  });

  it('stays hidden without a bet record', async () => {
    setBetRecord(null);
    renderBanner();
    await waitFor(() => {
      expect(chain.getAccountInfoCalls).toBe(1);
    });
    expect(banner()).toBeNull();
  });

  it('asks neither the chain nor the server without a wallet', async () => {
    mocks.wallet = null;
    renderBanner();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(chain.getAccountInfoCalls + chain.getMultipleAccountsCalls).toBe(0);
    expect(history.requests).toEqual([]);
    expect(banner()).toBeNull();
  });

  it('claims the win as SOL, then refetches and hides', async () => {
    const send = vi.fn<(input: SendInput) => Promise<string>>(() => {
      setBetRecord(betRecord(BetState.Claimed, BetResult.Win));
      return Promise.resolve('signature');
    });
    mocks.send = send;
    renderBanner();
    await userEvent.click(await screen.findByRole('button', { name: 'Claim all' }));
    await waitFor(() => {
      expect(banner()).toBeNull();
    });
    expect(send).toHaveBeenCalledTimes(1);
    const [instruction] = send.mock.calls[0]?.[0].instructions ?? [];
    const [house] = await findHouseAddress({ programAddress: WAGER });
    expect(instruction?.programAddress).toBe(WAGER);
    expect(instruction?.accounts?.map((a) => a.address)).toEqual([USER, userBet, house]);
    expect(getClaimBetInstructionDataCodec().decode(instruction?.data ?? new Uint8Array())).toEqual({
      sol: true,
    });
    expect(toastTexts()).toEqual(['SuccessClaimed successfully!']);
  });

  it('reports a failed claim with two toasts and keeps the banner', async () => {
    mocks.send = vi.fn(() => Promise.reject(new Error('User Rejected Transaction')));
    renderBanner();
    await userEvent.click(await screen.findByRole('button', { name: 'Claim all' }));
    await waitFor(() => {
      expect(toastTexts()).toEqual(['ErrorFailed to claim winnings', 'ErrorUser Rejected Transaction']);
    });
    expect(banner()).not.toBeNull();
    expect(within(banner() as HTMLElement).getByRole('status').textContent).toBe(
      'Nothing was claimed: User Rejected Transaction',
    );
    await waitFor(() => {
      expect(screen.getByRole('button', { name: 'Claim all' }).hasAttribute('disabled')).toBe(false);
    });
  });

  it('disables Claim all while the wallet cannot sign', async () => {
    mocks.send = null;
    renderBanner();
    const button = await screen.findByRole('button', { name: 'Claim all' });
    expect(button.hasAttribute('disabled')).toBe(true);
    expect(button.getAttribute('title')).toBe('Your wallet cannot sign transactions');
  });

  it('hides for the session once dismissed, and shows a new win again', async () => {
    renderBanner();
    await userEvent.click(await screen.findByRole('button', { name: 'Dismiss' }));
    expect(banner()).toBeNull();
    expect(sessionStorage.getItem('unclaimedWinningsDismissed')).not.toBeNull();
    await waitFor(() => {
      expect(mocks.notify).not.toBeNull();
    });
    setBetRecord(betRecord(BetState.Settled, BetResult.Win, 2_000_000_000n, 1_790_000_999n));
    act(() => {
      mocks.notify?.();
    });
    await waitFor(() => {
      expect(banner()?.textContent).toContain('You have 1 unclaimed win (2.0 SOL)');
    });
  });

  it('stays dismissed after a remount in the same session', async () => {
    renderBanner();
    await userEvent.click(await screen.findByRole('button', { name: 'Dismiss' }));
    await act(async () => {
      renderBanner();
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(banner()).toBeNull();
  });

  it('appears when the bet record changes on chain', async () => {
    setBetRecord(betRecord(BetState.Open, BetResult.None));
    renderBanner();
    await waitFor(() => {
      expect(mocks.notify).not.toBeNull();
    });
    expect(banner()).toBeNull();
    setBetRecord(betRecord(BetState.Settled, BetResult.Win, 3_000_000_000n));
    act(() => {
      mocks.notify?.();
    });
    await waitFor(() => {
      expect(banner()?.textContent).toContain('You have 1 unclaimed win (3.0 SOL)');
    });
  });
});

describe('UnclaimedWinningsBanner: across the games', () => {
  it('finds what Foresight and Prophecy owe, confirms each on chain, and lists amounts and the total', async () => {
    const won = await foresightRound({
      id: 7,
      result: 'Up',
      side: 'Up',
      stake: SOL,
      upPool: 3n * SOL,
      downPool: SOL,
    });
    const invalid = await foresightRound({
      id: 8,
      result: 'Invalid',
      side: 'Down',
      stake: 200_000_000n,
      upPool: 0n,
      downPool: 200_000_000n,
    });
    // The server's history lags: the chain says these are not owed.
    const paid = await foresightRound({
      id: 9,
      result: 'Up',
      side: 'Up',
      stake: SOL,
      upPool: SOL,
      downPool: SOL,
      paid: true,
    });
    const lost = await foresightRound({
      id: 10,
      result: 'Down',
      side: 'Up',
      stake: SOL,
      upPool: SOL,
      downPool: SOL,
    });
    const live = await foresightRound({
      id: 11,
      result: 'None',
      side: 'Up',
      stake: SOL,
      upPool: SOL,
      downPool: SOL,
      settled: false,
    });
    history.set('/api/user/predictions', null, {
      items: [predictionItem(live.event, 15), predictionItem(lost.event, 14), predictionItem(paid.event, 13)],
      nextCursor: 13,
    });
    history.set('/api/user/predictions', 13, {
      items: [predictionItem(invalid.event, 12), predictionItem(won.event, 11)],
      nextCursor: null,
    });
    const winner = await prophecyMarket({
      n: 1,
      result: MarketResult.Yes,
      side: MarketResult.Yes,
      stake: SOL,
      yesPool: 2n * SOL,
      noPool: 8n * SOL,
    });
    const settled = await prophecyMarket({
      n: 2,
      result: MarketResult.Yes,
      side: MarketResult.Yes,
      stake: SOL,
      yesPool: SOL,
      noPool: SOL,
      claimed: true,
    });
    const open = await prophecyMarket({
      n: 3,
      result: null,
      side: MarketResult.No,
      stake: SOL,
      yesPool: SOL,
      noPool: SOL,
    });
    const refunded = await prophecyMarket({
      n: 4,
      result: MarketResult.Invalid,
      side: MarketResult.No,
      stake: 300_000_000n,
      yesPool: 0n,
      noPool: 300_000_000n,
    });
    history.set('/api/user/marketBets', null, {
      items: [
        marketBetItem(winner.market, winner.prediction, 30),
        // A top-up of the same prediction: one claim.
        marketBetItem(winner.market, winner.prediction, 29),
        marketBetItem(settled.market, settled.prediction, 28),
        marketBetItem(open.market, open.prediction, 27),
        marketBetItem(refunded.market, refunded.prediction, 26, 'BTC>100K'),
      ],
      nextCursor: null,
    });

    renderBanner();
    const upWin = foresightPayout(SOL, 3n * SOL, SOL, 'up');
    const yesWin = predictionPayout(
      { yesPool: 2n * SOL, noPool: 8n * SOL, result: MarketResult.Yes },
      SOL,
      0,
    );
    expect(upWin).toBe(1_293_333_333n);
    expect(yesWin).toBe(4_850_000_000n);
    await waitFor(() => {
      expect(banner()?.textContent).toContain('You have 3 unclaimed wins and 2 refunds to collect (8.1 SOL)');
    });
    expect(banner()?.textContent).toContain('TailSpin · Foresight · Prophecy.');
    // Candidates come from every page of the server's unclaimed history.
    expect(history.requests.filter((r) => r.path === '/api/user/predictions').map((r) => r.body)).toEqual([
      { address: USER, id: null, unclaimed: true },
      { address: USER, id: 13, unclaimed: true },
    ]);

    await userEvent.click(within(banner() as HTMLElement).getByRole('button', { name: 'Details' }));
    const list = within(banner() as HTMLElement).getByRole('list', { name: 'What you are owed' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'TailSpinWin, paid as SOL1.5 SOL',
      'ForesightRound #7 · Up won1.3 SOL',
      'ForesightRound #8 · refund (invalid round)0.20 SOL',
      'ProphecySOL>ETH · Yes won4.9 SOL',
      'ProphecyBTC>100K · refund (invalid market)0.30 SOL',
    ]);
    expect(banner()?.textContent).toContain('Total8.1 SOL');
  });

  it('claims everything in one transaction: claim_bet, settle_bet, withdraw_bet, settle_prediction', async () => {
    const won = await foresightRound({
      id: 7,
      result: 'Down',
      side: 'Down',
      stake: SOL,
      upPool: SOL,
      downPool: SOL,
    });
    const invalid = await foresightRound({
      id: 8,
      result: 'Invalid',
      side: 'Up',
      stake: SOL,
      upPool: SOL,
      downPool: 0n,
    });
    history.set('/api/user/predictions', null, {
      items: [predictionItem(invalid.event, 2), predictionItem(won.event, 1)],
      nextCursor: null,
    });
    const winner = await prophecyMarket({
      n: 1,
      result: MarketResult.No,
      side: MarketResult.No,
      stake: SOL,
      yesPool: SOL,
      noPool: SOL,
    });
    history.set('/api/user/marketBets', null, {
      items: [marketBetItem(winner.market, winner.prediction, 1)],
      nextCursor: null,
    });
    const send = vi.fn<(input: SendInput) => Promise<string>>(() => {
      setBetRecord(betRecord(BetState.Claimed, BetResult.Win));
      chain.accounts.clear();
      return Promise.resolve('signature');
    });
    mocks.send = send;
    renderBanner();
    await waitFor(() => {
      expect(banner()?.textContent).toContain('You have 3 unclaimed wins and 1 refund to collect');
    });
    await userEvent.click(screen.getByRole('button', { name: 'Claim all' }));
    await waitFor(() => {
      expect(banner()).toBeNull();
    });
    expect(send).toHaveBeenCalledTimes(1);
    const instructions = send.mock.calls[0]?.[0].instructions ?? [];
    expect(
      instructions.map((ix) =>
        ix.programAddress === WAGER
          ? identifyWagerInstruction(ix.data ?? new Uint8Array())
          : identifyForesightInstruction(ix.data ?? new Uint8Array()),
      ),
    ).toEqual(['claim_bet', 'settle_bet', 'withdraw_bet', 'settle_prediction']);
    expect(instructions[1]?.accounts?.map((a) => a.address)).toEqual([USER, CONFIG, won.event, won.bet]);
    expect(instructions[2]?.accounts?.map((a) => a.address)).toEqual([
      USER,
      CONFIG,
      invalid.event,
      invalid.bet,
    ]);
    expect(instructions[3]?.accounts?.map((a) => a.address)).toEqual([
      winner.prediction,
      winner.market,
      winner.authority,
      USER,
    ]);
    expect(toastTexts()).toEqual(['SuccessClaimed successfully!']);
  });

  it('re-reads the chain before claiming: a win paid meanwhile is not sent', async () => {
    setBetRecord(null);
    const won = await foresightRound({
      id: 7,
      result: 'Up',
      side: 'Up',
      stake: SOL,
      upPool: SOL,
      downPool: SOL,
    });
    history.set('/api/user/predictions', null, { items: [predictionItem(won.event, 1)], nextCursor: null });
    renderBanner();
    await waitFor(() => {
      expect(banner()).not.toBeNull();
    });
    // Someone (a keeper, another tab) paid it after the last poll.
    await foresightRound({
      id: 7,
      result: 'Up',
      side: 'Up',
      stake: SOL,
      upPool: SOL,
      downPool: SOL,
      paid: true,
    });
    await userEvent.click(screen.getByRole('button', { name: 'Claim all' }));
    await waitFor(() => {
      expect(banner()).toBeNull();
    });
    expect(mocks.send).not.toHaveBeenCalled();
    expect(toastTexts()).toEqual(['Nothing left to claim: it has been paid already.']);
  });

  it('packs many claims into transactions under the size limit and reports a partial failure', async () => {
    setBetRecord(null);
    const items = [];
    for (let id = 1; id <= 10; id += 1) {
      const round = await foresightRound({
        id,
        result: 'Up',
        side: 'Up',
        stake: SOL,
        upPool: SOL,
        downPool: SOL,
      });
      items.push(predictionItem(round.event, id));
    }
    history.set('/api/user/predictions', null, { items, nextCursor: null });
    const calls: number[] = [];
    let release: (() => void) | null = null;
    mocks.send = vi.fn((input: SendInput) => {
      calls.push(input.instructions.length);
      if (calls.length === 1) {
        return new Promise<string>((_, reject) => {
          release = () => {
            reject(
              sendError('Error in transaction: instruction index 3, custom program error 6010', 'simulation'),
            );
          };
        });
      }
      return Promise.resolve('signature');
    });
    renderBanner();
    await waitFor(() => {
      expect(banner()?.textContent).toContain('You have 10 unclaimed wins (19.4 SOL)');
    });
    await userEvent.click(screen.getByRole('button', { name: 'Claim all' }));
    // One toast follows the progress; the button says where the run is.
    await waitFor(() => {
      expect(toastTexts()).toEqual(['Approve claim 1 of 2 in your wallet…']);
    });
    expect(screen.getByRole('button', { name: 'Claiming 1 of 2…' }).hasAttribute('disabled')).toBe(true);
    act(() => {
      release?.();
    });
    // The first transaction failed on its own: the second is still sent.
    await waitFor(() => {
      expect(toastTexts()).toEqual([
        'ErrorFailed to claim winnings',
        'ErrorError in transaction: instruction index 3, custom program error 6010',
      ]);
    });
    expect(calls).toEqual([8, 2]);
    expect(within(banner() as HTMLElement).getByRole('status').textContent).toBe(
      'Claimed 3.9 SOL; 8 left to claim: Error in transaction: instruction index 3, custom program error 6010',
    );
  });

  it('retries a failed batch without the claim someone else paid meanwhile, and sums exactly', async () => {
    setBetRecord(null);
    const items = [];
    const rounds = [];
    for (let id = 1; id <= 10; id += 1) {
      const round = await foresightRound({
        id,
        result: 'Up',
        side: 'Up',
        stake: SOL,
        upPool: SOL,
        downPool: SOL,
      });
      rounds.push(round);
      items.push(predictionItem(round.event, id));
    }
    history.set('/api/user/predictions', null, { items, nextCursor: null });
    const sent: number[] = [];
    mocks.send = vi.fn(async (input: SendInput) => {
      sent.push(input.instructions.length);
      if (sent.length === 1) {
        // The server's settler paid round 3 after the list was read: this transaction's simulation fails.
        await foresightRound({
          id: 3,
          result: 'Up',
          side: 'Up',
          stake: SOL,
          upPool: SOL,
          downPool: SOL,
          paid: true,
        });
        throw sendError('Error in transaction: instruction index 2, custom program error 6010', 'simulation');
      }
      return 'signature';
    });
    renderBanner();
    await waitFor(() => {
      expect(banner()?.textContent).toContain('You have 10 unclaimed wins (19.4 SOL)');
    });
    await userEvent.click(screen.getByRole('button', { name: 'Claim all' }));
    await waitFor(() => {
      expect(toastTexts()).toEqual(['SuccessClaimed successfully!']);
    });
    // The 8 claims again without the paid one, then the last 2: nothing is reported failed.
    expect(sent).toEqual([8, 7, 2]);
    expect(within(banner() ?? document.body).queryByRole('status')).toBeNull();
  });

  it('stops at a wallet rejection: later transactions are not sent', async () => {
    setBetRecord(null);
    const items = [];
    for (let id = 1; id <= 9; id += 1) {
      const round = await foresightRound({
        id,
        result: 'Up',
        side: 'Up',
        stake: SOL,
        upPool: SOL,
        downPool: SOL,
      });
      items.push(predictionItem(round.event, id));
    }
    history.set('/api/user/predictions', null, { items, nextCursor: null });
    mocks.send = vi.fn(() => Promise.reject(new Error('User Rejected Transaction')));
    renderBanner();
    await userEvent.click(await screen.findByRole('button', { name: 'Claim all' }));
    await waitFor(() => {
      expect(toastTexts()).toEqual(['ErrorFailed to claim winnings', 'ErrorUser Rejected Transaction']);
    });
    expect(mocks.send).toHaveBeenCalledTimes(1);
  });

  it('still shows the bet-record win when the server cannot list the other games', async () => {
    history.failure = { status: 503, error: 'Service unavailable' };
    renderBanner();
    await waitFor(() => {
      expect(banner()?.textContent).toContain('You have 1 unclaimed win (1.5 SOL)');
    });
  });
});
