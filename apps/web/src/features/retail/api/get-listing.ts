/**
 * Whether a listing is still live, and at what price: `GET /api/nfts/getListingV2?collId=&mint=`. The
 * collection page can be minutes old; the bet panel asks again before a bet and before a claim as NFT.
 *
 * @module
 */

import type { NftListingResponseJson } from '@arcade/sdk/api/nfts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api, ApiError } from '../../../lib/api-client.ts';
import { parseListing, type Listing } from './get-collection.ts';

/** How often an open bet panel re-checks its listing. */
export const LISTING_RECHECK_MS = 15_000;

/**
 * The live listing, or null when the marketplace no longer lists it (sold or delisted: the server answers
 * 404 "Listing not found").
 */
export async function getListing(
  collId: string,
  mint: string,
  signal?: AbortSignal,
): Promise<Listing | null> {
  try {
    const { listing } = await api<NftListingResponseJson>('/api/nfts/getListingV2', {
      query: { collId, mint },
      ...(signal === undefined ? {} : { signal }),
    });
    return parseListing(listing);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** The query key of one listing. */
export function listingKey(collId: string, mint: string) {
  return ['nfts', 'listing', collId, mint] as const;
}

/**
 * How often a listing is re-checked: every {@link LISTING_RECHECK_MS} while it is listed (or unknown),
 * never again once the marketplace says it is gone (sold, won or delisted): a listing does not come back
 * under the same check, and asking again would only repeat the 404.
 */
export function listingRecheckInterval(data: Listing | null | undefined): number | false {
  return data === null ? false : LISTING_RECHECK_MS;
}

/** Query options of one listing: always re-read on mount, and every {@link LISTING_RECHECK_MS} while listed. */
export function listingQueryOptions(collId: string, mint: string) {
  return queryOptions({
    queryKey: listingKey(collId, mint),
    queryFn: ({ signal }) => getListing(collId, mint, signal),
    staleTime: 0,
    refetchInterval: (query) => listingRecheckInterval(query.state.data),
  });
}

/** One listing's live state; `enabled` false pauses the checks (e.g. while a bet is in flight). */
export function useLiveListing(collId: string, mint: string, enabled = true) {
  return useQuery({ ...listingQueryOptions(collId, mint), enabled });
}
