/**
 * The sender's one error type, and the decoding of RPC transaction errors into the messages of
 * docs/reference/strings.md#bets-and-the-chain:
 * `{ InstructionError: [N, { Custom: C }] }` → 'Error in transaction: instruction index N, custom program
 * error C' (plus ` (Name)` when the program at instruction N is known), anything else → 'Unknown RPC error'.
 *
 * @module
 */

import {
  getCompiledTransactionMessageDecoder,
  isSolanaError,
  SOLANA_ERROR__JSON_RPC__INVALID_PARAMS,
  SOLANA_ERROR__JSON_RPC__SERVER_ERROR_SEND_TRANSACTION_PREFLIGHT_FAILURE,
  SOLANA_ERROR__JSON_RPC__SERVER_ERROR_TRANSACTION_PRECOMPILE_VERIFICATION_FAILURE,
  SOLANA_ERROR__JSON_RPC__SERVER_ERROR_TRANSACTION_SIGNATURE_LEN_MISMATCH,
  SOLANA_ERROR__JSON_RPC__SERVER_ERROR_TRANSACTION_SIGNATURE_VERIFICATION_FAILURE,
  SOLANA_ERROR__JSON_RPC__SERVER_ERROR_UNSUPPORTED_TRANSACTION_VERSION,
  SOLANA_ERROR__TRANSACTION_ERROR__ALREADY_PROCESSED,
  SOLANA_ERROR__TRANSACTION_ERROR__BLOCKHASH_NOT_FOUND,
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
  /**
   * Every RPC asked refused the transaction itself ({@link isTransactionRefusal}): it was not accepted and
   * cannot land, so the user may safely try again.
   */
  | 'rejected'
  /** An RPC call needed before signing (the blockhash) failed on every endpoint: nothing was sent. */
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

/**
 * JSON-RPC errors by which a node says it did not take the transaction because of the transaction itself
 * (the validator's `sendTransaction` returns them before handing the bytes on): the bytes do not decode
 * or sanitize (-32602, e.g. 'invalid transaction: …'), a signature does not verify (-32003), a precompile
 * check fails (-32006), the signature count does not match (-32013), the version is unsupported (-32015),
 * or the preflight simulation failed (-32002, see {@link isTransactionRefusal}).
 */
const REFUSAL_CODES: ReadonlySet<number> = new Set([
  SOLANA_ERROR__JSON_RPC__INVALID_PARAMS,
  SOLANA_ERROR__JSON_RPC__SERVER_ERROR_SEND_TRANSACTION_PREFLIGHT_FAILURE,
  SOLANA_ERROR__JSON_RPC__SERVER_ERROR_TRANSACTION_SIGNATURE_VERIFICATION_FAILURE,
  SOLANA_ERROR__JSON_RPC__SERVER_ERROR_TRANSACTION_PRECOMPILE_VERIFICATION_FAILURE,
  SOLANA_ERROR__JSON_RPC__SERVER_ERROR_TRANSACTION_SIGNATURE_LEN_MISMATCH,
  SOLANA_ERROR__JSON_RPC__SERVER_ERROR_UNSUPPORTED_TRANSACTION_VERSION,
]);

/**
 * Whether a failed `sendTransaction` proves that the node refused the transaction itself, so it was not
 * forwarded to any leader. Only kit's `SolanaError`s for the JSON-RPC codes in {@link REFUSAL_CODES} do,
 * except a preflight failure whose cause is `AlreadyProcessed` (it has landed) or `BlockhashNotFound` (the
 * node is behind; the blockhash may be valid on the cluster).
 *
 * Everything else leaves the transaction's fate unknown: a network error, a timeout, an HTTP 429 or 5xx
 * from a proxy, -32603 internal error, -32005 node unhealthy, … The request may have reached a node that
 * forwarded it, so it may still land.
 */
export function isTransactionRefusal(error: unknown): boolean {
  if (!isSolanaError(error) || !REFUSAL_CODES.has(error.context.__code)) return false;
  if (!isSolanaError(error, SOLANA_ERROR__JSON_RPC__SERVER_ERROR_SEND_TRANSACTION_PREFLIGHT_FAILURE)) {
    return true;
  }
  const cause = error.cause;
  return !(
    isSolanaError(cause, SOLANA_ERROR__TRANSACTION_ERROR__ALREADY_PROCESSED) ||
    isSolanaError(cause, SOLANA_ERROR__TRANSACTION_ERROR__BLOCKHASH_NOT_FOUND)
  );
}

/** The program logs a refusal carries (a preflight failure's simulation logs), if any. */
export function refusalLogs(error: unknown): readonly string[] {
  if (!isSolanaError(error, SOLANA_ERROR__JSON_RPC__SERVER_ERROR_SEND_TRANSACTION_PREFLIGHT_FAILURE))
    return [];
  const { logs } = error.context;
  return Array.isArray(logs) ? logs.filter((line): line is string => typeof line === 'string') : [];
}
