/**
 * A wallet's history (spec §7): its TailSpin/ReTail bets, Foresight bets and Prophecy market bets, newest
 * first, paged by id.
 *
 * @module
 */

import type { Queryable } from '../db/database.ts';

/** Items per page. */
export const HISTORY_PAGE_SIZE = 20;

/** The bet types of TailSpin and ReTail bets, as the client writes them. */
export const HISTORY_BET_TYPES = ['sol', 'token', 'nft'] as const;
export type HistoryBetType = (typeof HISTORY_BET_TYPES)[number];

/** A page of items and the cursor of the next one (null at the end). */
export interface Page<T> {
  readonly items: T[];
  readonly nextCursor: number | null;
}

/** What a page query takes: the wallet and, to continue, the last id seen. */
export interface PageQuery {
  readonly address: string;
  /** Items with an id below this; null for the newest. */
  readonly cursor: number | null;
}

/** A TailSpin or ReTail bet. */
export interface BetHistoryItem {
  readonly id: number;
  readonly signature: string;
  readonly betAddress: string;
  readonly user: string;
  readonly type: HistoryBetType;
  readonly mint: string;
  readonly odds: number;
  readonly amount: bigint;
  readonly fee: bigint;
  readonly listingPrice: bigint;
  readonly referral: string | null;
  readonly referralFee: bigint;
  readonly state: string;
  readonly result: string;
  readonly randomValue: number | null;
  readonly timestamp: number;
  readonly settledAt: number | null;
  readonly settleSignature: string | null;
  readonly claimSignature: string | null;
  readonly refundSignature: string | null;
}

/** A Foresight bet with its round. */
export interface PredictionHistoryItem {
  readonly id: number;
  readonly address: string;
  readonly config: string;
  readonly event: string;
  readonly prediction: string;
  readonly amount: bigint;
  readonly winAmount: bigint;
  readonly isSettled: boolean;
  readonly won: boolean | null;
  readonly signature: string;
  readonly lastSignature: string;
  readonly timestamp: number;
  readonly round: {
    readonly id: number;
    readonly startTime: number;
    readonly lockTime: number;
    readonly settleTime: number;
    readonly lockPrice: number | null;
    readonly finalPrice: number | null;
    readonly upCount: number;
    readonly downCount: number;
    readonly upPool: bigint;
    readonly downPool: bigint;
    readonly isSettled: boolean;
    readonly result: string;
  } | null;
}

/** A Prophecy market bet (one create or update of a prediction) with its market. */
export interface MarketBetHistoryItem {
  readonly id: number;
  readonly signature: string;
  readonly market: string;
  readonly prediction: string;
  readonly result: string;
  readonly amount: bigint;
  readonly timestamp: number;
  readonly marketName: string | null;
  readonly shortName: string | null;
  readonly category: string | null;
  readonly image: string | null;
  readonly marketResult: string | null;
  readonly marketSettled: boolean | null;
}

const seconds = (date: Date): number => Math.floor(date.getTime() / 1000);

/** Reads a wallet's history. */
export class HistoryRepository {
  readonly #db: Queryable;
  readonly #pageSize: number;

  constructor(db: Queryable, pageSize = HISTORY_PAGE_SIZE) {
    this.#db = db;
    this.#pageSize = pageSize;
  }

