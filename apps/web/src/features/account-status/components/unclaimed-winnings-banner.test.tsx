import { FORESIGHT_SETTLE_BUFFER_SECS } from '@arcade/sdk/constants';
import { identifyForesightInstruction } from '@arcade/sdk/foresight/instructions';
import { foresightPayout } from '@arcade/sdk/payout';
import { TransactionSendError, type TransactionSendErrorReason } from '@arcade/sdk/sender/send-error';
import {
  BetResult,
  BetState,
  BetType,
  encodeMarket,
  encodePrediction,
  MarketResult,
  type BetStateArgs,
} from '@arcade/sdk/wager/accounts';
import { predictionPayout } from '@arcade/sdk/wager/bet-math';
import { getClaimBetInstructionDataCodec, identifyWagerInstruction } from '@arcade/sdk/wager/instructions';
import { findBetAddress, findHouseAddress, findPredictionAddress } from '@arcade/sdk/wager/pda';
import type { Address, Instruction } from '@solana/kit';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { Toaster } from '../../../components/toaster.tsx';
import { setRuntimeConfig } from '../../../config/runtime-config.ts';
import { toast } from '../../../lib/toast.ts';
import { fakeAddress, MockChain, RENT, testConfig } from '../../../testing/mock-chain.ts';
import { FakeForesightProgram, type SeedRoundOptions } from '../../../testing/fake-foresight-program.ts';
import { betData } from '../../../lib/wager-bet/testing/mock-chain.ts';
import { FakeHistory } from '../testing/fake-history.ts';
import { UnclaimedWinningsBanner, unclaimedWinsText } from './unclaimed-winnings-banner.tsx';

const USER = fakeAddress(1);
const WAGER = fakeAddress(2);
const FORESIGHT = fakeAddress(3);
const CONFIG = fakeAddress(4);
const SOL = 1_000_000_000n;

type SendInput = { instructions: readonly Instruction[] };

const mocks = vi.hoisted(() => ({
  wallet: null as null | { address: string },
  send: null as null | ((input: { instructions: readonly Instruction[] }) => Promise<string>),
  chain: null as unknown as MockChain,
}));

vi.mock('../../../lib/wallet/wallet-context.tsx', () => ({
  useWallet: () => ({ wallet: mocks.wallet, connecting: false, disconnect: async () => {} }),
}));

vi.mock('../../../lib/wallet/use-send-transaction.ts', () => ({
  useSendTransaction: () => mocks.send,
}));

vi.mock('../../../lib/wallet/rpc.ts', () => ({
  getRpc: () => mocks.chain.rpc(),
  getRpcSubscriptions: () => mocks.chain.subscriptions(),
}));

let chain: MockChain;
let history: FakeHistory;
let program: FakeForesightProgram;
let userBet: Address;

/** The browser's clock in unix seconds. */
function nowSecs(): bigint {
  return BigInt(Math.floor(Date.now() / 1000));
}

function betRecord(
  state: BetStateArgs,
  result: (typeof BetResult)[keyof typeof BetResult],
  prize = 1_500_000_000n,
  timestamp = 1_790_000_000n,
) {
  return betData({ user: USER, state, result, betAmount: prize / 2n, listingPrice: prize, timestamp });
}

/** Writes the user's bet record (deletes it for null); `notify` sends the change to its subscribers. */
function setBetRecord(data: Uint8Array | null, notify = false): void {
  if (data === null) chain.accounts.delete(userBet);
  else chain.set(userBet, data, RENT, notify);
}

/** Waits until the banner watches the user's bet record on chain. */
async function betRecordWatched(): Promise<void> {
  await waitFor(() => {
    expect(chain.subscribers(userBet)).toBe(1);
  });
}

/**
 * A settled Foresight round with the user's bet; unless told otherwise an Up round the user won with 1 SOL,
 * 1 SOL on each side, not paid yet. Returns the round's address and the bet's.
 */
