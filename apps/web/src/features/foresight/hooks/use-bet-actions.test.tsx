import { Prediction, type PredictionArgs } from '@arcade/sdk/foresight/accounts';
import {
  getPlaceBetInstructionDataCodec,
  identifyForesightInstruction,
  type ForesightInstruction,
} from '@arcade/sdk/foresight/instructions';
import { findBetAddress } from '@arcade/sdk/foresight/pda';
import { foresightPayout } from '@arcade/sdk/payout';
import type { Address } from '@solana/kit';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { setRuntimeConfig } from '../../../config/runtime-config.ts';
import { toast, useToasts } from '../../../lib/toast.ts';
import { MockChain, RENT, testConfig } from '../../../testing/mock-chain.ts';
import { claimInstruction } from '../api/bet-instructions.ts';
import { FakeForesightProgram } from '../../../testing/fake-foresight-program.ts';
import { useBetActions, type ClaimRequest, type PlaceBetRequest } from './use-bet-actions.ts';

const mocks = vi.hoisted(() => ({
  play: vi.fn(),
  send: vi.fn<(input: { instructions: readonly ForesightInstruction[] }) => Promise<string>>(),
}));

vi.mock('../../../lib/sound.ts', () => ({ usePlaySound: () => mocks.play }));

vi.mock('../../../lib/wallet/use-send-transaction.ts', () => ({
  useSendTransaction: () => mocks.send,
}));

const PROGRAM = '2zbSipoCc7d7gcPUrfD8XTWT1CsbB4rFn7oiMWorZ29X' as Address;
const USER = '7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU' as Address;
const CONFIG = 'EvbpSsAx7gv2HNN5K5rE2NpXsAgTZjaSqLkztCW1jpJx' as Address;
const ROUND = '7c312Q2TPGbTyR8tBFHArfVmwzQagU6QMneCdLxD8ZV' as Address;

function setup() {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return renderHook(() => ({ actions: useBetActions('SOL', USER), toasts: useToasts() }), { wrapper });
}

/** Renders the hook and places a bet on round #10. */
function placeBet(side: PlaceBetRequest['side'], amount: bigint) {
  const hook = setup();
  act(() => {
    hook.result.current.actions.placeBet.mutate({ config: CONFIG, round: ROUND, roundId: 10, side, amount });
  });
  return hook;
}

/** Renders the hook and collects `amount` of round #9. */
function claim(kind: ClaimRequest['kind'], amount: bigint) {
  const hook = setup();
  act(() => {
    hook.result.current.actions.claim.mutate({ kind, config: CONFIG, round: ROUND, roundId: 9, amount });
  });
  return hook;
}

const texts = (toasts: ReturnType<typeof useToasts>) => toasts.map((t) => `${t.kind}: ${t.message}`);

beforeEach(() => {
  setRuntimeConfig(testConfig({ programs: { wager: PROGRAM, foresight: PROGRAM } }));
  mocks.send.mockReset();
  mocks.play.mockReset();
  toast.clear();
});

afterEach(() => {
  toast.clear();
});

