/**
 * One ReTail collection with its live listings: `GET /api/nfts/collectionV2?collId=`.
 *
 * @module
 */

import type { NftCollectionResponseJson, NftListingJson } from '@arcade/sdk/api/nfts';
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { parseCollectionSummary, type CollectionSummary } from './get-trending-collections.ts';

/** The token standards the server lists. */
export type ListingTokenStandard = NftListingJson['tokenStandard'];

/**
 * An NFT listing of a collection (the SDK's {@link NftListingJson}, docs/reference/entities.md#client-views);
 * lamport amounts are bigint.
 */
export interface Listing extends Readonly<
  Omit<NftListingJson, 'price' | 'buyerPrice' | 'marketplaceFee' | 'royalty'>
> {
  readonly price: bigint;
  /** Listing price × (1 + marketplace fee + royalty): the prize a ReTail bet is priced at. */
  readonly buyerPrice: bigint;
  readonly marketplaceFee: bigint;
  readonly royalty: bigint;
}

/** One collection with its live listings, cheapest first. */
export interface Collection extends CollectionSummary {
  readonly description: string;
  readonly listings: readonly Listing[];
}

/** `GET /api/nfts/collectionV2?collId=`. */
export async function getCollection(collId: string, signal?: AbortSignal): Promise<Collection> {
  const { collection } = await api<NftCollectionResponseJson>('/api/nfts/collectionV2', {
    query: { collId },
    ...(signal ? { signal } : {}),
  });
  return {
    ...parseCollectionSummary(collection),
    description: collection.description,
    listings: collection.listings.map(parseListing),
  };
}

/** Turns the server's decimal strings into bigint lamports. */
export function parseListing(wire: NftListingJson): Listing {
  return {
    ...wire,
    price: BigInt(wire.price),
    buyerPrice: BigInt(wire.buyerPrice),
    marketplaceFee: BigInt(wire.marketplaceFee),
    royalty: BigInt(wire.royalty),
  };
}

/** The query key of one collection. */
export function collectionKey(collId: string) {
  return ['nfts', 'collection', collId] as const;
}

/** One collection by id (the route's slug). */
export function collectionQueryOptions(collId: string) {
  return queryOptions({
    queryKey: collectionKey(collId),
    queryFn: ({ signal }) => getCollection(collId, signal),
    staleTime: 30_000,
  });
}

/** One collection, loaded by the route before render. */
export function useCollection(collId: string) {
  return useSuspenseQuery(collectionQueryOptions(collId));
}
