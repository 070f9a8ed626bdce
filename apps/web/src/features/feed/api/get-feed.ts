/**
 * The live feed in the query cache. Only the `/activity` socket fills it ({@link useActivityFeed} writes
 * its events under {@link feedQueryKey}); there is no HTTP read, so the query itself never fetches.
 *
 * @module
 */

import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';

import type { FeedItem } from '../utils/feed-items.ts';

/** The one key the feed lives under. */
export const feedQueryKey = ['feed', 'items'] as const;

/** The feed's query: socket-fed, so never stale and kept while the app runs (a tab switch keeps it). */
export function feedQueryOptions() {
  return queryOptions<readonly FeedItem[]>({
    queryKey: feedQueryKey,
    queryFn: skipToken,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
}

/** The feed's items, newest first; undefined until the socket's history arrives. */
export function useFeedItems(): readonly FeedItem[] | undefined {
  return useQuery(feedQueryOptions()).data;
}