function foresightRound(
  options: Omit<SeedRoundOptions, 'user' | 'config'>,
): Promise<{ event: Address; bet: Address }> {
  return program.seedRound({ user: USER, config: CONFIG, ...options });
}

/** `count` won Foresight rounds (ids 1 to `count`), all in the server's unclaimed history. */
async function wonRounds(count: number): Promise<void> {
  const items = [];
  for (let id = 1; id <= count; id += 1) items.push(predictionItem((await foresightRound({ id })).event, id));
  history.set('/api/user/predictions', null, { items, nextCursor: null });
}

/**
 * A market with the user's prediction, 1 SOL of it and 1 SOL on each side unless told otherwise; returns the
 * addresses.
 */
async function prophecyMarket(options: {
  readonly n: number;
  readonly result: MarketResult | null;
  readonly side: MarketResult;
  readonly stake?: bigint;
  readonly yesPool?: bigint;
  readonly noPool?: bigint;
  readonly claimed?: boolean;
}): Promise<{ market: Address; prediction: Address; authority: Address }> {
  const market = fakeAddress(150 + options.n);
  const authority = fakeAddress(200 + options.n);
  const [prediction] = await findPredictionAddress(market, USER, { programAddress: WAGER });
  chain.set(
    market,
    encodeMarket({
      startTime: 1n,
      endTime: 3n,
      cutoffTime: 2n,
      yesCount: 1,
      noCount: 1,
      yesPool: options.yesPool ?? SOL,
      noPool: options.noPool ?? SOL,
      isSettled: options.result !== null,
      settledCount: 0,
      result: options.result,
      referrer: null,
      marketAuthority: authority,
    }),
  );
  chain.set(
    prediction,
    encodePrediction({
      user: USER,
      market,
      amount: options.stake ?? SOL,
      result: options.side,
      isClaimed: options.claimed ?? false,
    }),
  );
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

/** Renders the banner, waits until it says `text`, and clicks Collect all. */
async function claimAllOnceShown(text: string): Promise<void> {
  renderBanner();
  await waitFor(() => {
    expect(banner()?.textContent).toContain(text);
  });
  await userEvent.click(screen.getByRole('button', { name: 'Collect all' }));
}

function sendError(message: string, reason: TransactionSendErrorReason): Error {
  return new TransactionSendError(message, { reason });
}

beforeEach(async () => {
  setRuntimeConfig(testConfig({ programs: { wager: WAGER, foresight: FORESIGHT } }));
  chain = new MockChain(WAGER);
  program = new FakeForesightProgram(chain, FORESIGHT);
  history = new FakeHistory();
  mocks.chain = chain;
  vi.stubGlobal('fetch', history.fetch);
  [userBet] = await findBetAddress(USER, { programAddress: WAGER });
  mocks.wallet = { address: USER };
  mocks.send = vi.fn(() => Promise.resolve('signature'));
  setBetRecord(betRecord(BetState.Settled, BetResult.Win));
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
    expect(banner()?.textContent).toContain('TailSpin. Collect all pays them in SOL to your wallet.');
    expect(within(banner() as HTMLElement).getByRole('button', { name: 'Collect all' })).toBeTruthy();
  });

  it.each([
    ['a loss', BetState.Settled, BetResult.Loss],
    ['a claimed win', BetState.Claimed, BetResult.Win],
    ['an open bet (its roll may still come)', BetState.Open, BetResult.None],
    ['a refund', BetState.Refunded, BetResult.Invalid],
  ] as const)('stays hidden for %s', async (_, state, result) => {
    setBetRecord(betRecord(state, result, 1_500_000_000n, nowSecs()));
    renderBanner();
    await waitFor(() => {
      expect(chain.reads).toBe(1);
      expect(history.requests).toHaveLength(2);
    });
    expect(banner()).toBeNull();
  });

  it('stays hidden without a bet record', async () => {
    setBetRecord(null);
    renderBanner();
    await waitFor(() => {
      expect(chain.reads).toBe(1);
    });
    expect(banner()).toBeNull();
  });

  it('asks neither the chain nor the server without a wallet', async () => {
    mocks.wallet = null;
    renderBanner();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(chain.reads + chain.multipleReads).toBe(0);
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
    await userEvent.click(await screen.findByRole('button', { name: 'Collect all' }));
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
    await userEvent.click(await screen.findByRole('button', { name: 'Collect all' }));
    await waitFor(() => {
      expect(toastTexts()).toEqual(['ErrorFailed to claim winnings', 'ErrorUser Rejected Transaction']);
    });
    expect(banner()).not.toBeNull();
    expect(within(banner() as HTMLElement).getByRole('status').textContent).toBe(
      'Nothing was collected: User Rejected Transaction',
    );
    await waitFor(() => {
      expect(screen.getByRole('button', { name: 'Collect all' }).hasAttribute('disabled')).toBe(false);
    });
  });

  it('disables Collect all while the wallet cannot sign', async () => {
    mocks.send = null;
    renderBanner();
    const button = await screen.findByRole('button', { name: 'Collect all' });
    expect(button.hasAttribute('disabled')).toBe(true);
    expect(button.getAttribute('title')).toBe('Your wallet cannot sign transactions');
  });

  it('hides for the session once dismissed, and shows a new win again', async () => {
    renderBanner();
    await userEvent.click(await screen.findByRole('button', { name: 'Dismiss' }));
    expect(banner()).toBeNull();
    expect(sessionStorage.getItem('unclaimedWinningsDismissed')).not.toBeNull();
    await betRecordWatched();
    act(() => {
      setBetRecord(betRecord(BetState.Settled, BetResult.Win, 2_000_000_000n, 1_790_000_999n), true);
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
    setBetRecord(betRecord(BetState.Open, BetResult.None, 1_500_000_000n, nowSecs()));
    renderBanner();
    await betRecordWatched();
    expect(banner()).toBeNull();
    act(() => {
      setBetRecord(betRecord(BetState.Settled, BetResult.Win, 3_000_000_000n), true);
    });
    await waitFor(() => {
      expect(banner()?.textContent).toContain('You have 1 unclaimed win (3.0 SOL)');
    });
  });
});

describe('UnclaimedWinningsBanner: a TailSpin/ReTail bet whose roll is overdue', () => {
  it('offers its refund BET_REFUND_DELAY_SECS after it was placed, and sends refund_bet as the player', async () => {
    // Placed 2 s short of its deadline: nothing yet, then the refund of its stake and fee.
    setBetRecord(betRecord(BetState.Open, BetResult.None, 1_000_000_000n, nowSecs() - 118n));
    const send = vi.fn<(input: SendInput) => Promise<string>>(() => {
      setBetRecord(betRecord(BetState.Refunded, BetResult.None, 1_000_000_000n, nowSecs()));
      return Promise.resolve('signature');
    });
    mocks.send = send;
    renderBanner();
    await waitFor(() => {
      expect(chain.reads).toBe(1);
    });
    expect(banner()).toBeNull();
    await waitFor(
      () => {
        expect(banner()?.textContent).toContain('You have 1 refund to collect (0.52 SOL)');
      },
      { timeout: 4_000 },
    );
    await userEvent.click(screen.getByRole('button', { name: 'Details' }));
    expect(banner()?.textContent).toContain('Refund: the roll was not revealed in time');
    await userEvent.click(screen.getByRole('button', { name: 'Collect all' }));
    await waitFor(() => {
      expect(banner()).toBeNull();
    });
    const [instruction] = send.mock.calls[0]?.[0].instructions ?? [];
    const [house] = await findHouseAddress({ programAddress: WAGER });
    expect(identifyWagerInstruction(instruction!.data!)).toBe('refund_bet');
    // SlotHashes last: the refund captures the bet's slot hash from it, which keeps the result.
    expect(instruction?.accounts?.map((a) => a.address)).toEqual([
      USER,
      house,
      userBet,
      USER,
      'SysvarS1otHashes111111111111111111111111111',
    ]);
    expect(toastTexts()).toEqual(['SuccessClaimed successfully!']);
  });

  it('offers a win rolled after its refund that the reveal could not pay: the rest of the prize, in SOL', async () => {
    // A 1.5 SOL NFT prize at 50%: stake 0.75, fee 0.03, so 0.72 SOL is owed.
    setBetRecord(
      betData({
        user: USER,
        state: BetState.Settled,
        result: BetResult.Win,
        betType: BetType.Nft,
        betAmount: 750_000_000n,
        listingPrice: 1_500_000_000n,
        slotHash: new Uint8Array(32).fill(0xa5),
      }),
    );
    const send = vi.fn<(input: SendInput) => Promise<string>>(() => {
      setBetRecord(betRecord(BetState.Claimed, BetResult.Win));
      return Promise.resolve('signature');
    });
    mocks.send = send;
    renderBanner();
    await waitFor(() => {
      expect(banner()?.textContent).toContain('You have 1 unclaimed win (0.72 SOL)');
    });
    await userEvent.click(screen.getByRole('button', { name: 'Details' }));
    expect(banner()?.textContent).toContain('Win after your refund: the rest of the prize, in SOL');
    await userEvent.click(screen.getByRole('button', { name: 'Collect all' }));
    await waitFor(() => {
      expect(banner()).toBeNull();
    });
    const [instruction] = send.mock.calls[0]?.[0].instructions ?? [];
    expect(identifyWagerInstruction(instruction!.data!)).toBe('claim_bet');
    expect(getClaimBetInstructionDataCodec().decode(instruction!.data!)).toEqual({ sol: true });
  });
});

describe('UnclaimedWinningsBanner: across the games', () => {
  it('finds what Foresight and Prophecy owe, confirms each on chain, and lists amounts and the total', async () => {
    const won = await foresightRound({ id: 7, upPool: 3n * SOL });
    const invalid = await foresightRound({
      id: 8,
      result: 'Invalid',
      side: 'Down',
      stake: 200_000_000n,
      upPool: 0n,
      downPool: 200_000_000n,
    });
    // The server's history lags: the chain says these are not owed.
    const paid = await foresightRound({ id: 9, paid: true });
    const lost = await foresightRound({ id: 10, result: 'Down' });
    const live = await foresightRound({ id: 11, result: 'None', settled: false });
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
      yesPool: 2n * SOL,
      noPool: 8n * SOL,
    });
    const settled = await prophecyMarket({
      n: 2,
      result: MarketResult.Yes,
      side: MarketResult.Yes,
      claimed: true,
    });
    const open = await prophecyMarket({ n: 3, result: null, side: MarketResult.No });
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

  it('claims everything in one transaction: claim_bet, settle_bet + close_bet, withdraw_bet + close_bet, settle_prediction', async () => {
    const won = await foresightRound({ id: 7, result: 'Down', side: 'Down' });
    const invalid = await foresightRound({ id: 8, result: 'Invalid', downPool: 0n });
    history.set('/api/user/predictions', null, {
      items: [predictionItem(invalid.event, 2), predictionItem(won.event, 1)],
      nextCursor: null,
    });
    const winner = await prophecyMarket({ n: 1, result: MarketResult.No, side: MarketResult.No });
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
    await claimAllOnceShown('You have 3 unclaimed wins and 1 refund to collect');
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
    ).toEqual(['claim_bet', 'settle_bet', 'close_bet', 'withdraw_bet', 'close_bet', 'settle_prediction']);
    expect(instructions[1]?.accounts?.map((a) => a.address)).toEqual([USER, CONFIG, won.event, won.bet]);
    // Each Foresight payment is followed by close_bet on the same bet, signed by the wallet.
    expect(instructions[2]?.accounts?.map((a) => a.address)).toEqual([USER, won.event, won.bet]);
    expect(instructions[3]?.accounts?.map((a) => a.address)).toEqual([
      USER,
      CONFIG,
      invalid.event,
      invalid.bet,
    ]);
    expect(instructions[4]?.accounts?.map((a) => a.address)).toEqual([USER, invalid.event, invalid.bet]);
    expect(instructions[5]?.accounts?.map((a) => a.address)).toEqual([
      winner.prediction,
      winner.market,
      winner.authority,
      USER,
    ]);
    expect(toastTexts()).toEqual(['SuccessClaimed successfully!']);
  });

  it('re-reads the chain before claiming: a win paid meanwhile is not sent', async () => {
    setBetRecord(null);
    const won = await foresightRound({ id: 7 });
    history.set('/api/user/predictions', null, { items: [predictionItem(won.event, 1)], nextCursor: null });
    renderBanner();
    await waitFor(() => {
      expect(banner()).not.toBeNull();
    });
    // Someone (a keeper, another tab) paid it after the last poll.
    await foresightRound({ id: 7, paid: true });
    await userEvent.click(screen.getByRole('button', { name: 'Collect all' }));
    await waitFor(() => {
      expect(banner()).toBeNull();
    });
    expect(mocks.send).not.toHaveBeenCalled();
    expect(toastTexts()).toEqual(['Nothing left to collect: it has been paid already.']);
  });

  it('packs many claims into transactions under the size limit and reports a partial failure', async () => {
    setBetRecord(null);
    await wonRounds(10);
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
    await claimAllOnceShown('You have 10 unclaimed wins (19.4 SOL)');
    // One toast follows the progress; the button says where the run is.
    await waitFor(() => {
      expect(toastTexts()).toEqual(['Approve payout 1 of 2 in your wallet…']);
    });
    expect(screen.getByRole('button', { name: 'Collecting 1 of 2…' }).hasAttribute('disabled')).toBe(true);
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
    // Eight claims, then two: each a settle_bet and its close_bet.
    expect(calls).toEqual([16, 4]);
    expect(within(banner() as HTMLElement).getByRole('status').textContent).toBe(
      'Collected 3.9 SOL; 8 left to collect: Error in transaction: instruction index 3, custom program error 6010',
    );
  });

  it('retries a failed batch without the claim someone else paid meanwhile, and sums exactly', async () => {
    setBetRecord(null);
    await wonRounds(10);
    const sent: number[] = [];
    mocks.send = vi.fn(async (input: SendInput) => {
      sent.push(input.instructions.length);
      if (sent.length === 1) {
        // The server's settler paid round 3 after the list was read: this transaction's simulation fails.
        await foresightRound({ id: 3, paid: true });
        throw sendError('Error in transaction: instruction index 2, custom program error 6010', 'simulation');
      }
      return 'signature';
    });
    await claimAllOnceShown('You have 10 unclaimed wins (19.4 SOL)');
    await waitFor(() => {
      expect(toastTexts()).toEqual(['SuccessClaimed successfully!']);
    });
    // The 8 claims again without the paid one, then the last 2 (two instructions each): nothing is reported
    // failed.
    expect(sent).toEqual([16, 14, 4]);
    expect(within(banner() ?? document.body).queryByRole('status')).toBeNull();
  });

  it('stops at a wallet rejection: later transactions are not sent', async () => {
    setBetRecord(null);
    await wonRounds(9);
    mocks.send = vi.fn(() => Promise.reject(new Error('User Rejected Transaction')));
    renderBanner();
    await userEvent.click(await screen.findByRole('button', { name: 'Collect all' }));
    await waitFor(() => {
      expect(toastTexts()).toEqual(['ErrorFailed to claim winnings', 'ErrorUser Rejected Transaction']);
    });
    expect(mocks.send).toHaveBeenCalledTimes(1);
  });

  it('closes each Foresight bet once paid: the wallet gets the payouts and the bet deposits', async () => {
    setBetRecord(null);
    // The rounds hold the pot they owe.
    const won = await foresightRound({ id: 7, upPool: 3n * SOL, eventLamports: RENT + 5n * SOL });
    const invalid = await foresightRound({
      id: 8,
      result: 'Invalid',
      stake: 200_000_000n,
      upPool: 200_000_000n,
      downPool: 0n,
      eventLamports: RENT + 5n * SOL,
    });
    history.set('/api/user/predictions', null, {
      items: [predictionItem(invalid.event, 2), predictionItem(won.event, 1)],
      nextCursor: null,
    });
    chain.balances.set(USER, SOL);
    mocks.send = program.sender(USER);
    renderBanner();
    await waitFor(() => {
      expect(banner()?.textContent).toContain('You have 1 unclaimed win and 1 refund to collect');
    });
    expect(banner()?.textContent).toContain(
      'Collect all pays them in SOL to your wallet, with 0.002 SOL of Foresight account deposits.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Collect all' }));
    await waitFor(() => {
      expect(banner()).toBeNull();
    });
    expect(program.sent.map((tx) => tx.names)).toEqual([
      ['settle_bet', 'close_bet', 'withdraw_bet', 'close_bet'],
    ]);
    expect(chain.balances.get(USER)).toBe(
      SOL + foresightPayout(SOL, 3n * SOL, SOL, 'up') + 200_000_000n + 2n * RENT,
    );
    expect(chain.accounts.has(won.bet)).toBe(false);
    expect(chain.accounts.has(invalid.bet)).toBe(false);
    expect(toastTexts()).toEqual(['SuccessClaimed successfully!']);
  });

  it('refunds a Foresight round left unsettled past its buffer: withdraw_bet settles it Invalid, then it is gone', async () => {
    setBetRecord(null);
    const longAgo = BigInt(Math.floor(Date.now() / 1000) - FORESIGHT_SETTLE_BUFFER_SECS - 60);
    const stuck = await foresightRound({
      id: 21,
      result: 'None',
      settled: false,
      settleTime: longAgo,
      stake: 300_000_000n,
      upPool: 300_000_000n,
      eventLamports: RENT + 2n * SOL,
    });
    // Still running: not owed.
    const running = await foresightRound({ id: 22, result: 'None', settled: false });
    history.set('/api/user/predictions', null, {
      items: [predictionItem(running.event, 2), predictionItem(stuck.event, 1)],
      nextCursor: null,
    });
    chain.balances.set(USER, SOL);
    mocks.send = program.sender(USER);
    renderBanner();
    await waitFor(() => {
      expect(banner()?.textContent).toContain('You have 1 refund to collect (0.30 SOL)');
    });
    await userEvent.click(screen.getByRole('button', { name: 'Details' }));
    expect(screen.getByRole('list', { name: 'What you are owed' }).textContent).toContain(
      'Round #21 · refund (invalid round)',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Collect all' }));
    await waitFor(() => {
      expect(banner()).toBeNull();
    });
    expect(program.sent.map((tx) => tx.names)).toEqual([['withdraw_bet', 'close_bet']]);
    expect(chain.balances.get(USER)).toBe(SOL + 300_000_000n + RENT);
    expect(chain.accounts.has(stuck.bet)).toBe(false);
    expect(chain.accounts.has(running.bet)).toBe(true);
  });

  it('still shows the bet-record win when the server cannot list the other games', async () => {
    history.failure = { status: 503, error: 'Service unavailable' };
    renderBanner();
    await waitFor(() => {
      expect(banner()?.textContent).toContain('You have 1 unclaimed win (1.5 SOL)');
    });
  });
});
