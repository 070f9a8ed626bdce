/**
 * requestAirdrop, getRecentPrioritizationFees and the Helius-compatible getPriorityFeeEstimate.
 *
 * @module
 */

import type { LocalChain } from '../../chain/local-chain.ts';
import { MAX_FEE_SLOTS, type PriorityLevel } from '../../chain/priority-fee-stats.ts';
import { invalidParams, RpcError, RpcErrorCode, u64, type RpcHandler } from '../json-rpc.ts';
import {
  commitmentOf,
  configParam,
  describe,
  invalidType,
  pubkeyParam,
  required,
  u64Param,
  usizeParam,
} from '../params.ts';
import { transactionParam } from '../transaction-param.ts';

/** The validator's cap on getRecentPrioritizationFees addresses (`MAX_TX_ACCOUNT_LOCKS`). */
const MAX_TX_ACCOUNT_LOCKS = 128;

/** Helius option casing of each level. */
const LEVEL_OPTIONS: Readonly<Record<string, PriorityLevel>> = {
  Min: 'min',
  Low: 'low',
  Medium: 'medium',
  High: 'high',
  VeryHigh: 'veryHigh',
  UnsafeMax: 'unsafeMax',
};

/** The airdrop and priority fee methods of `chain`. */
export function airdropFeeMethods(chain: LocalChain): Record<string, RpcHandler> {
  return {
    requestAirdrop: (params) => {
      const { bytes } = pubkeyParam(required(params, 0, 'pubkey'));
      const lamports = u64Param(required(params, 1, 'lamports'));
      commitmentOf(configParam(params[2], 'RpcRequestAirdropConfig'));
      try {
        return chain.requestAirdrop(bytes, lamports);
      } catch (error) {
        // The validator's faucet refusals surface as a bare internal error.
        if (error instanceof RangeError) throw new RpcError(RpcErrorCode.INTERNAL_ERROR, 'Internal error');
        throw error;
      }
    },
    getRecentPrioritizationFees: (params) => {
      const list = params[0] ?? [];
      if (!Array.isArray(list)) throw invalidType(list, 'a sequence of addresses');
      if (list.length > MAX_TX_ACCOUNT_LOCKS) {
        throw invalidParams(`Too many inputs provided; max ${MAX_TX_ACCOUNT_LOCKS}`);
      }
      const accounts = list.map((address: unknown) => pubkeyParam(address).text);
      return chain.fees.recentFees(accounts).map(({ slot, prioritizationFee }) => ({
        prioritizationFee: u64(prioritizationFee),
        slot: u64(slot),
      }));
    },
    getPriorityFeeEstimate: (params) => {
      const request = configParam(required(params, 0, 'request'), 'GetPriorityFeeEstimateRequest');
      const options = configParam(request.options, 'GetPriorityFeeEstimateOptions');
      if (request.transaction !== undefined && request.transaction !== null) {
        const encoding = options.transactionEncoding ?? 'Base58';
        if (encoding !== 'Base58' && encoding !== 'Base64') {
          throw invalidParams(
            `Invalid params: transactionEncoding must be \`Base58\` or \`Base64\`, got ${describe(encoding)}.`,
          );
        }
        // The estimate does not depend on the transaction, but it must be one (it may be unsigned).
        transactionParam(request.transaction, encoding === 'Base64' ? 'base64' : 'base58');
      } else if (request.accountKeys !== undefined && request.accountKeys !== null) {
        const keys = request.accountKeys;
        if (!Array.isArray(keys)) throw invalidType(keys, 'a sequence of addresses');
        for (const key of keys) pubkeyParam(key);
      } else {
        throw invalidParams('Invalid params: pass `transaction` or `accountKeys`.');
      }
      const lookback =
        options.lookbackSlots === undefined || options.lookbackSlots === null
          ? MAX_FEE_SLOTS
          : usizeParam(options.lookbackSlots);
      if (lookback < 1 || lookback > MAX_FEE_SLOTS) {
        throw invalidParams(`Invalid params: lookbackSlots must be between 1 and ${MAX_FEE_SLOTS}.`);
      }
      const levels = chain.fees.estimate(lookback);
      const result: Record<string, unknown> = {};
      const levelOption = options.priorityLevel;
      if (levelOption !== undefined && levelOption !== null) {
        const level = typeof levelOption === 'string' ? LEVEL_OPTIONS[levelOption] : undefined;
        if (!level) {
          throw invalidParams(
            `Invalid params: priorityLevel must be one of ${Object.keys(LEVEL_OPTIONS).join(', ')}, got ${describe(levelOption)}.`,
          );
        }
        result.priorityFeeEstimate = levels[level];
      }
      if (options.includeAllPriorityFeeLevels === true) {
        result.priorityFeeLevels = levels;
      } else if (result.priorityFeeEstimate === undefined) {
        // Helius's default level (and `recommended`) is medium.
        result.priorityFeeEstimate = levels.medium;
      }
      return result;
    },
  };
}
