/**
 * `/rpc`: the chain's JSON-RPC and PubSub on this server's origin. Browsers talk to one origin (no CORS on
 * the chain, the same CSP as everything else), and the address of a paid RPC, key included, never leaves
 * the server.
 *
 * `POST /rpc` forwards the body (a call or a batch) to `chain.rpcUrl`, and to `chain.rpcFallbackUrl` when
 * the primary is unreachable or answers 5xx; the upstream's status and body come back as they are. With no
 * upstream answering, the client gets a 502 with a JSON-RPC error. A websocket upgrade on `/rpc` is tunnelled
 * byte for byte to `chain.wsUrl`: the handshake goes upstream with the client's key, so the upstream's 101
 * is valid for the client, and from then on both sockets are piped (which gives backpressure for free).
 *
 * @module
 */

import { request as httpRequest, type IncomingMessage, type OutgoingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { Socket } from 'node:net';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';

import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';

/** Options of the RPC proxy. */
export interface RpcProxyOptions {
  /** How long an upstream may take to answer a call before the fallback (or a 502); default 30 s. */
  readonly timeoutMs?: number;
  /** How long the upstream websocket handshake may take; default 10 s. */
  readonly handshakeTimeoutMs?: number;
  /** Open `/rpc` websockets one client address may hold; default 32. */
  readonly maxSocketsPerClient?: number;
}

/** JSON-RPC's error codes for a body that is not JSON, not a request, or an upstream that is down. */
export const RPC_PARSE_ERROR = -32_700;
export const RPC_INVALID_REQUEST = -32_600;
export const RPC_UPSTREAM_UNAVAILABLE = -32_000;

/** The 502's message: says what failed, never where the upstream is. */
export const RPC_UPSTREAM_MESSAGE = 'Upstream RPC unavailable';

const PATH = '/rpc';

/** The handshake headers the upstream needs; cookies, tokens and the rest of the browser's stay here. */
const FORWARDED_UPGRADE_HEADERS = [
  'sec-websocket-key',
  'sec-websocket-version',
  'sec-websocket-extensions',
  'sec-websocket-protocol',
] as const;

type RpcId = string | number | null;

/** A JSON-RPC error response. */
function rpcError(code: number, message: string, id: RpcId = null): object {
  return { jsonrpc: '2.0', error: { code, message }, id };
}

/** The id of a single call, for the error that answers it; a batch's errors use null. */
function requestId(payload: unknown): RpcId {
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) return null;
  const id: unknown = (payload as { id?: unknown }).id;
  return typeof id === 'string' || typeof id === 'number' ? id : null;
}

/** The upstream's host for the logs: its path and query may hold an API key. */
function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return 'invalid URL';
  }
}

/** The client's address for the per-client socket limit, as Fastify's `request.ip` would see it. */
function clientAddress(request: IncomingMessage, trustProxy: boolean): string {
  const forwarded = request.headers['x-forwarded-for'];
  if (trustProxy && typeof forwarded === 'string') {
    const first = forwarded.split(',')[0]?.trim();
    if (first !== undefined && first !== '') return first;
  }
  return request.socket.remoteAddress ?? 'unknown';
}

