/**
 * What a failed bet or claim is: the client's own refusals before sending ({@link BetPreflightError}, named
 * like the program errors they anticipate), the program error the SDK sender decoded from the failing
 * instruction (never from a message regex), a failure outside the wager program, the wallet's refusal to
 * sign; and the bet screens' fixed texts. The sentence for each failure is `lib/error-text.ts`'s.
 *
 * @module
 */

import { TransactionSendError } from '@arcade/sdk/sender/send-error';
import { WAGER_ERROR_CODES, type WagerErrorName } from '@arcade/sdk/wager/errors';

import { errorText, REFUND_DELAY_TEXT, USER_REJECTED, WAGER_ERROR_SENTENCES } from '../../error-text.ts';

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

/** The toasts of a refund (a caller message, then the error's text: docs/reference/strings.md#toasts). */
export const REFUND_TOASTS = Object.freeze({
  pending: 'Refunding your stake and fee…',
  success: 'Refunded: your stake and fee are back in your wallet.',
  failure: 'Failed to refund',
} as const);

/** The program error the SDK sender decoded from a failed send (a `TransactionSendError`), or null. */
export function programErrorNameOf(error: unknown): string | null {
  return error instanceof TransactionSendError ? error.programErrorName : null;
}

/**
 * Whether a failed send broke in an instruction of another program than the wager: in a claim, the swap or
 * marketplace buy composed after `claim_bet` (which a SOL claim leaves out), not `claim_bet` itself. The
 * sender's error names the failing instruction (`instructionIndex`) and, for the wager program, its error
 * (`programErrorName`); a failure that names no instruction (network, expiry, the wallet) is not one.
 */
export function failedOutsideWager(error: unknown): boolean {
  if (!(error instanceof TransactionSendError) || error.instructionIndex === null) return false;
  const name = error.programErrorName;
  return !(name !== null && Object.hasOwn(WAGER_ERROR_CODES, name));
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
