/**
 * Account methods: getBalance, getAccountInfo, getMultipleAccounts and getProgramAccounts.
 *
 * @module
 */

import type { LocalChain } from '../../chain/local-chain.ts';
import { encodeBase58 } from '../../wire/base58.ts';
import { tokenProgramOf } from '../../wire/program-ids.ts';
import { filterAllows, filtersParam } from '../account-filters.ts';
import {
  accountEncodingParam,
  chainMintDecimals,
  dataSliceParam,
  encodeAccount,
  isListableParsed,
} from '../account-encoding.ts';
import { invalidParams, u64, type RpcHandler } from '../json-rpc.ts';
import { boolParam, checkContext, configParam, invalidType, pubkeyParam, required } from '../params.ts';
import { withContext } from '../response-context.ts';

/** The validator's cap on getMultipleAccounts (`MAX_MULTIPLE_ACCOUNTS`). */
const MAX_MULTIPLE_ACCOUNTS = 100;

function compareBytes(a: Uint8Array, b: Uint8Array): number {
  for (let i = 0; i < a.length && i < b.length; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return a.length - b.length;
}

/** The account methods of `chain`. */
export function accountMethods(chain: LocalChain): Record<string, RpcHandler> {
  const mintDecimals = chainMintDecimals(chain);

  return {
    getBalance: (params) => {
      const { bytes } = pubkeyParam(required(params, 0, 'pubkey'));
      checkContext(configParam(params[1], 'RpcContextConfig'), chain.slot);
      return withContext(chain, u64(chain.getAccount(bytes)?.lamports ?? 0n));
    },
    getAccountInfo: (params) => {
      const { bytes } = pubkeyParam(required(params, 0, 'pubkey'));
      const config = configParam(params[1], 'RpcAccountInfoConfig');
      checkContext(config, chain.slot);
      const encoding = accountEncodingParam(config.encoding, 'binary');
      const slice = dataSliceParam(config.dataSlice);
      const account = chain.getAccount(bytes);
      return withContext(chain, account ? encodeAccount(account, encoding, slice, mintDecimals) : null);
    },
    getMultipleAccounts: (params) => {
      const keys = required(params, 0, 'pubkeys');
      if (!Array.isArray(keys)) throw invalidType(keys, 'a sequence of addresses');
      if (keys.length > MAX_MULTIPLE_ACCOUNTS) {
        throw invalidParams(`Too many inputs provided; max ${MAX_MULTIPLE_ACCOUNTS}`);
      }
      const addresses = keys.map((key: unknown) => pubkeyParam(key).bytes);
      const config = configParam(params[1], 'RpcAccountInfoConfig');
      checkContext(config, chain.slot);
      const encoding = accountEncodingParam(config.encoding, 'base64');
      const slice = dataSliceParam(config.dataSlice);
      return withContext(
        chain,
        addresses.map((address) => {
          const account = chain.getAccount(address);
          return account ? encodeAccount(account, encoding, slice, mintDecimals) : null;
        }),
      );
    },
    getProgramAccounts: (params) => {
      const program = pubkeyParam(required(params, 0, 'program id'));
      const config = configParam(params[1], 'RpcProgramAccountsConfig');
      const filters = filtersParam(config.filters);
      checkContext(config, chain.slot);
      const encoding = accountEncodingParam(config.encoding, 'binary');
      const slice = dataSliceParam(config.dataSlice);
      const sortResults = boolParam(config.sortResults, true);
      const wantContext = boolParam(config.withContext, false);
      const isTokenProgram = tokenProgramOf(program.bytes) !== null;
      let matches = chain
        .programAccounts(program.bytes)
        .filter(({ account }) => filters.every((filter) => filterAllows(filter, account)));
      // As on the validator, jsonParsed leaves out token accounts whose mint is gone (it cannot scale them).
      if (isTokenProgram && encoding === 'jsonParsed') {
        matches = matches.filter(({ account }) => isListableParsed(account, mintDecimals));
      }
      if (sortResults) matches.sort((a, b) => compareBytes(a.address, b.address));
      const value = matches.map(({ address, account }) => ({
        account: encodeAccount(account, encoding, slice, mintDecimals),
        pubkey: encodeBase58(address),
      }));
      return wantContext ? withContext(chain, value) : value;
    },
  };
}
