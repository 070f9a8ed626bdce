import { FORESIGHT_SETTLE_BUFFER_SECS, ORACLE_MAX_LATE_SECS } from '@arcade/sdk/constants';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import {
  EXPIRY_MARGIN_MS,
  isLateUpdate,
  planCrankAction,
  roundPriceDeadlineMs,
  tickLagMs,
  tickNeedsPrice,
  ticksDue,
  type CrankState,
  type RoundTimes,
} from './crank-plan.ts';

const LOCK = 1_700_000_000n;
const TIMELOCK = 300n;

/** Round 7 live (locks at LOCK), round 6 locked (settles at LOCK), as after a tick on time. */
const state = (overrides: Partial<CrankState> = {}): CrankState => ({
  liveEvent: 7,
  lockedEvent: 6,
  liveLockTime: LOCK,
  nextExists: true,
  disabled: false,
  live: { startTime: LOCK - TIMELOCK, settleTime: LOCK + TIMELOCK, isSettled: false },
  locked: { startTime: LOCK - 2n * TIMELOCK, settleTime: LOCK, isSettled: false },
  ...overrides,
});

/** Unix ms when `round` surely stops taking a price (its buffer, and the margin for the chain's clock). */
const surelyExpiredMs = (round: RoundTimes): number => roundPriceDeadlineMs(round)! + EXPIRY_MARGIN_MS;

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
    expect(planCrankAction(state(), plannedMs)).toEqual({ kind: 'tick', plannedMs, needsPrice: true });
    // A minute late (past the oracle's 30 s): the update for t still gives the prices.
    expect(planCrankAction(state(), plannedMs + 60_000)).toEqual({
      kind: 'tick',
      plannedMs,
      needsPrice: true,
    });
    // An hour late: the locked round (settling at t) reaches its buffer, but the live one, settling a
    // timelock later, still takes the lock price of the update for t.
    expect(planCrankAction(state(), plannedMs + FORESIGHT_SETTLE_BUFFER_SECS * 1000)).toEqual({
      kind: 'tick',
      plannedMs,
      needsPrice: true,
    });
    // Once the live round too is surely past its buffer, both end Invalid without a price.
    expect(planCrankAction(state(), surelyExpiredMs(state().live!))).toEqual({
      kind: 'tick',
      plannedMs,
      needsPrice: false,
    });
  });

  it("after an outage plans each tick for its round's planned time, not for now, one round at a time", () => {
    // The catch-up tick for LOCK opened round 8 at once (start = now), locking at LOCK + TIMELOCK (passed).
    const nowMs = Number(LOCK + 10n * TIMELOCK) * 1000;
    const caughtUpOne = state({
      liveEvent: 8,
      lockedEvent: 7,
      liveLockTime: LOCK + TIMELOCK,
      live: { startTime: LOCK + 10n * TIMELOCK, settleTime: LOCK + 2n * TIMELOCK, isSettled: false },
      locked: state().live!,
    });
    expect(planCrankAction(caughtUpOne, nowMs)).toEqual({
      kind: 'tick',
      plannedMs: Number(LOCK + TIMELOCK) * 1000,
      needsPrice: true,
    });
    expect(ticksDue(Number(LOCK + TIMELOCK) * 1000, Number(TIMELOCK), nowMs)).toBe(10);
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
            expect(action.needsPrice).toBe(
              tickNeedsPrice(state({ liveEvent, nextExists, liveLockTime: lockTime }), nowMs),
            );
          }
          if (action.kind === 'wait') expect(action.dueMs).toBeGreaterThan(nowMs);
        },
      ),
    );
  });
});

