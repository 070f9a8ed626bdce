/**
 * Referral vaults as the chain moves them: each referrer's vault lamports as of the last transaction that
 * touched it (`referral_vaults`) and the `ReferralClaimed` events (`referral_claims`). The indexer writes
 * them; the referral statistics (`referral-repository.ts`) sum them.
 *
 * @module
 */

import type { Queryable } from '../db/database.ts';

/** A referral vault's balance after a transaction. */
export interface VaultBalance {
  readonly referrer: string;
  readonly vault: string;
  readonly lamports: bigint;
  /** The transaction that left it so. */
  readonly signature: string;
}

/** A referrer's claim from their vault. */
export interface ReferralClaim {
  /** `<signature>:<instruction>`: the event's place, its identity. */
  readonly source: string;
  readonly signature: string;
  readonly referrer: string;
  readonly amount: bigint;
  readonly claimedAt: Date;
}

/** The referral vaults' balances and claims. */
export class ReferralVaultRepository {
  readonly #db: Queryable;

  constructor(db: Queryable) {
    this.#db = db;
  }

  /** Upserts a referral vault's lamports as of `balance.signature` (transactions are applied in chain order). */
  async recordBalance(tx: Queryable, balance: VaultBalance): Promise<void> {
    await tx.query(
      `INSERT INTO referral_vaults (referrer, vault, lamports, last_signature) VALUES ($1, $2, $3, $4)
       ON CONFLICT (referrer) DO UPDATE SET lamports = EXCLUDED.lamports,
         last_signature = EXCLUDED.last_signature, updated_at = now()`,
      [balance.referrer, balance.vault, balance.lamports, balance.signature],
    );
  }

  /** Records a claim once (by its source); whether it was new. */
  async recordClaim(tx: Queryable, claim: ReferralClaim): Promise<boolean> {
    const rows = await tx.query(
      `INSERT INTO referral_claims (source, signature, referrer, amount, claimed_at)
       VALUES ($1, $2, $3, $4, $5) ON CONFLICT (source) DO NOTHING RETURNING source`,
      [claim.source, claim.signature, claim.referrer, claim.amount, claim.claimedAt],
    );
    return rows.length > 0;
  }

  /** A referrer's vault as last recorded, or null. */
  async balance(referrer: string, q: Queryable = this.#db): Promise<VaultBalance | null> {
    const [row] = await q.query<{
      referrer: string;
      vault: string;
      lamports: bigint;
      last_signature: string;
    }>('SELECT referrer, vault, lamports, last_signature FROM referral_vaults WHERE referrer = $1', [
      referrer,
    ]);
    return row === undefined
      ? null
      : {
          referrer: row.referrer,
          vault: row.vault,
          lamports: row.lamports,
          signature: row.last_signature,
        };
  }
}
