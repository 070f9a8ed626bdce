/**
 * The connected wallet's SOL balance: polled every 15 s, invalidated after sends, and pushed live by an
 * account subscription while the chip is on screen.
 *
 * @module
 */

import { RPC_COMMITMENT } from '@arcade/sdk/constants';
import type { Address } from '@solana/kit';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

import { solBalanceQueryKey } from './balance-query-key.ts';
import { getRpc } from './rpc.ts';
import { watchAccount } from './watch-account.ts';

/** How often the balance is re-read when no live update came. */
export const SOL_BALANCE_REFETCH_MS = 15_000;

/** `address`'s balance in lamports. */
export async function getSolBalance(address: Address, signal?: AbortSignal): Promise<bigint> {
  const { value } = await getRpc()
    .getBalance(address, { commitment: RPC_COMMITMENT })
    .send(signal === undefined ? undefined : { abortSignal: signal });
  return value;
}

/** The balance query of `address`. */
export function solBalanceQueryOptions(address: Address) {
  return queryOptions({
    queryKey: solBalanceQueryKey(address),
    queryFn: ({ signal }) => getSolBalance(address, signal),
    refetchInterval: SOL_BALANCE_REFETCH_MS,
  });
}

/**
 * The cached balance of `address` (idle when null), without a subscription of its own: for forms that check
 * a cost against it. The header's chip keeps the same entry live, and every send invalidates it.
 */
export function useSolBalanceQuery(address: Address | null) {
  return useQuery({
    ...solBalanceQueryOptions(address ?? ('' as Address)),
    enabled: address !== null,
  });
}

/** The live balance of `address` (disabled when null). */
export function useSolBalance(address: Address | null) {
  const queryClient = useQueryClient();
  const query = useQuery({
    ...solBalanceQueryOptions(address ?? ('' as Address)),
    enabled: address !== null,
  });

  useEffect(() => {
    if (address === null) return;
    const abort = new AbortController();
    const key = solBalanceQueryKey(address);
    watchAccount(address, {
      signal: abort.signal,
      // An emptied wallet's account is gone: its balance is 0.
      onChange: (snapshot) => queryClient.setQueryData(key, snapshot?.lamports ?? 0n),
      onResubscribe: () => void queryClient.invalidateQueries({ queryKey: key }),
    });
    return () => {
      abort.abort();
    };
  }, [address, queryClient]);

  return query;
}
