/**
 * One market's page data (`GET /api/prophecy/{market}`): the market with its rules, and the newest page of
 * its comments, which seeds the comments query so the page makes one request.
 *
 * @module
 */

import type { CommentPage, MarketPageResponse, MarketViewMetadata } from '@arcade/sdk/api/prophecy';
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { commentsKey } from './get-comments.ts';
import { parseMarket, type Market } from './get-markets.ts';

/** A market with its rules, as its own page shows it. */
export type MarketWithRules = Omit<Market, 'marketMetadata'> & {
  readonly marketMetadata: MarketViewMetadata;
};

/** One market's page: the market with its rules (pools as bigint), and the newest comments. */
export type MarketDetail = Omit<MarketPageResponse, 'success' | 'market'> & {
  readonly market: MarketWithRules;
};

/** `GET /api/prophecy/{market}`. */
export async function getMarket(key: string, signal?: AbortSignal): Promise<MarketDetail> {
  const body = await api<MarketPageResponse>(
    `/api/prophecy/${encodeURIComponent(key)}`,
    signal ? { signal } : {},
  );
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
