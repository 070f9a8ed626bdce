/**
 * A wallet's referral stats: `GET /api/user/referralStats/{address}`.
 *
 * @module
 */

import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';

/** Referral stats; `fees` in lamports. */
export interface ReferralStats {
  readonly fees: bigint;
  readonly referredUserCount: number;
}

/** Fetches the referral fees earned and the number of referred users. */
export async function getReferralStats(address: string, signal?: AbortSignal): Promise<ReferralStats> {
  const body = await api<{ fees: string; referredUserCount: number }>(
    `/api/user/referralStats/${encodeURIComponent(address)}`,
    signal === undefined ? {} : { signal },
  );
  return { fees: BigInt(body.fees), referredUserCount: body.referredUserCount };
}

/** Query options of a wallet's referral stats. */
export function referralStatsQueryOptions(address: string) {
  return queryOptions({
    queryKey: ['user', 'referral-stats', address] as const,
    queryFn: ({ signal }) => getReferralStats(address, signal),
  });
}

/** A wallet's referral stats. */
export function useReferralStats(address: string) {
  return useQuery(referralStatsQueryOptions(address));
}
