import type { MarketRequestListResponse, MarketRequestView } from '@arcade/sdk/api/prophecy';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { useAdminToken } from '../hooks/use-admin-token.ts';
import { adminKeys } from './query-keys.ts';

/** The filters of the request list; `all` sends no status. */
export type RequestFilter = 'pending' | 'approved' | 'rejected' | 'all';

/** `GET /api/prophecy/requests`: players' market requests, newest first. */
export async function getMarketRequests(
  token: string,
  filter: RequestFilter,
  signal?: AbortSignal,
): Promise<readonly MarketRequestView[]> {
  const body = await api<MarketRequestListResponse>('/api/prophecy/requests', {
    token,
    query: { status: filter === 'all' ? undefined : filter },
    ...(signal ? { signal } : {}),
  });
  return body.requests;
}

/** Query options of {@link getMarketRequests}; disabled without a token. */
export function marketRequestsQueryOptions(token: string | null, filter: RequestFilter) {
  return queryOptions({
    queryKey: adminKeys.requests(filter),
    queryFn: ({ signal }) => getMarketRequests(token ?? '', filter, signal),
    enabled: token !== null,
  });
}

/** The market requests of one status (or all). */
export function useMarketRequests(filter: RequestFilter) {
  return useQuery(marketRequestsQueryOptions(useAdminToken(), filter));
}
