/**
 * What each history row came to: a label, a tone and, where it is exact, its net in lamports.
 *
 * @module
 */

import { foresightPayout } from '@arcade/sdk/payout';

import { indexedRefundStatus, refundStatusTitle } from '../../../lib/wager-bet/utils/refund.ts';
import type { BetRow, MarketBetRow, PredictionRow } from '../../../lib/history/get-history.ts';

/** The colour a row's outcome is shown in. */
export type OutcomeTone = 'win' | 'loss' | 'pending' | 'neutral';

/** A row's outcome. */
export interface RowOutcome {
  readonly label: string;
  readonly tone: OutcomeTone;
  /**
   * What the row did to the wallet, lamports: payout + refund − stake − fee (a win still unclaimed counts
   * what it will pay). Null while it is open, or when one row alone cannot say (a Prophecy top-up).
   */
  readonly net: bigint | null;
  /**
   * An open position (label 'Open'): what it cost and is still at stake, lamports (stake + fee for TailSpin
   * and ReTail, the stake for Foresight and Prophecy). Neither won nor lost until it settles. Absent once
   * settled.
   */
  readonly atStake?: bigint;
}

/**
 * A TailSpin or ReTail bet's outcome. A refunded bet says what its refund came to (`docs/trust.md`): its
 * roll revealed later won ("Refunded, then won: +X SOL paid", or "X SOL to claim" when the wallet could not
 * take it then; net as a win) or lost ("Refunded (the roll lost)", net 0), is still to come (`pending`: the
 * live record says so), or never will ("Refunded: the roll could not be revealed in time").
 */
export function betOutcome(row: BetRow, pending = false): RowOutcome {
  const cost = row.amount + row.fee;
  const refund = indexedRefundStatus(row, pending);
  if (refund !== null) {
    const label = refundStatusTitle(refund);
    switch (refund.kind) {
      // The refund gave the stake and fee back, the late win the rest of the prize: the prize, less the cost.
      case 'won':
      case 'owed':
        return { label, tone: 'win', net: row.listingPrice - cost };
      case 'pending':
        return { label, tone: 'pending', net: null };
      case 'lost':
      case 'void':
        return { label, tone: 'neutral', net: 0n };
    }
  }
  switch (row.state) {
    case 'Open':
      return { label: 'Open', tone: 'pending', net: null, atStake: cost };
    case 'Refunded':
      return { label: 'Refunded', tone: 'neutral', net: 0n };
    case 'Claimed':
      return { label: 'Won', tone: 'win', net: row.listingPrice - cost };
    default:
      return row.result === 'Win'
        ? { label: 'Won · unclaimed', tone: 'win', net: row.listingPrice - cost }
        : { label: 'Lost', tone: 'loss', net: -cost };
  }
}

/** A Foresight bet's outcome; an unpaid win counts what `settle_bet` will pay (the SDK's formula). */
export function predictionOutcome(row: PredictionRow): RowOutcome {
  const { round } = row;
  if (round === null || !round.isSettled) {
    return { label: 'Open', tone: 'pending', net: null, atStake: row.amount };
  }
  if (round.result === 'Invalid') {
    return { label: row.isSettled ? 'Refunded' : 'Refund · unclaimed', tone: 'neutral', net: 0n };
  }
  if (round.result !== row.prediction) return { label: 'Lost', tone: 'loss', net: -row.amount };
  if (row.isSettled) return { label: 'Won', tone: 'win', net: row.winAmount - row.amount };
  const payout = foresightPayout(
    row.amount,
    round.upPool,
    round.downPool,
    row.prediction === 'Up' ? 'up' : 'down',
  );
  return { label: 'Won · unclaimed', tone: 'win', net: payout - row.amount };
}

/** A Prophecy bet's outcome: its market's result against its side. */
export function marketBetOutcome(row: MarketBetRow): RowOutcome {
  if (row.marketResult === null) return { label: 'Open', tone: 'pending', net: null, atStake: row.amount };
  if (row.marketResult === 'Invalid') return { label: 'Refunded', tone: 'neutral', net: 0n };
  return row.marketResult === row.result
    ? { label: 'Won', tone: 'win', net: null }
    : { label: 'Lost', tone: 'loss', net: -row.amount };
}

/**
 * A signed SOL amount for a net: `+0.50`, `-1.2`, `0`.
 *
 * @param format - the app's lamports formatter (`formatLamports`)
 */
export function signedLamports(lamports: bigint, format: (value: bigint) => string): string {
  if (lamports === 0n) return '0';
  return lamports > 0n ? `+${format(lamports)}` : `-${format(-lamports)}`;
}
