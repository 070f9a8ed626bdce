/**
 * Foresight as the chain records it: rounds (`foresight_rounds`), each user's bet on a round
 * (`foresight_bets`, topped up by later placements) and every placement (`foresight_placements`, one per
 * `place_bet` instruction, what the feed shows). The indexer writes them.
 *
 * @module
 */

import type { Queryable } from '../db/database.ts';

/** A round's result as stored (the IDL's variant names). */
export type StoredRoundResult = 'None' | 'Up' | 'Down' | 'Invalid';

/** A round as its account holds it (times unix seconds, prices as the oracle gives them, pools lamports). */
export interface RoundState {
  readonly config: string;
  readonly roundId: bigint | number;
  readonly startTime: bigint | number;
  readonly lockTime: bigint | number;
  readonly settleTime: bigint | number;
  readonly lockPrice: bigint | number | null;
  readonly finalPrice: bigint | number | null;
  readonly upCount: number;
  readonly downCount: number;
  readonly upPool: bigint;
  readonly downPool: bigint;
  readonly isSettled: boolean;
  readonly result: StoredRoundResult;
  readonly settledCount: number;
}

/** What an `UpdateEvent` says of a round. */
export interface RoundUpdate {
  readonly round: string;
  readonly settleTime: bigint | number;
  readonly upPool: bigint;
  readonly downPool: bigint;
  readonly result: StoredRoundResult;
  readonly lockSignature: string | null;
  readonly settleSignature: string | null;
}

/** The account's fields an update does not carry (they never change once set). */
export interface RoundAccountFields {
  readonly config: string;
  readonly roundId: bigint | number;
  readonly startTime: bigint | number;
  readonly lockTime: bigint | number;
  readonly lockPrice: bigint | number | null;
  readonly finalPrice: bigint | number | null;
  readonly upCount: number;
  readonly downCount: number;
}

/** One `place_bet`. */
export interface NewPlacement {
  /** The user's bet account on the round. */
  readonly bet: string;
  readonly config: string;
  readonly event: string;
  readonly user: string;
  readonly prediction: 'Up' | 'Down';
  readonly amount: bigint;
  readonly signature: string;
  /** The instruction's place in its transaction (one number for top-level and inner ones). */
  readonly instructionIndex: number;
  readonly slot: number;
  /** Position among Foresight's transactions in the slot. */
  readonly txIndex: number;
  readonly placedAt: Date;
  /** Whether the round's pools and counts take it (not when its row was just made from the account). */
  readonly countInRound: boolean;
}

/** One `UpdateBet`: a bet paid (or refunded) from its round. */
export interface BetPayout {
  readonly bet: string;
  readonly event: string;
  readonly won: boolean;
  readonly winAmount: bigint;
  readonly signature: string;
}

/** A placement with its bet's result, as the feed shows it. */
export interface PlacementResultRow {
  id: number;
  signature: string;
  prediction: 'Up' | 'Down';
  amount: bigint;
  config: string;
  event: string;
  user_address: string;
  placed_at: Date;
  won: boolean | null;
}

/** Foresight's rounds, bets and placements. */
export class ForesightRepository {
  readonly #db: Queryable;

  constructor(db: Queryable) {
    this.#db = db;
  }

  /** Which of `rounds` have a row. */
  async knownRounds(rounds: readonly string[], q: Queryable = this.#db): Promise<Set<string>> {
    if (rounds.length === 0) return new Set();
    const rows = await q.query<{ address: string }>(
      'SELECT address FROM foresight_rounds WHERE address = ANY($1::text[])',
      [rounds],
    );
    return new Set(rows.map((row) => row.address));
  }

