/**
 * Where a market stands: open for predictions until its cutoff, then closed until the operators resolve
 * it, then resolved (yes, no or invalid).
 *
 * @module
 */

import type { MarketLabels, MarketResultLabel } from '@arcade/sdk/api/prophecy';

/** A market's phase. */
export type MarketPhase = 'open' | 'closed' | 'resolved';

/** The fields the phase depends on. */
export interface PhaseInput {
  /** Unix seconds. */
  readonly cutOffTime: number;
  readonly result: MarketResultLabel | null;
}

/**
 * The phase at `nowSecs`: resolved once it has a result; otherwise open strictly before the cutoff (the
 * program takes predictions while now < cutoff), closed from it.
 */
export function marketPhase(market: PhaseInput, nowSecs: number): MarketPhase {
  if (market.result !== null) return 'resolved';
  return nowSecs < market.cutOffTime ? 'open' : 'closed';
}

/** The market's own words for a result ("Above $300", not "yes"). */
export function resultOption(
  metadata: Pick<MarketLabels, 'yesOption' | 'noOption' | 'invalidOption'>,
  result: MarketResultLabel,
): string {
  return result === 'yes' ? metadata.yesOption : result === 'no' ? metadata.noOption : metadata.invalidOption;
}

/** A status pill: its text and its colour classes. */
export interface MarketStatus {
  readonly phase: MarketPhase;
  readonly label: string;
  readonly tone: string;
}

/** The status pill of a market at `nowSecs`. */
export function marketStatus(
  market: PhaseInput & {
    readonly marketMetadata: Pick<MarketLabels, 'yesOption' | 'noOption' | 'invalidOption'>;
  },
  nowSecs: number,
): MarketStatus {
  const phase = marketPhase(market, nowSecs);
  if (phase === 'resolved' && market.result !== null) {
    return {
      phase,
      label: `Resolved: ${resultOption(market.marketMetadata, market.result)}`,
      tone: 'bg-info/15 text-info',
    };
  }
  if (phase === 'open') return { phase, label: 'Open', tone: 'bg-win/15 text-win' };
  return { phase, label: 'Awaiting result', tone: 'bg-juice/15 text-juice' };
}
