/**
 * `FAIRNESS_SECRET_HEX`: a local-only master secret from which the settler derives its hash chains, so an
 * end-to-end test knows every seed (and so every roll) in advance. Refused with a real cluster; without it
 * the chains stay random.
 */

import { createHmac } from 'node:crypto';

import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';

import { openTestDatabase, type TestDatabase } from '../../../test/harness.ts';
import { FAIRNESS_SECRET_LOCAL_ONLY, loadEnv } from '../../config/env.ts';
import { chainSecretOptions } from './bet-settler-worker.ts';
import { FairnessRepository } from './fairness-repository.ts';
import { deterministicChainSecret, hashChain, SEED_BYTES, toHex } from './provably-fair.ts';

const MASTER_HEX = '5e'.repeat(SEED_BYTES);
const master = Uint8Array.from(Buffer.from(MASTER_HEX, 'hex'));

describe('FAIRNESS_SECRET_HEX', () => {
  it('is optional, takes 64 hex digits and refuses anything else', () => {
    expect(loadEnv({}).FAIRNESS_SECRET_HEX).toBeUndefined();
    expect(loadEnv({ FAIRNESS_SECRET_HEX: '' }).FAIRNESS_SECRET_HEX).toBeUndefined();
    expect(loadEnv({ FAIRNESS_SECRET_HEX: MASTER_HEX }).FAIRNESS_SECRET_HEX).toBe(MASTER_HEX);
    for (const bad of ['5e', 'zz'.repeat(SEED_BYTES), '5e'.repeat(SEED_BYTES + 1)]) {
      expect(() => loadEnv({ FAIRNESS_SECRET_HEX: bad })).toThrow(
        'FAIRNESS_SECRET_HEX: must be 64 hex digits (32 bytes)',
      );
    }
  });

  it('is refused with a real cluster (SOLANA_RPC_URL)', () => {
    expect(() =>
      loadEnv({ FAIRNESS_SECRET_HEX: MASTER_HEX, SOLANA_RPC_URL: 'https://api.devnet.solana.com' }),
    ).toThrow(`FAIRNESS_SECRET_HEX: ${FAIRNESS_SECRET_LOCAL_ONLY}`);
  });
});

describe('deterministicChainSecret', () => {
  it('is HMAC-SHA256(master, "arcade:fairness-chain:<ordinal>")', () => {
    const expected = createHmac('sha256', master).update('arcade:fairness-chain:1').digest('hex');
    expect(toHex(deterministicChainSecret(master, 1))).toBe(expected);
  });

  it('gives every ordinal its own 32-byte secret, the same on every call', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: SEED_BYTES, maxLength: SEED_BYTES }),
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.integer({ min: 1, max: 1_000_000 }),
        (key, a, b) => {
          const first = deterministicChainSecret(key, a);
          expect(first).toHaveLength(SEED_BYTES);
          expect(toHex(deterministicChainSecret(key, a))).toBe(toHex(first));
          expect(toHex(deterministicChainSecret(key, b)) === toHex(first)).toBe(a === b);
        },
      ),
    );
  });

  it('refuses an ordinal below 1 or a master of the wrong size', () => {
    expect(() => deterministicChainSecret(master, 0)).toThrow(RangeError);
    expect(() => deterministicChainSecret(master, 1.5)).toThrow(RangeError);
    expect(() => deterministicChainSecret(master.subarray(1), 1)).toThrow(RangeError);
  });
});

describe('the repository with a master secret', () => {
  let database: TestDatabase | null = null;
  afterEach(async () => {
    await database?.close();
    database = null;
  });

  it('makes chain k from the k-th secret, so every seed is known in advance', async () => {
    database = await openTestDatabase();
    const repo = new FairnessRepository(database.db, chainSecretOptions(MASTER_HEX));
    const length = 3;
    const now = new Date();
    const current = await repo.ensureChains(length, now);
    const chains = await repo.listChains();
    const next = chains.find((chain) => chain.status === 'next');
    expect(current.head).toBe(toHex(hashChain(deterministicChainSecret(master, 1), length)[0]!));
    expect(next?.head).toBe(toHex(hashChain(deterministicChainSecret(master, 2), length)[0]!));

    // Bets take s_1, s_2, … of the first chain, then roll over to the second (whose successor is chain 3).
    const seeds1 = hashChain(deterministicChainSecret(master, 1), length).map(toHex);
    const seeds2 = hashChain(deterministicChainSecret(master, 2), length).map(toHex);
    const bets = await insertBets(database, 4);
    const assigned = await repo.assignSeeds(bets, length, now, () => 0);
    expect(bets.map((bet) => assigned.get(bet.id)?.seed)).toEqual([
      seeds1[1],
      seeds1[2],
      seeds1[3],
      seeds2[1],
    ]);
    const third = (await repo.listChains()).find((chain) => chain.status === 'next');
    expect(third?.head).toBe(toHex(hashChain(deterministicChainSecret(master, 3), length)[0]!));
  });

  it('keeps the chains random without one', async () => {
    database = await openTestDatabase();
    const repo = new FairnessRepository(database.db, chainSecretOptions(undefined));
    const current = await repo.ensureChains(3, new Date());
    expect(current.head).not.toBe(toHex(hashChain(deterministicChainSecret(master, 1), 3)[0]!));
  });
});

/** `count` open bets as the indexer writes them (valid base58 address and signature). */
async function insertBets(database: TestDatabase, count: number) {
  const bets: { id: number; betAddress: string; signature: string }[] = [];
  for (let i = 0; i < count; i += 1) {
    const betAddress = '11111111111111111111111111111111';
    const signature = `${'1'.repeat(63)}${String(i + 2)}`;
    const [row] = await database.db.query<{ id: number }>(
      `INSERT INTO bets (signature, slot, tx_index, bet_address, user_address, bet_type, mint, odds,
                         bet_amount, fee, listing_price, placed_at)
       VALUES ($1, $4, 0, $2, $3, 'sol', $3, 50, 1, 0, 2, now()) RETURNING id`,
      [signature, betAddress, betAddress, 100 + i],
    );
    bets.push({ id: row!.id, betAddress, signature });
  }
  return bets;
}
