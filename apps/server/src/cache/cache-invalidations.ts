/**
 * Carries the read caches' invalidations between server instances over Redis pub/sub: a write on one
 * instance (a new username, a Juice claim, a market created) is forgotten at once by every instance's
 * cache, not only when its entry expires. A username set through one instance and read back through
 * another behind a load balancer is therefore the new one.
 *
 * Each message names the cache and the key (or none: everything) and the instance that sent it, which
 * ignores its own. A message lost while Redis is down costs at most the caches' time to live (1 s).
 *
 * @module
 */

import { randomUUID } from 'node:crypto';

import type { Redis } from 'ioredis';

import type { ReadCache } from './read-cache.ts';

/** The Redis channel of the invalidations. */
export const CACHE_INVALIDATION_CHANNEL = 'arcade-cache-invalidations';

/** One invalidation on the channel. */
interface InvalidationMessage {
  /** The sending instance. */
  readonly origin: string;
  readonly cache: string;
  /** The key, or null for everything. */
  readonly key: string | null;
}

function parseMessage(text: string): InvalidationMessage | null {
  try {
    const value = JSON.parse(text) as Partial<InvalidationMessage> | null;
    if (
      typeof value?.origin !== 'string' ||
      typeof value.cache !== 'string' ||
      (value.key !== null && typeof value.key !== 'string')
    )
      return null;
    return { origin: value.origin, cache: value.cache, key: value.key };
  } catch {
    return null;
  }
}

/** The caches' link to the other instances. */
export interface CacheInvalidations {
  /** Resolves once the subscription is in place: invalidations sent after it are heard. */
  ready(): Promise<void>;
  close(): Promise<void>;
}

/** Options of {@link shareInvalidations}. */
export interface ShareInvalidationsOptions {
  /** The channel; default {@link CACHE_INVALIDATION_CHANNEL}. */
  readonly channel?: string;
  /** Where Redis errors go (a publish that failed, a lost connection). */
  readonly onError: (error: unknown) => void;
}

/**
 * Publishes every invalidation of `caches` (by name) on Redis and applies the other instances' to them.
 * Publishes on `redis` itself; listens on a connection of its own, duplicated from it (a subscribed
 * connection runs no other command).
 */
export function shareInvalidations(
  redis: Redis,
  caches: Readonly<Record<string, ReadCache<string, unknown>>>,
  options: ShareInvalidationsOptions,
): CacheInvalidations {
  const channel = options.channel ?? CACHE_INVALIDATION_CHANNEL;
  const origin = randomUUID();
  const subscriber = redis.duplicate();
  subscriber.on('error', options.onError);

  for (const [cache, readCache] of Object.entries(caches)) {
    readCache.onInvalidate((key) => {
      const message: InvalidationMessage = { origin, cache, key };
      redis.publish(channel, JSON.stringify(message)).catch(options.onError);
    });
  }
  subscriber.on('message', (from: string, text: string) => {
    if (from !== channel) return;
    const message = parseMessage(text);
    if (message === null || message.origin === origin) return;
    // Own names only: `constructor` or `__proto__` must not reach Object.prototype's members.
    if (!Object.hasOwn(caches, message.cache)) return;
    const readCache = caches[message.cache]!;
    if (message.key === null) readCache.forgetAll();
    else readCache.forget(message.key);
  });
  // ioredis subscribes again by itself after a reconnection (a restarted Redis).
  const subscribed = subscriber.subscribe(channel);
  subscribed.catch(options.onError);

  return {
    async ready() {
      await subscribed;
    },
    async close() {
      try {
        await subscriber.quit();
      } catch {
        subscriber.disconnect();
      }
    },
  };
}
