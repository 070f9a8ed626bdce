/**
 * The client's views of Foresight records (docs/reference/entities.md#client-views) and the client-side
 * rules of a round (docs/reference/states.md#foresight-round): the countdown and which past rounds to fetch.
 *
 * @module
 */

import type { Address } from '@solana/kit';

import { FORESIGHT_EVENT_REMAINING_MS, PAST_EVENTS_FETCHED } from '../constants.ts';
import { Prediction, type BetAccount, type ConfigAccount, type EventAccount } from './accounts.ts';

/** An Up/down event. Times are unix seconds, pools lamports, prices Pyth integers (10^-8 USD). */
export interface UpDownEvent {
  readonly pubkey: Address;
  readonly id: number;
  readonly startTime: bigint;
  readonly lockTime: bigint;
  readonly settleTime: bigint;
  readonly lockPrice: bigint | null;
  readonly finalPrice: bigint | null;
  readonly upCount: number;
  readonly downCount: number;
  readonly upPool: bigint;
  readonly downPool: bigint;
  readonly isSettled: boolean;
  /** Either side has no players, or the result is Invalid (docs/reference/states.md#foresight-round). */
  readonly invalid: boolean;
  readonly result: Prediction;
}

/**
 * Whether a round is invalid for the client: either side has no players or the result is Invalid. A round
 * with no bets yet is "invalid" by this rule too; the UI shows that only once the round is locked.
 */
export function isEventInvalid(event: Pick<EventAccount, 'upCount' | 'downCount' | 'result'>): boolean {
  return event.upCount === 0 || event.downCount === 0 || event.result === Prediction.Invalid;
}

/** The spec's Up/down event view of a decoded Event at `pubkey`. */
export function toUpDownEvent(pubkey: Address, event: EventAccount): UpDownEvent {
  return Object.freeze({
    pubkey,
    id: event.id,
    startTime: event.startTime,
    lockTime: event.lockTime,
    settleTime: event.settleTime,
    lockPrice: event.lockPrice,
    finalPrice: event.finalPrice,
    upCount: event.upCount,
    downCount: event.downCount,
    upPool: event.upPool,
    downPool: event.downPool,
    isSettled: event.isSettled,
    invalid: isEventInvalid(event),
    result: event.result,
  });
}

/** An Up/down bet (docs/reference/entities.md#client-views). */
export interface UpDownBet {
  /** Lamports. */
  readonly amount: bigint;
  readonly prediction: Prediction;
  readonly isSettled: boolean;
}

/** The spec's Up/down bet view of a decoded Bet. */
export function toUpDownBet(bet: BetAccount): UpDownBet {
  return Object.freeze({ amount: bet.amount, prediction: bet.prediction, isSettled: bet.isSettled });
}

/**
 * "The remaining time of an event is 302000 ms minus the age of its lock time", i.e.
 * `302000 − (now − lockTime × 1000)`. The 2 s over the 5-minute round keep the countdown from reaching zero
 * before the crank's transaction lands. The result goes negative once the time is up; the UI shows
 * "Pending..." from 0 (`UI_TEXT.countdownComplete`).
 *
 * Apply it to the locked round: the tick locks a round at (or just after) its `lockTime` and settles it one
 * `timelock` later, so this counts down to its draw. The live round's betting closes at its own `lockTime`,
 * the same tick.
 *
 * @param lockTime - Unix seconds, as stored on chain.
 * @param nowMs - Unix milliseconds, e.g. `Date.now()`.
 * @example remainingMs(1_700_000_000n, 1_700_000_100_000) === 202_000
 */
export function remainingMs(lockTime: bigint, nowMs: number): number {
  return FORESIGHT_EVENT_REMAINING_MS - (nowMs - Number(lockTime) * 1000);
}

/**
 * The ids of the past rounds to fetch: the last 8 ids before the locked one, minus the locked and
 * live ones, oldest first. Ids start at 1, so a young config has fewer; none while nothing is locked.
 *
 * @example pastEventIds({ lockedEvent: 20, liveEvent: 21 }) // [12, 13, …, 19]
 */
export function pastEventIds(config: Pick<ConfigAccount, 'lockedEvent' | 'liveEvent'>): number[] {
  const ids: number[] = [];
  for (let id = config.lockedEvent - PAST_EVENTS_FETCHED; id < config.lockedEvent; id++) {
    if (id >= 1 && id !== config.lockedEvent && id !== config.liveEvent) ids.push(id);
  }
  return ids;
}
