/**
 * The blocked-wallet list the operator console edits; `authenticate` and sign-in read the same table.
 *
 * @module
 */

import type { Queryable } from '../db/database.ts';

/** A blocked wallet. */
export interface BlockedWallet {
  readonly address: string;
  readonly reason: string;
  readonly blockedBy: string;
  /** Unix seconds. */
  readonly blockedAt: number;
}

interface Row {
  address: string;
  reason: string;
  blocked_by: string;
  created_at: Date;
}

const toWallet = (row: Row): BlockedWallet => ({
  address: row.address,
  reason: row.reason,
  blockedBy: row.blocked_by,
  blockedAt: Math.floor(row.created_at.getTime() / 1000),
});

/** Reads and writes `blocked_wallets`. */
export class BlockedWalletRepository {
  readonly #db: Queryable;

  constructor(db: Queryable) {
    this.#db = db;
  }

  /** Every blocked wallet, most recently blocked first. */
  /** Whether `address` is blocked: refused at sign-in, on every authenticated call, in chat and OAuth. */
  async isBlocked(address: string): Promise<boolean> {
    return (await this.#db.query('SELECT 1 FROM blocked_wallets WHERE address = $1', [address])).length > 0;
  }

  async list(): Promise<BlockedWallet[]> {
    const rows = await this.#db.query<Row>(
      'SELECT address, reason, blocked_by, created_at FROM blocked_wallets ORDER BY created_at DESC, address',
    );
    return rows.map(toWallet);
  }

  /** Blocks `address`, or updates the reason when it is already blocked. */
  async block(address: string, reason: string, blockedBy: string): Promise<BlockedWallet> {
    const rows = await this.#db.query<Row>(
      `INSERT INTO blocked_wallets (address, reason, blocked_by) VALUES ($1, $2, $3)
       ON CONFLICT (address) DO UPDATE SET reason = EXCLUDED.reason, blocked_by = EXCLUDED.blocked_by
       RETURNING address, reason, blocked_by, created_at`,
      [address, reason, blockedBy],
    );
    return toWallet(rows[0]!);
  }

  /** Unblocks `address`; false when it was not blocked. */
  async unblock(address: string): Promise<boolean> {
    const rows = await this.#db.query('DELETE FROM blocked_wallets WHERE address = $1 RETURNING address', [
      address,
    ]);
    return rows.length > 0;
  }
}
