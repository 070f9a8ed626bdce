/**
 * The `/activity` socket (docs/reference/api.md#the-activity-socket): `feed` with the latest items on connect, then
 * `new_bet`, `new_prediction` and `new_marketbet` for every item the indexer or the settler publishes on
 * `app.feed`.
 *
 * Only the instance whose worker publishes emits; with Redis the adapter carries the emit to every
 * instance's clients. Items published while a client's history is being read may reach it twice or ahead
 * of the history: clients de-duplicate by kind and `id` (ids are per table), never losing an item instead.
 *
 * The history is read through a short cache ({@link HISTORY_CACHE_MS}) that this instance's own items
 * clear, so a burst of connections costs one read, not one each.
 *
 * @module
 */

import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';

import { ReadCache } from '../cache/read-cache.ts';
import { FEED_EVENT_OF, FEED_HISTORY_LENGTH, type FeedItem } from '../events/feed-items.ts';
import type { ConnectionSlots } from './connection-slots.ts';
import { SocketServer } from './socket-server.ts';

export { FEED_HISTORY_LENGTH };

/** What the `/activity` socket emits. */
export type ActivityServerEvents = {
  /** The latest items, newest first. */
  feed: (items: readonly FeedItem[]) => void;
  new_bet: (item: FeedItem) => void;
  new_prediction: (item: FeedItem) => void;
  new_marketbet: (item: FeedItem) => void;
};

/** How long the history read on connect is served to the next connections. */
export const HISTORY_CACHE_MS = 1_000;

/** Clients send nothing on `/activity`. */
export type ActivityClientEvents = Record<string, never>;

/** The `/activity` socket server and its subscription to the feed. */
export interface ActivitySocket {
  readonly server: SocketServer<ActivityClientEvents, ActivityServerEvents>;
  ready(): Promise<void>;
  close(): Promise<void>;
}

/** Options of {@link createActivitySocket}. */
export interface ActivitySocketOptions {
  /** Shares the fan-out between instances when set. */
  readonly redis: Redis | null;
  /** The connection slots per client address, shared with `/chat`. */
  readonly slots: ConnectionSlots;
}

/** Starts the `/activity` socket on `app.server`. */
export function createActivitySocket(app: FastifyInstance, options: ActivitySocketOptions): ActivitySocket {
  const history = new ReadCache<'latest', readonly FeedItem[]>({ ttlMs: HISTORY_CACHE_MS, now: app.now });
  const server = new SocketServer<ActivityClientEvents, ActivityServerEvents>(app.server, {
    path: '/activity',
    publicUrl: app.env.PUBLIC_URL,
    trustProxy: app.env.TRUST_PROXY,
    slots: options.slots,
    redis: options.redis,
    channel: 'arcade-activity',
    onError: (error) => {
      app.log.error({ err: error }, 'activity socket: redis');
    },
  });
  const { io } = server;

  io.on('connection', (socket) => {
    void (async () => {
      let items: readonly FeedItem[];
      try {
        items = await history.get('latest', () => app.repositories.feed.latest(FEED_HISTORY_LENGTH));
      } catch (error) {
        // The live items still flow: an empty history beats a silent socket.
        app.log.error({ err: error }, 'activity socket: reading the feed');
        items = [];
      }
      socket.emit('feed', items);
    })();
  });

  const unsubscribe = app.feed.subscribe((item) => {
    history.delete('latest');
    io.emit(FEED_EVENT_OF[item.kind], item);
  });

  return {
    server,
    ready: () => server.ready(),
    close: async () => {
      unsubscribe();
      await server.close();
    },
  };
}
