/**
 * A wallet's referral stats: `GET /api/user/referralStats/{address}`: the fees its referees' bets (and the
 * markets it referred) credited to its referral vault, how many players it referred, and what the vault
 * holds to claim (`claimable`) and has paid out (`claimed`). A server from before referral vaults sends
 * neither of the last two: they are then null, and the vault is read on chain instead
 * (`get-referral-vault.ts`).
 *
 * @module
 */

import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';

/** Referral stats; lamports. */
export interface ReferralStats {
  readonly fees: bigint;
  readonly referredUserCount: number;
  /** What `claim_referral` pays now; null when the server does not say. */
  readonly claimable: bigint | null;
  /** What the vault has paid out, ever; null when the server does not say. */
  readonly claimed: bigint | null;
}

/** The answer's JSON. */
interface ReferralStatsJson {
  readonly fees: string;
  readonly referredUserCount: number;
  readonly claimable?: string;
  readonly claimed?: string;
}

/** Fetches the referral fees earned, the number of referred users and the vault's claimable and claimed. */
export async function getReferralStats(address: string, signal?: AbortSignal): Promise<ReferralStats> {
  const body = await api<ReferralStatsJson>(
    `/api/user/referralStats/${encodeURIComponent(address)}`,
    signal === undefined ? {} : { signal },
  );
  return {
    fees: BigInt(body.fees),
    referredUserCount: body.referredUserCount,
    claimable: body.claimable === undefined ? null : BigInt(body.claimable),
    claimed: body.claimed === undefined ? null : BigInt(body.claimed),
  };
}

/** The query key of a wallet's referral stats. */
export function referralStatsKey(address: string) {
  return ['user', 'referral-stats', address] as const;
}

/** Query options of a wallet's referral stats. */
export function referralStatsQueryOptions(address: string) {
  return queryOptions({
    queryKey: referralStatsKey(address),
    queryFn: ({ signal }) => getReferralStats(address, signal),
  });
}

/** A wallet's referral stats. */
export function useReferralStats(address: string) {
  return useQuery(referralStatsQueryOptions(address));
}
