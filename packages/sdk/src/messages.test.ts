import { describe, expect, it } from 'vitest';
import {
  ERROR_MESSAGES,
  FAILURE_TOASTS,
  SUCCESS_TOASTS,
  UI_TEXT,
  VALIDATION_MESSAGES,
  transactionErrorMessage,
  unlinkedToast,
} from './messages.ts';

describe('user-facing messages', () => {
  it('uses the validation strings verbatim', () => {
    expect(VALIDATION_MESSAGES).toEqual({
      ageCheckRequired: 'Please check the box to confirm!',
      usernameEmpty: 'Username cannot be empty',
      usernameTooLong: 'Username cannot be longer than 15 characters',
      usernameInvalidCharacters: 'Only letters, digits, _ and @ are allowed',
      usernameNotAllowed: 'Username not allowed',
      pfpEmpty: 'Pfp cannot be empty',
      referralExists: 'Referral already exists',
      invalidSymbol: 'Invalid symbol',
    });
  });

  it('uses the client strings verbatim', () => {
    expect(ERROR_MESSAGES.betTimedOut).toBe('Bet timed out!');
    expect(ERROR_MESSAGES.unknownRpcError).toBe('Unknown RPC error');
    expect(transactionErrorMessage(2, 6001)).toBe(
      'Error in transaction: instruction index 2, custom program error 6001',
    );
    expect(FAILURE_TOASTS.claim).toBe('Failed to claim!');
    expect(SUCCESS_TOASTS.claimed).toBe('Claimed successfully!');
    expect(unlinkedToast('Discord')).toBe('Successfully unlinked Discord');
    expect(UI_TEXT.errorPage).toBe('Something bad just happened...');
  });

  it('is frozen', () => {
    for (const record of [VALIDATION_MESSAGES, ERROR_MESSAGES, FAILURE_TOASTS, SUCCESS_TOASTS, UI_TEXT]) {
      expect(Object.isFrozen(record)).toBe(true);
    }
  });
});
