/**
 * One socket.io server on the application's HTTP server, as both `/activity` and `/chat` use it: its own
 * path, no client bundle, small messages, and with Redis the socket.io Redis adapter so an emit on one
 * instance reaches the clients of all.
 *
 * Every handshake is checked before the connection exists: a browser must come from this site (the same
 * rule as the `/rpc` tunnel's), and the client address must have a free slot (see connection-slots.ts,
 * shared by both servers), held until the connection closes. A refused handshake gets a 403 (polling) or a
 * 400 (websocket) whose body says why, and the client a `connect_error`.
 *
 * @module
 */

import type { IncomingMessage, Server as HttpServer } from 'node:http';

import { createAdapter } from '@socket.io/redis-adapter';
import type { Redis } from 'ioredis';
import { Server, type DefaultEventsMap } from 'socket.io';

import { clientAddress, isAllowedOrigin } from '../http/origin.ts';
import type { ConnectionSlots, ReleaseSlot } from './connection-slots.ts';

/** Why a handshake is refused. */
export const SOCKET_ERRORS = Object.freeze({
  originNotAllowed: 'Origin not allowed',
  tooManyConnections: 'Too many connections',
});

/** Largest message a client may send; chat messages are 100 characters, so this is ample. */
export const MAX_SOCKET_MESSAGE_BYTES = 16 * 1024;

/** Options of {@link SocketServer}. */
export interface SocketServerOptions {
  /** The URL path, e.g. `/chat`. */
  readonly path: string;
  /** Browsers may connect from this URL's origin (or the origin of the `Host` they sent) only. */
  readonly publicUrl: string;
  /** Whether the client address is the first `X-Forwarded-For` entry (`TRUST_PROXY`). */
  readonly trustProxy: boolean;
  /** The slots per client address, shared with the other socket server. */
  readonly slots: ConnectionSlots;
  /** The Redis adapter's connection to duplicate; null keeps the fan-out in this process. */
  readonly redis: Redis | null;
  /**
   * The adapter's channel prefix. Each server needs its own: both use the namespace `/`, and a shared
   * channel would relay the activity feed to chat clients.
   */
  readonly channel: string;
  /** Reports Redis connection errors (which must not crash the process). */
  readonly onError: (error: unknown) => void;
}

/** A socket.io server and the Redis connections of its adapter. */
export class SocketServer<Listen extends DefaultEventsMap, Emit extends DefaultEventsMap> {
  readonly io: Server<Listen, Emit>;
  readonly #redis: readonly Redis[];

  constructor(httpServer: HttpServer, options: SocketServerOptions) {
    /** Slots taken by handshakes whose connection is not open yet. */
    const pending = new WeakMap<IncomingMessage, ReleaseSlot>();
    this.io = new Server<Listen, Emit>(httpServer, {
      path: options.path,
      serveClient: false,
      // Two servers share one HTTP server: each must leave the other's upgrade requests alone.
      destroyUpgrade: false,
      maxHttpBufferSize: MAX_SOCKET_MESSAGE_BYTES,
      cors: { origin: new URL(options.publicUrl).origin, methods: ['GET', 'POST'] },
      // Handshakes only (a request without a session id).
      allowRequest: (request, callback) => {
        void admit(request, options, pending).then((error) => {
          callback(error ?? '', error === null);
        });
      },
    });
    this.io.engine.on(
      'connection',
      (socket: { request: IncomingMessage; once(event: 'close', listener: () => void): void }) => {
        const release = pending.get(socket.request);
        if (release === undefined) return;
        pending.delete(socket.request);
        socket.once('close', release);
      },
    );
    if (options.redis === null) {
      this.#redis = [];
      return;
    }
    const pub = options.redis.duplicate();
    const sub = options.redis.duplicate();
    pub.on('error', options.onError);
    sub.on('error', options.onError);
    this.io.adapter(
      createAdapter(pub, sub, { key: options.channel, publishOnSpecificResponseChannel: true }),
    );
    this.#redis = [pub, sub];
  }

  /**
   * Resolves once the adapter's subscription is in place (at once without Redis), so that nothing
   * another instance emits after the application is ready is lost.
   */
  async ready(): Promise<void> {
    // Redis answers a connection's commands in order: the PING's reply follows the PSUBSCRIBE's.
    await Promise.all(this.#redis.map((client) => client.ping()));
  }

  /**
   * Disconnects this instance's clients and closes the adapter, leaving the HTTP server to Fastify (the
   * server's own `close` would close it too, and wait for it).
   */
  async close(): Promise<void> {
    // Local only: with Redis, a plain disconnectSockets would disconnect every instance's clients.
    this.io.local.disconnectSockets(true);
    this.io.engine.close();
    await this.io.of('/').adapter.close();
    await Promise.all(
      this.#redis.map(async (client) => {
        try {
          await client.quit();
        } catch {
          client.disconnect();
        }
      }),
    );
  }
}

/**
 * Checks a handshake: the origin, then a slot for the client address (held in `pending` until the
 * connection opens, or given back if its TCP connection closes first). Resolves to the refusal, or null.
 */
async function admit(
  request: IncomingMessage,
  options: SocketServerOptions,
  pending: WeakMap<IncomingMessage, ReleaseSlot>,
): Promise<string | null> {
  if (!isAllowedOrigin(request.headers.origin, request.headers.host, options.publicUrl)) {
    return SOCKET_ERRORS.originNotAllowed;
  }
  let release: ReleaseSlot | null;
  try {
    release = await options.slots.acquire(clientAddress(request, options.trustProxy));
  } catch (error) {
    // Without Redis the sockets would all be down: the connection is let in uncounted, and logged.
    options.onError(error);
    return null;
  }
  if (release === null) return SOCKET_ERRORS.tooManyConnections;
  if (request.socket.destroyed) {
    release();
    return null;
  }
  pending.set(request, release);
  request.socket.once('close', () => {
    // Still pending: the handshake never became a connection.
    if (pending.get(request) === release) {
      pending.delete(request);
      release();
    }
  });
  return null;
}
