/**
 * The pure rules behind a Foresight round card: which stage a round is in, the panel fields (Change,
 * Lock Price, Players, Prize Pool, Up/Down Payout and Percentage, Final Price), the countdowns, and what
 * the player can do with their bet. Every number comes from the SDK (`@arcade/sdk/payout`,
 * `@arcade/sdk/foresight/views`, `@arcade/sdk/constants`); nothing here is re-typed.
 *
 * @module
 */

import {
  ASSET_DISPLAY_PRECISION,
  FORESIGHT_EVENT_REMAINING_MS,
  FORESIGHT_SETTLE_BUFFER_SECS,
  FORESIGHT_TIMELOCK_SECS,
  PAYOUT_MULTIPLIER_DECIMALS,
  SOL_USD_PRICE_DECIMALS,
} from '@arcade/sdk/constants';
import { Prediction } from '@arcade/sdk/foresight/accounts';
import { remainingMs, type UpDownBet, type UpDownEvent } from '@arcade/sdk/foresight/views';
import { foresightPayout, payoutMultiplier, poolPercentages } from '@arcade/sdk/payout';

import { formatPercent, formatUsd } from '../../../lib/format.ts';

/** A side a player can take. */
export type Side = 'up' | 'down';

/** The Prediction value of a side. */
export function predictionOf(side: Side): typeof Prediction.Up | typeof Prediction.Down {
  return side === 'up' ? Prediction.Up : Prediction.Down;
}

/** The side of a Prediction, or null for None and Invalid. */
export function sideOf(prediction: Prediction): Side | null {
  return prediction === Prediction.Up ? 'up' : prediction === Prediction.Down ? 'down' : null;
}

/** "Up" or "Down". */
export function sideLabel(side: Side): 'Up' | 'Down' {
  return side === 'up' ? 'Up' : 'Down';
}

// ---------------------------------------------------------------------------------------------------------
// Prices
// ---------------------------------------------------------------------------------------------------------

const PRICE_SCALE = 10 ** SOL_USD_PRICE_DECIMALS;

/** A Pyth integer price (10^-8 USD) as dollars, for display only (results compare the integers). */
export function priceToUsd(price: bigint): number {
  return Number(price) / PRICE_SCALE;
}

/** A Pyth integer price as `$1,234.56` ({@link ASSET_DISPLAY_PRECISION} decimals); `—` when missing. */
export function formatPrice(price: bigint | null): string {
  return price === null ? '—' : formatUsd(priceToUsd(price));
}

/** Direction of a price move: the sign of the exact integer difference. */
export type Direction = 'up' | 'down' | 'flat';

/** The spec's "Change": `price − lockPrice`, with its direction; null while either is unknown. */
export interface PriceChange {
  readonly delta: bigint;
  readonly direction: Direction;
  /** Signed dollars at the asset's precision, e.g. `+$0.42`, `-$1.07`, `$0.00`; a move under a cent `+<$0.01`. */
  readonly text: string;
}

/**
 * The change from `lockPrice` to `price` (docs/reference/routes.md#foresight-round-cards), in dollars with
 * the asset's display precision like every price. The direction follows the exact integers, so a move smaller
 * than a cent still shows which side is winning (`+<$0.01`).
 *
 * @example priceChange(15_042_000_000n, 15_000_000_000n)?.text === '+$0.42'
 */
export function priceChange(price: bigint | null, lockPrice: bigint | null): PriceChange | null {
  if (price === null || lockPrice === null) return null;
  const delta = price - lockPrice;
  const direction: Direction = delta > 0n ? 'up' : delta < 0n ? 'down' : 'flat';
  const magnitude = priceToUsd(delta < 0n ? -delta : delta);
  const cent = 10 ** -ASSET_DISPLAY_PRECISION;
  const body =
    delta !== 0n && formatUsd(magnitude) === formatUsd(0) ? `<${formatUsd(cent)}` : formatUsd(magnitude);
  const sign = direction === 'up' ? '+' : direction === 'down' ? '-' : '';
  return { delta, direction, text: `${sign}${body}` };
}

// ---------------------------------------------------------------------------------------------------------
// Pools
// ---------------------------------------------------------------------------------------------------------

/** A payout multiplier as the SDK's `payoutMultiplier` gives it: `1.85x`, and the spec's 0 as `0.00x`. */
export function formatMultiplier(multiplier: number): string {
  return `${multiplier.toFixed(PAYOUT_MULTIPLIER_DECIMALS)}x`;
}

