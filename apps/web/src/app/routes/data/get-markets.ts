import { PROPHECY_DEFAULT_SORT, PROPHECY_SHOW_PAST_EVENTS } from '@arcade/sdk/constants';
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';

/** The orders the server sorts markets by. */
export const MARKET_SORTS = ['TimeAsc', 'TimeDesc', 'VolumeDesc', 'EndingSoon'] as const;

/** One of {@link MARKET_SORTS}. */
export type MarketSort = (typeof MARKET_SORTS)[number];

/** Labels of the sort orders in the list's picker. */
export const MARKET_SORT_LABELS: Readonly<Record<MarketSort, string>> = {
  TimeAsc: 'Ending last',
  TimeDesc: 'Ending first',
  VolumeDesc: 'Biggest pot',
  EndingSoon: 'Closing soon',
};

/** Off-chain metadata of a market, kept by the server. */
export interface MarketMetadata {
  readonly name: string;
  readonly shortName: string;
  readonly yesOption: string;
  readonly noOption: string;
  readonly invalidOption: string;
  readonly category: string;
  readonly image: string | null;
}

/** A Prophecy market (spec §3 "Yes/no market" + marketMetadata); pools are bigint lamports. */
export interface Market {
  readonly key: string;
  /** Unix seconds. */
  readonly startTime: number;
  readonly endTime: number;
  /** Unix seconds: predictions close. */
  readonly cutOffTime: number;
  readonly yesCount: number;
  readonly noCount: number;
  readonly totalCount: number;
  readonly yesPool: bigint;
  readonly noPool: bigint;
  readonly totalPool: bigint;
  readonly isSettled: boolean;
  readonly settledCount: number;
  readonly result: 'yes' | 'no' | 'invalid' | null;
  readonly referrer: string | null;
  readonly marketMetadata: MarketMetadata;
}

/** The wire shape: pools as decimal strings. */
export type MarketWire<M extends MarketMetadata = MarketMetadata> = Omit<
  Market,
  'yesPool' | 'noPool' | 'totalPool' | 'marketMetadata'
> & {
  readonly yesPool: string;
  readonly noPool: string;
  readonly totalPool: string;
  readonly marketMetadata: M;
};

/** Turns the server's decimal strings into bigint lamports. */
export function parseMarket<M extends MarketMetadata>(
  wire: MarketWire<M>,
): Omit<Market, 'marketMetadata'> & {
  readonly marketMetadata: M;
} {
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

/** The query of the market list (spec §2: sortBy, categories, name and showPastEvents). */
export interface MarketListParams {
  readonly sortBy: MarketSort;
  /** The selected categories as a JSON object (`{"Crypto":true}`), `{}` for all; sent URL-encoded. */
  readonly categories: string;
  readonly name: string | null;
  readonly showPastEvents: boolean;
}

/**
 * Reads the list's query from the page URL, with the spec's defaults: sortBy TimeAsc, categories `{}`, no
 * name, showPastEvents true.
 */
export function marketListParamsFromUrl(search: URLSearchParams): MarketListParams {
  const sort = search.get('sortBy');
  const name = search.get('name')?.trim() ?? '';
  return {
    sortBy: MARKET_SORTS.find((s) => s === sort) ?? PROPHECY_DEFAULT_SORT,
    categories: search.get('categories') ?? '{}',
    name: name === '' ? null : name,
    showPastEvents: PROPHECY_SHOW_PAST_EVENTS,
  };
}

/** The categories selected in a {@link MarketListParams.categories} value; malformed input selects none. */
export function selectedCategories(categories: string): readonly string[] {
  try {
    const parsed: unknown = JSON.parse(categories);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return [];
    return Object.entries(parsed as Record<string, unknown>)
      .filter(([, on]) => on === true)
      .map(([category]) => category);
  } catch {
    return [];
  }
}

/** A page of markets. */
export interface MarketPage {
  readonly markets: readonly Market[];
  readonly total: number;
}

/** `GET /api/prophecy/markets`. */
export async function getMarkets(params: MarketListParams, signal?: AbortSignal): Promise<MarketPage> {
  const body = await api<{ markets: MarketWire[]; total: number }>('/api/prophecy/markets', {
    query: {
      sortBy: params.sortBy,
      categories: params.categories,
      name: params.name,
      showPastEvents: params.showPastEvents,
    },
    ...(signal ? { signal } : {}),
  });
  return { markets: body.markets.map(parseMarket), total: body.total };
}

/** The market list for one query. */
export function marketsQueryOptions(params: MarketListParams) {
  return queryOptions({
    queryKey: ['prophecy', 'markets', params],
    queryFn: ({ signal }) => getMarkets(params, signal),
  });
}

/** The market list, loaded by the route before render. */
export function useMarkets(params: MarketListParams) {
  return useSuspenseQuery(marketsQueryOptions(params));
}
