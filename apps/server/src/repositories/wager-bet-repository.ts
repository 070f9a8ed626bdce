/**
 * TailSpin/ReTail bets as the chain records them: the bet records the indexer has seen created
 * (`indexed_bet_accounts`, with their referral) and the bets placed on them (`bets`), from `create_bet` to
 * their settlement, reveal, refund or claim. The indexer writes them; the settler records its own reveals
 * and refunds here too, so either may come first and the second changes nothing.
 *
 * @module
 */

import type { Queryable } from '../db/database.ts';

/** A `bets` row as the indexer and the feed read it back. */
export interface BetRow {
  id: number;
  signature: string;
  bet_type: 'sol' | 'token' | 'nft';
  mint: string;
  odds: number;
  bet_amount: bigint;
  listing_price: bigint;
  user_address: string;
  placed_at: Date;
  result: string;
  referral: string | null;
}

const BET_COLUMNS =
  'signature, bet_type, mint, odds, bet_amount, listing_price, user_address, placed_at, result, referral';

/** What a reveal did, as `bets.reveal_outcome` stores it (see migration 0011). */
export type RevealOutcome = 'settled' | 'expired' | 'earlier';

/** A bet record seen created by `init_bet`. */
export interface NewBetAccount {
  readonly bet: string;
  readonly user: string;
  readonly referral: string | null;
  /** The `init_bet` transaction. */
  readonly signature: string;
}

/** A bet placed by `create_bet` (or a legacy placement), as its transaction shows it. */
export interface NewBet {
  readonly signature: string;
  readonly slot: number;
  /** Position among Wager's transactions in the slot. */
  readonly txIndex: number;
  readonly bet: string;
  readonly user: string;
  readonly betType: 'sol' | 'token' | 'nft';
  readonly mint: string;
  readonly odds: number;
  readonly betAmount: bigint;
  readonly fee: bigint;
  readonly listingPrice: bigint;
  readonly referral: string | null;
  readonly placedAt: Date;
  /** The House's sequence of the bet, when known at creation. */
  readonly sequence: bigint | null;
  /** Lowercase hex, for a bet made with `create_bet`. */
  readonly playerSeed: string | null;
}

/** A legacy `settle_bet`. */
export interface BetSettlement {
  readonly bet: string;
  /** What BetSettled said, else null (the roll against the odds decides). */
  readonly result: string | null;
  readonly randomValue: number;
  readonly signature: string;
  readonly settledAt: Date;
  readonly referralFee: bigint;
}

/** A `reveal_bet` as its transaction shows it. */
export interface BetReveal {
  /** The bet record. */
  readonly bet: string;
  /** The sequence the reveal's log line gave; null when the line was lost. */
  readonly sequence: bigint | null;
  readonly signature: string;
  /** Lowercase hex. */
  readonly seed: string;
  readonly outcome: RevealOutcome | null;
  /** Lowercase hex, for a rolled bet. */
  readonly slotHash: string | null;
  /** What BetSettled said, else null (the roll against the odds decides). */
  readonly result: string | null;
  readonly roll: number | null;
  readonly referralFee: bigint;
  readonly settledAt: Date;
  /** Rolled after its refund. */
  readonly afterRefund: boolean;
  /** What the reveal paid the bet's owner. */
  readonly userPaid: bigint;
}

/**
 * The bets a refund can be recorded on: not refunded yet, and open, or with a reveal recorded first that
 * says it had been refunded (`earlier`, or rolled after its refund).
 */
const REFUNDABLE = `refund_signature IS NULL AND (state = 'Open' OR reveal_outcome = 'earlier' OR after_refund)`;

/**
 * Records a refund's signature (`$2`): an open bet becomes Refunded; a revealed one keeps the state its
 * reveal set.
 */
const RECORD_REFUND = `UPDATE bets SET state = CASE WHEN state = 'Open' THEN 'Refunded' ELSE state END, refund_signature = $2`;

/** The bet records and the bets on them. */
export class WagerBetRepository {
  readonly #db: Queryable;

  constructor(db: Queryable) {
    this.#db = db;
  }

