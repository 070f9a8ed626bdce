/**
 * Blockhash and fee methods: getLatestBlockhash, isBlockhashValid, getFeeForMessage and
 * getMinimumBalanceForRentExemption.
 *
 * @module
 */

import type { LocalChain } from '../../chain/local-chain.ts';
import { encodeBase58 } from '../../wire/base58.ts';
import { feeForMessage } from '../../wire/compute-budget.ts';
import { isSanitaryMessage } from '../../wire/wire-transaction.ts';
import { invalidParams, RpcError, RpcErrorCode, u64, type RpcHandler } from '../json-rpc.ts';
import { checkContext, commitmentOf, configParam, hashParam, required, u64Param } from '../params.ts';
import { withContext } from '../response-context.ts';
import { messageParam } from '../transaction-param.ts';

/** The largest account the runtime allows (`MAX_PERMITTED_DATA_LENGTH`, 10 MiB). */
const MAX_PERMITTED_DATA_LENGTH = 10n * 1024n * 1024n;

/** The blockhash and fee methods of `chain`. */
export function blockhashFeeMethods(chain: LocalChain): Record<string, RpcHandler> {
  return {
    getLatestBlockhash: (params) => {
      checkContext(configParam(params[0], 'RpcContextConfig'), chain.slot);
      const { blockhash, lastValidBlockHeight } = chain.latestBlockhash();
      return withContext(chain, { blockhash, lastValidBlockHeight: u64(lastValidBlockHeight) });
    },
    isBlockhashValid: (params) => {
      const blockhash = hashParam(required(params, 0, 'blockhash'));
      checkContext(configParam(params[1], 'RpcContextConfig'), chain.slot);
      return withContext(chain, chain.isBlockhashValid(blockhash));
    },
    getFeeForMessage: (params) => {
      const message = messageParam(required(params, 0, 'message'));
      checkContext(configParam(params[1], 'RpcContextConfig'), chain.slot);
      if (!isSanitaryMessage(message)) {
        throw invalidParams(
          'invalid transaction message: Transaction failed to sanitize accounts offsets correctly',
        );
      }
      // The validator prices a message only while it still remembers its blockhash (300 slots).
      const known = chain.knowsBlockhash(encodeBase58(message.recentBlockhash));
      return withContext(chain, known ? u64(feeForMessage(message)) : null);
    },
    getMinimumBalanceForRentExemption: (params) => {
      const dataLength = u64Param(required(params, 0, 'data length'), 'usize');
      commitmentOf(configParam(params[1], 'CommitmentConfig'));
      if (dataLength > MAX_PERMITTED_DATA_LENGTH) {
        throw new RpcError(RpcErrorCode.INVALID_REQUEST, 'Invalid request');
      }
      return u64(chain.minimumBalanceForRentExemption(dataLength));
    },
  };
}
