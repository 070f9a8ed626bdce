/**
 * `/rpc`: the chain's JSON-RPC and PubSub on this server's origin. Browsers talk to one origin (no CORS on
 * the chain, the same CSP as everything else), and the address of a paid RPC, key included, never leaves
 * the server.
 *
 * `POST /rpc` forwards the body (a call or a batch of at most `RPC_MAX_BATCH` calls) to `chain.rpcUrl`,
 * and to `chain.rpcFallbackUrl` when the primary is unreachable, answers 5xx, or refuses for load (429,
 * 408); the upstream's status and body come back as they are. With no upstream answering, the client gets
 * a 502 with a JSON-RPC error. Only the methods the web app and wallets use go upstream
 * ({@link RPC_HTTP_METHODS}): the rest are answered here with -32601, so the proxy is not a free gateway to
 * a paid RPC. Every call, over HTTP or the websocket, is counted against the client's budget of
 * `RPC_RATE_LIMIT_PER_MINUTE` units (see rpc-call-budget.ts), so a batch costs what its calls cost.
 *
 * A websocket upgrade on `/rpc` from this site (or from a client that sends no `Origin`: not a browser) is
 * relayed to `chain.wsUrl` with the `ws` library on both sides: the upstream connection opens first, then
 * the client's handshake completes. Messages are relayed whole, and each message from the client is read:
 * a method outside {@link RPC_PUBSUB_METHODS}, a batch too long or a call over budget is answered here and
 * never reaches the upstream. Tunnels are capped per client address and per instance, and closed after
 * {@link RpcProxyOptions.idleTimeoutMs} without a byte.
 *
 * @module
 */

import { ApiErrorCode } from '@arcade/sdk/api/error-codes';
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';

import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { WebSocket, WebSocketServer, type RawData } from 'ws';

import { rawErrorResponse, rawJsonResponse } from '../http/errors.ts';
import { clientAddress, isAllowedOrigin } from '../http/origin.ts';
import {
  MemoryCallBudget,
  payloadCost,
  RedisCallBudget,
  type BudgetVerdict,
  type CallBudget,
} from './rpc-call-budget.ts';
import type { RpcTransport } from './metrics.ts';

export { clientAddress, isAllowedOrigin };

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
  /** Shares the call budget between instances when set; default the application's Redis. */
  readonly redis?: Redis | null;
}

/** JSON-RPC's error codes for a body that is not JSON, not a request, a refused method, a down upstream. */
export const RPC_PARSE_ERROR = -32_700;
export const RPC_INVALID_REQUEST = -32_600;
export const RPC_METHOD_NOT_ALLOWED = -32_601;
export const RPC_UPSTREAM_UNAVAILABLE = -32_000;
/** A client over its call budget (EIP-1474's "limit exceeded", which RPC providers answer too). */
export const RPC_LIMIT_EXCEEDED = -32_005;

/** The 502's message: says what failed, never where the upstream is. */
export const RPC_UPSTREAM_MESSAGE = 'Upstream RPC unavailable';
/** The answer to a method the proxy does not relay. */
export const RPC_METHOD_NOT_ALLOWED_MESSAGE = 'Method not allowed through this proxy';

/** The JSON-RPC messages the proxy answers with itself (its refused upgrades use the catalogue's). */
export const RPC_MESSAGES = Object.freeze({
  parseError: 'Parse error',
  invalidRequest: 'Invalid request',
  methodNotAllowed: RPC_METHOD_NOT_ALLOWED_MESSAGE,
  upstreamUnavailable: RPC_UPSTREAM_MESSAGE,
  batchTooLarge: (max: number): string => `Batch too large: at most ${String(max)} calls`,
  tooManyCalls: (max: number): string => `Too many calls: at most ${String(max)} a minute`,
  /** The close reason of a websocket that kept sending over its budget. */
  closedForCalls: 'Too many calls',
});

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

/** The budget's window: `RPC_RATE_LIMIT_PER_MINUTE` is per minute. */
const BUDGET_WINDOW_MS = 60_000;

/** Statuses that say "not now" rather than "no": the fallback may well answer. */
const TRY_ELSEWHERE = new Set([408, 429]);