  /** Records a bet record's creation; a second record of it changes nothing. */
  async recordAccount(tx: Queryable, account: NewBetAccount): Promise<void> {
    await tx.query(
      `INSERT INTO indexed_bet_accounts (bet_address, user_address, referral, init_signature)
       VALUES ($1, $2, $3, $4) ON CONFLICT (bet_address) DO NOTHING`,
      [account.bet, account.user, account.referral, account.signature],
    );
  }

  /** The referral of a bet record seen created: `undefined` when its creation was never seen. */
  async accountReferral(bet: string, q: Queryable = this.#db): Promise<string | null | undefined> {
    const rows = await q.query<{ referral: string | null }>(
      'SELECT referral FROM indexed_bet_accounts WHERE bet_address = $1',
      [bet],
    );
    return rows[0] === undefined ? undefined : rows[0].referral;
  }

  /** Which of `bets` (record addresses) were seen created. */
  async knownAccounts(bets: readonly string[], q: Queryable = this.#db): Promise<Set<string>> {
    if (bets.length === 0) return new Set();
    const rows = await q.query<{ bet_address: string }>(
      'SELECT bet_address FROM indexed_bet_accounts WHERE bet_address = ANY($1::text[])',
      [bets],
    );
    return new Set(rows.map((row) => row.bet_address));
  }

  /** Records a placed bet; null when its transaction's bet on that record is recorded already. */
  async insert(tx: Queryable, bet: NewBet): Promise<BetRow | null> {
    const rows = await tx.query<BetRow>(
      `INSERT INTO bets (signature, slot, tx_index, bet_address, user_address, bet_type, mint, odds,
         bet_amount, fee, listing_price, referral, placed_at, sequence, player_seed)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)
       ON CONFLICT (signature, bet_address) DO NOTHING RETURNING id, ${BET_COLUMNS}`,
      [
        bet.signature,
        bet.slot,
        bet.txIndex,
        bet.bet,
        bet.user,
        bet.betType,
        bet.mint,
        bet.odds,
        bet.betAmount,
        bet.fee,
        bet.listingPrice,
        bet.referral,
        bet.placedAt,
        bet.sequence,
        bet.playerSeed,
      ],
    );
    return rows[0] ?? null;
  }

  /** Settles the record's newest open bet (legacy `settle_bet`); null when none is open. */
  async settle(tx: Queryable, settlement: BetSettlement): Promise<BetRow | null> {
    const rows = await tx.query<BetRow>(
      `UPDATE bets SET state = 'Settled',
         result = COALESCE($2::text, CASE WHEN $3::int < odds THEN 'Win' ELSE 'Loss' END),
         random_value = $3, settle_signature = $4, settled_at = $5, referral_fee = $6
       WHERE id = (SELECT id FROM bets WHERE bet_address = $1 AND state = 'Open' ORDER BY id DESC LIMIT 1)
       RETURNING id, ${BET_COLUMNS}`,
      [
        settlement.bet,
        settlement.result,
        settlement.randomValue,
        settlement.signature,
        settlement.settledAt,
        settlement.referralFee,
      ],
    );
    return rows[0] ?? null;
  }

