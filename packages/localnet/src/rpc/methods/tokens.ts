/**
 * SPL Token methods: getTokenAccountsByOwner, getTokenAccountBalance and getTokenSupply, for both the
 * Token and Token-2022 programs (base layouts; see docs/localnet.md for extensions).
 *
 * @module
 */

import type { LocalChain } from '../../chain/local-chain.ts';
import { encodeBase58 } from '../../wire/base58.ts';
import { bytesEqual, tokenProgramOf } from '../../wire/program-ids.ts';
import { readMint, readTokenAccount, uiTokenAmount } from '../../wire/spl-token.ts';
import {
  accountEncodingParam,
  chainMintDecimals,
  dataSliceParam,
  encodeAccount,
  isListableParsed,
} from '../account-encoding.ts';
import { invalidParams, type RpcHandler } from '../json-rpc.ts';
import { checkContext, commitmentOf, configParam, pubkeyParam, required } from '../params.ts';
import { withContext } from '../response-context.ts';

function compareBytes(a: Uint8Array, b: Uint8Array): number {
  for (let i = 0; i < a.length && i < b.length; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return a.length - b.length;
}

/** The token methods of `chain`. */
export function tokenMethods(chain: LocalChain): Record<string, RpcHandler> {
  const mintDecimals = chainMintDecimals(chain);

  /** The program owning a mint, and its decimals (the validator's `get_mint_owner_and_additional_data`). */
  function mintOf(mint: Uint8Array): {
    program: 'spl-token' | 'spl-token-2022';
    decimals: number;
    supply: bigint;
  } {
    const account = chain.getAccount(mint);
    if (!account) throw invalidParams('Invalid param: could not find mint');
    const program = tokenProgramOf(account.owner);
    if (!program) throw invalidParams('Invalid param: not a Token mint');
    const state = readMint(account.data, program);
    if (!state) throw invalidParams('Invalid param: mint could not be unpacked');
    return { program, decimals: state.decimals, supply: state.supply };
  }

  return {
    getTokenAccountBalance: (params) => {
      const { bytes } = pubkeyParam(required(params, 0, 'token account'));
      commitmentOf(configParam(params[1], 'CommitmentConfig'));
      const account = chain.getAccount(bytes);
      if (!account) throw invalidParams('Invalid param: could not find account');
      const program = tokenProgramOf(account.owner);
      const token = program ? readTokenAccount(account.data, program) : null;
      if (!token) throw invalidParams('Invalid param: not a Token account');
      const { decimals } = mintOf(token.mint);
      return withContext(chain, uiTokenAmount(token.amount, decimals));
    },
    getTokenSupply: (params) => {
      const { bytes } = pubkeyParam(required(params, 0, 'mint'));
      commitmentOf(configParam(params[1], 'CommitmentConfig'));
      const { decimals, supply } = mintOf(bytes);
      return withContext(chain, uiTokenAmount(supply, decimals));
    },
    getTokenAccountsByOwner: (params) => {
      const owner = pubkeyParam(required(params, 0, 'owner'));
      const filter = configParam(required(params, 1, 'mint or programId filter'), 'RpcTokenAccountsFilter');
      const config = configParam(params[2], 'RpcAccountInfoConfig');
      checkContext(config, chain.slot);
      const encoding = accountEncodingParam(config.encoding, 'binary');
      const slice = dataSliceParam(config.dataSlice);
      let program: Uint8Array;
      let mint: Uint8Array | null = null;
      if ('mint' in filter) {
        mint = pubkeyParam(filter.mint).bytes;
        const owningProgram = chain.getAccount(mint)?.owner;
        if (!owningProgram) throw invalidParams('Invalid param: could not find mint');
        if (!tokenProgramOf(owningProgram)) throw invalidParams('Invalid param: not a Token mint');
        program = owningProgram;
      } else if ('programId' in filter) {
        program = pubkeyParam(filter.programId).bytes;
        if (!tokenProgramOf(program)) throw invalidParams('Invalid param: unrecognized Token program id');
      } else {
        throw invalidParams(
          'Invalid params: the filter must be `{ "mint": <address> }` or `{ "programId": <address> }`.',
        );
      }
      const programName = tokenProgramOf(program)!;
      const matches = chain
        .programAccounts(program)
        .filter(({ account }) => {
          const token = readTokenAccount(account.data, programName);
          return (
            token !== null && bytesEqual(token.owner, owner.bytes) && (!mint || bytesEqual(token.mint, mint))
          );
        })
        .filter(({ account }) => encoding !== 'jsonParsed' || isListableParsed(account, mintDecimals))
        .sort((a, b) => compareBytes(a.address, b.address));
      return withContext(
        chain,
        matches.map(({ address, account }) => ({
          account: encodeAccount(account, encoding, slice, mintDecimals),
          pubkey: encodeBase58(address),
        })),
      );
    },
  };
}
