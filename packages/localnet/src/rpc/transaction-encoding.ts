/**
 * A landed transaction in the shape of the validator's `getTransaction` result, in `json`, `jsonParsed`,
 * `base64`, `base58` or legacy `binary` encoding, with its status meta.
 *
 * `jsonParsed` lists account keys with their signer/writable/source flags, but leaves every instruction
 * partially decoded (program, accounts, data): the node has no instruction parsers, so it answers as the
 * validator does for a program it cannot parse.
 *
 * @module
 */

import type { TokenBalanceRecord, TransactionRecord } from '../chain/transaction-index.ts';
import { encodeBase58 } from '../wire/base58.ts';
import { uiTokenAmount } from '../wire/spl-token.ts';
import type { TransactionErrorJson } from '../wire/transaction-error.ts';
import { isStaticKeyWritable, parseTransaction, type ParsedMessage } from '../wire/wire-transaction.ts';
import { invalidParams, RpcError, RpcErrorCode, u64 } from './json-rpc.ts';
import { describe } from './params.ts';

/** An encoding of getTransaction. */
export type TransactionEncoding = 'json' | 'jsonParsed' | 'base64' | 'base58' | 'binary';

const ENCODINGS: readonly string[] = ['binary', 'base64', 'base58', 'json', 'jsonParsed'];

/** Reads getTransaction's `encoding` (default `json`). */
export function transactionResultEncodingParam(value: unknown): TransactionEncoding {
  if (value === undefined || value === null) return 'json';
  if (typeof value !== 'string' || !ENCODINGS.includes(value)) {
    throw invalidParams(
      `Invalid params: ${typeof value === 'string' ? `unknown variant \`${value}\`` : `invalid type: ${describe(value)}`}, expected one of \`binary\`, \`base64\`, \`base58\`, \`json\`, \`jsonParsed\`.`,
    );
  }
  return value as TransactionEncoding;
}

/** `{ Ok: null }` or `{ Err: error }`: the deprecated `status` field the validator still sends. */
export function statusOf(err: TransactionErrorJson | null): unknown {
  return err === null ? { Ok: null } : { Err: err };
}

function tokenBalances(balances: readonly TokenBalanceRecord[]): unknown[] {
  return balances.map((balance) => ({
    accountIndex: balance.accountIndex,
    mint: balance.mint,
    owner: balance.owner,
    programId: balance.programId,
    uiTokenAmount: uiTokenAmount(balance.amount, balance.decimals),
  }));
}

function base64(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');
}

function metaOf(
  record: TransactionRecord,
  keys: readonly string[],
  parsed: boolean,
): Record<string, unknown> {
  const meta: Record<string, unknown> = {
    computeUnitsConsumed: u64(record.computeUnitsConsumed),
    err: record.err,
    fee: u64(record.fee),
    innerInstructions: record.innerInstructions.map(({ index, instructions }) => ({
      index,
      instructions: instructions.map((inner) =>
        parsed
          ? {
              accounts: inner.accounts.map((account) => keys[account]),
              data: encodeBase58(inner.data),
              programId: keys[inner.programIdIndex],
              stackHeight: inner.stackHeight,
            }
          : {
              accounts: inner.accounts,
              data: encodeBase58(inner.data),
              programIdIndex: inner.programIdIndex,
              stackHeight: inner.stackHeight,
            },
      ),
    })),
    loadedAddresses: { readonly: record.loadedAddresses.readonly, writable: record.loadedAddresses.writable },
    logMessages: record.logs,
    postBalances: record.postBalances.map(u64),
    postTokenBalances: tokenBalances(record.postTokenBalances),
    preBalances: record.preBalances.map(u64),
    preTokenBalances: tokenBalances(record.preTokenBalances),
    rewards: [],
    status: statusOf(record.err),
  };
  // The validator leaves `loadedAddresses` out of jsonParsed metas (the keys list carries them).
  if (parsed) delete meta.loadedAddresses;
  if (record.returnData) {
    meta.returnData = {
      data: [base64(record.returnData.data), 'base64'],
      programId: record.returnData.programId,
    };
  }
  return meta;
}

