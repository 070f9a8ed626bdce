/**
 * One market's page data (`GET /api/prophecy/{market}`): the market with its rules, and the newest page of
 * its comments, which seeds the comments query so the page makes one request.
 *
 * @module
 */

import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { commentsKey, type MarketComment } from './get-comments.ts';
import type { CommentPage } from '@arcade/sdk/api/prophecy';
import { parseMarket, type Market, type MarketMetadata, type MarketWire } from './get-markets.ts';

/** A market with its rules, as its own page shows it. */
export type MarketWithRules = Omit<Market, 'marketMetadata'> & {
  readonly marketMetadata: MarketMetadata & { readonly rules: string };
};

/** One market's page: the market with its rules, and the newest comments. */
export interface MarketDetail {
  readonly market: MarketWithRules;
  readonly comments: readonly MarketComment[];
  /** The cursor of the next (older) page of comments, null when there is none. */
  readonly nextCursor: number | null;
}

/** `GET /api/prophecy/{market}`. */
export async function getMarket(key: string, signal?: AbortSignal): Promise<MarketDetail> {
  const body = await api<{
    market: MarketWire<MarketMetadata & { rules: string }>;
    comments: MarketComment[];
    nextCursor?: number | null;
  }>(`/api/prophecy/${encodeURIComponent(key)}`, signal ? { signal } : {});
  return { market: parseMarket(body.market), comments: body.comments, nextCursor: body.nextCursor ?? null };
}

/** The query key of one market's page data. */
export function marketKey(key: string) {
  return ['prophecy', 'market', key] as const;
}

/** One market by its address. */
export function marketQueryOptions(key: string) {
  return queryOptions({
    queryKey: marketKey(key),
    queryFn: ({ signal }) => getMarket(key, signal),
  });
}

/**
 * Loads a market into the cache unless it is there (route loaders), and its newest comments into the
 * comments query when that has none yet.
 *
 * @throws ApiError from the server, e.g. 404 'Market not found'.
 */
export async function ensureMarket(key: string): Promise<MarketDetail> {
  const detail = await queryClient.query({ ...marketQueryOptions(key), staleTime: 'static' });
  if (queryClient.getQueryData(commentsKey(key)) === undefined) {
    const first: CommentPage = { comments: detail.comments, nextCursor: detail.nextCursor };
    queryClient.setQueryData(commentsKey(key), { pages: [first], pageParams: [null] });
  }
  return detail;
}

/** One market, loaded by the route before render. */
export function useMarket(key: string) {
  return useSuspenseQuery(marketQueryOptions(key));
}
