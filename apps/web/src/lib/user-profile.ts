/**
 * A wallet's profile, `GET /api/user/{address}`: the one query every feature reads it through (the
 * profile modal, the header avatar, the chat's username and blocked checks). One key and one set of
 * options means a username or picture saved in the profile modal reaches the chat as soon as the
 * mutation invalidates {@link profileKey}, with no polling.
 *
 * @module
 */

import type { UserProfile } from '@arcade/sdk/api/user';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';

import { api } from './api-client.ts';

/** The prefix of every wallet's profile key, to refresh them all. */
export const PROFILES_KEY = ['user', 'profile'] as const;

/** The query key of a wallet's profile; mutations that change it invalidate this key. */
export function profileKey(address: string) {
  return [...PROFILES_KEY, address] as const;
}

/**
 * Puts what a profile write answered into the cached profile, and marks it stale without reading it again
 * now: behind a load balancer the read could reach an instance that has not heard of the write yet, and
 * replace the answer with the old profile. The next read (a remount, a refocus) is fresh.
 */
export async function applyProfileChange(
  queryClient: QueryClient,
  address: string,
  change: Partial<Pick<UserProfile, 'username' | 'pfp' | 'pfpImage'>>,
): Promise<void> {
  const key = profileKey(address);
  queryClient.setQueryData<UserProfile>(key, (profile) =>
    profile === undefined ? profile : { ...profile, ...change },
  );
  await queryClient.invalidateQueries({ queryKey: key, refetchType: 'none' });
}

/** Fetches a wallet's profile (its socials: docs/reference/entities.md#client-views). */
export async function getProfile(address: string, signal?: AbortSignal): Promise<UserProfile> {
  return api<UserProfile>(`/api/user/${encodeURIComponent(address)}`, signal === undefined ? {} : { signal });
}

/** Query options of a wallet's profile; disabled without an address. */
export function profileQueryOptions(address: string | null) {
  return queryOptions({
    queryKey: profileKey(address ?? ''),
    queryFn: ({ signal }) => getProfile(address ?? '', signal),
    enabled: address !== null,
  });
}

/** A wallet's profile, or an idle query when `address` is null. */
export function useProfile(address: string | null) {
  return useQuery(profileQueryOptions(address));
}
