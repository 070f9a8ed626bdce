/**
 * `/rpc` against a real local chain: JSON-RPC calls and batches, the fallback, an upstream that is down,
 * PubSub through the websocket tunnel, and the socket.io sockets working beside it.
 */

import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { ApiErrorCode } from '@arcade/sdk/api/error-codes';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { io as connect, type Socket as ClientSocket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket as WsClient } from 'ws';

import { buildApp } from '../src/app.ts';
import type { ChainContext } from '../src/chain/chain-context.ts';
import { loadEnv } from '../src/config/env.ts';
import { createPorts } from '../src/ports/create-ports.ts';
import {
  isAllowedOrigin,
  RPC_INVALID_REQUEST,
  RPC_LIMIT_EXCEEDED,
  RPC_METHOD_NOT_ALLOWED,
  RPC_METHOD_NOT_ALLOWED_MESSAGE,
  RPC_PARSE_ERROR,
  RPC_UPSTREAM_MESSAGE,
  RPC_UPSTREAM_UNAVAILABLE,
  type RpcProxyOptions,
} from '../src/plugins/rpc-proxy.ts';
import { createTestApp, startTestServer, type TestApp, type TestServer } from './harness.ts';

/** Nothing listens on port 1. */
const DEAD_HTTP = 'http://127.0.0.1:1';
const DEAD_WS = 'ws://127.0.0.1:1';

let t: TestServer;
let baseUrl: string;
let stub: Server;
let stubUrl: string;
/** What the stub upstream answers; counts its calls. */
let stubAnswer: { status: number; body: string } = { status: 503, body: '<html>down</html>' };
let stubCalls = 0;

