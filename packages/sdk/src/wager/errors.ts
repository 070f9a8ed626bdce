/**
 * Wager's program errors (docs/wager.md#where-each-error-is-raised: codes 6000–6013, and 6014–6020 of the
 * trust model, `docs/trust.md`), decoded from the IDL, and the ways a client
 * gets one out of a failure: a kit `SolanaError`, an RPC `TransactionError` object, or the transaction's
 * logs. Where each is raised: `docs/wager.md`.
 *
 * @module
 */

import idl from '@arcade/program-wager/idl.json' with { type: 'json' };

import type { ProgramConfig } from '../anchor/program-config.ts';
import {
  getProgramErrorFromSolanaError,
  loadProgramErrors,
  type ProgramErrorInfo,
  type ProgramErrorOptions,
  type ProgramInstructionError,
} from '../anchor/program-errors.ts';
import { getCustomErrorCodeFromLogs } from '../anchor/program-logs.ts';
import { WAGER_PROGRAM_ADDRESS } from './program.ts';

/**
 * Every Wager error code by its name: 6000–6013, then the trust model's 6014–6020. Codes are
 * published: never change or reorder.
 */
export const WAGER_ERROR_CODES = Object.freeze({
  InvalidMarketplace: 6000,
  InvalidOdds: 6001,
  InvalidListingPrice: 6002,
  BetNotOpen: 6003,
  BetNotWon: 6004,
  BetNotAvailable: 6005,
  InvalidReferral: 6006,
  InvalidMarket: 6007,
  MarketClosed: 6008,
  InvalidPrediction: 6009,
  OverflowError: 6010,
  BetTooLow: 6011,
  InvalidReferrer: 6012,
  BetOnChain: 6013,
  InvalidSeed: 6014,
  RevealOutOfOrder: 6015,
  RefundTooEarly: 6016,
  NoSeedCommitted: 6017,
  SlotHashUnavailable: 6018,
  MarketNotOverdue: 6019,
  SeedChainInUse: 6020,
} as const);

/** A Wager error's spec name. */
export type WagerErrorName = keyof typeof WAGER_ERROR_CODES;

/** One Wager error, as the IDL describes it. */
export type WagerErrorInfo = ProgramErrorInfo<WagerErrorName>;

/**
 * Code → {code, name, msg}, from the IDL. Importing this module throws if the IDL's errors are not the
 * spec's, entry for entry and in order.
 */
export const WAGER_ERRORS: Readonly<Record<number, WagerErrorInfo>> = loadProgramErrors(
  'Wager',
  WAGER_ERROR_CODES,
  idl.errors,
);

/**
 * The Wager error with this custom code, or null for any other code (Anchor framework codes such as 2006
 * are not Wager's).
 *
 * @example decodeWagerError(6005)?.name === 'BetNotAvailable'
 */
export function decodeWagerError(code: number): WagerErrorInfo | null {
  return WAGER_ERRORS[code] ?? null;
}

/** A Wager error with the index of the instruction that raised it. */
export type WagerInstructionError = ProgramInstructionError<WagerErrorInfo>;

/**
 * The Wager error that made a transaction fail, from a kit `SolanaError` (or RPC error object).
 *
 * Custom codes are per program, and Foresight's use the same range: pass `instructionProgramAddresses` (the
 * program of each instruction of the transaction, in order) to accept the code only when the failing
 * instruction is Wager's. Without it, any failing instruction's code in 6000–6020 is read as Wager's.
 *
 * @example
 * ```ts
 * try {
 *   await sendAndConfirm(tx, { commitment: 'confirmed' });
 * } catch (e) {
 *   const error = getWagerErrorFromSolanaError(e, { instructionProgramAddresses });
 *   if (error?.name === 'BetNotAvailable') showToast('Claim or finish your last bet first');
 * }
 * ```
 */
export function getWagerErrorFromSolanaError(
  error: unknown,
  options: ProgramErrorOptions = {},
): WagerInstructionError | null {
  return getProgramErrorFromSolanaError(error, decodeWagerError, WAGER_PROGRAM_ADDRESS, options);
}

/**
 * The Wager error in a failed transaction's logs (`Program <wager> failed: custom program error: 0x…`), when
 * Wager was the innermost program to fail. For stored transactions, where only the logs and `meta.err` are
 * at hand; prefer {@link getWagerErrorFromSolanaError} when there is an error object.
 */
export function getWagerErrorFromLogs(
  logs: readonly string[],
  config: ProgramConfig = {},
): WagerErrorInfo | null {
  const code = getCustomErrorCodeFromLogs(logs, config.programAddress ?? WAGER_PROGRAM_ADDRESS);
  return code === null ? null : decodeWagerError(code);
}

/**
 * Whether `error` is the Wager error `name`.
 *
 * @example if (isWagerError(e, 'BetTooLow')) ...
 */
export function isWagerError(
  error: unknown,
  name: WagerErrorName,
  options: ProgramErrorOptions = {},
): boolean {
  return getWagerErrorFromSolanaError(error, options)?.name === name;
}
