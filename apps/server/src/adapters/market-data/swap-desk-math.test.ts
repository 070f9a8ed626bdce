/**
 * The swap desk's quote maths: never more than the oracle conversion, always rounded down, and the
 * slippage threshold exactly `outAmount × (1 − slippage)` rounded down.
 */

import { BPS_DENOMINATOR, LAMPORTS_PER_SOL, SWAP_SLIPPAGE_BPS } from '@arcade/sdk/constants';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import {
  convert,
  DESK_SPREAD_BPS,
  otherAmountThreshold,
  stablecoinPriceInSol,
  type OraclePrice,
} from './swap-desk-math.ts';

const DECIMALS = 6;
const TOKEN_UNIT = 10n ** BigInt(DECIMALS);

/** SOL between $0.01 and $100,000 at Pyth's exponent −8. */
const oracleArb = fc.record({
  price: fc.bigInt({ min: 1_000_000n, max: 10_000_000_000_000n }),
  exponent: fc.constant(-8),
});
const amountArb = fc.bigInt({ min: 0n, max: 10n ** 16n });
const spreadArb = fc.bigInt({ min: 0n, max: 500n });

/** The exact value of `amount` in the other asset, as a fraction, before any spread. */
function exact(direction: 'solToToken' | 'tokenToSol', amount: bigint, oracle: OraclePrice) {
  const scale = 10n ** BigInt(-oracle.exponent);
  return direction === 'solToToken'
    ? { numerator: amount * oracle.price * TOKEN_UNIT, denominator: LAMPORTS_PER_SOL * scale }
    : { numerator: amount * LAMPORTS_PER_SOL * scale, denominator: TOKEN_UNIT * oracle.price };
}

describe('convert', () => {
  it('prices 1 SOL at $150 as 150 tokens, and 150 tokens as 1 SOL, before the spread', () => {
    const oracle = { price: 15_000_000_000n, exponent: -8 };
    expect(convert('solToToken', LAMPORTS_PER_SOL, oracle, DECIMALS, 0n)).toBe(150n * TOKEN_UNIT);
    expect(convert('tokenToSol', 150n * TOKEN_UNIT, oracle, DECIMALS, 0n)).toBe(LAMPORTS_PER_SOL);
    // The desk keeps 0.3%.
    expect(convert('solToToken', LAMPORTS_PER_SOL, oracle, DECIMALS)).toBe(149_550_000n);
    expect(DESK_SPREAD_BPS).toBe(30n);
  });

  it('never gives more than the un-spread conversion, and rounds down', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('solToToken' as const, 'tokenToSol' as const),
        amountArb,
        oracleArb,
        spreadArb,
        (direction, amount, oracle, spread) => {
          const out = convert(direction, amount, oracle, DECIMALS, spread);
          const unspread = convert(direction, amount, oracle, DECIMALS, 0n);
          const { numerator, denominator } = exact(direction, amount, oracle);
          expect(out).toBeLessThanOrEqual(unspread);
          // unspread = floor(exact): never above it, and less than one unit below it.
          expect(unspread * denominator).toBeLessThanOrEqual(numerator);
          expect((unspread + 1n) * denominator).toBeGreaterThan(numerator);
          // out = floor(exact × (1 − spread)).
          const kept = BPS_DENOMINATOR - spread;
          expect(out * denominator * BPS_DENOMINATOR).toBeLessThanOrEqual(numerator * kept);
          expect((out + 1n) * denominator * BPS_DENOMINATOR).toBeGreaterThan(numerator * kept);
        },
      ),
    );
  });

  it('cannot be round-tripped for a profit', () => {
    fc.assert(
      fc.property(amountArb, oracleArb, (lamportsIn, oracle) => {
        const tokens = convert('solToToken', lamportsIn, oracle, DECIMALS);
        expect(convert('tokenToSol', tokens, oracle, DECIMALS)).toBeLessThanOrEqual(lamportsIn);
      }),
    );
  });

  it('refuses a price that is not positive and a spread of 100% or more', () => {
    expect(() => convert('solToToken', 1n, { price: 0n, exponent: -8 }, DECIMALS)).toThrow(RangeError);
    expect(() => convert('solToToken', 1n, { price: 1n, exponent: -8 }, DECIMALS, BPS_DENOMINATOR)).toThrow(
      RangeError,
    );
  });
});

describe('otherAmountThreshold', () => {
  it('is outAmount × (1 − slippage), rounded down', () => {
    expect(otherAmountThreshold(1_000_000n, SWAP_SLIPPAGE_BPS)).toBe(995_000n);
    expect(otherAmountThreshold(199n, SWAP_SLIPPAGE_BPS)).toBe(198n);
    fc.assert(
      fc.property(amountArb, fc.integer({ min: 0, max: 10_000 }), (out, slippage) => {
        const threshold = otherAmountThreshold(out, slippage);
        const kept = BPS_DENOMINATOR - BigInt(slippage);
        expect(threshold).toBeLessThanOrEqual(out);
        expect(threshold * BPS_DENOMINATOR).toBeLessThanOrEqual(out * kept);
        expect((threshold + 1n) * BPS_DENOMINATOR).toBeGreaterThan(out * kept);
      }),
    );
  });
});

describe('stablecoinPriceInSol', () => {
  it('is one over SOL in USD', () => {
    expect(stablecoinPriceInSol({ price: 20_000_000_000n, exponent: -8 })).toBe(0.005);
  });
});
