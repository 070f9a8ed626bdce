/**
 * The sentence the user reads for a failure: the one module that maps errors to text (house style: one
 * module per side). Features call {@link betErrorMessage} or {@link errorText}; they keep no tables of their
 * own.
 *
 * Errors are told apart by what they are, never by their wording:
 *   - the server's refusals by their `ApiErrorCode` (an `ApiError` shows the server's own text, which the
 *     SDK's `API_ERROR_MESSAGES` fixes per code);
 *   - program errors by their IDL name, which the SDK sender decodes from the failing instruction;
 *   - the client's own refusals by their class ({@link BetPreflightError}) or reason ({@link NftClaimFailure});
 *   - the wallet's refusal to sign by {@link isUserRejection} (wallets have no common error type).
 *
 * @module
 */

import { MARKET_RESOLVE_GRACE_SECS, ODDS_MAX, ODDS_MIN } from '@arcade/sdk/constants';
import { FAQ_HINTS } from '@arcade/sdk/messages';
import type { WagerErrorName } from '@arcade/sdk/wager/errors';

import {
  BetPreflightError,
  isUserRejection,
  MIN_STAKE_TEXT,
  NO_SEED_TEXT,
  programErrorNameOf,
  REFUND_DELAY_TEXT,
} from './wager-bet/utils/bet-errors.ts';

/** The message of anything thrown (the server's text for an `ApiError`), or 'Unknown Error'. */
export function errorText(error: unknown): string {
  if (error instanceof Error && error.message !== '') return error.message;
  if (typeof error === 'string' && error !== '') return error;
  return 'Unknown Error';
}

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
 * A user-facing sentence for a failed bet, claim or refund: the client's refusal as it says, a wager program
 * error by its name (BetNotAvailable, BetTooLow, InvalidListingPrice…), the wallet's rejection, else the
 * error's own text (the server's, the sender's or the network's).
 *
 * @example betErrorMessage(sendError /* programErrorName 'BetTooLow' *\/) === 'The smallest stake is 0.01 SOL.'
 */
export function betErrorMessage(error: unknown): string {
  if (error instanceof BetPreflightError) return error.message;
  const name = programErrorNameOf(error);
  if (name !== null && Object.hasOwn(WAGER_ERROR_SENTENCES, name)) {
    return WAGER_ERROR_SENTENCES[name as WagerErrorName];
  }
  if (isUserRejection(error)) return USER_REJECTED;
  return errorText(error);
}
