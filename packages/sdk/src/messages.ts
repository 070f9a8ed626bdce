/**
 * The product's fixed user-facing strings, verbatim (docs/reference/strings.md lists them by screen).
 *
 * Strings that embed a limit are built from the constant, so a changed limit changes its message too.
 * Templates are functions; everything else is a frozen record.
 *
 * @module
 */

import { USERNAME_MAX_LENGTH } from './constants.ts';

/** Input validation errors (docs/reference/validation.md). */
export const VALIDATION_MESSAGES = Object.freeze({
  ageCheckRequired: 'Please check the box to confirm!',
  usernameEmpty: 'Username cannot be empty',
  usernameTooLong: `Username cannot be longer than ${USERNAME_MAX_LENGTH} characters`,
  usernameInvalidCharacters: 'Only letters, digits, _ and @ are allowed',
  usernameNotAllowed: 'Username not allowed',
  pfpEmpty: 'Pfp cannot be empty',
  referralExists: 'Referral already exists',
  invalidSymbol: 'Invalid symbol',
} as const);

/** Errors thrown or shown by the client (docs/reference/strings.md#bets-and-the-chain). */
export const ERROR_MESSAGES = Object.freeze({
  unknownRpcError: 'Unknown RPC error',
  invalidTransaction: 'Invalid Transaction',
  failedToLogin: 'Failed to login',
  failedToAuthenticate: 'Failed to authenticate',
  /** Logged, never shown. */
  errorAuthenticatingUser: 'Error authenticating user',
  failedToUpdate: 'Failed to update!',
  betTimedOut: 'Bet timed out!',
  requestFailed: 'Request failed',
} as const);

/**
 * The message of a simulation that failed inside an instruction.
 *
 * @example transactionErrorMessage(1, 6011) === 'Error in transaction: instruction index 1, custom program error 6011'
 */
export function transactionErrorMessage(instructionIndex: number, customErrorCode: number): string {
  return `Error in transaction: instruction index ${instructionIndex}, custom program error ${customErrorCode}`;
}

/** Error toasts (docs/reference/strings.md#toasts). */
export const FAILURE_TOASTS = Object.freeze({
  updatePfp: 'Failed to update pfp',
  updateSocials: 'Failed to update socials',
  updateUsername: 'Failed to update username',
  createReferral: 'Failed to create referral',
  claim: 'Failed to claim!',
  claimWinnings: 'Failed to claim winnings',
} as const);

/** Success toasts (docs/reference/strings.md#toasts); see {@link unlinkedToast} for the one with a parameter. */
export const SUCCESS_TOASTS = Object.freeze({
  updatedPfp: 'Successfully updated pfp',
  updatedUsername: 'Successfully updated username',
  createdReferral: 'Successfully created referral!',
  claimed: 'Claimed successfully!',
} as const);

/**
 * The toast after unlinking a social account.
 *
 * @example unlinkedToast('Discord') === 'Successfully unlinked Discord'
 */
export function unlinkedToast(provider: string): string {
  return `Successfully unlinked ${provider}`;
}

/** Titles of the toast kinds; info toasts have none. */
export const TOAST_TITLES = Object.freeze({
  success: 'Success',
  error: 'Error',
} as const);

/**
 * FAQ hints (docs/reference/strings.md#help-and-rules): the error text a user sees, as the title, and what
 * to do about it.
 */
export const FAQ_HINTS = Object.freeze([
  Object.freeze({
    title: 'User Rejected Transaction',
    hint: 'Reconnect your wallet. On a Ledger, enable blind signing.',
  }),
  Object.freeze({
    title: 'Unclaimable reward',
    hint: 'The price changed. Retry, or claim the full SOL value instead.',
  }),
  Object.freeze({
    title: 'Unknown Error',
    hint: 'Report it on the support channel.',
  }),
] as const);

/** Fixed texts of screens and dialogs (docs/reference/strings.md#screens-and-dialogs). */
export const UI_TEXT = Object.freeze({
  notFound: 'Nothing to see here',
  errorPage: 'Something bad just happened...',
  noNftsFound: 'No NFTs found',
  newUserAlert: 'Looks like you are new here!',
  countdownComplete: 'Pending...',
} as const);
