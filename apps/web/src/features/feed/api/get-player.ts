/**
 * A feed player's profile picture: `GET /api/user/{address}`, read only for the `pfpImage` the feed
 * shows next to a name (feed items carry the username but not the picture).
 *
 * @module
 */

import type { UserProfile } from '@arcade/sdk/api/user';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';

/** The fields of the profile answer the feed uses. */
export type FeedPlayer = Pick<UserProfile, 'username' | 'pfpImage'>;

/** Reads a player's profile. */
export async function getFeedPlayer(address: string, signal?: AbortSignal): Promise<FeedPlayer> {
  const body = await api<UserProfile>(`/api/user/${encodeURIComponent(address)}`, signal ? { signal } : {});
  return { username: body.username, pfpImage: body.pfpImage };
}

/** The player query; pictures change rarely, so one read per player every few minutes is plenty. */
export function feedPlayerQueryOptions(address: string) {
  return queryOptions({
    queryKey: ['feed', 'player', address] as const,
    queryFn: ({ signal }) => getFeedPlayer(address, signal),
    staleTime: 5 * 60_000,
    retry: false,
  });
}

/** A player's profile picture URL, or undefined while unknown or unset. */
export function useFeedPlayer(address: string): FeedPlayer | undefined {
  return useQuery(feedPlayerQueryOptions(address)).data;
}
