/**
 * The web app at `/`: pre-compressed files, cache headers, the SPA fallback beside the server's own JSON
 * 404s, the security headers (on every response, not only the HTML), source maps never served, the
 * rate-limit exemption, a missing build, and the refusals made before any route (URL, headers, body too
 * large) answered as JSON errors over a real socket.
 */

import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';

import { ApiErrorCode } from '@arcade/sdk/api/error-codes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { contentSecurityPolicy, WEB_APP_NOT_BUILT } from '../src/plugins/web-app.ts';
import { createTestApp, startTestServer, type TestApp, type TestServer } from './harness.ts';

const INDEX =
  '<!doctype html><html><head><title>Arcade</title></head><body><div id="root"></div></body></html>';
const SCRIPT = `console.log(${JSON.stringify('x'.repeat(2_000))});`;

let dist: string;
let t: TestServer;
let limited: TestApp;
/** Production over HTTPS. */
let production: TestApp;
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
});
afterAll(async () => {
  await production.close();
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
    // Not HTML: of the CSP, only the framing rule every response carries.
    expect(plain.headers['content-security-policy']).toBe("frame-ancestors 'none'");
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
    expect(asset.json()).toEqual({
      success: false,
      error: 'Route GET /assets/index-Old999.js not found',
      code: ApiErrorCode.ROUTE_NOT_FOUND,
    });
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
});

describe('source maps', () => {
  it('are never served, also pre-compressed, in production or not', async () => {
    for (const app of [production.app, t.app]) {
      for (const url of [
        '/assets/index-AbC123.js.map',
        '/assets/index-AbC123.js.map.gz',
        '/assets/INDEX-AbC123.js.MAP',
      ]) {
        for (const encoding of ['gzip', 'identity']) {
          const response = await app.inject({ url, headers: { 'accept-encoding': encoding } });
          expect(response.statusCode, url).toBe(404);
          expect(response.json(), url).toEqual({
            success: false,
            error: `Route GET ${url} not found`,
            code: ApiErrorCode.ROUTE_NOT_FOUND,
          });
        }
      }
      // The script itself is still served.
      expect((await app.inject({ url: '/assets/index-AbC123.js' })).statusCode).toBe(200);
    }
  });
});

/** `X-Content-Type-Options`, `X-Frame-Options` and CSP `frame-ancestors 'none'`. */
function expectBaseHeaders(headers: Record<string, unknown>, label: string): void {
  expect(headers['x-content-type-options'], label).toBe('nosniff');
  expect(headers['x-frame-options'], label).toBe('DENY');
  expect(String(headers['content-security-policy']), label).toContain("frame-ancestors 'none'");
}

describe('the security headers on every response', () => {
  it('are on JSON answers, errors, 404s, images, files and the API docs', async () => {
    const cases: [string, Record<string, string>, number][] = [
      ['/api/health', {}, 200],
      ['/api/config', {}, 200],
      ['/api/nope', {}, 404],
      ['/nope.js', { accept: '*/*' }, 404],
      ['/api/images?src=%2Fetc%2Fpasswd', {}, 400],
      ['/api/images?src=%2Fx.svg&width=17&height=17', {}, 400],
      ['/favicon.svg', {}, 200],
      ['/assets/index-AbC123.js', {}, 200],
      ['/api/docs/json', {}, 200],
      ['/api/docs', {}, 200],
      ['/api/docs/static/index.html', {}, 302],
    ];
    for (const [url, headers, status] of cases) {
      const response = await t.app.inject({ url, headers });
      expect(response.statusCode, url).toBe(status);
      expectBaseHeaders(response.headers, url);
    }
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/user/nonce',
      payload: '{"address":',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.statusCode).toBe(400);
    expectBaseHeaders(malformed.headers, 'malformed JSON');
  });

  it('leave the HTML its own full policy and the API docs free to run their scripts', async () => {
    const page = await t.app.inject({ url: '/', headers: html });
    expectSecurityHeaders(page.headers);
    expect(String(page.headers['content-security-policy']).match(/frame-ancestors/g)).toHaveLength(1);
    const docs = await t.app.inject({ url: '/api/docs' });
    expect(docs.headers['content-type']).toMatch(/^text\/html/);
    // Only framing is restricted: the Swagger UI page loads its bundle and runs as before.
    expect(docs.headers['content-security-policy']).toBe("frame-ancestors 'none'");
    expect(docs.body).toContain('swagger-ui');
  });
});

/** The raw HTTP/1.1 answer to `request`, sent over a fresh socket to `port`. */
function rawRequest(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(request);
    });
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      resolve(Buffer.concat(chunks).toString('latin1'));
    });
  });
}

/** Status, lower-cased headers and body of a raw HTTP/1.1 answer. */
function parseRaw(raw: string): { status: number; headers: Record<string, string>; body: string } {
  const split = raw.indexOf('\r\n\r\n');
  const [statusLine = '', ...lines] = raw.slice(0, split).split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { status: Number(statusLine.split(' ')[1]), headers, body: raw.slice(split + 4) };
}

describe('refusals before any route, over a real socket', () => {
  let port: number;
  let base: string;
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    port = typeof address === 'object' && address !== null ? address.port : 0;
    base = `http://127.0.0.1:${String(port)}`;
  });

  it('answers a 20,000-character URL 414 in JSON without echoing it', async () => {
    const long = `/api/nfts/${'x'.repeat(20_000)}`;
    const response = await fetch(`${base}${long}`);
    expect(response.status).toBe(414);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(await response.text()).toBe(
      `{"success":false,"error":"URI too long","code":${ApiErrorCode.URI_TOO_LONG}}`,
    );
  });

  it('answers oversized headers 431 in JSON without echoing them', async () => {
    const raw = await rawRequest(
      port,
      `GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${'z'.repeat(20_000)}\r\n\r\n`,
    );
    const response = parseRaw(raw);
    expect(response.status).toBe(431);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.body).toBe(
      `{"success":false,"error":"Request headers too large","code":${ApiErrorCode.HEADERS_TOO_LARGE}}`,
    );
  });

  it('answers garbage 400 in JSON', async () => {
    const response = parseRaw(await rawRequest(port, 'NOT HTTP AT ALL\r\n\r\n'));
    expect(response.status).toBe(400);
    expect(response.body).toBe(`{"success":false,"error":"Bad request","code":${ApiErrorCode.BAD_REQUEST}}`);
  });

  it('answers an oversized body 413, malformed JSON 400 and an unknown media type 415 in JSON', async () => {
    const post = (body: string, type: string) =>
      fetch(`${base}/api/user/nonce`, { method: 'POST', headers: { 'content-type': type }, body });
    const tooLarge = await post(JSON.stringify({ address: 'a'.repeat(70_000) }), 'application/json');
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.headers.get('x-frame-options')).toBe('DENY');
    expect(await tooLarge.json()).toEqual({
      success: false,
      error: 'Request body is too large',
      code: ApiErrorCode.BODY_TOO_LARGE,
    });
    const malformed = await post('{"address":', 'application/json');
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({
      success: false,
      error: 'Malformed JSON body',
      code: ApiErrorCode.MALFORMED_JSON,
    });
    const mediaType = await post('<address/>', 'application/xml');
    expect(mediaType.status).toBe(415);
    expect(await mediaType.json()).toEqual({
      success: false,
      error: 'Unsupported content type',
      code: ApiErrorCode.UNSUPPORTED_CONTENT_TYPE,
    });
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
      expect(response.json()).toEqual({
        success: false,
        error: WEB_APP_NOT_BUILT,
        code: ApiErrorCode.WEB_APP_NOT_BUILT,
      });
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
