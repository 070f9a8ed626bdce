/**
 * The app's one TanStack Query client. Server and chain data live only here; socket events write into the
 * same query keys.
 *
 * @module
 */

import { QueryClient } from '@tanstack/react-query';

import { ApiError } from './api-client.ts';

/** Creates the query client: no retries on 4xx (they will fail again), a short stale time otherwise. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 10_000,
        refetchOnWindowFocus: false,
        retry: (failureCount, error) =>
          !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failureCount < 2,
      },
    },
  });
}

export const queryClient = createQueryClient();
