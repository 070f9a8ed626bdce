/**
 * Juice: accruals (the indexer's entry point), per-wallet totals and the claim transactions handed out.
 *
 * @module
 */

import { JUICE_DECIMALS, JUICE_MULTIPLIER, LAMPORTS_PER_SOL } from '@arcade/sdk/constants';

import type { Database, Queryable } from '../db/database.ts';

const JUICE_UNITS_PER_JUICE = 10n ** BigInt(JUICE_DECIMALS);

/**
 * Juice base units earned by wagering `wageredLamports`: wagered SOL × {@link JUICE_MULTIPLIER} Juice,
 * rounded down to a base unit. The one place the formula lives.
 *
 * @example juiceForWager(1_000_000_000n) === 2_400_000_000n // 1 SOL → 2,400 Juice (6 decimals)
 * @throws RangeError for a negative amount.
 */
export function juiceForWager(wageredLamports: bigint): bigint {
  if (wageredLamports < 0n) throw new RangeError('A wager cannot be negative');
  return (wageredLamports * JUICE_MULTIPLIER * JUICE_UNITS_PER_JUICE) / LAMPORTS_PER_SOL;
}

/** What {@link JuiceRepository.accrue} records. */
export interface Accrual {
  readonly address: string;
  /** Unique per wagering action, e.g. `<signature>:<kind>`: accruing the same source twice is a no-op. */
  readonly source: string;
  readonly wageredLamports: bigint;
}

/** A wallet's Juice totals (base units). */
export interface JuiceAccount {
  readonly address: string;
  readonly accrued: bigint;
  /** Minted, or handed out in a claim that may still land. */
  readonly claimed: bigint;
  /** Unix seconds of the last claim; 0 when never. */
  readonly lastClaim: number;
}

/** A claim transaction handed to a user. */
export interface JuiceClaim {
  readonly id: number;
  readonly address: string;
  readonly amount: bigint;
  readonly status: 'pending' | 'landed' | 'expired';
  readonly blockhash: string;
  readonly lastValidBlockHeight: bigint;
  readonly minSlot: bigint;
  readonly authoritySignature: string;
  readonly wireTransaction: string;
  readonly claimedAt: number;
  readonly previousLastClaim: number;
  readonly landedSignature: string | null;
}

/** What {@link JuiceRepository.recordClaim} stores. */
export type NewJuiceClaim = Omit<JuiceClaim, 'id' | 'status' | 'landedSignature'>;

interface AccountRow {
  address: string;
  accrued: bigint;
  claimed: bigint;
  last_claim: number;
}

interface ClaimRow {
  id: number;
  address: string;
  amount: bigint;
  status: JuiceClaim['status'];
  blockhash: string;
  last_valid_block_height: number;
  min_slot: number;
  authority_signature: string;
  wire_transaction: string;
  claimed_at: number;
  previous_last_claim: number;
  landed_signature: string | null;
}

const toAccount = (row: AccountRow): JuiceAccount => ({
  address: row.address,
  accrued: row.accrued,
  claimed: row.claimed,
  lastClaim: row.last_claim,
});

const toClaim = (row: ClaimRow): JuiceClaim => ({
  id: row.id,
  address: row.address,
  amount: row.amount,
  status: row.status,
  blockhash: row.blockhash,
  lastValidBlockHeight: BigInt(row.last_valid_block_height),
  minSlot: BigInt(row.min_slot),
  authoritySignature: row.authority_signature,
  wireTransaction: row.wire_transaction,
  claimedAt: row.claimed_at,
  previousLastClaim: row.previous_last_claim,
  landedSignature: row.landed_signature,
});

const CLAIM_COLUMNS =
  'id, address, amount, status, blockhash, last_valid_block_height, min_slot, authority_signature, wire_transaction, claimed_at, previous_last_claim, landed_signature';

/** Reads and writes Juice accounts, accruals and claims. */
export class JuiceRepository {
  readonly #db: Database;

  constructor(db: Database) {
    this.#db = db;
  }

