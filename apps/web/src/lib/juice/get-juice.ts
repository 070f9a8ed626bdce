/**
 * A wallet's Juice: `GET /api/user/juice/{address}`, the one source of every Juice figure the app shows (the
 * header's popover and the History page read this same query, so they agree, and a claim refreshes both):
 *
 * - **earned**: every Juice the wallet's bets accrued, ever (wagered SOL × 2,400);
 * - **claimed**: minted to the wallet, or in a claim that may still land;
 * - **claimable**: earned − claimed, what the next claim mints;
 * - **balance**: the Juice token the wallet holds on chain.
 *
 * @module
 */

import type { JuiceStatus as JuiceStatusAnswer } from '@arcade/sdk/api/user';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../api-client.ts';

/** The Juice amounts: base units of the Juice token, decimal strings in the answer. */
type JuiceAmount = 'balance' | 'earned' | 'claimed' | 'claimable';

/** Juice status (the SDK's answer), with its amounts as bigint. */
export type JuiceStatus = Readonly<
  Omit<JuiceStatusAnswer, 'success' | JuiceAmount> & Record<JuiceAmount, bigint>
>;

/** The answer as read: an older server sent neither `earned` nor `claimed`. */
type JuiceStatusRead = Omit<JuiceStatusAnswer, 'earned' | 'claimed'> &
  Partial<Pick<JuiceStatusAnswer, 'earned' | 'claimed'>>;

/** The query key of a wallet's Juice; the claim invalidates it. */
export function juiceKey(address: string) {
  return ['user', 'juice', address] as const;
}

/** Fetches a wallet's Juice. */
export async function getJuice(address: string, signal?: AbortSignal): Promise<JuiceStatus> {
  const body = await api<JuiceStatusRead>(
    `/api/user/juice/${encodeURIComponent(address)}`,
    signal === undefined ? {} : { signal },
  );
  return {
    balance: BigInt(body.balance),
    // An older server sent claimable only: then all of it is what was earned and not claimed.
    earned: BigInt(body.earned ?? body.claimable),
    claimed: BigInt(body.claimed ?? '0'),
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
