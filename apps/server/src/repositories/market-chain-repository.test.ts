/**
 * The chain's side of the Prophecy markets, on the server's database (PGlite, or PostgreSQL with
 * `TEST_DATABASE_URL`): a transaction's market bet recorded once, a prediction's amount to its total or
 * topped up, the result before an update, and the market settler's records made once.
 */

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { insertMarketRow } from '../../test/db-rows.ts';
import { openTestDatabase, type TestDatabase } from '../../test/harness.ts';
import type { Database } from '../db/database.ts';
import { MarketChainRepository, type NewMarketBet } from './market-chain-repository.ts';

let testDb: TestDatabase;
let db: Database;
let markets: MarketChainRepository;

beforeAll(async () => {
  testDb = await openTestDatabase();
  db = testDb.db;
  markets = new MarketChainRepository(db);
}, 120_000);
afterAll(() => testDb.close());

let serial = 0;
const unique = (prefix: string): string =>
  `${prefix}-${(serial += 1)}-${Math.random().toString(36).slice(2)}`;

async function newMarket(): Promise<string> {
  const address = unique('market');
  await insertMarketRow(db, { address, yesPool: 0n, noPool: 0n, result: null });
  return address;
}

async function marketRow(address: string): Promise<Record<string, unknown>> {
  const [row] = await db.query(
    `SELECT yes_pool, no_pool, yes_count, no_count, result, is_settled, settled_count, resolve_signature
     FROM markets WHERE address = $1`,
    [address],
  );
  return row!;
}

describe('MarketChainRepository', () => {
  it("records a prediction and its transaction's bet once, and moves the pools", async () => {
    const market = await newMarket();
    const prediction = unique('prediction');
    const user = unique('user');
    await markets.recordPrediction(db, { prediction, market, user, side: 'Yes', total: null, added: 100n });
    await markets.recordPrediction(db, { prediction, market, user, side: 'Yes', total: null, added: 50n });
    expect(await markets.predictionSide(prediction)).toBe('Yes');
    const [topped] = await db.query('SELECT amount FROM predictions WHERE address = $1', [prediction]);
    expect(topped).toEqual({ amount: 150n });
    // The event's total wins over what was added.
    await markets.recordPrediction(db, { prediction, market, user, side: 'Yes', total: 400n, added: 1n });
    const [total] = await db.query('SELECT amount FROM predictions WHERE address = $1', [prediction]);
    expect(total).toEqual({ amount: 400n });
    expect(await markets.predictionSide(unique('missing'))).toBeNull();

    const bet: NewMarketBet = {
      signature: unique('tx'),
      slot: 1,
      txIndex: 0,
      market,
      prediction,
      user,
      side: 'Yes',
      amount: 100n,
      placedAt: new Date(0),
    };
    expect(await markets.recordBet(db, bet)).not.toBeNull();
    expect(await markets.recordBet(db, bet)).toBeNull();
    expect(await markets.addToPool(db, market, 'Yes', 100n, true)).toBe(true);
    expect(await markets.addToPool(db, market, 'No', 30n, false)).toBe(true);
    expect(await markets.addToPool(db, unique('missing'), 'No', 30n, true)).toBe(false);
    expect(await marketRow(market)).toMatchObject({
      yes_pool: 100n,
      no_pool: 30n,
      yes_count: 1,
      no_count: 0,
    });
    const results = await markets.betResults(market, 50);
    expect(results).toEqual([expect.objectContaining({ side: 'Yes', amount: 100n, market_result: null })]);
  });

  it('tells the result before a state update, and nothing for a market without a row', async () => {
    const market = await newMarket();
    const state = {
      yesCount: 1,
      noCount: 1,
      yesPool: 10n,
      noPool: 20n,
      everyPredictionPaid: false,
      settledCount: 0,
      result: 'No' as const,
    };
    expect(await markets.recordState(db, market, state)).toEqual({ previous: null });
    expect(await markets.recordState(db, market, { ...state, settledCount: 1 })).toEqual({ previous: 'No' });
    expect(await markets.recordState(db, unique('missing'), state)).toBeNull();
  });

  it('keeps the first result found on chain, and marks a market settled once', async () => {
    const market = await newMarket();
    await markets.recordResultIfUnresolved(market, 'Invalid', 'expire-1');
    await markets.recordResultIfUnresolved(market, 'Yes', 'resolve-2');
    expect(await marketRow(market)).toMatchObject({ result: 'Invalid', resolve_signature: 'expire-1' });
    expect(await markets.resolvedUnsettled(1_000)).toContain(market);
    await markets.recordSettledCount(market, 2);
    expect(await markets.markSettled(market, null)).toBe(true);
    expect(await markets.markSettled(market, 5)).toBe(false);
    expect(await marketRow(market)).toMatchObject({ is_settled: true, settled_count: 2 });
    expect(await markets.resolvedUnsettled(1_000)).not.toContain(market);
    // The seeded markets end at 3 (unix seconds).
    const open = await newMarket();
    expect(await markets.unresolvedEndedBy(3, 1_000)).toContain(open);
    expect(await markets.unresolvedEndedBy(2, 1_000)).not.toContain(open);
  });
});
