/**
 * The NFTs a wallet holds: `GET /api/nfts/inventoryV2?address=`. One fetcher and one key for every reader
 * (the profile picture picker, ReTail's "owned" mark), so the cache holds one shape and a claim that
 * invalidates {@link inventoryKey} refreshes them all.
 *
 * @module
 */

import type { InventoryNftJson, InventoryResponseJson } from '@arcade/sdk/api/nfts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from './api-client.ts';

/** The query key of a wallet's inventory. */
export function inventoryKey(address: string) {
  return ['nfts', 'inventory', address] as const;
}

/** Fetches the NFTs `address` holds, in the DAS shape the server sends. */
export async function getInventory(
  address: string,
  signal?: AbortSignal,
): Promise<readonly InventoryNftJson[]> {
  const body = await api<InventoryResponseJson>('/api/nfts/inventoryV2', {
    query: { address },
    ...(signal === undefined ? {} : { signal }),
  });
  return body.inventory;
}

/** Query options of a wallet's inventory. */
export function inventoryQueryOptions(address: string) {
  return queryOptions({
    queryKey: inventoryKey(address),
    queryFn: ({ signal }) => getInventory(address, signal),
  });
}

/** The NFTs `address` holds; only fetched while `enabled`. */
export function useInventory(address: string, enabled: boolean) {
  return useQuery({ ...inventoryQueryOptions(address), enabled });
}