  /** The wallet's TailSpin and ReTail bets, optionally of one bet type. */
  async bets(query: PageQuery & { readonly betType: HistoryBetType | null }): Promise<Page<BetHistoryItem>> {
    const rows = await this.#db.query<{
      id: number;
      signature: string;
      bet_address: string;
      user_address: string;
      bet_type: HistoryBetType;
      mint: string;
      odds: number;
      bet_amount: bigint;
      fee: bigint;
      listing_price: bigint;
      referral: string | null;
      referral_fee: bigint;
      state: string;
      result: string;
      random_value: number | null;
      placed_at: Date;
      settled_at: Date | null;
      settle_signature: string | null;
      claim_signature: string | null;
      refund_signature: string | null;
    }>(
      `SELECT id, signature, bet_address, user_address, bet_type, mint, odds, bet_amount, fee, listing_price,
         referral, referral_fee, state, result, random_value, placed_at, settled_at, settle_signature,
         claim_signature, refund_signature
       FROM bets
       WHERE user_address = $1 AND ($2::int8 IS NULL OR id < $2::int8) AND ($3::text IS NULL OR bet_type = $3::text)
       ORDER BY id DESC LIMIT $4`,
      [query.address, query.cursor, query.betType, this.#pageSize + 1],
    );
    return this.#page(
      rows.map((row) => ({
        id: row.id,
        signature: row.signature,
        betAddress: row.bet_address,
        user: row.user_address,
        type: row.bet_type,
        mint: row.mint,
        odds: row.odds,
        amount: row.bet_amount,
        fee: row.fee,
        listingPrice: row.listing_price,
        referral: row.referral,
        referralFee: row.referral_fee,
        state: row.state,
        result: row.result,
        randomValue: row.random_value,
        timestamp: seconds(row.placed_at),
        settledAt: row.settled_at === null ? null : seconds(row.settled_at),
        settleSignature: row.settle_signature,
        claimSignature: row.claim_signature,
        refundSignature: row.refund_signature,
      })),
    );
  }

  /** The wallet's Foresight bets, each with its round (null when the round is not indexed yet). */
  async predictions(query: PageQuery): Promise<Page<PredictionHistoryItem>> {
    const rows = await this.#db.query<{
      id: number;
      address: string;
      config: string;
      event: string;
      prediction: string;
      amount: bigint;
      win_amount: bigint;
      is_settled: boolean;
      won: boolean | null;
      first_signature: string;
      last_signature: string;
      placed_at: Date;
      round_id: number | null;
      start_time: number | null;
      lock_time: number | null;
      settle_time: number | null;
      lock_price: number | null;
      final_price: number | null;
      up_count: number | null;
      down_count: number | null;
      up_pool: bigint | null;
      down_pool: bigint | null;
      round_settled: boolean | null;
      round_result: string | null;
    }>(
      `SELECT b.id, b.address, b.config, b.event, b.prediction, b.amount, b.win_amount, b.is_settled, b.won,
         b.first_signature, b.last_signature, b.placed_at,
         r.round_id, r.start_time, r.lock_time, r.settle_time, r.lock_price, r.final_price, r.up_count,
         r.down_count, r.up_pool, r.down_pool, r.is_settled AS round_settled, r.result AS round_result
       FROM foresight_bets b LEFT JOIN foresight_rounds r ON r.address = b.event
       WHERE b.user_address = $1 AND ($2::int8 IS NULL OR b.id < $2::int8)
       ORDER BY b.id DESC LIMIT $3`,
      [query.address, query.cursor, this.#pageSize + 1],
    );
    return this.#page(
      rows.map((row) => ({
        id: row.id,
        address: row.address,
        config: row.config,
        event: row.event,
        prediction: row.prediction,
        amount: row.amount,
        winAmount: row.win_amount,
        isSettled: row.is_settled,
        won: row.won,
        signature: row.first_signature,
        lastSignature: row.last_signature,
        timestamp: seconds(row.placed_at),
        round:
          row.round_id === null
            ? null
            : {
                id: row.round_id,
                startTime: row.start_time ?? 0,
                lockTime: row.lock_time ?? 0,
                settleTime: row.settle_time ?? 0,
                lockPrice: row.lock_price,
                finalPrice: row.final_price,
                upCount: row.up_count ?? 0,
                downCount: row.down_count ?? 0,
                upPool: row.up_pool ?? 0n,
                downPool: row.down_pool ?? 0n,
                isSettled: row.round_settled ?? false,
                result: row.round_result ?? 'None',
              },
      })),
    );
  }

  /** The wallet's Prophecy market bets, each with its market's name (null when not indexed yet). */
  async marketBets(query: PageQuery): Promise<Page<MarketBetHistoryItem>> {
    const rows = await this.#db.query<{
      id: number;
      signature: string;
      market: string;
      prediction: string;
      result: string;
      amount: bigint;
      placed_at: Date;
      name: string | null;
      short_name: string | null;
      category: string | null;
      image: string | null;
      market_result: string | null;
      market_settled: boolean | null;
    }>(
      `SELECT mb.id, mb.signature, mb.market, mb.prediction, mb.result, mb.amount, mb.placed_at,
         m.name, m.short_name, m.category, m.image, m.result AS market_result, m.is_settled AS market_settled
       FROM market_bets mb LEFT JOIN markets m ON m.address = mb.market
       WHERE mb.user_address = $1 AND ($2::int8 IS NULL OR mb.id < $2::int8)
       ORDER BY mb.id DESC LIMIT $3`,
      [query.address, query.cursor, this.#pageSize + 1],
    );
    return this.#page(
      rows.map((row) => ({
        id: row.id,
        signature: row.signature,
        market: row.market,
        prediction: row.prediction,
        result: row.result,
        amount: row.amount,
        timestamp: seconds(row.placed_at),
        marketName: row.name,
        shortName: row.short_name,
        category: row.category,
        image: row.image,
        marketResult: row.market_result,
        marketSettled: row.market_settled,
      })),
    );
  }

  /** Cuts the one extra row fetched: it only says whether there is a next page. */
  #page<T extends { readonly id: number }>(items: T[]): Page<T> {
    if (items.length <= this.#pageSize) return { items, nextCursor: null };
    const page = items.slice(0, this.#pageSize);
    return { items: page, nextCursor: page.at(-1)?.id ?? null };
  }
}
