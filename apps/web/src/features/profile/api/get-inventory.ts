/**
 * The NFTs a wallet holds, for the profile picture picker: `GET /api/nfts/inventoryV2?address=`.
 *
 * @module
 */

import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';

/** One NFT of the inventory, in the DAS shape the server sends. */
export interface InventoryNft {
  readonly id: string;
  readonly content: {
    readonly links: { readonly image: string };
    readonly metadata: { readonly name: string; readonly symbol?: string };
  };
  readonly collection: string | null;
}

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
