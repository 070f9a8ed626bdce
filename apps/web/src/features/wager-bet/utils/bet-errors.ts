/**
 * One place that turns a failed bet or claim into a sentence the player can act on (house style: map
 * errors to user text in one module). Program errors come by their IDL name, which the SDK sender decodes
 * from the failing instruction (never from a message regex); the client's own checks before sending throw
 * {@link BetPreflightError} with the same names.
 *
 * @module
 */

import { MIN_BET_LAMPORTS, ODDS_MAX, ODDS_MIN } from '@arcade/sdk/constants';
import { ERROR_MESSAGES, FAQ_HINTS } from '@arcade/sdk/messages';
import type { WagerErrorName } from '@arcade/sdk/wager/errors';

import { ApiError } from '../../../lib/api-client.ts';
import { errorText } from '../../../lib/toast.ts';
import { formatLamports } from '../../../lib/format.ts';

/** Why the client refused a bet before sending it. */
export type BetPreflightCode =
  | 'NoWallet'
  | 'InvalidOdds'
  | 'BetTooLow'
  | 'InvalidListingPrice'
  | 'BetNotAvailable'
  | 'HousePaused'
  | 'InsufficientFunds';

/** A bet the client refused before asking the wallet: the program would have refused it too. */
export class BetPreflightError extends Error {
  override readonly name = 'BetPreflightError';
  readonly code: BetPreflightCode;
  /** For `BetNotAvailable`: the last bet is a win still to claim (rather than still open). */
  readonly unclaimedWin: boolean;

  constructor(code: BetPreflightCode, message: string, options: { unclaimedWin?: boolean } = {}) {
    super(message);
    this.code = code;
    this.unclaimedWin = options.unclaimedWin ?? false;
  }
}

/** The smallest stake, "0.01 SOL". */
export const MIN_STAKE_TEXT = `${formatLamports(MIN_BET_LAMPORTS)} SOL`;

/** What the player reads for each program error. */
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
});

/** The text the spec's FAQ hint for a rejected transaction is titled with. */
export const USER_REJECTED = FAQ_HINTS[0].title;

/** The error of a send whose program error the SDK sender decoded (a `TransactionSendError`). */
function programErrorNameOf(error: unknown): string | null {
  if (!(error instanceof Error) || !('programErrorName' in error)) return null;
  const name = (error as { programErrorName: unknown }).programErrorName;
  return typeof name === 'string' ? name : null;
}

/**
 * Whether a failed send broke in an instruction of another program than the wager: in a claim, the swap or
 * marketplace buy composed after `claim_bet` (which a SOL claim leaves out), not `claim_bet` itself. The
 * sender's error names the failing instruction (`instructionIndex`) and, for the wager program, its error
 * (`programErrorName`); a failure that names no instruction (network, expiry, the wallet) is not one.
 */
export function failedOutsideWager(error: unknown): boolean {
  if (!(error instanceof Error) || !('instructionIndex' in error)) return false;
  const index = (error as { instructionIndex: unknown }).instructionIndex;
  const name = programErrorNameOf(error);
  return typeof index === 'number' && !(name !== null && name in WAGER_ERROR_SENTENCES);
}

/**
 * Whether the wallet says the user declined to sign. Wallets report it differently: EIP-1193's code 4001
 * (Phantom, Solflare), Wallet Standard's error classes, or the local wallet's own error.
 */
export function isUserRejection(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, name, message } = error as { code?: unknown; name?: unknown; message?: unknown };
  if (code === 4001) return true;
  if (typeof name === 'string' && /Rejected|Cancel/i.test(name)) return true;
  return typeof message === 'string' && /user (rejected|declined|denied|cancel)/i.test(message);
}

/**
 * A user-facing sentence for a failure (program errors by name: BetNotAvailable, BetTooLow,
 * InvalidListingPrice…, wallet rejection, 'Bet timed out!').
 *
 * @example betErrorMessage(sendError /* programErrorName 'BetTooLow' *\/) === 'The smallest stake is 0.01 SOL.'
 */
export function betErrorMessage(error: unknown): string {
  if (error instanceof BetPreflightError) return error.message;
  const name = programErrorNameOf(error);
  if (name !== null && name in WAGER_ERROR_SENTENCES) {
    return WAGER_ERROR_SENTENCES[name as WagerErrorName];
  }
  if (isUserRejection(error)) return USER_REJECTED;
  if (error instanceof ApiError) return error.message;
  if (error instanceof Error && error.message === ERROR_MESSAGES.betTimedOut)
    return ERROR_MESSAGES.betTimedOut;
  return errorText(error);
}
