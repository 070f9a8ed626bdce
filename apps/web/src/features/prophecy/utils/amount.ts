/**
 * The prediction amount the player types, in SOL: parsed exactly into lamports (no binary floats), and
 * checked against the program's minimum (`BetTooLow` below `MIN_BET_LAMPORTS`) and the wallet's balance.
 *
 * @module
 */

import { LAMPORTS_PER_SOL, MIN_BET_LAMPORTS, SOL_DECIMALS } from '@arcade/sdk/constants';

import { formatSol } from '../../../lib/format.ts';

const U64_MAX = 0xffff_ffff_ffff_ffffn;

/** What is wrong with an amount. */
export const AMOUNT_MESSAGES = Object.freeze({
  empty: 'Enter an amount',
  invalid: 'Enter an amount in SOL, like 0.5',
  tooPrecise: `SOL has at most ${SOL_DECIMALS} decimals`,
  tooLow: `The minimum prediction is ${formatSol(MIN_BET_LAMPORTS)}`,
  tooHigh: 'That amount is too large',
  balance: 'Not enough SOL in your wallet',
});

/**
 * A SOL amount typed by the player as lamports: digits with an optional `.` (or `,`) and at most
 * {@link SOL_DECIMALS} decimals. Null for anything else (signs, exponents, several separators).
 *
 * @example parseSol('0.25') === 250_000_000n; parseSol('1e3') === null
 */
export function parseSol(text: string): bigint | null {
  const value = text.trim().replace(',', '.');
  const match = /^(\d*)(?:\.(\d*))?$/.exec(value);
  if (match === null) return null;
  const whole = match[1] ?? '';
  const fraction = match[2] ?? '';
  if (whole === '' && fraction === '') return null;
  if (fraction.length > SOL_DECIMALS) return null;
  return BigInt(whole === '' ? '0' : whole) * LAMPORTS_PER_SOL + BigInt(fraction.padEnd(SOL_DECIMALS, '0'));
}

/**
 * Lamports as the shortest exact SOL text an input can hold (no thousands separators, no trailing zeros).
 *
 * @example solInput(1_500_000_000n) === '1.5'
 */
export function solInput(lamports: bigint): string {
  const whole = lamports / LAMPORTS_PER_SOL;
  const fraction = (lamports % LAMPORTS_PER_SOL).toString().padStart(SOL_DECIMALS, '0').replace(/0+$/, '');
  return fraction === '' ? whole.toString() : `${whole}.${fraction}`;
}

/** The checked amount, or why it cannot be sent. */
export type AmountCheck =
  { readonly ok: true; readonly lamports: bigint } | { readonly ok: false; readonly error: string };

/**
 * Checks a typed amount: a number of SOL with at most 9 decimals, at least the minimum prediction, and,
 * when the balance is known, no more than it.
 */
export function checkAmount(text: string, balance: bigint | null): AmountCheck {
  if (text.trim() === '') return { ok: false, error: AMOUNT_MESSAGES.empty };
  const lamports = parseSol(text);
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
  return { ok: true, lamports };
}
