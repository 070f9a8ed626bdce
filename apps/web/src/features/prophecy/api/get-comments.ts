/**
 * A market's comments, newest first, page by page (`GET /api/prophecy/{market}/comments?cursor=`).
 *
 * @module
 */

import type { CommentPage, CommentPageResponse } from '@arcade/sdk/api/prophecy';
import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';

/** The comments query's cached data. */
export type CommentPages = InfiniteData<CommentPage, number | null>;

/** `GET /api/prophecy/{market}/comments`: the page older than `cursor` (newest when null). */
export async function getComments(
  market: string,
  cursor: number | null,
  signal?: AbortSignal,
): Promise<CommentPage> {
  const body = await api<CommentPageResponse>(`/api/prophecy/${encodeURIComponent(market)}/comments`, {
    query: { cursor },
    ...(signal ? { signal } : {}),
  });
  return { comments: body.comments, nextCursor: body.nextCursor };
}

/** The query key of a market's comments. */
export function commentsKey(market: string) {
  return ['prophecy', 'comments', market] as const;
}

/** A market's comments, page by page. */
export function commentsQueryOptions(market: string) {
  return infiniteQueryOptions({
    queryKey: commentsKey(market),
    queryFn: ({ pageParam, signal }) => getComments(market, pageParam, signal),
    initialPageParam: null as number | null,
    getNextPageParam: (last: CommentPage) => last.nextCursor,
  });
}

/** A market's comments; the market's route seeds the first page. */
export function useComments(market: string) {
  return useInfiniteQuery(commentsQueryOptions(market));
}
