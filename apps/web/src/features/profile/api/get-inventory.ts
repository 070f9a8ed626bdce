/**
 * The NFTs a wallet holds, for the profile picture picker: `GET /api/nfts/inventoryV2?address=`.
 *
 * @module
 */

import type { InventoryNftJson } from '@arcade/sdk/api/nfts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';

/** One NFT of the inventory, in the DAS shape the server sends (the SDK's {@link InventoryNftJson}). */
export type InventoryNft = InventoryNftJson;

/** Fetches the NFTs `address` holds. */
export async function getInventory(address: string, signal?: AbortSignal): Promise<readonly InventoryNft[]> {
  const body = await api<{ inventory: InventoryNft[] }>('/api/nfts/inventoryV2', {
    query: { address },
    ...(signal === undefined ? {} : { signal }),
  });
  return body.inventory;
}

/** Query options of a wallet's inventory. */
export function inventoryQueryOptions(address: string) {
  return queryOptions({
    queryKey: ['nfts', 'inventory', address] as const,
    queryFn: ({ signal }) => getInventory(address, signal),
  });
}

/** The NFTs `address` holds; only fetched while `enabled` (the picker is open). */
export function useInventory(address: string, enabled: boolean) {
  return useQuery({ ...inventoryQueryOptions(address), enabled });
}
