import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { FORESIGHT_FEE_BPS, LAMPORTS_PER_SOL, PROPHECY_FEE_BPS } from './constants.ts';
import {
  foresightFee,
  foresightPayout,
  payoutMultiplier,
  poolFee,
  poolPayout,
  poolPercentages,
} from './payout.ts';

const SOL = LAMPORTS_PER_SOL;

describe('payoutMultiplier', () => {
  it('is 0 when both pools are empty', () => {
    expect(payoutMultiplier(0n, 0n)).toBe(0);
  });

  it('is 1 when the own pool is empty and the other positive', () => {
    expect(payoutMultiplier(0n, 1n)).toBe(1);
    expect(payoutMultiplier(0n, 5n * SOL)).toBe(1);
  });

  it('is 0 when the other pool is empty and the own positive', () => {
    expect(payoutMultiplier(1n, 0n)).toBe(0);
    expect(payoutMultiplier(5n * SOL, 0n)).toBe(0);
  });

  it('is round(1 + opposite / own, 2), whatever the unit', () => {
    expect(payoutMultiplier(SOL, SOL)).toBe(2);
    expect(payoutMultiplier(2n * SOL, SOL)).toBe(1.5);
    expect(payoutMultiplier(3n * SOL, SOL)).toBe(1.33);
    expect(payoutMultiplier(3n, 2n)).toBe(1.67);
    expect(payoutMultiplier(SOL / 10n, 9n * SOL)).toBe(91);
    // Half rounds up: 1 + 1/8 = 1.125.
    expect(payoutMultiplier(8n, 1n)).toBe(1.13);
    expect(payoutMultiplier(8n * SOL, SOL)).toBe(1.13);
  });

  it('never goes below 1 for a round with both sides, and is 1 + opposite / own to the nearest 0.01', () => {
    fc.assert(
      fc.property(
        // Own pools from 0.001 SOL keep multipliers (≤ 10^9) exact in a double.
        fc.bigInt({ min: 1_000_000n, max: 10n ** 15n }),
        fc.bigInt({ min: 1n, max: 10n ** 15n }),
        (own, opposite) => {
          const m = payoutMultiplier(own, opposite);
          expect(m).toBeGreaterThanOrEqual(1);
          const hundredths = BigInt(Math.round(m * 100));
          expect(Number(hundredths) / 100).toBe(m);
          // |hundredths − 100 × pot / own| ≤ 1/2, in integers.
          const error = hundredths * own - 100n * (own + opposite);
          expect(2n * (error < 0n ? -error : error)).toBeLessThanOrEqual(own);
        },
      ),
    );
  });

  it('rejects negative pools', () => {
    expect(() => payoutMultiplier(-1n, 0n)).toThrow(RangeError);
    expect(() => payoutMultiplier(0n, -1n)).toThrow(RangeError);
  });
});

describe('poolPercentages', () => {
  it('default to 50/50 when the pot is empty', () => {
    expect(poolPercentages(0n, 0n)).toEqual([50, 50]);
  });

  it('are each pool over the pot × 100', () => {
    expect(poolPercentages(3n * SOL, SOL)).toEqual([75, 25]);
    expect(poolPercentages(SOL, 0n)).toEqual([100, 0]);
    expect(poolPercentages(0n, 7n)).toEqual([0, 100]);
  });

  it('sum to 100 and stay within [0, 100]', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 2n ** 64n - 1n }),
        fc.bigInt({ min: 0n, max: 2n ** 64n - 1n }),
        (a, b) => {
          const [up, down] = poolPercentages(a, b);
          expect(up + down).toBeCloseTo(100, 9);
          expect(up).toBeGreaterThanOrEqual(0);
          expect(up).toBeLessThanOrEqual(100);
          if (a + b > 0n) expect(up).toBeCloseTo((Number(a) / Number(a + b)) * 100, 6);
        },
      ),
    );
  });
});

describe('fees', () => {
  it('are 3% of the pot, rounded down', () => {
    expect(FORESIGHT_FEE_BPS).toBe(300n);
    expect(foresightFee(10n * SOL)).toBe(300_000_000n);
    expect(foresightFee(33n)).toBe(0n);
    expect(foresightFee(34n)).toBe(1n);
    expect(foresightFee(0n)).toBe(0n);
    expect(poolFee(10_000n, PROPHECY_FEE_BPS)).toBe(300n);
  });
});

describe('exact payouts', () => {
  it('pay amount × (pot − fee) / winning pool, rounded down', () => {
    // Pot 2 SOL, fee 0.06 SOL: a sole winner of 1 SOL gets 1.94 SOL.
    expect(foresightPayout(SOL, SOL, SOL, 'up')).toBe(1_940_000_000n);
    expect(foresightPayout(SOL, SOL, SOL, 2)).toBe(1_940_000_000n);
    // Up 3 SOL (bets 1 + 2), down 1 SOL: pot 4, fee 0.12, 3.88 shared 1:2.
    expect(foresightPayout(SOL, 3n * SOL, SOL, 'up')).toBe(1_293_333_333n);
    expect(foresightPayout(2n * SOL, 3n * SOL, SOL, 1)).toBe(2_586_666_666n);
    expect(foresightPayout(SOL, 3n * SOL, SOL, 'down')).toBe(3_880_000_000n);
  });

  it('refuse an empty winning pool and a bet larger than its pool', () => {
    expect(() => foresightPayout(0n, 0n, SOL, 'up')).toThrow(RangeError);
    expect(() => foresightPayout(2n, 1n, SOL, 'up')).toThrow(RangeError);
    expect(() => poolPayout(-1n, 1n, 1n)).toThrow(RangeError);
  });

  it('never pay out more than pot − fee, and leave less than one lamport of dust per winner', () => {
    fc.assert(
      fc.property(
        fc.array(fc.bigInt({ min: 10_000_000n, max: 10n ** 13n }), { minLength: 1, maxLength: 30 }),
        fc.bigInt({ min: 0n, max: 10n ** 14n }),
        (winners, losingPool) => {
          const winningPool = winners.reduce((a, b) => a + b, 0n);
          const pot = winningPool + losingPool;
          const distributable = pot - foresightFee(pot);
          const paid = winners
            .map((amount) => foresightPayout(amount, winningPool, losingPool, 'up'))
            .reduce((a, b) => a + b, 0n);
          expect(paid).toBeLessThanOrEqual(distributable);
          expect(distributable - paid).toBeLessThan(BigInt(winners.length));
          // Nobody wins less than they staked (the 3% comes from the losers, or from the winners only
          // when the losing pool is smaller than the fee).
          if (losingPool >= foresightFee(pot)) {
            for (const amount of winners) {
              expect(foresightPayout(amount, winningPool, losingPool, 'up')).toBeGreaterThanOrEqual(amount);
            }
          }
        },
      ),
    );
  });

  it('are symmetric in the side', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 15n }),
        fc.bigInt({ min: 0n, max: 10n ** 15n }),
        (pool, other) => {
          expect(foresightPayout(pool, pool, other, 'up')).toBe(foresightPayout(pool, other, pool, 'down'));
        },
      ),
    );
  });
});
