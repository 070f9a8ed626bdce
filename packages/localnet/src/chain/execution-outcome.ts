/**
 * LiteSVM's result objects turned into plain data: error JSON, logs, compute units, inner instructions
 * and return data. Reading a field of a binding object crosses into native code, so each is read once.
 *
 * @module
 */

import {
  FailedTransactionMetadata,
  type SimulatedTransactionInfo,
  type TransactionMetadata,
} from 'litesvm/dist/internal.js';

import { encodeBase58 } from '../wire/base58.ts';
import { transactionErrorJson, type TransactionErrorJson } from '../wire/transaction-error.ts';
import type { InnerInstructionRecord } from './transaction-index.ts';

/** What executing (or simulating) a transaction produced. */
export interface ExecutionOutcome {
  readonly err: TransactionErrorJson | null;
  readonly logs: string[];
  readonly unitsConsumed: bigint;
  readonly innerInstructions: { index: number; instructions: InnerInstructionRecord[] }[];
  readonly returnData: { readonly programId: string; readonly data: Uint8Array } | null;
}

/** The error and metadata of a send or simulate result. */
export function outcomeOf(
  result: TransactionMetadata | FailedTransactionMetadata | SimulatedTransactionInfo,
): ExecutionOutcome {
  let meta: TransactionMetadata;
  let err: TransactionErrorJson | null = null;
  if (result instanceof FailedTransactionMetadata) {
    err = transactionErrorJson(result.err());
    meta = result.meta();
  } else if ('meta' in result) {
    meta = result.meta();
  } else {
    meta = result;
  }
  const logs = meta.logs();
  // Reading inner instructions and return data crosses into native code; the logs say whether there are
  // any: every cross-program call logs `invoke [2]` or deeper, and return data logs `Program return:`.
  // Truncated logs prove nothing, so then both are read.
  const truncated = logs.includes('Log truncated');
  const hasInner =
    truncated ||
    logs.some((line) => line.endsWith(']') && !line.endsWith(' invoke [1]') && line.includes(' invoke ['));
  const hasReturn = truncated || logs.some((line) => line.startsWith('Program return: '));
  const innerInstructions: ExecutionOutcome['innerInstructions'] = [];
  const groups = hasInner ? meta.innerInstructions() : [];
  for (let index = 0; index < groups.length; index++) {
    const group = groups[index]!;
    if (group.length === 0) continue;
    innerInstructions.push({
      index,
      instructions: group.map((inner) => {
        const compiled = inner.instruction();
        return {
          programIdIndex: compiled.programIdIndex(),
          accounts: [...compiled.accounts()],
          data: compiled.data(),
          stackHeight: inner.stackHeight(),
        };
      }),
    });
  }
  let returnData: ExecutionOutcome['returnData'] = null;
  if (hasReturn) {
    const returned = meta.returnData();
    const data = returned.data();
    if (data.length > 0) returnData = { programId: encodeBase58(returned.programId()), data };
  }
  return { err, logs, unitsConsumed: meta.computeUnitsConsumed(), innerInstructions, returnData };
}
