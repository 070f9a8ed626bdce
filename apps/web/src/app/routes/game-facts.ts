import {
  MIN_BET_LAMPORTS,
  ODDS_MAX,
  ODDS_MIN,
  POOL_FEE_BPS,
  REFERRAL_SHARE_BPS,
  RETAIL_MARKETPLACE_FEE_BPS,
  TAILSPIN_FEE_BPS,
} from '@arcade/sdk/constants';

import { formatPercent, formatSol } from '../../lib/format.ts';

/** Basis points as a percentage, e.g. 400n → '4%'. */
export function bpsPercent(bps: bigint): string {
  return formatPercent(Number(bps) / 100);
}

/** The numbers the pages quote. */
export interface GameFacts {
  readonly oddsRange: string;
  readonly tailspinFee: string;
  readonly poolFee: string;
  readonly marketplaceFee: string;
  readonly referralShare: string;
  readonly minBet: string;
}

let facts: GameFacts | undefined;

/**
 * The numbers the pages quote, all derived from the SDK constants so no page can disagree with the
 * programs. The Foresight round length is not one of them: the operator's config sets it (home reads it
 * with `useRoundLength`). Formatted on first use, not when the module loads: home is in the entry, and the number
 * formatters would otherwise lengthen the start-up task that blocks a phone's main thread.
 */
export function gameFacts(): GameFacts {
  facts ??= {
    oddsRange: `${ODDS_MIN}–${ODDS_MAX}%`,
    tailspinFee: bpsPercent(TAILSPIN_FEE_BPS),
    poolFee: bpsPercent(POOL_FEE_BPS),
    marketplaceFee: bpsPercent(RETAIL_MARKETPLACE_FEE_BPS),
    referralShare: bpsPercent(REFERRAL_SHARE_BPS),
    minBet: formatSol(MIN_BET_LAMPORTS),
  };
  return facts;
}