  /** Inserts the round from its account when the table lacks it; whether it did. */
  async insertRoundIfMissing(tx: Queryable, round: string, state: RoundState): Promise<boolean> {
    const rows = await tx.query(
      `INSERT INTO foresight_rounds (address, config, round_id, start_time, lock_time, settle_time, lock_price,
         final_price, up_count, down_count, up_pool, down_pool, is_settled, result, settled_count)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)
       ON CONFLICT (address) DO NOTHING RETURNING address`,
      [
        round,
        state.config,
        state.roundId,
        state.startTime,
        state.lockTime,
        state.settleTime,
        state.lockPrice,
        state.finalPrice,
        state.upCount,
        state.downCount,
        state.upPool,
        state.downPool,
        state.isSettled,
        state.result,
        state.settledCount,
      ],
    );
    return rows.length > 0;
  }

  /**
   * Records a round's update. With its account (`account` not null), the round's row is made or completed:
   * pools, result and settle time as of this transaction come from the update; the times set when the
   * round went live and the prices from the account. Without it, only an existing row moves. The first
   * lock and settle signatures stay.
   */
  async recordRoundUpdate(
    tx: Queryable,
    update: RoundUpdate,
    account: RoundAccountFields | null,
  ): Promise<void> {
    const isSettled = update.result !== 'None';
    if (account !== null) {
      await tx.query(
        `INSERT INTO foresight_rounds (address, config, round_id, start_time, lock_time, settle_time, lock_price,
           final_price, up_count, down_count, up_pool, down_pool, is_settled, result, settled_count,
           lock_signature, settle_signature)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, 0, $15, $16)
         ON CONFLICT (address) DO UPDATE SET start_time = EXCLUDED.start_time, lock_time = EXCLUDED.lock_time,
           settle_time = EXCLUDED.settle_time,
           lock_price = COALESCE(EXCLUDED.lock_price, foresight_rounds.lock_price),
           final_price = COALESCE(EXCLUDED.final_price, foresight_rounds.final_price),
           up_pool = EXCLUDED.up_pool, down_pool = EXCLUDED.down_pool, is_settled = EXCLUDED.is_settled,
           result = EXCLUDED.result,
           lock_signature = COALESCE(foresight_rounds.lock_signature, EXCLUDED.lock_signature),
           settle_signature = COALESCE(foresight_rounds.settle_signature, EXCLUDED.settle_signature),
           updated_at = now()`,
        [
          update.round,
          account.config,
          account.roundId,
          account.startTime,
          account.lockTime,
          update.settleTime,
          account.lockPrice,
          account.finalPrice,
          account.upCount,
          account.downCount,
          update.upPool,
          update.downPool,
          isSettled,
          update.result,
          update.lockSignature,
          update.settleSignature,
        ],
      );
      return;
    }
    await tx.query(
      `UPDATE foresight_rounds SET settle_time = $2, up_pool = $3, down_pool = $4, is_settled = $5, result = $6,
         lock_signature = COALESCE(lock_signature, $7), settle_signature = COALESCE(settle_signature, $8),
         updated_at = now()
       WHERE address = $1`,
      [
        update.round,
        update.settleTime,
        update.upPool,
        update.downPool,
        isSettled,
        update.result,
        update.lockSignature,
        update.settleSignature,
      ],
    );
  }