  /**
   * Records a `reveal_bet` on its bet's row (what each outcome does: `applyReveal` in the indexer). The
   * row is the bet record's bet with the revealed sequence, or (when the sequence was not read at creation)
   * its newest bet made with `create_bet` not revealed yet, whose sequence this fills in. A reveal recorded
   * already keeps the state it gave, and what came after it (such as a claim).
   *
   * @returns the row as updated, or null when no bet matches.
   */
  async recordReveal(tx: Queryable, reveal: BetReveal): Promise<BetRow | null> {
    // `won`: the result BetSettled gave, else the roll's; `late_paid`: the reveal paid the owner at least what
    // a win rolled after its refund is owed (nothing is owed when the rest of the prize is 0). Whether this
    // is the first record of the reveal is read from the row as updated (`reveal_signature` still NULL), so of
    // two concurrent records only the first changes the state.
    const rows = await tx.query<BetRow>(
      `WITH target AS (
         SELECT id, COALESCE($7::text, CASE WHEN $8::int < odds THEN 'Win' ELSE 'Loss' END) AS won,
                GREATEST(listing_price - bet_amount - fee, 0) <= $12::numeric AS late_paid
           FROM bets
          WHERE bet_address = $1 AND player_seed IS NOT NULL
            AND (sequence = $2::int8 OR sequence IS NULL OR $2::int8 IS NULL)
            AND (reveal_signature IS NULL OR reveal_signature = $3)
          ORDER BY (reveal_signature = $3) DESC NULLS LAST, (sequence = $2::int8) DESC NULLS LAST, id DESC
          LIMIT 1
       )
       UPDATE bets SET
         sequence = COALESCE(sequence, $2::int8),
         reveal_signature = $3, reveal_seed = $4, reveal_outcome = $5,
         slot_hash = COALESCE($6::text, slot_hash),
         after_refund = after_refund OR ($5 = 'settled' AND $11::bool),
         state = CASE
           WHEN reveal_signature IS NOT NULL THEN state
           WHEN $5 = 'settled' AND $11::bool THEN
             CASE WHEN t.won = 'Loss' THEN 'Refunded' WHEN t.late_paid THEN 'Claimed' ELSE 'Settled' END
           WHEN state <> 'Open' THEN state
           WHEN $5 = 'settled' THEN 'Settled'
           WHEN $5 IN ('expired', 'earlier') THEN 'Refunded'
           ELSE state END,
         result = CASE WHEN reveal_signature IS NULL AND $5 = 'settled' AND ($11::bool OR state = 'Open')
                       THEN t.won ELSE result END,
         claim_signature = CASE WHEN reveal_signature IS NULL AND $5 = 'settled' AND $11::bool
                                     AND t.won = 'Win' AND t.late_paid
                                THEN $3 ELSE claim_signature END,
         random_value = CASE WHEN $5 = 'settled' THEN $8::smallint ELSE random_value END,
         settle_signature = CASE WHEN $5 = 'settled' THEN $3 ELSE settle_signature END,
         refund_signature = CASE WHEN reveal_signature IS NULL AND $5 = 'expired' THEN $3
                                 ELSE refund_signature END,
         referral_fee = CASE WHEN $5 = 'settled' THEN $9::numeric ELSE referral_fee END,
         settled_at = CASE WHEN $5 IN ('settled', 'expired') THEN COALESCE(settled_at, $10) ELSE settled_at END
       FROM target t
       WHERE bets.id = t.id
       RETURNING bets.id, ${BET_COLUMNS}`,
      [
        reveal.bet,
        reveal.sequence,
        reveal.signature,
        reveal.seed,
        reveal.outcome,
        reveal.slotHash,
        reveal.result,
        reveal.roll,
        reveal.referralFee,
        reveal.settledAt,
        reveal.afterRefund,
        reveal.userPaid,
      ],
    );
    return rows[0] ?? null;
  }

  /**
   * Records a `refund_bet` (by anyone) on the record's newest bet it can have refunded (see
   * {@link REFUNDABLE}). Never twice.
   */
  async recordRefund(tx: Queryable, bet: string, signature: string): Promise<void> {
    await tx.query(
      `${RECORD_REFUND}
       WHERE id = (SELECT id FROM bets WHERE bet_address = $1 AND ${REFUNDABLE} ORDER BY id DESC LIMIT 1)`,
      [bet, signature],
    );
  }

  /**
   * Records a keeper's `refund_bet` of the bet with row id `betId`, on the same terms as
   * {@link recordRefund} (a no-op once recorded).
   */
  async recordRefundOf(betId: number, signature: string, q: Queryable = this.#db): Promise<void> {
    await q.query(`${RECORD_REFUND} WHERE id = $1 AND ${REFUNDABLE}`, [betId, signature]);
  }

  /** Records a `claim_bet` on the record's newest settled win. */
  async recordClaim(tx: Queryable, bet: string, signature: string): Promise<void> {
    await tx.query(
      `UPDATE bets SET state = 'Claimed', claim_signature = $2
       WHERE id = (SELECT id FROM bets WHERE bet_address = $1 AND state = 'Settled' AND result = 'Win'
                   ORDER BY id DESC LIMIT 1)`,
      [bet, signature],
    );
  }
}
