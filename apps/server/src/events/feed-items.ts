/**
 * The live feed's items (docs/reference/api.md#the-activity-socket), as the indexer publishes them and the `/activity` socket
 * sends them: `new_bet`, `new_prediction` and `new_marketbet`, and the latest 50 as `feed` on connect.
 *
 * An item is published when it is placed and again, under the same kind and id, when its result is
 * known: a TailSpin/ReTail bet's `result`, a Foresight bet's `won`, a Prophecy prediction's `won` (the
 * server's addition to the spec's market bet: whether its side won once the market is resolved, null
 * while open and for an Invalid market's refund). Clients replace the item they hold by kind and id.
 *
 * Amounts are lamports as decimal strings; timestamps are unix milliseconds.
 *
 * @module
 */

import { EventEmitter } from 'node:events';

import type {
  BetFeedItem,
  MarketBetFeedItem as SpecMarketBetFeedItem,
  PredictionFeedItem,
} from '@arcade/sdk/feed-items';

export type { BetFeedItem, PredictionFeedItem } from '@arcade/sdk/feed-items';
export { FEED_EVENT_OF } from '@arcade/sdk/feed-items';

/** A Prophecy prediction, with whether it won once its market is resolved (null while open or Invalid). */
export interface MarketBetFeedItem extends SpecMarketBetFeedItem {
  readonly won: boolean | null;
}

/** Any feed item. */
export type FeedItem = BetFeedItem | PredictionFeedItem | MarketBetFeedItem;

/** Whether a prediction on `side` won a market resolved `result`: null while open and when Invalid. */
export function marketBetWon(side: 'Yes' | 'No', result: 'Yes' | 'No' | 'Invalid' | null): boolean | null {
  return result === 'Yes' || result === 'No' ? side === result : null;
}

/** How many items `feed` sends on connect, and how many a client keeps. */
export const FEED_HISTORY_LENGTH = 50;

/**
 * In-process fan-out from the indexer (and the settler, which records reveals first) to the sockets.
 * With Redis the socket server relays every emit to every instance's clients.
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
