/**
 * The wallet a referral code belongs to: `GET /api/user/referral/{code}`.
 *
 * @module
 */

import type { ReferralOwner } from '@arcade/sdk/api/user';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../api-client.ts';

/** Fetches the address of the referrer who owns `code`; the server answers 404 for unknown codes. */
export async function getReferralOwner(code: string, signal?: AbortSignal): Promise<string> {
  const body = await api<ReferralOwner>(
    `/api/user/referral/${encodeURIComponent(code)}`,
    signal === undefined ? {} : { signal },
  );
  return body.address;
}

/** Query options of a referral code's owner; codes never change owner, so the answer never goes stale. */
export function referralOwnerQueryOptions(code: string | null) {
  return queryOptions({
    queryKey: ['user', 'referral-owner', code ?? ''] as const,
    queryFn: ({ signal }) => getReferralOwner(code ?? '', signal),
    enabled: code !== null,
    staleTime: Infinity,
  });
}

/** The owner of a referral code, or an idle query when `code` is null. */
export function useReferralOwner(code: string | null) {
  return useQuery(referralOwnerQueryOptions(code));
}