/** The largest message a client may send through the tunnel (the chain's own limit is far lower). */
const MAX_CLIENT_MESSAGE_BYTES = 1024 * 1024;

/** Messages from one client being checked at once; past this its socket is read no further until some end. */
const MAX_PENDING_MESSAGES = 16;

/** Over-budget messages in a row after which the tunnel is closed (1008) instead of answered. */
const REFUSALS_BEFORE_CLOSE = 10;

/** Bytes waiting to go out to one side above which the other side is read no further, and below which it is again. */
const HIGH_WATER_BYTES = 1024 * 1024;
const LOW_WATER_BYTES = 256 * 1024;

/** A `Sec-WebSocket-Key` as RFC 6455 has it: 16 bytes in base64. */
const WEBSOCKET_KEY = /^[+/0-9A-Za-z]{22}==$/;

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
    return rpcError(RPC_INVALID_REQUEST, RPC_MESSAGES.invalidRequest);
  }
  const method: unknown = (call as { method?: unknown }).method;
  if (typeof method !== 'string')
    return rpcError(RPC_INVALID_REQUEST, RPC_MESSAGES.invalidRequest, idOf(call));
  if (!allowed.has(method) || (method === 'logsSubscribe' && !mentionsOneAccount(call)))
    return rpcError(RPC_METHOD_NOT_ALLOWED, RPC_MESSAGES.methodNotAllowed, idOf(call));
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

/** A message read as JSON-RPC: the call or batch, or the error that answers it whole. */
type Parsed =
  | { readonly ok: true; readonly payload: object; readonly cost: number }
  | { readonly ok: false; readonly error: object; readonly cost: number };

/**
 * Reads a body or websocket message: not JSON, not an object or array, an empty batch, or a batch of more
 * than `maxBatch` calls is answered whole with one error (and costs one unit); anything else costs its calls.
 */
function parseMessage(text: string, maxBatch: number): Parsed {
  let payload: unknown;
  try {
    payload = JSON.parse(text);
  } catch {
    return { ok: false, error: rpcError(RPC_PARSE_ERROR, RPC_MESSAGES.parseError), cost: 1 };
  }
  if (typeof payload !== 'object' || payload === null || (Array.isArray(payload) && payload.length === 0)) {
    return { ok: false, error: rpcError(RPC_INVALID_REQUEST, RPC_MESSAGES.invalidRequest), cost: 1 };
  }
  if (Array.isArray(payload) && payload.length > maxBatch) {
    return { ok: false, error: rpcError(RPC_INVALID_REQUEST, RPC_MESSAGES.batchTooLarge(maxBatch)), cost: 1 };
  }
  return { ok: true, payload, cost: payloadCost(payload) };
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
 * Ends a not-yet-upgraded socket with a plain HTTP response: the API's error body for a refusal of the
 * handshake (its code, answered with the code's status), or a whole response as given (the JSON-RPC error
 * of an upstream that failed).
 */
function refuse(socket: Socket, refusal: ApiErrorCode | string): void {
  if (socket.destroyed) return;
  socket.end(typeof refusal === 'number' ? rawErrorResponse(refusal) : refusal);
  socket.destroySoon();
}

/** Whether `code` may be sent in a close frame (1005 and 1006 only describe one). */
function isSendableCloseCode(code: number): boolean {
  return (
    (code >= 1000 && code <= 1014 && code !== 1004 && code !== 1005 && code !== 1006) ||
    (code >= 3000 && code <= 4999)
  );
}

/** A message as one buffer (`ws` hands fragmented messages over joined, as a Buffer by default). */
function bytesOf(data: RawData): Buffer {
  if (Buffer.isBuffer(data)) return data;
  return Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data);
}

/** The subprotocols a client asked for, as `ws` takes them. */
function protocolsOf(request: IncomingMessage): string[] {
  const header = request.headers['sec-websocket-protocol'];
  if (header === undefined) return [];
  return header
    .split(',')
    .map((protocol) => protocol.trim())
    .filter((protocol) => protocol !== '');
}

