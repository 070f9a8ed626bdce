/**
 * The trait filters of a collection: `GET /api/nfts/collectionTraits?collId=`, every trait type of its live
 * listings with each value's count.
 *
 * @module
 */

import type { NftCollectionTraitsResponseJson } from '@arcade/sdk/api/nfts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';

/** trait type → value → how many live listings have it. */
export type CollectionTraits = Readonly<Record<string, Readonly<Record<string, number>>>>;

/** Fetches the traits of `collId`'s live listings. */
export async function getCollectionTraits(collId: string, signal?: AbortSignal): Promise<CollectionTraits> {
  const { traits } = await api<NftCollectionTraitsResponseJson>('/api/nfts/collectionTraits', {
    query: { collId },
    ...(signal === undefined ? {} : { signal }),
  });
  return traits;
}

/** Query options of a collection's traits. */
export function collectionTraitsQueryOptions(collId: string) {
  return queryOptions({
    queryKey: ['nfts', 'collection-traits', collId] as const,
    queryFn: ({ signal }) => getCollectionTraits(collId, signal),
    staleTime: 30_000,
  });
}

/** A collection's traits; the filters show a skeleton while they load. */
export function useCollectionTraits(collId: string) {
  return useQuery(collectionTraitsQueryOptions(collId));
}
