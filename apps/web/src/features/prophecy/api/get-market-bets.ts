/**
 * The connected wallet's Prophecy bets on one market, from its history (`POST /api/user/marketBets`, every
 * market, newest first, 20 a page): each prediction and addition with its time and signature, as the
 * server indexed them (a bet shows a few seconds after it confirms).
 *
 * @module
 */

import type { HistoryPageJson, MarketBetHistoryJson } from '@arcade/sdk/api/history';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';

import { api } from '../../../lib/api-client.ts';

/** One bet (a create or an update of a prediction). */
export interface MarketBet {
  readonly id: number;
  readonly signature: string;
  readonly market: string;
  /** The side, lower case. */
  readonly side: string;
  /** Lamports. */
  readonly amount: bigint;
  /** Unix seconds. */
  readonly timestamp: number;
}

/** How many history pages are read looking for this market's bets (the newest 100 bets). */
export const MARKET_BET_PAGES = 5;

/** `address`'s bets on `market`, newest first, from the newest {@link MARKET_BET_PAGES} history pages. */
export async function getMarketBets(
  address: string,
  market: string,
  signal?: AbortSignal,
): Promise<readonly MarketBet[]> {
  const bets: MarketBet[] = [];
  let cursor: number | null = null;
  for (let page = 0; page < MARKET_BET_PAGES; page++) {
    const body: HistoryPageJson<MarketBetHistoryJson> = await api('/api/user/marketBets', {
      method: 'POST',
      body: { address, id: cursor },
      ...(signal ? { signal } : {}),
    });
    for (const item of body.items) {
      if (item.market !== market) continue;
      bets.push({
        id: item.id,
        signature: item.signature,
        market: item.market,
        side: item.result.toLowerCase(),
        amount: BigInt(item.amount),
        timestamp: item.timestamp,
      });
    }
    cursor = body.nextCursor;
    if (cursor === null) break;
  }
  return bets;
}

/** The query key of a wallet's market bets (every market's queries start with it). */
export function marketBetsKey(address: string | null) {
  return ['prophecy', 'market-bets', address] as const;
}

/** `address`'s bets on `market`; disabled without an address. */
export function marketBetsQueryOptions(address: string | null, market: string) {
  return queryOptions({
    queryKey: [...marketBetsKey(address), market] as const,
    queryFn: ({ signal }) =>
      address === null ? Promise.resolve([]) : getMarketBets(address, market, signal),
    enabled: address !== null,
  });
}

/** The query key of the bets confirmed on this page that the server may not have indexed yet. */
export function confirmedMarketBetsKey(address: string | null, market: string) {
  return ['prophecy', 'confirmed-bets', address, market] as const;
}

/** Remembers a bet this page saw confirm, so the list shows it before the server indexes it. */
export function recordConfirmedMarketBet(
  queryClient: QueryClient,
  address: string,
  bet: Omit<MarketBet, 'id'>,
): void {
  queryClient.setQueryData<readonly MarketBet[]>(confirmedMarketBetsKey(address, bet.market), (current) => [
    // A negative id: never one of the server's.
    { ...bet, id: -(current?.length ?? 0) - 1 },
    ...(current ?? []),
  ]);
}

/** The server's bets, plus the confirmed ones it has not indexed yet (by signature), newest first. */
export function mergeMarketBets(
  indexed: readonly MarketBet[],
  confirmed: readonly MarketBet[],
): readonly MarketBet[] {
  const known = new Set(indexed.map((bet) => bet.signature));
  const missing = confirmed.filter((bet) => !known.has(bet.signature));
  if (missing.length === 0) return indexed;
  return [...missing, ...indexed].sort((a, b) => b.timestamp - a.timestamp);
}

/**
 * The connected wallet's bets on `market`: the server's, and those confirmed here a moment ago that its
 * indexer has not caught up with.
 */
export function useMarketBets(address: string | null, market: string) {
  const query = useQuery(marketBetsQueryOptions(address, market));
  const confirmed = useQuery({
    queryKey: confirmedMarketBetsKey(address, market),
    queryFn: () => [] as readonly MarketBet[],
    initialData: [] as readonly MarketBet[],
    staleTime: Infinity,
    gcTime: Infinity,
  }).data;
  const data = useMemo(
    () => (query.data === undefined ? undefined : mergeMarketBets(query.data, confirmed)),
    [query.data, confirmed],
  );
  return { ...query, data };
}
