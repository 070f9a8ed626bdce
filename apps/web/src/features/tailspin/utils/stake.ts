/**
 * TailSpin's form maths (docs/reference/rules.md#stake-fee-and-prize): the player types the stake; the prize
 * is `floor(stake × 100 / odds)` (the on-chain `listing_price`), and the stake actually paid is recomputed
 * from that prize, `ceil(prize × odds / 100)`, exactly as the program charges it (at most the typed stake).
 * The fee is 4% of that stake.
 * Everything goes through the SDK's bet maths; nothing here re-types a rate.
 *
 * @module
 */

import { BPS_DENOMINATOR, MIN_BET_LAMPORTS, SOL_DECIMALS, TAILSPIN_FEE_BPS } from '@arcade/sdk/constants';
import { betFee, betStake, isValidOdds, prizeFromStake } from '@arcade/sdk/wager/bet-math';

import { formatSolDecimal, parseSolInput } from '../../../lib/format.ts';
// The pure costs module: the browser suites import this file without React.
import { canAffordBet, type BetExtraCosts } from '../../../lib/wager-bet/utils/bet-costs.ts';
import type { StakeIssue } from '../../../lib/error-text.ts';

const U64_MAX = (1n << 64n) - 1n;

/**
 * Lamports as SOL with up to `maxDecimals` decimals (rounded half up, trailing zeros dropped): precise
 * enough for a bet preview, where the general number rule would show a 0.004 SOL fee as "0.00".
 *
 * @example previewSol(4_000_000n) === '0.004'; previewSol(333_333_333n) === '0.333333'
 */
export function previewSol(lamports: bigint, maxDecimals = 6): string {
  const unit = 10n ** BigInt(SOL_DECIMALS - maxDecimals);
  return formatSolDecimal(((lamports + unit / 2n) / unit) * unit);
}

/** What a typed stake buys at some odds. */
export interface BetPreview {
  /** The prize, lamports: the bet's `listing_price`. */
  readonly prize: bigint;
  /** The stake the program charges for that prize (≤ the typed stake). */
  readonly stake: bigint;
  /** 4% of the stake, on top. */
  readonly fee: bigint;
  /** stake + fee: what leaves the wallet (besides the network fee). */
  readonly total: bigint;
}

/**
 * The prize, stake, fee and total of a typed stake at `odds`; null when the odds are invalid or the stake
 * buys no prize.
 *
 * @example betPreview(500_000_000n, 50) → { prize: 1e9, stake: 5e8, fee: 2e7, total: 5.2e8 }
 */
export function betPreview(typedStake: bigint, odds: number): BetPreview | null {
  if (!isValidOdds(odds) || typedStake <= 0n || typedStake > U64_MAX) return null;
  const prize = prizeFromStake(typedStake, odds);
  if (prize === 0n) return null;
  const stake = betStake(prize, odds);
  const fee = betFee(stake);
  return { prize, stake, fee, total: stake + fee };
}

/**
 * The largest typed stake whose prize is at most `maxPrize` at `odds`: the largest s with
 * floor(s × 100 / odds) ≤ maxPrize, i.e. floor(((maxPrize + 1) × odds − 1) / 100).
 */
export function maxStakeForPrize(maxPrize: bigint, odds: number): bigint {
  if (!isValidOdds(odds) || maxPrize < 0n) return 0n;
  return ((maxPrize + 1n) * BigInt(odds) - 1n) / 100n;
}

/**
 * The largest stake s with s + fee(s) ≤ `available`, for a fee that never falls as the stake grows and is
 * roughly `feeBps` of it. The guess from the rate, available / (1 + rate), is only where the search starts:
 * the answer is bracketed from there, up or down (the fee's rounding may put it on either side), and then
 * bisected, so it is exact whatever the rate and the rounding.
 */
export function largestAffordableStake(
  available: bigint,
  fee: (stake: bigint) => bigint,
  feeBps: bigint,
): bigint {
  if (available <= 0n) return 0n;
  const budget = available > U64_MAX ? U64_MAX : available;
  const fits = (stake: bigint) => stake <= budget && stake + fee(stake) <= budget;
  const guess = (budget * BPS_DENOMINATOR) / (BPS_DENOMINATOR + feeBps);
  // Invariant: fits(low), and high does not fit (every stake above the budget fails).
  let low = 0n;
  let high: bigint;
  if (fits(guess)) {
    low = guess;
    for (let step = 1n; ; step *= 2n) {
      const next = guess + step;
      if (!fits(next)) {
        high = next;
        break;
      }
      low = next;
    }
  } else {
    high = guess;
    for (let step = 1n; guess - step > 0n; step *= 2n) {
      const next = guess - step;
      if (fits(next)) {
        low = next;
        break;
      }
      high = next;
    }
  }
  while (high - low > 1n) {
    const middle = (low + high) / 2n;
    if (fits(middle)) low = middle;
    else high = middle;
  }
  return low;
}

/** The largest stake whose stake + TailSpin fee fits in `available` lamports. */
export function maxStakeForBalance(available: bigint): bigint {
  return largestAffordableStake(available, betFee, TAILSPIN_FEE_BPS);
}

/**
 * The Max button's stake: the largest typed stake whose prize the house covers (`maxPrize`) and whose total
 * (stake + fee, see {@link betPreview}) fits in `available` lamports, the balance less what the bet needs
 * besides (the caller's reserve). 0 when no stake fits.
 */
export function maxStake(args: {
  readonly maxPrize: bigint;
  readonly odds: number;
  readonly available: bigint;
}): bigint {
  const byHouse = maxStakeForPrize(args.maxPrize, args.odds);
  const byBalance = maxStakeForBalance(args.available);
  return byHouse < byBalance ? byHouse : byBalance;
}

/** Checks the typed stake: the same refusals the program makes, before the player presses the button. */
export function stakeIssue(input: {
  readonly text: string;
  readonly odds: number;
  /** Null while the house limit loads: not checked yet. */
  readonly maxPrize: bigint | null;
  /** Null without a wallet or while it loads: not checked. */
  readonly balance: bigint | null;
  /**
   * What the bet needs besides stake + fee (the bet record's rent on a first bet, the network fee: the
   * costs the check before the wallet prompt adds); null while not known: the balance is not checked.
   */
  readonly extra: BetExtraCosts | null;
}): StakeIssue | null {
  if (input.text.trim() === '') return { kind: 'empty' };
  const typed = parseSolInput(input.text);
  if (typed === null || typed > U64_MAX) return { kind: 'invalid' };
  const preview = betPreview(typed, input.odds);
  if (preview === null || preview.stake < MIN_BET_LAMPORTS) return { kind: 'belowMin' };
  if (input.maxPrize !== null && preview.prize > input.maxPrize) {
    return { kind: 'aboveMax', maxPrize: input.maxPrize };
  }
  if (
    input.balance !== null &&
    input.extra !== null &&
    !canAffordBet(input.balance, preview.total, input.extra)
  ) {
    return { kind: 'insufficient', cost: preview.total, extra: input.extra, balance: input.balance };
  }
  return null;
}

/** The payout multiple of a prize at `odds` percent, as shown: ×2.00 at 50%. */
export function multiplierText(odds: number): string {
  return `×${(100 / odds).toFixed(2)}`;
}
