/**
 * Foresight's program errors (spec §8, codes 6000–6015), decoded from the IDL, and the ways a client gets
 * one out of a failure: a kit `SolanaError`, an RPC `TransactionError` object, or the transaction's logs.
 *
 * The code always comes from a structured field when there is one (kit's
 * `SOLANA_ERROR__INSTRUCTION_ERROR__CUSTOM` context, or the RPC's `{ InstructionError: [i, { Custom: c }] }`),
 * never from an error's message text.
 *
 * @module
 */

import idl from '@arcade/program-foresight/idl.json' with { type: 'json' };
import { isSolanaError, SOLANA_ERROR__INSTRUCTION_ERROR__CUSTOM, type Address } from '@solana/kit';

import { getCustomErrorCodeFromLogs } from '../anchor/program-logs.ts';
import { FORESIGHT_PROGRAM_ADDRESS } from './program.ts';

/** Every Foresight error code by its spec name (spec §8). Codes are published: never change or reorder. */
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
export interface ForesightErrorInfo {
  readonly code: number;
  readonly name: ForesightErrorName;
  /** The IDL's developer-facing message (spec §8 leaves user-facing text open). */
  readonly msg: string;
}

function isForesightErrorName(name: string): name is ForesightErrorName {
  return Object.hasOwn(FORESIGHT_ERROR_CODES, name);
}

function loadErrors(): Readonly<Record<number, ForesightErrorInfo>> {
  const table: Record<number, ForesightErrorInfo> = {};
  for (const { code, name, msg } of idl.errors) {
    // The IDL and the spec's codes must agree; a drift is a build error, not a wrong toast.
    if (!isForesightErrorName(name) || FORESIGHT_ERROR_CODES[name] !== code) {
      throw new Error(`Foresight IDL error ${code} ${name} is not the spec's`);
    }
    table[code] = Object.freeze({ code, name, msg });
  }
  return Object.freeze(table);
}

/** Code → {code, name, msg}, from the IDL. */
export const FORESIGHT_ERRORS: Readonly<Record<number, ForesightErrorInfo>> = loadErrors();

/**
 * The Foresight error with this custom code, or null for any other code (Anchor framework codes such as
 * 3010 are not Foresight's).
 *
 * @example decodeForesightError(6014)?.name === 'BetTooLow'
 */
export function decodeForesightError(code: number): ForesightErrorInfo | null {
  return FORESIGHT_ERRORS[code] ?? null;
}

/** A custom program error raised by one instruction of a transaction. */
export interface CustomInstructionError {
  /** Index of the failing instruction in the transaction. */
  readonly instructionIndex: number;
  readonly code: number;
}

const MAX_CAUSE_DEPTH = 8;

/**
 * The custom program error inside `error`, from structured fields only:
 * - a kit `SolanaError` with code `SOLANA_ERROR__INSTRUCTION_ERROR__CUSTOM` (its `context.index` and
 *   `context.code`), found on the error itself or down its `cause` chain (a preflight failure or a failed
 *   send wraps it);
 * - an RPC `TransactionError` object `{ InstructionError: [index, { Custom: code }] }` (numbers or bigints),
 *   as in `simulateTransaction`'s `value.err` or `getTransaction`'s `meta.err`.
 *
 * Null when there is none.
 */
export function getCustomInstructionError(error: unknown): CustomInstructionError | null {
  let current: unknown = error;
  for (let depth = 0; depth < MAX_CAUSE_DEPTH && current != null; depth++) {
    if (isSolanaError(current, SOLANA_ERROR__INSTRUCTION_ERROR__CUSTOM)) {
      return { instructionIndex: current.context.index, code: current.context.code };
    }
    const fromRpc = fromTransactionErrorObject(current);
    if (fromRpc !== null) return fromRpc;
    current = current instanceof Error ? current.cause : undefined;
  }
  return null;
}

function fromTransactionErrorObject(value: unknown): CustomInstructionError | null {
  if (typeof value !== 'object' || value === null || !('InstructionError' in value)) return null;
  const instructionError: unknown = value.InstructionError;
  if (!Array.isArray(instructionError) || instructionError.length !== 2) return null;
  const [index, inner] = instructionError as [unknown, unknown];
  if (typeof inner !== 'object' || inner === null || !('Custom' in inner)) return null;
  const code = toSafeInteger(inner.Custom);
  const instructionIndex = toSafeInteger(index);
  return code === null || instructionIndex === null ? null : { instructionIndex, code };
}

function toSafeInteger(value: unknown): number | null {
  if (typeof value === 'number') return Number.isSafeInteger(value) ? value : null;
  if (typeof value === 'bigint') return value >= 0n && value <= 0xffff_ffffn ? Number(value) : null;
  return null;
}

/** A Foresight error with the index of the instruction that raised it. */
export interface ForesightInstructionError extends ForesightErrorInfo {
  readonly instructionIndex: number;
}

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
  options: {
    readonly instructionProgramAddresses?: readonly Address[];
    readonly programAddress?: Address;
  } = {},
): ForesightInstructionError | null {
  const custom = getCustomInstructionError(error);
  if (custom === null) return null;
  const programs = options.instructionProgramAddresses;
  if (programs !== undefined) {
    const expected = options.programAddress ?? FORESIGHT_PROGRAM_ADDRESS;
    if (programs[custom.instructionIndex] !== expected) return null;
  }
  const info = decodeForesightError(custom.code);
  return info === null ? null : { ...info, instructionIndex: custom.instructionIndex };
}

/**
 * The Foresight error in a failed transaction's logs (`Program <foresight> failed: custom program error:
 * 0x…`), when Foresight was the innermost program to fail. For stored transactions, where only the logs
 * and `meta.err` are at hand; prefer {@link getForesightErrorFromSolanaError} when there is an error object.
 */
export function getForesightErrorFromLogs(
  logs: readonly string[],
  config: { readonly programAddress?: Address } = {},
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
