import {
  BET_POLL_INTERVAL_MS,
  BET_POLL_TIMEOUT_MS,
  MAX_TRANSACTION_FEE_LAMPORTS,
  MIN_BET_LAMPORTS,
} from '@arcade/sdk/constants';
import { ERROR_MESSAGES } from '@arcade/sdk/messages';
import {
  BetResult,
  BetState,
  BetType,
  decodeHouse,
  encodeHouse,
  encodeReferral,
} from '@arcade/sdk/wager/accounts';
import { betCost, houseFreeBalance, maxPrize } from '@arcade/sdk/wager/bet-math';
import { bytesToHex, formatRevealLog, hexToBytes } from '@arcade/sdk/wager/fairness';
import {
  getClaimBetInstructionDataCodec,
  getCreateBetInstructionDataCodec,
  getInitBetOffchainInstructionDataCodec,
  getInitReferralInstructionDataCodec,
  identifyWagerInstruction,
} from '@arcade/sdk/wager/instructions';
import { findBetAddress, findHouseAddress, findReferralAddress } from '@arcade/sdk/wager/pda';
import { NATIVE_MINT_ADDRESS } from '@arcade/sdk/wager/program';
import { address, AccountRole, type Instruction, type Signature } from '@solana/kit';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { setRuntimeConfig } from '../../../config/runtime-config.ts';
import { getUiState, ui } from '../../store.ts';
import { transactionSize } from '../../wallet/pack-claims.ts';
import { betErrorMessage, BetPreflightError } from '../utils/bet-errors.ts';
import type { PlacedBet } from '../utils/bet-outcome.ts';
import { betData, houseData, putReveal, REFERRER, TEST_CONFIG, USER } from '../testing/mock-chain.ts';
import { MockChain, RENT, SYSTEM, WAGER } from '../../../testing/mock-chain.ts';
import { useBetOutcome } from './use-bet-outcome.ts';
import { useClaimBet } from './use-claim-bet.ts';
import { usePlaceBet } from './use-place-bet.ts';

const mocks = vi.hoisted(() => {
  /** The logs subscriptions open (`logsNotifications`), when a test turns them on. */
  const logListeners = new Set<(value: unknown) => void>();
  return {
    chain: null as unknown as MockChain,
    send: vi.fn<
      (input: {
        instructions: readonly Instruction[];
        cosign?: unknown;
        onSigned?: (signature: string) => void;
      }) => Promise<string>
    >(),
    api: vi.fn<(path: string, options?: unknown) => Promise<unknown>>(),
    referrer: null as string | null,
    logs: false,
    logListeners,
    /** A PubSub `logsNotifications` whose notifications are what a test passes to `logListeners`. */
    logsNotifications: () => ({
      subscribe: ({ abortSignal }: { abortSignal: AbortSignal }) => {
        const queue: unknown[] = [];
        let wake: (() => void) | null = null;
        const listener = (value: unknown) => {
          queue.push(value);
          wake?.();
        };
        logListeners.add(listener);
        abortSignal.addEventListener('abort', () => {
          logListeners.delete(listener);
          wake?.();
        });
        return Promise.resolve({
          async *[Symbol.asyncIterator]() {
            while (!abortSignal.aborted) {
              if (queue.length === 0) {
                await new Promise<void>((resolve) => {
                  wake = resolve;
                });
                wake = null;
              }
              while (queue.length > 0) yield queue.shift();
            }
          },
        });
      },
    }),
  };
});

vi.mock('../../wallet/rpc.ts', () => ({
  getRpc: () => mocks.chain.rpc(),
  getRpcSubscriptions: () => ({
    ...mocks.chain.subscriptions(),
    ...(mocks.logs ? { logsNotifications: mocks.logsNotifications } : {}),
  }),
}));
vi.mock('../../wallet/wallet-context.tsx', () => ({
  useWallet: () => ({ wallet: { address: USER }, connecting: false, disconnect: async () => {} }),
}));
vi.mock('../../wallet/use-send-transaction.ts', () => ({ useSendTransaction: () => mocks.send }));
vi.mock('../../referral/use-referral-capture.ts', () => ({
  useReferralCapture: () => ({ code: null, referrer: mocks.referrer, status: 'resolved' }),
}));
vi.mock('../../api-client.ts', async (original) => ({
  ...(await original<typeof import('../../api-client.ts')>()),
  api: mocks.api,
}));

