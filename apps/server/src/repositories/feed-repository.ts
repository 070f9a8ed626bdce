/**
 * The live feed's history: the latest items of the three kinds, newest first, as the `/activity` socket
 * sends them on connect.
 *
 * @module
 */

import type { Queryable } from '../db/database.ts';
import type { FeedItem } from '../events/feed-items.ts';

/** Reads the feed from the indexed tables. */
export class FeedRepository {
  readonly #db: Queryable;

  constructor(db: Queryable) {
    this.#db = db;
  }

  /** The latest `limit` feed items of every kind, newest first. */
  async latest(limit: number): Promise<FeedItem[]> {
    // Filled in with the indexer's tables.
    await this.#db.query('SELECT $1::int', [limit]);
    return [];
  }
}
