/**
 * The Wager bet records and bets, on the server's database (PGlite, or PostgreSQL with
 * `TEST_DATABASE_URL`): a transaction's bet recorded once, a reveal recorded by the settler and the indexer
 * in either order changing the state once, refunds and claims never twice.
 */

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { openTestDatabase, type TestDatabase } from '../../test/harness.ts';
import type { Database } from '../db/database.ts';
import { WagerBetRepository, type BetReveal, type NewBet } from './wager-bet-repository.ts';

let testDb: TestDatabase;
let db: Database;
let bets: WagerBetRepository;

beforeAll(async () => {
  testDb = await openTestDatabase();
  db = testDb.db;
  bets = new WagerBetRepository(db);
}, 120_000);
afterAll(() => testDb.close());

let serial = 0;
const unique = (prefix: string): string =>
  `${prefix}-${(serial += 1)}-${Math.random().toString(36).slice(2)}`;
const SEED = 'ab'.repeat(32);

function newBet(overrides: Partial<NewBet> = {}): NewBet {
  return {
    signature: unique('create'),
    slot: 100,
    txIndex: 0,
    bet: unique('record'),
    user: unique('user'),
    betType: 'sol',
    mint: 'So11111111111111111111111111111111111111112',
    odds: 50,
    betAmount: 1_000n,
    fee: 30n,
    listingPrice: 2_000n,
    referral: null,
    placedAt: new Date(1_700_000_000_000),
    sequence: 7n,
    playerSeed: SEED,
    ...overrides,
  };
}

function reveal(bet: NewBet, overrides: Partial<BetReveal> = {}): BetReveal {
  return {
    bet: bet.bet,
    sequence: bet.sequence,
    signature: unique('reveal'),
    seed: 'cd'.repeat(32),
    outcome: 'settled',
    slotHash: 'ef'.repeat(32),
    result: null,
    roll: 10,
    referralFee: 0n,
    settledAt: new Date(1_700_000_001_000),
    afterRefund: false,
    userPaid: 0n,
    ...overrides,
  };
}

async function stateOf(id: number): Promise<Record<string, unknown>> {
  const [row] = await db.query(
    `SELECT state, result, reveal_signature, refund_signature, claim_signature, settle_signature, random_value
     FROM bets WHERE id = $1`,
    [id],
  );
  return row!;
}

describe('WagerBetRepository', () => {
  it('records a bet record once, and knows its referral', async () => {
    const account = {
      bet: unique('record'),
      user: unique('user'),
      referral: 'referrer',
      signature: unique('init'),
    };
    await bets.recordAccount(db, account);
    await bets.recordAccount(db, { ...account, referral: null, signature: unique('init') });
    expect(await bets.accountReferral(account.bet)).toBe('referrer');
    expect(await bets.accountReferral(unique('never-seen'))).toBeUndefined();
    expect(await bets.knownAccounts([account.bet, 'nope'])).toEqual(new Set([account.bet]));
    expect(await bets.knownAccounts([])).toEqual(new Set());
  });

  it("records a transaction's bet once: re-applying it returns null and adds no row", async () => {
    const bet = newBet();
    const row = await bets.insert(db, bet);
    expect(row).toMatchObject({ signature: bet.signature, bet_amount: 1_000n, odds: 50, result: 'None' });
    expect(await bets.insert(db, bet)).toBeNull();
    const [count] = await db.query<{ n: number }>(
      'SELECT count(*)::int8 AS n FROM bets WHERE bet_address = $1',
      [bet.bet],
    );
    expect(count?.n).toBe(1);
  });

  it('settles a reveal once, whoever records it first, and a second record changes nothing', async () => {
    const bet = newBet();
    const row = (await bets.insert(db, bet))!;
    const first = reveal(bet, { roll: 10 });
    const settled = await bets.recordReveal(db, first);
    expect(settled).toMatchObject({ id: row.id, result: 'Win' });
    const after = await stateOf(row.id);
    expect(after).toMatchObject({
      state: 'Settled',
      result: 'Win',
      reveal_signature: first.signature,
      random_value: 10,
    });
    // The same transaction recorded again (the indexer after the settler): the same row, the same state.
    expect(await bets.recordReveal(db, first)).toMatchObject({ id: row.id, result: 'Win' });
    expect(await stateOf(row.id)).toEqual(after);
    // Claimed meanwhile: a late second record of the reveal keeps the claim.
    await bets.recordClaim(db, bet.bet, unique('claim'));
    const claimed = await stateOf(row.id);
    expect(claimed.state).toBe('Claimed');
    await bets.recordReveal(db, first);
    expect(await stateOf(row.id)).toEqual(claimed);
  });

  it('fills in a sequence the creation could not read, and finds no bet for an unknown record', async () => {
    const bet = newBet({ sequence: null });
    const row = (await bets.insert(db, bet))!;
    await bets.recordReveal(db, reveal(bet, { sequence: 42n, roll: 90 }));
    const [stored] = await db.query<{ sequence: number; result: string }>(
      'SELECT sequence, result FROM bets WHERE id = $1',
      [row.id],
    );
    expect(stored).toEqual({ sequence: 42, result: 'Loss' });
    expect(await bets.recordReveal(db, reveal(newBet()))).toBeNull();
  });

  it('refunds an open bet once, and a refund after an `earlier` reveal adds only its signature', async () => {
    const open = newBet();
    const openRow = (await bets.insert(db, open))!;
    const refund = unique('refund');
    await bets.recordRefund(db, open.bet, refund);
    await bets.recordRefund(db, open.bet, unique('refund-again'));
    expect(await stateOf(openRow.id)).toMatchObject({ state: 'Refunded', refund_signature: refund });

    const earlier = newBet();
    const earlierRow = (await bets.insert(db, earlier))!;
    await bets.recordReveal(db, reveal(earlier, { outcome: 'earlier', slotHash: null, roll: null }));
    expect(await stateOf(earlierRow.id)).toMatchObject({ state: 'Refunded', refund_signature: null });
    const late = unique('refund');
    await bets.recordRefundOf(earlierRow.id, late);
    await bets.recordRefundOf(earlierRow.id, unique('refund-again'));
    expect(await stateOf(earlierRow.id)).toMatchObject({ state: 'Refunded', refund_signature: late });
  });

  it('claims only a settled win', async () => {
    const bet = newBet();
    const row = (await bets.insert(db, bet))!;
    await bets.recordClaim(db, bet.bet, unique('claim'));
    expect((await stateOf(row.id)).state).toBe('Open');
    await bets.recordReveal(db, reveal(bet, { roll: 99 }));
    await bets.recordClaim(db, bet.bet, unique('claim'));
    expect(await stateOf(row.id)).toMatchObject({ state: 'Settled', result: 'Loss', claim_signature: null });
  });
});
