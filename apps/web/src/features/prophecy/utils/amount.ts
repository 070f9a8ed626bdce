/**
 * The prediction amount the player types, in SOL: parsed exactly into lamports (no binary floats), and
 * checked against the program's minimum (`BetTooLow` below `MIN_BET_LAMPORTS`) and the wallet's balance,
 * which must also cover what the transaction costs besides the stake.
 *
 * @module
 */

import {
  MAX_TRANSACTION_FEE_LAMPORTS,
  MIN_BET_LAMPORTS,
  SIGNATURE_FEE_LAMPORTS,
  SOL_DECIMALS,
} from '@arcade/sdk/constants';

import { formatSol, formatSolDecimal, parseSolInput } from '../../../lib/format.ts';

const U64_MAX = 0xffff_ffff_ffff_ffffn;

/** What is wrong with an amount. */
export const AMOUNT_MESSAGES = Object.freeze({
  empty: 'Enter an amount',
  invalid: 'Enter an amount in SOL, like 0.5',
  tooPrecise: `SOL has at most ${SOL_DECIMALS} decimals`,
  tooLow: `The minimum prediction is ${formatSol(MIN_BET_LAMPORTS)}`,
  tooHigh: 'That amount is too large',
  balance: 'Not enough SOL in your wallet',
  /**
   * The stake fits the balance but the transaction's costs do not: `reserve` lamports are kept for the
   * network fee and, on a first prediction (`deposit`), the prediction account's rent deposit. Exact, not
   * rounded as amounts are shown, so the player can stake the balance less it.
   */
  keepForFees: (reserve: bigint, deposit: boolean) =>
    `Not enough SOL in your wallet: keep ${formatSolDecimal(reserve)} SOL for the network fee${deposit ? " and the prediction's account deposit" : ''}`,
});

/**
 * What sending a prediction costs on top of its stake, at most: the rent deposit of the prediction account
 * that `create_prediction` opens and the player pays (`rentLamports`; 0 when the prediction exists and
 * `update_prediction` adds to it), the signature fee and the highest priority fee the sender pays.
 *
 * @example predictionReserve(0n) === MAX_TRANSACTION_FEE_LAMPORTS
 */
export function predictionReserve(rentLamports: bigint): bigint {
  return rentLamports + MAX_TRANSACTION_FEE_LAMPORTS;
}

/** The checked amount, or why it cannot be sent. */
export type AmountCheck =
  { readonly ok: true; readonly lamports: bigint } | { readonly ok: false; readonly error: string };

/**
 * Checks a typed amount: a number of SOL with at most 9 decimals, at least the minimum prediction, and,
 * when the balance is known, no more than it less {@link predictionReserve}. `rentLamports` is the rent
 * deposit of the prediction account when this prediction opens it (the wallet's first on the market), 0
 * when it adds to an existing one.
 *
 * @example checkAmount('1', 1_000_000_000n, 0n).ok === false // nothing left for the network fee
 */
export function checkAmount(text: string, balance: bigint | null, rentLamports: bigint): AmountCheck {
  if (text.trim() === '') return { ok: false, error: AMOUNT_MESSAGES.empty };
  const lamports = parseSolInput(text);
  if (lamports === null) {
    const decimals = /^\d*[.,](\d+)$/.exec(text.trim())?.[1];
    return {
      ok: false,
      error:
        decimals !== undefined && decimals.length > SOL_DECIMALS
          ? AMOUNT_MESSAGES.tooPrecise
          : AMOUNT_MESSAGES.invalid,
    };
  }
  if (lamports > U64_MAX) return { ok: false, error: AMOUNT_MESSAGES.tooHigh };
  if (lamports < MIN_BET_LAMPORTS) return { ok: false, error: AMOUNT_MESSAGES.tooLow };
  if (balance !== null && lamports > balance) return { ok: false, error: AMOUNT_MESSAGES.balance };
  const reserve = predictionReserve(rentLamports);
  if (balance !== null && lamports + reserve > balance) {
    return { ok: false, error: AMOUNT_MESSAGES.keepForFees(reserve, rentLamports > 0n) };
  }
  return { ok: true, lamports };
}

/** What the wallet pays for a prediction, lamports: each part and their sum. */
export interface PredictionCharge {
  /** The stake: all of it goes into the market's pool (the 3% fee comes out of the pot at resolution). */
  readonly stake: bigint;
  /** The prediction account's rent deposit, paid by the wallet's first prediction on a market. */
  readonly deposit: bigint;
  /** The network's signature fee. */
  readonly networkFee: bigint;
  /** stake + deposit + networkFee. */
  readonly total: bigint;
}

/**
 * What predicting `stake` charges the wallet: the stake, the prediction account's deposit on a first
 * prediction (`depositLamports`, 0 when adding to one) and the signature fee. Prophecy takes no fee on a
 * prediction: its 3% comes out of the pot when the market resolves. A priority fee, when the network is
 * busy, comes on top (the wallet shows it before signing).
 *
 * @example predictionCharge(100_000_000n, 1_628_640n).total === 101_633_640n
 */
export function predictionCharge(stake: bigint, depositLamports: bigint): PredictionCharge {
  return {
    stake,
    deposit: depositLamports,
    networkFee: SIGNATURE_FEE_LAMPORTS,
    total: stake + depositLamports + SIGNATURE_FEE_LAMPORTS,
  };
}
