/**
 * The pure arithmetic of transaction tuning (docs/reference/constants.md#transaction-tuning): the
 * compute-unit limit from a simulation and the compute-unit price (priority fee) from an estimate.
 *
 * How the spec's two 50,000s are used (both are micro-lamports per compute unit):
 * - **Minimum fee basis** ({@link MIN_PRIORITY_FEE_BASIS}) is the price asked for when there is no estimate
 *   (the estimator is missing, failed, or answered nothing usable). It is the fallback fee of
 *   docs/reference/strings.md#bets-and-the-chain.
 * - **Floor** ({@link PRIORITY_FEE_FLOOR_MICRO_LAMPORTS}) is the lowest price ever set, estimate or not: an
 *   estimate of 1 µL/CU on a quiet cluster would not get a transaction scheduled when the cluster gets busy
 *   within the 2 s resend window.
 *
 * The total priority fee (price × limit / 10^6 lamports) never exceeds {@link DEFAULT_MAX_PRIORITY_FEE_LAMPORTS}:
 * a spiking estimate must not drain a player's wallet. With the spec's constants the floor and the cap cannot
 * conflict (50,000 µL × 1,400,000 CU = 0.00007 SOL ≪ 0.005 SOL); if they ever did, the cap wins, because
 * overpaying is worse than a slow landing.
 *
 * @module
 */

import {
  COMPUTE_UNIT_CAP,
  COMPUTE_UNIT_MULTIPLIER,
  DEFAULT_COMPUTE_UNIT_LIMIT,
  DEFAULT_MAX_PRIORITY_FEE_LAMPORTS,
  MIN_PRIORITY_FEE_BASIS,
  MIN_SIMULATED_UNITS,
  PRIORITY_FEE_FLOOR_MICRO_LAMPORTS,
} from '../constants.ts';

/** Micro-lamports in one lamport: the unit of the compute-unit price. */
export const MICRO_LAMPORTS_PER_LAMPORT = 1_000_000n;

/**
 * {@link COMPUTE_UNIT_MULTIPLIER} in thousandths, so the headroom is computed in integers: `10_000 * 1.1`
 * is 11000.000000000002 in floating point, which would round up to 11,001.
 */
const MULTIPLIER_PER_MILLE = BigInt(Math.round(COMPUTE_UNIT_MULTIPLIER * 1_000));

/** The smallest limit a successful simulation can yield: {@link MIN_SIMULATED_UNITS} × 1.1, rounded up. */
export const MIN_COMPUTE_UNIT_LIMIT = Number(
  ceilDiv(BigInt(MIN_SIMULATED_UNITS) * MULTIPLIER_PER_MILLE, 1_000n),
);

/**
 * The compute-unit limit to set for a transaction whose simulation consumed `unitsConsumed`.
 *
 * - a number of units: max(units, 10,000) × 1.1, rounded up, at most 1,400,000 — the headroom covers state
 *   that changes between simulation and execution, the minimum keeps tiny transactions from being starved
 *   by a slightly different code path;
 * - `null`/`undefined`/a non-finite number (the RPC ran the simulation but did not report units): the runtime's default
 *   {@link DEFAULT_COMPUTE_UNIT_LIMIT}, what the transaction would get with no limit set.
 *
 * The fallback when the simulation itself could not run is {@link COMPUTE_UNIT_CAP}; the sender picks it.
 *
 * @example computeUnitLimitFromSimulation(100_000n) === 110_000
 */
export function computeUnitLimitFromSimulation(unitsConsumed: bigint | number | null | undefined): number {
  if (unitsConsumed === null || unitsConsumed === undefined) return DEFAULT_COMPUTE_UNIT_LIMIT;
  if (typeof unitsConsumed === 'number' && !Number.isFinite(unitsConsumed)) return DEFAULT_COMPUTE_UNIT_LIMIT;
  const units = typeof unitsConsumed === 'bigint' ? unitsConsumed : BigInt(Math.ceil(unitsConsumed));
  const counted = units < BigInt(MIN_SIMULATED_UNITS) ? BigInt(MIN_SIMULATED_UNITS) : units;
  const withHeadroom = ceilDiv(counted * MULTIPLIER_PER_MILLE, 1_000n);
  return withHeadroom > BigInt(COMPUTE_UNIT_CAP) ? COMPUTE_UNIT_CAP : Number(withHeadroom);
}

/**
 * The highest compute-unit price (µL/CU) whose total fee at `computeUnitLimit` stays within
 * {@link DEFAULT_MAX_PRIORITY_FEE_LAMPORTS}: floor(cap × 10^6 / limit).
 *
 * @throws RangeError when the limit is not a positive integer.
 */
export function maxComputeUnitPrice(computeUnitLimit: number): bigint {
  assertLimit(computeUnitLimit);
  return (DEFAULT_MAX_PRIORITY_FEE_LAMPORTS * MICRO_LAMPORTS_PER_LAMPORT) / BigInt(computeUnitLimit);
}

/**
 * The compute-unit price (µL/CU) to set: the estimate (or {@link MIN_PRIORITY_FEE_BASIS} without one), raised
 * to {@link PRIORITY_FEE_FLOOR_MICRO_LAMPORTS} and lowered to {@link maxComputeUnitPrice}.
 *
 * @param estimate - µL/CU from a fee estimator; null when there is none.
 * @example computeUnitPrice(null, 200_000) === 50_000n
 */
export function computeUnitPrice(estimate: bigint | null, computeUnitLimit: number): bigint {
  const wanted = estimate ?? MIN_PRIORITY_FEE_BASIS;
  const floored = wanted < PRIORITY_FEE_FLOOR_MICRO_LAMPORTS ? PRIORITY_FEE_FLOOR_MICRO_LAMPORTS : wanted;
  const max = maxComputeUnitPrice(computeUnitLimit);
  return floored > max ? max : floored;
}

/**
 * The priority fee in lamports that a price and limit cost, rounded up as the runtime rounds it.
 *
 * @example priorityFeeLamports(50_000n, 200_000) === 10_000n
 */
export function priorityFeeLamports(computeUnitPrice: bigint, computeUnitLimit: number): bigint {
  assertLimit(computeUnitLimit);
  return ceilDiv(computeUnitPrice * BigInt(computeUnitLimit), MICRO_LAMPORTS_PER_LAMPORT);
}

function ceilDiv(numerator: bigint, denominator: bigint): bigint {
  return (numerator + denominator - 1n) / denominator;
}

function assertLimit(computeUnitLimit: number): void {
  if (!Number.isSafeInteger(computeUnitLimit) || computeUnitLimit <= 0) {
    throw new RangeError(`Compute-unit limit must be a positive integer, got ${computeUnitLimit}`);
  }
}
