/**
 * The checks a server-built transaction passes before the wallet is asked to sign it. Wallets show users
 * little of what they sign, so the app refuses anything but what it asked the server for: the connected
 * wallet pays the fee, only its signature is missing, it fits the wire limit, and it only calls the
 * programs the caller expects.
 *
 * @module
 */

import { MAX_TRANSACTION_SIZE } from '@arcade/sdk/constants';
import { ERROR_MESSAGES } from '@arcade/sdk/messages';
import {
  getBase64Encoder,
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder,
  type Address,
  type CompiledTransactionMessage,
  type Transaction,
} from '@solana/kit';

/** What a server-built transaction may do, as its caller knows it. */
export interface TransactionPolicy {
  /** Every instruction's program must be one of these. */
  readonly programs: readonly Address[];
}

/** Why a transaction was refused (logged; the user sees {@link ERROR_MESSAGES.invalidTransaction}). */
export class InvalidTransactionError extends Error {
  override readonly name = 'InvalidTransactionError';
  /** What failed, for the console. */
  readonly reason: string;

  constructor(reason: string) {
    super(ERROR_MESSAGES.invalidTransaction);
    this.reason = reason;
  }
}

function decodeWire(base64: string): { transaction: Transaction; size: number } {
  let bytes: Uint8Array;
  try {
    bytes = Uint8Array.from(getBase64Encoder().encode(base64));
  } catch {
    throw new InvalidTransactionError('not base64');
  }
  let decoded: readonly [Transaction, number];
  try {
    decoded = getTransactionDecoder().read(bytes, 0);
  } catch {
    throw new InvalidTransactionError('not a wire transaction');
  }
  // Trailing bytes would be sent along by nobody: the wire form must be exactly the transaction.
  if (decoded[1] !== bytes.length) throw new InvalidTransactionError('trailing bytes');
  // The wire form holds a 64-byte slot for every signature, missing ones included: this is its final size.
  return { transaction: decoded[0], size: bytes.length };
}

/**
 * Decodes a base64 wire transaction and checks it for `feePayer` (see the module comment).
 *
 * @throws InvalidTransactionError (message: ERROR_MESSAGES.invalidTransaction) when any check fails.
 * @example const transaction = checkServerTransaction(issued.transaction, address, { programs: [TOKEN] });
 */
export function checkServerTransaction(
  base64: string,
  feePayer: Address,
  policy: TransactionPolicy | undefined,
): Transaction {
  const { transaction, size } = decodeWire(base64);
  if (size > MAX_TRANSACTION_SIZE) throw new InvalidTransactionError(`${size} bytes`);
  let message: CompiledTransactionMessage;
  try {
    message = getCompiledTransactionMessageDecoder().decode(transaction.messageBytes);
  } catch {
    throw new InvalidTransactionError('unreadable message');
  }
  // Version 1 messages are not live on the clusters the app uses; the server builds legacy or v0.
  if (message.version === 1) throw new InvalidTransactionError('version 1 message');
  const payer = message.staticAccounts[0];
  if (payer !== feePayer) throw new InvalidTransactionError(`fee payer ${String(payer)}`);
  const missing = Object.entries(transaction.signatures)
    .filter(([, signature]) => signature === null)
    .map(([signer]) => signer);
  if (missing.length !== 1 || missing[0] !== feePayer) {
    throw new InvalidTransactionError(`missing signatures: ${missing.join(', ') || 'none'}`);
  }
  if (policy !== undefined) {
    const allowed = new Set<string>(policy.programs);
    for (const instruction of message.instructions) {
      // Programs are never loaded from lookup tables, so a valid index is a static account.
      const program = message.staticAccounts[instruction.programAddressIndex];
      if (program === undefined || !allowed.has(program)) {
        throw new InvalidTransactionError(`program ${String(program)}`);
      }
    }
  }
  return transaction;
}
