/**
 * Prophecy markets as the chain moves them: their pools, counts, results and settlement (`markets`, whose
 * creation and metadata `market-repository.ts` keeps), each user's prediction on a market (`predictions`)
 * and every bet placed on one (`market_bets`, what the feed shows). The indexer writes them from the
 * transactions; the market settler records what it finds on chain or settles.
 *
 * @module
 */

import type { Queryable } from '../db/database.ts';

/** A market's result as stored (the IDL's variant names). */
export type MarketResultName = 'Yes' | 'No' | 'Invalid';

/** A `create_prediction` or `update_prediction`: the user's prediction as it stands after it. */
export interface PredictionWrite {
  readonly prediction: string;
  readonly market: string;
  readonly user: string;
  readonly side: 'Yes' | 'No';
  /** The prediction's total when the event told it, else null (then `added` tops the stored one up). */
  readonly total: bigint | null;
  readonly added: bigint;
}

/** One bet on a market, as the feed shows it. */
export interface NewMarketBet {
  readonly signature: string;
  readonly slot: number;
  /** Position among Wager's transactions in the slot. */
  readonly txIndex: number;
  readonly market: string;
  readonly prediction: string;
  readonly user: string;
  readonly side: 'Yes' | 'No';
  readonly amount: bigint;
  readonly placedAt: Date;
}

/** A `MarketUpdate`: the market's account as the transaction left it. */
export interface MarketChainState {
  readonly yesCount: number;
  readonly noCount: number;
  readonly yesPool: bigint;
  readonly noPool: bigint;
  /** Every prediction paid (the chain's `is_settled` means only "resolved"). */
  readonly everyPredictionPaid: boolean;
  readonly settledCount: number;
  readonly result: MarketResultName | null;
}

/** A market bet with its market's result, as the feed shows it. */
export interface MarketBetResultRow {
  id: number;
  signature: string;
  side: 'Yes' | 'No';
  amount: bigint;
  user_address: string;
  placed_at: Date;
  market_result: MarketResultName | null;
}

/** The chain's side of the markets, and the predictions and bets on them. */
export class MarketChainRepository {
  readonly #db: Queryable;

  constructor(db: Queryable) {
    this.#db = db;
  }

  /** The side of a stored prediction, or null when it is not stored. */
  async predictionSide(prediction: string, q: Queryable = this.#db): Promise<'Yes' | 'No' | null> {
    const rows = await q.query<{ result: 'Yes' | 'No' }>(
      'SELECT result FROM predictions WHERE address = $1',
      [prediction],
    );
    return rows[0]?.result ?? null;
  }

  /** Makes or moves a user's prediction: to its total when known, else by what was added. */
  async recordPrediction(tx: Queryable, write: PredictionWrite): Promise<void> {
    await tx.query(
      `INSERT INTO predictions (address, market, user_address, result, amount)
       VALUES ($1, $2, $3, $4, COALESCE($5::numeric, $6::numeric))
       ON CONFLICT (address) DO UPDATE
         SET amount = COALESCE($5::numeric, predictions.amount + $6::numeric), updated_at = now()`,
      [write.prediction, write.market, write.user, write.side, write.total, write.added],
    );
  }

  /** Records a bet on a market once (per transaction and prediction); its id, or null when recorded already. */
  async recordBet(tx: Queryable, bet: NewMarketBet): Promise<number | null> {
    const rows = await tx.query<{ id: number }>(
      `INSERT INTO market_bets (signature, slot, tx_index, market, prediction, user_address, result, amount, placed_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
       ON CONFLICT (signature, prediction) DO NOTHING RETURNING id`,
      [
        bet.signature,
        bet.slot,
        bet.txIndex,
        bet.market,
        bet.prediction,
        bet.user,
        bet.side,
        bet.amount,
        bet.placedAt,
      ],
    );
    return rows[0]?.id ?? null;
  }

  /**
   * Adds a bet to its market's pool (and a new prediction to its side's count): `create_prediction` and
   * `update_prediction` emit no `MarketUpdate`. Whether the market has a row.
   */
  async addToPool(
    tx: Queryable,
    market: string,
    side: 'Yes' | 'No',
    amount: bigint,
    newPrediction: boolean,
  ): Promise<boolean> {
    const yes = side === 'Yes';
    const counted = newPrediction ? 1 : 0;
    const updated = await tx.query(
      `UPDATE markets SET yes_pool = yes_pool + $2, no_pool = no_pool + $3,
         yes_count = yes_count + $4, no_count = no_count + $5, updated_at = now()
       WHERE address = $1 RETURNING address`,
      [market, yes ? amount : 0n, yes ? 0n : amount, yes ? counted : 0, yes ? 0 : counted],
    );
    return updated.length > 0;
  }

