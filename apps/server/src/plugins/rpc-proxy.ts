/**
 * `/rpc`: the chain's JSON-RPC and PubSub on this server's origin. Browsers talk to one origin (no CORS on
 * the chain, the same CSP as everything else), and the address of a paid RPC, key included, never leaves
 * the server.
 *
 * `POST /rpc` forwards the body (a call or a batch) to `chain.rpcUrl`, and to `chain.rpcFallbackUrl` when
 * the primary is unreachable, answers 5xx, or refuses for load (429, 408); the upstream's status and body
 * come back as they are. With no upstream answering, the client gets a 502 with a JSON-RPC error. Only the
 * methods the web app and wallets use go upstream ({@link RPC_HTTP_METHODS}): the rest are answered here
 * with -32601, so the proxy is not a free gateway to a paid RPC. `/rpc` has its own per-IP rate limit
 * (`RPC_RATE_LIMIT_PER_MINUTE`), as sending one transaction polls and resends for a minute.
 *
 * A websocket upgrade on `/rpc` from this site (or from a client that sends no `Origin`: not a browser) is
 * tunnelled to `chain.wsUrl`: the handshake goes upstream with the client's key, so the upstream's 101 is
 * valid for the client. Frames are then relayed whole, and each message from the client is read: a method
 * outside {@link RPC_PUBSUB_METHODS} is answered here and never reaches the upstream. Tunnels are capped
 * per client address and per instance, and closed after {@link RpcProxyOptions.idleTimeoutMs} without a byte.
 *
 * @module
 */

