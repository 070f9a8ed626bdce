/**
 * The live-listing check of a play (`getListingV2`, on entry, every 15 s and once more right before the
 * wallet prompt) and what the panel says about it: the listing is live, sold, at a new price, or could not
 * be checked. A bet is only ever asked for a listing the last check found live at the price the player saw.
 *
 * @module
 */

import { formatSol } from '../../../lib/format.ts';

/** Where the panel's check stands: still waiting for an answer, the last one failed, or answered. */
export type ListingCheck = 'checking' | 'failed' | 'done';

/** A sold or delisted listing (the server answers 404). */
export const LISTING_SOLD = 'This NFT is no longer listed: someone bought it or the seller delisted it.';

/** No answer yet. */
export const LISTING_CHECKING = 'Checking the listing is still live…';

/** The last check failed (a network error, a 5xx, a 4xx other than 404): no bet until one answers. */
export const LISTING_CHECK_FAILED =
  'We could not check that this NFT is still listed, so you cannot play it yet. Check again, or wait for the next check.';

/**
 * The check before the wallet prompt found a new price: nothing was placed.
 *
 * @example listingPriceChanged(900_000_000n) === 'The seller changed the price to 0.90 SOL. The breakdown below shows the new price: press Play again to bet on it.'
 */
export function listingPriceChanged(price: bigint): string {
  return `The seller changed the price to ${formatSol(price)}. The breakdown below shows the new price: press Play again to bet on it.`;
}

/** Why the check before the wallet prompt stopped a bet. */
export type ListingCheckFailure = 'sold' | 'price-changed' | 'failed';

/** The check before the wallet prompt stopped the bet; `message` is the sentence the player reads. */
export class ListingCheckError extends Error {
  override readonly name = 'ListingCheckError';
  readonly reason: ListingCheckFailure;

  constructor(reason: ListingCheckFailure, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.reason = reason;
  }
}
