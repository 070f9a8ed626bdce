import { ORACLE_MAX_LATE_SECS } from '@arcade/sdk/constants';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { missesLockPrice, planCrankAction, tickLagMs, type CrankState } from './crank-plan.ts';

const state = (overrides: Partial<CrankState> = {}): CrankState => ({
  liveEvent: 7,
  lockedEvent: 6,
  liveLockTime: 1_700_000_000n,
  nextExists: true,
  disabled: false,
  ...overrides,
});

describe('planCrankAction', () => {
  it('opens round 1 on a fresh config', () => {
    expect(planCrankAction(state({ liveEvent: 0, lockedEvent: 0, liveLockTime: null }), 0)).toEqual({
      kind: 'create',
      id: 1,
    });
  });

  it('pre-creates live + 1 before anything else, even when the tick is due', () => {
    expect(planCrankAction(state({ nextExists: false }), 1_800_000_000_000)).toEqual({
      kind: 'create',
      id: 8,
    });
  });

  it('ticks at and after the lock time, waits before it', () => {
    const plannedMs = 1_700_000_000_000;
    expect(planCrankAction(state(), plannedMs - 1)).toEqual({ kind: 'wait', dueMs: plannedMs });
    expect(planCrankAction(state(), plannedMs)).toEqual({ kind: 'tick', plannedMs });
    expect(planCrankAction(state(), plannedMs + 3_600_000)).toEqual({ kind: 'tick', plannedMs });
  });

  it('still ticks a disabled config (its open rounds must settle)', () => {
    expect(planCrankAction(state({ disabled: true }), 1_700_000_000_000).kind).toBe('tick');
  });

  it('waits forever when the live round cannot be read', () => {
    expect(planCrankAction(state({ liveLockTime: null }), 1_800_000_000_000)).toEqual({
      kind: 'wait',
      dueMs: null,
    });
  });

  it('never ticks before the lock time and never creates a round other than live + 1 (or 1)', () => {
    fc.assert(
      fc.property(
        fc.nat(0xffff_fffe),
        fc.boolean(),
        fc.bigInt(0n, 4_000_000_000n),
        fc.nat(4_000_000_000_000),
        (liveEvent, nextExists, lockTime, nowMs) => {
          const action = planCrankAction(
            state({ liveEvent, nextExists, liveLockTime: lockTime, lockedEvent: Math.max(0, liveEvent - 1) }),
            nowMs,
          );
          if (action.kind === 'create') expect(action.id).toBe(liveEvent === 0 ? 1 : liveEvent + 1);
          if (action.kind === 'tick') {
            expect(nowMs).toBeGreaterThanOrEqual(Number(lockTime) * 1000);
            expect(action.plannedMs).toBe(Number(lockTime) * 1000);
          }
          if (action.kind === 'wait') expect(action.dueMs).toBeGreaterThan(nowMs);
        },
      ),
    );
  });
});

describe('tickLagMs and missesLockPrice', () => {
  it('is 0 when on time or early, else the delay', () => {
    fc.assert(
      fc.property(fc.nat(2 ** 45), fc.integer({ min: -1_000_000, max: 1_000_000 }), (planned, delta) => {
        expect(tickLagMs(planned, planned + delta)).toBe(Math.max(0, delta));
      }),
    );
  });

  it('flags a tick later than the oracle window allows', () => {
    expect(missesLockPrice(ORACLE_MAX_LATE_SECS * 1000)).toBe(false);
    expect(missesLockPrice(ORACLE_MAX_LATE_SECS * 1000 + 1)).toBe(true);
    expect(missesLockPrice(0)).toBe(false);
  });
});
