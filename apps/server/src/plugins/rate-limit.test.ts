/**
 * Rate limits: per IP on every route, per user on authenticated writes, shared between instances through
 * Redis when `TEST_REDIS_URL` is set.
 */

import { ApiErrorCode } from '@arcade/sdk/api/error-codes';
import { generateKeyPairSigner } from '@solana/kit';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  createTestApp,
  openTestDatabase,
  signIn,
  startTestChain,
  type TestDatabase,
} from '../../test/harness.ts';

let database: TestDatabase;
let chain: Awaited<ReturnType<typeof startTestChain>>;

beforeAll(async () => {
  [database, chain] = await Promise.all([openTestDatabase(), startTestChain()]);
});
afterAll(async () => {
  await chain.stop();
  await database.close();
});

describe('rate limits', () => {
  it('refuses an IP past its budget with 429 and the usual error body', async () => {
    const t = await createTestApp({ db: database.db, chain, env: { RATE_LIMIT_PER_MINUTE: '3' } });
    const address = (await generateKeyPairSigner()).address;
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1)
      statuses.push((await t.app.inject({ url: `/api/user/${address}` })).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const refused = await t.app.inject({ url: `/api/user/${address}` });
    expect(refused.json()).toEqual({
      success: false,
      error: 'Too many requests',
      code: ApiErrorCode.RATE_LIMITED,
    });
    expect(refused.headers['retry-after']).toBeDefined();
    // Another IP has its own budget.
    expect((await t.app.inject({ url: `/api/user/${address}`, remoteAddress: '10.0.0.2' })).statusCode).toBe(
      200,
    );
    await t.close();
  });

  it('limits each signed-in user on writes, whatever IP they come from', async () => {
    const t = await createTestApp({ db: database.db, chain, env: { RATE_LIMIT_USER_PER_MINUTE: '2' } });
    const user = await generateKeyPairSigner();
    const authorization = await signIn(t.app, user);
    const statuses: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/user/updateUsername',
        payload: { username: `limited${i}` },
        headers: { authorization },
        remoteAddress: `10.0.1.${i}`,
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([200, 200, 429]);
    // Someone else is not affected.
    const other = await signIn(t.app, await generateKeyPairSigner());
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/user/updateUsername',
      payload: { username: 'unlimited' },
      headers: { authorization: other },
    });
    expect(response.statusCode).toBe(200);
    await t.close();
  });

  it.skipIf(!process.env.TEST_REDIS_URL)('shares the budget between instances through Redis', async () => {
    const url = process.env.TEST_REDIS_URL!;
    const [redisA, redisB] = [new Redis(url), new Redis(url)];
    const env = { RATE_LIMIT_PER_MINUTE: '4' };
    const a = await createTestApp({ db: database.db, chain, env, redis: redisA });
    const b = await createTestApp({ db: database.db, chain, env, redis: redisB });
    const address = (await generateKeyPairSigner()).address;
    // A unique IP per run: Redis outlives the test.
    const remoteAddress = `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    const statuses: number[] = [];
    for (const app of [a.app, b.app, a.app, b.app, a.app]) {
      statuses.push((await app.inject({ url: `/api/user/${address}`, remoteAddress })).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
    await Promise.all([a.close(), b.close()]);
    redisA.disconnect();
    redisB.disconnect();
  });
});
