/**
 * The live feed's items (spec §3 "Feed item"), as the indexer publishes them and the `/activity` socket
 * sends them: `new_bet`, `new_prediction` and `new_marketbet`, and the latest 50 as `feed` on connect.
 *
 * Amounts are lamports as decimal strings; timestamps are unix milliseconds.
 *
 * @module
 */

import { EventEmitter } from 'node:events';

import type { FeedItem } from '@arcade/sdk/feed-items';

export type { BetFeedItem, FeedItem, MarketBetFeedItem, PredictionFeedItem } from '@arcade/sdk/feed-items';
export { FEED_EVENT_OF } from '@arcade/sdk/feed-items';

/**
 * In-process fan-out from the indexer to the sockets. Only the indexer's leader publishes; with Redis the
 * socket server relays to every instance's clients.
 */
export class FeedBus {
  readonly #emitter = new EventEmitter();

  constructor() {
    this.#emitter.setMaxListeners(0);
  }

  publish(item: FeedItem): void {
    this.#emitter.emit('item', item);
  }

  /** Calls `listener` for every published item; returns the unsubscribe. */
  subscribe(listener: (item: FeedItem) => void): () => void {
    this.#emitter.on('item', listener);
    return () => this.#emitter.off('item', listener);
  }
}
