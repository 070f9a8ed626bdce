/**
 * GET /api/images on the local chain's NFT art: a WebP of the requested (or default 600×600) size, cache
 * headers and ETag, the second request answered from the disk cache, 304 on a matching If-None-Match,
 * and every source outside the allow-list (traversal, other files, other hosts) refused with 400. Only the
 * web app's sizes are served; the spellings of one source share one cached copy; the cache keeps to its
 * caps; misses cost a per-IP budget while hits stay free.
 */

import { ApiErrorCode } from '@arcade/sdk/api/error-codes';
import { randomInt } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { CollectionManifest } from '@arcade/localnet/nft-collection';
import { IMAGE_CDN_SIZES } from '@arcade/sdk/image-sizes';
import { Redis } from 'ioredis';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { createTestApp, openTestDatabase, startTestChain, type TestApp } from '../../../../test/harness.ts';
import { createLocalNftMarket } from '../../../adapters/nft/local-marketplace.ts';

let t: TestApp;
/** The same server with its own cache directory and small limits: see `withLimits`. */
let capped: TestApp;
let budgeted: TestApp;
let narrow: TestApp;
let manifest: CollectionManifest;
let teardown: () => Promise<void>;
/** The server with its own cache directory and `limits`, optionally on Redis. */
let withLimits: (limits: Record<string, string>, redis?: Redis) => Promise<TestApp>;

/** A remote original on arweave.net: a small PNG, fetched through a stand-in for `fetch`. */
const REMOTE_PNG = await sharp({
  create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 40, b: 90 } },
})
  .png()
  .toBuffer();
/** Every URL fetched from arweave.net. */
const remoteFetches: string[] = [];
/** While set, a fetch of arweave.net waits for it. */
let remoteGate: Promise<void> | null = null;
const realFetch = globalThis.fetch;

beforeAll(async () => {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    if (!url.startsWith('https://arweave.net/')) return realFetch(input, init);
    remoteFetches.push(url);
    await remoteGate;
    return new Response(new Uint8Array(REMOTE_PNG), { headers: { 'content-type': 'image/png' } });
  });
  const [database, localChain] = await Promise.all([openTestDatabase(), startTestChain()]);
  const local = localChain.context.local!;
  manifest = JSON.parse(readFileSync(local.nftManifestPath, 'utf8')) as CollectionManifest;
  const env = { PUBLIC_URL: 'https://play.example.org', IMAGE_REMOTE_HOSTS: 'arweave.net' };
  const directories: string[] = [];
  withLimits = (limits, redis) => {
    const dir = mkdtempSync(join(tmpdir(), 'arcade-images-'));
    directories.push(dir);
    return createTestApp({
      db: database.db,
      chain: localChain,
      env: { ...env, DATA_DIR: dir, ...limits },
      ...(redis === undefined ? {} : { redis }),
    });
  };
  t = await createTestApp({
    db: database.db,
    chain: localChain,
    env,
    ports: {
      nftMarket: createLocalNftMarket({
        rpc: localChain.context.rpc,
        marketplace: local.marketplace,
        nftManifestPath: local.nftManifestPath,
      }),
    },
  });
  capped = await withLimits({ IMAGE_CACHE_MAX_FILES: '2' });
  budgeted = await withLimits({ IMAGE_MISSES_PER_MINUTE: '3' });
  narrow = await withLimits({ IMAGE_RESIZE_CONCURRENCY: '1', IMAGE_RESIZE_QUEUE: '0' });
  teardown = async () => {
    vi.restoreAllMocks();
    await Promise.all([t.close(), capped.close(), budgeted.close(), narrow.close()]);
    await localChain.stop();
    await database.close();
    for (const dir of directories) rmSync(dir, { recursive: true, force: true });
  };
}, 120_000);
afterAll(() => teardown());

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });
const art = (index: number) => `/api/nfts/assets/${manifest.items[index]!.mint}.svg`;
const imageUrl = (src: string, edge = 64) =>
  `/api/images?src=${encodeURIComponent(src)}&width=${edge}&height=${edge}`;
const cachedFiles = (app: TestApp) =>
  readdirSync(join(app.env.DATA_DIR, 'cache', 'images'))
    .filter((name) => name.endsWith('.webp'))
    .sort();