beforeAll(async () => {
  t = await startTestServer();
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  stub = createServer((request, response) => {
    stubCalls += 1;
    request.resume();
    response.writeHead(stubAnswer.status, { 'content-type': 'application/json' }).end(stubAnswer.body);
  });
  await new Promise<void>((resolve) => stub.listen(0, '127.0.0.1', resolve));
  stubUrl = `http://127.0.0.1:${(stub.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => stub.close(resolve));
});

/** A test app on the same database and chain, with other upstreams. */
function appWithUpstreams(upstreams: Partial<ChainContext>): Promise<TestApp> {
  return createTestApp({ db: t.db, chain: { ...t.chain, context: { ...t.chain.context, ...upstreams } } });
}

const rpc = (app: FastifyInstance, payload: string) =>
  app.inject({ method: 'POST', url: '/rpc', headers: { 'content-type': 'application/json' }, payload });

/** A batch of `length` getBalance calls. */
const balances = (length: number): string =>
  JSON.stringify(
    Array.from({ length }, (_, id) => ({
      jsonrpc: '2.0',
      id,
      method: 'getBalance',
      params: [t.chain.context.addresses.treasury],
    })),
  );

describe('POST /rpc', () => {
  it('forwards a call to the chain', async () => {
    const response = await rpc(t.app, JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getSlot' }));
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.json<{ jsonrpc: string; id: number; result: unknown }>();
    expect(body).toMatchObject({ jsonrpc: '2.0', id: 1 });
    expect(typeof body.result).toBe('number');
  });

  it('forwards a batch', async () => {
    const response = await rpc(
      t.app,
      JSON.stringify([
        { jsonrpc: '2.0', id: 'a', method: 'getSlot' },
        { jsonrpc: '2.0', id: 'b', method: 'getBalance', params: [t.chain.context.addresses.treasury] },
      ]),
    );
    expect(response.statusCode).toBe(200);
    const body = response.json<{ id: string; result: unknown }[]>();
    expect(body.map((item) => item.id).sort()).toEqual(['a', 'b']);
    const balance = body.find((item) => item.id === 'b')?.result as { value: unknown };
    expect(typeof balance.value).toBe('number');
  });

  it('passes the chain’s own JSON-RPC errors through', async () => {
    const response = await rpc(
      t.app,
      JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'getBalance', params: ['not-an-address'] }),
    );
    expect(response.statusCode).toBeLessThan(500);
    expect(response.json()).toMatchObject({ jsonrpc: '2.0', id: 3, error: { code: -32_602 } });
  });

  it('answers a method outside the list itself, without calling the upstream', async () => {
    const guarded = await appWithUpstreams({ rpcUrl: stubUrl, rpcFallbackUrl: null });
    try {
      const callsBefore = stubCalls;
      for (const method of ['getProgramAccounts', 'getBlock', 'noSuchMethod', 'minimumLedgerSlot']) {
        const response = await rpc(guarded.app, JSON.stringify({ jsonrpc: '2.0', id: 'x', method }));
        expect(response.statusCode, method).toBe(200);
        expect(response.json(), method).toEqual({
          jsonrpc: '2.0',
          id: 'x',
          error: { code: RPC_METHOD_NOT_ALLOWED, message: RPC_METHOD_NOT_ALLOWED_MESSAGE },
        });
      }
      const batch = await rpc(
        guarded.app,
        JSON.stringify([
          {
            jsonrpc: '2.0',
            id: 1,
            method: 'getProgramAccounts',
            params: ['11111111111111111111111111111111'],
          },
          { jsonrpc: '2.0', id: 2 },
          7,
        ]),
      );
      expect(batch.statusCode).toBe(200);
      expect(batch.json()).toEqual([
        {
          jsonrpc: '2.0',
          id: 1,
          error: { code: RPC_METHOD_NOT_ALLOWED, message: RPC_METHOD_NOT_ALLOWED_MESSAGE },
        },
        { jsonrpc: '2.0', id: 2, error: { code: RPC_INVALID_REQUEST, message: 'Invalid request' } },
        { jsonrpc: '2.0', id: null, error: { code: RPC_INVALID_REQUEST, message: 'Invalid request' } },
      ]);
      expect(stubCalls).toBe(callsBefore);
    } finally {
      await guarded.close();
    }
  });

  it('relays the allowed calls of a batch and answers the others beside them', async () => {
    const response = await rpc(
      t.app,
      JSON.stringify([
        { jsonrpc: '2.0', id: 'slot', method: 'getSlot' },
        {
          jsonrpc: '2.0',
          id: 'scan',
          method: 'getProgramAccounts',
          params: [t.chain.context.addresses.treasury],
        },
        { jsonrpc: '2.0', id: 'hash', method: 'getLatestBlockhash' },
      ]),
    );
    expect(response.statusCode).toBe(200);
    const body = response.json<{ id: string; result?: unknown; error?: { code: number } }[]>();
    expect(body.map((item) => item.id).sort()).toEqual(['hash', 'scan', 'slot']);
    expect(typeof body.find((item) => item.id === 'slot')?.result).toBe('number');
    expect(body.find((item) => item.id === 'hash')?.result).toBeDefined();
    expect(body.find((item) => item.id === 'scan')?.error?.code).toBe(RPC_METHOD_NOT_ALLOWED);
  });

  it('relays requestAirdrop on the local chain', async () => {
    const response = await rpc(
      t.app,
      JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'requestAirdrop',
        params: [t.chain.context.addresses.treasury, 1_000],
      }),
    );
    expect(response.statusCode).toBe(200);
    expect(typeof response.json<{ result: unknown }>().result).toBe('string');
  });

  it('has its own per-IP budget, apart from the API’s', async () => {
    const limited = await createTestApp({
      db: t.db,
      chain: t.chain,
      env: { RATE_LIMIT_PER_MINUTE: '2', RPC_RATE_LIMIT_PER_MINUTE: '4' },
    });
    try {
      const payload = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getSlot' });
      const statuses: number[] = [];
      for (let index = 0; index < 5; index += 1) statuses.push((await rpc(limited.app, payload)).statusCode);
      expect(statuses).toEqual([200, 200, 200, 200, 429]);
      // The API's budget is untouched by those calls, and another IP has its own /rpc budget.
      expect((await limited.app.inject({ url: '/api/config' })).statusCode).toBe(200);
      const other = await limited.app.inject({
        method: 'POST',
        url: '/rpc',
        headers: { 'content-type': 'application/json' },
        payload,
        remoteAddress: '10.0.0.9',
      });
      expect(other.statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('answers a batch longer than RPC_MAX_BATCH with one error, and sends none of it upstream', async () => {
    const guarded = await appWithUpstreams({ rpcUrl: stubUrl, rpcFallbackUrl: null });
    try {
      stubAnswer = { status: 200, body: '[]' };
      const before = stubCalls;
      for (const length of [21, 500]) {
        const response = await rpc(guarded.app, balances(length));
        expect(response.statusCode, String(length)).toBe(400);
        expect(response.json(), String(length)).toEqual({
          jsonrpc: '2.0',
          id: null,
          error: { code: RPC_INVALID_REQUEST, message: 'Batch too large: at most 20 calls' },
        });
      }
      expect(stubCalls).toBe(before);
      const full = await rpc(guarded.app, balances(20));
      expect(full.statusCode).toBe(200);
      expect(stubCalls).toBe(before + 1);
    } finally {
      await guarded.close();
    }
  });

  it('counts every call of a batch against the per-IP budget, heavy methods for more', async () => {
    const limited = await createTestApp({
      db: t.db,
      chain: t.chain,
      env: { RPC_RATE_LIMIT_PER_MINUTE: '100' },
    });
    try {
      const statuses: number[] = [];
      for (let index = 0; index < 5; index += 1)
        statuses.push((await rpc(limited.app, balances(20))).statusCode);
      // Five requests where the budget used to allow a hundred.
      expect(statuses).toEqual([200, 200, 200, 200, 200]);
      const refused = await rpc(limited.app, JSON.stringify({ jsonrpc: '2.0', id: 6, method: 'getSlot' }));
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBe('60');
      expect(refused.json()).toEqual({
        jsonrpc: '2.0',
        id: 6,
        error: { code: RPC_LIMIT_EXCEEDED, message: 'Too many calls: at most 100 a minute' },
      });
      // Twenty getSignaturesForAddress calls cost five units each: the whole budget of another address.
      const heavy = JSON.stringify(
        Array.from({ length: 20 }, (_, id) => ({
          jsonrpc: '2.0',
          id,
          method: 'getSignaturesForAddress',
          params: [t.chain.context.addresses.treasury, { limit: 1 }],
        })),
      );
      const other = (payload: string) =>
        limited.app.inject({
          method: 'POST',
          url: '/rpc',
          headers: { 'content-type': 'application/json' },
          payload,
          remoteAddress: '10.0.0.20',
        });
      expect((await other(heavy)).statusCode).toBe(200);
      expect((await other(balances(1))).statusCode).toBe(429);
      // The window ends: the whole budget is back.
      limited.clock.advance(60_000);
      expect((await rpc(limited.app, balances(20))).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it.skipIf(!process.env.TEST_REDIS_URL)(
    'shares the call budget between instances through Redis',
    async () => {
      const url = process.env.TEST_REDIS_URL!;
      const [redisA, redisB] = [new Redis(url), new Redis(url)];
      const env = { RPC_RATE_LIMIT_PER_MINUTE: '30' };
      const a = await createTestApp({ db: t.db, chain: t.chain, env, redis: redisA });
      const b = await createTestApp({ db: t.db, chain: t.chain, env, redis: redisB });
      // A unique address per run: Redis outlives the test.
      const remoteAddress = `10.${String(randomBytes(1)[0])}.${String(randomBytes(1)[0])}.${String(randomBytes(1)[0])}`;
      const send = (app: FastifyInstance, length: number) =>
        app.inject({
          method: 'POST',
          url: '/rpc',
          headers: { 'content-type': 'application/json' },
          payload: balances(length),
          remoteAddress,
        });
      try {
        expect((await send(a.app, 20)).statusCode).toBe(200);
        expect((await send(b.app, 11)).statusCode).toBe(429);
        expect((await send(b.app, 10)).statusCode).toBe(200);
        expect((await send(a.app, 1)).statusCode).toBe(429);
      } finally {
        await a.close();
        await b.close();
        redisA.disconnect();
        redisB.disconnect();
      }
    },
  );

  it('refuses what is not JSON-RPC before it reaches the chain', async () => {
    for (const [payload, code] of [
      ['{"jsonrpc":', RPC_PARSE_ERROR],
      ['', RPC_PARSE_ERROR],
      ['[]', RPC_INVALID_REQUEST],
      ['42', RPC_INVALID_REQUEST],
    ] as const) {
      const response = await rpc(t.app, payload);
      expect(response.statusCode, payload).toBe(400);
      expect(response.json(), payload).toMatchObject({ jsonrpc: '2.0', id: null, error: { code } });
    }
  });

  it('keeps the body limit', async () => {
    const payload = JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'getSlot',
      params: ['x'.repeat(70_000)],
    });
    const response = await rpc(t.app, payload);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      success: false,
      error: 'Request body is too large',
      code: ApiErrorCode.BODY_TOO_LARGE,
    });
  });

  it('answers 502 with a JSON-RPC error when the upstream is down, without saying where it is', async () => {
    const down = await appWithUpstreams({ rpcUrl: DEAD_HTTP, rpcFallbackUrl: null });
    try {
      const response = await rpc(down.app, JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'getSlot' }));
      expect(response.statusCode).toBe(502);
      expect(response.json()).toEqual({
        jsonrpc: '2.0',
        id: 7,
        error: { code: RPC_UPSTREAM_UNAVAILABLE, message: RPC_UPSTREAM_MESSAGE },
      });
      const batch = await rpc(down.app, JSON.stringify([{ jsonrpc: '2.0', id: 1, method: 'getSlot' }]));
      expect(batch.statusCode).toBe(502);
      expect(batch.json<{ id: unknown }>().id).toBeNull();
    } finally {
      await down.close();
    }
  });

  it('turns to the fallback when the primary is down, answers 5xx, or is busy (429, 408)', async () => {
    const payload = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getSlot' });
    const unreachable = await appWithUpstreams({ rpcUrl: DEAD_HTTP, rpcFallbackUrl: t.chain.context.rpcUrl });
    const failing = await appWithUpstreams({ rpcUrl: stubUrl, rpcFallbackUrl: t.chain.context.rpcUrl });
    try {
      const first = await rpc(unreachable.app, payload);
      expect(first.statusCode).toBe(200);
      expect(typeof first.json<{ result: unknown }>().result).toBe('number');

      stubAnswer = { status: 503, body: '<html>down</html>' };
      const callsBefore = stubCalls;
      const second = await rpc(failing.app, payload);
      expect(stubCalls).toBe(callsBefore + 1);
      expect(second.statusCode).toBe(200);
      expect(typeof second.json<{ result: unknown }>().result).toBe('number');

      for (const status of [429, 408]) {
        stubAnswer = { status, body: '{"jsonrpc":"2.0","id":1,"error":{"code":429,"message":"slow down"}}' };
        const before = stubCalls;
        const busy = await rpc(failing.app, payload);
        expect(stubCalls, String(status)).toBe(before + 1);
        expect(busy.statusCode, String(status)).toBe(200);
        expect(typeof busy.json<{ result: unknown }>().result, String(status)).toBe('number');
      }
    } finally {
      await unreachable.close();
      await failing.close();
    }
  });

  it('returns a 429 as it is when no upstream does better, and other 4xx without trying the fallback', async () => {
    stubAnswer = { status: 429, body: '{"jsonrpc":"2.0","id":1,"error":{"code":429,"message":"slow down"}}' };
    const payload = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getSlot' });
    const deadFallback = await appWithUpstreams({ rpcUrl: stubUrl, rpcFallbackUrl: DEAD_HTTP });
    const alone = await appWithUpstreams({ rpcUrl: stubUrl, rpcFallbackUrl: null });
    const busyFallback = await appWithUpstreams({ rpcUrl: DEAD_HTTP, rpcFallbackUrl: stubUrl });
    try {
      for (const app of [deadFallback.app, alone.app, busyFallback.app]) {
        const response = await rpc(app, payload);
        expect(response.statusCode).toBe(429);
        expect(response.body).toBe(stubAnswer.body);
      }
      stubAnswer = { status: 401, body: '{"jsonrpc":"2.0","id":1,"error":{"code":401,"message":"bad key"}}' };
      const before = stubCalls;
      const unauthorized = await rpc(deadFallback.app, payload);
      expect(unauthorized.statusCode).toBe(401);
      expect(unauthorized.body).toBe(stubAnswer.body);
      expect(stubCalls).toBe(before + 1);
    } finally {
      await Promise.all([deadFallback.close(), alone.close(), busyFallback.close()]);
    }
  });
});

/** Opens a websocket and collects its messages. */
async function openSocket(
  url: string,
): Promise<{ socket: WebSocket; messages: unknown[]; next: () => Promise<unknown> }> {
  // Node's WebSocket sends no Origin, like any program; a browser's is checked below.
  const socket = new WebSocket(url);
  const messages: unknown[] = [];
  const waiting: ((message: unknown) => void)[] = [];
  socket.addEventListener('message', (event) => {
    const message: unknown = JSON.parse(String(event.data));
    const waiter = waiting.shift();
    if (waiter) waiter(message);
    else messages.push(message);
  });
  await new Promise<void>((resolve, reject) => {
    socket.addEventListener(
      'open',
      () => {
        resolve();
      },
      { once: true },
    );
    socket.addEventListener(
      'error',
      () => {
        reject(new Error(`websocket ${url} failed`));
      },
      { once: true },
    );
  });
  const next = (): Promise<unknown> =>
    messages.length > 0
      ? Promise.resolve(messages.shift())
      : new Promise((resolve, reject) => {
          waiting.push(resolve);
          setTimeout(() => {
            reject(new Error('no message within 10 s'));
          }, 10_000);
        });
  return { socket, messages, next };
}

/** The next message answering call `id`, skipping notifications (a slot subscription's, say). */
async function nextWithId(next: () => Promise<unknown>, id: number): Promise<unknown> {
  for (;;) {
    const message = await next();
    if ((message as { id?: unknown }).id === id) return message;
  }
}

function closed(socket: WebSocket): Promise<void> {
  return socket.readyState === WebSocket.CLOSED
    ? Promise.resolve()
    : new Promise((resolve) => {
        socket.addEventListener(
          'close',
          () => {
            resolve();
          },
          { once: true },
        );
      });
}

describe('the /rpc websocket', () => {
  it('delivers PubSub notifications, also after socket.io’s 1 s upgrade timeout', async () => {
    const { socket, next } = await openSocket(`${baseUrl.replace(/^http/, 'ws')}/rpc`);
    try {
      // engine.io destroys upgrades it does not own after 1 s unless told otherwise.
      await new Promise((resolve) => setTimeout(resolve, 1_200));
      expect(socket.readyState).toBe(WebSocket.OPEN);
      socket.send(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'slotSubscribe' }));
      const subscribed = (await next()) as { id: number; result: unknown };
      expect(subscribed.id).toBe(1);
      expect(typeof subscribed.result).toBe('number');
      const notification = (await next()) as {
        method: string;
        params: { subscription: unknown; result: { slot: number } };
      };
      expect(notification.method).toBe('slotNotification');
      expect(notification.params.subscription).toBe(subscribed.result);
      expect(typeof notification.params.result.slot).toBe('number');
    } finally {
      socket.close();
      await closed(socket);
    }
  });

  it('carries a big frame, and passes on the upstream closing the connection', async () => {
    const { socket, next } = await openSocket(`${baseUrl.replace(/^http/, 'ws')}/rpc`);
    // Under the local chain's 50 KiB message limit: many TCP segments, one answer (from the chain).
    socket.send(
      JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'accountSubscribe', params: ['y'.repeat(40_000)] }),
    );
    expect(await next()).toMatchObject({ id: 9, error: { code: -32_602 } });
    // Over it: the chain closes (1009, message too big), and the client sees that close.
    const closeEvent = new Promise<CloseEvent>((resolve) => {
      socket.addEventListener('close', resolve, { once: true });
    });
    socket.send(
      JSON.stringify({ jsonrpc: '2.0', id: 10, method: 'accountSubscribe', params: ['y'.repeat(60_000)] }),
    );
    expect((await closeEvent).code).toBe(1009);
  });

  it('lets /activity and /chat connect beside an open /rpc tunnel', async () => {
    const tunnel = await openSocket(`${baseUrl.replace(/^http/, 'ws')}/rpc`);
    const clients: ClientSocket[] = [];
    try {
      for (const path of ['/activity', '/chat']) {
        const client = connect(baseUrl, {
          path,
          transports: ['websocket'],
          forceNew: true,
          reconnection: false,
        });
        clients.push(client);
        await new Promise<void>((resolve, reject) => {
          client.once('connect', () => {
            resolve();
          });
          client.once('connect_error', reject);
        });
        expect(client.connected).toBe(true);
      }
      tunnel.socket.send(JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'slotSubscribe' }));
      expect(await tunnel.next()).toMatchObject({ id: 2 });
    } finally {
      for (const client of clients) client.disconnect();
      tunnel.socket.close();
      await closed(tunnel.socket);
    }
  });

  it('fails the handshake with a 502 when the upstream is down', async () => {
    const down = await appWithUpstreams({ wsUrl: DEAD_WS });
    try {
      const url = await down.app.listen({ port: 0, host: '127.0.0.1' });
      const socket = new WebSocket(`${url.replace(/^http/, 'ws')}/rpc`);
      const outcome = await new Promise<string>((resolve) => {
        socket.addEventListener('open', () => {
          resolve('open');
        });
        socket.addEventListener('error', () => {
          resolve('error');
        });
      });
      expect(outcome).toBe('error');
      const raw = await rawUpgrade(url);
      expect(raw).toMatch(/^HTTP\/1\.1 502 Bad Gateway/);
      expect(raw).toContain(`"message":"${RPC_UPSTREAM_MESSAGE}"`);
      expect(raw).not.toContain('127.0.0.1:1');
    } finally {
      await down.close();
    }
  });

  it('limits tunnels per client, and closing the app closes open tunnels', async () => {
    const { app, url } = await proxyApp({ maxSocketsPerClient: 1 });
    const first = await openSocket(`${url.replace(/^http/, 'ws')}/rpc`);
    expect(await rawUpgrade(url)).toMatch(/^HTTP\/1\.1 429 Too Many Requests/);
    // Without TRUST_PROXY a forged X-Forwarded-For is no other client.
    expect(await rawUpgrade(url, { 'X-Forwarded-For': '203.0.113.7' })).toMatch(
      /^HTTP\/1\.1 429 Too Many Requests/,
    );
    const started = Date.now();
    await app.close();
    await closed(first.socket);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('limits tunnels per instance', async () => {
    const { app, url } = await proxyApp({ maxSockets: 2 });
    try {
      const sockets = [
        await openSocket(`${url.replace(/^http/, 'ws')}/rpc`),
        await openSocket(`${url.replace(/^http/, 'ws')}/rpc`),
      ];
      expect(await rawUpgrade(url)).toMatch(/^HTTP\/1\.1 503 Service Unavailable/);
      sockets[0]!.socket.close();
      await closed(sockets[0]!.socket);
      // The freed place can be taken again.
      await new Promise((resolve) => setTimeout(resolve, 100));
      const again = await openSocket(`${url.replace(/^http/, 'ws')}/rpc`);
      expect(again.socket.readyState).toBe(WebSocket.OPEN);
    } finally {
      await app.close();
    }
  });

  it('refuses a handshake from another site with 403', async () => {
    const url = baseUrl;
    const { host } = new URL(url);
    expect(await rawUpgrade(url, { Origin: 'https://evil.example' })).toMatch(/^HTTP\/1\.1 403 Forbidden/);
    expect(await rawUpgrade(url, { Origin: 'null' })).toMatch(/^HTTP\/1\.1 403 Forbidden/);
    // PUBLIC_URL's origin, and the origin of the host the page was loaded from (a dev server's proxy).
    expect(await rawUpgrade(url, { Origin: 'http://127.0.0.1:8080' })).toMatch(/^HTTP\/1\.1 101/);
    expect(await rawUpgrade(url, { Origin: `http://${host}`, Host: host })).toMatch(/^HTTP\/1\.1 101/);
    expect(isAllowedOrigin('http://127.0.0.1:5173', '127.0.0.1:5173', 'https://arcade.example')).toBe(true);
    expect(isAllowedOrigin('https://arcade.example', 'internal:8080', 'https://arcade.example')).toBe(true);
    expect(isAllowedOrigin('https://arcade.example.evil', 'arcade.example', 'https://arcade.example')).toBe(
      false,
    );
    expect(isAllowedOrigin(undefined, 'arcade.example', 'https://arcade.example')).toBe(true);
  });

  it('answers a PubSub method outside the list itself, and keeps the tunnel', async () => {
    const { socket, next } = await openSocket(`${baseUrl.replace(/^http/, 'ws')}/rpc`);
    try {
      socket.send(JSON.stringify({ jsonrpc: '2.0', id: 4, method: 'programSubscribe', params: ['x'] }));
      expect(await next()).toEqual({
        jsonrpc: '2.0',
        id: 4,
        error: { code: RPC_METHOD_NOT_ALLOWED, message: RPC_METHOD_NOT_ALLOWED_MESSAGE },
      });
      socket.send('not json');
      expect(await next()).toMatchObject({ id: null, error: { code: RPC_PARSE_ERROR } });
      socket.send(
        JSON.stringify([
          { jsonrpc: '2.0', id: 5, method: 'logsSubscribe', params: ['all'] },
          { jsonrpc: '2.0', id: 6, method: 'slotSubscribe' },
        ]),
      );
      const answers = [await next(), await next()];
      expect(answers).toContainEqual([
        {
          jsonrpc: '2.0',
          id: 5,
          error: { code: RPC_METHOD_NOT_ALLOWED, message: RPC_METHOD_NOT_ALLOWED_MESSAGE },
        },
      ]);
      socket.send(JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'slotSubscribe' }));
      const subscribed = [await next(), await next(), await next()].find(
        (message) => (message as { id?: unknown }).id === 7,
      );
      expect(subscribed).toMatchObject({ id: 7, result: expect.any(Number) as unknown });
      // The logs of one account go upstream; two accounts, or no filter, are refused here.
      for (const [id, filter] of [
        [
          8,
          { mentions: ['11111111111111111111111111111111', 'SysvarC1ock11111111111111111111111111111111'] },
        ],
        [9, 'allWithVotes'],
        [10, { mentions: ['not an address'] }],
      ] as const) {
        socket.send(JSON.stringify({ jsonrpc: '2.0', id, method: 'logsSubscribe', params: [filter] }));
        expect(await nextWithId(next, id)).toEqual({
          jsonrpc: '2.0',
          id,
          error: { code: RPC_METHOD_NOT_ALLOWED, message: RPC_METHOD_NOT_ALLOWED_MESSAGE },
        });
      }
      socket.send(
        JSON.stringify({
          jsonrpc: '2.0',
          id: 11,
          method: 'logsSubscribe',
          params: [{ mentions: ['11111111111111111111111111111111'] }, { commitment: 'confirmed' }],
        }),
      );
      expect(await nextWithId(next, 11)).toMatchObject({ id: 11, result: expect.any(Number) as unknown });
    } finally {
      socket.close();
      await closed(socket);
    }
  });

  it('counts websocket messages against the same budget, and closes a socket that keeps going with 1008', async () => {
    const limited = await createTestApp({
      db: t.db,
      chain: t.chain,
      env: { RPC_RATE_LIMIT_PER_MINUTE: '10' },
    });
    try {
      const url = await limited.app.listen({ port: 0, host: '127.0.0.1' });
      expect((await rpc(limited.app, balances(6))).statusCode).toBe(200);
      const { socket, next } = await openSocket(`${url.replace(/^http/, 'ws')}/rpc`);
      // Refused calls cost too: three here, ten with the HTTP batch and the subscription.
      socket.send(
        JSON.stringify(
          [1, 2, 3].map((id) => ({ jsonrpc: '2.0', id, method: 'programSubscribe', params: ['x'] })),
        ),
      );
      expect(await next()).toHaveLength(3);
      socket.send(JSON.stringify({ jsonrpc: '2.0', id: 20, method: 'slotSubscribe' }));
      expect(await nextWithId(next, 20)).toMatchObject({ id: 20, result: expect.any(Number) as unknown });
      const overBudget = (id: number) => ({
        jsonrpc: '2.0',
        id,
        error: { code: RPC_LIMIT_EXCEEDED, message: 'Too many calls: at most 10 a minute' },
      });
      socket.send(JSON.stringify({ jsonrpc: '2.0', id: 21, method: 'slotSubscribe' }));
      expect(await nextWithId(next, 21)).toEqual(overBudget(21));
      expect((await rpc(limited.app, balances(1))).statusCode).toBe(429);
      const closeEvent = new Promise<CloseEvent>((resolve) => {
        socket.addEventListener('close', resolve, { once: true });
      });
      for (let id = 22; id <= 30; id += 1) {
        socket.send(JSON.stringify({ jsonrpc: '2.0', id, method: 'slotSubscribe' }));
      }
      for (let id = 22; id <= 29; id += 1) expect(await nextWithId(next, id)).toEqual(overBudget(id));
      const event = await closeEvent;
      expect(event.code).toBe(1008);
      expect(event.reason).toBe('Too many calls');
    } finally {
      await limited.close();
    }
  });

  it('answers a websocket batch longer than RPC_MAX_BATCH with one error, and sends none of it upstream', async () => {
    const { socket, next } = await openSocket(`${baseUrl.replace(/^http/, 'ws')}/rpc`);
    try {
      socket.send(
        JSON.stringify(
          Array.from({ length: 21 }, (_, id) => ({ jsonrpc: '2.0', id, method: 'slotSubscribe' })),
        ),
      );
      expect(await next()).toEqual({
        jsonrpc: '2.0',
        id: null,
        error: { code: RPC_INVALID_REQUEST, message: 'Batch too large: at most 20 calls' },
      });
      // Had the batch gone upstream, its 21 answers would come first.
      socket.send(JSON.stringify({ jsonrpc: '2.0', id: 99, method: 'programSubscribe', params: ['x'] }));
      expect(await next()).toMatchObject({ id: 99, error: { code: RPC_METHOD_NOT_ALLOWED } });
    } finally {
      socket.close();
      await closed(socket);
    }
  });

  it('leaves frames to ws: a fragmented message is read whole, a broken or oversized one closes the socket', async () => {
    const wsUrl = `${baseUrl.replace(/^http/, 'ws')}/rpc`;
    const client = new WsClient(wsUrl);
    const answers: unknown[] = [];
    const waiting: ((message: unknown) => void)[] = [];
    client.on('message', (data: Buffer) => {
      const message: unknown = JSON.parse(data.toString('utf8'));
      const waiter = waiting.shift();
      if (waiter) waiter(message);
      else answers.push(message);
    });
    const next = (): Promise<unknown> =>
      answers.length > 0 ? Promise.resolve(answers.shift()) : new Promise((resolve) => waiting.push(resolve));
    await new Promise((resolve, reject) => {
      client.once('open', resolve);
      client.once('error', reject);
    });
    client.send('{"jsonrpc":"2.0","id":1,', { fin: false });
    client.send('"method":"programSubscribe","params":["x"]}', { fin: true });
    expect(await next()).toMatchObject({ id: 1, error: { code: RPC_METHOD_NOT_ALLOWED } });
    client.send('{"jsonrpc":"2.0","id":2,', { fin: false });
    client.send('"method":"slotSubscribe"}', { fin: true });
    expect(await next()).toMatchObject({ id: 2, result: expect.any(Number) as unknown });
    // Over the 1 MiB a client message may take: ws closes with 1009 before it is read.
    const tooBig = new Promise<number>((resolve) => client.once('close', resolve));
    client.send(`"${'y'.repeat(1024 * 1024)}"`);
    expect(await tooBig).toBe(1009);

    // A reserved bit set without an extension, and an unmasked client frame: protocol errors, 1002.
    for (const frame of [
      Buffer.concat([Buffer.from([0xc1, 0x85]), Buffer.alloc(4), Buffer.from('hello')]),
      Buffer.concat([Buffer.from([0x81, 0x05]), Buffer.from('hello')]),
    ]) {
      const raw = await rawTunnel(baseUrl);
      raw.socket.write(frame);
      const bytes = await raw.rest;
      expect(bytes[0]).toBe(0x88);
      expect(bytes.readUInt16BE(2)).toBe(1002);
    }
    // The server carries on.
    const after = await openSocket(wsUrl);
    after.socket.send(JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'slotSubscribe' }));
    expect(await nextWithId(after.next, 3)).toMatchObject({ id: 3, result: expect.any(Number) as unknown });
    after.socket.close();
    await closed(after.socket);
  });

  it('closes a tunnel idle for too long with 1001', async () => {
    const { app, url } = await proxyApp({ idleTimeoutMs: 500 });
    try {
      const { socket } = await openSocket(`${url.replace(/^http/, 'ws')}/rpc`);
      const closeEvent = new Promise<CloseEvent>((resolve) => {
        socket.addEventListener('close', resolve, { once: true });
      });
      const started = Date.now();
      const event = await closeEvent;
      expect(event.code).toBe(1001);
      expect(Date.now() - started).toBeGreaterThanOrEqual(400);
    } finally {
      await app.close();
    }
  });
});

