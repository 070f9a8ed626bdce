/**
 * What kind of account an address is on chain, for the console's checks of a requested referrer: whether
 * it is a program (executable). One account read per address; accounts rarely change kind.
 *
 * @module
 */

import { RPC_COMMITMENT } from '@arcade/sdk/constants';
import { address as toAddress, fetchEncodedAccount, isAddress } from '@solana/kit';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { getRpc } from '../../../lib/wallet/rpc.ts';
import { adminKeys } from './query-keys.ts';

/** An address's account as the checks need it. */
export interface AccountKind {
  readonly exists: boolean;
  /** A program (an executable account). */
  readonly executable: boolean;
}

/** Reads the account at `address`. */
export async function getAccountKind(address: string, signal?: AbortSignal): Promise<AccountKind> {
  const account = await fetchEncodedAccount(getRpc(), toAddress(address), {
    commitment: RPC_COMMITMENT,
    ...(signal === undefined ? {} : { abortSignal: signal }),
  });
  return { exists: account.exists, executable: account.exists && account.executable };
}

/** Query options of {@link getAccountKind}; disabled for what is not an address. */
export function accountKindQueryOptions(address: string | null) {
  return queryOptions({
    queryKey: adminKeys.account(address ?? ''),
    queryFn: ({ signal }) => getAccountKind(address ?? '', signal),
    enabled: address !== null && isAddress(address),
    staleTime: 5 * 60_000,
    retry: 1,
  });
}

/** The account kind of `address` (null: nothing to read). */
export function useAccountKind(address: string | null) {
  return useQuery(accountKindQueryOptions(address));
}
