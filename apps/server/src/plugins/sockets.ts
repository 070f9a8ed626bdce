/**
 * The realtime sockets on the application's HTTP server: `/activity` (the live feed) and `/chat`. With
 * Redis both use the socket.io Redis adapter, so any number of instances serve the same rooms. Closed
 * before the HTTP server, so open websockets do not hold its close.
 *
 * @module
 */

import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';

import { createActivitySocket } from '../sockets/activity-socket.ts';
import type { RateWindow } from '../sockets/chat-rate-limiter.ts';
import { createChatSocket } from '../sockets/chat-socket.ts';

/** Options of the sockets plugin. */
export interface SocketsPluginOptions {
  /** With Redis, both socket servers use the socket.io Redis adapter and the chat's rate limit is shared. */
  readonly redis: Redis | null;
  /** The chat's per-user limits; default `CHAT_MESSAGES_PER_SECOND` and `CHAT_MESSAGES_PER_MINUTE`. */
  readonly chatRateLimits?: readonly RateWindow[];
}

export default fp(
  async (app: FastifyInstance, options: SocketsPluginOptions) => {
    const activity = createActivitySocket(app, options.redis);
    const chat = createChatSocket(app, {
      redis: options.redis,
      rateLimits: options.chatRateLimits ?? [
        { windowMs: 1_000, max: app.env.CHAT_MESSAGES_PER_SECOND },
        { windowMs: 60_000, max: app.env.CHAT_MESSAGES_PER_MINUTE },
      ],
    });
    app.addHook('onReady', async () => {
      await Promise.all([activity.ready(), chat.ready()]);
    });
    app.addHook('preClose', async () => {
      await Promise.all([activity.close(), chat.close()]);
    });
  },
  { name: 'sockets', dependencies: ['auth', 'repositories'] },
);