describe('tickNeedsPrice', () => {
  const live = state().live!;
  const locked = state().locked!;

  it('needs the update for t while either round still takes a price', () => {
    expect(tickNeedsPrice(state(), Number(LOCK) * 1000)).toBe(true);
    // The locked round is past its buffer, the live one is not.
    expect(tickNeedsPrice(state(), surelyExpiredMs(locked))).toBe(true);
    expect(tickNeedsPrice(state(), surelyExpiredMs(live) - 1)).toBe(true);
    expect(tickNeedsPrice(state(), surelyExpiredMs(live))).toBe(false);
  });

  it('keeps a margin for the chain clock: at the deadline itself the price is still passed', () => {
    const deadline = (Number(live.settleTime) + FORESIGHT_SETTLE_BUFFER_SECS) * 1000;
    expect(roundPriceDeadlineMs(live)).toBe(deadline);
    expect(tickNeedsPrice(state({ locked: null, lockedEvent: 0 }), deadline)).toBe(true);
    expect(tickNeedsPrice(state({ locked: null, lockedEvent: 0 }), deadline + EXPIRY_MARGIN_MS)).toBe(false);
  });

  it('needs no price for rounds already settled (a withdraw after the buffer ended them)', () => {
    const settled = { ...locked, isSettled: true };
    expect(tickNeedsPrice(state({ locked: settled, live: { ...live, isSettled: true } }), 0)).toBe(false);
    expect(roundPriceDeadlineMs(settled)).toBeNull();
    expect(roundPriceDeadlineMs({ ...live, startTime: 0n })).toBeNull();
  });

  it('assumes a price is needed when a round cannot be read', () => {
    const late = surelyExpiredMs(live) + 1;
    expect(tickNeedsPrice(state({ live: null }), late)).toBe(true);
    expect(tickNeedsPrice(state({ locked: null }), late)).toBe(true);
    expect(tickNeedsPrice(state({ locked: null, lockedEvent: 0 }), late)).toBe(false);
  });

  it('never ticks without a price while a round is inside its buffer', () => {
    fc.assert(
      fc.property(
        fc.bigInt(1n, 4_000_000_000n),
        fc.bigInt(1n, 4_000_000_000n),
        fc.nat(4_100_000_000_000),
        (liveSettle, lockedSettle, nowMs) => {
          const s = state({
            live: { ...live, settleTime: liveSettle },
            locked: { ...locked, settleTime: lockedSettle },
          });
          if (!tickNeedsPrice(s, nowMs)) {
            expect(nowMs).toBeGreaterThanOrEqual(
              (Number(liveSettle) + FORESIGHT_SETTLE_BUFFER_SECS) * 1000 + EXPIRY_MARGIN_MS,
            );
            expect(nowMs).toBeGreaterThanOrEqual(
              (Number(lockedSettle) + FORESIGHT_SETTLE_BUFFER_SECS) * 1000 + EXPIRY_MARGIN_MS,
            );
          }
        },
      ),
    );
  });
});

describe('ticksDue', () => {
  it('counts the ticks the planned schedule has made due: none before t, one at t, one more per timelock', () => {
    const plannedMs = Number(LOCK) * 1000;
    const timelockMs = Number(TIMELOCK) * 1000;
    expect(ticksDue(plannedMs, Number(TIMELOCK), plannedMs - 1)).toBe(0);
    expect(ticksDue(plannedMs, Number(TIMELOCK), plannedMs)).toBe(1);
    expect(ticksDue(plannedMs, Number(TIMELOCK), plannedMs + timelockMs - 1)).toBe(1);
    expect(ticksDue(plannedMs, Number(TIMELOCK), plannedMs + timelockMs)).toBe(2);
    // An hour and a half down with 5-minute rounds: this tick and 18 more.
    expect(ticksDue(plannedMs, Number(TIMELOCK), plannedMs + 5_400_000)).toBe(19);
  });

  it('is due whenever the plan ticks, and never when it waits', () => {
    fc.assert(
      fc.property(fc.bigInt(0n, 4_000_000_000n), fc.nat(4_000_000_000_000), (lockTime, nowMs) => {
        const action = planCrankAction(state({ liveLockTime: lockTime }), nowMs);
        const due = ticksDue(Number(lockTime) * 1000, Number(TIMELOCK), nowMs);
        expect(due > 0).toBe(action.kind === 'tick');
      }),
    );
  });
});

describe('tickLagMs and isLateUpdate', () => {
  it('is 0 when on time or early, else the delay', () => {
    fc.assert(
      fc.property(fc.nat(2 ** 45), fc.integer({ min: -1_000_000, max: 1_000_000 }), (planned, delta) => {
        expect(tickLagMs(planned, planned + delta)).toBe(Math.max(0, delta));
      }),
    );
  });

  it('flags an update for t published more than the oracle window after t (not a late tick)', () => {
    expect(isLateUpdate(1_000 + ORACLE_MAX_LATE_SECS, 1_000)).toBe(false);
    expect(isLateUpdate(1_000 + ORACLE_MAX_LATE_SECS + 1, 1_000)).toBe(true);
    expect(isLateUpdate(1_000, 1_000)).toBe(false);
  });
});
