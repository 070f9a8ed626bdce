/**
 * The market list (`GET /api/prophecy/markets`): pages of 24 markets for one {@link MarketListParams},
 * loaded page after page as the player asks for more.
 *
 * @module
 */

import type {
  MarketListMetadata,
  MarketListResponse,
  MarketView,
  ProphecyMarket,
} from '@arcade/sdk/api/prophecy';
import { infiniteQueryOptions, useSuspenseInfiniteQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { queryClient } from '../../../lib/query-client.ts';
import type { MarketListParams } from '../utils/list-params.ts';

/**
 * A Prophecy market (a Yes/no market + marketMetadata: docs/reference/entities.md#client-views); pools are
 * bigint lamports.
 */
export interface Market extends Omit<ProphecyMarket<MarketListMetadata>, 'yesPool' | 'noPool' | 'totalPool'> {
  readonly yesPool: bigint;
  readonly noPool: bigint;
  readonly totalPool: bigint;
}

/** Turns the server's decimal strings into bigint lamports. */
export function parseMarket<M extends MarketListMetadata>(
  wire: MarketView<M>,
): Omit<Market, 'marketMetadata'> & { readonly marketMetadata: M } {
  return {
    key: wire.key,
    startTime: wire.startTime,
    endTime: wire.endTime,
    cutOffTime: wire.cutOffTime,
    yesCount: wire.yesCount,
    noCount: wire.noCount,
    totalCount: wire.totalCount,
    yesPool: BigInt(wire.yesPool),
    noPool: BigInt(wire.noPool),
    totalPool: BigInt(wire.totalPool),
    isSettled: wire.isSettled,
    settledCount: wire.settledCount,
    result: wire.result,
    referrer: wire.referrer,
    marketMetadata: wire.marketMetadata,
  };
}

/** A page of markets. */
export interface MarketPage extends Omit<MarketListResponse, 'success' | 'markets'> {
  readonly markets: readonly Market[];
}

/** `GET /api/prophecy/markets`: the page at `offset` (the server's page size, 24). */
export async function getMarkets(
  params: MarketListParams,
  offset = 0,
  signal?: AbortSignal,
): Promise<MarketPage> {
  const body = await api<MarketListResponse>('/api/prophecy/markets', {
    query: {
      sortBy: params.sortBy,
      categories: params.categories,
      name: params.name,
      showPastEvents: params.showPastEvents,
      offset: offset === 0 ? undefined : offset,
    },
    ...(signal ? { signal } : {}),
  });
  return { markets: body.markets.map(parseMarket), total: body.total, nextOffset: body.nextOffset };
}

/** The query key of the market list for one query; every list key starts with `['prophecy', 'markets']`. */
export function marketsKey(params: MarketListParams) {
  return ['prophecy', 'markets', 'list', params] as const;
}

/** The market list for one query, page by page. */
export function marketsQueryOptions(params: MarketListParams) {
  return infiniteQueryOptions({
    queryKey: marketsKey(params),
    queryFn: ({ pageParam, signal }) => getMarkets(params, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last: MarketPage) => last.nextOffset ?? undefined,
  });
}

/** Loads the first page of a list into the cache unless it is there (route loaders). */
export async function ensureMarkets(params: MarketListParams): Promise<void> {
  await queryClient.infiniteQuery({ ...marketsQueryOptions(params), staleTime: 'static' });
}

/** The market list, loaded by the route before render. */
export function useMarkets(params: MarketListParams) {
  return useSuspenseInfiniteQuery(marketsQueryOptions(params));
}
