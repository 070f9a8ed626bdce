import fc from 'fast-check';

import betJson from '../../../../public/bet.json' with { type: 'json' };
import { describe, expect, it } from 'vitest';

import {
  landingRoll,
  landingTravel,
  normalizeAngle,
  parseSpinAnimation,
  rollAngle,
  SpinAnimationError,
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
