/**
 * The indexer's bookkeeping and the referral vaults, on the server's database (PGlite, or PostgreSQL with
 * `TEST_DATABASE_URL`): a transaction is recorded once (within a batch and across batches), the cursors
 * move, a vault keeps its last balance and a claim is recorded once.
 */

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { openTestDatabase, type TestDatabase } from '../../test/harness.ts';
import type { Database } from '../db/database.ts';
import { IndexerRepository, type IndexedSignature } from './indexer-repository.ts';
import { ReferralVaultRepository } from './referral-vault-repository.ts';

let testDb: TestDatabase;
let db: Database;

beforeAll(async () => {
  testDb = await openTestDatabase();
  db = testDb.db;
}, 120_000);
afterAll(() => testDb.close());

let serial = 0;
const unique = (prefix: string): string =>
  `${prefix}-${(serial += 1)}-${Math.random().toString(36).slice(2)}`;

const signature = (overrides: Partial<IndexedSignature> = {}): IndexedSignature => ({
  signature: unique('sig'),
  slot: 10,
  txIndex: 0,
  failed: false,
  events: 1,
  blockTime: 1_700_000_000,
  ...overrides,
});

describe('IndexerRepository', () => {
  it('records each transaction once: a repeat in the batch and a re-applied batch are not new', async () => {
    const indexed = new IndexerRepository(db);
    const [a, b] = [signature(), signature({ failed: true, events: 0, blockTime: null })];
    const fresh = await db.transaction((tx) => indexed.recordSignatures(tx, [a, b, { ...a, slot: 99 }]));
    expect(fresh).toEqual(new Set([a.signature, b.signature]));
    expect(await db.transaction((tx) => indexed.recordSignatures(tx, [a, b]))).toEqual(new Set());
    const c = signature();
    expect(await db.transaction((tx) => indexed.recordSignatures(tx, [a, c]))).toEqual(
      new Set([c.signature]),
    );
    expect(await indexed.applied([a.signature, c.signature, 'never'])).toEqual(
      new Set([a.signature, c.signature]),
    );
    expect(await indexed.recordSignatures(db, [])).toEqual(new Set());
    const [row] = await db.query(
      'SELECT slot, failed, events, block_time FROM indexed_signatures WHERE signature = $1',
      [a.signature],
    );
    // The first record of a signature in a batch is the one kept.
    expect(row).toEqual({ slot: 10, failed: false, events: 1, block_time: 1_700_000_000 });
  });

  it('stores and moves each program cursor, rolled back with its transaction', async () => {
    const indexed = new IndexerRepository(db);
    await indexed.saveCursor(db, 'wager', { signature: 'w1', slot: 5, txIndex: 2 });
    await indexed.saveCursor(db, 'wager', { signature: 'w2', slot: 6, txIndex: 0 });
    await expect(
      db.transaction(async (tx) => {
        await indexed.saveCursor(tx, 'foresight', { signature: 'f1', slot: 7, txIndex: 1 });
        throw new Error('crash before commit');
      }),
    ).rejects.toThrow('crash before commit');
    const cursors = await indexed.cursors();
    expect(cursors.get('wager')).toEqual({ signature: 'w2', slot: 6, txIndex: 0 });
    expect(cursors.has('foresight')).toBe(false);
  });
});

describe('ReferralVaultRepository', () => {
  it("keeps a vault's last balance and records a claim once", async () => {
    const vaults = new ReferralVaultRepository(db);
    const referrer = unique('referrer');
    await vaults.recordBalance(db, { referrer, vault: 'vault', lamports: 5_000n, signature: 's1' });
    await vaults.recordBalance(db, { referrer, vault: 'vault', lamports: 1_000n, signature: 's2' });
    expect(await vaults.balance(referrer)).toEqual({
      referrer,
      vault: 'vault',
      lamports: 1_000n,
      signature: 's2',
    });
    expect(await vaults.balance(unique('nobody'))).toBeNull();
    const claim = {
      source: unique('s2:0'),
      signature: 's2',
      referrer,
      amount: 4_000n,
      claimedAt: new Date(0),
    };
    expect(await vaults.recordClaim(db, claim)).toBe(true);
    expect(await vaults.recordClaim(db, { ...claim, amount: 9n })).toBe(false);
    const rows = await db.query('SELECT amount FROM referral_claims WHERE referrer = $1', [referrer]);
    expect(rows).toEqual([{ amount: 4_000n }]);
  });
});
