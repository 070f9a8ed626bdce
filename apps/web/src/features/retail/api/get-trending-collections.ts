/**
 * ReTail's trending collections: `GET /api/nfts/trendingV2`.
 *
 * @module
 */

import type { NftCollectionSummaryJson, NftCollectionsResponseJson } from '@arcade/sdk/api/nfts';
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';

/** A ReTail collection summary (the SDK's {@link NftCollectionSummaryJson}); lamport amounts are bigint. */
export interface CollectionSummary extends Readonly<
  Omit<NftCollectionSummaryJson, 'floorPrice' | 'volume24h'>
> {
  readonly floorPrice: bigint;
  readonly volume24h: bigint;
}

/** Turns the server's decimal strings into bigint lamports. */
export function parseCollectionSummary(wire: NftCollectionSummaryJson): CollectionSummary {
  return { ...wire, floorPrice: BigInt(wire.floorPrice), volume24h: BigInt(wire.volume24h) };
}

/** `GET /api/nfts/trendingV2`. */
export async function getTrendingCollections(signal?: AbortSignal): Promise<readonly CollectionSummary[]> {
  const body = await api<NftCollectionsResponseJson>('/api/nfts/trendingV2', signal ? { signal } : {});
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