function lookupsOf(message: ParsedMessage): unknown[] {
  return message.lookups.map((lookup) => ({
    accountKey: encodeBase58(lookup.accountKey),
    readonlyIndexes: [...lookup.readonlyIndexes],
    writableIndexes: [...lookup.writableIndexes],
  }));
}

function jsonTransaction(record: TransactionRecord, keys: readonly string[], parsed: boolean): unknown {
  const transaction = parseTransaction(record.wire);
  const { message } = transaction;
  const staticCount = message.staticKeys.length;
  const writableLoaded = record.loadedAddresses.writable.length;
  const body: Record<string, unknown> = { recentBlockhash: encodeBase58(message.recentBlockhash) };
  if (parsed) {
    body.accountKeys = keys.map((pubkey, index) => ({
      pubkey,
      signer: index < message.header.numRequiredSignatures,
      source: index < staticCount ? 'transaction' : 'lookupTable',
      writable:
        index < staticCount ? isStaticKeyWritable(message, index) : index < staticCount + writableLoaded,
    }));
    body.instructions = message.instructions.map((instruction) => ({
      accounts: [...instruction.accounts].map((account) => keys[account]),
      data: encodeBase58(instruction.data),
      programId: keys[instruction.programIdIndex],
      stackHeight: null,
    }));
  } else {
    body.accountKeys = keys.slice(0, staticCount);
    body.header = {
      numReadonlySignedAccounts: message.header.numReadonlySignedAccounts,
      numReadonlyUnsignedAccounts: message.header.numReadonlyUnsignedAccounts,
      numRequiredSignatures: message.header.numRequiredSignatures,
    };
    body.instructions = message.instructions.map((instruction) => ({
      accounts: [...instruction.accounts],
      data: encodeBase58(instruction.data),
      programIdIndex: instruction.programIdIndex,
      stackHeight: null,
    }));
  }
  if (message.version === 0) body.addressTableLookups = lookupsOf(message);
  return { message: body, signatures: transaction.signatures.map((signature) => encodeBase58(signature)) };
}

/**
 * The getTransaction result for a record.
 *
 * @param maxSupportedTransactionVersion the client's option; a v0 transaction needs it to be at least 0.
 * @throws RpcError -32015 when the client cannot read the transaction's version.
 */
export function encodeTransactionResult(
  record: TransactionRecord,
  encoding: TransactionEncoding,
  maxSupportedTransactionVersion: number | undefined,
): Record<string, unknown> {
  if (record.version === 0 && maxSupportedTransactionVersion === undefined) {
    throw new RpcError(
      RpcErrorCode.UNSUPPORTED_TRANSACTION_VERSION,
      'Transaction version (0) is not supported by the requesting client. Please try the request again with the following configuration parameter: "maxSupportedTransactionVersion": 0',
    );
  }
  const parsed = encoding === 'jsonParsed';
  const staticKeys = parseTransaction(record.wire).message.staticKeys.map((key) => encodeBase58(key));
  const keys = [...staticKeys, ...record.loadedAddresses.writable, ...record.loadedAddresses.readonly];
  let transaction: unknown;
  if (encoding === 'base64') transaction = [base64(record.wire), 'base64'];
  else if (encoding === 'base58') transaction = [encodeBase58(record.wire), 'base58'];
  else if (encoding === 'binary') transaction = encodeBase58(record.wire);
  else transaction = jsonTransaction(record, keys, parsed);
  const result: Record<string, unknown> = {
    blockTime: record.blockTime,
    meta: metaOf(record, keys, parsed),
    slot: u64(record.slot),
    transaction,
  };
  // Without the option the validator sends no `version` (old clients cannot read it).
  if (maxSupportedTransactionVersion !== undefined) result.version = record.version;
  return result;
}
