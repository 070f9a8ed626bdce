/**
 * The record the node keeps of a landed transaction: its bytes and its status meta.
 *
 * @module
 */

import { encodeBase58, decodeBase58 } from '../wire/base58.ts';
import { bytesEqual, MEMO_PROGRAM, MEMO_V1_PROGRAM } from '../wire/program-ids.ts';
import type { BalanceSnapshot } from './account-snapshot.ts';
import type { ExecutionOutcome } from './execution-outcome.ts';
import type { LoadedTransaction } from './loaded-transaction.ts';
import type { TransactionRecord } from './transaction-index.ts';

const MEMO_PROGRAMS = [decodeBase58(MEMO_PROGRAM)!, decodeBase58(MEMO_V1_PROGRAM)!];

/** Where and when the transaction landed, and its place in the history. */
export interface LandingPlace {
  readonly sequence: number;
  readonly slot: bigint;
  readonly blockTime: number;
}

/**
 * The record of a landed transaction, and the base58 addresses of all its accounts (static, then
 * loaded writable, then loaded readonly), under which the index files it.
 */
export function recordOf(
  transaction: LoadedTransaction,
  outcome: ExecutionOutcome,
  fee: bigint,
  pre: BalanceSnapshot,
  post: BalanceSnapshot,
  place: LandingPlace,
): { record: TransactionRecord; addresses: string[] } {
  const { parsed, accountKeys } = transaction;
  const addresses = accountKeys.map((key) => encodeBase58(key));
  const staticCount = parsed.message.staticKeys.length;
  const writableCount = transaction.loaded.writable.length;
  const record: TransactionRecord = {
    ...place,
    signature: transaction.signature,
    // The parsed bytes are a view into the request; the record outlives it.
    wire: parsed.bytes.slice(),
    version: parsed.message.version,
    err: outcome.err,
    fee,
    logs: outcome.logs,
    preBalances: pre.lamports,
    postBalances: post.lamports,
    preTokenBalances: pre.tokens,
    postTokenBalances: post.tokens,
    computeUnitsConsumed: outcome.unitsConsumed,
    innerInstructions: outcome.innerInstructions,
    returnData: outcome.returnData,
    loadedAddresses: {
      writable: addresses.slice(staticCount, staticCount + writableCount),
      readonly: addresses.slice(staticCount + writableCount),
    },
    memo: memoOf(transaction),
  };
  return { record, addresses };
}

/** The validator's `memo` field: each SPL Memo instruction as `[length] text`, joined by `; `. */
function memoOf(transaction: LoadedTransaction): string | null {
  const { message } = transaction.parsed;
  const memos: string[] = [];
  for (const instruction of message.instructions) {
    const program = message.staticKeys[instruction.programIdIndex];
    if (!program || !MEMO_PROGRAMS.some((memo) => bytesEqual(program, memo))) continue;
    let text: string;
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(instruction.data);
    } catch {
      text = '(unparseable)';
    }
    memos.push(`[${instruction.data.length}] ${text}`);
  }
  return memos.length > 0 ? memos.join('; ') : null;
}
