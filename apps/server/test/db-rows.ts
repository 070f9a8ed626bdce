/**
 * Test support for seeding the database directly: a Prophecy market row and a TailSpin/ReTail bet row, as
 * the indexer would have written them, for tests of what the server reads back.
 *
 * @module
 */

import type { Queryable } from '../src/db/database.ts';

/** The wrapped SOL mint every seeded bet is written with. */
const SOL_MINT = 'So11111111111111111111111111111111111111112';

/** What a seeded market row varies in; its name, options, category, rules and times are fixed. */
export interface MarketRow {
  readonly address: string;
  readonly yesPool: bigint;
  readonly noPool: bigint;
  /** The recorded result; the market is settled when it has one. */
  readonly result: 'Yes' | 'No' | 'Invalid' | null;
  /** The market's referrer; default none. */
  readonly referrer?: string | null;
  /** What the indexer saw the referrer paid at resolution; default null (not recorded). */
  readonly referrerFee?: bigint | null;
}

/** Inserts a market row, settled when it has a result. */
export async function insertMarketRow(db: Queryable, market: MarketRow): Promise<void> {
  await db.query(
    `INSERT INTO markets (address, name, short_name, yes_option, no_option, invalid_option, category, rules,
       start_time, end_time, cutoff_time, yes_pool, no_pool, result, is_settled, referrer, referrer_fee)
     VALUES ($1, 'A market', 'MKT', 'Yes', 'No', 'Invalid', 'Crypto', 'r', 1, 3, 2, $2, $3, $4, $5, $6, $7)`,
    [
      market.address,
      market.yesPool,
      market.noPool,
      market.result,
      market.result !== null,
      market.referrer ?? null,
      market.referrerFee ?? null,
    ],
  );
}

/** What a seeded bet row varies in; it is always at transaction index 0 and in wrapped SOL's mint. */
export interface BetRow {
  readonly signature: string;
  readonly slot: number;
  readonly betAddress: string;
  readonly user: string;
  /** Default `'sol'`. */
  readonly betType?: 'sol' | 'token' | 'nft';
  /** Default 50. */
  readonly odds?: number;
  readonly betAmount: bigint;
  readonly fee: bigint;
  readonly listingPrice: bigint;
  /** The referrer; default none. */
  readonly referral?: string | null;
  readonly state: 'Open' | 'Settled' | 'Claimed' | 'Refunded';
  readonly result: 'None' | 'Win' | 'Loss' | 'Invalid';
  /** Default 0. */
  readonly referralFee?: bigint;
  /** Default the database's `now()`. */
  readonly placedAt?: Date;
}

/** Inserts a bet row. */
export async function insertBetRow(db: Queryable, bet: BetRow): Promise<void> {
  await db.query(
    `INSERT INTO bets (signature, slot, tx_index, bet_address, user_address, bet_type, mint, odds, bet_amount,
       fee, listing_price, referral, state, result, referral_fee, placed_at)
     VALUES ($1, $2, 0, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, COALESCE($15::timestamptz, now()))`,
    [
      bet.signature,
      bet.slot,
      bet.betAddress,
      bet.user,
      bet.betType ?? 'sol',
      SOL_MINT,
      bet.odds ?? 50,
      bet.betAmount,
      bet.fee,
      bet.listingPrice,
      bet.referral ?? null,
      bet.state,
      bet.result,
      bet.referralFee ?? 0n,
      bet.placedAt ?? null,
    ],
  );
}
