/**
 * Wager's program-derived addresses (`docs/wager.md`, Records and addresses):
 * - House (the house wallet): `"house"`;
 * - Bet: `"bet"`, user;
 * - market authority (the market's pool): `"market_authority"`, market;
 * - Prediction: `"prediction"`, market, user;
 * - Referral (a referrer's vault): `"referral"`, referrer.
 *
 * A Market itself is a fresh keypair account, not a PDA. Each helper returns kit's `[address, bump]` pair;
 * the seeds are the IDL's, through the generated `find…Pda` functions.
 *
 * @module
 */

import type { Address, ProgramDerivedAddress } from '@solana/kit';

import type { ProgramConfig } from '../anchor/program-config.ts';
import {
  findBetPda,
  findHousePda,
  findMarketAuthorityPda,
  findPredictionPda,
  findReferralPda,
} from '../generated/wager/pdas/index.ts';

/**
 * The house wallet, which holds the bankroll and the House record.
 *
 * @example const [house] = await findHouseAddress();
 */
export async function findHouseAddress(config: ProgramConfig = {}): Promise<ProgramDerivedAddress> {
  return findHousePda(config);
}

/** A user's bet record (one per user, reused bet after bet). */
export async function findBetAddress(
  user: Address,
  config: ProgramConfig = {},
): Promise<ProgramDerivedAddress> {
  return findBetPda({ user }, config);
}

/**
 * A market's pool: a data-less account of the program holding the market's lamports. The Market stores it
 * too (`marketAuthority`).
 */
export async function findMarketAuthorityAddress(
  market: Address,
  config: ProgramConfig = {},
): Promise<ProgramDerivedAddress> {
  return findMarketAuthorityPda({ market }, config);
}

/** A user's prediction in a market. */
export async function findPredictionAddress(
  market: Address,
  user: Address,
  config: ProgramConfig = {},
): Promise<ProgramDerivedAddress> {
  return findPredictionPda({ market, user }, config);
}

/**
 * A referrer's vault, where its shares of fees accrue until it claims them (`claim_referral`). Settlements
 * pass it as `referral_vault`; it may not exist yet (`init_referral` creates it), and is recognised by this
 * address either way.
 *
 * @example const [referralVault] = await findReferralAddress(bet.referral);
 */
export async function findReferralAddress(
  referrer: Address,
  config: ProgramConfig = {},
): Promise<ProgramDerivedAddress> {
  return findReferralPda({ referrer }, config);
}