function expectError(
  response: { statusCode: number; json: () => unknown },
  status: number,
  error: string,
  code: ApiErrorCode,
): void {
  expect(response.statusCode).toBe(status);
  expect(response.json()).toEqual({ success: false, error, code });
}

describe('GET /api/images', () => {
  it('resizes NFT art to a WebP of the requested size, then serves it from the cache', async () => {
    const url = `/api/images?src=${encodeURIComponent(art(0))}&width=1200&height=400`;
    const first = await get(url);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('image/webp');
    expect(first.headers['cache-control']).toBe('public, max-age=86400, immutable');
    expect(first.headers['x-cache']).toBe('MISS');
    const etag = first.headers.etag;
    expect(etag).toMatch(/^"[0-9a-f]{64}"$/);
    const meta = await sharp(first.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 1200, 400]);

    const second = await get(url);
    expect(second.statusCode).toBe(200);
    expect(second.headers['x-cache']).toBe('HIT');
    expect(second.headers.etag).toBe(etag);
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(readdirSync(join(t.env.DATA_DIR, 'cache', 'images'))).toContain(
      `${String(etag).slice(1, -1)}.webp`,
    );

    const notModified = await get(url, { 'if-none-match': String(etag) });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.body).toBe('');
  });

  it('defaults to 600×600 and accepts the art by its public URL', async () => {
    const response = await get(`/api/images?src=${encodeURIComponent(`https://play.example.org${art(1)}`)}`);
    expect(response.statusCode).toBe(200);
    const meta = await sharp(response.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 600, 600]);
  });

  it('serves concurrent requests of one image the same bytes (one resize: see image-resizer.test.ts)', async () => {
    const url = `/api/images?src=${encodeURIComponent(art(2))}&width=96&height=96`;
    const responses = await Promise.all(Array.from({ length: 6 }, () => get(url)));
    expect(responses.map((response) => response.statusCode)).toEqual(Array(6).fill(200));
    for (const response of responses) expect(response.rawPayload.equals(responses[0]!.rawPayload)).toBe(true);
    const files = readdirSync(join(t.env.DATA_DIR, 'cache', 'images')).filter((name) =>
      name.endsWith('.tmp'),
    );
    expect(files).toEqual([]);
  });

  it('validates width, height and src', async () => {
    const src = encodeURIComponent(art(0));
    for (const query of [
      'width=15',
      'width=2001',
      'height=1.5',
      'height=abc',
      'width=200&height=120',
      'width=601&height=601',
      'width=2000&height=2000',
      'width=400&height=1200',
      'width=1200',
    ]) {
      expectError(
        await get(`/api/images?src=${src}&${query}`),
        400,
        'Unsupported image size',
        // Not an integer: the schema's refusal; an integer of no served size: the route's.
        /^(width|height)=\d+(&(width|height)=\d+)?$/.test(query)
          ? ApiErrorCode.IMAGE_UNSUPPORTED_SIZE
          : ApiErrorCode.VALIDATION_FAILED,
      );
    }
    expectError(await get('/api/images'), 400, 'src is required', ApiErrorCode.VALIDATION_FAILED);
    expectError(await get('/api/images?src='), 400, 'src is required', ApiErrorCode.VALIDATION_FAILED);
    expectError(
      await get(`/api/images?src=${'a'.repeat(2049)}`),
      400,
      'src is too long',
      ApiErrorCode.VALIDATION_FAILED,
    );
  });

  it('serves every size the web app asks for', async () => {
    const src = encodeURIComponent(art(3));
    for (const { width, height } of IMAGE_CDN_SIZES) {
      const response = await get(`/api/images?src=${src}&width=${width}&height=${height}`);
      expect(response.statusCode, `${width}x${height}`).toBe(200);
    }
  });

  it('refuses traversal, files outside the allow-list and hosts not listed', async () => {
    const mint = manifest.items[0]!.mint;
    for (const src of [
      '/api/nfts/assets/../../keys/marketplace.json',
      '/api/nfts/assets/..%2F..%2Fkeys%2Fmarketplace.json',
      '/api/nfts/assets/collection.json',
      `/api/nfts/assets/../nfts/${mint}.svg`,
      '/etc/passwd',
      'file:///etc/passwd',
      'https://evil.example.com/x.png',
      'http://arweave.net/x.png',
      `http://127.0.0.1:8080/api/nfts/assets/${mint}.svg`,
    ]) {
      expectError(
        await get(`/api/images?src=${encodeURIComponent(src)}`),
        400,
        'Image source not allowed',
        ApiErrorCode.IMAGE_SOURCE_NOT_ALLOWED,
      );
    }
  });

  it('answers 400 for an allowed source that is not an image', async () => {
    const json = `/api/nfts/assets/${manifest.items[0]!.mint}.json`;
    // The metadata JSON is an allowed local file, but not an image.
    expectError(
      await get(`/api/images?src=${encodeURIComponent(json)}`),
      400,
      'Image source is not an image',
      ApiErrorCode.IMAGE_NOT_AN_IMAGE,
    );
  });
});

