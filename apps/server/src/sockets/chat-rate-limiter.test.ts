import { randomBytes } from 'node:crypto';

import fc from 'fast-check';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';

import {
  DEFAULT_CHAT_RATE_LIMITS,
  MemoryChatRateLimiter,
  RedisChatRateLimiter,
  slowDownMessage,
  type ChatRateLimiter,
  type RateWindow,
} from './chat-rate-limiter.ts';

/** The windows' reference: counts the accepted takes inside each window ending now (sliding). */
function allowedByModel(accepted: readonly number[], now: number, windows: readonly RateWindow[]): boolean {
  return windows.every((window) => accepted.filter((at) => at > now - window.windowMs).length < window.max);
}

const steps = fc.array(
  fc.record({ user: fc.integer({ min: 0, max: 2 }), gapMs: fc.integer({ min: 0, max: 4_000 }) }),
  { maxLength: 80 },
);

async function checkAgainstModel(
  make: () => ChatRateLimiter,
  start: number,
  sequence: readonly { user: number; gapMs: number }[],
): Promise<void> {
  const limiter = make();
  const accepted = new Map<number, number[]>();
  let now = start;
  for (const { user, gapMs } of sequence) {
    now += gapMs;
    const mine = accepted.get(user) ?? [];
    const expected = allowedByModel(mine, now, DEFAULT_CHAT_RATE_LIMITS);
    expect((await limiter.take(`user-${user}`, now)).allowed).toBe(expected);
    if (expected) accepted.set(user, [...mine, now]);
  }
}

/** The reported burst: three messages within 1.5 s, across a second boundary of the clock. */
async function checkBurst(limiter: ChatRateLimiter): Promise<void> {
  const start = 7_000_900;
  expect(await limiter.take('burst', start)).toEqual({ allowed: true });
  // 0.2 s later, in the next second of the clock: still within a second of the first message.
  expect(await limiter.take('burst', start + 200)).toEqual({
    allowed: false,
    window: DEFAULT_CHAT_RATE_LIMITS[0],
    retryAfterMs: 800,
  });
  expect((await limiter.take('burst', start + 999)).allowed).toBe(false);
  // Refusals count for nothing: a full second after the first, the next one goes through.
  expect(await limiter.take('burst', start + 1_000)).toEqual({ allowed: true });
  expect((await limiter.take('burst', start + 1_500)).allowed).toBe(false);
  // Another user is not limited by this one.
  expect(await limiter.take('someone-else', start + 1_500)).toEqual({ allowed: true });
}

describe('slowDownMessage', () => {
  it("names the chat's limits plainly", () => {
    expect(slowDownMessage({ windowMs: 1_000, max: 1 })).toBe('Slow down: one message per second');
    expect(slowDownMessage({ windowMs: 60_000, max: 20 })).toBe('Slow down: at most 20 messages per minute');
  });
});

describe('MemoryChatRateLimiter', () => {
  it('lets through one message per second however they fall on the clock', async () => {
    await checkBurst(new MemoryChatRateLimiter());
  });

  it('accepts exactly what the windows allow, per user', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 2 ** 40 }), steps, (start, sequence) =>
        checkAgainstModel(() => new MemoryChatRateLimiter(), start, sequence),
      ),
    );
  });

  it('forgets users whose windows have passed', async () => {
    const limiter = new MemoryChatRateLimiter();
    for (let i = 0; i < 2_000; i += 1) await limiter.take(`user-${i}`, 0);
    await limiter.take('late', 10 * 60_000);
    for (let i = 0; i < 1_100; i += 1) await limiter.take('late', 10 * 60_000);
    expect(limiter.size).toBeLessThan(2_000);
  });
});

const redisUrl = process.env.TEST_REDIS_URL;

describe.skipIf(redisUrl === undefined || redisUrl === '')('RedisChatRateLimiter', () => {
  const redis = new Redis(redisUrl ?? '', { lazyConnect: true });
  afterAll(() => redis.quit());

  it('accepts exactly what the windows allow, per user', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 2 ** 40 }), steps, (start, sequence) =>
        checkAgainstModel(
          () =>
            new RedisChatRateLimiter(
              redis,
              DEFAULT_CHAT_RATE_LIMITS,
              `test-chat-${randomBytes(6).toString('hex')}`,
            ),
          start,
          sequence,
        ),
      ),
      { numRuns: 30 },
    );
  });

  it('lets through one message per second however they fall on the clock', async () => {
    await checkBurst(
      new RedisChatRateLimiter(
        redis,
        DEFAULT_CHAT_RATE_LIMITS,
        `test-chat-${randomBytes(6).toString('hex')}`,
      ),
    );
  });

  it('shares the count between instances and lets only one of concurrent takes through', async () => {
    const prefix = `test-chat-${randomBytes(6).toString('hex')}`;
    const other = redis.duplicate();
    try {
      const a = new RedisChatRateLimiter(redis, DEFAULT_CHAT_RATE_LIMITS, prefix);
      const b = new RedisChatRateLimiter(other, DEFAULT_CHAT_RATE_LIMITS, prefix);
      const results = await Promise.all(
        Array.from({ length: 10 }, (_, i) => (i % 2 === 0 ? a : b).take('same-user', 5_000)),
      );
      expect(results.filter((verdict) => verdict.allowed)).toHaveLength(1);
    } finally {
      await other.quit();
    }
  });
});
