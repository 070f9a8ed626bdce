/**
 * A feed player's profile picture: the player's profile (`GET /api/user/{address}`, the one profile query
 * of `lib/user-profile.ts`), read only for the `pfpImage` the feed shows next to a name (feed items carry
 * the username but not the picture). Sharing the profile's key means one read per player, and a changed
 * picture (which invalidates that key) shows in the feed too.
 *
 * @module
 */

import type { UserProfile } from '@arcade/sdk/api/user';
import { useQuery } from '@tanstack/react-query';

import { profileQueryOptions } from '../../../lib/user-profile.ts';

/** The fields of the profile the feed uses. */
export type FeedPlayer = Pick<UserProfile, 'username' | 'pfpImage'>;

const feedPlayerOf = ({ username, pfpImage }: UserProfile): FeedPlayer => ({ username, pfpImage });

/** A player's name and picture, or undefined while unknown; pictures change rarely, so reads are few. */
export function useFeedPlayer(address: string): FeedPlayer | undefined {
  return useQuery({
    ...profileQueryOptions(address),
    staleTime: 5 * 60_000,
    retry: false,
    select: feedPlayerOf,
  }).data;
}
