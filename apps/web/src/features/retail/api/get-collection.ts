/**
 * One ReTail collection with its live listings: `GET /api/nfts/collectionV2?collId=`.
 *
 * @module
 */

import type { NftTokenStandard } from '@arcade/sdk/wager/bet-math';
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import {
  parseCollectionSummary,
  type CollectionSummary,
  type CollectionSummaryWire,
} from './get-trending-collections.ts';

/** The token standards the server lists (a subset of the SDK's {@link NftTokenStandard}). */
export type ListingTokenStandard = Extract<
  NftTokenStandard,
  'NonFungible' | 'ProgrammableNonFungible' | 'Core'
>;

/** An NFT listing of a collection (docs/reference/entities.md#client-views); lamport amounts are bigint. */
export interface Listing {
  readonly mint: string;
  readonly price: bigint;
  readonly seller: string;
  readonly tokenStandard: ListingTokenStandard;
  readonly tokenProgram: string;
  readonly royaltyBps: number;
  readonly name: string;
  readonly image: string;
  readonly attributes: readonly { readonly trait_type: string; readonly value: string }[];
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

/** A listing as the server sends it: lamports as decimal strings. */
export type ListingWire = Omit<Listing, 'price' | 'buyerPrice' | 'marketplaceFee' | 'royalty'> & {
  readonly price: string;
  readonly buyerPrice: string;
  readonly marketplaceFee: string;
  readonly royalty: string;
};

interface CollectionWire extends CollectionSummaryWire {
  readonly description: string;
  readonly listings: readonly ListingWire[];
}

/** `GET /api/nfts/collectionV2?collId=`. */
export async function getCollection(collId: string, signal?: AbortSignal): Promise<Collection> {
  const { collection } = await api<{ collection: CollectionWire }>('/api/nfts/collectionV2', {
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
export function parseListing(wire: ListingWire): Listing {
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
