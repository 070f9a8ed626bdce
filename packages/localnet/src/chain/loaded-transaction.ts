/**
 * A transaction checked the way the validator sanitizes one before it will even simulate it: well-formed
 * message, one signature per signer, no account listed twice, and every lookup resolvable.
 *
 * @module
 */

import { encodeBase58 } from '../wire/base58.ts';
import { bytesEqual } from '../wire/program-ids.ts';
import {
  resolveLookups,
  LookupError,
  type LoadedAddresses,
  type LookupTableAccount,
} from '../wire/lookup-table.ts';
import type { TransactionErrorName } from '../wire/transaction-error.ts';
import {
  isSanitaryTransaction,
  isStaticKeyWritable,
  type ParsedTransaction,
} from '../wire/wire-transaction.ts';

/** A transaction the runtime refuses before running it; the RPC reports it as `invalid transaction`. */
export class TransactionRejected extends Error {
  override readonly name = 'TransactionRejected';
  readonly error: TransactionErrorName;
  constructor(error: TransactionErrorName) {
    super(error);
    this.error = error;
  }
}

/** A sanitized transaction with its lookups resolved. */
export interface LoadedTransaction {
  readonly parsed: ParsedTransaction;
  /** The first signature, base58: the transaction's id. */
  readonly signature: string;
  readonly blockhash: string;
  /** Static keys, then loaded writable, then loaded readonly: the order of balances in the meta. */
  readonly accountKeys: readonly Uint8Array[];
  readonly loaded: LoadedAddresses;
}

/**
 * Sanitizes `parsed` and resolves its lookups as of `currentSlot`.
 *
 * @throws TransactionRejected with the error the validator would name.
 */
export function loadTransaction(
  parsed: ParsedTransaction,
  currentSlot: bigint,
  account: (address: Uint8Array) => LookupTableAccount | null,
): LoadedTransaction {
  if (!isSanitaryTransaction(parsed)) throw new TransactionRejected('SanitizeFailure');
  let loaded: LoadedAddresses;
  try {
    loaded = resolveLookups(parsed.message, currentSlot, account);
  } catch (error) {
    if (error instanceof LookupError) throw new TransactionRejected(error.error);
    throw error;
  }
  const accountKeys = [...parsed.message.staticKeys, ...loaded.writable, ...loaded.readonly];
  if (hasDuplicates(accountKeys)) throw new TransactionRejected('AccountLoadedTwice');
  return {
    parsed,
    signature: encodeBase58(parsed.signatures[0]!),
    blockhash: encodeBase58(parsed.message.recentBlockhash),
    accountKeys,
    loaded,
  };
}

function hasDuplicates(keys: readonly Uint8Array[]): boolean {
  // Pairwise comparison settles on the first byte for almost every pair; at most 256 keys.
  for (let i = 1; i < keys.length; i++) {
    for (let j = 0; j < i; j++) if (bytesEqual(keys[i]!, keys[j]!)) return true;
  }
  return false;
}

/** Whether account `index` of the loaded transaction is write-locked. */
export function isWritable(transaction: LoadedTransaction, index: number): boolean {
  const staticCount = transaction.parsed.message.staticKeys.length;
  if (index < staticCount) return isStaticKeyWritable(transaction.parsed.message, index);
  return index < staticCount + transaction.loaded.writable.length;
}