import { randomBytes } from 'node:crypto';
import { request as httpRequest, type IncomingMessage, type OutgoingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { Socket } from 'node:net';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';

import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';

/** Options of the RPC proxy; unset ones come from the environment or the defaults. */
export interface RpcProxyOptions {
  /** How long an upstream may take to answer a call before the fallback (or a 502); default 30 s. */
  readonly timeoutMs?: number;
  /** How long the upstream websocket handshake may take; default 10 s. */
  readonly handshakeTimeoutMs?: number;
  /** Open `/rpc` websockets one client address may hold; default 32. */
  readonly maxSocketsPerClient?: number;
  /** Open `/rpc` websockets this instance holds; default `RPC_MAX_SOCKETS` (2,000). */
  readonly maxSockets?: number;
  /** A tunnel with no byte either way for this long is closed (1001); default 10 minutes. */
  readonly idleTimeoutMs?: number;
}

/** JSON-RPC's error codes for a body that is not JSON, not a request, a refused method, a down upstream. */
export const RPC_PARSE_ERROR = -32_700;
export const RPC_INVALID_REQUEST = -32_600;
export const RPC_METHOD_NOT_ALLOWED = -32_601;
export const RPC_UPSTREAM_UNAVAILABLE = -32_000;

/** The 502's message: says what failed, never where the upstream is. */
export const RPC_UPSTREAM_MESSAGE = 'Upstream RPC unavailable';
/** The answer to a method the proxy does not relay. */
export const RPC_METHOD_NOT_ALLOWED_MESSAGE = 'Method not allowed through this proxy';

/**
 * JSON-RPC methods relayed over HTTP: what the web app, the SDK's transaction sender and wallets call.
 * Scans (`getProgramAccounts`, `getBlock`, …) are not: they are the expensive calls of a paid RPC.
 */
export const RPC_HTTP_METHODS: readonly string[] = Object.freeze([
  'getAccountInfo',
  'getBalance',
  'getBlockHeight',
  'getEpochInfo',
  'getFeeForMessage',
  'getGenesisHash',
  'getHealth',
  'getLatestBlockhash',
  'getMinimumBalanceForRentExemption',
  'getMultipleAccounts',
  'getPriorityFeeEstimate',
  'getRecentPrioritizationFees',
  'getSignatureStatuses',
  'getSignaturesForAddress',
  'getSlot',
  'getTokenAccountBalance',
  'getTokenAccountsByOwner',
  'getTransaction',
  'getVersion',
  'isBlockhashValid',
  'sendTransaction',
  'simulateTransaction',
]);

/** Relayed on the embedded local chain only: free SOL for testing. */
export const RPC_LOCALNET_METHODS: readonly string[] = Object.freeze(['requestAirdrop']);

/**
 * PubSub methods relayed through the websocket: balances, bet accounts, confirmations, the slot, and the
 * logs of one account (a bet record's reveal line carries its roll). `logsSubscribe` goes upstream only
 * with a `{ mentions: [address] }` filter: `all` and `allWithVotes` would stream the whole chain.
 */
export const RPC_PUBSUB_METHODS: readonly string[] = Object.freeze([
  'accountSubscribe',
  'accountUnsubscribe',
  'logsSubscribe',
  'logsUnsubscribe',
  'signatureSubscribe',
  'signatureUnsubscribe',
  'slotSubscribe',
  'slotUnsubscribe',
]);

const PATH = '/rpc';

/** Statuses that say "not now" rather than "no": the fallback may well answer. */
const TRY_ELSEWHERE = new Set([408, 429]);

/** The largest message a client may send through the tunnel (the chain's own limit is far lower). */
const MAX_CLIENT_MESSAGE_BYTES = 1024 * 1024;

/**
 * The handshake headers the upstream needs; cookies, tokens and the rest of the browser's stay here.
 * `sec-websocket-extensions` is not among them: without compression every frame can be read and screened.
 */
const FORWARDED_UPGRADE_HEADERS = [
  'sec-websocket-key',
  'sec-websocket-version',
  'sec-websocket-protocol',
] as const;

type RpcId = string | number | null;

/** A JSON-RPC error response. */
function rpcError(code: number, message: string, id: RpcId = null): object {
  return { jsonrpc: '2.0', error: { code, message }, id };
}

/** The id of a single call, for the error that answers it; a batch's errors use null. */
function idOf(call: unknown): RpcId {
  if (typeof call !== 'object' || call === null || Array.isArray(call)) return null;
  const id: unknown = (call as { id?: unknown }).id;
  return typeof id === 'string' || typeof id === 'number' ? id : null;
}

/** The error that answers `call` here, or null when it may go upstream. */
function refusal(call: unknown, allowed: ReadonlySet<string>): object | null {
  if (typeof call !== 'object' || call === null || Array.isArray(call)) {
    return rpcError(RPC_INVALID_REQUEST, 'Invalid request');
  }
  const method: unknown = (call as { method?: unknown }).method;
  if (typeof method !== 'string') return rpcError(RPC_INVALID_REQUEST, 'Invalid request', idOf(call));
  if (!allowed.has(method) || (method === 'logsSubscribe' && !mentionsOneAccount(call)))
    return rpcError(RPC_METHOD_NOT_ALLOWED, RPC_METHOD_NOT_ALLOWED_MESSAGE, idOf(call));
  return null;
}

/** Whether a `logsSubscribe` call filters on the logs that mention one account (a base-58 address). */
function mentionsOneAccount(call: object): boolean {
  const params: unknown = (call as { params?: unknown }).params;
  if (!Array.isArray(params)) return false;
  const filter: unknown = params[0];
  if (typeof filter !== 'object' || filter === null) return false;
  const mentions: unknown = (filter as { mentions?: unknown }).mentions;
  return (
    Array.isArray(mentions) &&
    mentions.length === 1 &&
    typeof mentions[0] === 'string' &&
    /^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(mentions[0])
  );
}

/** A call or batch split into what goes upstream and what is answered here. */
interface Screened {
  /** The calls to relay: `payload` itself when nothing was refused, else the allowed items (maybe none). */
  readonly relay: unknown;
  readonly relayAll: boolean;
  readonly answers: object[];
}

function screen(payload: unknown, allowed: ReadonlySet<string>): Screened {
  if (!Array.isArray(payload)) {
    const refused = refusal(payload, allowed);
    return refused === null
      ? { relay: payload, relayAll: true, answers: [] }
      : { relay: null, relayAll: false, answers: [refused] };
  }
  const relay: unknown[] = [];
  const answers: object[] = [];
  for (const call of payload) {
    const refused = refusal(call, allowed);
    if (refused === null) relay.push(call);
    else answers.push(refused);
  }
  return { relay: relay.length === 0 ? null : relay, relayAll: answers.length === 0, answers };
}

/** The upstream's host for the logs: its path and query may hold an API key. */
function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return 'invalid URL';
  }
}

