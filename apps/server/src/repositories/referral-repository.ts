/**
 * Referrals: each user's own code, who referred whom (written by the indexer), what referring earned, and
 * what the referrer can claim and has claimed.
 *
 * Shares are pull-based (`docs/trust.md`, "Nothing blocks settlement"): the wager program credits them to
 * the referrer's vault (PDA `["referral", referrer]`), and the referrer takes them out with
 * `claim_referral`, a transaction it signs itself (no server key is involved). What referring earned has two
 * sources, counted as the indexer saw them arrive in the vault (its balance change in the transaction):
 * - TailSpin and ReTail: 10% of the 4% fee of each settled bet whose `referral` is the wallet
 *   (`bets.referral_fee`; bets settled before vaults existed were paid to the wallet directly);
 * - Prophecy: 10% of the 3% fee `resolve_market` takes from the whole pot of each market whose `referrer` is
 *   the wallet (`markets.referrer_fee`). A market that refunds everyone (Invalid, or a winning side with an
 *   empty pool) takes no fee and pays no share, and a referrer whose vault was never created
 *   (`init_referral`) is not credited: that share stays in the pool and counts 0. For a resolved market
 *   whose credit was not indexed (`referrer_fee` NULL: resolved before the indexer recorded it, or not
 *   indexed yet) the share is computed from the pools and result instead ({@link MARKET_REFERRER_EARNED_SQL}).
 *
 * What is claimable is the vault's lamports above its rent-exempt minimum, as of the last indexed
 * transaction that touched it (`referral_vaults`); what was claimed is the sum of its `ReferralClaimed`
 * events (`referral_claims`).
 *
 * @module
 */

import { randomInt } from 'node:crypto';

import { REFERRAL_CODE_ALPHABET, REFERRAL_CODE_LENGTH } from '@arcade/sdk/api/user';
import { BPS_DENOMINATOR, PROPHECY_FEE_BPS, REFERRAL_SHARE_BPS } from '@arcade/sdk/constants';
import { REFERRAL_ACCOUNT_SIZE } from '@arcade/sdk/wager/accounts';

import type { Queryable } from '../db/database.ts';
import { isUniqueViolation } from './user-repository.ts';

/** A new random referral code (uniform over the alphabet). */
export function generateReferralCode(): string {
  let code = '';
  for (let i = 0; i < REFERRAL_CODE_LENGTH; i += 1) {
    code += REFERRAL_CODE_ALPHABET.charAt(randomInt(REFERRAL_CODE_ALPHABET.length));
  }
  return code;
}

/**
 * The market referrer's share of a resolved market's fee, in lamports, as a SQL expression over the
 * `markets` columns `yes_pool`, `no_pool` and `result`. It mirrors `resolve_market`
 * (`programs/wager/src/ix-market.c`) and the SDK's `referralShare(marketFee(…))`:
 * - a Yes or No whose side has no predictions is recorded as Invalid, and an Invalid (or unresolved) market
 *   refunds everyone: no fee, so no share;
 * - otherwise fee = floor(pot × {@link PROPHECY_FEE_BPS} / {@link BPS_DENOMINATOR}) with pot = yes + no, and
 *   share = floor(fee × {@link REFERRAL_SHARE_BPS} / {@link BPS_DENOMINATOR}).
 *
 * `div` is PostgreSQL's integer quotient of numerics (truncation, which is floor for these non-negative
 * amounts), so u64 pools never lose precision.
 */
export const MARKET_REFERRER_SHARE_SQL = `CASE
    WHEN (result = 'Yes' AND yes_pool > 0) OR (result = 'No' AND no_pool > 0)
    THEN div(div((yes_pool + no_pool) * ${PROPHECY_FEE_BPS}, ${BPS_DENOMINATOR}) * ${REFERRAL_SHARE_BPS}, ${BPS_DENOMINATOR})
    ELSE 0
  END`;

/**
 * What a resolved market's referrer earned, in lamports, as a SQL expression over the `markets` row: what
 * the indexer saw arrive (`referrer_fee`), else the computed share.
 *
 * The fallback serves the markets whose payment the indexer has not recorded: those resolved before
 * `referrer_fee` existed (their transactions are not indexed again) and, for the moment between the server
 * resolving a market and the indexer reading that transaction, a new one. Whether those paid cannot be told
 * from the database; a referrer in use holds lamports and so takes its share, so the computed share is the
 * likely answer (and what was shown for them before the payment was recorded). Only a referrer the program
 * skipped is overcounted, and only there.
 */
export const MARKET_REFERRER_EARNED_SQL = `COALESCE(referrer_fee, ${MARKET_REFERRER_SHARE_SQL})`;

/**
 * A referral vault's rent-exempt minimum in lamports, which `claim_referral` leaves in it: (128 bytes of
 * account overhead + its {@link REFERRAL_ACCOUNT_SIZE} bytes) × 3,480 lamports per byte-year × 2 years, the
 * rent every Solana cluster charges (checked against the local chain's `getMinimumBalanceForRentExemption`
 * in the tests).
 */
export const REFERRAL_VAULT_RENT_LAMPORTS = BigInt((128 + REFERRAL_ACCOUNT_SIZE) * 3_480 * 2);

/** What referring earned a wallet. */
export interface ReferralStats {
  /**
   * Lamports of referral fees: from its referees' settled TailSpin and ReTail bets, plus its share of the
   * fee of every resolved Prophecy market it is the referrer of, as credited to its vault.
   */
  readonly fees: bigint;
  readonly referredUserCount: number;
  /** Lamports in its vault above the vault's rent: what `claim_referral` would pay now (0 without a vault). */
  readonly claimable: bigint;
  /** Lamports it has taken out of its vault with `claim_referral`, ever. */
  readonly claimed: bigint;
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

  /**
   * Referral fees credited to `address` (from settled bets and as a resolved market's referrer), how many
   * users it referred, and what its vault holds to claim and has paid out.
   */
  async stats(address: string): Promise<ReferralStats> {
    const [sums, users] = await Promise.all([
      this.#db.query<{ fees: bigint; claimable: bigint; claimed: bigint }>(
        `SELECT (
             SELECT COALESCE(SUM(referral_fee), 0) FROM bets
             WHERE referral = $1 AND state IN ('Settled', 'Claimed')
           ) + (
             SELECT COALESCE(SUM(${MARKET_REFERRER_EARNED_SQL}), 0) FROM markets
             WHERE referrer = $1 AND result IN ('Yes', 'No')
           ) AS fees,
           (SELECT COALESCE(SUM(GREATEST(lamports - $2::numeric, 0)), 0) FROM referral_vaults
             WHERE referrer = $1) AS claimable,
           (SELECT COALESCE(SUM(amount), 0) FROM referral_claims WHERE referrer = $1) AS claimed`,
        [address, REFERRAL_VAULT_RENT_LAMPORTS],
      ),
      this.#db.query<{ count: number }>('SELECT count(*) AS count FROM users WHERE referred_by = $1', [
        address,
      ]),
    ]);
    const row = sums[0];
    return {
      fees: row?.fees ?? 0n,
      referredUserCount: users[0]?.count ?? 0,
      claimable: row?.claimable ?? 0n,
      claimed: row?.claimed ?? 0n,
    };
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
