/**
 * `/rpc` against a real local chain: JSON-RPC calls and batches, the fallback, an upstream that is down,
 * PubSub through the websocket tunnel, and the socket.io sockets working beside it.
 */

import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import type { FastifyInstance } from 'fastify';
import { io as connect, type Socket as ClientSocket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildApp } from '../src/app.ts';
import type { ChainContext } from '../src/chain/chain-context.ts';
import { loadEnv } from '../src/config/env.ts';
import { createPorts } from '../src/ports/create-ports.ts';
import {
  RPC_INVALID_REQUEST,
  RPC_PARSE_ERROR,
  RPC_UPSTREAM_MESSAGE,
  RPC_UPSTREAM_UNAVAILABLE,
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
    const response = await rpc(t.app, JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'noSuchMethod' }));
    expect(response.statusCode).toBeLessThan(500);
    expect(response.json()).toMatchObject({ jsonrpc: '2.0', id: 3, error: { code: -32_601 } });
  });

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
    expect(response.json()).toEqual({ success: false, error: 'Request body is too large' });
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

  it('turns to the fallback when the primary is down or answers 5xx', async () => {
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
    } finally {
      await unreachable.close();
      await failing.close();
    }
  });

  it('returns an upstream’s 4xx as it is, without trying the fallback', async () => {
    stubAnswer = { status: 429, body: '{"jsonrpc":"2.0","id":1,"error":{"code":429,"message":"slow down"}}' };
    const limited = await appWithUpstreams({ rpcUrl: stubUrl, rpcFallbackUrl: DEAD_HTTP });
    try {
      const response = await rpc(limited.app, JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getSlot' }));
      expect(response.statusCode).toBe(429);
      expect(response.body).toBe(stubAnswer.body);
    } finally {
      await limited.close();
    }
  });
});

/** Opens a websocket and collects its messages. */
async function openSocket(
  url: string,
): Promise<{ socket: WebSocket; messages: unknown[]; next: () => Promise<unknown> }> {
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
    // Under the local chain's 50 KiB message limit: many TCP segments, one answer.
    socket.send(
      JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'noSuchMethod', params: ['y'.repeat(40_000)] }),
    );
    expect(await next()).toMatchObject({ id: 9, error: { code: -32_601 } });
    // Over it: the chain closes (1009, message too big), and the client sees that close.
    const closeEvent = new Promise<CloseEvent>((resolve) => {
      socket.addEventListener('close', resolve, { once: true });
    });
    socket.send(
      JSON.stringify({ jsonrpc: '2.0', id: 10, method: 'noSuchMethod', params: ['y'.repeat(60_000)] }),
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
      tunnel.socket.send(JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'getHealth' }));
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
    const env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: `${t.chain.dir}/limits` });
    const app = await buildApp({
      env,
      db: t.db,
      chain: t.chain.context,
      ports: createPorts(env, t.chain.context),
      jwtSecret: randomBytes(32),
      adminWallets: [],
      logger: false,
      rpcProxy: { maxSocketsPerClient: 1 },
    });
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    const first = await openSocket(`${url.replace(/^http/, 'ws')}/rpc`);
    expect(await rawUpgrade(url)).toMatch(/^HTTP\/1\.1 429 Too Many Requests/);
    const started = Date.now();
    await app.close();
    await closed(first.socket);
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});

/** The raw HTTP answer to a websocket handshake on `/rpc` (the WebSocket API hides refused handshakes). */
async function rawUpgrade(baseHttpUrl: string): Promise<string> {
  const { connect: tcp } = await import('node:net');
  const { hostname, port } = new URL(baseHttpUrl);
  return new Promise((resolve, reject) => {
    const socket = tcp(Number(port), hostname, () => {
      socket.write(
        'GET /rpc HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n' +
          `Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\n\r\n`,
      );
    });
    let text = '';
    socket.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8');
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