describe('useBetActions', () => {
  it('sends one bet for a double click: the second call while the first is in flight does nothing', async () => {
    let resolve!: (signature: string) => void;
    mocks.send.mockReturnValue(new Promise((r) => (resolve = r)));
    const { result } = setup();
    const request = { config: CONFIG, round: ROUND, roundId: 10, side: 'up', amount: 100_000_000n } as const;
    act(() => {
      result.current.actions.place(request);
      result.current.actions.place(request);
    });
    await waitFor(() => {
      expect(mocks.send).toHaveBeenCalledTimes(1);
    });
    await act(async () => {
      resolve('sig');
      await Promise.resolve();
    });
    await waitFor(() => {
      expect(result.current.actions.placeBet.isSuccess).toBe(true);
    });
    // Once it landed, the next bet goes out.
    act(() => {
      result.current.actions.place(request);
    });
    await waitFor(() => {
      expect(mocks.send).toHaveBeenCalledTimes(2);
    });
  });

  it('collects once for a double click', async () => {
    mocks.send.mockReturnValue(new Promise(() => undefined));
    const { result } = setup();
    const request = { kind: 'settle', config: CONFIG, round: ROUND, roundId: 10, amount: 1n } as const;
    act(() => {
      result.current.actions.collect(request);
      result.current.actions.collect(request);
    });
    await waitFor(() => {
      expect(mocks.send).toHaveBeenCalledTimes(1);
    });
    await Promise.resolve();
    expect(mocks.send).toHaveBeenCalledTimes(1);
  });

  it('places a bet: a pending toast, the place_bet instruction for the live round, then success', async () => {
    let resolve!: (signature: string) => void;
    mocks.send.mockReturnValue(new Promise((r) => (resolve = r)));
    const { result } = placeBet('up', 100_000_000n);
    await waitFor(() => {
      expect(mocks.send).toHaveBeenCalledOnce();
    });
    expect(texts(result.current.toasts)).toEqual(['info: Placing 0.10 SOL on Up in round #10…']);
    expect(result.current.actions.placeBet.isPending).toBe(true);

    const [instruction] = mocks.send.mock.calls[0]![0].instructions;
    expect(instruction!.programAddress).toBe(PROGRAM);
    expect(identifyForesightInstruction(instruction!.data)).toBe('place_bet');
    expect(getPlaceBetInstructionDataCodec().decode(instruction!.data)).toMatchObject({
      prediction: Prediction.Up,
      amount: 100_000_000n,
    });
    const [bet] = await findBetAddress(ROUND, USER, { programAddress: PROGRAM });
    expect(instruction!.accounts.map((meta) => meta.address)).toEqual([
      USER,
      CONFIG,
      ROUND,
      bet,
      '11111111111111111111111111111111',
    ]);

    await act(async () => {
      resolve('sig');
      await Promise.resolve();
    });
    await waitFor(() => {
      expect(texts(result.current.toasts)).toEqual(['success: Bet placed: 0.10 SOL on Up in round #10']);
    });
    expect(result.current.actions.placeBet.isSuccess).toBe(true);
    expect(mocks.play).toHaveBeenCalledWith('bet');
  });

  it('shows a failed bet as the caller message, then the error text', async () => {
    mocks.send.mockRejectedValue(
      new Error('Error in transaction: instruction index 2, custom program error 6009 (EventLocked)'),
    );
    const { result } = placeBet('down', 20_000_000n);
    await waitFor(() => {
      expect(result.current.actions.placeBet.isError).toBe(true);
    });
    expect(texts(result.current.toasts)).toEqual([
      'error: Failed to place bet',
      'error: Error in transaction: instruction index 2, custom program error 6009 (EventLocked)',
    ]);
    expect(mocks.play).not.toHaveBeenCalled();
  });

  it('settles a win with settle_bet and says Claimed successfully!', async () => {
    mocks.send.mockResolvedValue('sig');
    const { result } = claim('settle', 1n);
    await waitFor(() => {
      expect(texts(result.current.toasts)).toEqual(['success: Claimed successfully!']);
    });
    const [instruction] = mocks.send.mock.calls[0]![0].instructions;
    expect(identifyForesightInstruction(instruction!.data)).toBe('settle_bet');
    expect(instruction!.accounts[0]!.address).toBe(USER);
  });

  it('withdraws a bet of an invalid round with withdraw_bet and shows the refund', async () => {
    mocks.send.mockResolvedValue('sig');
    const { result } = claim('withdraw', 250_000_000n);
    await waitFor(() => {
      expect(texts(result.current.toasts)).toEqual(['success: Refunded 0.25 SOL']);
    });
    expect(identifyForesightInstruction(mocks.send.mock.calls[0]![0].instructions[0]!.data)).toBe(
      'withdraw_bet',
    );
  });

  it('shows a failed settle with the spec failure toast', async () => {
    mocks.send.mockRejectedValue(new Error('User Rejected Transaction'));
    const { result } = claim('settle', 1n);
    await waitFor(() => {
      expect(texts(result.current.toasts)).toEqual([
        'error: Failed to claim winnings',
        'error: User Rejected Transaction',
      ]);
    });
  });
});

