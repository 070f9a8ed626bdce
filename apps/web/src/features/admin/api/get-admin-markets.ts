import type { MarketListResponse } from '@arcade/sdk/api/prophecy';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { adminKeys } from './query-keys.ts';

/** How many markets the console lists: open ones come first, so this is plenty to find what needs work. */
export const ADMIN_MARKETS_LIMIT = 200;

/** How often the market list refreshes (pools move while it is open). */
export const ADMIN_MARKETS_REFRESH_MS = 15_000;

/** The market list page: the markets and how many match. */
export type MarketPage = Pick<MarketListResponse, 'markets' | 'total'>;

/**
 * `GET /api/prophecy/markets` sorted EndingSoon (open markets, nearest cutoff first, then the rest), with
 * past events kept: an ended but unresolved market is exactly what the operator has to resolve.
 */
export async function getAdminMarkets(signal?: AbortSignal): Promise<MarketPage> {
  const body = await api<MarketListResponse>('/api/prophecy/markets', {
    query: { sortBy: 'EndingSoon', showPastEvents: true, limit: ADMIN_MARKETS_LIMIT },
    ...(signal ? { signal } : {}),
  });
  return { markets: body.markets, total: body.total };
}

/** Query options of {@link getAdminMarkets}. */
export function adminMarketsQueryOptions() {
  return queryOptions({
    queryKey: adminKeys.markets(),
    queryFn: ({ signal }) => getAdminMarkets(signal),
    refetchInterval: ADMIN_MARKETS_REFRESH_MS,
  });
}

/** The markets, open first. */
export function useAdminMarkets() {
  return useQuery(adminMarketsQueryOptions());
}
