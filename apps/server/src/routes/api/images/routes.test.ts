/**
 * GET /api/images on the local chain's NFT art: a WebP of the requested (or default 600×600) size, cache
 * headers and ETag, the second request answered from the disk cache, 304 on a matching If-None-Match,
 * and every source outside the allow-list (traversal, other files, other hosts) refused with 400.
 */

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import type { CollectionManifest } from '@arcade/localnet/nft-collection';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestApp, openTestDatabase, startTestChain, type TestApp } from '../../../../test/harness.ts';
import { createLocalNftMarket } from '../../../adapters/nft/local-marketplace.ts';

let t: TestApp;
let manifest: CollectionManifest;
let teardown: () => Promise<void>;

beforeAll(async () => {
  const [database, localChain] = await Promise.all([openTestDatabase(), startTestChain()]);
  const local = localChain.context.local!;
  manifest = JSON.parse(readFileSync(local.nftManifestPath, 'utf8')) as CollectionManifest;
  t = await createTestApp({
    db: database.db,
    chain: localChain,
    env: { PUBLIC_URL: 'https://play.example.org', IMAGE_REMOTE_HOSTS: 'arweave.net' },
    ports: {
      nftMarket: createLocalNftMarket({
        rpc: localChain.context.rpc,
        marketplace: local.marketplace,
        nftManifestPath: local.nftManifestPath,
      }),
    },
  });
  teardown = async () => {
    await t.close();
    await localChain.stop();
    await database.close();
  };
}, 120_000);
afterAll(() => teardown());

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });
const art = (index: number) => `/api/nfts/assets/${manifest.items[index]!.mint}.svg`;

function expectError(
  response: { statusCode: number; json: () => unknown },
  status: number,
  error: string,
): void {
  expect(response.statusCode).toBe(status);
  expect(response.json()).toEqual({ success: false, error });
}

describe('GET /api/images', () => {
  it('resizes NFT art to a WebP of the requested size, then serves it from the cache', async () => {
    const url = `/api/images?src=${encodeURIComponent(art(0))}&width=200&height=120`;
    const first = await get(url);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('image/webp');
    expect(first.headers['cache-control']).toBe('public, max-age=86400, immutable');
    expect(first.headers['x-cache']).toBe('MISS');
    const etag = first.headers.etag;
    expect(etag).toMatch(/^"[0-9a-f]{64}"$/);
    const meta = await sharp(first.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 200, 120]);

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
    const url = `/api/images?src=${encodeURIComponent(art(2))}&width=90&height=90`;
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
    const sizeError = (name: string) => `${name} must be an integer from 16 to 2000`;
    expectError(await get(`/api/images?src=${src}&width=15`), 400, sizeError('width'));
    expectError(await get(`/api/images?src=${src}&width=2001`), 400, sizeError('width'));
    expectError(await get(`/api/images?src=${src}&height=1.5`), 400, sizeError('height'));
    expectError(await get(`/api/images?src=${src}&height=abc`), 400, sizeError('height'));
    expectError(await get('/api/images'), 400, 'src is required');
    expectError(await get('/api/images?src='), 400, 'src is required');
    expectError(await get(`/api/images?src=${'a'.repeat(2049)}`), 400, 'src is too long');
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
      expectError(await get(`/api/images?src=${encodeURIComponent(src)}`), 400, 'Image source not allowed');
    }
  });

  it('answers 400 for an allowed source that is not an image', async () => {
    const json = `/api/nfts/assets/${manifest.items[0]!.mint}.json`;
    // The metadata JSON is an allowed local file, but not an image.
    expectError(
      await get(`/api/images?src=${encodeURIComponent(json)}`),
      400,
      'Image source is not an image',
    );
  });
});
