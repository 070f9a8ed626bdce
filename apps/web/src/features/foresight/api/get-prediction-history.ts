/**
 * The player's Foresight bets with their rounds, newest first, 20 a page (`POST /api/user/predictions`
 * through the history feature's one paginated fetch). Served from the server's index of the chain, so it can
 * lag a new bet by a moment: the page polls it.
 *
 * @module
 */

import type { Address } from '@solana/kit';
import { useInfiniteQuery } from '@tanstack/react-query';

import { getPredictionsPage, type PredictionRow } from '../../../lib/history/get-history.ts';

/** One of the player's bets. */
export type HistoryPrediction = PredictionRow;

/** How often the history is re-read while the page is open. */
export const HISTORY_POLL_MS = 15_000;

/** The history's query key. */
export function predictionHistoryKey(address: Address | null) {
  return ['foresight', 'history', address] as const;
}

/** `address`'s bets, page by page (disabled without a wallet). */
export function usePredictionHistory(address: Address | null) {
  return useInfiniteQuery({
    queryKey: predictionHistoryKey(address),
    queryFn: ({ pageParam, signal }) => getPredictionsPage(address!, pageParam, signal),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled: address !== null,
    // The server indexes results a moment after the chain settles them.
    refetchInterval: HISTORY_POLL_MS,
  });
}
