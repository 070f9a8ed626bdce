/**
 * Referrals: each user's own code, who referred whom (written by the indexer) and what referring earned.
 *
 * @module
 */

import { randomInt } from 'node:crypto';

import type { Queryable } from '../db/database.ts';
import { isUniqueViolation } from './user-repository.ts';

/** Characters of a referral code: no 0/O or 1/I/L, so a code read aloud or retyped stays the same. */
export const REFERRAL_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
/** Characters in a referral code. */
export const REFERRAL_CODE_LENGTH = 8;
/** A well-formed referral code. */
export const REFERRAL_CODE_PATTERN = new RegExp(`^[${REFERRAL_CODE_ALPHABET}]{${REFERRAL_CODE_LENGTH}}$`);

/** A new random referral code (uniform over the alphabet). */
export function generateReferralCode(): string {
  let code = '';
  for (let i = 0; i < REFERRAL_CODE_LENGTH; i += 1) {
    code += REFERRAL_CODE_ALPHABET.charAt(randomInt(REFERRAL_CODE_ALPHABET.length));
  }
  return code;
}

/** What referring earned a wallet. */
export interface ReferralStats {
  /** Lamports of referral fees from its referees' settled bets. */
  readonly fees: bigint;
  readonly referredUserCount: number;
}

/** What {@link ReferralRepository.create} did: created a code, or found the wallet's existing one. */
export interface CreateReferralResult {
  readonly created: boolean;
  readonly code: string;
}

/** Tries before giving up on finding a free code (31^8 ≈ 8.5 × 10^11 codes: collisions are rare). */
const MAX_CODE_ATTEMPTS = 8;

/** Reads and writes referral codes and attributions. */
export class ReferralRepository {
  readonly #db: Queryable;
  readonly #generate: () => string;

  /** @param generate - Makes candidate codes; tests pass a predictable one to force collisions. */
  constructor(db: Queryable, generate: () => string = generateReferralCode) {
    this.#db = db;
    this.#generate = generate;
  }

  /**
   * Gives `address` a new referral code, unless it has one (then `created: false` with the existing code).
   *
   * @throws Error when no free code was found after several tries.
   */
  async create(address: string): Promise<CreateReferralResult> {
    for (let attempt = 0; attempt < MAX_CODE_ATTEMPTS; attempt += 1) {
      const candidate = this.#generate();
      try {
        // The conditional upsert locks the user's row, so two concurrent calls create one code.
        const rows = await this.#db.query<{ referral_code: string }>(
          `INSERT INTO users (address, referral_code) VALUES ($1, $2)
           ON CONFLICT (address) DO UPDATE SET referral_code = EXCLUDED.referral_code, updated_at = now()
             WHERE users.referral_code IS NULL
           RETURNING referral_code`,
          [address, candidate],
        );
        if (rows[0] !== undefined) return { created: true, code: rows[0].referral_code };
        const existing = await this.#db.query<{ referral_code: string }>(
          'SELECT referral_code FROM users WHERE address = $1',
          [address],
        );
        return { created: false, code: existing[0]?.referral_code ?? '' };
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
      }
    }
    throw new Error('no free referral code found');
  }

  /** The wallet that owns `code`, or null. */
  async ownerOf(code: string): Promise<string | null> {
    const rows = await this.#db.query<{ address: string }>(
      'SELECT address FROM users WHERE referral_code = $1',
      [code],
    );
    return rows[0]?.address ?? null;
  }

  /** Referral fees earned by `address` from settled bets, and how many users it referred. */
  async stats(address: string): Promise<ReferralStats> {
    const [fees, users] = await Promise.all([
      this.#db.query<{ fees: bigint }>(
        `SELECT COALESCE(SUM(referral_fee), 0)::numeric AS fees FROM bets
         WHERE referral = $1 AND state IN ('Settled', 'Claimed')`,
        [address],
      ),
      this.#db.query<{ count: number }>('SELECT count(*) AS count FROM users WHERE referred_by = $1', [
        address,
      ]),
    ]);
    return { fees: fees[0]?.fees ?? 0n, referredUserCount: users[0]?.count ?? 0 };
  }

  /**
   * Records that `referrer` referred `user`, in the caller's (the indexer's) transaction. The first
   * attribution stands: it is never overwritten, and a wallet never refers itself.
   *
   * @returns whether it recorded the attribution.
   */
  async attribute(tx: Queryable, attribution: { user: string; referrer: string }): Promise<boolean> {
    if (attribution.user === attribution.referrer) return false;
    const rows = await tx.query(
      `INSERT INTO users (address, referred_by) VALUES ($1, $2)
       ON CONFLICT (address) DO UPDATE SET referred_by = EXCLUDED.referred_by, updated_at = now()
         WHERE users.referred_by IS NULL
       RETURNING address`,
      [attribution.user, attribution.referrer],
    );
    return rows.length > 0;
  }
}
