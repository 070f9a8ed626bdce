import { healthSchema, type Health } from '@arcade/sdk/api/health';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { ApiError, apiErrorOf } from '../../../lib/api-client.ts';
import { adminKeys } from './query-keys.ts';

/** How often the workers table re-reads the health report. */
export const HEALTH_REFRESH_MS = 5_000;

/**
 * `GET /api/health`. An unhealthy server answers 503 with the same report, which is exactly what the
 * operator needs to see, so that body is returned rather than thrown (unlike `api()`).
 */
export async function getHealth(signal?: AbortSignal): Promise<Health> {
  let response: Response;
  try {
    response = await fetch('/api/health', {
      headers: { accept: 'application/json' },
      ...(signal ? { signal } : {}),
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError('Network error: the server cannot be reached', 0);
  }
  const body: unknown = await response.json().catch(() => null);
  const health = healthSchema.safeParse(body);
  if (health.success) return health.data;
  throw apiErrorOf(response.status, body);
}

/** Query options of {@link getHealth}, refreshed every {@link HEALTH_REFRESH_MS}. */
export function healthQueryOptions() {
  return queryOptions({
    queryKey: adminKeys.health(),
    queryFn: ({ signal }) => getHealth(signal),
    refetchInterval: HEALTH_REFRESH_MS,
  });
}

/** The server's health report. */
export function useHealth() {
  return useQuery(healthQueryOptions());
}
