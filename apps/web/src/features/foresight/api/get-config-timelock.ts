/**
 * Reads SOL's Foresight config account and returns its `timelock` (the round length, seconds). Loaded on
 * demand by `get-round-length.ts`.
 *
 * @module
 */

import { RPC_COMMITMENT } from '@arcade/sdk/constants';
import { decodeConfig } from '@arcade/sdk/foresight/accounts';
import { fetchEncodedAccount } from '@solana/kit';

import { getRpc } from '../../../lib/wallet/rpc.ts';
import { configAddressOf, solAsset } from './foresight-program.ts';

/** The config's timelock in seconds, or null when the operator has not created the config. */
export async function fetchConfigTimelock(signal?: AbortSignal): Promise<number | null> {
  const address = await configAddressOf(solAsset());
  const account = await fetchEncodedAccount(getRpc(), address, {
    commitment: RPC_COMMITMENT,
    ...(signal === undefined ? {} : { abortSignal: signal }),
  });
  return account.exists ? decodeConfig(account.data).timelock : null;
}