/**
 * The client's address for the per-client socket limit, as Fastify's `request.ip` sees it: the socket's
 * peer unless `TRUST_PROXY`, so a forged `X-Forwarded-For` gets no fresh budget.
 */
export function clientAddress(request: IncomingMessage, trustProxy: boolean): string {
  const forwarded = request.headers['x-forwarded-for'];
  if (trustProxy && typeof forwarded === 'string') {
    const first = forwarded.split(',')[0]?.trim();
    if (first !== undefined && first !== '') return first;
  }
  return request.socket.remoteAddress ?? 'unknown';
}

/**
 * Whether a websocket handshake comes from this site. Browsers always send `Origin`; no `Origin` is a
 * program, which could forge any. `PUBLIC_URL`'s origin is the site; so is an origin naming the `Host` the
 * request was sent to (a dev server proxying `/rpc` keeps its own host, and another site cannot send that).
 */
export function isAllowedOrigin(
  origin: string | undefined,
  host: string | undefined,
  publicUrl: string,
): boolean {
  if (origin === undefined) return true;
  try {
    const parsed = new URL(origin);
    if (parsed.origin === new URL(publicUrl).origin) return true;
    return host !== undefined && parsed.host === host.toLowerCase();
  } catch {
    return false;
  }
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

/** One websocket frame, as received. */
interface Frame {
  readonly fin: boolean;
  readonly rsv: number;
  readonly opcode: number;
  /** Unmasked payload. */
  readonly payload: Buffer;
  /** The frame's bytes as received, to relay unchanged. */
  readonly raw: Buffer;
}

/** A frame's header: `size` is its total length in bytes, or null while the header is incomplete. */
function frameHeader(head: Buffer): { size: number; headerLength: number; masked: boolean } | null {
  if (head.length < 2) return null;
  const second = head[1]!;
  const masked = (second & 0x80) !== 0;
  let length = second & 0x7f;
  let offset = 2;
  if (length === 126) {
    if (head.length < 4) return null;
    length = head.readUInt16BE(2);
    offset = 4;
  } else if (length === 127) {
    if (head.length < 10) return null;
    const long = head.readBigUInt64BE(2);
    length = long > BigInt(Number.MAX_SAFE_INTEGER) ? Number.MAX_SAFE_INTEGER : Number(long);
    offset = 10;
  }
  const headerLength = offset + (masked ? 4 : 0);
  return { size: headerLength + length, headerLength, masked };
}

/** Cuts a byte stream into whole websocket frames. */
class FrameSplitter {
  readonly #maxFrameBytes: number;
  #chunks: Buffer[] = [];
  #length = 0;

  constructor(maxFrameBytes: number) {
    this.#maxFrameBytes = maxFrameBytes;
  }

  /**
   * The frames `chunk` completes.
   *
   * @throws RangeError on a frame over the limit.
   */
  push(chunk: Buffer): Frame[] {
    if (chunk.length > 0) {
      this.#chunks.push(chunk);
      this.#length += chunk.length;
    }
    const frames: Frame[] = [];
    for (;;) {
      const header = frameHeader(this.#peek(14));
      if (header === null) break;
      if (header.size - header.headerLength > this.#maxFrameBytes) throw new RangeError('frame too large');
      if (header.size > this.#length) break;
      const raw = this.#take(header.size);
      const payload = Buffer.from(raw.subarray(header.headerLength));
      if (header.masked) {
        const mask = raw.subarray(header.headerLength - 4, header.headerLength);
        for (let index = 0; index < payload.length; index += 1) payload[index]! ^= mask[index & 3]!;
      }
      const first = raw[0]!;
      frames.push({ fin: (first & 0x80) !== 0, rsv: first & 0x70, opcode: first & 0x0f, payload, raw });
    }
    return frames;
  }

  #peek(count: number): Buffer {
    const first = this.#chunks[0];
    if (first === undefined) return Buffer.alloc(0);
    if (first.length >= count || this.#chunks.length === 1) return first.subarray(0, count);
    return Buffer.concat(this.#chunks, Math.min(count, this.#length)).subarray(0, count);
  }

  #take(count: number): Buffer {
    const all = this.#chunks.length === 1 ? this.#chunks[0]! : Buffer.concat(this.#chunks, this.#length);
    const rest = all.subarray(count);
    this.#chunks = rest.length > 0 ? [rest] : [];
    this.#length = rest.length;
    return all.subarray(0, count);
  }
}

/** A frame's header for a payload of `length` bytes. */
function frameStart(opcode: number, length: number, masked: boolean): Buffer {
  const maskBit = masked ? 0x80 : 0;
  if (length < 126) return Buffer.from([0x80 | opcode, maskBit | length]);
  if (length < 65_536) {
    const header = Buffer.from([0x80 | opcode, maskBit | 126, 0, 0]);
    header.writeUInt16BE(length, 2);
    return header;
  }
  const header = Buffer.alloc(10);
  header[0] = 0x80 | opcode;
  header[1] = maskBit | 127;
  header.writeBigUInt64BE(BigInt(length), 2);
  return header;
}

/** A server-to-client frame (unmasked). */
function serverFrame(opcode: number, payload: Buffer): Buffer {
  return Buffer.concat([frameStart(opcode, payload.length, false), payload]);
}

/** A client-to-server text frame (masked, as RFC 6455 requires of clients). */
function clientTextFrame(text: string): Buffer {
  const payload = Buffer.from(text, 'utf8');
  const mask = randomBytes(4);
  for (let index = 0; index < payload.length; index += 1) payload[index]! ^= mask[index & 3]!;
  return Buffer.concat([frameStart(0x1, payload.length, true), mask, payload]);
}

/** A close frame with `code` and a short reason. */
function closeFrame(code: number, reason: string): Buffer {
  const payload = Buffer.alloc(2 + Buffer.byteLength(reason));
  payload.writeUInt16BE(code, 0);
  payload.write(reason, 2, 'utf8');
  return serverFrame(0x8, payload);
}

export default fp(
  async (app: FastifyInstance, options: RpcProxyOptions) => {
    const timeoutMs = options.timeoutMs ?? 30_000;
    const handshakeTimeoutMs = options.handshakeTimeoutMs ?? 10_000;
    const maxSocketsPerClient = options.maxSocketsPerClient ?? 32;
    const maxSockets = options.maxSockets ?? app.env.RPC_MAX_SOCKETS;
    const idleTimeoutMs = options.idleTimeoutMs ?? 10 * 60_000;
    const { chain } = app;
    const upstreams = [chain.rpcUrl, ...(chain.rpcFallbackUrl === null ? [] : [chain.rpcFallbackUrl])];
    const httpMethods = new Set([
      ...RPC_HTTP_METHODS,
      ...(chain.cluster === 'localnet' ? RPC_LOCALNET_METHODS : []),
    ]);
    const pubsubMethods = new Set(RPC_PUBSUB_METHODS);

    /**
     * The first upstream that answers, or null when none does. An answer of 5xx, 408 or 429 sends the call to
     * the next upstream; when there is none, a 408 or 429 is still the answer (the client's retry honours
     * it), while a 5xx becomes the 502.
     */
    async function forward(body: Uint8Array): Promise<Response | null> {
      let held: Response | null = null;
      for (const [index, url] of upstreams.entries()) {
        const last = index === upstreams.length - 1;
        try {
          const response = await fetch(url, {
            method: 'POST',
            headers: { 'content-type': 'application/json', accept: 'application/json' },
            body,
            signal: AbortSignal.timeout(timeoutMs),
          });
          const busy = TRY_ELSEWHERE.has(response.status);
          if (response.status < 500 && (!busy || last)) return response;
          app.log.warn({ upstream: hostOf(url), status: response.status }, 'RPC upstream failed');
          if (busy) {
            // Kept (small: an error) in case the fallback is no better.
            const text = await response.arrayBuffer();
            held = new Response(text, { status: response.status, headers: response.headers });
          } else {
            await response.body?.cancel();
          }
        } catch (error) {
          app.log.warn({ upstream: hostOf(url), err: error }, 'RPC upstream unreachable');
        }
      }
      return held;
    }

    await app.register(async (scope) => {
      // The body goes upstream as sent: parsed only to refuse what is not JSON-RPC before it costs a call.
      scope.removeContentTypeParser('application/json');
      scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => {
        done(null, body);
      });

      scope.post(
        PATH,
        {
          schema: { hide: true },
          // Its own bucket (in Redis with the others when set): the API's budget is far too small for it.
          config: { rateLimit: { max: app.env.RPC_RATE_LIMIT_PER_MINUTE, timeWindow: 60_000 } },
        },
        async (request, reply: FastifyReply) => {
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
          const { relay, relayAll, answers } = screen(payload, httpMethods);
          if (relay === null) {
            return reply.code(200).send(Array.isArray(payload) ? answers : answers[0]);
          }
          const upstream = await forward(
            new Uint8Array(relayAll ? body : Buffer.from(JSON.stringify(relay), 'utf8')),
          );
          if (upstream === null) {
            return reply
              .code(502)
              .send(rpcError(RPC_UPSTREAM_UNAVAILABLE, RPC_UPSTREAM_MESSAGE, idOf(payload)));
          }
          void reply.code(upstream.status);
          void reply.header('content-type', upstream.headers.get('content-type') ?? 'application/json');
          if (!relayAll) {
            // A batch with refused calls: their errors join the upstream's answers.
            const text = await upstream.text();
            let answered: unknown;
            try {
              answered = JSON.parse(text);
            } catch {
              return reply.send(text);
            }
            return reply.send(Array.isArray(answered) ? [...(answered as unknown[]), ...answers] : answered);
          }
          if (upstream.body === null) return reply.send('');
          // Streamed, so a large answer is never held whole in memory.
          return reply.send(Readable.fromWeb(upstream.body as WebReadableStream<Uint8Array>));
        },
      );
    });

    // The websocket tunnel. socket.io shares the server's `upgrade` event and leaves other paths alone
    // (`destroyUpgrade: false`), so `/rpc` upgrades are this listener's.
    const open = new Set<Socket>();
    const perClient = new Map<string, number>();
    const target = new URL(chain.wsUrl);
    const secure = target.protocol === 'wss:' || target.protocol === 'https:';

    /** Relays frames both ways once both handshakes are done, screening what the client sends. */
    function relay(socket: Socket, upstream: Socket, head: Buffer, upstreamHead: Buffer): void {
      const fromUpstream = new FrameSplitter(Number.MAX_SAFE_INTEGER);
      const fromClient = new FrameSplitter(MAX_CLIENT_MESSAGE_BYTES);
      let message: Frame[] = [];
      let messageBytes = 0;
      let closing = false;

      /** Ends the tunnel with a close frame to the client: whole frames only were written, so it is one too. */
      const close = (code: number, reason: string): void => {
        if (closing) return;
        closing = true;
        upstream.destroy();
        if (!socket.destroyed) socket.end(closeFrame(code, reason));
        socket.destroySoon();
      };
      const toClient = (frame: Buffer): void => {
        if (!socket.write(frame)) upstream.pause();
      };
      const toUpstream = (frame: Buffer): void => {
        if (!upstream.write(frame)) socket.pause();
      };
      const answer = (body: unknown): void => {
        toClient(serverFrame(0x1, Buffer.from(JSON.stringify(body), 'utf8')));
      };

      /** A whole message from the client: relayed when every call in it may go upstream. */
      const screenMessage = (frames: readonly Frame[]): void => {
        let payload: unknown;
        try {
          payload = JSON.parse(Buffer.concat(frames.map((frame) => frame.payload)).toString('utf8'));
        } catch {
          answer(rpcError(RPC_PARSE_ERROR, 'Parse error'));
          return;
        }
        if (
          typeof payload !== 'object' ||
          payload === null ||
          (Array.isArray(payload) && payload.length === 0)
        ) {
          answer(rpcError(RPC_INVALID_REQUEST, 'Invalid request'));
          return;
        }
        const { relay: calls, relayAll, answers } = screen(payload, pubsubMethods);
        if (relayAll) {
          for (const frame of frames) toUpstream(frame.raw);
          return;
        }
        answer(Array.isArray(payload) ? answers : answers[0]);
        if (calls !== null) toUpstream(clientTextFrame(JSON.stringify(calls)));
      };

      const onClientFrame = (frame: Frame): void => {
        // No extension was negotiated, so a reserved bit is a broken client.
        if (frame.rsv !== 0) {
          close(1002, 'Protocol error');
          return;
        }
        if (frame.opcode >= 0x8) {
          // Ping, pong and close go through as they are, even between a message's fragments.
          toUpstream(frame.raw);
          return;
        }
        const starts = frame.opcode === 0x1 || frame.opcode === 0x2;
        if (starts === message.length > 0 || (!starts && frame.opcode !== 0x0)) {
          close(1002, 'Protocol error');
          return;
        }
        message.push(frame);
        messageBytes += frame.payload.length;
        if (messageBytes > MAX_CLIENT_MESSAGE_BYTES) {
          close(1009, 'Message too big');
          return;
        }
        if (!frame.fin) return;
        const frames = message;
        message = [];
        messageBytes = 0;
        screenMessage(frames);
      };

      const fromClientBytes = (chunk: Buffer): void => {
        let frames: Frame[];
        try {
          frames = fromClient.push(chunk);
        } catch {
          close(1009, 'Message too big');
          return;
        }
        for (const frame of frames) {
          if (closing) return;
          onClientFrame(frame);
        }
      };
      const fromUpstreamBytes = (chunk: Buffer): void => {
        for (const frame of fromUpstream.push(chunk)) toClient(frame.raw);
      };

      // Either side closing or failing closes the other.
      upstream.on('error', () => socket.destroy());
      socket.on('error', () => upstream.destroy());
      // Not while closing: the close frame to the client must get out first.
      upstream.once('close', () => {
        if (!closing) socket.destroy();
      });
      socket.once('close', () => upstream.destroy());
      upstream.on('data', fromUpstreamBytes);
      socket.on('data', fromClientBytes);
      // A slow side pauses the other.
      socket.on('drain', () => upstream.resume());
      upstream.on('drain', () => socket.resume());
      // Writes count as activity too, so a tunnel only receiving notifications is not idle.
      socket.setTimeout(idleTimeoutMs);
      socket.on('timeout', () => {
        close(1001, 'Idle');
      });

      if (upstreamHead.length > 0) fromUpstreamBytes(upstreamHead);
      if (head.length > 0) fromClientBytes(head);
    }

    function onUpgrade(request: IncomingMessage, socket: Socket, head: Buffer): void {
      const path = (request.url ?? '').split('?')[0];
      if (path !== PATH && path !== `${PATH}/`) return;
      socket.on('error', () => socket.destroy());
      if (!isAllowedOrigin(request.headers.origin, request.headers.host, app.env.PUBLIC_URL)) {
        refuse(socket, 403, 'Forbidden', { success: false, error: 'Origin not allowed' });
        return;
      }
      if (open.size >= maxSockets) {
        refuse(socket, 503, 'Service Unavailable', { success: false, error: 'Too many open connections' });
        return;
      }
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
        socket.setNoDelay(true);
        socket.setKeepAlive(true);
        const lines = ['HTTP/1.1 101 Switching Protocols'];
        for (let index = 0; index + 1 < response.rawHeaders.length; index += 2) {
          const name = response.rawHeaders[index] ?? '';
          if (name.toLowerCase() === 'set-cookie') continue;
          lines.push(`${name}: ${response.rawHeaders[index + 1] ?? ''}`);
        }
        socket.write(`${lines.join('\r\n')}\r\n\r\n`);
        relay(socket, upstream, head, upstreamHead);
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
