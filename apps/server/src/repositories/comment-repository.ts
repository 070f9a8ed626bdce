/**
 * Comments on Prophecy markets, with the per-user rate limit enforced in the database so that it holds
 * across server instances.
 *
 * @module
 */

import type { CommentView } from '@arcade/sdk/api/prophecy';

import type { Database } from '../db/database.ts';

/** A comment as stored, in the shape the API shows it. */
export type CommentRecord = CommentView;

/** How often one user may comment. */
export interface CommentRateLimit {
  /** Least time between two comments of one user, ms. */
  readonly minIntervalMs: number;
  /** Most comments of one user in {@link CommentRateLimit.windowMs}. */
  readonly maxPerWindow: number;
  readonly windowMs: number;
}

/** The outcome of {@link CommentRepository.addIfAllowed}. */
export type AddCommentResult =
  | { readonly ok: true; readonly comment: CommentRecord }
  | { readonly ok: false; readonly reason: 'interval' | 'window' };

interface CommentRow {
  id: number;
  market: string;
  user_address: string;
  username: string | null;
  comment: string;
  created_at: Date;
}

function toRecord(row: CommentRow): CommentRecord {
  return {
    id: row.id,
    market: row.market,
    user: row.user_address,
    username: row.username,
    comment: row.comment,
    timestamp: row.created_at.getTime(),
  };
}

/** An arbitrary, fixed first key of the advisory locks taken per commenter. */
const COMMENT_LOCK_SPACE = 7_420_101;

/** Reads and writes market comments. */
export class CommentRepository {
  readonly #db: Database;

  constructor(db: Database) {
    this.#db = db;
  }

  /**
   * Stores a comment at `nowMs` unless the user is over `limit`. The check and the insert run under a
   * per-user advisory lock in one transaction, so parallel requests on any instance cannot both pass.
   */
  async addIfAllowed(
    input: {
      readonly market: string;
      readonly user: string;
      readonly comment: string;
      readonly nowMs: number;
    },
    limit: CommentRateLimit,
  ): Promise<AddCommentResult> {
    return this.#db.transaction(async (tx): Promise<AddCommentResult> => {
      await tx.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [COMMENT_LOCK_SPACE, input.user]);
      const [recent] = await tx.query<{ n: number; latest: Date | null }>(
        `SELECT count(*) AS n, max(created_at) AS latest FROM market_comments
         WHERE user_address = $1 AND created_at > $2`,
        [input.user, new Date(input.nowMs - limit.windowMs)],
      );
      const latest = recent?.latest == null ? null : recent.latest.getTime();
      if (latest !== null && input.nowMs - latest < limit.minIntervalMs)
        return { ok: false, reason: 'interval' };
      if ((recent?.n ?? 0) >= limit.maxPerWindow) return { ok: false, reason: 'window' };
      const [row] = await tx.query<CommentRow>(
        `WITH inserted AS (
           INSERT INTO market_comments (market, user_address, comment, created_at) VALUES ($1, $2, $3, $4)
           RETURNING id, market, user_address, comment, created_at
         )
         SELECT i.*, u.username FROM inserted i LEFT JOIN users u ON u.address = i.user_address`,
        [input.market, input.user, input.comment, new Date(input.nowMs)],
      );
      if (row === undefined) throw new Error('the comment was not stored');
      return { ok: true, comment: toRecord(row) };
    });
  }

  /** A market's comments, newest first: `limit` of them with an id below `before` (or the latest). */
  async list(market: string, before: number | null, limit: number): Promise<CommentRecord[]> {
    const rows = await this.#db.query<CommentRow>(
      `SELECT c.id, c.market, c.user_address, u.username, c.comment, c.created_at
       FROM market_comments c LEFT JOIN users u ON u.address = c.user_address
       WHERE c.market = $1 AND ($2::int8 IS NULL OR c.id < $2)
       ORDER BY c.id DESC LIMIT $3`,
      [market, before, limit],
    );
    return rows.map(toRecord);
  }
}