const HOUSE_LAMPORTS = 100_000_000_000n + RENT; // 100 SOL free beyond the rent
const SIG = 'sig-create' as Signature;
let house: string;
let betAccount: string;
let referrerVault: string;

function wrapper() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
}

function names(instructions: readonly Instruction[]) {
  return instructions.map((ix) => identifyWagerInstruction(ix.data!));
}

beforeEach(async () => {
  mocks.chain = new MockChain();
  mocks.send.mockReset();
  mocks.api.mockReset();
  mocks.referrer = null;
  mocks.logs = false;
  setRuntimeConfig(TEST_CONFIG);
  [house] = await findHouseAddress({ programAddress: WAGER });
  [betAccount] = await findBetAddress(USER, { programAddress: WAGER });
  [referrerVault] = await findReferralAddress(REFERRER, { programAddress: WAGER });
  ui.reload();
  mocks.chain.set(house, houseData(), HOUSE_LAMPORTS);
  mocks.chain.balances.set(USER, 10_000_000_000n);
  mocks.api.mockResolvedValue({ items: [], nextCursor: null });
});

afterEach(() => {
  vi.useRealTimers();
});

describe('usePlaceBet', () => {
  it('sends init (with the referrer), the referrer’s vault and create_bet with the shown seed, in one transaction', async () => {
    mocks.referrer = REFERRER;
    mocks.send.mockResolvedValue(SIG);
    ui.setPlayerSeed('ab'.repeat(32), false);
    const { result } = renderHook(() => usePlaceBet(), { wrapper: wrapper() });
    const before = Math.floor(Date.now() / 1000);
    let placed!: PlacedBet;
    await act(async () => {
      placed = await result.current.place({
        odds: 40,
        listingPrice: 2_500_000_000n,
        betType: 'sol',
        mint: NATIVE_MINT_ADDRESS,
      });
    });
    expect(placed).toMatchObject({
      signature: SIG,
      user: USER,
      previousTimestamp: null,
      playerSeed: 'ab'.repeat(32),
    });
    expect(placed.placedAt).toBeGreaterThanOrEqual(before);
    const [{ instructions }] = mocks.send.mock.calls[0]!;
    expect(names(instructions)).toEqual(['init_bet_offchain', 'init_referral', 'create_bet']);
    expect(getInitBetOffchainInstructionDataCodec().decode(instructions[0]!.data!)).toEqual({
      referral: REFERRER,
    });
    expect(getInitReferralInstructionDataCodec().decode(instructions[1]!.data!)).toEqual({
      referrer: REFERRER,
    });
    expect(instructions[1]!.accounts!.map((a) => a.address)).toEqual([USER, referrerVault, SYSTEM]);
    expect(getCreateBetInstructionDataCodec().decode(instructions[2]!.data!)).toEqual({
      odds: 40,
      listingPrice: 2_500_000_000n,
      betType: BetType.Sol,
      playerSeed: hexToBytes('ab'.repeat(32)),
    });
    expect(instructions[2]!.accounts!.map((a) => a.address)).toEqual([
      USER,
      betAccount,
      house,
      NATIVE_MINT_ADDRESS,
      SYSTEM,
    ]);
    // The largest bet transaction the app sends stays well within the 1,232 bytes.
    expect(transactionSize(USER, instructions)).toBe(531);
    // The seed is spent: a drawn one gives way to a new one.
    expect(getUiState().playerSeed).not.toBe('ab'.repeat(32));
    expect(getUiState().playerSeed).toMatch(/^[0-9a-f]{64}$/);
  });

  it('tells the bet as sent the moment the wallet signs, as the same bet it resolves with once confirmed', async () => {
    let sentBeforeConfirmed: PlacedBet | null = null;
    const onSent = vi.fn((bet: PlacedBet) => {
      sentBeforeConfirmed = bet;
    });
    mocks.send.mockImplementation((input) => {
      input.onSigned?.(SIG);
      // The confirmation comes later: the game already knows the bet is on its way.
      expect(onSent).toHaveBeenCalledTimes(1);
      return Promise.resolve(SIG);
    });
    const { result } = renderHook(() => usePlaceBet(), { wrapper: wrapper() });
    let placed!: PlacedBet;
    await act(async () => {
      placed = await result.current.place({
        odds: 40,
        listingPrice: 2_500_000_000n,
        betType: 'sol',
        mint: NATIVE_MINT_ADDRESS,
        onSent,
      });
    });
    expect(onSent).toHaveBeenCalledTimes(1);
    // The same object: the result watch started at the send is not restarted by the confirmation.
    expect(sentBeforeConfirmed).toBe(placed);
    expect(placed).toMatchObject({ signature: SIG, user: USER, previousTimestamp: null });
  });

  it('keeps a seed the player set, bet after bet', async () => {
    mocks.chain.set(betAccount, betData());
    mocks.send.mockResolvedValue(SIG);
    ui.setPlayerSeed('cd'.repeat(32), true);
    const { result } = renderHook(() => usePlaceBet(), { wrapper: wrapper() });
    for (let i = 0; i < 2; i++) {
      await act(async () => {
        await result.current.place({
          odds: 50,
          listingPrice: 1_000_000_000n,
          betType: 'sol',
          mint: NATIVE_MINT_ADDRESS,
        });
      });
      const create = mocks.send.mock.calls[i]![0].instructions.at(-1)!;
      expect(bytesToHex(getCreateBetInstructionDataCodec().decode(create.data!).playerSeed)).toBe(
        'cd'.repeat(32),
      );
    }
    expect(getUiState()).toMatchObject({ playerSeed: 'cd'.repeat(32), playerSeedFixed: true });
  });

  it('leaves init_referral out when the referrer’s vault exists, and counts its rent when it does not', async () => {
    mocks.referrer = REFERRER;
    mocks.chain.set(referrerVault, encodeReferral({ referrer: REFERRER, earned: 0n, claimed: 0n }));
    mocks.send.mockResolvedValue(SIG);
    const { result } = renderHook(() => usePlaceBet(), { wrapper: wrapper() });
    const place = () =>
      result.current.place({
        odds: 50,
        listingPrice: 1_000_000_000n,
        betType: 'sol',
        mint: NATIVE_MINT_ADDRESS,
      });
    await act(async () => {
      await place();
    });
    expect(names(mocks.send.mock.calls[0]![0].instructions)).toEqual(['init_bet_offchain', 'create_bet']);
  });

  it('asks for the referrer’s vault rent too when the bet creates the vault', async () => {
    mocks.referrer = REFERRER;
    const cost = betCost(1_000_000_000n, 50);
    // The record's rent, the fee and the network fee, but not the vault's rent.
    mocks.chain.balances.set(USER, cost + RENT + MAX_TRANSACTION_FEE_LAMPORTS);
    const { result } = renderHook(() => usePlaceBet(), { wrapper: wrapper() });
    let error: unknown;
    await act(async () => {
      error = await result.current
        .place({ odds: 50, listingPrice: 1_000_000_000n, betType: 'sol', mint: NATIVE_MINT_ADDRESS })
        .catch((e: unknown) => e);
    });
    expect(betErrorMessage(error)).toBe(
      'Not enough SOL: this bet needs 0.53 SOL with the fee, your bet record, your referrer’s vault and the network fee, and you have 0.53 SOL.',
    );
    expect(mocks.send).not.toHaveBeenCalled();
  });

  it('only creates when the record exists, and remembers its timestamp and sequence to tell the next result apart', async () => {
    mocks.chain.set(betAccount, betData({ timestamp: 1_790_000_123n, sequence: 5n }));
    mocks.send.mockResolvedValue(SIG);
    const { result } = renderHook(() => usePlaceBet(), { wrapper: wrapper() });
    const mint = address('GDxipd68AFw3ak252RXPTSEdPHyQMd4Vo5hJQS1L14MZ');
    let placed!: PlacedBet;
    await act(async () => {
      placed = await result.current.place({ odds: 10, listingPrice: 1_000_000_000n, betType: 'token', mint });
    });
    expect(placed.previousTimestamp).toBe(1_790_000_123n);
    expect(placed.previousSequence).toBe(5n);
    const [{ instructions }] = mocks.send.mock.calls[0]!;
    expect(names(instructions)).toEqual(['create_bet']);
    expect(instructions[0]!.accounts![3]).toEqual({ address: mint, role: AccountRole.READONLY });
  });

  it('refuses a bet while no seed is committed for it (NoSeedCommitted)', async () => {
    mocks.chain.set(
      house,
      encodeHouse({ ...decodeHouse(houseData()), betSequence: 10_000n }),
      HOUSE_LAMPORTS,
    );
    const { result } = renderHook(() => usePlaceBet(), { wrapper: wrapper() });
    let error: unknown;
    await act(async () => {
      error = await result.current
        .place({ odds: 50, listingPrice: 1_000_000_000n, betType: 'sol', mint: NATIVE_MINT_ADDRESS })
        .catch((e: unknown) => e);
    });
    expect(error).toMatchObject({ code: 'NoSeedCommitted' });
    expect(betErrorMessage(error)).toBe('Bets are paused for a moment; try again shortly.');
    expect(mocks.send).not.toHaveBeenCalled();
  });

  it('says the last bet is still being revealed while it is open', async () => {
    mocks.chain.set(betAccount, betData({ state: BetState.Open, result: BetResult.None }));
    const { result } = renderHook(() => usePlaceBet(), { wrapper: wrapper() });
    let error: unknown;
    await act(async () => {
      error = await result.current
        .place({ odds: 50, listingPrice: 1_000_000_000n, betType: 'sol', mint: NATIVE_MINT_ADDRESS })
        .catch((e: unknown) => e);
    });
    expect(betErrorMessage(error)).toBe('Your last bet is still being revealed.');
  });

  it.each([
    [
      'a stake under the minimum',
      { odds: 50, listingPrice: 2n * MIN_BET_LAMPORTS - 2n },
      'The smallest stake is 0.01 SOL.',
    ],
    ['odds out of range', { odds: 96, listingPrice: 1_000_000_000n }, 'Pick a win chance from 1% to 95%.'],
    [
      'a prize above the house limit',
      { odds: 50, listingPrice: 5_000_000_001n },
      'The largest prize the house covers right now is 5.0 SOL. Lower the stake or raise the win chance.',
    ],
  ])('refuses %s before the wallet is asked', async (_, bet, message) => {
    const { result } = renderHook(() => usePlaceBet(), { wrapper: wrapper() });
    let error: unknown;
    await act(async () => {
      error = await result.current
        .place({ ...bet, betType: 'sol', mint: NATIVE_MINT_ADDRESS })
        .catch((e: unknown) => e);
    });
    expect(error).toBeInstanceOf(BetPreflightError);
    expect(betErrorMessage(error)).toBe(message);
    expect(mocks.send).not.toHaveBeenCalled();
  });

  it('computes the limit as the program does: 5% of balance − rent − outstanding', async () => {
    const outstanding = 40_000_000_000n;
    mocks.chain.set(house, houseData(outstanding), HOUSE_LAMPORTS);
    const limit = maxPrize(houseFreeBalance(HOUSE_LAMPORTS, RENT, outstanding));
    mocks.send.mockResolvedValue(SIG);
    const { result } = renderHook(() => usePlaceBet(), { wrapper: wrapper() });
    const place = (listingPrice: bigint) =>
      result.current.place({ odds: 50, listingPrice, betType: 'sol', mint: NATIVE_MINT_ADDRESS });
    let error: unknown;
    await act(async () => {
      error = await place(limit + 1n).catch((e: unknown) => e);
    });
    expect((error as BetPreflightError).code).toBe('InvalidListingPrice');
    await act(async () => {
      await place(limit);
    });
    expect(mocks.send).toHaveBeenCalledTimes(1);
  });

  it('says to claim first when the last bet is an unclaimed win', async () => {
    mocks.chain.set(betAccount, betData({ state: BetState.Settled, result: BetResult.Win }));
    const { result } = renderHook(() => usePlaceBet(), { wrapper: wrapper() });
    let error: unknown;
    await act(async () => {
      error = await result.current
        .place({ odds: 50, listingPrice: 1_000_000_000n, betType: 'sol', mint: NATIVE_MINT_ADDRESS })
        .catch((e: unknown) => e);
    });
    expect(error).toMatchObject({ code: 'BetNotAvailable', unclaimedWin: true });
    expect(betErrorMessage(error)).toBe('You have a win to claim. Claim it before your next bet.');
  });

  it('refuses a bet the wallet cannot pay for, counting the record rent on a first bet', async () => {
    const cost = betCost(1_000_000_000n, 50);
    mocks.chain.balances.set(USER, cost + RENT);
    const { result } = renderHook(() => usePlaceBet(), { wrapper: wrapper() });
    let error: unknown;
    await act(async () => {
      error = await result.current
        .place({ odds: 50, listingPrice: 1_000_000_000n, betType: 'sol', mint: NATIVE_MINT_ADDRESS })
        .catch((e: unknown) => e);
    });
    expect(betErrorMessage(error)).toBe(
      'Not enough SOL: this bet needs 0.53 SOL with the fee, your bet record and the network fee, and you have 0.52 SOL.',
    );
    expect(mocks.send).not.toHaveBeenCalled();
    // With the network fee too, the same bet goes.
    mocks.chain.balances.set(USER, cost + RENT + MAX_TRANSACTION_FEE_LAMPORTS);
    mocks.send.mockResolvedValue(SIG);
    await act(async () => {
      await result.current.place({
        odds: 50,
        listingPrice: 1_000_000_000n,
        betType: 'sol',
        mint: NATIVE_MINT_ADDRESS,
      });
    });
    expect(mocks.send).toHaveBeenCalledTimes(1);
  });

  it('leaves the rent out once the record exists, but not the network fee', async () => {
    mocks.chain.set(betAccount, betData());
    const cost = betCost(1_000_000_000n, 50);
    mocks.chain.balances.set(USER, cost + MAX_TRANSACTION_FEE_LAMPORTS - 1n);
    const { result } = renderHook(() => usePlaceBet(), { wrapper: wrapper() });
    const place = () =>
      result.current.place({
        odds: 50,
        listingPrice: 1_000_000_000n,
        betType: 'sol',
        mint: NATIVE_MINT_ADDRESS,
      });
    let error: unknown;
    await act(async () => {
      error = await place().catch((e: unknown) => e);
    });
    expect(betErrorMessage(error)).toBe(
      'Not enough SOL: this bet needs 0.53 SOL with the fee and the network fee, and you have 0.53 SOL.',
    );
    mocks.chain.balances.set(USER, cost + MAX_TRANSACTION_FEE_LAMPORTS);
    mocks.send.mockResolvedValue(SIG);
    await act(async () => {
      await place();
    });
    expect(mocks.send).toHaveBeenCalledTimes(1);
  });
});

