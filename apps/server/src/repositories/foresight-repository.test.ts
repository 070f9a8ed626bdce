/**
 * Foresight's rounds, bets and placements, on the server's database (PGlite, or PostgreSQL with
 * `TEST_DATABASE_URL`): a round made once from its account, its first lock and settle signatures kept, a
 * placement recorded once per instruction with the user counted once per round, results decided once.
 */

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { openTestDatabase, type TestDatabase } from '../../test/harness.ts';
import type { Database } from '../db/database.ts';
import { ForesightRepository, type NewPlacement, type RoundState } from './foresight-repository.ts';

let testDb: TestDatabase;
let db: Database;
let foresight: ForesightRepository;

beforeAll(async () => {
  testDb = await openTestDatabase();
  db = testDb.db;
  foresight = new ForesightRepository(db);
}, 120_000);
afterAll(() => testDb.close());

let serial = 0;
const unique = (prefix: string): string =>
  `${prefix}-${(serial += 1)}-${Math.random().toString(36).slice(2)}`;

const roundState = (overrides: Partial<RoundState> = {}): RoundState => ({
  config: unique('config'),
  roundId: 1,
  startTime: 100,
  lockTime: 400,
  settleTime: 700,
  lockPrice: null,
  finalPrice: null,
  upCount: 0,
  downCount: 0,
  upPool: 0n,
  downPool: 0n,
  isSettled: false,
  result: 'None',
  settledCount: 0,
  ...overrides,
});

const placement = (round: string, config: string, overrides: Partial<NewPlacement> = {}): NewPlacement => ({
  bet: unique('bet'),
  config,
  event: round,
  user: unique('user'),
  prediction: 'Up',
  amount: 1_000n,
  signature: unique('place'),
  instructionIndex: 0,
  slot: 10,
  txIndex: 0,
  placedAt: new Date(1_700_000_000_000),
  countInRound: true,
  ...overrides,
});

async function round(address: string): Promise<Record<string, unknown>> {
  const [row] = await db.query(
    `SELECT up_pool, down_pool, up_count, down_count, settled_count, result, lock_signature, settle_signature,
       lock_price FROM foresight_rounds WHERE address = $1`,
    [address],
  );
  return row!;
}

describe('ForesightRepository', () => {
  it('makes a round from its account once, and keeps its first lock and settle signatures', async () => {
    const address = unique('round');
    const state = roundState();
    expect(await foresight.insertRoundIfMissing(db, address, state)).toBe(true);
    expect(await foresight.insertRoundIfMissing(db, address, { ...state, upPool: 9n })).toBe(false);
    expect(await foresight.knownRounds([address, 'missing'])).toEqual(new Set([address]));
    const account = { ...state, lockPrice: 12_345, roundId: 1 };
    const update = {
      round: address,
      settleTime: 700,
      upPool: 5n,
      downPool: 6n,
      result: 'None' as const,
      lockSignature: 'lock-1',
      settleSignature: null,
    };
    await foresight.recordRoundUpdate(db, update, account);
    await foresight.recordRoundUpdate(
      db,
      { ...update, lockSignature: 'lock-2', settleSignature: 'settle-1' },
      null,
    );
    await foresight.recordRoundUpdate(
      db,
      { ...update, result: 'Up', lockSignature: 'lock-3', settleSignature: 'settle-2' },
      { ...account, lockPrice: null },
    );
    expect(await round(address)).toMatchObject({
      result: 'Up',
      lock_signature: 'lock-1',
      settle_signature: 'settle-1',
      lock_price: 12_345,
    });
  });

  it('records a placement once per instruction and counts a user once per round', async () => {
    const address = unique('round');
    const state = roundState();
    await foresight.insertRoundIfMissing(db, address, state);
    const first = placement(address, state.config);
    const id = await foresight.recordPlacement(db, first);
    expect(id).not.toBeNull();
    // The same instruction again: no new placement (its id is null).
    expect(await foresight.recordPlacement(db, { ...first, amount: 0n })).toBeNull();
    // A top-up: a new placement, the bet grows, the user is not counted again.
    expect(
      await foresight.recordPlacement(db, { ...first, signature: unique('topup'), amount: 500n }),
    ).not.toBeNull();
    await foresight.recordPlacement(
      db,
      placement(address, state.config, { prediction: 'Down', amount: 700n }),
    );
    // A round made from its account at this bet already holds it.
    await foresight.recordPlacement(db, placement(address, state.config, { countInRound: false }));
    expect(await round(address)).toMatchObject({
      up_pool: 1_500n,
      down_pool: 700n,
      up_count: 1,
      down_count: 1,
    });
    const [bet] = await db.query('SELECT amount FROM foresight_bets WHERE address = $1', [first.bet]);
    expect(bet).toEqual({ amount: 1_500n });
  });

  it('decides a round once, and a refund from an Invalid round is neither won nor lost', async () => {
    const address = unique('round');
    const state = roundState();
    await foresight.insertRoundIfMissing(db, address, state);
    const up = placement(address, state.config);
    const down = placement(address, state.config, { prediction: 'Down' });
    await foresight.recordPlacement(db, up);
    await foresight.recordPlacement(db, down);
    expect((await foresight.decideRound(db, address, 'Up')).sort()).toEqual([up.bet, down.bet].sort());
    expect(await foresight.decideRound(db, address, 'Up')).toEqual([]);
    // Paid after the round decided it: nothing newly decided.
    const payout = { bet: up.bet, event: address, won: true, winAmount: 1_900n, signature: unique('paid') };
    expect(await foresight.recordPayout(db, payout)).toEqual([]);
    expect(await round(address)).toMatchObject({ settled_count: 1 });
    const results = await foresight.placementResults([up.bet, down.bet], 1_000);
    expect(results.map((row) => [row.prediction, row.won])).toEqual([
      ['Up', true],
      ['Down', false],
    ]);

    const invalid = unique('round');
    await foresight.insertRoundIfMissing(db, invalid, roundState({ result: 'Invalid', isSettled: true }));
    const refunded = placement(invalid, state.config);
    await foresight.recordPlacement(db, refunded);
    expect(
      await foresight.recordPayout(db, {
        ...payout,
        bet: refunded.bet,
        event: invalid,
        won: false,
        winAmount: 1_000n,
      }),
    ).toEqual([]);
    const [row] = await db.query('SELECT won, is_settled FROM foresight_bets WHERE address = $1', [
      refunded.bet,
    ]);
    expect(row).toEqual({ won: null, is_settled: true });
    expect(await foresight.placementResults([], 10)).toEqual([]);
  });
});
