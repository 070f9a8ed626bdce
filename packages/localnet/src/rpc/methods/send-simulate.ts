/**
 * sendTransaction and simulateTransaction, with the validator's preflight: sanitize, verify signatures,
 * simulate, and only then process. A preflight failure is -32002 with the simulation result as `data`;
 * with `skipPreflight` the transaction is processed directly and, if it cannot land, silently dropped.
 *
 * @module
 */

import type { LocalChain } from '../../chain/local-chain.ts';
import type { SimulationOutcome } from '../../chain/simulation-outcome.ts';
import { TransactionRejected, type LoadedTransaction } from '../../chain/loaded-transaction.ts';
import { decodeBase58, encodeBase58 } from '../../wire/base58.ts';
import { uiTokenAmount } from '../../wire/spl-token.ts';
import { transactionErrorText } from '../../wire/transaction-error.ts';
import { parseTransaction, type ParsedTransaction } from '../../wire/wire-transaction.ts';
import { accountEncodingParam, chainMintDecimals, encodeAccount } from '../account-encoding.ts';
import { invalidParams, RpcError, RpcErrorCode, u64, type RpcHandler } from '../json-rpc.ts';
import {
  boolParam,
  checkContext,
  commitmentOf,
  configParam,
  invalidType,
  pubkeyParam,
  required,
  usizeParam,
} from '../params.ts';
import { withContext } from '../response-context.ts';
import { transactionEncodingParam, transactionParam } from '../transaction-param.ts';

function load(chain: LocalChain, parsed: ParsedTransaction): LoadedTransaction {
  try {
    return chain.load(parsed);
  } catch (error) {
    if (error instanceof TransactionRejected) {
      throw invalidParams(`invalid transaction: ${transactionErrorText(error.error)}`);
    }
    throw error;
  }
}

function signatureFailure(): RpcError {
  return new RpcError(
    RpcErrorCode.TRANSACTION_SIGNATURE_VERIFICATION_FAILURE,
    'Transaction signature verification failure',
  );
}

/** The fields of `RpcSimulateTransactionResult` that come from the simulation itself. */
function simulationFields(
  transaction: LoadedTransaction,
  outcome: SimulationOutcome,
): Record<string, unknown> {
  const tokenBalances = (balances: SimulationOutcome['preTokenBalances']): unknown =>
    balances?.map((balance) => ({
      accountIndex: balance.accountIndex,
      mint: balance.mint,
      owner: balance.owner,
      programId: balance.programId,
      uiTokenAmount: uiTokenAmount(balance.amount, balance.decimals),
    })) ?? null;
  return {
    err: outcome.err,
    fee: outcome.fee === null ? null : u64(outcome.fee),
    loadedAccountsDataSize: outcome.loadedAccountsDataSize,
    loadedAddresses: {
      readonly: transaction.loaded.readonly.map((key) => encodeBase58(key)),
      writable: transaction.loaded.writable.map((key) => encodeBase58(key)),
    },
    logs: outcome.logs,
    postBalances: outcome.postBalances?.map(u64) ?? null,
    postTokenBalances: tokenBalances(outcome.postTokenBalances),
    preBalances: outcome.preBalances?.map(u64) ?? null,
    preTokenBalances: tokenBalances(outcome.preTokenBalances),
    returnData: outcome.returnData
      ? {
          data: [Buffer.from(outcome.returnData.data).toString('base64'), 'base64'],
          programId: outcome.returnData.programId,
        }
      : null,
    unitsConsumed: u64(outcome.unitsConsumed),
  };
}

/** Replaces the recent blockhash of a transaction's bytes (simulateTransaction's `replaceRecentBlockhash`). */
function withBlockhash(parsed: ParsedTransaction, blockhash: string): ParsedTransaction {
  const bytes = parsed.bytes.slice();
  bytes.set(decodeBase58(blockhash)!, parsed.message.blockhashOffset);
  return parseTransaction(bytes);
}

