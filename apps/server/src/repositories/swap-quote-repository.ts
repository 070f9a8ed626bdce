/**
 * The local swap desk's quotes, in the database every server instance shares: a quote issued by one
 * instance is served (swap instructions, co-signature) by any other. Spending a quote is one conditional
 * UPDATE, so of two instances co-signing the same quote at once exactly one wins.
 *
 * @module
 */

import type { SwapQuote } from '@arcade/sdk/api/market-data';

import type { Database, Queryable } from '../db/database.ts';
import { isUniqueViolation } from './user-repository.ts';

/** Which way a quote trades: SOL for the stablecoin, or the stablecoin for SOL. */
export type SwapQuoteDirection = 'solToToken' | 'tokenToSol';

/** What a quote's two transfers are made of: quotes of one shape are interchangeable. */
export interface SwapQuoteShape {
  readonly direction: SwapQuoteDirection;
  /** The stablecoin side of the pair. */
  readonly tokenMint: string;
  readonly decimals: number;
  readonly inAmount: bigint;
  readonly outAmount: bigint;
}

/** A quote as issued. */
export interface NewSwapQuote extends SwapQuoteShape {
  readonly id: string;
  /** Ms since the epoch. */
  readonly expiresAt: number;
  /** The quote as answered to the client. */
  readonly document: SwapQuote;
}

/** A stored quote. */
export interface SwapQuoteRecord extends NewSwapQuote {
  /** The users whose swap instructions were asked for: their transactions spend this quote first. */
  readonly issuedTo: readonly string[];
  readonly used: boolean;
  /** The base64 message the desk signed for it. */
  readonly signedMessage: string | null;
}

/** The outcome of {@link SwapQuoteRepository.claim}. */
export type SwapQuoteClaim =
  | { readonly claimed: SwapQuoteRecord }
  /**
   * Nothing to spend: `used` when a quote of the shape was spent (or the message was already signed),
   * `expired` when they all expired, `unknown` when none is remembered any more.
   */
  | { readonly refused: 'used' | 'expired' | 'unknown' };

interface QuoteRow {
  id: string;
  direction: SwapQuoteDirection;
  token_mint: string;
  decimals: number;
  in_amount: bigint;
  out_amount: bigint;
  document: SwapQuote;
  issued_to: string[];
  used: boolean;
  signed_message: string | null;
  expires_at: Date;
}

interface ShapeRow {
  direction: SwapQuoteDirection;
  token_mint: string;
  decimals: number;
  in_amount: bigint;
  out_amount: bigint;
}

const COLUMNS =
  'id, direction, token_mint, decimals, in_amount, out_amount, document, issued_to, used, signed_message, expires_at';

/** The rows of one shape: parameters $1…$5 are {@link shapeParams}. */
const SAME_SHAPE =
  'direction = $1 AND token_mint = $2 AND decimals = $3 AND in_amount = $4::numeric AND out_amount = $5::numeric';

/** Rows deleted at most per {@link SwapQuoteRepository.forget}: issuing a quote never waits on a big purge. */
const FORGET_BATCH = 100;

/** Attempts of {@link SwapQuoteRepository.claim} when other requests keep taking the quote it picked. */
const CLAIM_ATTEMPTS = 10;

/** An arbitrary, fixed key of the advisory lock under which the desk tops up its inventory. */
const INVENTORY_LOCK = 7_420_002;

/** An arbitrary, fixed key of the advisory lock under which a quote is counted against the cap and stored. */
const CAP_LOCK = 7_420_003;

function toShape(row: ShapeRow): SwapQuoteShape {
  return {
    direction: row.direction,
    tokenMint: row.token_mint,
    decimals: row.decimals,
    inAmount: row.in_amount,
    outAmount: row.out_amount,
  };
}

function toRecord(row: QuoteRow): SwapQuoteRecord {
  return {
    ...toShape(row),
    id: row.id,
    expiresAt: row.expires_at.getTime(),
    document: row.document,
    issuedTo: row.issued_to,
    used: row.used,
    signedMessage: row.signed_message,
  };
}

function shapeParams(shape: SwapQuoteShape): unknown[] {
  return [shape.direction, shape.tokenMint, shape.decimals, shape.inAmount, shape.outAmount];
}

/** Reads and writes the swap desk's quotes. */
export class SwapQuoteRepository {
  readonly #db: Database;

  constructor(db: Database) {
    this.#db = db;
  }

