import fc from 'fast-check';

import betJson from '../../../../public/bet.json' with { type: 'json' };
import { describe, expect, it } from 'vitest';

import {
  LAND_MAX_MS,
  LAND_MIN_MS,
  LAND_MIN_TRAVEL,
  landingProgress,
  landingRoll,
  landingTravel,
  normalizeAngle,
  parseSpinAnimation,
  planLanding,
  rollAngle,
  SpinAnimationError,
  spinSpeed,
} from './spin-animation.ts';

const BET_JSON = betJson as Record<string, unknown>;

describe('/bet.json', () => {
  it('is a valid version 1 animation with one dial cell per roll', () => {
    const animation = parseSpinAnimation(BET_JSON);
    expect(animation.dial.segments).toBe(100);
    expect(animation.land.progress.at(0)).toEqual([0, 0]);
    expect(animation.land.progress.at(-1)).toEqual([animation.land.durationMs, 1]);
  });

  it('names the field that is wrong', () => {
    expect(() => parseSpinAnimation({ ...BET_JSON, version: 2 })).toThrow('bet.json: version must be 1');
    expect(() =>
      parseSpinAnimation({ ...BET_JSON, land: { ...(BET_JSON['land'] as object), turns: 1.5 } }),
    ).toThrow('bet.json: land.turns must be a positive integer');
    expect(() =>
      parseSpinAnimation({
        ...BET_JSON,
        spin: {
          durationMs: 900,
          rotation: [
            [900, 0],
            [0, 360],
          ],
        },
      }),
    ).toThrow(SpinAnimationError);
  });
});

describe('landing', () => {
  it('points at the rolled cell, in the zone of the result', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 95 }), fc.integer({ min: 0, max: 99 }), (odds, roll) => {
        const result = roll < odds ? 'win' : 'loss';
        expect(landingRoll(result, odds, roll, 100)).toBe(roll);
        // Unknown roll: the middle of the right zone, never a cell of the other result.
        const fallback = landingRoll(result, odds, null, 100);
        expect(result === 'win' ? fallback < odds : fallback >= odds - 0.5).toBe(true);
        const angle = rollAngle(roll, 100);
        expect(angle).toBeGreaterThan(roll * 3.6);
        expect(angle).toBeLessThan((roll + 1) * 3.6);
      }),
    );
  });

  it('does not add a turn when the needle stops a rounding error before the target', () => {
    // 360 − 2.8e-14 rounds to 359.99999999999994, and 360 + that to 720: a second turn.
    expect(landingTravel(2.8421709430404014e-14, 0, 1)).toBe(360);
  });

  it('always travels forward, the given turns plus less than one more, ending on the target', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -10_000, max: 10_000, noNaN: true }),
        fc.double({ min: 0, max: 359.99, noNaN: true }),
        fc.integer({ min: 1, max: 6 }),
        (from, target, turns) => {
          const travel = landingTravel(from, target, turns);
          expect(travel).toBeGreaterThanOrEqual(turns * 360);
          expect(travel).toBeLessThan((turns + 1) * 360);
          const off = Math.abs(normalizeAngle(from + travel) - target);
          expect(Math.min(off, 360 - off)).toBeLessThan(1e-6);
        },
      ),
    );
  });
});

describe('planLanding', () => {
  const speed = spinSpeed(parseSpinAnimation(BET_JSON));
  const angle = fc.double({ min: -720, max: 720, noNaN: true });

  it('lands exactly on the target, always forward, in under a second', () => {
    fc.assert(
      fc.property(angle, fc.integer({ min: 0, max: 99 }), fc.constantFrom(speed, 0), (from, roll, v) => {
        const target = rollAngle(roll, 100);
        const plan = planLanding(from, target, v);
        expect(Math.abs(normalizeAngle(from + plan.travel) - target)).toBeLessThan(1e-6);
        expect(plan.travel).toBeGreaterThanOrEqual(LAND_MIN_TRAVEL);
        expect(plan.travel).toBeLessThan(LAND_MIN_TRAVEL + 360);
        expect(plan.durationMs).toBeGreaterThanOrEqual(LAND_MIN_MS);
        expect(plan.durationMs).toBeLessThanOrEqual(LAND_MAX_MS);
        // The needle never goes back, and stops on the cell.
        let last = 0;
        for (let i = 0; i <= 50; i++) {
          const p = landingProgress(i / 50, plan.startSlope);
          expect(p).toBeGreaterThanOrEqual(last - 1e-12);
          last = p;
        }
        expect(landingProgress(1, plan.startSlope)).toBe(1);
      }),
    );
  });

  it('carries the spin on: the needle leaves at the speed it spun at when the landing is not capped', () => {
    // 120° ahead at the spin's speed: 1.5 × 120 ÷ speed is within the cap.
    const plan = planLanding(0, LAND_MIN_TRAVEL, speed);
    expect(plan.durationMs).toBeLessThan(LAND_MAX_MS);
    const dt = 1e-4;
    const startSpeed = (plan.travel * landingProgress(dt, plan.startSlope)) / (dt * plan.durationMs);
    expect(startSpeed).toBeCloseTo(speed, 3);
  });

  it('is no longer the fixed multi-turn landing of bet.json', () => {
    const animation = parseSpinAnimation(BET_JSON);
    expect(animation.land.durationMs).toBeGreaterThan(LAND_MAX_MS);
    expect(planLanding(0, 359, speed).travel).toBeLessThan(360);
  });
});
