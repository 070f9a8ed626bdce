/**
 * The listing price breakdown: its parts always add up to the SDK's buyer price (what the wager program
 * is told the prize costs), the fee is 1.5% rounded up, and royalties apply only to programmable NFTs and core assets (docs/reference/constants.md#fees).
 */

import { retailBuyerPrice } from '@arcade/sdk/wager/bet-math';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { listingPriceBreakdown } from './listing-price.ts';

const STANDARDS = ['NonFungible', 'ProgrammableNonFungible', 'Core'] as const;
const price = fc.bigInt({ min: 0n, max: 10n ** 17n });
const royaltyBps = fc.integer({ min: 0, max: 10_000 });

describe('listingPriceBreakdown', () => {
  it('matches the examples: 1 SOL plain NFT and 1 SOL pNFT with 5% royalty', () => {
    expect(
      listingPriceBreakdown({ price: 1_000_000_000n, royaltyBps: 500, tokenStandard: 'NonFungible' }),
    ).toEqual({
      buyerPrice: 1_015_000_000n,
      marketplaceFee: 15_000_000n,
      royalty: 0n,
    });
    expect(
      listingPriceBreakdown({
        price: 1_000_000_000n,
        royaltyBps: 500,
        tokenStandard: 'ProgrammableNonFungible',
      }),
    ).toEqual({ buyerPrice: 1_065_000_000n, marketplaceFee: 15_000_000n, royalty: 50_000_000n });
    // Rounded up: 1 lamport at 1.5% is a 1-lamport fee.
    expect(
      listingPriceBreakdown({ price: 1n, royaltyBps: 0, tokenStandard: 'NonFungible' }).marketplaceFee,
    ).toBe(1n);
  });

  it('adds up to the SDK buyer price, with each part rounded up', () => {
    fc.assert(
      fc.property(price, royaltyBps, fc.constantFrom(...STANDARDS), (p, bps, tokenStandard) => {
        const { buyerPrice, marketplaceFee, royalty } = listingPriceBreakdown({
          price: p,
          royaltyBps: bps,
          tokenStandard,
        });
        expect(buyerPrice).toBe(retailBuyerPrice(p, bps, tokenStandard));
        expect(p + marketplaceFee + royalty).toBe(buyerPrice);
        // ceil(p × 150 / 10000): the smallest fee whose 10000× covers 150 × price.
        expect(marketplaceFee * 10_000n).toBeGreaterThanOrEqual(p * 150n);
        expect((marketplaceFee - 1n) * 10_000n).toBeLessThan(p * 150n);
        if (tokenStandard === 'NonFungible') expect(royalty).toBe(0n);
        else {
          expect(royalty * 10_000n).toBeGreaterThanOrEqual(p * BigInt(bps));
          expect((royalty - 1n) * 10_000n).toBeLessThan(p * BigInt(bps));
        }
      }),
    );
  });
});
