/**
 * A wallet's referral stats: `GET /api/user/referralStats/{address}`: the fees its referees' bets (and the
 * markets it referred) credited to its referral vault, how many players it referred, and what the vault
 * holds to claim (`claimable`) and has paid out (`claimed`). A server from before referral vaults sends
 * neither of the last two: they are then null, and the vault is read on chain instead
 * (`get-referral-vault.ts`).
 *
 * @module
 */

import type { ReferralStats as ReferralStatsAnswer } from '@arcade/sdk/api/user';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';

/** What a server from before referral vaults does not send. */
type VaultFigures = 'claimable' | 'claimed';

/**
 * Referral stats (the SDK's answer), lamports as bigint: `claimable` (what `claim_referral` pays now) and
 * `claimed` (what the vault has paid out, ever) are null when the server does not say.
 */
export type ReferralStats = Readonly<
  Omit<ReferralStatsAnswer, 'success' | 'fees' | VaultFigures> & {
    fees: bigint;
  } & Record<VaultFigures, bigint | null>
>;

/** The answer as read. */
type ReferralStatsRead = Omit<ReferralStatsAnswer, VaultFigures> &
  Partial<Pick<ReferralStatsAnswer, VaultFigures>>;

/** Fetches the referral fees earned, the number of referred users and the vault's claimable and claimed. */
export async function getReferralStats(address: string, signal?: AbortSignal): Promise<ReferralStats> {
  const body = await api<ReferralStatsRead>(
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
