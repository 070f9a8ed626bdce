/**
 * The sentence the user reads for a failure: the one module that maps errors to text (house style: one
 * module per side). Features call its functions ({@link errorText}, {@link betErrorMessage},
 * {@link stakeIssueMessage}, {@link oauthReasonText}) and tables; they keep no tables of their own.
 *
 * Errors are told apart by what they are, never by their wording:
 *   - the server's refusals by their `ApiErrorCode` (an `ApiError` shows the server's own text, which the
 *     SDK's `API_ERROR_MESSAGES` fixes per code);
 *   - program errors by their IDL name, which the SDK sender decodes from the failing instruction;
 *   - the client's own refusals by their class ({@link BetPreflightError}) or kind ({@link NftClaimFailure},
 *     {@link StakeIssue});
 *   - the wallet's refusal to sign by {@link isUserRejection} (wallets have no common error type);
 *   - a failed social link by the catalogue code in the URL the server redirects to.
 *
 * @module
 */

import { ApiErrorCode } from '@arcade/sdk/api/error-codes';
import {
  BET_REFUND_DELAY_SECS,
  MARKET_RESOLVE_GRACE_SECS,
  MIN_BET_LAMPORTS,
  ODDS_MAX,
  ODDS_MIN,
} from '@arcade/sdk/constants';
import { FAQ_HINTS } from '@arcade/sdk/messages';
import type { WagerErrorName } from '@arcade/sdk/wager/errors';

import { formatLamports } from './format.ts';
import { notEnoughSolMessage, type BetExtraCosts } from './wager-bet/utils/bet-costs.ts';

/** The message of anything thrown (the server's text for an `ApiError`), or 'Unknown Error'. */
export function errorText(error: unknown): string {
  if (error instanceof Error && error.message !== '') return error.message;
  if (typeof error === 'string' && error !== '') return error;
  return 'Unknown Error';
}

/** What the connect dialog says of a wallet that did not connect: the wallet's own words, when it has any. */
export function walletConnectErrorText(error: unknown): string {
  return error instanceof Error && error.message !== '' ? error.message : 'The wallet did not connect';
}

/** The smallest stake, "0.01 SOL". */
const MIN_STAKE_TEXT = `${formatLamports(MIN_BET_LAMPORTS)} SOL`;

/** The refund deadline in words: "2 minutes" (`BET_REFUND_DELAY_SECS`). */
export const REFUND_DELAY_TEXT = durationText(BET_REFUND_DELAY_SECS);

