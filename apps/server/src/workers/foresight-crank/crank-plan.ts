/**
 * What the Foresight crank does next, decided from the config and its rounds alone, so the decision is
 * testable without a chain.
 *
 * The program leaves the crank three moves (docs/foresight.md, A round's life): `create_event(live + 1)`,
 * the tick `lock_and_settle_events` once the live round's lock time has passed, or nothing. Downtime needs
 * no special path: a late tick still settles the locked round and locks the live one (each without a price
 * when the oracle's window has passed, so they end Invalid) and opens the next round at the tick's time,
 * after which the crank is current again.
 *
 * @module
 */

import { ORACLE_MAX_LATE_SECS } from '@arcade/sdk/constants';

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
}

/** One move of the crank. */
export type CrankAction =
  /** `create_event(id)`: the first round of a fresh config (live at once) or the pre-created next one. */
  | { readonly kind: 'create'; readonly id: number }
  /** `lock_and_settle_events`, planned for `plannedMs` (the live round's lock time). */
  | { readonly kind: 'tick'; readonly plannedMs: number }
  /** Nothing to do before `dueMs` (the next tick's planned time), or ever when null. */
  | { readonly kind: 'wait'; readonly dueMs: number | null };

/**
 * The crank's next move at `nowMs`.
 *
 * - A fresh config (no live round) gets round 1, which goes live at once.
 * - A missing next round is created first: the tick needs it, and bettors see it coming.
 * - Then the tick, once the live round's lock time has come.
 *
 * @example planCrankAction({ liveEvent: 7, lockedEvent: 6, liveLockTime: 1_000n, nextExists: true, disabled: false }, 1_000_500)
 *   // { kind: 'tick', plannedMs: 1_000_000 }
 */
export function planCrankAction(state: CrankState, nowMs: number): CrankAction {
  if (state.liveEvent === 0) return { kind: 'create', id: 1 };
  if (!state.nextExists) return { kind: 'create', id: state.liveEvent + 1 };
  if (state.liveLockTime === null) return { kind: 'wait', dueMs: null };
  const plannedMs = Number(state.liveLockTime) * 1000;
  return nowMs >= plannedMs ? { kind: 'tick', plannedMs } : { kind: 'wait', dueMs: plannedMs };
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
 * Whether a tick this late finds no valid price for the live round's lock (its publish time would be more
 * than {@link ORACLE_MAX_LATE_SECS} after the planned time), so the round will end Invalid.
 *
 * @example missesLockPrice(31_000) === true
 */
export function missesLockPrice(lagMs: number): boolean {
  return lagMs > ORACLE_MAX_LATE_SECS * 1000;
}
