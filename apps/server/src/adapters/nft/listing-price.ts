/**
 * What a ReTail buyer pays for a listing, split into its parts so the client's pre-bet breakdown needs no
 * maths.
 *
 * @module
 */

import { RETAIL_MARKETPLACE_FEE_BPS, BPS_DENOMINATOR } from '@arcade/sdk/constants';
import { retailBuyerPrice } from '@arcade/sdk/wager/bet-math';

import type { NftListing } from '../../ports/ports.ts';

/** A listing's buyer price and its parts, lamports. */
export interface ListingPriceBreakdown {
  /** Listing price + marketplace fee + royalty: the ReTail bet's `listingPrice`. */
  readonly buyerPrice: bigint;
  readonly marketplaceFee: bigint;
  /** Zero unless the NFT is programmable or a core asset (docs/reference/constants.md#fees). */
  readonly royalty: bigint;
}

/**
 * The buyer price of `listing` (the SDK's {@link retailBuyerPrice}, which the wager program agrees with)
 * and its parts; `price + marketplaceFee + royalty === buyerPrice` always.
 *
 * @example listingPriceBreakdown({ price: 1_000_000_000n, royaltyBps: 0, tokenStandard: 'NonFungible' })
 *   // { buyerPrice: 1_015_000_000n, marketplaceFee: 15_000_000n, royalty: 0n }
 */
export function listingPriceBreakdown(
  listing: Pick<NftListing, 'price' | 'royaltyBps' | 'tokenStandard'>,
): ListingPriceBreakdown {
  const buyerPrice = retailBuyerPrice(listing.price, listing.royaltyBps, listing.tokenStandard);
  // Rounded up, as retailBuyerPrice rounds each part; the royalty is what remains.
  const marketplaceFee =
    (listing.price * RETAIL_MARKETPLACE_FEE_BPS + BPS_DENOMINATOR - 1n) / BPS_DENOMINATOR;
  return { buyerPrice, marketplaceFee, royalty: buyerPrice - listing.price - marketplaceFee };
}
