/**
 * A player's position in a market, in the SDK's payout maths (`predictionPayout`, which is what
 * `settle_prediction` pays): what a stake would return if its side won, and what a resolved market pays.
 *
 * @module
 */

import { MarketResult } from '@arcade/sdk/wager/accounts';
import { predictionPayout } from '@arcade/sdk/wager/bet-math';

import type { MarketResultLabel } from '@arcade/sdk/api/prophecy';

/** A side a player can back. */
export type Side = 'yes' | 'no';

const CHAIN_RESULT: Readonly<Record<MarketResultLabel, MarketResult>> = {
  yes: MarketResult.Yes,
  no: MarketResult.No,
  invalid: MarketResult.Invalid,
};

/** The pools a payout depends on. */
export interface Pools {
  readonly yesPool: bigint;
  readonly noPool: bigint;
}

const maxOf = (a: bigint, b: bigint): bigint => (a > b ? a : b);

/**
 * The pools with `side`'s at least `stake`. The market and the prediction are two accounts, each pushed by
 * its own subscription: for a moment after a bet one can already show it while the other does not, and a
 * stake larger than its pool is no market at all.
 */
function poolsHolding(pools: Pools, side: MarketResultLabel, stake: bigint): Pools {
  if (side === 'yes') return { yesPool: maxOf(pools.yesPool, stake), noPool: pools.noPool };
  if (side === 'no') return { yesPool: pools.yesPool, noPool: maxOf(pools.noPool, stake) };
  return pools;
}

/**
 * What a prediction of `staked + adding` lamports on `side` would be paid if `side` won, once `adding` is
 * in its pool and the pools are otherwise as they are now: `floor(stake × (pot − 3% fee) / side's pool)`.
 * An estimate: later predictions move it.
 *
 * @example estimatePayout({ yesPool: 0n, noPool: 1_000_000_000n }, 'yes', 0n, 1_000_000_000n) === 1_940_000_000n
 */
export function estimatePayout(pools: Pools, side: Side, staked: bigint, adding: bigint): bigint {
  const held = poolsHolding(pools, side, staked);
  const yesPool = held.yesPool + (side === 'yes' ? adding : 0n);
  const noPool = held.noPool + (side === 'no' ? adding : 0n);
  const stake = staked + adding;
  if (stake === 0n) return 0n;
  return predictionPayout({ yesPool, noPool, result: CHAIN_RESULT[side] }, stake, CHAIN_RESULT[side]);
}

/** How a prediction ended. */
export type OutcomeKind = 'won' | 'lost' | 'refunded';

/** How a prediction ended and what it is paid (lamports; 0 for a loss). */
export interface Outcome {
  readonly kind: OutcomeKind;
  readonly payout: bigint;
}

/**
 * What a resolved market pays a prediction of `amount` on `side`: the winner's share of the pot after the
 * fee, nothing for a loss, the stake back when the market is Invalid. Null while unresolved.
 */
export function predictionOutcome(
  market: Pools & { readonly result: MarketResultLabel | null },
  prediction: { readonly side: MarketResultLabel; readonly amount: bigint },
): Outcome | null {
  if (market.result === null) return null;
  const pools = poolsHolding(market, prediction.side, prediction.amount);
  const payout = predictionPayout(
    { yesPool: pools.yesPool, noPool: pools.noPool, result: CHAIN_RESULT[market.result] },
    prediction.amount,
    CHAIN_RESULT[prediction.side],
  );
  if (market.result === 'invalid') return { kind: 'refunded', payout };
  return { kind: prediction.side === market.result ? 'won' : 'lost', payout };
}

/** `part` as a percentage of `whole` (0–100), 0 when `whole` is 0. */
export function shareOf(part: bigint, whole: bigint): number {
  if (whole <= 0n) return 0;
  return Number((part * 1_000_000n) / whole) / 10_000;
}
