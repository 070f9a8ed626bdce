import { transactionErrorMessage } from '@arcade/sdk/messages';
import { WAGER_ERROR_CODES } from '@arcade/sdk/wager/errors';
import { TransactionSendError } from '@arcade/sdk/sender';
import { describe, expect, it } from 'vitest';

import { failedOutsideWager, programErrorNameOf } from './bet-errors.ts';

function programError(name: keyof typeof WAGER_ERROR_CODES) {
  return new TransactionSendError(`${transactionErrorMessage(1, WAGER_ERROR_CODES[name])} (${name})`, {
    reason: 'simulation',
    instructionIndex: 1,
    customCode: WAGER_ERROR_CODES[name],
    programErrorName: name,
  });
}

describe('failedOutsideWager', () => {
  it('is true only for a send that broke in another program’s instruction', () => {
    // The swap or marketplace buy after claim_bet.
    const swap = new TransactionSendError(transactionErrorMessage(3, 6001), {
      reason: 'simulation',
      instructionIndex: 3,
      customCode: 6001,
    });
    expect(failedOutsideWager(swap)).toBe(true);
    // claim_bet itself: the SOL claim would meet it too.
    expect(failedOutsideWager(programError('BetNotWon'))).toBe(false);
    // No instruction named: the network, an expiry, the wallet.
    expect(failedOutsideWager(new TransactionSendError('expired', { reason: 'expired' }))).toBe(false);
    expect(failedOutsideWager(new TypeError('Failed to fetch'))).toBe(false);
    expect(failedOutsideWager(Object.assign(new Error('User rejected the request.'), { code: 4001 }))).toBe(
      false,
    );
  });
});

describe('programErrorNameOf', () => {
  it('is the name the sender decoded, and null for anything that is not the sender’s error', () => {
    expect(programErrorNameOf(programError('BetTooLow'))).toBe('BetTooLow');
    expect(programErrorNameOf(new TransactionSendError('expired', { reason: 'expired' }))).toBeNull();
    // An error that merely carries such a field is not the sender's.
    expect(programErrorNameOf(Object.assign(new Error('x'), { programErrorName: 'BetTooLow' }))).toBeNull();
  });
});
