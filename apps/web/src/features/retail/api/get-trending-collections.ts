/**
 * ReTail's trending collections: `GET /api/nfts/trendingV2`.
 *
 * @module
 */

import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';

/** A ReTail collection summary; lamport amounts are bigint. */
export interface CollectionSummary {
  readonly collId: string;
  readonly slug: string;
  readonly name: string;
  readonly image: string;
  readonly floorPrice: bigint;
  readonly listedCount: number;
  readonly supply: number;
  readonly volume24h: bigint;
}

/** The wire shape: lamports as decimal strings. */
export interface CollectionSummaryWire extends Omit<CollectionSummary, 'floorPrice' | 'volume24h'> {
  readonly floorPrice: string;
  readonly volume24h: string;
}

/** Turns the server's decimal strings into bigint lamports. */
export function parseCollectionSummary(wire: CollectionSummaryWire): CollectionSummary {
  return { ...wire, floorPrice: BigInt(wire.floorPrice), volume24h: BigInt(wire.volume24h) };
}

/** `GET /api/nfts/trendingV2`. */
export async function getTrendingCollections(signal?: AbortSignal): Promise<readonly CollectionSummary[]> {
  const body = await api<{ collections: CollectionSummaryWire[] }>(
    '/api/nfts/trendingV2',
    signal ? { signal } : {},
  );
  return body.collections.map(parseCollectionSummary);
}

/** Trending collections (ReTail loads them on entry). */
export function trendingCollectionsQueryOptions() {
  return queryOptions({
    queryKey: ['nfts', 'trending'],
    queryFn: ({ signal }) => getTrendingCollections(signal),
    staleTime: 60_000,
  });
}

/** Trending collections, loaded by the route before render. */
export function useTrendingCollections() {
  return useSuspenseQuery(trendingCollectionsQueryOptions());
}