/** The pool fields of a round card. */
export interface PoolFields {
  /** Up + Down, lamports. */
  readonly prizePool: bigint;
  /** Bets on both sides. */
  readonly players: number;
  /** Display multiplier of each side (0 when nothing to win). */
  readonly upPayout: number;
  readonly downPayout: number;
  /** Share of the pot on each side, 0–100 (50/50 when empty). */
  readonly upPercentage: number;
  readonly downPercentage: number;
}

/** The pool fields of `event`, from the SDK's payout maths. */
export function poolFields(
  event: Pick<UpDownEvent, 'upPool' | 'downPool' | 'upCount' | 'downCount'>,
): PoolFields {
  const [upPercentage, downPercentage] = poolPercentages(event.upPool, event.downPool);
  return {
    prizePool: event.upPool + event.downPool,
    players: event.upCount + event.downCount,
    upPayout: payoutMultiplier(event.upPool, event.downPool),
    downPayout: payoutMultiplier(event.downPool, event.upPool),
    upPercentage,
    downPercentage,
  };
}

/** A pool share as shown: whole percent, or one decimal when needed (`33.3%`). */
export function formatShare(percentage: number): string {
  return formatPercent(percentage, 1);
}

// ---------------------------------------------------------------------------------------------------------
// Stages and time
// ---------------------------------------------------------------------------------------------------------

/**
 * Where a round is in its life:
 * - `next`: pre-created, goes live at the coming tick;
 * - `live`: open for bets until its lock time (`closing` once that has passed and the tick is awaited);
 * - `locked`: its lock price is set, the draw is one round later;
 * - `settled` with a result, or `invalid` (refunds);
 * - `expired`: not settled `FORESIGHT_SETTLE_BUFFER_SECS` after its settle time, so it ends Invalid: its
 *   players withdraw their bets (`withdraw_bet` settles it as Invalid on the way).
 */
export type RoundStage = 'next' | 'live' | 'closing' | 'locked' | 'settled' | 'invalid' | 'expired';

/** The ids the config points at. */
export interface RoundPointers {
  readonly liveEvent: number;
  readonly lockedEvent: number;
}

/**
 * Whether `event` went past its settle time plus `FORESIGHT_SETTLE_BUFFER_SECS` without being settled at
 * `nowMs` (the program's `round_expired`; a pre-created round that never went live cannot expire). From
 * then on the round is Invalid: every player withdraws their bet, and the first withdrawal settles it.
 */
export function isRoundExpired(
  event: Pick<UpDownEvent, 'isSettled' | 'startTime' | 'settleTime'>,
  nowMs: number,
): boolean {
  if (event.isSettled || event.startTime === 0n) return false;
  return nowMs >= (Number(event.settleTime) + FORESIGHT_SETTLE_BUFFER_SECS) * 1000;
}

/** The stage of `event` for the config's pointers at `nowMs`. */
export function roundStage(
  event: Pick<UpDownEvent, 'id' | 'isSettled' | 'invalid' | 'lockTime' | 'startTime' | 'settleTime'>,
  pointers: RoundPointers,
  nowMs: number,
): RoundStage {
  if (event.isSettled) return event.invalid ? 'invalid' : 'settled';
  if (isRoundExpired(event, nowMs)) return 'expired';
  if (event.id === pointers.liveEvent) return nowMs < Number(event.lockTime) * 1000 ? 'live' : 'closing';
  if (event.id === pointers.lockedEvent) return 'locked';
  if (event.id > pointers.liveEvent) return 'next';
  // A past round the tick has not settled (it settles one round after it locks): still locked.
  return 'locked';
}

/**
 * The remaining time of a locked round (its countdown to the draw) for the config's `timelock`:
 * `timelock × 1000 + 2000 − (now − lockTime × 1000)` ms. The SDK's {@link remainingMs} is written for the
 * spec's 5-minute rounds (302,000 ms); this shifts it by the difference, so 60 s (dev) and 12 s (e2e)
 * rounds count down right as well. Negative once the time is up.
 *
 * @example roundRemainingMs(1_700_000_000n, 300, 1_700_000_100_000) === 202_000
 * @example roundRemainingMs(1_700_000_000n, 60, 1_700_000_010_000) === 52_000
 */
export function roundRemainingMs(lockTime: bigint, timelockSecs: number, nowMs: number): number {
  return remainingMs(lockTime, nowMs) + (timelockSecs - FORESIGHT_TIMELOCK_SECS) * 1000;
}