export default fp(
  async (app: FastifyInstance, options: RpcProxyOptions) => {
    const timeoutMs = options.timeoutMs ?? 30_000;
    const handshakeTimeoutMs = options.handshakeTimeoutMs ?? 10_000;
    const maxSocketsPerClient = options.maxSocketsPerClient ?? 32;
    const maxSockets = options.maxSockets ?? app.env.RPC_MAX_SOCKETS;
    const idleTimeoutMs = options.idleTimeoutMs ?? 10 * 60_000;
    const maxBatch = app.env.RPC_MAX_BATCH;
    const maxCalls = app.env.RPC_RATE_LIMIT_PER_MINUTE;
    const redis = options.redis ?? null;
    const { chain } = app;
    const upstreams = [chain.rpcUrl, ...(chain.rpcFallbackUrl === null ? [] : [chain.rpcFallbackUrl])];
    const httpMethods = new Set([
      ...RPC_HTTP_METHODS,
      ...(chain.cluster === 'localnet' ? RPC_LOCALNET_METHODS : []),
    ]);
    const pubsubMethods = new Set(RPC_PUBSUB_METHODS);
    const budget: CallBudget =
      redis === null
        ? new MemoryCallBudget({ max: maxCalls, windowMs: BUDGET_WINDOW_MS, now: app.now })
        : new RedisCallBudget(redis, { max: maxCalls, windowMs: BUDGET_WINDOW_MS });

    /** Counts a call or batch received, by method, for /metrics (when the app has them). */
    const countCalls = (payload: object, transport: RpcTransport): void => {
      if (app.hasDecorator('metrics')) app.metrics.countRpcCalls(payload, transport);
    };

    /** Takes `cost` from the client's budget; with Redis unreachable the call goes through (and is logged). */
    async function charge(client: string, cost: number): Promise<BudgetVerdict> {
      try {
        return await budget.take(client, cost);
      } catch (error) {
        app.log.error({ err: error }, 'RPC call budget unavailable');
        return { allowed: true };
      }
    }

    /** The answer to a call or batch over budget. */
    const overBudget = (parsed: Parsed): object =>
      rpcError(
        RPC_LIMIT_EXCEEDED,
        RPC_MESSAGES.tooManyCalls(maxCalls),
        parsed.ok ? idOf(parsed.payload) : null,
      );

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
          // Counted per call by the call budget instead of per request.
          config: { rateLimit: false },
        },
        async (request, reply: FastifyReply) => {
          const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
          void reply.header('cache-control', 'no-store');
          const parsed = parseMessage(body.toString('utf8'), maxBatch);
          if (parsed.ok) countCalls(parsed.payload, 'http');
          const verdict = await charge(request.ip, parsed.cost);
          if (!verdict.allowed) {
            void reply.header('retry-after', Math.max(1, Math.ceil(verdict.retryAfterMs / 1_000)));
            return reply.code(429).send(overBudget(parsed));
          }
          if (!parsed.ok) return reply.code(400).send(parsed.error);
          const { payload } = parsed;
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
              .send(rpcError(RPC_UPSTREAM_UNAVAILABLE, RPC_MESSAGES.upstreamUnavailable, idOf(payload)));
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

    // The websocket relay. socket.io shares the server's `upgrade` event and leaves other paths alone
    // (`destroyUpgrade: false`), so `/rpc` upgrades are this listener's.
    const open = new Set<Socket>();
    const upstreamSockets = new Set<WebSocket>();
    const perClient = new Map<string, number>();
    /** The subprotocol the upstream chose, for the client's handshake to echo. */
    const chosenProtocol = new WeakMap<IncomingMessage, string>();
    const server = new WebSocketServer({
      noServer: true,
      clientTracking: false,
      // Uncompressed, so every message can be read and screened, and no compression bomb gets in.
      perMessageDeflate: false,
      maxPayload: MAX_CLIENT_MESSAGE_BYTES,
      handleProtocols: (_offered, request) => chosenProtocol.get(request) ?? false,
    });

    /** Relays messages both ways once both handshakes are done, screening and charging what the client sends. */
    function relay(client: WebSocket, upstream: WebSocket, raw: Socket, address: string): void {
      let pending = 0;
      let queue = Promise.resolve();
      let refusedInARow = 0;
      const clientPausedBy = new Set<'checks' | 'upstream'>();
      let upstreamPaused = false;

      const pauseClient = (reason: 'checks' | 'upstream'): void => {
        clientPausedBy.add(reason);
        client.pause();
      };
      const resumeClient = (reason: 'checks' | 'upstream'): void => {
        clientPausedBy.delete(reason);
        if (clientPausedBy.size === 0) client.resume();
      };
      /** Ends both sides: the client with `code`, the upstream at once. */
      const close = (code: number, reason: string): void => {
        upstream.terminate();
        if (client.readyState === WebSocket.OPEN) client.close(code, reason);
      };

      const toClient = (text: string | Buffer, binary = false): void => {
        if (client.readyState !== WebSocket.OPEN) return;
        client.send(text, { binary }, () => {
          if (upstreamPaused && client.bufferedAmount < LOW_WATER_BYTES) {
            upstreamPaused = false;
            upstream.resume();
          }
        });
        if (!upstreamPaused && client.bufferedAmount > HIGH_WATER_BYTES) {
          upstreamPaused = true;
          upstream.pause();
        }
      };
      const toUpstream = (data: string | Buffer, binary = false): void => {
        if (upstream.readyState !== WebSocket.OPEN) return;
        upstream.send(data, { binary }, () => {
          if (clientPausedBy.has('upstream') && upstream.bufferedAmount < LOW_WATER_BYTES) {
            resumeClient('upstream');
          }
        });
        if (upstream.bufferedAmount > HIGH_WATER_BYTES) pauseClient('upstream');
      };
      const answer = (body: unknown): void => {
        toClient(JSON.stringify(body));
      };

      /** A whole message from the client: charged, then relayed when every call in it may go upstream. */
      const onMessage = async (bytes: Buffer, binary: boolean): Promise<void> => {
        const parsed = parseMessage(bytes.toString('utf8'), maxBatch);
        if (parsed.ok) countCalls(parsed.payload, 'ws');
        const verdict = await charge(address, parsed.cost);
        if (!verdict.allowed) {
          refusedInARow += 1;
          if (refusedInARow >= REFUSALS_BEFORE_CLOSE) close(1008, RPC_MESSAGES.closedForCalls);
          else answer(overBudget(parsed));
          return;
        }
        refusedInARow = 0;
        if (!parsed.ok) {
          answer(parsed.error);
          return;
        }
        const { payload } = parsed;
        const { relay: calls, relayAll, answers } = screen(payload, pubsubMethods);
        if (relayAll) {
          toUpstream(bytes, binary);
          return;
        }
        answer(Array.isArray(payload) ? answers : answers[0]);
        if (calls !== null) toUpstream(JSON.stringify(calls));
      };

      client.on('message', (data: RawData, binary: boolean) => {
        const bytes = bytesOf(data);
        pending += 1;
        if (pending >= MAX_PENDING_MESSAGES) pauseClient('checks');
        // In order: a subscribe must reach the upstream before the unsubscribe that follows it.
        queue = queue
          .then(() => onMessage(bytes, binary))
          .catch((error: unknown) => {
            app.log.error({ err: error }, 'RPC websocket: screening a message');
          })
          .finally(() => {
            pending -= 1;
            if (pending < MAX_PENDING_MESSAGES && clientPausedBy.has('checks')) resumeClient('checks');
          });
      });
      upstream.on('message', (data: RawData, binary: boolean) => {
        toClient(bytesOf(data), binary);
      });

      // Either side closing or failing closes the other; close codes pass through when they can be sent.
      client.on('error', () => {
        // ws closes the client itself (1002 for a broken frame, 1009 for one too big); 'close' follows.
      });
      client.once('close', (code: number, reason: Buffer) => {
        if (isSendableCloseCode(code) && upstream.readyState === WebSocket.OPEN) upstream.close(code, reason);
        else upstream.terminate();
      });
      upstream.once('close', (code: number, reason: Buffer) => {
        if (client.readyState !== WebSocket.OPEN) return;
        if (isSendableCloseCode(code)) client.close(code, reason);
        else if (code === 1005) client.close();
        else client.close(1014, 'Upstream closed');
      });
      // Set after ws's own setup (which clears it): writes count as activity too, so a tunnel only
      // receiving notifications is not idle.
      raw.setTimeout(idleTimeoutMs);
      raw.on('timeout', () => {
        close(1001, 'Idle');
      });
    }

    function onUpgrade(request: IncomingMessage, socket: Socket, head: Buffer): void {
      const path = (request.url ?? '').split('?')[0];
      if (path !== PATH && path !== `${PATH}/`) return;
      socket.on('error', () => socket.destroy());
      if (!isAllowedOrigin(request.headers.origin, request.headers.host, app.env.PUBLIC_URL)) {
        refuse(socket, ApiErrorCode.ORIGIN_NOT_ALLOWED);
        return;
      }
      const key = request.headers['sec-websocket-key'];
      const version = request.headers['sec-websocket-version'];
      if (
        request.method !== 'GET' ||
        request.headers.upgrade?.toLowerCase() !== 'websocket' ||
        key === undefined ||
        !WEBSOCKET_KEY.test(key) ||
        (version !== '13' && version !== '8')
      ) {
        // Refused before it costs an upstream connection.
        refuse(socket, ApiErrorCode.INVALID_WEBSOCKET_HANDSHAKE);
        return;
      }
      if (open.size >= maxSockets) {
        refuse(socket, ApiErrorCode.TOO_MANY_CONNECTIONS);
        return;
      }
      const address = clientAddress(request, app.env.TRUST_PROXY);
      const count = perClient.get(address) ?? 0;
      if (count >= maxSocketsPerClient) {
        refuse(socket, ApiErrorCode.RATE_LIMITED);
        return;
      }
      perClient.set(address, count + 1);
      open.add(socket);
      let released = false;
      const release = (): void => {
        if (released) return;
        released = true;
        open.delete(socket);
        const left = (perClient.get(address) ?? 1) - 1;
        if (left <= 0) perClient.delete(address);
        else perClient.set(address, left);
      };
      socket.once('close', release);

      let upstream: WebSocket;
      try {
        // Nothing of the browser's (cookies, origin) goes upstream: only the subprotocols it asked for.
        upstream = new WebSocket(chain.wsUrl, protocolsOf(request), {
          perMessageDeflate: false,
          handshakeTimeout: handshakeTimeoutMs,
          followRedirects: false,
        });
      } catch {
        // Subprotocols ws will not send (not tokens, repeated).
        refuse(socket, ApiErrorCode.INVALID_WEBSOCKET_HANDSHAKE);
        return;
      }
      upstreamSockets.add(upstream);
      upstream.once('close', () => upstreamSockets.delete(upstream));
      let opened = false;
      let relaying = false;
      upstream.on('error', (error) => {
        app.log.warn({ upstream: hostOf(chain.wsUrl), err: error }, 'RPC websocket upstream failed');
        // Unreachable, refused the upgrade, or timed out: the client gets a 502, not the upstream's answer.
        if (!opened) {
          refuse(
            socket,
            rawJsonResponse(502, rpcError(RPC_UPSTREAM_UNAVAILABLE, RPC_MESSAGES.upstreamUnavailable)),
          );
        }
      });
      // The client left during the upstream's handshake, or its own handshake failed.
      socket.once('close', () => {
        if (!relaying) upstream.terminate();
      });
      upstream.once('open', () => {
        opened = true;
        if (socket.destroyed) {
          upstream.terminate();
          return;
        }
        if (upstream.protocol !== '') chosenProtocol.set(request, upstream.protocol);
        server.handleUpgrade(request, socket, head, (client) => {
          relaying = true;
          relay(client, upstream, socket, address);
        });
      });
    }

    app.server.on('upgrade', onUpgrade);
    app.addHook('preClose', async () => {
      app.server.off('upgrade', onUpgrade);
      // Open tunnels would hold the HTTP server's close forever.
      for (const upstream of upstreamSockets) upstream.terminate();
      upstreamSockets.clear();
      for (const socket of open) socket.destroy();
      open.clear();
      server.close();
    });
  },
  { name: 'rpc-proxy' },
);