  /** Deletes a batch of quotes that expired at or before `expiredBy` (ms), skipping rows in use. */
  async forget(expiredBy: number): Promise<void> {
    await this.#db.query(
      `DELETE FROM swap_quotes WHERE id IN (
         SELECT id FROM swap_quotes WHERE expires_at <= $1 LIMIT $2 FOR UPDATE SKIP LOCKED)`,
      [new Date(expiredBy), FORGET_BATCH],
    );
  }

  /**
   * Stores `quote` unless `cap` quotes that expire after `countedSince` (ms) are already held. Returns whether
   * it was stored. The count and the insert are one statement, and on PostgreSQL they run under a
   * transaction-scoped advisory lock: two instances inserting at once would each count the other's row as
   * not there yet (READ COMMITTED) and both pass a cap that had room for one.
   */
  async insertUnderCap(quote: NewSwapQuote, cap: number, countedSince: number): Promise<boolean> {
    if (this.#db.kind === 'pglite') return this.#insertUnderCap(this.#db, quote, cap, countedSince);
    return this.#db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1)', [CAP_LOCK]);
      return this.#insertUnderCap(tx, quote, cap, countedSince);
    });
  }

  async #insertUnderCap(
    db: Queryable,
    quote: NewSwapQuote,
    cap: number,
    countedSince: number,
  ): Promise<boolean> {
    const rows = await db.query(
      `INSERT INTO swap_quotes (id, direction, token_mint, decimals, in_amount, out_amount, document, expires_at)
       SELECT $1, $2, $3, $4::smallint, $5::numeric, $6::numeric, $7::jsonb, $8::timestamptz
       WHERE (SELECT count(*) FROM swap_quotes WHERE expires_at > $9::timestamptz) < $10::int
       RETURNING id`,
      [
        quote.id,
        quote.direction,
        quote.tokenMint,
        quote.decimals,
        quote.inAmount,
        quote.outAmount,
        JSON.stringify(quote.document),
        new Date(quote.expiresAt),
        new Date(countedSince),
        cap,
      ],
    );
    return rows.length > 0;
  }

  /** The quote `id`, if it is remembered. */
  async find(id: string): Promise<SwapQuoteRecord | null> {
    const [row] = await this.#db.query<QuoteRow>(`SELECT ${COLUMNS} FROM swap_quotes WHERE id = $1`, [id]);
    return row === undefined ? null : toRecord(row);
  }

  /** Records that `user` asked for quote `id`'s instructions, unless it already lists `max` users. */
  async addIssuedTo(id: string, user: string, max: number): Promise<void> {
    await this.#db.query(
      `UPDATE swap_quotes SET issued_to = array_append(issued_to, $2::text)
       WHERE id = $1 AND cardinality(issued_to) < $3::int AND NOT ($2::text = ANY (issued_to))`,
      [id, user, max],
    );
  }

  /** Whether the desk signed `message` (base64) for some remembered quote. */
  async isSigned(message: string): Promise<boolean> {
    const rows = await this.#db.query('SELECT 1 FROM swap_quotes WHERE signed_message = $1 LIMIT 1', [
      message,
    ]);
    return rows.length > 0;
  }

  /**
   * The shapes of the remembered quotes (live, spent or expired) whose amounts are both among `amounts`:
   * what a transaction carrying those amounts may be the swap of.
   */
  async shapesAmong(amounts: readonly bigint[]): Promise<SwapQuoteShape[]> {
    if (amounts.length === 0) return [];
    const values = [...new Set(amounts)].map(String);
    const rows = await this.#db.query<ShapeRow>(
      `SELECT DISTINCT direction, token_mint, decimals, in_amount, out_amount FROM swap_quotes
       WHERE out_amount = ANY ($1::numeric[]) AND in_amount = ANY ($1::numeric[])`,
      [values],
    );
    return rows.map(toShape);
  }

  /**
   * Spends one live quote of `shape` for the transaction `message` (base64) paid by `user`: one issued
   * to `user` first, else the one expiring first. The spend is a conditional UPDATE, so a quote is spent
   * once however many instances try at once, and a message already signed off another quote is refused.
   */
  async claim(shape: SwapQuoteShape, user: string, message: string, now: number): Promise<SwapQuoteClaim> {
    const params = [...shapeParams(shape), new Date(now)];
    for (let attempt = 0; attempt < CLAIM_ATTEMPTS; attempt++) {
      let rows: QuoteRow[];
      try {
        rows = await this.#db.query<QuoteRow>(
          `UPDATE swap_quotes SET used = true, signed_message = $7
           WHERE id = (
             SELECT id FROM swap_quotes
             WHERE ${SAME_SHAPE} AND NOT used AND expires_at > $6
             ORDER BY ($8::text = ANY (issued_to)) DESC, expires_at, id
             LIMIT 1 FOR UPDATE)
           AND NOT used AND expires_at > $6
           RETURNING ${COLUMNS}`,
          [...params, message, user],
        );
      } catch (error) {
        if (isUniqueViolation(error)) return { refused: 'used' };
        throw error;
      }
      if (rows[0] !== undefined) return { claimed: toRecord(rows[0]) };
      const [state] = await this.#db.query<{ n: number; used: boolean | null; live: boolean | null }>(
        `SELECT count(*) AS n, bool_or(used) AS used, bool_or(NOT used AND expires_at > $6) AS live
         FROM swap_quotes WHERE ${SAME_SHAPE}`,
        params,
      );
      // Another request spent the quote picked; another one of the shape is still live: try it.
      if (state?.live === true) continue;
      if (state?.used === true) return { refused: 'used' };
      return { refused: state !== undefined && state.n > 0 ? 'expired' : 'unknown' };
    }
    return { refused: 'used' };
  }

  /** Makes quote `id`, spent for `message`, live again (the desk could not go through with the swap). */
  async release(id: string, message: string): Promise<void> {
    await this.#db.query(
      'UPDATE swap_quotes SET used = false, signed_message = NULL WHERE id = $1 AND signed_message = $2',
      [id, message],
    );
  }

  /**
   * Runs `work` (a top-up of the desk's inventory) while no other instance runs its own: under a
   * transaction-scoped advisory lock on PostgreSQL. PGlite is one process, where the desk already runs
   * its top-ups one at a time, and a transaction held there would stall every other query meanwhile.
   */
  async withInventoryLock<T>(work: () => Promise<T>): Promise<T> {
    if (this.#db.kind === 'pglite') return work();
    return this.#db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1)', [INVENTORY_LOCK]);
      return work();
    });
  }
}
