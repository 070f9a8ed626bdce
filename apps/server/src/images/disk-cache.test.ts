/**
 * The disk cache's caps: files and bytes stay under them, the least recently used file goes first, a
 * directory left by an earlier run is indexed oldest first (and trimmed), stale temporary files are
 * deleted, and concurrent writes never leave the cache over its caps.
 */

import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, describe, expect, it } from 'vitest';

import { DiskCache } from './disk-cache.ts';

const root = mkdtempSync(join(tmpdir(), 'disk-cache-'));
afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});

const bytes = (size: number) => Buffer.alloc(size, 7);
const files = (dir: string) => readdirSync(dir).sort();

describe('DiskCache', () => {
  it('keeps to its byte cap, evicting the least recently used', async () => {
    const dir = join(root, 'bytes');
    const cache = new DiskCache({ dir, maxBytes: 250, maxFiles: 100 });
    await cache.write('a', bytes(100));
    await cache.write('b', bytes(100));
    expect((await cache.read('a'))?.length).toBe(100);
    await cache.write('c', bytes(100));
    expect(files(dir)).toEqual(['a.webp', 'c.webp']);
    expect([cache.bytes, cache.files]).toEqual([200, 2]);
    expect(await cache.read('b')).toBeNull();
    // Larger than the whole cap: served by the caller, not kept.
    await cache.write('huge', bytes(300));
    expect(files(dir)).toEqual([]);
    expect([cache.bytes, cache.files]).toEqual([0, 0]);
  });

  it('keeps to its file cap under concurrent writes', async () => {
    const dir = join(root, 'files');
    const cache = new DiskCache({ dir, maxBytes: 1_000_000, maxFiles: 3 });
    await Promise.all(Array.from({ length: 12 }, (_, index) => cache.write(`k${index}`, bytes(10))));
    expect(files(dir)).toHaveLength(3);
    expect([cache.bytes, cache.files]).toEqual([30, 3]);
  });

  it('indexes an earlier run’s files oldest first, trims them to the caps and drops stale temporaries', async () => {
    const dir = join(root, 'restart');
    mkdirSync(dir);
    const base = Date.now() / 1000 - 3_600;
    for (const [index, name] of ['old', 'middle', 'new'].entries()) {
      writeFileSync(join(dir, `${name}.webp`), bytes(10));
      utimesSync(join(dir, `${name}.webp`), base + index * 60, base + index * 60);
    }
    writeFileSync(join(dir, 'new.webp.0123456789ab.tmp'), bytes(5));
    utimesSync(join(dir, 'new.webp.0123456789ab.tmp'), base, base);
    writeFileSync(join(dir, 'other.webp.abcdef012345.tmp'), bytes(5));
    const cache = new DiskCache({ dir, maxBytes: 1_000, maxFiles: 2 });
    await cache.load();
    // The fresh temporary may be another writer's file in progress: left alone.
    expect(files(dir)).toEqual(['middle.webp', 'new.webp', 'other.webp.abcdef012345.tmp']);
    expect([cache.bytes, cache.files]).toEqual([20, 2]);
    await cache.write('newest', bytes(10));
    expect(files(dir)).toEqual(['new.webp', 'newest.webp', 'other.webp.abcdef012345.tmp']);
  });

  it('starts empty without a directory', async () => {
    const cache = new DiskCache({ dir: join(root, 'missing'), maxBytes: 10, maxFiles: 10 });
    await cache.load();
    expect([cache.bytes, cache.files]).toEqual([0, 0]);
    expect(await cache.read('x')).toBeNull();
  });
});
