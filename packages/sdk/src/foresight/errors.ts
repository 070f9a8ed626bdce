/**
 * Foresight's program errors (docs/foresight.md#errors, codes 6000–6015), decoded from the IDL, and the ways
 * a client gets one out of a failure: a kit `SolanaError`, an RPC `TransactionError` object, or the transaction's logs.
 *
 * The code always comes from a structured field when there is one (kit's
 * `SOLANA_ERROR__INSTRUCTION_ERROR__CUSTOM` context, or the RPC's `{ InstructionError: [i, { Custom: c }] }`),
 * never from an error's message text.
 *
 * @module
 */

import idl from '@arcade/program-foresight/idl.json' with { type: 'json' };
import type { Address } from '@solana/kit';

import type { ProgramConfig } from '../anchor/program-config.ts';
import {
  getProgramErrorFromSolanaError,
  loadProgramErrors,
  type ProgramErrorInfo,
  type ProgramErrorOptions,
  type ProgramInstructionError,
} from '../anchor/program-errors.ts';
import { getCustomErrorCodeFromLogs } from '../anchor/program-logs.ts';
import { FORESIGHT_PROGRAM_ADDRESS } from './program.ts';

/**
 * Every Foresight error code by its name (docs/foresight.md#errors). Codes are published: never change or
 * reorder.
 */
export const FORESIGHT_ERROR_CODES = Object.freeze({
  TryToSerializePriceAccount: 6000,
  PythError: 6001,
  EventUnsettled: 6002,
  EventSettled: 6003,
  EventInactive: 6004,
  BetLost: 6005,
  OverflowError: 6006,
  InvalidEventID: 6007,
  InvalidPrediction: 6008,
  EventLocked: 6009,
  BetSettled: 6010,
  EventNotLocked: 6011,
  BetUnsettled: 6012,
  EventPendingBets: 6013,
  BetTooLow: 6014,
  EventActive: 6015,
} as const);

/** A Foresight error's spec name. */
export type ForesightErrorName = keyof typeof FORESIGHT_ERROR_CODES;

/** One Foresight error, as the IDL describes it. */
export type ForesightErrorInfo = ProgramErrorInfo<ForesightErrorName>;

/** Code → {code, name, msg}, from the IDL, which must match the spec's table entry for entry. */
export const FORESIGHT_ERRORS: Readonly<Record<number, ForesightErrorInfo>> = loadProgramErrors(
  'Foresight',
  FORESIGHT_ERROR_CODES,
  idl.errors,
);

/**
 * The Foresight error with this custom code, or null for any other code (Anchor framework codes such as
 * 3010 are not Foresight's).
 *
 * @example decodeForesightError(6014)?.name === 'BetTooLow'
 */
export function decodeForesightError(code: number): ForesightErrorInfo | null {
  return FORESIGHT_ERRORS[code] ?? null;
}

/** A Foresight error with the index of the instruction that raised it. */
export type ForesightInstructionError = ProgramInstructionError<ForesightErrorInfo>;

/**
 * The Foresight error that made a transaction fail, from a kit `SolanaError` (or RPC error object).
 *
 * Custom codes are per program: pass `instructionProgramAddresses` (the program of each instruction of
 * the transaction, in order) to accept the code only when the failing instruction is Foresight's.
 * Without it, any failing instruction's code in 6000–6015 is read as Foresight's.
 *
 * @example
 * ```ts
 * try {
 *   await sendAndConfirm(tx, { commitment: 'confirmed' });
 * } catch (e) {
 *   const error = getForesightErrorFromSolanaError(e);
 *   if (error?.name === 'EventLocked') showToast('Betting on this round has closed');
 * }
 * ```
 */
export function getForesightErrorFromSolanaError(
  error: unknown,
  options: ProgramErrorOptions = {},
): ForesightInstructionError | null {
  return getProgramErrorFromSolanaError(error, decodeForesightError, FORESIGHT_PROGRAM_ADDRESS, options);
}

/**
 * The Foresight error in a failed transaction's logs (`Program <foresight> failed: custom program error:
 * 0x…`), when Foresight was the innermost program to fail. For stored transactions, where only the logs
 * and `meta.err` are at hand; prefer {@link getForesightErrorFromSolanaError} when there is an error object.
 */
export function getForesightErrorFromLogs(
  logs: readonly string[],
  config: ProgramConfig = {},
): ForesightErrorInfo | null {
  const code = getCustomErrorCodeFromLogs(logs, config.programAddress ?? FORESIGHT_PROGRAM_ADDRESS);
  return code === null ? null : decodeForesightError(code);
}

/**
 * Whether `error` is the Foresight error `name`.
 *
 * @example if (isForesightError(e, 'BetTooLow')) ...
 */
export function isForesightError(
  error: unknown,
  name: ForesightErrorName,
  options: { readonly instructionProgramAddresses?: readonly Address[] } = {},
): boolean {
  return getForesightErrorFromSolanaError(error, options)?.name === name;
}