/** The send and simulate methods of `chain`. */
export function sendSimulateMethods(chain: LocalChain): Record<string, RpcHandler> {
  const mintDecimals = chainMintDecimals(chain);

  return {
    sendTransaction: (params) => {
      const data = required(params, 0, 'transaction');
      const config = configParam(params[1], 'RpcSendTransactionConfig');
      const parsed = transactionParam(data, transactionEncodingParam(config.encoding));
      const skipPreflight = boolParam(config.skipPreflight, false);
      commitmentOf({ commitment: config.preflightCommitment });
      // Every transaction is processed at once, so there is nothing to retry; the option is only checked.
      if (config.maxRetries !== undefined && config.maxRetries !== null) usizeParam(config.maxRetries);
      checkContext({ minContextSlot: config.minContextSlot }, chain.slot);
      const transaction = load(chain, parsed);
      if (skipPreflight) {
        // Answered at once; the transaction lands (or is dropped) once its signatures are verified.
        chain.submit(transaction);
        return transaction.signature;
      }
      const simulation = chain.simulate(transaction, { verifySignatures: true });
      if (simulation.err === 'SignatureFailure') throw signatureFailure();
      if (simulation.err !== null) {
        throw new RpcError(
          RpcErrorCode.SEND_TRANSACTION_PREFLIGHT_FAILURE,
          `Transaction simulation failed: ${transactionErrorText(simulation.err)}`,
          {
            accounts: null,
            ...simulationFields(transaction, simulation),
            innerInstructions: null,
            loadedAddresses: null,
            postBalances: null,
            postTokenBalances: null,
            preBalances: null,
            preTokenBalances: null,
            replacementBlockhash: null,
          },
        );
      }
      // The preflight verified the signatures of these very bytes.
      chain.send(transaction, { verifySignatures: false });
      return transaction.signature;
    },
    simulateTransaction: (params) => {
      const data = required(params, 0, 'transaction');
      const config = configParam(params[1], 'RpcSimulateTransactionConfig');
      let parsed = transactionParam(data, transactionEncodingParam(config.encoding));
      checkContext(config, chain.slot);
      const sigVerify = boolParam(config.sigVerify, false);
      const replaceRecentBlockhash = boolParam(config.replaceRecentBlockhash, false);
      const wantInner = boolParam(config.innerInstructions, false);
      let replacementBlockhash: unknown = null;
      if (replaceRecentBlockhash) {
        if (sigVerify) throw invalidParams('sigVerify may not be used with replaceRecentBlockhash');
        const latest = chain.latestBlockhash();
        parsed = withBlockhash(parsed, latest.blockhash);
        replacementBlockhash = {
          blockhash: latest.blockhash,
          lastValidBlockHeight: u64(latest.lastValidBlockHeight),
        };
      }
      const transaction = load(chain, parsed);
      const outcome = chain.simulate(transaction, { verifySignatures: sigVerify });
      if (sigVerify && outcome.err === 'SignatureFailure') throw signatureFailure();

      let accounts: unknown = null;
      const accountsConfig = config.accounts;
      if (accountsConfig !== undefined && accountsConfig !== null) {
        const { addresses, encoding: rawEncoding } = configParam(
          accountsConfig,
          'RpcSimulateTransactionAccountsConfig',
        );
        if (!Array.isArray(addresses)) throw invalidType(addresses, 'a sequence of addresses');
        const encoding = accountEncodingParam(rawEncoding, 'base64');
        if (encoding === 'binary' || encoding === 'base58')
          throw invalidParams('base58 encoding not supported');
        const max = transaction.accountKeys.length;
        if (addresses.length > max) throw invalidParams(`Too many accounts provided; max ${max}`);
        accounts = addresses.map((address: unknown) => {
          const key = pubkeyParam(address);
          if (outcome.err !== null) return null;
          const account = outcome.postAccounts.get(key.text) ?? chain.getAccount(key.bytes);
          return account ? encodeAccount(account, encoding, undefined, mintDecimals) : null;
        });
      }
      const keys = transaction.accountKeys.map((key) => encodeBase58(key));
      const innerInstructions = wantInner
        ? outcome.innerInstructions.map(({ index, instructions }) => ({
            index,
            instructions: instructions.map((inner) => ({
              accounts: inner.accounts.map((account) => keys[account]),
              data: encodeBase58(inner.data),
              programId: keys[inner.programIdIndex],
              stackHeight: inner.stackHeight,
            })),
          }))
        : null;
      return withContext(chain, {
        accounts,
        ...simulationFields(transaction, outcome),
        innerInstructions,
        replacementBlockhash,
      });
    },
  };
}
