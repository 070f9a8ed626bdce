import type { AdminHouse } from '@arcade/sdk/api/admin';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { useAdminToken } from '../hooks/use-admin-token.ts';
import { adminKeys } from './query-keys.ts';

/** How often the overview re-reads the House and the Foresight config. */
export const HOUSE_REFRESH_MS = 10_000;

/** `GET /api/admin/house`: the House and the Foresight config as the chain holds them. */
export function getHouse(token: string, signal?: AbortSignal): Promise<AdminHouse> {
  return api<AdminHouse>('/api/admin/house', { token, ...(signal ? { signal } : {}) });
}

/** Query options of {@link getHouse}; disabled without a token. */
export function houseQueryOptions(token: string | null) {
  return queryOptions({
    queryKey: adminKeys.house(),
    queryFn: ({ signal }) => getHouse(token ?? '', signal),
    enabled: token !== null,
    refetchInterval: HOUSE_REFRESH_MS,
  });
}

/** The House and Foresight config, refreshed every {@link HOUSE_REFRESH_MS}. */
export function useHouse() {
  return useQuery(houseQueryOptions(useAdminToken()));
}
