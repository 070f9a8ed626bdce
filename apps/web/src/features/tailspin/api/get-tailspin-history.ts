/**
 * The player's TailSpin bets (bet types sol and token) from `POST /api/user/bets` with `game: 'tailspin'`,
 * newest first, 20 a page, through the history feature's one paginated fetch.
 *
 * @module
 */

import type { Address } from '@solana/kit';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';

import { getBetsPage, type BetRow, type HistoryPage } from '../../../lib/history/get-history.ts';
import { useClaimedBet, withClaimedBet } from '../../../lib/wager-bet/api/claimed-bet.ts';
import { betHistoryKey } from '../../../lib/wager-bet/api/get-bet-history.ts';

/** Query options of `address`'s TailSpin history (under the wager-bet history key, so bets refresh it). */
export function tailSpinHistoryQueryOptions(address: string | null) {
  return infiniteQueryOptions({
    queryKey: [...betHistoryKey(address), 'tailspin'] as const,
    queryFn: ({ pageParam, signal }) =>
      getBetsPage({ address: address ?? '', cursor: pageParam, game: 'tailspin' }, signal),
    initialPageParam: null as number | null,
    getNextPageParam: (last: HistoryPage<BetRow>) => last.nextCursor,
    enabled: address !== null,
  });
}

/**
 * The player's TailSpin bets, newest first, with `fetchNextPage` for more; a win claimed on this page shows
 * as claimed before the server has indexed the claim.
 */
export function useTailSpinHistory(address: string | null) {
  const query = useInfiniteQuery(tailSpinHistoryQueryOptions(address));
  const claimed = useClaimedBet(address as Address | null);
  const items = useMemo(
    () => withClaimedBet(query.data?.pages.flatMap((page) => page.items) ?? [], claimed),
    [query.data, claimed],
  );
  return { ...query, items };
}