  /** Records a paid (or refunded) prediction. */
  async recordPredictionSettled(
    tx: Queryable,
    prediction: string,
    payout: bigint,
    signature: string,
  ): Promise<void> {
    await tx.query(
      `UPDATE predictions SET is_claimed = true, payout = $2, settle_signature = $3, updated_at = now()
       WHERE address = $1`,
      [prediction, payout, signature],
    );
  }

  /** Records what the market's referrer's vault was actually credited at resolution. */
  async recordReferrerFee(tx: Queryable, market: string, referrerFee: bigint): Promise<void> {
    await tx.query('UPDATE markets SET referrer_fee = $2, updated_at = now() WHERE address = $1', [
      market,
      referrerFee,
    ]);
  }

  /**
   * Records a market's chain state.
   *
   * @returns null when the market has no row, else its result before this update.
   */
  async recordState(
    tx: Queryable,
    market: string,
    state: MarketChainState,
  ): Promise<{ previous: MarketResultName | null } | null> {
    const updated = await tx.query<{ address: string; previous: MarketResultName | null }>(
      `WITH before AS (SELECT result FROM markets WHERE address = $1)
       UPDATE markets SET yes_count = $2, no_count = $3, yes_pool = $4, no_pool = $5, is_settled = $6,
         settled_count = $7, result = $8, updated_at = now()
       WHERE address = $1 RETURNING address, (SELECT result FROM before) AS previous`,
      [
        market,
        state.yesCount,
        state.noCount,
        state.yesPool,
        state.noPool,
        state.everyPredictionPaid,
        state.settledCount,
        state.result,
      ],
    );
    const row = updated[0];
    return row === undefined ? null : { previous: row.previous };
  }

  /** The bets on `market` with its result, among the newest `limit` market bets, oldest first. */
  async betResults(market: string, limit: number, q: Queryable = this.#db): Promise<MarketBetResultRow[]> {
    return q.query<MarketBetResultRow>(
      `SELECT m.id, m.signature, m.result AS side, m.amount, m.user_address, m.placed_at,
         mk.result AS market_result
       FROM (SELECT * FROM market_bets ORDER BY id DESC LIMIT $2) m
       JOIN markets mk ON mk.address = m.market
       WHERE m.market = $1
       ORDER BY m.id`,
      [market, limit],
    );
  }

  /** Resolved markets whose predictions are not all paid yet, the earliest cut off first. */
  async resolvedUnsettled(limit: number, q: Queryable = this.#db): Promise<string[]> {
    const rows = await q.query<{ address: string }>(
      `SELECT address FROM markets WHERE result IS NOT NULL AND NOT is_settled
       ORDER BY cutoff_time, address LIMIT $1`,
      [limit],
    );
    return rows.map((row) => row.address);
  }

  /** Unresolved markets that ended by `latestEnd` (unix seconds), the earliest first. */
  async unresolvedEndedBy(latestEnd: number, limit: number, q: Queryable = this.#db): Promise<string[]> {
    const rows = await q.query<{ address: string }>(
      `SELECT address FROM markets WHERE result IS NULL AND end_time <= $1
       ORDER BY end_time, address LIMIT $2`,
      [latestEnd, limit],
    );
    return rows.map((row) => row.address);
  }

  /** Records a result found on chain for a market still unresolved here (the first record stays). */
  async recordResultIfUnresolved(
    market: string,
    result: MarketResultName,
    signature: string | null,
    q: Queryable = this.#db,
  ): Promise<void> {
    await q.query(
      `UPDATE markets SET result = $2, resolve_signature = COALESCE($3, resolve_signature), updated_at = now()
       WHERE address = $1 AND result IS NULL`,
      [market, result, signature],
    );
  }

  /** Records how many of a market's predictions are paid. */
  async recordSettledCount(market: string, settledCount: number, q: Queryable = this.#db): Promise<void> {
    await q.query('UPDATE markets SET settled_count = $2, updated_at = now() WHERE address = $1', [
      market,
      settledCount,
    ]);
  }

  /**
   * Marks a market settled (every prediction paid), with its count when known; whether it was not yet.
   */
  async markSettled(market: string, settledCount: number | null, q: Queryable = this.#db): Promise<boolean> {
    const updated = await q.query(
      `UPDATE markets SET is_settled = true, settled_count = COALESCE($2, settled_count), updated_at = now()
       WHERE address = $1 AND NOT is_settled RETURNING address`,
      [market, settledCount],
    );
    return updated.length > 0;
  }
}
