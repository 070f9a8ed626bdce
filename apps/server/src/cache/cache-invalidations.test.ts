/**
 * The read caches' invalidations between instances, over the Redis of `TEST_REDIS_URL` on a channel of the
 * test's own: a key one instance forgets is forgotten by the other at once (its entries live an hour here),
 * an instance ignores its own messages, and a malformed message or an unknown cache changes nothing.
 */

import { randomBytes } from 'node:crypto';

import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { shareInvalidations, type CacheInvalidations } from './cache-invalidations.ts';
import { ReadCache } from './read-cache.ts';

const redisUrl = process.env.TEST_REDIS_URL ?? '';

/** Waits for `condition` (asked until it first holds), up to 15 s: a bound, not a timing. */
async function eventually(condition: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 15_000;
  let held = await condition();
  while (!held && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 10));
    held = await condition();
  }
  expect(held).toBe(true);
}

describe.skipIf(redisUrl === '')('cache invalidations through Redis', () => {
  const channel = `test-cache-invalidations-${randomBytes(6).toString('hex')}`;
  const errors: unknown[] = [];
  const connections: Redis[] = [];
  const links: CacheInvalidations[] = [];
  /** One instance's caches, linked. */
  const instance = async () => {
    const redis = new Redis(redisUrl);
    connections.push(redis);
    const profiles = new ReadCache<string, string>({ ttlMs: 3_600_000 });
    const juice = new ReadCache<string, string>({ ttlMs: 3_600_000 });
    const link = shareInvalidations(redis, { profiles, juice }, { channel, onError: (e) => errors.push(e) });
    links.push(link);
    await link.ready();
    return { profiles, juice };
  };
  let a: Awaited<ReturnType<typeof instance>>;
  let b: Awaited<ReturnType<typeof instance>>;

  beforeAll(async () => {
    [a, b] = await Promise.all([instance(), instance()]);
  });
  afterAll(async () => {
    await Promise.all(links.map((link) => link.close()));
    for (const redis of connections) redis.disconnect();
  });

  /** Whether `cache` still serves `key` without loading. */
  const holds = async (cache: ReadCache<string, string>, key: string): Promise<boolean> => {
    const loads = cache.loads;
    await cache.get(key, async () => 'reloaded');
    return cache.loads === loads;
  };

  it("forgets on B the key A wrote, at once, and keeps B's other keys", async () => {
    await b.profiles.get('alice', async () => 'no username');
    await b.profiles.get('bob', async () => 'bob');
    await b.juice.get('alice', async () => '10 Juice');
    a.profiles.delete('alice');
    // Reading it loads afresh (a read that finds it still held asks again after a moment).
    await eventually(async () => !(await holds(b.profiles, 'alice')));
    expect(await holds(b.profiles, 'bob')).toBe(true);
    expect(await holds(b.juice, 'alice')).toBe(true);
    expect(errors).toEqual([]);
  });

  it('forgets everything of one cache on B when A clears it, and A ignores its own messages', async () => {
    await b.juice.get('carol', async () => '1 Juice');
    await b.profiles.get('carol', async () => 'carol');
    await a.juice.get('dave', async () => '2 Juice');
    b.profiles.delete('someone-else'); // heard by A, and not by B itself
    a.juice.clear();
    await eventually(async () => !(await holds(b.juice, 'carol')));
    expect(await holds(b.profiles, 'carol')).toBe(true);
    // A cleared its own juice cache locally; its own message (echoed by Redis) changes nothing more.
    await a.juice.get('dave', async () => '3 Juice');
    const loads = a.juice.loads;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await a.juice.get('dave', async () => 'again')).toBe('3 Juice');
    expect(a.juice.loads).toBe(loads);
  });

  it('ignores a malformed message and an unknown cache', async () => {
    const raw = new Redis(redisUrl);
    connections.push(raw);
    await b.profiles.get('erin', async () => 'erin');
    for (const text of [
      'not json',
      'null',
      JSON.stringify({ origin: 'x', cache: 'profiles' }),
      JSON.stringify({ origin: 'x', cache: 'profiles', key: 7 }),
      JSON.stringify({ origin: 'x', cache: 'nfts', key: 'erin' }),
      JSON.stringify({ origin: 'x', cache: 'constructor', key: 'erin' }),
      JSON.stringify({ origin: 'x', cache: '__proto__', key: null }),
    ])
      await raw.publish(channel, text);
    // A well-formed message after them: once it has been applied, the ones before it were read too.
    await raw.publish(channel, JSON.stringify({ origin: 'x', cache: 'juice', key: 'marker' }));
    await b.juice.get('marker', async () => 'm');
    const before = b.juice.loads;
    await raw.publish(channel, JSON.stringify({ origin: 'x', cache: 'juice', key: 'marker' }));
    await eventually(async () => !(await holds(b.juice, 'marker')));
    expect(b.juice.loads).toBeGreaterThan(before);
    expect(await holds(b.profiles, 'erin')).toBe(true);
  });
});
