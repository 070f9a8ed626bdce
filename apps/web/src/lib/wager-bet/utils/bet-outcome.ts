/**
 * When a bet record holds the result of the bet just placed
 * (docs/reference/states.md#tailspin-and-retail-bet: "a finalized bet newer than the transaction time with
 * result Win or Loss").
 *
 * The record is reused bet after bet, so a Win or Loss may be the previous bet's. The program writes the
 * chain's clock into `timestamp` on every create and settle, so comparing it with the timestamp the record
 * had before this bet (chain clock against chain clock) is exact to the second; comparing with the
 * browser's clock is the fallback when that is unknown, and is off by however far the two clocks disagree.
 * Within one second (a quick re-bet settled in the second its predecessor settled) the timestamps tie:
 * the house numbers on-chain bets in order, so a `sequence` other than the record's before this bet tells
 * the new bet apart.
 *
 * @module
 */

import { BetResult, BetState, type BetAccount } from '@arcade/sdk/wager/accounts';
import type { Address, Signature } from '@solana/kit';

/** A bet the wallet just placed. */
export interface PlacedBet {
  /** The transaction that created it (its confirmed signature). */
  readonly signature: Signature;
  /** Unix seconds, read before sending. */
  readonly placedAt: number;
  /** Who placed it; the connected wallet when absent. */
  readonly user?: Address;
  /**
   * The record's `timestamp` before this bet (chain clock), or null when the record did not exist yet:
   * a result is this bet's when its timestamp is later. Absent: compare with `placedAt` instead.
   */
  readonly previousTimestamp?: bigint | null;
  /** The record's `sequence` before this bet, when known: another sequence is another bet. */
  readonly previousSequence?: bigint | null;
  /** The player's seed the bet was made with (64 hex digits), when this screen placed it. */
  readonly playerSeed?: string;
}

/** Whether the record now holds `placed` rather than the bet it held before. */
function holdsPlaced(bet: BetAccount, placed: PlacedBet): boolean {
  if (placed.previousTimestamp === null) return true;
  if (
    placed.previousSequence !== undefined &&
    placed.previousSequence !== null &&
    bet.sequence !== placed.previousSequence
  )
    return true;
  if (placed.previousTimestamp !== undefined) return bet.timestamp > placed.previousTimestamp;
  return bet.timestamp >= BigInt(placed.placedAt);
}

/** Whether `bet` is settled (Win or Loss) and the settlement is of `placed`, not of an older bet. */
export function isOutcomeOf(bet: BetAccount, placed: PlacedBet): boolean {
  if (bet.result !== BetResult.Win && bet.result !== BetResult.Loss) return false;
  if (bet.state !== BetState.Settled && bet.state !== BetState.Claimed) return false;
  return holdsPlaced(bet, placed);
}

/** Whether `bet` is `placed` refunded by the house (no result will come). */
export function isRefundOf(bet: BetAccount, placed: PlacedBet): boolean {
  if (bet.state !== BetState.Refunded) return false;
  return holdsPlaced(bet, placed);
}
