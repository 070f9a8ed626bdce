/**
 * The bet amount the player types, in SOL, checked before anything is signed: a number with at most 9
 * decimals, at least the program's minimum (`BetTooLow`'s own message), within the wallet's balance and
 * leaving what the transaction needs besides the stake.
 *
 * @module
 */

import {
  MAX_TRANSACTION_FEE_LAMPORTS,
  MIN_BET_LAMPORTS,
  SIGNATURE_FEE_LAMPORTS,
  SOL_DECIMALS,
} from '@arcade/sdk/constants';
import { decodeForesightError, FORESIGHT_ERROR_CODES } from '@arcade/sdk/foresight/errors';

import { formatSol, parseSolInput } from '../../../lib/format.ts';

/** The messages of a bad amount. */
export const AMOUNT_MESSAGES = Object.freeze({
  notANumber: 'Enter an amount in SOL, like 0.25',
  tooManyDecimals: `SOL has at most ${SOL_DECIMALS} decimals`,
  /** The program's own text for `BetTooLow` (its IDL message). */
  tooLow: decodeForesightError(FORESIGHT_ERROR_CODES.BetTooLow)?.msg ?? 'BetTooLow',
  notEnough: (balance: bigint) => `Not enough SOL: your balance is ${formatSol(balance)}`,
  keepForFees: (reserve: bigint) =>
    `Keep about ${formatSol(reserve)} for the network fee and the bet's account deposit`,
} as const);

/**
 * What sending a bet costs on top of its stake, at most: the bet account's rent deposit when this is the
 * player's first bet in the round (`rentLamports`, 0 otherwise), the base fee and the highest priority fee
 * the sender pays.
 */
export function betReserve(rentLamports: bigint): bigint {
  return rentLamports + MAX_TRANSACTION_FEE_LAMPORTS;
}

/** The result of {@link checkBetAmount}: the lamports to bet, or why not (null error with null lamports: empty). */
export type AmountCheck =
  | { readonly ok: true; readonly lamports: bigint }
  | { readonly ok: false; readonly lamports: bigint | null; readonly error: string | null };

/**
 * Checks the typed amount against the program's minimum and the balance (null while unknown: not checked).
 *
 * @example checkBetAmount('0.001', { balance: null, reserve: 0n }) // { ok: false, error: tooLow }
 */
export function checkBetAmount(
  text: string,
  { balance, reserve }: { readonly balance: bigint | null; readonly reserve: bigint },
): AmountCheck {
  if (text.trim() === '') return { ok: false, lamports: null, error: null };
  const lamports = parseSolInput(text);
  if (lamports === null) {
    const tooPrecise = /^\d*[.,]\d+$/.test(text.trim());
    return {
      ok: false,
      lamports: null,
      error: tooPrecise ? AMOUNT_MESSAGES.tooManyDecimals : AMOUNT_MESSAGES.notANumber,
    };
  }
  if (lamports < MIN_BET_LAMPORTS) return { ok: false, lamports, error: AMOUNT_MESSAGES.tooLow };
  if (balance !== null && lamports > balance) {
    return { ok: false, lamports, error: AMOUNT_MESSAGES.notEnough(balance) };
  }
  if (balance !== null && lamports + reserve > balance) {
    return { ok: false, lamports, error: AMOUNT_MESSAGES.keepForFees(reserve) };
  }
  return { ok: true, lamports };
}

/** The largest stake the balance allows after the reserve, or null when even the minimum does not fit. */
export function maxStake(balance: bigint, reserve: bigint): bigint | null {
  const max = balance - reserve;
  return max >= MIN_BET_LAMPORTS ? max : null;
}

/** What the wallet pays for a bet, lamports: each part and their sum. */
export interface BetCharge {
  /** The stake: all of it goes into the round's pool (the 3% fee comes out of the pot at the draw). */
  readonly stake: bigint;
  /** The bet account's rent deposit, paid by the first bet in a round and given back when it is closed. */
  readonly deposit: bigint;
  /** The network's signature fee. */
  readonly networkFee: bigint;
  /** stake + deposit + networkFee. */
  readonly total: bigint;
}

/**
 * What placing `stake` charges the wallet: the stake, the bet account's deposit when this is the player's
 * first bet in the round (`depositLamports`, 0 when adding to a bet) and the signature fee. Foresight takes
 * no fee on a bet: its 3% comes out of the pot when the round settles. A priority fee, when the network is
 * busy, comes on top (the wallet shows it before signing).
 *
 * @example betCharge(100_000_000n, 1_461_600n).total === 101_466_600n
 */
export function betCharge(stake: bigint, depositLamports: bigint): BetCharge {
  return {
    stake,
    deposit: depositLamports,
    networkFee: SIGNATURE_FEE_LAMPORTS,
    total: stake + depositLamports + SIGNATURE_FEE_LAMPORTS,
  };
}