  /**
   * Records a placement: the user's bet on the round (made, or topped up), the placement itself (once per
   * instruction) and, as `place_bet` emits no `UpdateEvent`, the round's pools and counts (a user counts
   * once per round), all in one statement.
   *
   * @returns the placement's id, or null when the instruction was recorded already.
   */
  async recordPlacement(tx: Queryable, placement: NewPlacement): Promise<number | null> {
    const up = placement.prediction === 'Up';
    const rows = await tx.query<{ id: number | null }>(
      `WITH bet AS (
         INSERT INTO foresight_bets (address, config, event, user_address, prediction, amount, first_signature,
           last_signature, placed_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $7, $8)
         ON CONFLICT (address) DO UPDATE SET amount = foresight_bets.amount + EXCLUDED.amount,
           last_signature = EXCLUDED.last_signature, updated_at = now()
         RETURNING (xmax = 0) AS inserted
       ), placement AS (
         INSERT INTO foresight_placements (signature, instruction_index, slot, tx_index, bet, config, event,
           user_address, prediction, amount, placed_at)
         VALUES ($7, $9, $10, $11, $1, $2, $3, $4, $5, $6, $8)
         ON CONFLICT (signature, instruction_index) DO NOTHING RETURNING id
       ), counted AS (
         SELECT COALESCE((SELECT inserted FROM bet), false) AS first
       ), round AS (
         UPDATE foresight_rounds SET up_pool = up_pool + $12, down_pool = down_pool + $13,
           up_count = up_count + CASE WHEN $14::bool AND counted.first THEN 1 ELSE 0 END,
           down_count = down_count + CASE WHEN NOT $14::bool AND counted.first THEN 1 ELSE 0 END,
           updated_at = now()
         FROM counted
         WHERE address = $3 AND $15::bool
       )
       SELECT (SELECT id FROM placement) AS id`,
      [
        placement.bet,
        placement.config,
        placement.event,
        placement.user,
        placement.prediction,
        placement.amount,
        placement.signature,
        placement.placedAt,
        placement.instructionIndex,
        placement.slot,
        placement.txIndex,
        up ? placement.amount : 0n,
        up ? 0n : placement.amount,
        up,
        placement.countInRound,
      ],
    );
    return rows[0]?.id ?? null;
  }

  /**
   * Records a payout: the bet is settled (a withdrawal from an Invalid round is a refund: neither won nor
   * lost, `won` stays NULL) and its round counts one more settled bet.
   *
   * @returns the bets whose result this payout decided (not known before).
   */
  async recordPayout(tx: Queryable, payout: BetPayout): Promise<string[]> {
    const paid = await tx.query<{ address: string; decided: boolean }>(
      `WITH before AS (SELECT won FROM foresight_bets WHERE address = $1)
       UPDATE foresight_bets SET is_settled = true, win_amount = win_amount + $3,
         won = CASE WHEN (SELECT result FROM foresight_rounds WHERE address = $5) = 'Invalid' THEN NULL ELSE $2::boolean END,
         last_signature = $4, updated_at = now()
       WHERE address = $1
       RETURNING address, (won IS NOT NULL AND (SELECT won FROM before) IS DISTINCT FROM won) AS decided`,
      [payout.bet, payout.won, payout.winAmount, payout.signature, payout.event],
    );
    await tx.query(
      'UPDATE foresight_rounds SET settled_count = settled_count + 1, updated_at = now() WHERE address = $1',
      [payout.event],
    );
    return paid.filter((row) => row.decided).map((row) => row.address);
  }

  /**
   * Gives every bet of a round settled Up or Down whose result is unknown its result (losing bets are
   * never paid, so no `UpdateBet` says they lost: the round's result does).
   *
   * @returns the bets decided.
   */
  async decideRound(tx: Queryable, round: string, result: 'Up' | 'Down'): Promise<string[]> {
    const rows = await tx.query<{ address: string }>(
      `UPDATE foresight_bets SET won = (prediction = $2), updated_at = now()
       WHERE event = $1 AND won IS NULL RETURNING address`,
      [round, result],
    );
    return rows.map((row) => row.address);
  }

  /** The placements of `bets` with their bets' results, among the newest `limit` placements, oldest first. */
  async placementResults(
    bets: readonly string[],
    limit: number,
    q: Queryable = this.#db,
  ): Promise<PlacementResultRow[]> {
    if (bets.length === 0) return [];
    return q.query<PlacementResultRow>(
      `SELECT p.id, p.signature, p.prediction, p.amount, p.config, p.event, p.user_address, p.placed_at, fb.won
       FROM (SELECT * FROM foresight_placements ORDER BY id DESC LIMIT $2) p
       JOIN foresight_bets fb ON fb.address = p.bet
       WHERE p.bet = ANY($1::text[])
       ORDER BY p.id`,
      [bets, limit],
    );
  }
}
