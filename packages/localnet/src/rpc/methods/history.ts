/**
 * Transaction history methods: getSignatureStatuses, getSignaturesForAddress, getTransaction, and the
 * bounds of the kept history, minimumLedgerSlot and getFirstAvailableBlock. Pruned transactions (see
 * `LocalChainOptions.ledgerLimit`) are answered as a validator with a limited ledger answers: no status,
 * not listed, `null` from getTransaction.
 *
 * @module
 */

import type { LocalChain } from '../../chain/local-chain.ts';
import { MAX_RECENT_BLOCKHASHES } from '../../chain/blockhash-queue.ts';
import { invalidParams, u64, type RpcHandler } from '../json-rpc.ts';
import {
  boolParam,
  checkContext,
  configParam,
  invalidType,
  pubkeyParam,
  required,
  signatureParam,
  usizeParam,
} from '../params.ts';
import { withContext } from '../response-context.ts';
import {
  encodeTransactionResult,
  statusOf,
  transactionResultEncodingParam,
} from '../transaction-encoding.ts';

/** The validator's caps (`MAX_GET_SIGNATURE_STATUSES_QUERY_ITEMS`, `MAX_GET_CONFIRMED_SIGNATURES_FOR_ADDRESS2_LIMIT`). */
const MAX_SIGNATURE_STATUSES = 256;
const MAX_SIGNATURES_FOR_ADDRESS = 1000;

/** The history methods of `chain`. */
export function historyMethods(chain: LocalChain): Record<string, RpcHandler> {
  return {
    // Every slot has a block here, so the first available block is the first slot whose history is whole.
    minimumLedgerSlot: () => u64(chain.index.firstAvailableSlot),
    getFirstAvailableBlock: () => u64(chain.index.firstAvailableSlot),
    getSignatureStatuses: (params) => {
      const list = required(params, 0, 'signatures');
      if (!Array.isArray(list)) throw invalidType(list, 'a sequence of signatures');
      if (list.length > MAX_SIGNATURE_STATUSES) {
        throw invalidParams(`Too many inputs provided; max ${MAX_SIGNATURE_STATUSES}`);
      }
      // A signature the node holds is valid base58 of 64 bytes; only unknown ones need checking.
      const signatures = list.map((signature: unknown) =>
        typeof signature === 'string' && chain.index.has(signature) ? signature : signatureParam(signature),
      );
      const config = configParam(params[1], 'RpcSignatureStatusConfig');
      const searchHistory = boolParam(config.searchTransactionHistory, false);
      // Without a history search the validator answers from its status cache, which spans the slots
      // whose blockhashes it still remembers.
      const oldestCached = chain.slot - MAX_RECENT_BLOCKHASHES;
      return withContext(
        chain,
        signatures.map((signature) => {
          const record = chain.index.status(signature);
          if (!record || (!searchHistory && record.slot < oldestCached)) return null;
          return {
            confirmationStatus: 'finalized',
            confirmations: null,
            err: record.err,
            slot: u64(record.slot),
            status: statusOf(record.err),
          };
        }),
      );
    },
    getSignaturesForAddress: (params) => {
      const address = pubkeyParam(required(params, 0, 'address'));
      const config = configParam(params[1], 'RpcSignaturesForAddressConfig');
      const before =
        config.before === undefined || config.before === null ? undefined : signatureParam(config.before);
      const until =
        config.until === undefined || config.until === null ? undefined : signatureParam(config.until);
      const limit =
        config.limit === undefined || config.limit === null
          ? MAX_SIGNATURES_FOR_ADDRESS
          : usizeParam(config.limit);
      if (limit === 0 || limit > MAX_SIGNATURES_FOR_ADDRESS) {
        throw invalidParams(`Invalid limit; max ${MAX_SIGNATURES_FOR_ADDRESS}`);
      }
      checkContext(config, chain.slot, 'confirmed');
      const query = {
        limit,
        ...(before === undefined ? {} : { before }),
        ...(until === undefined ? {} : { until }),
      };
      return chain.index.signaturesForAddress(address.text, query).map((record) => ({
        blockTime: record.blockTime,
        confirmationStatus: 'finalized',
        err: record.err,
        memo: record.memo,
        signature: record.signature,
        slot: u64(record.slot),
      }));
    },
    getTransaction: (params) => {
      const signature = signatureParam(required(params, 0, 'signature'));
      // The second parameter may be a bare encoding, the validator's old form.
      const raw = params[1];
      const config = typeof raw === 'string' ? { encoding: raw } : configParam(raw, 'RpcTransactionConfig');
      const encoding = transactionResultEncodingParam(config.encoding);
      checkContext(config, chain.slot, 'confirmed');
      const max = config.maxSupportedTransactionVersion;
      let maxVersion: number | undefined;
      if (max !== undefined && max !== null) {
        if (typeof max !== 'number' || !Number.isInteger(max) || max < 0 || max > 255)
          throw invalidType(max, 'u8');
        maxVersion = max;
      }
      const record = chain.index.get(signature);
      return record ? encodeTransactionResult(record, encoding, maxVersion) : null;
    },
  };
}