describe('useBetOutcome', () => {
  const placed: PlacedBet = {
    signature: SIG,
    placedAt: 1_790_000_100,
    user: USER,
    previousTimestamp: 1_790_000_000n,
  };

  it('waits, then reports the win with the roll from the server once the record settles', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: false, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    mocks.chain.set(
      betAccount,
      betData({ state: BetState.Open, result: BetResult.None, timestamp: 1_790_000_100n }),
    );
    mocks.api.mockResolvedValue({
      items: [
        {
          signature: SIG,
          randomValue: 7,
          settleSignature: 'sig-settle',
          amount: '1',
          fee: '0',
          listingPrice: '2',
        },
      ],
      nextCursor: null,
    });
    const { result } = renderHook(() => useBetOutcome(placed), { wrapper: wrapper() });
    expect(result.current).toEqual({ status: 'waiting' });
    await act(() => vi.advanceTimersByTimeAsync(BET_POLL_INTERVAL_MS * 2));
    expect(result.current).toEqual({ status: 'waiting' });
    const reads = mocks.chain.reads;
    mocks.chain.set(
      betAccount,
      betData({ state: BetState.Settled, result: BetResult.Win, timestamp: 1_790_000_105n }),
    );
    await act(() => vi.advanceTimersByTimeAsync(BET_POLL_INTERVAL_MS));
    expect(mocks.chain.reads).toBe(reads + 1);
    expect(result.current).toMatchObject({ status: 'win', randomValue: 7, settleSignature: 'sig-settle' });
    expect(mocks.api).toHaveBeenCalledWith(
      '/api/user/bets',
      expect.objectContaining({ body: { address: USER, id: null, betType: null } }),
    );
  });

  it('reads the roll the program computed from the reveal transaction’s log line', async () => {
    mocks.chain.set(
      betAccount,
      betData({ state: BetState.Open, result: BetResult.None, timestamp: 1_790_000_100n }),
    );
    // The server has not indexed the settlement yet: the chain alone gives the roll.
    const { result } = renderHook(() => useBetOutcome(placed), { wrapper: wrapper() });
    await waitFor(() => {
      expect(mocks.chain.listeners.get(betAccount)?.size).toBe(1);
    });
    putReveal(mocks.chain, betAccount, 23);
    act(() => {
      mocks.chain.set(
        betAccount,
        betData({ state: BetState.Settled, result: BetResult.Win, timestamp: 1_790_000_104n }),
        undefined,
        true,
      );
    });
    await waitFor(() => {
      expect(result.current).toMatchObject({
        status: 'win',
        randomValue: 23,
        rollSource: 'chain',
        settleSignature: 'sig-reveal',
      });
    });
  });

  it('does not take the previous bet’s loss for this bet’s result', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    // A read still showing the last bet: settled Loss at the previous timestamp.
    mocks.chain.set(
      betAccount,
      betData({ state: BetState.Settled, result: BetResult.Loss, timestamp: 1_790_000_000n }),
    );
    const { result } = renderHook(() => useBetOutcome(placed), { wrapper: wrapper() });
    await act(() => vi.advanceTimersByTimeAsync(BET_POLL_INTERVAL_MS * 3));
    expect(result.current).toEqual({ status: 'waiting' });
    mocks.chain.set(
      betAccount,
      betData({ state: BetState.Settled, result: BetResult.Loss, timestamp: 1_790_000_101n }),
    );
    await act(() => vi.advanceTimersByTimeAsync(BET_POLL_INTERVAL_MS));
    expect(result.current).toMatchObject({ status: 'loss', randomValue: null });
  });

  it('wakes early on the account notification', async () => {
    mocks.chain.set(
      betAccount,
      betData({ state: BetState.Open, result: BetResult.None, timestamp: 1_790_000_100n }),
    );
    const { result } = renderHook(() => useBetOutcome(placed), { wrapper: wrapper() });
    await waitFor(() => {
      expect(mocks.chain.listeners.get(betAccount)?.size).toBe(1);
    });
    act(() => {
      mocks.chain.set(
        betAccount,
        betData({ state: BetState.Settled, result: BetResult.Loss, timestamp: 1_790_000_102n }),
        undefined,
        true,
      );
    });
    await waitFor(() => {
      expect(result.current).toMatchObject({ status: 'loss' });
    });
  });

  /** The reveal's logs notification, as the record's logs subscription sends it. */
  function revealNotification(roll: number, signature = 'sig-reveal-ws', sequence = 7n) {
    return {
      context: { slot: 1_003n },
      value: {
        signature,
        err: null,
        logs: [
          `Program ${WAGER} invoke [1]`,
          `Program log: ${formatRevealLog({ kind: 'settled', sequence, roll, slot: 1_000n, slotHash: new Uint8Array(32).fill(0xa5), afterRefund: false })}`,
          `Program ${WAGER} success`,
        ],
      },
    };
  }

  it('takes the roll and the settle signature from the reveal’s logs notification, reading no transaction', async () => {
    mocks.logs = true;
    mocks.chain.set(
      betAccount,
      betData({ state: BetState.Open, result: BetResult.None, timestamp: 1_790_000_100n }),
    );
    const { result } = renderHook(() => useBetOutcome(placed), { wrapper: wrapper() });
    await waitFor(() => {
      expect(mocks.chain.listeners.get(betAccount)?.size).toBe(1);
      expect(mocks.logListeners.size).toBeGreaterThan(0);
    });
    // Another bet's reveal on the same record's logs (an older sequence) says nothing of this one.
    act(() => {
      for (const listener of mocks.logListeners) listener(revealNotification(88, 'sig-old', 6n));
    });
    // As the node sends them: the record's account notification, then the reveal's logs.
    act(() => {
      mocks.chain.set(
        betAccount,
        betData({ state: BetState.Settled, result: BetResult.Loss, timestamp: 1_790_000_104n }),
        undefined,
        true,
      );
      for (const listener of mocks.logListeners) listener(revealNotification(64));
    });
    await waitFor(() => {
      expect(result.current).toEqual({
        status: 'loss',
        bet: expect.objectContaining({ result: BetResult.Loss }) as unknown,
        randomValue: 64,
        rollSource: 'chain',
        settleSignature: 'sig-reveal-ws',
      });
    });
    // Nothing read the reveal transaction or asked the server's index for it.
    expect(mocks.chain.transactionReads).toBe(0);
    expect(mocks.api).not.toHaveBeenCalledWith('/api/user/bets', expect.anything());
  });

  it('reads the settled record as soon as the reveal’s logs arrive, without waiting for the poll', async () => {
    mocks.logs = true;
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    mocks.chain.set(
      betAccount,
      betData({ state: BetState.Open, result: BetResult.None, timestamp: 1_790_000_100n }),
    );
    const { result } = renderHook(() => useBetOutcome(placed), { wrapper: wrapper() });
    for (let i = 0; i < 50 && mocks.logListeners.size === 0; i++) {
      await act(() => vi.advanceTimersByTimeAsync(1));
    }
    expect(mocks.logListeners.size).toBeGreaterThan(0);
    // The record changed without an account notification (a dropped one): only the logs say so.
    mocks.chain.set(
      betAccount,
      betData({ state: BetState.Settled, result: BetResult.Win, timestamp: 1_790_000_104n }),
    );
    act(() => {
      for (const listener of mocks.logListeners) listener(revealNotification(12));
    });
    for (let i = 0; i < 50 && result.current?.status === 'waiting'; i++) {
      await act(() => vi.advanceTimersByTimeAsync(1));
    }
    // Well before the next poll (BET_POLL_INTERVAL_MS).
    expect(result.current).toMatchObject({
      status: 'win',
      randomValue: 12,
      settleSignature: 'sig-reveal-ws',
    });
  });

  it("gives up with 'Bet timed out!' after BET_POLL_TIMEOUT_MS", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    mocks.chain.set(
      betAccount,
      betData({ state: BetState.Open, result: BetResult.None, timestamp: 1_790_000_100n }),
    );
    const { result } = renderHook(() => useBetOutcome(placed), { wrapper: wrapper() });
    for (let t = 0; t < BET_POLL_TIMEOUT_MS - BET_POLL_INTERVAL_MS; t += BET_POLL_INTERVAL_MS) {
      await act(() => vi.advanceTimersByTimeAsync(BET_POLL_INTERVAL_MS));
    }
    await act(() => vi.advanceTimersByTimeAsync(BET_POLL_INTERVAL_MS - 1));
    expect(result.current).toEqual({ status: 'waiting' });
    // It polled all along, about every 3 s.
    expect(mocks.chain.reads).toBeGreaterThanOrEqual(BET_POLL_TIMEOUT_MS / BET_POLL_INTERVAL_MS - 2);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(result.current).toEqual({ status: 'timeout' });
    // And stops once it gave up.
    const reads = mocks.chain.reads;
    await act(() => vi.advanceTimersByTimeAsync(BET_POLL_INTERVAL_MS * 3));
    expect(mocks.chain.reads).toBe(reads);
    expect(betErrorMessage(new Error(ERROR_MESSAGES.betTimedOut))).toBe('Bet timed out!');
  });
});