/** Ends a not-yet-upgraded socket with a plain HTTP response. */
function refuse(socket: Socket, status: number, reason: string, body: object): void {
  if (socket.destroyed) return;
  const text = JSON.stringify(body);
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nconnection: close\r\ncontent-type: application/json\r\n` +
      `content-length: ${Buffer.byteLength(text)}\r\n\r\n${text}`,
  );
  socket.destroySoon();
}

export default fp(
  async (app: FastifyInstance, options: RpcProxyOptions) => {
    const timeoutMs = options.timeoutMs ?? 30_000;
    const handshakeTimeoutMs = options.handshakeTimeoutMs ?? 10_000;
    const maxSocketsPerClient = options.maxSocketsPerClient ?? 32;
    const { chain } = app;
    const upstreams = [chain.rpcUrl, ...(chain.rpcFallbackUrl === null ? [] : [chain.rpcFallbackUrl])];

    /** The first upstream that answers below 500, or null when none does. */
    async function forward(body: Buffer): Promise<Response | null> {
      for (const url of upstreams) {
        try {
          const response = await fetch(url, {
            method: 'POST',
            headers: { 'content-type': 'application/json', accept: 'application/json' },
            body: new Uint8Array(body),
            signal: AbortSignal.timeout(timeoutMs),
          });
          if (response.status < 500) return response;
          app.log.warn({ upstream: hostOf(url), status: response.status }, 'RPC upstream failed');
          await response.body?.cancel();
        } catch (error) {
          app.log.warn({ upstream: hostOf(url), err: error }, 'RPC upstream unreachable');
        }
      }
      return null;
    }

    await app.register(async (scope) => {
      // The body goes upstream as sent: parsed only to refuse what is not JSON-RPC before it costs a call.
      scope.removeContentTypeParser('application/json');
      scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => {
        done(null, body);
      });

      scope.post(PATH, { schema: { hide: true } }, async (request, reply: FastifyReply) => {
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        void reply.header('cache-control', 'no-store');
        let payload: unknown;
        try {
          payload = JSON.parse(body.toString('utf8'));
        } catch {
          return reply.code(400).send(rpcError(RPC_PARSE_ERROR, 'Parse error'));
        }
        const isCall = typeof payload === 'object' && payload !== null;
        if (!isCall || (Array.isArray(payload) && payload.length === 0)) {
          return reply.code(400).send(rpcError(RPC_INVALID_REQUEST, 'Invalid request'));
        }
        const upstream = await forward(body);
        if (upstream === null) {
          return reply
            .code(502)
            .send(rpcError(RPC_UPSTREAM_UNAVAILABLE, RPC_UPSTREAM_MESSAGE, requestId(payload)));
        }
        void reply.code(upstream.status);
        void reply.header('content-type', upstream.headers.get('content-type') ?? 'application/json');
        if (upstream.body === null) return reply.send('');
        // Streamed, so a large answer (getProgramAccounts) is never held whole in memory.
        return reply.send(Readable.fromWeb(upstream.body as WebReadableStream<Uint8Array>));
      });
    });

    // The websocket tunnel. socket.io shares the server's `upgrade` event and leaves other paths alone
    // (`destroyUpgrade: false`), so `/rpc` upgrades are this listener's.
    const open = new Set<Socket>();
    const perClient = new Map<string, number>();
    const target = new URL(chain.wsUrl);
    const secure = target.protocol === 'wss:' || target.protocol === 'https:';

    function onUpgrade(request: IncomingMessage, socket: Socket, head: Buffer): void {
      const path = (request.url ?? '').split('?')[0];
      if (path !== PATH && path !== `${PATH}/`) return;
      socket.on('error', () => socket.destroy());
      const client = clientAddress(request, app.env.TRUST_PROXY);
      const count = perClient.get(client) ?? 0;
      if (count >= maxSocketsPerClient) {
        refuse(socket, 429, 'Too Many Requests', { success: false, error: 'Too many requests' });
        return;
      }
      perClient.set(client, count + 1);
      open.add(socket);
      let released = false;
      const release = (): void => {
        if (released) return;
        released = true;
        open.delete(socket);
        const left = (perClient.get(client) ?? 1) - 1;
        if (left <= 0) perClient.delete(client);
        else perClient.set(client, left);
      };
      socket.once('close', release);

      const headers: OutgoingHttpHeaders = { host: target.host, connection: 'Upgrade', upgrade: 'websocket' };
      for (const name of FORWARDED_UPGRADE_HEADERS) {
        const value = request.headers[name];
        if (value !== undefined) headers[name] = value;
      }
      const upstreamRequest = (secure ? httpsRequest : httpRequest)({
        protocol: secure ? 'https:' : 'http:',
        hostname: target.hostname.replace(/^\[|\]$/g, ''),
        port: target.port === '' ? (secure ? 443 : 80) : Number(target.port),
        path: `${target.pathname}${target.search}`,
        method: 'GET',
        headers,
        timeout: handshakeTimeoutMs,
      });
      let failed = false;
      const fail = (): void => {
        if (failed) return;
        failed = true;
        refuse(socket, 502, 'Bad Gateway', rpcError(RPC_UPSTREAM_UNAVAILABLE, RPC_UPSTREAM_MESSAGE));
      };
      // The client left during the handshake.
      socket.once('close', () => upstreamRequest.destroy());
      upstreamRequest.on('timeout', () => upstreamRequest.destroy(new Error('upstream handshake timed out')));
      upstreamRequest.on('error', (error) => {
        app.log.warn({ upstream: target.host, err: error }, 'RPC websocket upstream unreachable');
        fail();
      });
      upstreamRequest.on('response', (response) => {
        // The upstream refused the upgrade: the client gets a 502, not the upstream's page.
        app.log.warn({ upstream: target.host, status: response.statusCode }, 'RPC websocket upgrade refused');
        response.resume();
        fail();
      });
      upstreamRequest.on('upgrade', (response, upstream: Socket, upstreamHead: Buffer) => {
        upstreamRequest.setTimeout(0);
        if (socket.destroyed) {
          upstream.destroy();
          return;
        }
        upstream.setTimeout(0);
        upstream.setNoDelay(true);
        socket.setTimeout(0);
        socket.setNoDelay(true);
        socket.setKeepAlive(true);
        const lines = ['HTTP/1.1 101 Switching Protocols'];
        for (let index = 0; index + 1 < response.rawHeaders.length; index += 2) {
          const name = response.rawHeaders[index] ?? '';
          if (name.toLowerCase() === 'set-cookie') continue;
          lines.push(`${name}: ${response.rawHeaders[index + 1] ?? ''}`);
        }
        socket.write(`${lines.join('\r\n')}\r\n\r\n`);
        if (upstreamHead.length > 0) socket.write(upstreamHead);
        if (head.length > 0) upstream.write(head);
        // Either side closing or failing closes the other; pipe() pauses the faster side.
        upstream.on('error', () => socket.destroy());
        socket.on('error', () => upstream.destroy());
        upstream.once('close', () => socket.destroy());
        socket.once('close', () => upstream.destroy());
        upstream.pipe(socket);
        socket.pipe(upstream);
      });
      upstreamRequest.end();
    }

    app.server.on('upgrade', onUpgrade);
    app.addHook('preClose', async () => {
      app.server.off('upgrade', onUpgrade);
      // Open tunnels would hold the HTTP server's close forever.
      for (const socket of open) socket.destroy();
      open.clear();
    });
  },
  { name: 'rpc-proxy' },
);
