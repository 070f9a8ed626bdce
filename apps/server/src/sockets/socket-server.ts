/**
 * One socket.io server on the application's HTTP server, as both `/activity` and `/chat` use it: its own
 * path, no client bundle, the browser origin of `PUBLIC_URL`, small messages, and with Redis the
 * socket.io Redis adapter so an emit on one instance reaches the clients of all.
 *
 * @module
 */

import type { Server as HttpServer } from 'node:http';

import { createAdapter } from '@socket.io/redis-adapter';
import type { Redis } from 'ioredis';
import { Server, type DefaultEventsMap } from 'socket.io';

/** Largest message a client may send; chat messages are 100 characters, so this is ample. */
export const MAX_SOCKET_MESSAGE_BYTES = 16 * 1024;

/** Options of {@link SocketServer}. */
export interface SocketServerOptions {
  /** The URL path, e.g. `/chat`. */
  readonly path: string;
  /** Browsers may connect from this URL's origin only. */
  readonly publicUrl: string;
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
    this.io = new Server<Listen, Emit>(httpServer, {
      path: options.path,
      serveClient: false,
      // Two servers share one HTTP server: each must leave the other's upgrade requests alone.
      destroyUpgrade: false,
      maxHttpBufferSize: MAX_SOCKET_MESSAGE_BYTES,
      cors: { origin: new URL(options.publicUrl).origin, methods: ['GET', 'POST'] },
    });
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
