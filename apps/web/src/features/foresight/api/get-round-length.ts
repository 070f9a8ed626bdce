/**
 * The round length the Foresight config on chain sets (its `timelock`), for pages that quote it without
 * showing the board (home). The board's own read is used when it is cached; otherwise only the config
 * account is read, with the chain code loaded on demand so the entry chunk stays small.
 *
 * @module
 */

import { useQuery, useQueryClient } from '@tanstack/react-query';

import { roundLength } from '../utils/round-length.ts';

/** The query key of the config's timelock. */
export function timelockKey(symbol: string) {
  return ['foresight', 'timelock', symbol] as const;
}

/** How long a read timelock is trusted: the operator changes it rarely, and a tick does not move it. */
const TIMELOCK_STALE_MS = 60_000;

/** The config's timelock in seconds, or null when the config does not exist yet. */
async function fetchTimelock(signal: AbortSignal): Promise<number | null> {
  const { fetchConfigTimelock } = await import('./get-config-timelock.ts');
  return fetchConfigTimelock(signal);
}

/**
 * The configured round length of SOL's Foresight ("5 min", "1 min", "90 s"); null while unknown (being read,
 * unreadable, or no config yet), so a page never quotes a length the chain does not use.
 */
export function useRoundLength(): string | null {
  const queryClient = useQueryClient();
  const timelock = useQuery({
    queryKey: timelockKey('SOL'),
    queryFn: ({ signal }) => fetchTimelock(signal),
    staleTime: TIMELOCK_STALE_MS,
    initialData: () => {
      const board = queryClient.getQueryData<{ readonly config: { readonly timelock: number } | null }>([
        'foresight',
        'board',
        'SOL',
      ]);
      return board?.config?.timelock;
    },
  });
  const secs = timelock.data;
  return secs === undefined || secs === null || secs <= 0 ? null : roundLength(secs);
}
