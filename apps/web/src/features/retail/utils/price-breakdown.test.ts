import { MIN_BET_LAMPORTS, ODDS_MAX, ODDS_MIN } from '@arcade/sdk/constants';
import {
  betCost,
  betFee,
  betStake,
  retailBuyerPrice,
  royaltyApplies,
  type NftTokenStandard,
} from '@arcade/sdk/wager/bet-math';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { betBreakdown, priceBreakdown } from './price-breakdown.ts';
import { breakdownSol } from './sol-text.ts';

const STANDARDS: readonly NftTokenStandard[] = [
  'NonFungible',
  'ProgrammableNonFungible',
  'Core',
  'NonFungibleEdition',
  'ProgrammableNonFungibleEdition',
  'Fungible',
  'FungibleAsset',
];

const listingArb = fc.record({
  // Up to a million SOL: far beyond any listing, far within a u64 once the fees are added.
  price: fc.bigInt({ min: 0n, max: 1_000_000_000_000_000n }),
  royaltyBps: fc.integer({ min: 0, max: 10_000 }),
  tokenStandard: fc.constantFrom(...STANDARDS),
});

describe('priceBreakdown', () => {
  it('adds up to the SDK’s buyer price, for every listing', () => {
    fc.assert(
      fc.property(listingArb, (listing) => {
        const b = priceBreakdown(listing);
        expect(b.listingPrice + b.marketplaceFee + b.royalty).toBe(b.buyerPrice);
        expect(b.buyerPrice).toBe(retailBuyerPrice(listing.price, listing.royaltyBps, listing.tokenStandard));
      }),
    );
  });

  it('charges a royalty only for programmable NFTs and core assets', () => {
    fc.assert(
      fc.property(listingArb, (listing) => {
        const b = priceBreakdown(listing);
        expect(b.royaltyApplies).toBe(royaltyApplies(listing.tokenStandard));
        if (!royaltyApplies(listing.tokenStandard)) expect(b.royalty).toBe(0n);
        else expect(b.royalty).toBe((listing.price * BigInt(listing.royaltyBps) + 9_999n) / 10_000n);
      }),
    );
  });

  it('takes a 1.5% marketplace fee, rounded up', () => {
    expect(priceBreakdown({ price: 800_000_000n, royaltyBps: 0, tokenStandard: 'NonFungible' })).toEqual({
      listingPrice: 800_000_000n,
      marketplaceFee: 12_000_000n,
      royalty: 0n,
      royaltyApplies: false,
      buyerPrice: 812_000_000n,
    });
    expect(priceBreakdown({ price: 1n, royaltyBps: 500, tokenStandard: 'Core' })).toMatchObject({
      marketplaceFee: 1n,
      royalty: 1n,
      buyerPrice: 3n,
    });
    // 5% royalty is ignored for a plain NFT, charged for a pNFT.
    expect(
      priceBreakdown({ price: 1_000_000_000n, royaltyBps: 500, tokenStandard: 'NonFungible' }).buyerPrice,
    ).toBe(1_015_000_000n);
    expect(
      priceBreakdown({ price: 1_000_000_000n, royaltyBps: 500, tokenStandard: 'ProgrammableNonFungible' }),
    ).toMatchObject({ royalty: 50_000_000n, buyerPrice: 1_065_000_000n });
  });
});

describe('betBreakdown', () => {
  it('stakes the odds’ share of the buyer price and adds the 4% fee, as the program', () => {
    fc.assert(
      fc.property(listingArb, fc.integer({ min: ODDS_MIN, max: ODDS_MAX }), (listing, odds) => {
        const b = betBreakdown(listing, odds);
        expect(b.stake).toBe(betStake(b.buyerPrice, odds));
        expect(b.fee).toBe(betFee(b.stake));
        expect(b.total).toBe(b.stake + b.fee);
        expect(b.total).toBe(betCost(b.buyerPrice, odds));
        // The stake never undersells the prize: stake ≥ prize × odds / 100.
        expect(b.stake * 100n).toBeGreaterThanOrEqual(b.buyerPrice * BigInt(odds));
      }),
    );
  });

  it('prices the cheapest local listing at 95%', () => {
    const b = betBreakdown({ price: 800_000_000n, royaltyBps: 0, tokenStandard: 'NonFungible' }, 95);
    expect(b).toMatchObject({
      buyerPrice: 812_000_000n,
      stake: 771_400_000n,
      fee: 30_856_000n,
      total: 802_256_000n,
    });
    expect(b.stake).toBeGreaterThanOrEqual(MIN_BET_LAMPORTS);
  });
});

describe('SOL texts of the breakdown', () => {
  it('keeps the app format unless it would read 0.00 for a real amount', () => {
    expect(breakdownSol(812_000_000n)).toBe('0.81 SOL');
    expect(breakdownSol(12_000_000n)).toBe('0.01 SOL');
    expect(breakdownSol(3_248_000n)).toBe('0.0032 SOL');
    expect(breakdownSol(4_999_999n)).toBe('0.0050 SOL');
    expect(breakdownSol(40_000n)).toBe('<0.0001 SOL');
    expect(breakdownSol(0n)).toBe('0 SOL');
  });
});