describe('useBetActions: collecting closes the bet account', () => {
  const SOL = 1_000_000_000n;
  /** The round's account: its rent plus the pot it still owes. */
  const POT = 3n * SOL;
  let chain: MockChain;
  let program: FakeForesightProgram;
  let bet: Address;

  /** Round #9 settled with `result`; the user's unpaid 1 SOL bet on Up in it. */
  async function seed(result: PredictionArgs, pools: { up: bigint; down: bigint }): Promise<void> {
    await program.seedRound({
      id: 9,
      event: ROUND,
      user: USER,
      config: CONFIG,
      result,
      upPool: pools.up,
      downPool: pools.down,
      downCount: pools.down === 0n ? 0 : 1,
      eventLamports: RENT + POT,
    });
  }

  beforeEach(async () => {
    chain = new MockChain(PROGRAM);
    chain.balances.set(USER, 2n * SOL);
    program = new FakeForesightProgram(chain, PROGRAM);
    mocks.send.mockImplementation(program.sender(USER));
    [bet] = await findBetAddress(ROUND, USER, { programAddress: PROGRAM });
  });

  /** The names of the instructions sent and the bet each acts on. */
  const sentBets = () =>
    mocks.send.mock.calls[0]![0].instructions.map((instruction) => ({
      name: identifyForesightInstruction(instruction.data),
      bet: instruction.accounts.at(-1)!.address,
    }));

  it('settles a win with settle_bet then close_bet in one transaction: payout and deposit arrive together', async () => {
    await seed('Up', { up: SOL, down: 2n * SOL });
    const payout = foresightPayout(SOL, SOL, 2n * SOL, 'up');
    const { result } = claim('settle', SOL);
    await waitFor(() => {
      expect(texts(result.current.toasts)).toEqual(['success: Claimed successfully!']);
    });
    expect(mocks.send).toHaveBeenCalledTimes(1);
    expect(sentBets()).toEqual([
      { name: 'settle_bet', bet },
      { name: 'close_bet', bet },
    ]);
    // close_bet: the user signs, the round is read, the bet account is closed.
    const close = mocks.send.mock.calls[0]![0].instructions[1]!;
    expect(close.accounts.map((meta) => meta.address)).toEqual([USER, ROUND, bet]);
    expect(chain.balances.get(USER)).toBe(2n * SOL + payout + RENT);
    expect(chain.accounts.has(bet)).toBe(false);
  });

  it('withdraws a bet of an invalid round with withdraw_bet then close_bet: stake and deposit back', async () => {
    await seed('Invalid', { up: SOL, down: 0n });
    const { result } = claim('withdraw', SOL);
    await waitFor(() => {
      expect(texts(result.current.toasts)).toEqual(['success: Refunded 1.0 SOL']);
    });
    expect(sentBets()).toEqual([
      { name: 'withdraw_bet', bet },
      { name: 'close_bet', bet },
    ]);
    expect(chain.balances.get(USER)).toBe(2n * SOL + SOL + RENT);
    expect(chain.accounts.has(bet)).toBe(false);
  });

  it('changes nothing when the bet was paid meanwhile: the whole transaction fails', async () => {
    await seed('Up', { up: SOL, down: 2n * SOL });
    // A keeper paid it a moment ago.
    program.run(USER, [await claimInstruction('settle', { user: USER, config: CONFIG, round: ROUND })]);
    const before = chain.balances.get(USER);
    const { result } = claim('settle', SOL);
    await waitFor(() => {
      expect(texts(result.current.toasts)).toEqual([
        'error: Failed to claim winnings',
        'error: Error in transaction: instruction index 2, custom program error 6010',
      ]);
    });
    expect(chain.balances.get(USER)).toBe(before);
    expect(chain.accounts.has(bet)).toBe(true);
  });
});
