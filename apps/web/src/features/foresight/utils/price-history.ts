/**
 * The price line the chart draws: oracle updates seen live (with their publish times), plus the lock and
 * final prices of the rounds on screen, which are real oracle prices from before the page opened.
 *
 * @module
 */

import { ORACLE_MAX_LATE_SECS } from '@arcade/sdk/constants';
import type { UpDownEvent } from '@arcade/sdk/foresight/views';

/** One point of the line. */
export interface PricePoint {
  /** Unix seconds: the oracle's publish time, or a round's planned lock or draw time. */
  readonly time: number;
  /** Pyth integer price (10^-8 USD). */
  readonly price: bigint;
  /** True when the oracle update itself was seen (its `time` is its publish time). */
  readonly observed: boolean;
}

/** How many points the line keeps: about an hour of one-second updates. */
export const PRICE_HISTORY_MAX_POINTS = 3_600;

/**
 * `incoming` merged into `current`, ordered by time (arrival order within a second): every distinct
 * observed update is kept (a second can hold several), a round's price once per second, at most `max`
 * points, the oldest dropped first.
 */
export function mergePricePoints(
  current: readonly PricePoint[],
  incoming: readonly PricePoint[],
  max: number = PRICE_HISTORY_MAX_POINTS,
): PricePoint[] {
  const byKey = new Map<string, PricePoint>();
  for (const point of [...current, ...incoming]) {
    const key = point.observed ? `o:${point.time}:${point.price}` : `r:${point.time}`;
    if (!byKey.has(key)) byKey.set(key, point);
  }
  // Array.prototype.sort is stable: points of one second keep their arrival order.
  const merged = [...byKey.values()].sort((a, b) => a.time - b.time);
  return merged.length > max ? merged.slice(merged.length - max) : merged;
}

/** A point of the chart's line: one per second, in dollars. */
export interface ChartPoint {
  readonly time: number;
  readonly value: number;
}

/**
 * The line the chart draws: one value per second, the last update seen in it (an observed update beats a
 * round's price for the same second), in dollars.
 */
export function chartSeries(points: readonly PricePoint[], toUsd: (price: bigint) => number): ChartPoint[] {
  const bySecond = new Map<number, PricePoint>();
  for (const point of points) {
    const existing = bySecond.get(point.time);
    if (existing === undefined || point.observed || !existing.observed) bySecond.set(point.time, point);
  }
  return [...bySecond.values()]
    .sort((a, b) => a.time - b.time)
    .map((point) => ({ time: point.time, value: toUsd(point.price) }));
}

/** The lock and final prices of `events` as points at their planned times. */
export function roundPricePoints(
  events: readonly Pick<UpDownEvent, 'lockTime' | 'settleTime' | 'lockPrice' | 'finalPrice' | 'isSettled'>[],
): PricePoint[] {
  const points: PricePoint[] = [];
  for (const event of events) {
    if (event.lockPrice !== null) {
      points.push({ time: Number(event.lockTime), price: event.lockPrice, observed: false });
    }
    if (event.isSettled && event.finalPrice !== null) {
      points.push({ time: Number(event.settleTime), price: event.finalPrice, observed: false });
    }
  }
  return points;
}

/**
 * The publish time of the oracle update a round took `price` from, when this page saw that update. The
 * program takes exactly one update for a planned time t: the first published at or after t, which counts if
 * published at most `ORACLE_MAX_LATE_SECS` after t (`docs/trust.md`, "One price"). So the candidate is the
 * first observed update from t on, within that window; it is the one when its price is `price`. Null
 * otherwise (the page did not see it, or saw another price first): the receipt then states the rule.
 */
export function matchPublishTime(
  points: readonly PricePoint[],
  price: bigint,
  planned: bigint,
): number | null {
  const from = Number(planned);
  const to = from + ORACLE_MAX_LATE_SECS;
  const seen = points.filter((point) => point.observed && point.time >= from && point.time <= to);
  if (seen.length === 0) return null;
  const first = Math.min(...seen.map((point) => point.time));
  // Within the first second seen, the one update with that price (two prices in that second: unknown).
  const atFirst = seen.filter((point) => point.time === first);
  return atFirst.every((point) => point.price === price) ? first : null;
}
