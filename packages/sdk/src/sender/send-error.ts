/**
 * The sender's one error type, and the decoding of RPC transaction errors into the spec's messages (§8):
 * `{ InstructionError: [N, { Custom: C }] }` → 'Error in transaction: instruction index N, custom program
 * error C' (plus ` (Name)` when the program at instruction N is known), anything else → 'Unknown RPC error'.
 *
 * @module
 */

import {
  getCompiledTransactionMessageDecoder,
  type Signature,
  type Transaction,
  type TransactionMessageBytes,
} from '@solana/kit';

import { getCustomInstructionError } from '../anchor/program-errors.ts';
import { CONFIRMATION_TIMEOUT_MS, MAX_TRANSACTION_SIZE } from '../constants.ts';
import { ERROR_MESSAGES, transactionErrorMessage } from '../messages.ts';
import type { ProgramErrorNameLookup } from './program-error-name.ts';

/** Why a send failed. */
export type TransactionSendErrorReason =
  /** Simulating it (to size its compute budget) showed it would fail: it was not signed nor sent. */
  | 'simulation'
  /** Its serialized size is over {@link MAX_TRANSACTION_SIZE}: it was not signed nor sent. */
  | 'too-large'
  /** Not confirmed within {@link CONFIRMATION_TIMEOUT_MS}. It may still land. */
  | 'timeout'
  /** Its blockhash expired before it was confirmed: it can no longer land. */
  | 'expired'
  /** It landed and failed: the fee was paid, nothing else happened. */
  | 'failed'
  /** An RPC call the send depends on failed on every endpoint. */
  | 'rpc';

/** Fields of a {@link TransactionSendError} besides its message. */
export interface TransactionSendErrorDetails {
  readonly reason: TransactionSendErrorReason;
  readonly instructionIndex?: number | null;
  readonly customCode?: number | null;
  readonly programErrorName?: string | null;
  readonly logs?: readonly string[];
  /** The transaction's signature, once it was signed. */
  readonly signature?: Signature | null;
  readonly cause?: unknown;
}

/**
 * Every failure of the sender. `message` is user-facing: the spec's text for RPC and program errors, the
 * sender's own for size, timeout and expiry (the spec gives none).
 */
export class TransactionSendError extends Error {
  readonly reason: TransactionSendErrorReason;
  /** Index of the failing instruction, for instruction errors. */
  readonly instructionIndex: number | null;
  /** The custom program error code, for custom program errors. */
  readonly customCode: number | null;
  /** The IDL name of {@link customCode} in the program at {@link instructionIndex}, when known. */
  readonly programErrorName: string | null;
  /** Program logs of the failed simulation, when there are any. */
  readonly logs: readonly string[];
  readonly signature: Signature | null;

  constructor(message: string, details: TransactionSendErrorDetails) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.name = 'TransactionSendError';
    this.reason = details.reason;
    this.instructionIndex = details.instructionIndex ?? null;
    this.customCode = details.customCode ?? null;
    this.programErrorName = details.programErrorName ?? null;
    this.logs = Object.freeze([...(details.logs ?? [])]);
    this.signature = details.signature ?? null;
  }
}

/**
 * The message of a transaction over the size limit.
 *
 * @example tooLargeMessage(1300) === 'Transaction too large: 1300 bytes (limit 1232)'
 */
export function tooLargeMessage(size: number): string {
  return `Transaction too large: ${size} bytes (limit ${MAX_TRANSACTION_SIZE})`;
}

/** The message of a transaction not confirmed in time. */
export const TIMEOUT_MESSAGE = `Transaction was not confirmed within ${CONFIRMATION_TIMEOUT_MS / 1_000} seconds`;

/** The message of a transaction whose blockhash expired unconfirmed. */
export const EXPIRED_MESSAGE = 'Transaction expired before it was confirmed';

/**
 * The program addresses of a transaction's instructions, in order, read from its message bytes (program
 * ids are always static accounts, even in a v0 message with lookup tables). Empty when the bytes do not
 * decode.
 */
export function instructionProgramAddresses(messageBytes: TransactionMessageBytes): readonly string[] {
  try {
    const compiled = getCompiledTransactionMessageDecoder().decode(messageBytes);
    const indexes =
      compiled.version === 1
        ? compiled.instructionHeaders.map((header) => header.programAccountIndex)
        : compiled.instructions.map((instruction) => instruction.programAddressIndex);
    return indexes.map((index) => compiled.staticAccounts[index] ?? '');
  } catch {
    return [];
  }
}

/** What {@link toSendError} needs besides the error. */
export interface DecodeContext {
  readonly reason: TransactionSendErrorReason;
  readonly transaction: Transaction;
  readonly programErrorName: ProgramErrorNameLookup;
  readonly logs?: readonly string[] | null;
  readonly signature?: Signature | null;
}

/**
 * A {@link TransactionSendError} for an RPC transaction error (`simulateTransaction`'s `value.err`, a
 * signature status's `err`) or a thrown kit error: the spec's instruction message, with the program error
 * name of the program at that instruction index when known, or 'Unknown RPC error'.
 */
export function toSendError(error: unknown, context: DecodeContext): TransactionSendError {
  const custom = getCustomInstructionError(error);
  const common = {
    reason: context.reason,
    logs: context.logs ?? [],
    signature: context.signature ?? null,
    cause: error,
  };
  if (custom === null) return new TransactionSendError(ERROR_MESSAGES.unknownRpcError, common);
  const program = instructionProgramAddresses(context.transaction.messageBytes)[custom.instructionIndex];
  const name = program === undefined ? null : context.programErrorName(program, custom.code);
  const message = transactionErrorMessage(custom.instructionIndex, custom.code);
  return new TransactionSendError(name === null ? message : `${message} (${name})`, {
    ...common,
    instructionIndex: custom.instructionIndex,
    customCode: custom.code,
    programErrorName: name,
  });
}
