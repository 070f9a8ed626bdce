import { describe, expect, it } from 'vitest';

import { ReadCache } from './read-cache.ts';

describe('ReadCache', () => {
  it('serves an entry until it expires, then loads again', async () => {
    let now = 0;
    const cache = new ReadCache<string, number>({ ttlMs: 100, now: () => now });
    let value = 1;
    expect(await cache.get('a', async () => value)).toBe(1);
    value = 2;
    now = 99;
    expect(await cache.get('a', async () => value)).toBe(1);
    now = 100;
    expect(await cache.get('a', async () => value)).toBe(2);
    expect(cache.loads).toBe(2);
  });

  it('shares one load between concurrent misses', async () => {
    const cache = new ReadCache<string, number>({ ttlMs: 1_000 });
    let release!: (value: number) => void;
    const load = () => new Promise<number>((resolve) => (release = resolve));
    const all = Promise.all([cache.get('a', load), cache.get('a', load), cache.get('a', load)]);
    release(7);
    expect(await all).toEqual([7, 7, 7]);
    expect(cache.loads).toBe(1);
  });

  it('does not store a load that an invalidation overtook', async () => {
    const cache = new ReadCache<string, string>({ ttlMs: 1_000 });
    let release!: (value: string) => void;
    const stale = cache.get('a', () => new Promise<string>((resolve) => (release = resolve)));
    cache.delete('a');
    release('before the write');
    expect(await stale).toBe('before the write');
    expect(await cache.get('a', async () => 'after the write')).toBe('after the write');
  });

  it('does not keep failures, and evicts the oldest entry past the cap', async () => {
    const cache = new ReadCache<number, number>({ ttlMs: 1_000, maxEntries: 2 });
    await expect(cache.get(1, () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get(1, async () => 1)).toBe(1);
    await cache.get(2, async () => 2);
    await cache.get(3, async () => 3);
    expect(await cache.get(1, async () => 10)).toBe(10);
  });

  it('tells its listener of every invalidation made here, and nothing of what another instance made', async () => {
    const cache = new ReadCache<string, number>({ ttlMs: 60_000 });
    const heard: (string | null)[] = [];
    cache.onInvalidate((key) => heard.push(key));
    await cache.get('a', async () => 1);
    await cache.get('b', async () => 2);
    cache.forget('a');
    cache.forgetAll();
    expect(heard).toEqual([]);
    expect(cache.loads).toBe(2);
    await cache.get('a', async () => 3);
    cache.delete('a');
    cache.clear();
    expect(heard).toEqual(['a', null]);
    expect(await cache.get('a', async () => 4)).toBe(4);
  });
});
