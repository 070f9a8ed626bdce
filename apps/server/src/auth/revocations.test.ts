/**
 * Revoked token ids: the database is the truth; with Redis (when `TEST_REDIS_URL` is set) a complete copy
 * answers without a database query, and a copy Redis lost is never trusted.
 */

import { randomBytes } from 'node:crypto';

import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { openTestDatabase, type TestDatabase } from '../../test/harness.ts';
import { TokenRevocations } from './revocations.ts';

let database: TestDatabase;
let now = Date.now();
const clock = () => now;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const id = () => randomBytes(16).toString('base64url');
const inAnHour = () => Math.floor(now / 1000) + 3600;

/** The statements sent to the database about revocations while `run` runs. */
async function revocationQueries(run: () => Promise<unknown>): Promise<string[]> {
  const spy = vi.spyOn(database.db, 'query');
  try {
    await run();
    return spy.mock.calls.map(([text]) => text).filter((text) => text.includes('token_revocations'));
  } finally {
    spy.mockRestore();
  }
}

describe('TokenRevocations without Redis', () => {
  it('answers from the database, for every instance', async () => {
    const [a, b] = [1, 2].map(
      () => new TokenRevocations({ db: database.db, redis: null, redisKey: 'unused', now: clock }),
    ) as [TokenRevocations, TokenRevocations];
    const jti = id();
    expect(await b.isRevoked(jti)).toBe(false);
    await a.revoke(jti, 'wallet', inAnHour());
    expect(await b.isRevoked(jti)).toBe(true);
    // Twice is once.
    await a.revoke(jti, 'wallet', inAnHour());
    expect(await b.isRevoked(jti)).toBe(true);
  });

  it('deletes the rows of expired tokens when recording a new one', async () => {
    const revocations = new TokenRevocations({
      db: database.db,
      redis: null,
      redisKey: 'unused',
      now: clock,
    });
    const [old, fresh] = [id(), id()];
    await revocations.revoke(old, 'a', Math.floor(now / 1000) + 10);
    now += 11_000;
    await revocations.revoke(fresh, 'b', inAnHour());
    const rows = await database.db.query<{ jti: string }>(
      'SELECT jti FROM token_revocations WHERE jti = ANY($1)',
      [[old, fresh]],
    );
    expect(rows.map((row) => row.jti)).toEqual([fresh]);
  });
});

describe.skipIf(!process.env.TEST_REDIS_URL)('TokenRevocations with Redis', () => {
  let redisA: Redis;
  let redisB: Redis;
  // Redis outlives the test: a key of its own.
  const redisKey = `test-token-revocations:${id()}`;

  beforeAll(() => {
    redisA = new Redis(process.env.TEST_REDIS_URL!);
    redisB = new Redis(process.env.TEST_REDIS_URL!);
  });
  afterAll(async () => {
    await redisA.del(redisKey);
    redisA.disconnect();
    redisB.disconnect();
  });

  const on = (redis: Redis) => new TokenRevocations({ db: database.db, redis, redisKey, now: clock });

  it('shares revocations between instances and, once the copy is loaded, checks without the database', async () => {
    const [a, b] = [on(redisA), on(redisB)];
    const [revoked, other] = [id(), id()];
    await a.revoke(revoked, 'wallet', inAnHour());
    // No complete copy yet: the database answers, and the copy is loaded.
    expect(await b.isRevoked(revoked)).toBe(true);
    await vi.waitFor(async () => {
      expect(await redisB.hget(redisKey, ':ready')).toBe('1');
    });
    const queries = await revocationQueries(async () => {
      expect(await b.isRevoked(revoked)).toBe(true);
      expect(await b.isRevoked(other)).toBe(false);
      expect(await a.isRevoked(other)).toBe(false);
    });
    expect(queries).toEqual([]);
    // A revocation after the copy was loaded reaches it.
    await a.revoke(other, 'wallet', inAnHour());
    const later = await revocationQueries(async () => {
      expect(await b.isRevoked(other)).toBe(true);
    });
    expect(later).toEqual([]);
  });

  it('never trusts a copy Redis lost: the database answers and the copy is loaded again', async () => {
    const [a, b] = [on(redisA), on(redisB)];
    const jti = id();
    await a.revoke(jti, 'wallet', inAnHour());
    await redisA.del(redisKey);
    expect(await b.isRevoked(jti)).toBe(true);
    await vi.waitFor(async () => {
      expect(await redisB.hget(redisKey, jti)).not.toBeNull();
    });
    expect(await redisB.hget(redisKey, ':ready')).toBe('1');
    // A copy holding only a later revocation (written while the key was gone) is not complete either.
    await redisA.del(redisKey);
    await a.revoke(id(), 'wallet', inAnHour());
    expect(await redisB.hget(redisKey, ':ready')).toBeNull();
    expect(await b.isRevoked(jti)).toBe(true);
  });

  it('asks the database when Redis fails', async () => {
    // Never connected, and no offline queue: every command fails at once.
    const broken = new Redis(process.env.TEST_REDIS_URL!, { lazyConnect: true, enableOfflineQueue: false });
    const errors: unknown[] = [];
    const revocations = new TokenRevocations({
      db: database.db,
      redis: broken,
      redisKey,
      now: clock,
      onRedisError: (error) => errors.push(error),
    });
    const jti = id();
    await on(redisA).revoke(jti, 'wallet', inAnHour());
    expect(await revocations.isRevoked(jti)).toBe(true);
    expect(await revocations.isRevoked(id())).toBe(false);
    expect(errors.length).toBeGreaterThan(0);
  });
});
