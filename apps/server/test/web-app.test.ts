/**
 * The web app at `/`: pre-compressed files, cache headers, the SPA fallback beside the server's own JSON
 * 404s, the security headers, the rate-limit exemption and a missing build.
 */

import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { contentSecurityPolicy, WEB_APP_NOT_BUILT } from '../src/plugins/web-app.ts';
import { createTestApp, startTestServer, type TestApp, type TestServer } from './harness.ts';

const INDEX =
  '<!doctype html><html><head><title>Arcade</title></head><body><div id="root"></div></body></html>';
const SCRIPT = `console.log(${JSON.stringify('x'.repeat(2_000))});`;

let dist: string;
let t: TestServer;
let limited: TestApp;
/** Production over HTTPS, once without and once with `SERVE_SOURCE_MAPS`. */
let production: TestApp;
let productionWithMaps: TestApp;
const SOURCE_MAP = '{"version":3,"sources":["src/secret.ts"],"mappings":""}';
const html = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'arcade-web-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), INDEX);
  writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(join(dist, 'assets', 'index-AbC123.js'), SCRIPT);
  writeFileSync(join(dist, 'assets', 'index-AbC123.js.br'), brotliCompressSync(SCRIPT));
  writeFileSync(join(dist, 'assets', 'index-AbC123.js.gz'), gzipSync(SCRIPT));
  writeFileSync(join(dist, 'assets', 'index-AbC123.js.map'), SOURCE_MAP);
  writeFileSync(join(dist, 'assets', 'index-AbC123.js.map.gz'), gzipSync(SOURCE_MAP));
  t = await startTestServer({
    env: {
      WEB_DIST_DIR: dist,
      PUBLIC_RPC_URL: 'https://rpc.example.com/?api-key=k',
      PUBLIC_RPC_WS_URL: '/rpc',
    },
  });
  limited = await createTestApp({
    db: t.db,
    chain: t.chain,
    env: { WEB_DIST_DIR: dist, RATE_LIMIT_PER_MINUTE: '3' },
  });
  const productionEnv = { WEB_DIST_DIR: dist, NODE_ENV: 'production', PUBLIC_URL: 'https://arcade.example' };
  production = await createTestApp({ db: t.db, chain: t.chain, env: productionEnv });
  productionWithMaps = await createTestApp({
    db: t.db,
    chain: t.chain,
    env: { ...productionEnv, SERVE_SOURCE_MAPS: 'true' },
  });
});
afterAll(async () => {
  await production.close();
  await productionWithMaps.close();
  await limited.close();
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

function expectSecurityHeaders(headers: Record<string, unknown>): void {
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['x-frame-options']).toBe('DENY');
  const csp = String(headers['content-security-policy']);
  expect(csp).toContain("script-src 'self'");
  expect(csp).not.toMatch(/script-src[^;]*unsafe/);
  expect(csp).toContain("img-src 'self' data: blob: https:");
  expect(csp).toContain("font-src 'self' data:");
  expect(csp).toContain("frame-ancestors 'none'");
}

describe('the web app', () => {
  it('serves index.html at / with no-cache and the security headers', async () => {
    const response = await t.app.inject({ url: '/', headers: html });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers.etag).toBeTruthy();
    expect(response.body).toBe(INDEX);
    expectSecurityHeaders(response.headers);
    // This origin (its websocket spelled out), the public RPC on another origin (without the key in its
    // query) and the Mobile Wallet Adapter's localhost socket; no other host.
    expect(response.headers['content-security-policy']).toContain(
      "connect-src 'self' ws://127.0.0.1:8080 https://rpc.example.com ws://localhost:*;",
    );
    expect(response.headers['content-security-policy']).not.toContain('api-key');
    expect(response.headers['content-security-policy']).not.toMatch(/connect-src[^;]*(ws:|wss:)[ ;]/);
    // Plain HTTP: no HSTS.
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('answers a HEAD and a revalidation', async () => {
    const head = await t.app.inject({ method: 'HEAD', url: '/' });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    const etag = String(head.headers.etag);
    const again = await t.app.inject({ url: '/', headers: { ...html, 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
  });

  it('sends the pre-compressed asset the client accepts, cached for a year', async () => {
    const br = await t.app.inject({
      url: '/assets/index-AbC123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(br.rawPayload.equals(brotliCompressSync(SCRIPT))).toBe(true);

    const gz = await t.app.inject({ url: '/assets/index-AbC123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.rawPayload.equals(gzipSync(SCRIPT))).toBe(true);

    const plain = await t.app.inject({
      url: '/assets/index-AbC123.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
    expect(plain.headers['x-content-type-options']).toBe('nosniff');
    // Not HTML: no CSP needed on a script.
    expect(plain.headers['content-security-policy']).toBeUndefined();
  });

  it('revalidates files that are not hashed', async () => {
    const response = await t.app.inject({ url: '/favicon.svg' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/svg+xml');
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('answers a navigation to a client route with index.html', async () => {
    for (const url of ['/prophecy/abc', '/prophecy/abc?tab=comments', '/foresight/SOL', '/tailspin']) {
      const response = await t.app.inject({ url, headers: html });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toBe(INDEX);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expectSecurityHeaders(response.headers);
    }
  });

  it('answers a navigation to a path the app does not route with its HTML and a 404', async () => {
    for (const url of ['/foresight', '/profile/alice/', '/nope', '/tailspin/extra']) {
      const response = await t.app.inject({ url, headers: html });
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).toBe(INDEX);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expectSecurityHeaders(response.headers);
    }
  });

  it('keeps a 404 for a missing file that is not a navigation, and for a missing hashed asset', async () => {
    const script = await t.app.inject({ url: '/prophecy/abc', headers: { accept: '*/*' } });
    expect(script.statusCode).toBe(404);
    const asset = await t.app.inject({ url: '/assets/index-Old999.js', headers: html });
    expect(asset.statusCode).toBe(404);
    expect(asset.json()).toEqual({ success: false, error: 'Route GET /assets/index-Old999.js not found' });
  });

  it("keeps the JSON 404 on the server's own paths, whatever the request accepts", async () => {
    for (const url of ['/api/nope', '/api', '/rpc', '/activity/x', '/chat/']) {
      const response = await t.app.inject({ url, headers: html });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toContain('application/json');
      expect(response.json<{ success: boolean; error: string }>().success, url).toBe(false);
    }
    expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
  });

  it('never serves a file outside the build', async () => {
    for (const url of [
      '/../package.json',
      '/..%2f..%2fpackage.json',
      '/%2e%2e/%2e%2e/package.json',
      '/assets/../../x',
    ]) {
      const response = await t.app.inject({ url, headers: { accept: '*/*' } });
      expect([403, 404], url).toContain(response.statusCode);
      expect(response.body, url).not.toContain('"workspaces"');
    }
  });

  it('does not rate-limit static files, while the API still is', async () => {
    for (let index = 0; index < 10; index += 1) {
      const response = await limited.app.inject({ url: '/assets/index-AbC123.js' });
      expect(response.statusCode).toBe(200);
      expect((await limited.app.inject({ url: `/prophecy/${index}`, headers: html })).statusCode).toBe(200);
    }
    const statuses: number[] = [];
    for (let index = 0; index < 5; index += 1) {
      statuses.push((await limited.app.inject({ url: '/api/config' })).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
  });
});

describe('in production over HTTPS', () => {
  it('pins HTTPS on pages and API answers alike', async () => {
    for (const url of ['/', '/prophecy/abc', '/assets/index-AbC123.js', '/api/health', '/api/nope']) {
      const response = await production.app.inject({ url, headers: html });
      expect(response.headers['strict-transport-security'], url).toBe('max-age=31536000');
    }
    const page = await production.app.inject({ url: '/', headers: html });
    expect(page.headers['content-security-policy']).toContain(
      "connect-src 'self' wss://arcade.example ws://localhost:*;",
    );
  });

  it('hides source maps, also pre-compressed, unless SERVE_SOURCE_MAPS is set', async () => {
    for (const url of [
      '/assets/index-AbC123.js.map',
      '/assets/index-AbC123.js.map.gz',
      '/assets/INDEX-AbC123.js.MAP',
    ]) {
      for (const encoding of ['gzip', 'identity']) {
        const response = await production.app.inject({ url, headers: { 'accept-encoding': encoding } });
        expect(response.statusCode, url).toBe(404);
        expect(response.body, url).not.toContain('secret.ts');
      }
    }
    // The script itself is still served.
    expect((await production.app.inject({ url: '/assets/index-AbC123.js' })).statusCode).toBe(200);

    const shown = await productionWithMaps.app.inject({
      url: '/assets/index-AbC123.js.map',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(shown.statusCode).toBe(200);
    expect(shown.body).toBe(SOURCE_MAP);
    // Outside production (the `t` app runs as test) maps are served for debugging.
    const dev = await t.app.inject({
      url: '/assets/index-AbC123.js.map',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(dev.statusCode).toBe(200);
  });
});

describe('without a build', () => {
  let bare: TestApp;
  beforeAll(async () => {
    bare = await createTestApp({
      db: t.db,
      chain: t.chain,
      env: { WEB_DIST_DIR: join(dist, 'missing') },
    });
  });
  afterAll(() => bare.close());

  it('starts, and answers the app with a 503 that says how to build it', async () => {
    for (const url of ['/', '/prophecy/abc']) {
      const response = await bare.app.inject({ url, headers: html });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ success: false, error: WEB_APP_NOT_BUILT });
      expect(WEB_APP_NOT_BUILT).toContain('npm run build:web');
    }
    expect((await bare.app.inject({ url: '/api/nope', headers: html })).statusCode).toBe(404);
    expect((await bare.app.inject({ url: '/api/health' })).statusCode).toBe(200);
  });
});

describe('contentSecurityPolicy', () => {
  it('adds the origins of absolute public RPC URLs only', () => {
    const csp = contentSecurityPolicy('https://app.example', [
      '/rpc',
      'wss://ws.example.org:8443/path?key=1',
      'not a url',
    ]);
    expect(csp).toContain("connect-src 'self' wss://app.example wss://ws.example.org:8443 ws://localhost:*;");
    expect(contentSecurityPolicy('http://127.0.0.1:8080', ['/rpc', '/rpc'])).toContain(
      "connect-src 'self' ws://127.0.0.1:8080 ws://localhost:*;",
    );
  });
});
