import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { parseMarket, type Market, type MarketMetadata, type MarketWire } from './get-markets.ts';

/** A comment on a market; `comment` is plain text and rendered as text. */
export interface MarketComment {
  readonly id: number;
  readonly market: string;
  readonly user: string;
  readonly username: string | null;
  readonly comment: string;
  /** Milliseconds since the epoch. */
  readonly timestamp: number;
}

/** One market's page: the market with its rules, and the latest comments. */
export interface MarketDetail {
  readonly market: Market & { readonly marketMetadata: MarketMetadata & { readonly rules: string } };
  readonly comments: readonly MarketComment[];
}

/** `GET /api/prophecy/{market}`. */
export async function getMarket(key: string, signal?: AbortSignal): Promise<MarketDetail> {
  const body = await api<{
    market: MarketWire<MarketMetadata & { rules: string }>;
    comments: MarketComment[];
  }>(`/api/prophecy/${encodeURIComponent(key)}`, signal ? { signal } : {});
  return { market: parseMarket(body.market), comments: body.comments };
}

/** One market by its address. */
export function marketQueryOptions(key: string) {
  return queryOptions({
    queryKey: ['prophecy', 'market', key],
    queryFn: ({ signal }) => getMarket(key, signal),
  });
}

/** One market, loaded by the route before render. */
export function useMarket(key: string) {
  return useSuspenseQuery(marketQueryOptions(key));
}
