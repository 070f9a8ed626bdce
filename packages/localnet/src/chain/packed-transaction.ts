/**
 * How the history keeps a landed transaction: the few fields that status and address queries read, as
 * they are, and everything else (its bytes, logs, balances, inner instructions…) in one deflated buffer
 * that only `getTransaction` opens. A decoded record is a few dozen objects (strings, bigints, arrays);
 * packed it is one buffer of a few hundred bytes, so the bounded history costs little memory.
 *
 * Buffer layout before deflating: u32 little-endian length of the wire transaction, the wire
 * transaction, then UTF-8 JSON of the other fields (u64s as decimal strings, bytes as base64).
 *
 * @module
 */

import { deflateRawSync, inflateRawSync } from 'node:zlib';

import type { TransactionErrorJson } from '../wire/transaction-error.ts';
import type { InnerInstructionRecord, TokenBalanceRecord, TransactionRecord } from './transaction-index.ts';

/** What `getSignatureStatuses` and `getSignaturesForAddress` answer from, without unpacking. */
export interface TransactionSummary {
  /** Position in the node's history, from 0. */
  readonly sequence: number;
  readonly signature: string;
  readonly slot: bigint;
  readonly blockTime: number;
  readonly err: TransactionErrorJson | null;
  /** The memos of SPL Memo instructions, formatted as the validator does, or `null`. */
  readonly memo: string | null;
}

/** A kept transaction: its summary, and the rest of its record deflated. */
export interface PackedTransactionRecord extends TransactionSummary {
  /** The rest of the {@link TransactionRecord}, see the module's layout; its own exact-size buffer. */
  readonly packed: Uint8Array;
}

type TokenBalanceJson = Omit<TokenBalanceRecord, 'amount'> & { readonly amount: string };

/** The JSON part of a packed record. */
interface DetailJson {
  readonly version: 'legacy' | 0;
  readonly fee: string;
  readonly logs: readonly string[];
  readonly preBalances: readonly string[];
  readonly postBalances: readonly string[];
  readonly preTokenBalances: readonly TokenBalanceJson[];
  readonly postTokenBalances: readonly TokenBalanceJson[];
  readonly computeUnitsConsumed: string;
  readonly innerInstructions: readonly {
    readonly index: number;
    readonly instructions: readonly {
      readonly programIdIndex: number;
      readonly accounts: readonly number[];
      readonly data: string;
      readonly stackHeight: number;
    }[];
  }[];
  readonly returnData: { readonly programId: string; readonly data: string } | null;
  readonly loadedAddresses: { readonly writable: readonly string[]; readonly readonly: readonly string[] };
}

const base64 = (bytes: Uint8Array): string =>
  Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');
const fromBase64 = (text: string): Uint8Array => Uint8Array.from(Buffer.from(text, 'base64'));

/** Whether `record` is already packed (a history saved by this node) or a full record (an older save). */
export function isPacked(
  record: TransactionRecord | PackedTransactionRecord,
): record is PackedTransactionRecord {
  return (record as Partial<PackedTransactionRecord>).packed instanceof Uint8Array;
}

/** `record` as the history keeps it. */
export function packRecord(record: TransactionRecord): PackedTransactionRecord {
  const detail: DetailJson = {
    version: record.version,
    fee: record.fee.toString(),
    logs: record.logs,
    preBalances: record.preBalances.map(String),
    postBalances: record.postBalances.map(String),
    preTokenBalances: record.preTokenBalances.map(tokenBalanceJson),
    postTokenBalances: record.postTokenBalances.map(tokenBalanceJson),
    computeUnitsConsumed: record.computeUnitsConsumed.toString(),
    innerInstructions: record.innerInstructions.map(({ index, instructions }) => ({
      index,
      instructions: instructions.map(({ programIdIndex, accounts, data, stackHeight }) => ({
        programIdIndex,
        accounts,
        data: base64(data),
        stackHeight,
      })),
    })),
    returnData:
      record.returnData === null
        ? null
        : { programId: record.returnData.programId, data: base64(record.returnData.data) },
    loadedAddresses: record.loadedAddresses,
  };
  const json = Buffer.from(JSON.stringify(detail));
  const raw = Buffer.allocUnsafe(4 + record.wire.length + json.length);
  raw.writeUInt32LE(record.wire.length, 0);
  raw.set(record.wire, 4);
  raw.set(json, 4 + record.wire.length);
  // zlib may hand back a view into a larger chunk: copy, so each record holds only its own bytes.
  const packed = new Uint8Array(deflateRawSync(raw));
  return {
    sequence: record.sequence,
    signature: record.signature,
    slot: record.slot,
    blockTime: record.blockTime,
    err: record.err,
    memo: record.memo,
    packed,
  };
}

/**
 * The full record of a packed one.
 *
 * @throws Error when the packed bytes are damaged.
 */
export function unpackRecord(record: PackedTransactionRecord): TransactionRecord {
  const raw = inflateRawSync(record.packed);
  const wireLength = raw.readUInt32LE(0);
  const wire = Uint8Array.from(raw.subarray(4, 4 + wireLength));
  const detail = JSON.parse(raw.subarray(4 + wireLength).toString('utf8')) as DetailJson;
  return {
    sequence: record.sequence,
    signature: record.signature,
    slot: record.slot,
    blockTime: record.blockTime,
    wire,
    version: detail.version,
    err: record.err,
    fee: BigInt(detail.fee),
    logs: detail.logs,
    preBalances: detail.preBalances.map(BigInt),
    postBalances: detail.postBalances.map(BigInt),
    preTokenBalances: detail.preTokenBalances.map(tokenBalanceRecord),
    postTokenBalances: detail.postTokenBalances.map(tokenBalanceRecord),
    computeUnitsConsumed: BigInt(detail.computeUnitsConsumed),
    innerInstructions: detail.innerInstructions.map(({ index, instructions }) => ({
      index,
      instructions: instructions.map(
        ({ programIdIndex, accounts, data, stackHeight }): InnerInstructionRecord => ({
          programIdIndex,
          accounts,
          data: fromBase64(data),
          stackHeight,
        }),
      ),
    })),
    returnData:
      detail.returnData === null
        ? null
        : { programId: detail.returnData.programId, data: fromBase64(detail.returnData.data) },
    loadedAddresses: detail.loadedAddresses,
    memo: record.memo,
  };
}

function tokenBalanceJson(balance: TokenBalanceRecord): TokenBalanceJson {
  return { ...balance, amount: balance.amount.toString() };
}

function tokenBalanceRecord(balance: TokenBalanceJson): TokenBalanceRecord {
  return { ...balance, amount: BigInt(balance.amount) };
}
