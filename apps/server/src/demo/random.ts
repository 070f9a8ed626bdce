/**
 * Small, seedable randomness for the demo: the seeder derives each market's predictions from its name (the
 * same plan on every start, so a restart tops up rather than adds), and the bots draw their pace and stakes
 * from one generator per bot, which tests replace with a seeded one.
 *
 * @module
 */

import { randomInt } from 'node:crypto';

/** A source of uniform numbers in [0, 1). */
export type Random = () => number;

/**
 * mulberry32: a 32-bit generator, plenty for picking stakes and delays (nothing here is security-relevant).
 *
 * @example seededRandom(1)() === seededRandom(1)()
 */
export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** A generator seeded from the OS (each bot's own). */
export function freshRandom(): Random {
  return seededRandom(randomInt(0, 2 ** 32 - 1));
}

/** A stable 32-bit seed of `text` (FNV-1a). */
export function seedOf(text: string): number {
  let hash = 0x811c9dc5;
  for (const byte of new TextEncoder().encode(text)) {
    hash ^= byte;
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/**
 * A whole number in [min, max].
 *
 * @example intBetween(seededRandom(7), 1, 6) // 1…6
 */
export function intBetween(random: Random, min: number, max: number): number {
  if (max < min) throw new RangeError(`empty range ${min}..${max}`);
  return min + Math.min(max - min, Math.floor(random() * (max - min + 1)));
}

/** One of `items`, uniformly. */
export function pick<T>(random: Random, items: readonly T[]): T {
  if (items.length === 0) throw new RangeError('nothing to pick from');
  return items[intBetween(random, 0, items.length - 1)]!;
}

/** A key of `weights`, in proportion to its weight; null when every weight is 0. */
export function weightedPick<K extends string>(
  random: Random,
  weights: Readonly<Record<K, number>>,
): K | null {
  const entries = (Object.entries(weights) as [K, number][]).filter(([, weight]) => weight > 0);
  const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
  if (total <= 0) return null;
  let point = random() * total;
  for (const [key, weight] of entries) {
    point -= weight;
    if (point < 0) return key;
  }
  return entries.at(-1)![0];
}