/**
 * How much later than the live round's betting close the locked round's countdown ends: the spec's margin
 * (302,000 ms over a 300 s round) that lets the tick's transaction land before the draw shows.
 */
export const DRAW_MARGIN_MS = FORESIGHT_EVENT_REMAINING_MS - FORESIGHT_TIMELOCK_SECS * 1000;

/** Time left to bet on the live round: until its lock time, exactly (the program refuses from then). */
export function bettingRemainingMs(lockTime: bigint, nowMs: number): number {
  return Number(lockTime) * 1000 - nowMs;
}

/**
 * Why an invalid round is invalid, for its card: missing price, equal prices, empty side
 * (docs/reference/rules.md#when-a-round-is-invalid).
 */
export function invalidReason(
  event: Pick<UpDownEvent, 'lockPrice' | 'finalPrice' | 'upCount' | 'downCount'>,
): string {
  if (event.upCount === 0 && event.downCount === 0) return 'No bets in this round';
  if (event.upCount === 0 || event.downCount === 0) return 'One side had no players: bets are refunded';
  if (event.lockPrice === null) return 'No oracle price at lock: bets are refunded';
  if (event.finalPrice === null) return 'No oracle price at the draw: bets are refunded';
  if (event.lockPrice === event.finalPrice) return 'The price did not move: bets are refunded';
  return 'Invalid round: bets are refunded';
}

// ---------------------------------------------------------------------------------------------------------
// The player's bet
// ---------------------------------------------------------------------------------------------------------

/**
 * What the player's bet in a round comes to:
 * - `open`: the round has not settled;
 * - `settle`: it won and is unpaid (`settle_bet`); `paid` once paid;
 * - `withdraw`: the round is invalid, or expired unsettled (`isRoundExpired`), and the bet unrefunded
 *   (`withdraw_bet`); `refunded` once refunded;
 * - `lost`.
 */
export type BetOutcome = 'open' | 'settle' | 'paid' | 'withdraw' | 'refunded' | 'lost';

/** The outcome of `bet` in `event` at `nowMs` (which only tells whether an unsettled round expired). */
export function betOutcome(
  event: Pick<UpDownEvent, 'isSettled' | 'invalid' | 'result'> &
    Partial<Pick<UpDownEvent, 'startTime' | 'settleTime'>>,
  bet: Pick<UpDownBet, 'prediction' | 'isSettled'>,
  nowMs?: number,
): BetOutcome {
  if (!event.isSettled) {
    const expired =
      nowMs !== undefined &&
      event.startTime !== undefined &&
      event.settleTime !== undefined &&
      isRoundExpired({ isSettled: false, startTime: event.startTime, settleTime: event.settleTime }, nowMs);
    return expired && !bet.isSettled ? 'withdraw' : 'open';
  }
  if (event.invalid) return bet.isSettled ? 'refunded' : 'withdraw';
  if (bet.prediction === event.result) return bet.isSettled ? 'paid' : 'settle';
  return 'lost';
}

/**
 * What `bet` pays if its side wins, from the round's current pools (`foresightPayout`: the pot less the
 * 3% fee, shared pro rata); null while the other side is empty (the round would be invalid and refund).
 */
export function potentialPayout(
  event: Pick<UpDownEvent, 'upPool' | 'downPool'>,
  bet: Pick<UpDownBet, 'amount' | 'prediction'>,
): bigint | null {
  const side = sideOf(bet.prediction);
  if (side === null) return null;
  const own = side === 'up' ? event.upPool : event.downPool;
  const other = side === 'up' ? event.downPool : event.upPool;
  if (other === 0n || own < bet.amount || own === 0n) return null;
  return foresightPayout(bet.amount, event.upPool, event.downPool, side);
}

/**
 * What a bet of `amount` on `side` would pay if it won, were it added to the round now; null while the
 * other side is empty.
 */
export function quotePayout(
  event: Pick<UpDownEvent, 'upPool' | 'downPool'>,
  side: Side,
  amount: bigint,
): bigint | null {
  if (amount <= 0n) return null;
  const upPool = event.upPool + (side === 'up' ? amount : 0n);
  const downPool = event.downPool + (side === 'down' ? amount : 0n);
  if ((side === 'up' ? downPool : upPool) === 0n) return null;
  return foresightPayout(amount, upPool, downPool, side);
}
