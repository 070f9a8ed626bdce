/**
 * `FAIRNESS_SECRET_HEX`: a local-only master secret from which the settler derives its hash chains, so a
 * test knows every seed in advance (not the rolls: the program also takes the hash of the bet's slot, which
 * nobody knows before the bet lands). Refused with a real cluster; without it the chains stay random.
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
    const first = await repo.createChain(length, 'next', now);
    const second = await repo.createChain(length, 'current', now);
    const third = await repo.createChain(length, 'next', now);
    const expected = [1, 2, 3].map((k) => hashChain(deterministicChainSecret(master, k), length).map(toHex));
    expect([first.head, second.head, third.head]).toEqual(expected.map((seeds) => seeds[0]));
    expect(await repo.seeds(second)).toEqual(expected[1]);
    // A newer row with a status retires the older one with it: one next chain at a time.
    expect((await repo.listChains()).map((chain) => [chain.id, chain.status])).toEqual([
      [third.id, 'next'],
      [second.id, 'current'],
      [first.id, 'exhausted'],
    ]);
  });

  it('keeps the chains random without one', async () => {
    database = await openTestDatabase();
    const repo = new FairnessRepository(database.db, chainSecretOptions(undefined));
    const chain = await repo.createChain(3, 'next', new Date());
    expect(chain.head).not.toBe(toHex(hashChain(deterministicChainSecret(master, 1), 3)[0]!));
  });
});
