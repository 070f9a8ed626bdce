/**
 * Pari-mutuel payouts of Foresight and Prophecy: the display multiplier and percentages
 * (docs/reference/constants.md#payout-display), and the exact amount the programs pay.
 *
 * **Reading of the multiplier formula.** The spec writes "round((1 + opposite pool) / own pool, 2)". Read
 * literally, with pools in SOL, the value depends on the unit (1 lamport vs 1 SOL) and is below 1 whenever
 * the own pool exceeds 1 + the opposite one (own 2 SOL, opposite 0.5 SOL → 0.75), which no pari-mutuel bet
 * pays. The pari-mutuel gross multiplier is pot / own = (own + opposite) / own = 1 + opposite / own, and
 * that is what is computed here: `round(1 + opposite / own, 2)`, half up, independent of the unit. The spec's
 * edge cases then override it:
 * - both pools empty → 0;
 * - own pool empty, the other positive → 1 (the formula would divide by zero);
 * - other pool empty, own positive → 0 (the formula would give 1, but such a round is invalid and refunds).
 *
 * It is a display estimate before the 3% fee; the programs pay {@link poolPayout}.
 *
 * @module
 */

import {
  BPS_DENOMINATOR,
  EMPTY_POOL_PERCENTAGE,
  FORESIGHT_FEE_BPS,
  PAYOUT_MULTIPLIER_DECIMALS,
  POOL_FEE_BPS,
} from './constants.ts';

const MULTIPLIER_SCALE = 10n ** BigInt(PAYOUT_MULTIPLIER_DECIMALS);

function assertLamports(name: string, value: bigint): void {
  if (value < 0n) throw new RangeError(`${name} must not be negative, got ${value}`);
}

/**
 * The multiplier shown on a side: `round(1 + opposite / own, 2)` with the spec's edge cases (see
 * the module note).
 *
 * @param ownPool - Lamports on the side shown.
 * @param oppositePool - Lamports on the other side.
 * @example payoutMultiplier(2_000_000_000n, 1_000_000_000n) === 1.5
 * @throws RangeError for a negative pool.
 */
export function payoutMultiplier(ownPool: bigint, oppositePool: bigint): number {
  assertLamports('ownPool', ownPool);
  assertLamports('oppositePool', oppositePool);
  if (ownPool === 0n) return oppositePool === 0n ? 0 : 1;
  if (oppositePool === 0n) return 0;
  // Half-up rounding in integers: floor((2 × scale × pot + own) / (2 × own)).
  const pot = ownPool + oppositePool;
  const hundredths = (2n * MULTIPLIER_SCALE * pot + ownPool) / (2n * ownPool);
  return Number(hundredths) / Number(MULTIPLIER_SCALE);
}

/**
 * The percentages shown for two pools, `[first, second]`, each `pool / total × 100` (unrounded; they sum to
 * 100). Both are 50 when the pot is empty.
 *
 * @example poolPercentages(3n, 1n) // [75, 25]
 * @throws RangeError for a negative pool.
 */
export function poolPercentages(firstPool: bigint, secondPool: bigint): [number, number] {
  assertLamports('firstPool', firstPool);
  assertLamports('secondPool', secondPool);
  const total = firstPool + secondPool;
  if (total === 0n) return [EMPTY_POOL_PERCENTAGE, EMPTY_POOL_PERCENTAGE];
  // Divide in bigint first so pools beyond 2^53 lamports keep their ratio.
  const first = Number((firstPool * 10n ** 15n) / total) / 10 ** 13;
  return [first, 100 - first];
}

/**
 * The fee of a settled pot: `floor(pot × feeBps / 10000)`.
 *
 * @example poolFee(1_000_000_000n) === 30_000_000n
 */
export function poolFee(pot: bigint, feeBps: bigint = POOL_FEE_BPS): bigint {
  assertLamports('pot', pot);
  return (pot * feeBps) / BPS_DENOMINATOR;
}

/**
 * What a winning bet is paid: `floor(amount × (pot − fee) / winningPool)`
 * (docs/reference/rules.md#pools-fee-and-payout). The sum over all winners never exceeds `pot − fee`; the
 * rounding dust, less than one lamport per winner, stays in the round until it is closed.
 *
 * @throws RangeError when the winning pool is empty or smaller than `amount`, or a value is negative.
 */
export function poolPayout(
  amount: bigint,
  winningPool: bigint,
  losingPool: bigint,
  feeBps: bigint = POOL_FEE_BPS,
): bigint {
  assertLamports('amount', amount);
  assertLamports('losingPool', losingPool);
  if (winningPool <= 0n) throw new RangeError('An empty winning pool pays nobody: the round is invalid');
  if (amount > winningPool) {
    throw new RangeError(`A bet of ${amount} cannot exceed its pool of ${winningPool}`);
  }
  const pot = winningPool + losingPool;
  return (amount * (pot - poolFee(pot, feeBps))) / winningPool;
}

/**
 * Foresight's fee on a round's pot: 3% of it, rounded down (`FORESIGHT_FEE_BPS`).
 *
 * @example foresightFee(10_000_000_000n) === 300_000_000n
 */
export function foresightFee(pot: bigint): bigint {
  return poolFee(pot, FORESIGHT_FEE_BPS);
}

/**
 * What `settle_bet` pays a winning Foresight bet of `amount` on `side`: `amount × (pot − fee) / side's
 * pool`, rounded down, with pot = up + down and fee = {@link foresightFee}. `side` is the spec's lower-case
 * variant or the `Prediction` value (1 = Up, 2 = Down).
 *
 * @example foresightPayout(1_000_000_000n, 1_000_000_000n, 1_000_000_000n, 'up') === 1_940_000_000n
 */
export function foresightPayout(
  amount: bigint,
  upPool: bigint,
  downPool: bigint,
  side: 'up' | 'down' | 1 | 2,
): bigint {
  const up = side === 'up' || side === 1;
  return up
    ? poolPayout(amount, upPool, downPool, FORESIGHT_FEE_BPS)
    : poolPayout(amount, downPool, upPool, FORESIGHT_FEE_BPS);
}
