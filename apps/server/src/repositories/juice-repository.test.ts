/**
 * The Juice formula: wagered SOL × 2400 Juice, in base units, rounded down.
 */

import { JUICE_DECIMALS, JUICE_MULTIPLIER, LAMPORTS_PER_SOL } from '@arcade/sdk/constants';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { juiceForWager } from './juice-repository.ts';

const u64 = fc.bigInt({ min: 0n, max: 0xffff_ffff_ffff_ffffn });

describe('juiceForWager', () => {
  it('gives 2400 Juice per SOL', () => {
    expect(juiceForWager(LAMPORTS_PER_SOL)).toBe(JUICE_MULTIPLIER * 10n ** BigInt(JUICE_DECIMALS));
    expect(juiceForWager(LAMPORTS_PER_SOL)).toBe(2_400_000_000n);
    expect(juiceForWager(0n)).toBe(0n);
    // 1 lamport earns 2.4 base units: rounded down.
    expect(juiceForWager(1n)).toBe(2n);
    expect(juiceForWager(10_000_000n)).toBe(24_000_000n);
  });

  it('is the exact quotient 12/5 of the lamports, rounded down', () => {
    // 2400 × 10^6 / 10^9 = 12/5, so 5 × juice ≤ 12 × lamports < 5 × (juice + 1).
    fc.assert(
      fc.property(u64, (lamports) => {
        const juice = juiceForWager(lamports);
        expect(5n * juice <= 12n * lamports).toBe(true);
        expect(12n * lamports < 5n * (juice + 1n)).toBe(true);
      }),
    );
  });

  it('never pays more for split wagers than for the same total, and loses at most one unit per split', () => {
    fc.assert(
      fc.property(u64, u64, (a, b) => {
        const split = juiceForWager(a) + juiceForWager(b);
        const whole = juiceForWager(a + b);
        expect(split <= whole).toBe(true);
        expect(whole - split <= 1n).toBe(true);
      }),
    );
  });

  it('is monotonic', () => {
    fc.assert(
      fc.property(u64, u64, (a, b) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        expect(juiceForWager(low) <= juiceForWager(high)).toBe(true);
      }),
    );
  });

  it('refuses a negative wager', () => {
    expect(() => juiceForWager(-1n)).toThrow(RangeError);
  });
});
