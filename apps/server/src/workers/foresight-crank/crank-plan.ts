/**
 * What the Foresight crank does next, decided from the config and its rounds alone, so the decision is
 * testable without a chain.
 *
 * The program leaves the crank three moves (docs/foresight.md, A round's life): `create_event(live + 1)`,
 * the tick `lock_and_settle_events` once the live round's lock time t has come, or nothing. Every tick for t
 * reads the one Pyth update for t (the first published at or after t), whenever the tick lands: lateness
 * loses no price. Only a price published more than {@link ORACLE_MAX_LATE_SECS} after t is missing (the
 * round it was needed for ends Invalid), the same whoever ticks. Downtime needs no special path either:
 * rounds keep the planned schedule t, t + timelock, … whenever the ticks land, so after an outage the live
 * round's lock time is already past and the next tick is due at once, one round per tick, until the live
 * round locks in the future again ({@link ticksDue}). A round still unsettled
 * {@link FORESIGHT_SETTLE_BUFFER_SECS} after its settle time ends Invalid at its tick without any price, so
 * those catch-up ticks need no historical update; the later ones read the update for their own t.
 *
 * @module
 */

import { FORESIGHT_SETTLE_BUFFER_SECS, ORACLE_MAX_LATE_SECS } from '@arcade/sdk/constants';

/** The times of a round that decide whether a tick still needs a price for it. */
export interface RoundTimes {
  /** 0 while pre-created (not live yet). */
  readonly startTime: bigint;
  /** Unix seconds: the round's settle time (its lock time + timelock once locked). */
  readonly settleTime: bigint;
  readonly isSettled: boolean;
}

/** The part of the chain's state the plan reads. */
export interface CrankState {
  /** `config.live_event`; 0 on a fresh config. */
  readonly liveEvent: number;
  /** `config.locked_event`; 0 when no round is locked yet. */
  readonly lockedEvent: number;
  /** The live round's lock time (unix seconds), or null when the live round cannot be read. */
  readonly liveLockTime: bigint | null;
  /** Whether round `liveEvent + 1` exists (pre-created). */
  readonly nextExists: boolean;
  /** Whether the config is disabled; a disabled config still ticks (open bets must settle). */
  readonly disabled: boolean;
  /** The live round's times; null when it cannot be read. */
  readonly live?: RoundTimes | null;
  /** The locked round's times; null when there is none (or it cannot be read). */
  readonly locked?: RoundTimes | null;
}

/** One move of the crank. */
export type CrankAction =
  /** `create_event(id)`: the first round of a fresh config (live at once) or the pre-created next one. */
  | { readonly kind: 'create'; readonly id: number }
  /**
   * `lock_and_settle_events`, planned for `plannedMs` (the live round's lock time t). `needsPrice`: whether
   * a round it touches still takes a price, so the tick must pass the update for t; when false (both rounds
   * past their buffer) any account will do.
   */
  | { readonly kind: 'tick'; readonly plannedMs: number; readonly needsPrice: boolean }
  /** Nothing to do before `dueMs` (the next tick's planned time), or ever when null. */
  | { readonly kind: 'wait'; readonly dueMs: number | null };

/**
 * How sure the crank must be that the chain also finds a round past its buffer before it ticks without a
 * price: the chain's Clock moves once a slot, in whole seconds, and may lag the server's clock.
 */
export const EXPIRY_MARGIN_MS = 3_000;

/**
 * When `round` stops taking a price (its settle time + {@link FORESIGHT_SETTLE_BUFFER_SECS}), unix ms, or
 * null when it never needs one (settled already, or not live yet).
 *
 * @example roundPriceDeadlineMs({ startTime: 1n, settleTime: 1_000n, isSettled: false }) === 1_300_000
 */
export function roundPriceDeadlineMs(round: RoundTimes): number | null {
  if (round.isSettled || round.startTime === 0n) return null;
  return (Number(round.settleTime) + FORESIGHT_SETTLE_BUFFER_SECS) * 1000;
}

/**
 * Whether a tick at `nowMs` must carry the update for t: some round it settles or locks is neither settled
 * nor surely past its buffer. Unknown rounds count as needing one.
 */
export function tickNeedsPrice(state: CrankState, nowMs: number): boolean {
  const takesPrice = (round: RoundTimes | null | undefined): boolean => {
    if (round == null) return true;
    const deadline = roundPriceDeadlineMs(round);
    return deadline !== null && nowMs < deadline + EXPIRY_MARGIN_MS;
  };
  return takesPrice(state.live) || (state.lockedEvent !== 0 && takesPrice(state.locked));
}

/**
 * The crank's next move at `nowMs`.
 *
 * - A fresh config (no live round) gets round 1, which goes live at once.
 * - A missing next round is created first: the tick needs it, and bettors see it coming.
 * - Then the tick, once the live round's lock time has come.
 *
 * @example planCrankAction({ liveEvent: 7, lockedEvent: 6, liveLockTime: 1_000n, nextExists: true, disabled: false }, 1_000_500)
 *   // { kind: 'tick', plannedMs: 1_000_000, needsPrice: true }
 */
export function planCrankAction(state: CrankState, nowMs: number): CrankAction {
  if (state.liveEvent === 0) return { kind: 'create', id: 1 };
  if (!state.nextExists) return { kind: 'create', id: state.liveEvent + 1 };
  if (state.liveLockTime === null) return { kind: 'wait', dueMs: null };
  const plannedMs = Number(state.liveLockTime) * 1000;
  if (nowMs < plannedMs) return { kind: 'wait', dueMs: plannedMs };
  return { kind: 'tick', plannedMs, needsPrice: tickNeedsPrice(state, nowMs) };
}

/**
 * How late a tick at `nowMs` is for its planned time: 0 when early or on time.
 *
 * @example tickLagMs(1_000_000, 1_001_250) === 1_250
 */
export function tickLagMs(plannedMs: number, nowMs: number): number {
  return Math.max(0, nowMs - plannedMs);
}

/**
 * How many ticks are due at `nowMs` on the planned schedule: 0 before the tick planned for `plannedMs`, 1
 * from it, and one more per timelock since, as after an outage each tick opens a round whose lock time may
 * have passed already. More than 1: the crank is catching up.
 *
 * @example ticksDue(1_000_000, 300, 1_000_000) === 1
 * @example ticksDue(1_000_000, 300, 1_000_000 + 3_600_000) === 13
 */
export function ticksDue(plannedMs: number, timelockSecs: number, nowMs: number): number {
  if (nowMs < plannedMs) return 0;
  if (timelockSecs <= 0) return 1;
  return Math.floor((nowMs - plannedMs) / (timelockSecs * 1000)) + 1;
}

/**
 * Whether the update for t was published more than {@link ORACLE_MAX_LATE_SECS} after t: its price does not
 * count, and the rounds that needed it end Invalid (the same for whoever ticks, whenever).
 *
 * @example isLateUpdate(1_031, 1_000) === true
 */
export function isLateUpdate(publishTime: number, plannedSecs: number): boolean {
  return publishTime - plannedSecs > ORACLE_MAX_LATE_SECS;
}
