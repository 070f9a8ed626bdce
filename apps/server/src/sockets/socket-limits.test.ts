/**
 * The handshake checks of `/activity` and `/chat`: the browser's origin, and the connections one client
 * address may hold across both sockets and, through Redis when `TEST_REDIS_URL` is set, across instances.
 */

import { randomBytes } from 'node:crypto';

import { Redis } from 'ioredis';
import { io as connect, type Socket as ClientSocket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import { createTestApp, startTestServer, type TestApp, type TestServer } from '../../test/harness.ts';
import { SOCKET_ERRORS } from './socket-server.ts';

const PATHS = ['/activity', '/chat'] as const;
type SocketPath = (typeof PATHS)[number];

let t: TestServer;
const clients: ClientSocket[] = [];
const apps: TestApp[] = [];

beforeAll(async () => {
  t = await startTestServer();
});
afterEach(async () => {
  for (const client of clients.splice(0)) client.disconnect();
  await Promise.all(apps.splice(0).map((app) => app.close()));
});
afterAll(() => t.close());

/** An app on the shared database and chain with `env`, listening; closed after the test. */
async function listening(env: Record<string, string>, redis?: Redis): Promise<string> {
  const app = await createTestApp({ db: t.db, chain: t.chain, env, ...(redis ? { redis } : {}) });
  apps.push(app);
  return app.app.listen({ port: 0, host: '127.0.0.1' });
}

/** Opens a websocket client and resolves to it once connected, or to the `connect_error`. */
async function attempt(
  url: string,
  path: SocketPath,
  headers: Record<string, string> = {},
): Promise<{ socket: ClientSocket; error: Error | null }> {
  const socket = connect(url, {
    path,
    transports: ['websocket'],
    forceNew: true,
    reconnection: false,
    extraHeaders: headers,
  });
  clients.push(socket);
  const error = await new Promise<Error | null>((resolve) => {
    socket.once('connect', () => {
      resolve(null);
    });
    socket.once('connect_error', resolve);
  });
  return { socket, error };
}

/** A polling handshake's status and body: what the refusal says. */
async function pollingHandshake(
  url: string,
  path: SocketPath,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${url}${path}/?EIO=4&transport=polling`, { headers });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // The session's open packet: not JSON.
  }
  return { status: response.status, body };
}

/** Opens sockets until one connects: a closed socket's slot is given back once the server sees it close. */
async function connectsAgain(
  url: string,
  path: SocketPath,
  headers: Record<string, string> = {},
): Promise<void> {
  for (let tries = 0; tries < 50; tries += 1) {
    const { socket, error } = await attempt(url, path, headers);
    if (error === null) return;
    socket.disconnect();
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the slot was never given back');
}

describe('socket handshakes', () => {
  it('refuses another site’s origin on both sockets, and accepts the site’s and none', async () => {
    const url = await listening({ PUBLIC_URL: 'http://app.example:8080' });
    const { host } = new URL(url);
    for (const path of PATHS) {
      const evil = await attempt(url, path, { origin: 'https://evil.example' });
      expect(evil.error, path).not.toBeNull();
      expect(evil.socket.connected, path).toBe(false);
      expect(await pollingHandshake(url, path, { origin: 'https://evil.example' }), path).toEqual({
        status: 403,
        body: { code: 4, message: SOCKET_ERRORS.originNotAllowed },
      });
      expect((await attempt(url, path, { origin: 'null' })).error, path).not.toBeNull();
      expect((await attempt(url, path, { origin: 'http://app.example:8080' })).error, path).toBeNull();
      // The origin of the host the page came from (a dev server's proxy keeps it).
      expect((await attempt(url, path, { origin: `http://${host}` })).error, path).toBeNull();
      // No Origin: a program, as the /rpc tunnel allows.
      expect((await attempt(url, path)).error, path).toBeNull();
    }
  });

  it('refuses a client address past SOCKET_MAX_PER_CLIENT across both sockets, until one closes', async () => {
    const url = await listening({ SOCKET_MAX_PER_CLIENT: '3' });
    const open = [await attempt(url, '/chat'), await attempt(url, '/activity'), await attempt(url, '/chat')];
    expect(open.map((opened) => opened.error)).toEqual([null, null, null]);
    for (const path of PATHS) {
      const refused = await attempt(url, path);
      expect(refused.error, path).not.toBeNull();
      expect(refused.socket.connected, path).toBe(false);
      expect(await pollingHandshake(url, path), path).toEqual({
        status: 403,
        body: { code: 4, message: SOCKET_ERRORS.tooManyConnections },
      });
    }
    // Without TRUST_PROXY a forged X-Forwarded-For is no other client.
    expect((await attempt(url, '/chat', { 'x-forwarded-for': '203.0.113.9' })).error).not.toBeNull();
    open[1]!.socket.disconnect();
    await connectsAgain(url, '/chat');
    expect((await attempt(url, '/activity')).error).not.toBeNull();
  });

  it.skipIf(!process.env.TEST_REDIS_URL)(
    'counts one client’s sockets on every instance through Redis',
    async () => {
      const redisUrl = process.env.TEST_REDIS_URL!;
      const [redisA, redisB] = [new Redis(redisUrl), new Redis(redisUrl)];
      try {
        const env = { SOCKET_MAX_PER_CLIENT: '2', TRUST_PROXY: 'true' };
        const [a, b] = [await listening(env, redisA), await listening(env, redisB)];
        // A unique address per run: Redis outlives the test.
        const mine = `fd00::${randomBytes(2).toString('hex')}`;
        const headers = { 'x-forwarded-for': mine };
        const first = await attempt(a, '/chat', headers);
        const second = await attempt(b, '/activity', headers);
        expect([first.error, second.error]).toEqual([null, null]);
        expect((await attempt(a, '/activity', headers)).error).not.toBeNull();
        expect((await attempt(b, '/chat', headers)).error).not.toBeNull();
        // Another address has its own slots.
        expect((await attempt(b, '/chat', { 'x-forwarded-for': `${mine}1` })).error).toBeNull();
        second.socket.disconnect();
        await connectsAgain(a, '/activity', headers);
      } finally {
        await Promise.all(apps.splice(0).map((app) => app.close()));
        redisA.disconnect();
        redisB.disconnect();
      }
    },
  );
});