/** An app on the test chain with these proxy options, listening. */
async function proxyApp(rpcProxy: RpcProxyOptions): Promise<{ app: FastifyInstance; url: string }> {
  const env = loadEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: `${t.chain.dir}/limits-${randomBytes(4).toString('hex')}`,
  });
  const app = await buildApp({
    env,
    db: t.db,
    chain: t.chain.context,
    ports: createPorts(env, t.chain.context, { db: t.db }),
    jwtSecret: randomBytes(32),
    adminWallets: [],
    logger: false,
    rpcProxy,
  });
  return { app, url: await app.listen({ port: 0, host: '127.0.0.1' }) };
}

/** The raw HTTP answer to a websocket handshake on `/rpc` (the WebSocket API hides refused handshakes). */
async function rawUpgrade(baseHttpUrl: string, extra: Record<string, string> = {}): Promise<string> {
  const { connect: tcp } = await import('node:net');
  const { hostname, port } = new URL(baseHttpUrl);
  return new Promise((resolve, reject) => {
    const socket = tcp(Number(port), hostname, () => {
      const headers = { Host: 'x', ...extra };
      socket.write(
        `GET /rpc HTTP/1.1\r\n${Object.entries(headers)
          .map(([name, value]) => `${name}: ${value}\r\n`)
          .join('')}Connection: Upgrade\r\nUpgrade: websocket\r\n` +
          `Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\n\r\n`,
      );
    });
    let text = '';
    socket.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8');
      // An accepted upgrade stays open: its head is the answer.
      if (text.startsWith('HTTP/1.1 101') && text.includes('\r\n\r\n')) socket.destroy();
    });
    socket.on('close', () => {
      resolve(text);
    });
    socket.on('error', reject);
    setTimeout(() => {
      socket.destroy();
      resolve(text);
    }, 5_000);
  });
}

/** A completed `/rpc` handshake on a plain TCP socket, and every byte the server sends after its 101 until it closes. */
async function rawTunnel(
  baseHttpUrl: string,
): Promise<{ socket: import('node:net').Socket; rest: Promise<Buffer> }> {
  const { connect: tcp } = await import('node:net');
  const { hostname, port } = new URL(baseHttpUrl);
  const socket = tcp(Number(port), hostname);
  let received = Buffer.alloc(0);
  let upgraded: (() => void) | null = null;
  const headDone = new Promise<void>((resolve) => {
    upgraded = resolve;
  });
  const rest = new Promise<Buffer>((resolve, reject) => {
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      if (upgraded !== null && received.includes('\r\n\r\n')) {
        upgraded();
        upgraded = null;
      }
    });
    socket.on('close', () => {
      resolve(received.subarray(received.indexOf('\r\n\r\n') + 4));
    });
    socket.on('error', reject);
  });
  socket.write(
    `GET /rpc HTTP/1.1\r\nHost: ${hostname}\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n` +
      `Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\n\r\n`,
  );
  await headDone;
  expect(received.toString('latin1')).toMatch(/^HTTP\/1\.1 101/);
  return { socket, rest };
}
