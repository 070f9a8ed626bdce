/**
 * The NFTs a wallet holds (`GET /api/nfts/inventoryV2?address=`), to show a claimed NFT as owned. The query
 * key and shape are the profile picker's, so a claim refreshes both.
 *
 * @module
 */

import type { InventoryNftJson } from '@arcade/sdk/api/nfts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';

/** One NFT of the inventory, in the DAS shape the server sends (the SDK's {@link InventoryNftJson}). */
export type OwnedNft = InventoryNftJson;

/** The query key of a wallet's inventory (shared with the profile picker). */
export function inventoryKey(address: string) {
  return ['nfts', 'inventory', address] as const;
}

/** Fetches the NFTs `address` holds. */
export async function getOwnedNfts(address: string, signal?: AbortSignal): Promise<readonly OwnedNft[]> {
  const body = await api<{ inventory: OwnedNft[] }>('/api/nfts/inventoryV2', {
    query: { address },
    ...(signal === undefined ? {} : { signal }),
  });
  return body.inventory;
}

/** Query options of a wallet's inventory. */
export function ownedNftsQueryOptions(address: string) {
  return queryOptions({
    queryKey: inventoryKey(address),
    queryFn: ({ signal }) => getOwnedNfts(address, signal),
  });
}

/** Whether `address` holds `mint`: null while unknown (no wallet, loading or failed). */
export function useOwnsNft(address: string | null, mint: string): boolean | null {
  const query = useQuery({
    ...ownedNftsQueryOptions(address ?? ''),
    enabled: address !== null,
    select: (owned) => owned.some((nft) => nft.id === mint),
  });
  return address === null ? null : (query.data ?? null);
}
