import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import {
  COMPUTE_UNIT_CAP,
  DEFAULT_COMPUTE_UNIT_LIMIT,
  DEFAULT_MAX_PRIORITY_FEE_LAMPORTS,
  MIN_PRIORITY_FEE_BASIS,
  PRIORITY_FEE_FLOOR_MICRO_LAMPORTS,
} from '../constants.ts';
import {
  computeUnitLimitFromSimulation,
  computeUnitPrice,
  maxComputeUnitPrice,
  MIN_COMPUTE_UNIT_LIMIT,
  priorityFeeLamports,
} from './fee-math.ts';

const units = fc.bigInt({ min: 0n, max: 10_000_000n });
const limits = fc.integer({ min: 1, max: COMPUTE_UNIT_CAP });
const estimates = fc.option(fc.bigInt({ min: -1_000n, max: 10n ** 15n }), { nil: null });

describe('computeUnitLimitFromSimulation', () => {
  it('adds 10% headroom, rounding up, in exact integer arithmetic', () => {
    expect(computeUnitLimitFromSimulation(100_000n)).toBe(110_000);
    expect(computeUnitLimitFromSimulation(123_457n)).toBe(135_803); // 135,802.7 → up
    expect(computeUnitLimitFromSimulation(10_000n)).toBe(11_000); // not 11,001 (float 11000.000000000002)
    expect(computeUnitLimitFromSimulation(54_321)).toBe(59_754); // numbers too: 59,753.1 → up
  });

  it('treats fewer than 10,000 simulated units as 10,000', () => {
    expect(computeUnitLimitFromSimulation(0n)).toBe(11_000);
    expect(computeUnitLimitFromSimulation(150n)).toBe(11_000);
    expect(MIN_COMPUTE_UNIT_LIMIT).toBe(11_000);
  });

  it('caps at 1,400,000', () => {
    expect(computeUnitLimitFromSimulation(1_272_727n)).toBe(1_400_000); // 1,399,999.7 → 1,400,000
    expect(computeUnitLimitFromSimulation(1_272_728n)).toBe(1_400_000);
    expect(computeUnitLimitFromSimulation(1_400_000n)).toBe(COMPUTE_UNIT_CAP);
  });

  it('falls back to the 200,000 default when the simulation reports no units', () => {
    expect(computeUnitLimitFromSimulation(undefined)).toBe(DEFAULT_COMPUTE_UNIT_LIMIT);
    expect(computeUnitLimitFromSimulation(null)).toBe(200_000);
    expect(computeUnitLimitFromSimulation(Number.NaN)).toBe(200_000);
  });

  it('always lies in [11,000, 1,400,000] and covers the simulated units when it can', () => {
    fc.assert(
      fc.property(units, (consumed) => {
        const limit = computeUnitLimitFromSimulation(consumed);
        expect(Number.isSafeInteger(limit)).toBe(true);
        expect(limit).toBeGreaterThanOrEqual(MIN_COMPUTE_UNIT_LIMIT);
        expect(limit).toBeLessThanOrEqual(COMPUTE_UNIT_CAP);
        if (limit < COMPUTE_UNIT_CAP) {
          // At least ×1.1 of what was used, and not a unit more than the rounding needs.
          expect(BigInt(limit) * 10n).toBeGreaterThanOrEqual(consumed * 11n);
          expect((BigInt(limit) - 1n) * 10n).toBeLessThan((consumed < 10_000n ? 10_000n : consumed) * 11n);
        }
      }),
    );
  });

  it('is monotonic in the simulated units', () => {
    fc.assert(
      fc.property(units, units, (a, b) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        expect(computeUnitLimitFromSimulation(low)).toBeLessThanOrEqual(computeUnitLimitFromSimulation(high));
      }),
    );
  });
});

describe('computeUnitPrice', () => {
  it('uses the 50,000 µL/CU basis when there is no estimate', () => {
    expect(computeUnitPrice(null, 200_000)).toBe(MIN_PRIORITY_FEE_BASIS);
    expect(priorityFeeLamports(computeUnitPrice(null, 200_000), 200_000)).toBe(10_000n);
  });

  it('raises a low estimate to the 50,000 µL/CU floor', () => {
    expect(computeUnitPrice(1n, 200_000)).toBe(PRIORITY_FEE_FLOOR_MICRO_LAMPORTS);
    expect(computeUnitPrice(0n, 200_000)).toBe(50_000n);
    expect(computeUnitPrice(-5n, 200_000)).toBe(50_000n);
  });

  it('keeps an estimate between floor and cap as it is', () => {
    expect(computeUnitPrice(123_456n, 200_000)).toBe(123_456n);
  });

  it('lowers a spiking estimate so the whole fee is at most 5,000,000 lamports', () => {
    // 5,000,000 lamports × 10^6 / 1,400,000 CU = 3,571,428.57 µL/CU → 3,571,428.
    expect(maxComputeUnitPrice(1_400_000)).toBe(3_571_428n);
    expect(computeUnitPrice(10n ** 12n, 1_400_000)).toBe(3_571_428n);
    expect(priorityFeeLamports(3_571_428n, 1_400_000)).toBe(5_000_000n); // 4,999,999.2 → up, still ≤ cap
    expect(computeUnitPrice(10n ** 12n, 200_000)).toBe(25_000_000n);
    expect(priorityFeeLamports(25_000_000n, 200_000)).toBe(DEFAULT_MAX_PRIORITY_FEE_LAMPORTS);
  });

  it('is never below the floor and never costs more than the cap, for any limit a sender sets', () => {
    fc.assert(
      fc.property(estimates, limits, (estimate, limit) => {
        const price = computeUnitPrice(estimate, limit);
        expect(price).toBeGreaterThanOrEqual(PRIORITY_FEE_FLOOR_MICRO_LAMPORTS);
        expect(priorityFeeLamports(price, limit)).toBeLessThanOrEqual(DEFAULT_MAX_PRIORITY_FEE_LAMPORTS);
        if (estimate !== null && estimate >= PRIORITY_FEE_FLOOR_MICRO_LAMPORTS) {
          expect(price).toBe(estimate <= maxComputeUnitPrice(limit) ? estimate : maxComputeUnitPrice(limit));
        }
      }),
    );
  });

  it('rejects a limit that is not a positive integer', () => {
    expect(() => computeUnitPrice(null, 0)).toThrow(RangeError);
    expect(() => priorityFeeLamports(1n, 1.5)).toThrow(RangeError);
  });
});
