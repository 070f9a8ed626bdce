/**
 * The rent-exempt minimum of an account, as the cluster states it: the deposit a player pays when a bet or
 * prediction opens an account (a TailSpin/ReTail bet record, a Foresight bet, a Prophecy prediction), which
 * the balance checks keep aside. Fixed by the cluster, so read once per size and client.
 *
 * @module
 */

import { RPC_COMMITMENT } from '@arcade/sdk/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { getRpc } from './rpc.ts';

/** The query of the rent-exempt minimum of a `size`-byte account, in lamports. */
export function rentQueryOptions(size: number) {
  return queryOptions({
    queryKey: ['chain', 'rent', size] as const,
    queryFn: ({ signal }) =>
      getRpc()
        .getMinimumBalanceForRentExemption(BigInt(size), { commitment: RPC_COMMITMENT })
        .send({ abortSignal: signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/**
 * The rent deposit of a new `size`-byte account (`data` undefined while it is read); `enabled: false` skips
 * the read while no account will be opened.
 *
 * @example useRent(PREDICTION_ACCOUNT_SIZE).data // 1_461_600n on a default cluster
 */
export function useRent(size: number, enabled = true) {
  return useQuery({ ...rentQueryOptions(size), enabled });
}
