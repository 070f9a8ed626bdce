/**
 * The image resizer: WebP of the requested size, the disk cache (a second request is a hit, counted, not
 * timed), one resize for concurrent requests, untrusted SVGs and non-images refused with 400, a miss
 * admitted (charged) before it resizes while hits and joined resizes are free, and the cache's caps.
 */

import { ApiErrorCode } from '@arcade/sdk/api/error-codes';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';

import { HttpError } from '../http/errors.ts';
import { ImageResizer, imageCacheKey } from './image-resizer.ts';

const dir = mkdtempSync(join(tmpdir(), 'image-resizer-'));
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

const SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="600" height="300"><rect width="600" height="300" fill="#f80"/></svg>',
);

describe('ImageResizer', () => {
  it('resizes to a WebP of the requested size with fit cover, then serves it from the disk cache', async () => {
    const resizer = new ImageResizer({ cacheDir: join(dir, 'a') });
    let loads = 0;
    const load = async () => {
      loads += 1;
      return SVG;
    };
    const request = { key: '/x.svg', width: 120, height: 80, allowSvg: true };
    const first = await resizer.get(request, load);
    expect(first.cached).toBe(false);
    expect(first.etag).toBe(`"${imageCacheKey(request)}"`);
    const meta = await sharp(first.data).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 120, 80]);
    expect(readdirSync(join(dir, 'a'))).toEqual([`${imageCacheKey(request)}.webp`]);

    const second = await resizer.get(request, load);
    expect(second.cached).toBe(true);
    expect(second.data.equals(first.data)).toBe(true);
    expect(loads).toBe(1);
    expect([resizer.resizedCount, resizer.cacheHits]).toEqual([1, 1]);

    // A new resizer on the same directory (a restart) still hits.
    const restarted = new ImageResizer({ cacheDir: join(dir, 'a') });
    await restarted.open();
    expect(restarted.cacheSize).toEqual({ bytes: first.data.length, files: 1 });
    expect((await restarted.get(request, load)).cached).toBe(true);
    expect(loads).toBe(1);
  });

  it('resizes once for concurrent requests of the same image', async () => {
    const resizer = new ImageResizer({ cacheDir: join(dir, 'b') });
    let loads = 0;
    const load = async () => {
      loads += 1;
      await new Promise((resolve) => setTimeout(resolve, 20));
      return SVG;
    };
    const request = { key: '/y.svg', width: 64, height: 64, allowSvg: true };
    const results = await Promise.all(Array.from({ length: 8 }, () => resizer.get(request, load)));
    expect(loads).toBe(1);
    expect(resizer.resizedCount).toBe(1);
    for (const result of results) expect(result.data.equals(results[0]!.data)).toBe(true);
  });

  it('keys the cache on source and size', () => {
    const a = imageCacheKey({ key: '/a.svg', width: 600, height: 600 });
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(imageCacheKey({ key: '/a.svg', width: 600, height: 601 })).not.toBe(a);
    expect(imageCacheKey({ key: '/b.svg', width: 600, height: 600 })).not.toBe(a);
  });

  it('refuses non-images and untrusted SVGs with 400, caching nothing', async () => {
    const resizer = new ImageResizer({ cacheDir: join(dir, 'c') });
    for (const [data, allowSvg] of [
      [Buffer.from('{"name":"not an image"}'), true],
      [Buffer.alloc(0), true],
      [SVG, false],
    ] as const) {
      const error = await resizer
        .get({ key: `/${data.length}-${allowSvg}`, width: 50, height: 50, allowSvg }, async () => data)
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(HttpError);
      expect(error).toMatchObject({ statusCode: 400, message: 'Image source is not an image' });
    }
    expect(resizer.resizedCount).toBe(0);
  });
});

describe('ImageResizer budgets and caps', () => {
  it('admits a miss before resizing; a hit or a resize already under way is not charged', async () => {
    const resizer = new ImageResizer({ cacheDir: join(dir, 'd') });
    let admitted = 0;
    const admit = async () => {
      admitted += 1;
    };
    const load = async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      return SVG;
    };
    const request = { key: '/z.svg', width: 96, height: 96, allowSvg: true };
    await Promise.all(Array.from({ length: 4 }, () => resizer.get(request, load, admit)));
    expect([admitted, resizer.resizedCount]).toEqual([1, 1]);
    expect((await resizer.get(request, load, admit)).cached).toBe(true);
    expect(admitted).toBe(1);
  });

  it('resizes nothing when the miss is refused', async () => {
    const resizer = new ImageResizer({ cacheDir: join(dir, 'e') });
    let loads = 0;
    const refusal = new HttpError(ApiErrorCode.RATE_LIMITED);
    const error = await resizer
      .get(
        { key: '/w.svg', width: 64, height: 64, allowSvg: true },
        async () => {
          loads += 1;
          return SVG;
        },
        async () => {
          throw refusal;
        },
      )
      .catch((caught: unknown) => caught);
    expect(error).toBe(refusal);
    expect([loads, resizer.resizedCount]).toEqual([0, 0]);
  });

  it('keeps the cache to its file cap, the least recently used going first', async () => {
    const resizer = new ImageResizer({ cacheDir: join(dir, 'f'), maxCacheFiles: 2 });
    const load = async () => SVG;
    const image = (key: string) => resizer.get({ key, width: 64, height: 64, allowSvg: true }, load);
    const file = (key: string) => `${imageCacheKey({ key, width: 64, height: 64 })}.webp`;
    await image('/1.svg');
    await image('/2.svg');
    expect((await image('/1.svg')).cached).toBe(true);
    await image('/3.svg');
    expect(readdirSync(join(dir, 'f')).sort()).toEqual([file('/1.svg'), file('/3.svg')].sort());
    expect(resizer.cacheSize.files).toBe(2);
  });
});
