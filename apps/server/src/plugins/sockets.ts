/**
 * The realtime sockets on the application's HTTP server: `/activity` (the live feed) and `/chat`. With
 * Redis both use the socket.io Redis adapter, so any number of instances serve the same rooms. Closed
 * before the HTTP server, so open websockets do not hold its close.
 *
 * One client address holds at most `SOCKET_MAX_PER_CLIENT` sockets of both together, counted on every
 * instance through Redis when set (see connection-slots.ts).
 *
 * @module
 */

import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';

import { createActivitySocket } from '../sockets/activity-socket.ts';
import type { RateWindow } from '../sockets/chat-rate-limiter.ts';
import { createChatSocket } from '../sockets/chat-socket.ts';
import {
  MemoryConnectionSlots,
  RedisConnectionSlots,
  type ConnectionSlots,
} from '../sockets/connection-slots.ts';

/** Options of the sockets plugin. */
export interface SocketsPluginOptions {
  /** With Redis, both socket servers use the socket.io Redis adapter and the chat's rate limit is shared. */
  readonly redis: Redis | null;
  /** The chat's per-user limits; default `CHAT_MESSAGES_PER_SECOND` and `CHAT_MESSAGES_PER_MINUTE`. */
  readonly chatRateLimits?: readonly RateWindow[];
}

export default fp(
  async (app: FastifyInstance, options: SocketsPluginOptions) => {
    const max = app.env.SOCKET_MAX_PER_CLIENT;
    const slots: ConnectionSlots =
      options.redis === null
        ? new MemoryConnectionSlots(max)
        : new RedisConnectionSlots(options.redis, {
            max,
            onError: (error) => {
              app.log.error({ err: error }, 'sockets: connection slots in redis');
            },
          });
    const activity = createActivitySocket(app, { redis: options.redis, slots });
    const chat = createChatSocket(app, {
      redis: options.redis,
      slots,
      rateLimits: options.chatRateLimits ?? [
        { windowMs: 1_000, max: app.env.CHAT_MESSAGES_PER_SECOND },
        { windowMs: 60_000, max: app.env.CHAT_MESSAGES_PER_MINUTE },
      ],
    });
    // This instance's open sockets per namespace, at each scrape of /metrics.
    if (app.hasDecorator('metrics')) {
      app.metrics.trackSockets('/activity', () => activity.server.io.of('/').sockets.size);
      app.metrics.trackSockets('/chat', () => chat.server.io.of('/').sockets.size);
    }
    app.addHook('onReady', async () => {
      await Promise.all([activity.ready(), chat.ready()]);
    });
    app.addHook('preClose', async () => {
      await Promise.all([activity.close(), chat.close()]);
      await slots.close();
    });
  },
  { name: 'sockets', dependencies: ['auth', 'repositories'] },
);