  /**
   * Credits `address` with the Juice of one wagering action, once per `source`, inside the caller's
   * transaction (the indexer's, so the accrual commits with the record it indexed).
   *
   * @returns the base units credited: 0 when `source` was already accrued.
   */
  async accrue(tx: Queryable, accrual: Accrual): Promise<bigint> {
    const amount = juiceForWager(accrual.wageredLamports);
    // One statement (the indexer calls this for every bet): the account grows only if the accrual is new.
    const credited = await tx.query(
      `WITH accrual AS (
         INSERT INTO juice_accruals (source, address, wagered, amount) VALUES ($1, $2, $3, $4)
         ON CONFLICT (source) DO NOTHING RETURNING address, amount
       )
       INSERT INTO juice_accounts (address, accrued) SELECT address, amount FROM accrual
       ON CONFLICT (address) DO UPDATE SET accrued = juice_accounts.accrued + EXCLUDED.accrued, updated_at = now()
       RETURNING address`,
      [accrual.source, accrual.address, accrual.wageredLamports, amount],
    );
    if (credited.length === 0) return 0n;
    return amount;
  }

  /** The wallet's totals, or null when it never earned Juice. */
  async find(address: string, db: Queryable = this.#db): Promise<JuiceAccount | null> {
    const rows = await db.query<AccountRow>(
      'SELECT address, accrued, claimed, last_claim FROM juice_accounts WHERE address = $1',
      [address],
    );
    return rows[0] === undefined ? null : toAccount(rows[0]);
  }

  /** {@link find} with the row locked until `tx` ends, so two claims cannot both read the same balance. */
  async lock(tx: Queryable, address: string): Promise<JuiceAccount | null> {
    const rows = await tx.query<AccountRow>(
      'SELECT address, accrued, claimed, last_claim FROM juice_accounts WHERE address = $1 FOR UPDATE',
      [address],
    );
    return rows[0] === undefined ? null : toAccount(rows[0]);
  }

  /** Records a claim handed out and counts it as claimed; call with the account row locked. */
  async recordClaim(tx: Queryable, claim: NewJuiceClaim): Promise<JuiceClaim> {
    const rows = await tx.query<ClaimRow>(
      `INSERT INTO juice_claims (address, amount, blockhash, last_valid_block_height, min_slot,
         authority_signature, wire_transaction, claimed_at, previous_last_claim)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING ${CLAIM_COLUMNS}`,
      [
        claim.address,
        claim.amount,
        claim.blockhash,
        claim.lastValidBlockHeight,
        claim.minSlot,
        claim.authoritySignature,
        claim.wireTransaction,
        claim.claimedAt,
        claim.previousLastClaim,
      ],
    );
    await tx.query(
      `UPDATE juice_accounts SET claimed = claimed + $2, last_claim = $3, updated_at = now() WHERE address = $1`,
      [claim.address, claim.amount, claim.claimedAt],
    );
    return toClaim(rows[0]!);
  }

  /** The wallet's claims that may still land, oldest first. */
  async pendingClaims(address: string): Promise<JuiceClaim[]> {
    const rows = await this.#db.query<ClaimRow>(
      `SELECT ${CLAIM_COLUMNS} FROM juice_claims WHERE address = $1 AND status = 'pending' ORDER BY id`,
      [address],
    );
    return rows.map(toClaim);
  }

  /** The wallet's claims, newest first. */
  async claims(address: string, limit = 20): Promise<JuiceClaim[]> {
    const rows = await this.#db.query<ClaimRow>(
      `SELECT ${CLAIM_COLUMNS} FROM juice_claims WHERE address = $1 ORDER BY id DESC LIMIT $2`,
      [address, limit],
    );
    return rows.map(toClaim);
  }

  /**
   * Settles a pending claim: landed (it stays claimed), or expired (its amount returns to claimable, and
   * last_claim goes back to before it unless a later claim has moved it since). A claim already settled
   * is left alone, so concurrent reconciliations agree.
   *
   * @returns whether this call settled it.
   */
  async resolveClaim(claimId: number, landedSignature: string | null): Promise<boolean> {
    return this.#db.transaction((tx) => this.#resolve(tx, claimId, landedSignature));
  }

  async #resolve(tx: Queryable, claimId: number, landedSignature: string | null): Promise<boolean> {
    const rows = await tx.query<ClaimRow>(
      `UPDATE juice_claims SET status = $2, landed_signature = $3, resolved_at = now()
       WHERE id = $1 AND status = 'pending' RETURNING ${CLAIM_COLUMNS}`,
      [claimId, landedSignature === null ? 'expired' : 'landed', landedSignature],
    );
    const claim = rows[0];
    if (claim === undefined) return false;
    if (landedSignature === null) {
      await tx.query(
        `UPDATE juice_accounts SET claimed = claimed - $2,
           last_claim = CASE WHEN last_claim = $3 THEN $4 ELSE last_claim END, updated_at = now()
         WHERE address = $1`,
        [claim.address, claim.amount, claim.claimed_at, claim.previous_last_claim],
      );
    }
    return true;
  }
}
