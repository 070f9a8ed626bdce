import type { DataTag, QueryKey } from '@tanstack/react-query';

import { queryClient } from '../../../lib/query-client.ts';

type QueryArgs = Parameters<typeof queryClient.query>[0];

/**
 * Route loaders' prefetch into the shared query client: returns the cached data when there is some (however
 * old; the page's own query then refreshes it by its staleTime) and fetches otherwise. This is what
 * `ensureQueryData` did before TanStack Query deprecated it in favour of `query` with a static staleTime.
 *
 * @example await ensureData(tokensQueryOptions());
 */
export function ensureData<TData>(options: {
  readonly queryKey: DataTag<QueryKey, TData, Error>;
}): Promise<TData> {
  // queryOptions() results carry optional fields typed `T | undefined`, which exactOptionalPropertyTypes
  // will not pass to `query`; the shape is the same.
  return queryClient.query({ ...(options as unknown as QueryArgs), staleTime: 'static' }) as Promise<TData>;
}
