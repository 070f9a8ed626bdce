/**
 * ReTail's pre-bet breakdown (docs/reference/constants.md#fees): what the NFT costs the house to buy (listing
 * price + 1.5% marketplace fee + the royalty, for programmable NFTs and core assets only) and what the player
 * pays for a shot at it (the stake, that share of the buyer price at the chosen odds, plus the 4% fee). Every
 * number comes from the SDK's maths, the same the wager program runs.
 *
 * @module
 */

import { BPS_DENOMINATOR, RETAIL_MARKETPLACE_FEE_BPS } from '@arcade/sdk/constants';
import {
  betFee,
  betStake,
  retailBuyerPrice,
  royaltyApplies,
  type NftTokenStandard,
} from '@arcade/sdk/wager/bet-math';

/** What the breakdown reads of a listing. */
export interface PricedListing {
  /** The seller's price, lamports. */
  readonly price: bigint;
  readonly royaltyBps: number;
  readonly tokenStandard: NftTokenStandard;
}

/** The NFT's price, split into its parts (lamports). */
export interface PriceBreakdown {
  readonly listingPrice: bigint;
  /** 1.5% of the listing price, rounded up. */
  readonly marketplaceFee: bigint;
  /** royaltyBps of the listing price, rounded up; 0 unless {@link PriceBreakdown.royaltyApplies}. */
  readonly royalty: bigint;
  /** Whether this token standard pays a royalty (programmable NFTs and core assets). */
  readonly royaltyApplies: boolean;
  /** listingPrice + marketplaceFee + royalty: the bet's prize (`listing_price` on chain). */
  readonly buyerPrice: bigint;
}

/** The bet at some odds on top of {@link PriceBreakdown}. */
export interface BetBreakdown extends PriceBreakdown {
  readonly odds: number;
  /** ceil(buyerPrice × odds / 100). */
  readonly stake: bigint;
  /** 4% of the stake. */
  readonly fee: bigint;
  /** stake + fee: what the wallet pays. */
  readonly total: bigint;
}

function ceilBps(amount: bigint, bps: bigint): bigint {
  return (amount * bps + BPS_DENOMINATOR - 1n) / BPS_DENOMINATOR;
}

/**
 * A listing's price breakdown. The buyer price is the SDK's {@link retailBuyerPrice}; the parts are
 * computed on their own with the same rounding, so they always add up to it.
 *
 * @example priceBreakdown({ price: 1_000_000_000n, royaltyBps: 500, tokenStandard: 'Core' })
 *   // { listingPrice: 1_000_000_000n, marketplaceFee: 15_000_000n, royalty: 50_000_000n, buyerPrice: 1_065_000_000n, … }
 */
export function priceBreakdown(listing: PricedListing): PriceBreakdown {
  const applies = royaltyApplies(listing.tokenStandard);
  return {
    listingPrice: listing.price,
    marketplaceFee: ceilBps(listing.price, RETAIL_MARKETPLACE_FEE_BPS),
    royalty: applies ? ceilBps(listing.price, BigInt(listing.royaltyBps)) : 0n,
    royaltyApplies: applies,
    buyerPrice: retailBuyerPrice(listing.price, listing.royaltyBps, listing.tokenStandard),
  };
}

/**
 * The full pre-bet breakdown of a listing at `odds` percent.
 *
 * @example betBreakdown({ price: 800_000_000n, royaltyBps: 0, tokenStandard: 'NonFungible' }, 95).total === 802_256_000n
 */
export function betBreakdown(listing: PricedListing, odds: number): BetBreakdown {
  const price = priceBreakdown(listing);
  const stake = betStake(price.buyerPrice, odds);
  const fee = betFee(stake);
  return { ...price, odds, stake, fee, total: stake + fee };
}