/** Whole minutes in words ("2 minutes", "1 minute"), else seconds ("90 seconds"). */
function durationText(secs: number): string {
  if (secs % 60 !== 0) return `${secs} seconds`;
  const minutes = secs / 60;
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/** While the settler has no seed committed for the next bet (NoSeedCommitted). */
export const NO_SEED_TEXT = 'Bets are paused for a moment; try again shortly.';

/**
 * What the player reads for each wager program error. InvalidSeed, RevealOutOfOrder, SlotHashUnavailable
 * and SeedChainInUse are refusals of the settler's own instructions (`reveal_bet`, the seed chain), never of
 * a player's: a player who reads one is reading someone else's failed transaction.
 */
export const WAGER_ERROR_SENTENCES: Readonly<Record<WagerErrorName, string>> = Object.freeze({
  InvalidMarketplace: 'A SOL prize can only be claimed as SOL.',
  InvalidOdds: `Pick a win chance from ${ODDS_MIN}% to ${ODDS_MAX}%.`,
  InvalidListingPrice:
    'This prize is more than the house can cover right now. Lower the stake or raise the win chance.',
  BetNotOpen: 'This bet is no longer open.',
  BetNotWon: 'There is no win to claim on this bet: it may already be claimed.',
  BetNotAvailable:
    'Your last bet is still open or has a win to claim (or betting is paused). Claim it before the next bet.',
  InvalidReferral: 'You cannot be your own referrer.',
  InvalidMarket: 'This market is not open.',
  MarketClosed: 'This market is closed.',
  InvalidPrediction: 'This prediction is not valid.',
  OverflowError: 'That amount is too large.',
  BetTooLow: `The smallest stake is ${MIN_STAKE_TEXT}.`,
  InvalidReferrer: 'The referrer does not match this bet.',
  BetOnChain: 'This bet is settled on chain, not by the house.',
  InvalidSeed: 'The settler’s reveal was refused: its seed does not match the committed one.',
  RevealOutOfOrder: 'The settler’s reveal was refused: bets are revealed in order.',
  RefundTooEarly: `The roll can still be revealed; refund after ${REFUND_DELAY_TEXT}.`,
  NoSeedCommitted: NO_SEED_TEXT,
  SlotHashUnavailable: 'The settler’s reveal was refused: the bet’s slot hash is no longer available.',
  MarketNotOverdue: `This market can be expired only ${MARKET_RESOLVE_GRACE_SECS / 86_400} days after its end.`,
  SeedChainInUse: 'The settler’s seed chain is in use by an open bet.',
});

/** What the player reads when they declined to sign (the FAQ hint's title for a rejected transaction). */
export const USER_REJECTED = FAQ_HINTS[0].title;

/** Why a ReTail claim as NFT could not be composed. */
export type NftClaimFailure = 'sold' | 'price-changed' | 'compose';

/** The sentence of each {@link NftClaimFailure}, shown under the FAQ hint. */
export const NFT_CLAIM_DETAILS: Readonly<Record<NftClaimFailure, string>> = Object.freeze({
  sold: 'The NFT is no longer listed: someone bought it or the seller delisted it.',
  'price-changed': 'The listing now costs more than your prize.',
  compose: 'The marketplace did not give a purchase we could add to your claim.',
});

/**
 * Our text for the fixed reasons a social link failed, by the catalogue code the server's redirect carries
 * (`?errorCode=`): anyone can craft such a URL, so its words are never shown.
 */
const OAUTH_FIXED_REASONS: Readonly<Partial<Record<ApiErrorCode, string>>> = Object.freeze({
  [ApiErrorCode.OAUTH_DENIED]: 'Authorization was denied',
  [ApiErrorCode.OAUTH_LINK_INVALID]: 'This link request is invalid or has expired',
  [ApiErrorCode.OAUTH_LINK_CODE_MISSING]: 'This link request is invalid or has expired',
  [ApiErrorCode.OAUTH_LINKED_TO_ANOTHER_WALLET]: 'This account is linked to another wallet',
  [ApiErrorCode.WALLET_BLOCKED]: 'Wallet is blocked',
  // The callback came back to a browser without the cookie of the tab that started the link.
  [ApiErrorCode.OAUTH_OTHER_BROWSER]:
    'This link was started in another browser. Start again from your profile.',
});

/** The provider's failures (codes whose message names the provider), by what follows the provider's name. */
const OAUTH_PROVIDER_REASONS: Readonly<Partial<Record<ApiErrorCode, readonly string[]>>> = Object.freeze({
  [ApiErrorCode.OAUTH_NOT_CONFIGURED]: ['linking is not configured'],
  [ApiErrorCode.OAUTH_PROVIDER_FAILED]: [
    'refused the authorization',
    'refused the access token',
    'is unreachable',
  ],
});

/**
 * The text for a failed social link with the provider named `providerLabel` ('Discord', 'X'), from the
 * redirect's `code` (and, for a provider's failure, its known wording), or null for anything else (then
 * only the generic failure is shown).
 *
 * @example oauthReasonText(ApiErrorCode.OAUTH_PROVIDER_FAILED, 'X is unreachable', 'X') === 'X is unreachable'
 */
export function oauthReasonText(code: number | null, reason: string, providerLabel: string): string | null {
  if (code === null) return null;
  const fixed = OAUTH_FIXED_REASONS[code as ApiErrorCode];
  if (fixed !== undefined) return fixed;
  const tail = OAUTH_PROVIDER_REASONS[code as ApiErrorCode]?.find(
    (text) => reason === `${providerLabel} ${text}`,
  );
  return tail === undefined ? null : `${providerLabel} ${tail}`;
}

/** What is wrong with a typed stake (TailSpin's form), if anything: the client's refusal before a bet. */
export type StakeIssue =
  | { readonly kind: 'empty' }
  | { readonly kind: 'invalid' }
  | { readonly kind: 'belowMin' }
  | { readonly kind: 'aboveMax'; readonly maxPrize: bigint }
  | {
      readonly kind: 'insufficient';
      /** Stake + fee. */
      readonly cost: bigint;
      readonly extra: BetExtraCosts;
      readonly balance: bigint;
    };

/** The sentence for a {@link StakeIssue}. */
export function stakeIssueMessage(issue: StakeIssue): string {
  switch (issue.kind) {
    case 'empty':
      return 'Enter a stake in SOL.';
    case 'invalid':
      return 'Enter the stake as a number of SOL, like 0.25.';
    case 'belowMin':
      return WAGER_ERROR_SENTENCES.BetTooLow;
    case 'aboveMax':
      return `The largest prize the house covers right now is ${formatLamports(issue.maxPrize)} SOL. Lower the stake or raise the win chance.`;
    case 'insufficient':
      return notEnoughSolMessage(issue.cost, issue.extra, issue.balance);
  }
}