describe('the cache key', () => {
  it('gives the spellings of one remote URL one fetch, one resize and one file', async () => {
    const before = cachedFiles(t).length;
    remoteFetches.length = 0;
    const spellings = [
      'https://arweave.net/art.png',
      'HTTPS://ARWEAVE.NET/art.png#1',
      'https://arweave.net/art.png#2',
      'https://arweave.net:443/art.png',
      'https://Arweave.Net/./x/../art.png?',
      'https://arweave.net/%61rt.png',
    ];
    const responses = [];
    for (const src of spellings) responses.push(await get(imageUrl(src)));
    expect(responses.map((response) => response.statusCode)).toEqual(Array(6).fill(200));
    expect(responses.map((response) => response.headers['x-cache'])).toEqual([
      'MISS',
      'HIT',
      'HIT',
      'HIT',
      'HIT',
      'HIT',
    ]);
    expect(new Set(responses.map((response) => response.headers.etag)).size).toBe(1);
    expect(remoteFetches).toEqual(['https://arweave.net/art.png']);
    expect(cachedFiles(t).length).toBe(before + 1);
    // Another resource on the host is another entry.
    expect((await get(imageUrl('https://arweave.net/art.png?v=2'))).headers['x-cache']).toBe('MISS');
  });

  it('gives this server’s art one file by path and by any spelling of its public URL', async () => {
    const before = cachedFiles(t).length;
    const path = art(4);
    const spellings = [
      path,
      `https://play.example.org${path}`,
      `HTTPS://PLAY.EXAMPLE.ORG${path}#a`,
      `https://play.example.org:443${path}#b`,
    ];
    const caches = [];
    for (const src of spellings) {
      const response = await get(imageUrl(src, 96));
      expect(response.statusCode, src).toBe(200);
      caches.push(response.headers['x-cache']);
    }
    expect(caches).toEqual(['MISS', 'HIT', 'HIT', 'HIT']);
    expect(cachedFiles(t).length).toBe(before + 1);
  });
});

describe('the disk cache', () => {
  it('keeps to IMAGE_CACHE_MAX_FILES, evicting the least recently used', async () => {
    const fileOf = async (index: number) => {
      const response = await capped.app.inject({ url: imageUrl(art(index)) });
      expect(response.statusCode).toBe(200);
      return {
        file: `${String(response.headers.etag).slice(1, -1)}.webp`,
        cache: response.headers['x-cache'],
      };
    };
    const first = await fileOf(0);
    const second = await fileOf(1);
    expect([first.cache, second.cache]).toEqual(['MISS', 'MISS']);
    expect(cachedFiles(capped)).toEqual([first.file, second.file].sort());
    // Art 0 is used again, so art 1 is now the least recently used.
    expect((await fileOf(0)).cache).toBe('HIT');
    const third = await fileOf(2);
    expect(cachedFiles(capped)).toEqual([first.file, third.file].sort());
    expect((await fileOf(0)).cache).toBe('HIT');
    expect((await fileOf(1)).cache).toBe('MISS');
    expect(cachedFiles(capped)).toHaveLength(2);
  });
});

