/**
 * A wallet's Juice: `GET /api/user/juice/{address}`.
 *
 * @module
 */

import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';

/** Juice status; amounts in base units of the Juice token. */
export interface JuiceStatus {
  /** Juice held on chain. */
  readonly balance: bigint;
  /** Juice earned and not claimed yet. */
  readonly claimable: bigint;
  readonly decimals: number;
  /** Unix seconds of the last claim; 0 when never claimed. */
  readonly lastClaim: number;
  /** Unix seconds when the next claim opens; 0 when never claimed. */
  readonly nextClaimAt: number;
}

/** The query key of a wallet's Juice; the claim invalidates it. */
export function juiceKey(address: string) {
  return ['user', 'juice', address] as const;
}

/** Fetches a wallet's Juice. */
export async function getJuice(address: string, signal?: AbortSignal): Promise<JuiceStatus> {
  const body = await api<{
    balance: string;
    claimable: string;
    decimals: number;
    lastClaim: number;
    nextClaimAt: number;
  }>(`/api/user/juice/${encodeURIComponent(address)}`, signal === undefined ? {} : { signal });
  return {
    balance: BigInt(body.balance),
    claimable: BigInt(body.claimable),
    decimals: body.decimals,
    lastClaim: body.lastClaim,
    nextClaimAt: body.nextClaimAt,
  };
}

/** Query options of a wallet's Juice; disabled without an address. */
export function juiceQueryOptions(address: string | null) {
  return queryOptions({
    queryKey: juiceKey(address ?? ''),
    queryFn: ({ signal }) => getJuice(address ?? '', signal),
    enabled: address !== null,
    // Bets earn Juice continuously; a minute is fresh enough for a header chip.
    refetchInterval: 60_000,
  });
}

/** A wallet's Juice, or an idle query when `address` is null. */
export function useJuice(address: string | null) {
  return useQuery(juiceQueryOptions(address));
}
