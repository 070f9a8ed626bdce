/**
 * Placeholder: the socket.io servers at `/activity` and `/chat` (filled in by its owner).
 *
 * @module
 */

import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';

/** Options of the sockets plugin. */
export interface SocketsPluginOptions {
  /** With Redis, both socket servers use the socket.io Redis adapter. */
  readonly redis: Redis | null;
}

// eslint-disable-next-line @typescript-eslint/no-unused-vars -- filled in by the sockets change
export default fp(async (_app: FastifyInstance, _options: SocketsPluginOptions) => {}, { name: 'sockets' });
