/**
 * Whether a wallet holds an NFT, to show a claimed NFT as owned: the shared inventory query
 * (`lib/nft-inventory.ts`), so a claim refreshes the profile picker's list too.
 *
 * @module
 */

import { useQuery } from '@tanstack/react-query';

import { inventoryQueryOptions } from '../../../lib/nft-inventory.ts';

/** Whether `address` holds `mint`: null while unknown (no wallet, loading or failed). */
export function useOwnsNft(address: string | null, mint: string): boolean | null {
  const query = useQuery({
    ...inventoryQueryOptions(address ?? ''),
    enabled: address !== null,
    select: (owned) => owned.some((nft) => nft.id === mint),
  });
  return address === null ? null : (query.data ?? null);
}
