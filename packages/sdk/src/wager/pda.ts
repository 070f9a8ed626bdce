/**
 * Wager's program-derived addresses (`docs/wager.md`, Records and addresses):
 * - House (the house wallet): `"house"`;
 * - Bet: `"bet"`, user;
 * - market authority (the market's pool): `"market_authority"`, market;
 * - Prediction: `"prediction"`, market, user;
 * - Referral (a referrer's vault): `"referral"`, referrer.
 *
 * A Market itself is a fresh keypair account, not a PDA. Each helper returns kit's `[address, bump]` pair.
 *
 * @module
 */

import {
  getAddressEncoder,
  getProgramDerivedAddress,
  type Address,
  type ProgramDerivedAddress,
} from '@solana/kit';

import type { ProgramConfig } from '../anchor/program-config.ts';
import { WAGER_PROGRAM_ADDRESS, WAGER_SEEDS } from './program.ts';

/**
 * The house wallet, which holds the bankroll and the House record.
 *
 * @example const [house] = await findHouseAddress();
 */
export async function findHouseAddress(config: ProgramConfig = {}): Promise<ProgramDerivedAddress> {
  return getProgramDerivedAddress({
    programAddress: config.programAddress ?? WAGER_PROGRAM_ADDRESS,
    seeds: [WAGER_SEEDS.house],
  });
}

/** A user's bet record (one per user, reused bet after bet). */
export async function findBetAddress(
  user: Address,
  config: ProgramConfig = {},
): Promise<ProgramDerivedAddress> {
  return getProgramDerivedAddress({
    programAddress: config.programAddress ?? WAGER_PROGRAM_ADDRESS,
    seeds: [WAGER_SEEDS.bet, getAddressEncoder().encode(user)],
  });
}

/**
 * A market's pool: a data-less account of the program holding the market's lamports. The Market stores it
 * too (`marketAuthority`).
 */
export async function findMarketAuthorityAddress(
  market: Address,
  config: ProgramConfig = {},
): Promise<ProgramDerivedAddress> {
  return getProgramDerivedAddress({
    programAddress: config.programAddress ?? WAGER_PROGRAM_ADDRESS,
    seeds: [WAGER_SEEDS.marketAuthority, getAddressEncoder().encode(market)],
  });
}

/** A user's prediction in a market. */
export async function findPredictionAddress(
  market: Address,
  user: Address,
  config: ProgramConfig = {},
): Promise<ProgramDerivedAddress> {
  return getProgramDerivedAddress({
    programAddress: config.programAddress ?? WAGER_PROGRAM_ADDRESS,
    seeds: [WAGER_SEEDS.prediction, getAddressEncoder().encode(market), getAddressEncoder().encode(user)],
  });
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
  return getProgramDerivedAddress({
    programAddress: config.programAddress ?? WAGER_PROGRAM_ADDRESS,
    seeds: [WAGER_SEEDS.referral, getAddressEncoder().encode(referrer)],
  });
}
