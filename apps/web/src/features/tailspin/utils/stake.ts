/**
 * TailSpin's form maths (game-rules): the player types the stake; the prize is `floor(stake × 100 / odds)`
 * (the on-chain `listing_price`), and the stake actually paid is recomputed from that prize, `ceil(prize ×
 * odds / 100)`, exactly as the program charges it (at most the typed stake). The fee is 4% of that stake.
 * Everything goes through the SDK's bet maths; nothing here re-types a rate.
 *
 * @module
 */

import { LAMPORTS_PER_SOL, MIN_BET_LAMPORTS, SOL_DECIMALS } from '@arcade/sdk/constants';
import { betFee, betStake, isValidOdds, prizeFromStake } from '@arcade/sdk/wager/bet-math';

import { formatLamports } from '../../../lib/format.ts';

const U64_MAX = (1n << 64n) - 1n;

/**
 * A SOL amount typed by the player, in lamports; null when it is not a plain decimal number (at most 9
 * decimals, no sign, no exponent) or is beyond a u64.
 *
 * @example parseSol('0.25') === 250_000_000n; parseSol('.5') === 500_000_000n; parseSol('1e3') === null
 */
export function parseSol(text: string): bigint | null {
  const trimmed = text.trim().replace(/,/g, '');
  const match = /^(\d*)(?:\.(\d*))?$/.exec(trimmed);
  if (match === null) return null;
  const whole = match[1] ?? '';
  const fraction = match[2] ?? '';
  if (whole === '' && fraction === '') return null;
  if (fraction.length > SOL_DECIMALS) return null;
  const lamports =
    BigInt(whole === '' ? '0' : whole) * LAMPORTS_PER_SOL + BigInt(fraction.padEnd(SOL_DECIMALS, '0'));
  return lamports > U64_MAX ? null : lamports;
}

/**
 * Lamports as a SOL amount with every significant decimal (for inputs and tooltips, where the rounded
 * display of `formatLamports` would hide lamports).
 *
 * @example exactSol(1_250_000_000n) === '1.25'; exactSol(10_000_000n) === '0.01'
 */
export function exactSol(lamports: bigint): string {
  const whole = lamports / LAMPORTS_PER_SOL;
  const fraction = (lamports % LAMPORTS_PER_SOL).toString().padStart(SOL_DECIMALS, '0').replace(/0+$/, '');
  return fraction === '' ? whole.toString() : `${whole}.${fraction}`;
}

/**
 * Lamports as SOL with up to `maxDecimals` decimals (rounded half up, trailing zeros dropped): precise
 * enough for a bet preview, where the general number rule would show a 0.004 SOL fee as "0.00".
 *
 * @example previewSol(4_000_000n) === '0.004'; previewSol(333_333_333n) === '0.333333'
 */
export function previewSol(lamports: bigint, maxDecimals = 6): string {
  const unit = 10n ** BigInt(SOL_DECIMALS - maxDecimals);
  return exactSol(((lamports + unit / 2n) / unit) * unit);
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

/** The largest typed stake whose stake + fee fits in `available` lamports. */
export function maxStakeForBalance(available: bigint): bigint {
  if (available <= 0n) return 0n;
  // stake + floor(stake × 4%) ≤ stake × 1.04, so a stake of available / 1.04 always fits.
  let stake = (available * 10_000n) / 10_400n;
  while (stake + betFee(stake + 1n) + 1n <= available) stake += 1n;
  return stake;
}

/** What is wrong with the form, if anything. */
export type StakeIssue =
  | { readonly kind: 'empty' }
  | { readonly kind: 'invalid' }
  | { readonly kind: 'belowMin' }
  | { readonly kind: 'aboveMax'; readonly maxPrize: bigint }
  | { readonly kind: 'insufficient'; readonly needed: bigint; readonly balance: bigint };

/** Checks the typed stake: the same refusals the program makes, before the player presses the button. */
export function stakeIssue(input: {
  readonly text: string;
  readonly odds: number;
  /** Null while the house limit loads: not checked yet. */
  readonly maxPrize: bigint | null;
  /** Null without a wallet or while it loads: not checked. */
  readonly balance: bigint | null;
  /** Lamports needed besides the bet (the bet record's rent on a first bet, network fees). */
  readonly extra?: bigint;
}): StakeIssue | null {
  if (input.text.trim() === '') return { kind: 'empty' };
  const typed = parseSol(input.text);
  if (typed === null) return { kind: 'invalid' };
  const preview = betPreview(typed, input.odds);
  if (preview === null || preview.stake < MIN_BET_LAMPORTS) return { kind: 'belowMin' };
  if (input.maxPrize !== null && preview.prize > input.maxPrize) {
    return { kind: 'aboveMax', maxPrize: input.maxPrize };
  }
  const needed = preview.total + (input.extra ?? 0n);
  if (input.balance !== null && needed > input.balance) {
    return { kind: 'insufficient', needed, balance: input.balance };
  }
  return null;
}

/** The sentence for a {@link StakeIssue}. */
export function stakeIssueMessage(issue: StakeIssue): string {
  switch (issue.kind) {
    case 'empty':
      return 'Enter a stake in SOL.';
    case 'invalid':
      return 'Enter the stake as a number of SOL, like 0.25.';
    case 'belowMin':
      return `The smallest stake is ${formatLamports(MIN_BET_LAMPORTS)} SOL.`;
    case 'aboveMax':
      return `The largest prize the house covers right now is ${formatLamports(issue.maxPrize)} SOL. Lower the stake or raise the win chance.`;
    case 'insufficient':
      return `Not enough SOL: this bet needs ${formatLamports(issue.needed)} SOL and you have ${formatLamports(issue.balance)} SOL.`;
  }
}

/** The payout multiple of a prize at `odds` percent, as shown: ×2.00 at 50%. */
export function multiplierText(odds: number): string {
  return `×${(100 / odds).toFixed(2)}`;
}
