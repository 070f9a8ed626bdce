import { randomBytes } from 'node:crypto';

import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';

import { TestClock } from '../../test/harness.ts';
import {
  callCost,
  MemoryCallBudget,
  payloadCost,
  RedisCallBudget,
  RPC_CALL_COSTS,
  type CallBudget,
} from './rpc-call-budget.ts';

describe('call costs', () => {
  it('weighs each call, one unit unless its method is in the table', () => {
    expect(callCost({ jsonrpc: '2.0', id: 1, method: 'getBalance' })).toBe(1);
    expect(callCost({ jsonrpc: '2.0', id: 1, method: 'getSignaturesForAddress' })).toBe(
      RPC_CALL_COSTS.getSignaturesForAddress,
    );
    expect(callCost({ id: 1 })).toBe(1);
    expect(callCost(7)).toBe(1);
    expect(callCost({ method: 'toString' })).toBe(1);
  });

  it('adds up a batch call by call', () => {
    const balances = Array.from({ length: 500 }, (_, id) => ({ jsonrpc: '2.0', id, method: 'getBalance' }));
    expect(payloadCost(balances)).toBe(500);
    expect(payloadCost([{ method: 'getSignaturesForAddress' }, { method: 'getSlot' }, 'x'])).toBe(7);
    expect(payloadCost([])).toBe(1);
    expect(payloadCost({ method: 'getSlot' })).toBe(1);
  });
});

/** Takes `costs` in order and returns which were allowed. */
async function takeAll(budget: CallBudget, key: string, costs: readonly number[]): Promise<boolean[]> {
  const allowed: boolean[] = [];
  for (const cost of costs) allowed.push((await budget.take(key, cost)).allowed);
  return allowed;
}

describe('MemoryCallBudget', () => {
  it('refuses what does not fit, counting nothing for it, per client', async () => {
    const clock = new TestClock(1_000_000);
    const budget = new MemoryCallBudget({ max: 100, windowMs: 60_000, now: clock.now });
    expect(await takeAll(budget, 'a', [20, 20, 20, 20, 20, 1])).toEqual([
      true,
      true,
      true,
      true,
      true,
      false,
    ]);
    expect(await budget.take('b', 100)).toEqual({ allowed: true });
    clock.advance(15_000);
    expect(await budget.take('a', 1)).toEqual({ allowed: false, retryAfterMs: 45_000 });
    // A refused take costs nothing: a smaller one that fits still goes through.
    const other = new MemoryCallBudget({ max: 10, windowMs: 60_000, now: clock.now });
    expect(await takeAll(other, 'c', [8, 5, 2, 1])).toEqual([true, false, true, false]);
  });

  it('gives the whole budget back when the window ends', async () => {
    const clock = new TestClock(0);
    const budget = new MemoryCallBudget({ max: 3, windowMs: 60_000, now: clock.now });
    expect(await takeAll(budget, 'a', [3, 1])).toEqual([true, false]);
    clock.advance(60_000);
    expect(await takeAll(budget, 'a', [3, 1])).toEqual([true, false]);
  });

  it('forgets clients whose window has ended', async () => {
    const clock = new TestClock(0);
    const budget = new MemoryCallBudget({ max: 3, windowMs: 1_000, now: clock.now });
    for (let index = 0; index < 1_000; index += 1) await budget.take(`client-${index}`, 1);
    clock.advance(2_000);
    for (let index = 0; index < 100; index += 1) await budget.take('late', 0);
    expect(budget.size).toBeLessThan(10);
  });
});

const redisUrl = process.env.TEST_REDIS_URL;

describe.skipIf(redisUrl === undefined || redisUrl === '')('RedisCallBudget', () => {
  const redis = new Redis(redisUrl ?? '', { lazyConnect: true });
  afterAll(() => redis.quit());

  it('refuses what does not fit, counting nothing for it, and says when the window ends', async () => {
    const prefix = `test-rpc-${randomBytes(6).toString('hex')}`;
    const budget = new RedisCallBudget(redis, { max: 100, windowMs: 60_000, prefix });
    expect(await takeAll(budget, 'a', [20, 20, 20, 20, 20, 1])).toEqual([
      true,
      true,
      true,
      true,
      true,
      false,
    ]);
    const refused = await budget.take('a', 1);
    expect(refused.allowed).toBe(false);
    expect(refused.allowed ? 0 : refused.retryAfterMs).toBeGreaterThan(50_000);
    expect(await budget.take('b', 100)).toEqual({ allowed: true });
    const small = new RedisCallBudget(redis, { max: 10, windowMs: 60_000, prefix: `${prefix}-small` });
    expect(await takeAll(small, 'c', [8, 5, 2, 1])).toEqual([true, false, true, false]);
  });

  it('shares the budget between instances and never overdraws it under concurrent takes', async () => {
    const prefix = `test-rpc-${randomBytes(6).toString('hex')}`;
    const other = redis.duplicate();
    try {
      const a = new RedisCallBudget(redis, { max: 10, windowMs: 60_000, prefix });
      const b = new RedisCallBudget(other, { max: 10, windowMs: 60_000, prefix });
      const results = await Promise.all(
        Array.from({ length: 10 }, (_, index) => (index % 2 === 0 ? a : b).take('same-client', 3)),
      );
      expect(results.filter((verdict) => verdict.allowed)).toHaveLength(3);
      expect(await redis.get(`${prefix}:{same-client}`)).toBe('9');
      expect(await redis.pttl(`${prefix}:{same-client}`)).toBeGreaterThan(0);
    } finally {
      await other.quit();
    }
  });
});
