/**
 * The live feed's history: the latest items of the three kinds, newest first, as the `/activity` socket
 * sends them on connect.
 *
 * @module
 */

import type { Queryable } from '../db/database.ts';
import {
  marketBetWon,
  type BetFeedItem,
  type FeedItem,
  type MarketBetFeedItem,
  type PredictionFeedItem,
} from '../events/feed-items.ts';

interface Ordered<T> {
  readonly slot: number;
  readonly txIndex: number;
  readonly item: T;
}

/** Reads the feed from the indexed tables. */
export class FeedRepository {
  readonly #db: Queryable;

  constructor(db: Queryable) {
    this.#db = db;
  }

  /**
   * The latest `limit` feed items of every kind, newest first (chain order: slot, then position in the
   * slot). Each kind's newest rows come from its primary key (rows are inserted in chain order), so the
   * three small queries stay cheap however long the tables grow.
   */
  async latest(limit: number): Promise<FeedItem[]> {
    const take = Math.max(0, Math.floor(limit));
    if (take === 0) return [];
    const [bets, predictions, marketBets] = await Promise.all([
      this.#bets(take),
      this.#predictions(take),
      this.#marketBets(take),
    ]);
    return [...bets, ...predictions, ...marketBets]
      .sort(
        (a, b) =>
          b.slot - a.slot ||
          b.txIndex - a.txIndex ||
          b.item.timestamp - a.item.timestamp ||
          Number(b.item.id) - Number(a.item.id),
      )
      .slice(0, take)
      .map((entry) => entry.item);
  }

  async #bets(limit: number): Promise<Ordered<BetFeedItem>[]> {
    const rows = await this.#db.query<{
      id: number;
      signature: string;
      slot: number;
      tx_index: number;
      bet_amount: bigint;
      odds: number;
      bet_type: BetFeedItem['type'];
      mint: string;
      listing_price: bigint;
      result: string;
      user_address: string;
      username: string | null;
      placed_at: Date;
    }>(
      `SELECT b.id, b.signature, b.slot, b.tx_index, b.bet_amount, b.odds, b.bet_type, b.mint, b.listing_price,
         b.result, b.user_address, u.username, b.placed_at
       FROM (SELECT * FROM bets ORDER BY id DESC LIMIT $1) b
       LEFT JOIN users u ON u.address = b.user_address`,
      [limit],
    );
    return rows.map((row) => ({
      slot: row.slot,
      txIndex: row.tx_index,
      item: {
        kind: 'bet',
        id: String(row.id),
        signature: row.signature,
        amount: row.bet_amount.toString(),
        odds: row.odds,
        type: row.bet_type,
        metadata: { mint: row.mint, listingPrice: row.listing_price.toString() },
        tokenPrice: 1,
        user: row.username,
        userId: row.user_address,
        timestamp: row.placed_at.getTime(),
        result: row.result === 'Win' || row.result === 'Loss' ? row.result : null,
      },
    }));
  }

  async #predictions(limit: number): Promise<Ordered<PredictionFeedItem>[]> {
    const rows = await this.#db.query<{
      id: number;
      signature: string;
      slot: number;
      tx_index: number;
      prediction: 'Up' | 'Down';
      amount: bigint;
      won: boolean | null;
      config: string;
      event: string;
      user_address: string;
      username: string | null;
      placed_at: Date;
    }>(
      `SELECT p.id, p.signature, p.slot, p.tx_index, p.prediction, p.amount, fb.won, p.config, p.event,
         p.user_address, u.username, p.placed_at
       FROM (SELECT * FROM foresight_placements ORDER BY id DESC LIMIT $1) p
       LEFT JOIN foresight_bets fb ON fb.address = p.bet
       LEFT JOIN users u ON u.address = p.user_address`,
      [limit],
    );
    return rows.map((row) => ({
      slot: row.slot,
      txIndex: row.tx_index,
      item: {
        kind: 'prediction',
        id: String(row.id),
        signature: row.signature,
        prediction: row.prediction === 'Up' ? 'up' : 'down',
        amount: row.amount.toString(),
        won: row.won,
        config: row.config,
        event: row.event,
        user: row.username,
        userId: row.user_address,
        timestamp: row.placed_at.getTime(),
      },
    }));
  }

  async #marketBets(limit: number): Promise<Ordered<MarketBetFeedItem>[]> {
    const rows = await this.#db.query<{
      id: number;
      signature: string;
      slot: number;
      tx_index: number;
      market: string;
      result: 'Yes' | 'No';
      amount: bigint;
      user_address: string;
      username: string | null;
      placed_at: Date;
      market_result: 'Yes' | 'No' | 'Invalid' | null;
    }>(
      `SELECT m.id, m.signature, m.slot, m.tx_index, m.market, m.result, m.amount, m.user_address, u.username,
         m.placed_at, mk.result AS market_result
       FROM (SELECT * FROM market_bets ORDER BY id DESC LIMIT $1) m
       LEFT JOIN markets mk ON mk.address = m.market
       LEFT JOIN users u ON u.address = m.user_address`,
      [limit],
    );
    return rows.map((row) => ({
      slot: row.slot,
      txIndex: row.tx_index,
      item: {
        kind: 'marketbet',
        id: String(row.id),
        signature: row.signature,
        market: row.market,
        result: row.result === 'Yes' ? 'yes' : 'no',
        amount: row.amount.toString(),
        user: row.username,
        userId: row.user_address,
        timestamp: row.placed_at.getTime(),
        won: marketBetWon(row.result, row.market_result),
      },
    }));
  }
}
