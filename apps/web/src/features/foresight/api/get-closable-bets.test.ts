import { encodeBet, type PredictionArgs } from '@arcade/sdk/foresight/accounts';
import type { Address } from '@solana/kit';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { setRuntimeConfig } from '../../../config/runtime-config.ts';
import { fakeAddress, MockChain, RENT, testConfig } from '../../../testing/mock-chain.ts';
import { FakeForesightProgram } from '../../../testing/fake-foresight-program.ts';
import { closeBetInstruction } from './bet-instructions.ts';
import { fetchClosableBets } from './get-closable-bets.ts';

const PROGRAM = fakeAddress(3);
const USER = fakeAddress(1);
const OTHER = fakeAddress(2);
const CONFIG = fakeAddress(4);
const SOL = 1_000_000_000n;

const mocks = vi.hoisted(() => ({ chain: null as unknown as MockChain }));

vi.mock('../../../lib/wallet/rpc.ts', () => ({
  getRpc: () => mocks.chain.rpc(),
  getRpcSubscriptions: () => mocks.chain.subscriptions(),
}));

let chain: MockChain;
let program: FakeForesightProgram;

/** The round's state and the user's bet in it. */
interface Case {
  readonly name: string;
  readonly round: { readonly settled: boolean; readonly result: PredictionArgs } | 'closed';
  readonly bet: { readonly side: 'Up' | 'Down'; readonly paid: boolean; readonly user?: Address } | null;
  readonly closable: boolean;
}

const CASES: readonly Case[] = [
  {
    name: 'a lost bet',
    round: { settled: true, result: 'Up' },
    bet: { side: 'Down', paid: false },
    closable: true,
  },
  {
    name: 'a paid win',
    round: { settled: true, result: 'Up' },
    bet: { side: 'Up', paid: true },
    closable: true,
  },
  {
    name: 'a refunded bet',
    round: { settled: true, result: 'Invalid' },
    bet: { side: 'Up', paid: true },
    closable: true,
  },
  {
    name: 'an unpaid win',
    round: { settled: true, result: 'Down' },
    bet: { side: 'Down', paid: false },
    closable: false,
  },
  {
    name: 'a bet to withdraw',
    round: { settled: true, result: 'Invalid' },
    bet: { side: 'Down', paid: false },
    closable: false,
  },
  {
    name: 'a bet in play',
    round: { settled: false, result: 'None' },
    bet: { side: 'Up', paid: false },
    closable: false,
  },
  { name: 'a bet of a closed round', round: 'closed', bet: { side: 'Up', paid: false }, closable: true },
  { name: 'a round without a bet', round: { settled: true, result: 'Up' }, bet: null, closable: false },
];

/** Writes case `index`'s round (round id index + 1) and bet; returns their addresses. */
async function write(index: number, entry: Case): Promise<{ round: Address; bet: Address }> {
  const { event, bet } = await program.seedRound({
    id: index + 1,
    event: fakeAddress(100 + index),
    user: USER,
    config: CONFIG,
    ...(entry.round === 'closed'
      ? { closed: true }
      : { settled: entry.round.settled, result: entry.round.result }),
    eventLamports: RENT + 2n * SOL,
    ...(entry.bet === null
      ? { noBet: true }
      : { side: entry.bet.side, paid: entry.bet.paid, betUser: entry.bet.user ?? USER }),
    betLamports: RENT + BigInt(index),
  });
  return { round: event, bet };
}

beforeEach(() => {
  setRuntimeConfig(testConfig({ programs: { wager: fakeAddress(9), foresight: PROGRAM } }));
  chain = new MockChain(PROGRAM);
  mocks.chain = chain;
  program = new FakeForesightProgram(chain, PROGRAM);
});

describe('fetchClosableBets', () => {
  it('finds exactly the bets close_bet accepts, with the lamports each gives back', async () => {
    const written: { round: Address; bet: Address }[] = [];
    for (const [index, entry] of CASES.entries()) written.push(await write(index, entry));
    const rounds = written.map((w) => w.round);
    // The history lists a round once per bet, newest first; a repeat is read once.
    const closable = await fetchClosableBets(USER, [...rounds].reverse().concat(rounds[0]!));
    const expected = CASES.flatMap((entry, index) =>
      entry.closable
        ? [
            {
              bet: written[index]!.bet,
              round: written[index]!.round,
              roundId: entry.round === 'closed' ? null : index + 1,
              deposit: RENT + BigInt(index),
            },
          ]
        : [],
    );
    expect(closable).toEqual([...expected].sort((a, b) => (a.roundId ?? 0) - (b.roundId ?? 0)));
    expect(chain.multipleReads).toBe(1);

    // The program's rule agrees, case by case: close_bet lands for these and fails for the others.
    for (const [index, entry] of CASES.entries()) {
      if (entry.bet === null) continue;
      const close = await closeBetInstruction({ user: USER, round: written[index]!.round });
      let landed = true;
      try {
        program.run(USER, [close]);
      } catch {
        landed = false;
      }
      expect({ name: entry.name, landed }).toEqual({ name: entry.name, landed: entry.closable });
    }
  });

  it("leaves out an account at the PDA that is not the user's bet in that round", async () => {
    const { round, bet } = await write(0, CASES[0]!);
    chain.set(
      bet,
      encodeBet({ event: round, amount: SOL, prediction: 'Down', isSettled: false, user: OTHER }),
    );
    expect(await fetchClosableBets(USER, [round])).toEqual([]);
    chain.set(
      bet,
      encodeBet({ event: fakeAddress(77), amount: SOL, prediction: 'Down', isSettled: false, user: USER }),
    );
    expect(await fetchClosableBets(USER, [round])).toEqual([]);
    chain.set(bet, new Uint8Array(82).fill(7));
    expect(await fetchClosableBets(USER, [round])).toEqual([]);
  });

  it('reads nothing for no rounds', async () => {
    expect(await fetchClosableBets(USER, [])).toEqual([]);
    expect(chain.multipleReads).toBe(0);
  });
});