describe('useClaimBet', () => {
  it('sends claim_bet then the instructions after it, with the co-signer', async () => {
    mocks.send.mockResolvedValue('sig-claim');
    const after: Instruction = {
      programAddress: address('11111111111111111111111111111111'),
      data: new Uint8Array([1]),
    };
    const cosign = vi.fn((wire: string) => Promise.resolve(wire));
    const { result } = renderHook(() => useClaimBet(), { wrapper: wrapper() });
    await act(async () => {
      await result.current.claim({ sol: false, after: [after], cosign });
    });
    const [input] = mocks.send.mock.calls[0]!;
    expect(names(input.instructions)).toEqual(['claim_bet', null]);
    expect(getClaimBetInstructionDataCodec().decode(input.instructions[0]!.data!)).toEqual({ sol: false });
    expect(input.instructions[1]).toBe(after);
    expect(input.cosign).toBe(cosign);
  });

  it('claims as SOL on its own', async () => {
    mocks.send.mockResolvedValue('sig-claim');
    const { result } = renderHook(() => useClaimBet(), { wrapper: wrapper() });
    await act(async () => {
      await result.current.claim({ sol: true });
    });
    const [input] = mocks.send.mock.calls[0]!;
    expect(names(input.instructions)).toEqual(['claim_bet']);
    expect(getClaimBetInstructionDataCodec().decode(input.instructions[0]!.data!)).toEqual({ sol: true });
    expect(input.cosign).toBeUndefined();
  });
});
