import { randomBytes } from 'node:crypto';

import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';

import { MemoryConnectionSlots, RedisConnectionSlots } from './connection-slots.ts';

describe('MemoryConnectionSlots', () => {
  it('holds at most max slots per client, and gives one back once whatever the releases', async () => {
    const slots = new MemoryConnectionSlots(2);
    const a = await slots.acquire('a');
    const b = await slots.acquire('a');
    expect(a).not.toBeNull();
    expect(b).not.toBeNull();
    expect(await slots.acquire('a')).toBeNull();
    expect(await slots.acquire('other')).not.toBeNull();
    a!();
    a!();
    expect(slots.count('a')).toBe(1);
    expect(await slots.acquire('a')).not.toBeNull();
    expect(await slots.acquire('a')).toBeNull();
  });
});

const redisUrl = process.env.TEST_REDIS_URL;

describe.skipIf(redisUrl === undefined || redisUrl === '')('RedisConnectionSlots', () => {
  const redis = new Redis(redisUrl ?? '', { lazyConnect: true });
  afterAll(() => redis.quit());

  const prefix = (): string => `test-slots-${randomBytes(6).toString('hex')}`;

  it('counts a client’s connections on every instance, and lets only max of concurrent takes through', async () => {
    const shared = prefix();
    const other = redis.duplicate();
    const a = new RedisConnectionSlots(redis, { max: 3, prefix: shared });
    const b = new RedisConnectionSlots(other, { max: 3, prefix: shared });
    try {
      const taken = await Promise.all(
        Array.from({ length: 8 }, (_, index) => (index % 2 === 0 ? a : b).acquire('client')),
      );
      const held = taken.filter((release) => release !== null);
      expect(held).toHaveLength(3);
      expect(await a.acquire('another')).not.toBeNull();
      held[0]!();
      // The release is sent; the next take on the other instance sees it.
      await redis.ping();
      expect(await b.acquire('client')).not.toBeNull();
      expect(await a.acquire('client')).toBeNull();
    } finally {
      await a.close();
      await b.close();
      await other.quit();
    }
  });

  it('stops counting an instance that died without releasing once its heartbeat is overdue', async () => {
    const shared = prefix();
    const key = `${shared}:{client}`;
    const killed = new RedisConnectionSlots(redis, { max: 2, prefix: shared });
    const alive = new RedisConnectionSlots(redis, { max: 2, prefix: shared });
    try {
      expect(await killed.acquire('client')).not.toBeNull();
      const [killedMember] = await redis.zrange(key, '0', '-1');
      expect(await alive.acquire('client')).not.toBeNull();
      const aliveMember = (await redis.zrange(key, '0', '-1')).find((member) => member !== killedMember);
      expect(await alive.acquire('client')).toBeNull();
      // A heartbeat pushes expiry forward for the live instance's members.
      const before = Number(await redis.zscore(key, aliveMember!));
      await redis.zadd(key, 'XX', String(before - 1_000), aliveMember!);
      await alive.refresh();
      expect(Number(await redis.zscore(key, aliveMember!))).toBeGreaterThanOrEqual(before);
      // The killed instance's heartbeat never comes: its member's expiry passes (moved into the past here
      // instead of waiting a minute), and its slot is free again.
      const killedScore = Number(await redis.zscore(key, killedMember!));
      await redis.zadd(key, 'XX', String(killedScore - 120_000), killedMember!);
      expect(await alive.acquire('client')).not.toBeNull();
      expect(await redis.zcard(key)).toBe(2);
      expect(await redis.pttl(key)).toBeGreaterThan(0);
    } finally {
      await alive.close();
    }
  });

  it('gives back every slot it holds on close', async () => {
    const shared = prefix();
    const slots = new RedisConnectionSlots(redis, { max: 5, prefix: shared });
    await slots.acquire('x');
    await slots.acquire('x');
    await slots.acquire('y');
    await slots.close();
    expect(await redis.zcard(`${shared}:{x}`)).toBe(0);
    expect(await redis.zcard(`${shared}:{y}`)).toBe(0);
  });
});