describe('budgets', () => {
  it('refuses a fourth miss a minute from one IP with 429 while its hits and other IPs go on', async () => {
    const from = (remoteAddress: string, url: string) => budgeted.app.inject({ url, remoteAddress });
    for (const index of [0, 1, 2]) {
      const response = await from('203.0.113.7', imageUrl(art(index)));
      expect([response.statusCode, response.headers['x-cache']]).toEqual([200, 'MISS']);
    }
    const refused = await from('203.0.113.7', imageUrl(art(3)));
    expectError(refused, 429, 'Too many requests', ApiErrorCode.RATE_LIMITED);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.headers['cache-control']).toBeUndefined();
    for (const index of [0, 1, 2]) {
      const hit = await from('203.0.113.7', imageUrl(art(index)));
      expect([hit.statusCode, hit.headers['x-cache']]).toEqual([200, 'HIT']);
    }
    // Refused misses resized nothing; another IP has its own budget.
    expect(cachedFiles(budgeted)).toHaveLength(3);
    const other = await from('198.51.100.4', imageUrl(art(3)));
    expect([other.statusCode, other.headers['x-cache']]).toEqual([200, 'MISS']);
    // The addresses of one IPv6 /64 share one budget.
    const v6 = [];
    for (const [suffix, index] of [
      ['1', 4],
      ['2', 5],
      ['3', 6],
      ['4', 7],
    ] as const) {
      v6.push((await from(`2001:db8:1:2::${suffix}`, imageUrl(art(index)))).statusCode);
    }
    expect(v6).toEqual([200, 200, 200, 429]);
  });

  it.skipIf(!process.env.TEST_REDIS_URL)(
    'shares the miss budget between instances through Redis',
    async () => {
      const url = process.env.TEST_REDIS_URL!;
      const [redisA, redisB] = [new Redis(url), new Redis(url)];
      const limits = { IMAGE_MISSES_PER_MINUTE: '2' };
      const a = await withLimits(limits, redisA);
      const b = await withLimits(limits, redisB);
      // A unique IP per run: Redis outlives the test.
      const ip = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(256)}`;
      try {
        const statuses = [];
        for (const [app, index] of [
          [a, 0],
          [b, 1],
          [a, 2],
          [b, 3],
        ] as const) {
          statuses.push((await app.app.inject({ url: imageUrl(art(index)), remoteAddress: ip })).statusCode);
        }
        expect(statuses).toEqual([200, 200, 429, 429]);
        // Hits stay free on the instance that has the file.
        expect((await a.app.inject({ url: imageUrl(art(0)), remoteAddress: ip })).statusCode).toBe(200);
      } finally {
        await Promise.all([a.close(), b.close()]);
        redisA.disconnect();
        redisB.disconnect();
      }
    },
  );

  it('answers 503 with Retry-After when every resize slot and queue place is taken', async () => {
    let release = () => {};
    remoteGate = new Promise<void>((resolve) => {
      release = resolve;
    });
    try {
      remoteFetches.length = 0;
      const slow = narrow.app.inject({ url: imageUrl('https://arweave.net/slow.png') });
      await vi.waitFor(() => {
        expect(remoteFetches).toEqual(['https://arweave.net/slow.png']);
      });
      const busy = await narrow.app.inject({ url: imageUrl(art(0)) });
      expectError(busy, 503, 'Image service busy, try again shortly', ApiErrorCode.IMAGE_SERVICE_BUSY);
      expect(busy.headers['retry-after']).toBe('1');
      release();
      expect((await slow).statusCode).toBe(200);
      expect((await narrow.app.inject({ url: imageUrl(art(0)) })).statusCode).toBe(200);
    } finally {
      remoteGate = null;
      release();
    }
  });
});

describe('the OpenAPI document', () => {
  it('declares the statuses and content types the route answers', async () => {
    const document = (await get('/api/docs/json')).json<{
      paths: Record<string, { get?: { responses: Record<string, { content?: Record<string, unknown> }> } }>;
    }>();
    const operation = document.paths['/api/images/']?.get ?? document.paths['/api/images']?.get;
    const responses = operation?.responses ?? {};
    expect(Object.keys(responses)).toEqual(
      expect.arrayContaining(['200', '304', '400', '429', '502', '503']),
    );
    expect(Object.keys(responses['200']?.content ?? {})).toEqual(['image/webp']);
    expect(responses['304']?.content).toBeUndefined();
    for (const status of ['400', '429', '502', '503']) {
      expect(Object.keys(responses[status]?.content ?? {}), status).toEqual(['application/json']);
    }
  });
});
