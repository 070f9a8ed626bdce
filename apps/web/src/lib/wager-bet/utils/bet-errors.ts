/**
 * One place that turns a failed bet or claim into a sentence the player can act on (house style: map
 * errors to user text in one module). Program errors come by their IDL name, which the SDK sender decodes
 * from the failing instruction (never from a message regex); the client's own checks before sending throw
 * {@link BetPreflightError} with the same names.
 *
 * @module
 */

import {
  BET_REFUND_DELAY_SECS,
  MARKET_RESOLVE_GRACE_SECS,
  MIN_BET_LAMPORTS,
  ODDS_MAX,
  ODDS_MIN,
} from '@arcade/sdk/constants';
import { ERROR_MESSAGES, FAQ_HINTS } from '@arcade/sdk/messages';
import type { WagerErrorName } from '@arcade/sdk/wager/errors';

import { ApiError } from '../../api-client.ts';
import { errorText } from '../../toast.ts';
import { formatLamports } from '../../format.ts';

/** Why the client refused a bet before sending it. */
export type BetPreflightCode =
  | 'NoWallet'
  | 'InvalidOdds'
  | 'BetTooLow'
  | 'InvalidListingPrice'
  | 'BetNotAvailable'
  | 'HousePaused'
  | 'NoSeedCommitted'
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

/** The refund deadline in words: "2 minutes" (`BET_REFUND_DELAY_SECS`). */
export const REFUND_DELAY_TEXT = durationText(BET_REFUND_DELAY_SECS);

/** Whole minutes in words ("2 minutes", "1 minute"), else seconds ("90 seconds"). */
function durationText(secs: number): string {
  if (secs % 60 !== 0) return `${secs} seconds`;
  const minutes = secs / 60;
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/**
 * Why a bet still open past its deadline can be refunded, next to its Refund button, while a refund still
 * keeps the result (captures the bet's slot hash: `utils/refund.ts`): the stake and fee come back now, and
 * a win is still paid when the roll is revealed.
 */
export const REFUND_EXPLANATION = `The roll was not revealed within ${REFUND_DELAY_TEXT}. Refund now to get your stake and fee back. Your result is kept: if the roll wins when it is revealed, the rest of your prize is paid to you then.`;

/**
 * The same once a refund can most likely no longer keep the result (the bet's slot has left SlotHashes, by
 * the estimate): no promise either way; the refund's record says what it kept.
 */
export const REFUND_EXPLANATION_LATE = 'The roll was not revealed in time. Refund your stake and fee now.';

/** Why to refund promptly, with the seconds left to keep the result. */
export function refundHurryText(secondsLeft: number): string {
  return `Refund within about ${secondsLeft} s to keep your result: after that only your stake and fee come back.`;
}

/** A new bet while the last one is open: its roll has not been revealed yet. */
export const LAST_BET_REVEALING = 'Your last bet is still being revealed.';

/** While the settler has no seed committed for the next bet (NoSeedCommitted). */
export const NO_SEED_TEXT = 'Bets are paused for a moment; try again shortly.';

/** The toasts of a refund (a caller message, then the error's text, spec §8). */
export const REFUND_TOASTS = Object.freeze({
  pending: 'Refunding your stake and fee…',
  success: 'Refunded: your stake and fee are back in your wallet.',
  failure: 'Failed to refund',
} as const);

/**
 * What the player reads for each program error. InvalidSeed, RevealOutOfOrder, SlotHashUnavailable and
 * SeedChainInUse are refusals of the settler's own instructions (`reveal_bet`, the seed chain), never of a
 * player's: a player who reads one is reading someone else's failed transaction.
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

/** The text the spec's FAQ hint for a rejected transaction is titled with. */
export const USER_REJECTED = FAQ_HINTS[0].title;

/** The program error the SDK sender decoded from a failed send (a `TransactionSendError`), or null. */
export function programErrorNameOf(error: unknown): string | null {
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
