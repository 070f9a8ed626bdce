import { ERROR_MESSAGES, transactionErrorMessage } from '@arcade/sdk/messages';
import { WAGER_ERROR_CODES } from '@arcade/sdk/wager/errors';
import { TransactionSendError } from '@arcade/sdk/sender';
import { describe, expect, it } from 'vitest';

import { ApiError } from '../../../lib/api-client.ts';
import { betErrorMessage, BetPreflightError, WAGER_ERROR_SENTENCES } from './bet-errors.ts';

function programError(name: keyof typeof WAGER_ERROR_CODES) {
  return new TransactionSendError(`${transactionErrorMessage(1, WAGER_ERROR_CODES[name])} (${name})`, {
    reason: 'simulation',
    instructionIndex: 1,
    customCode: WAGER_ERROR_CODES[name],
    programErrorName: name,
  });
}

describe('betErrorMessage', () => {
  it('names each wager program error in words', () => {
    expect(betErrorMessage(programError('BetNotAvailable'))).toBe(WAGER_ERROR_SENTENCES.BetNotAvailable);
    expect(betErrorMessage(programError('BetTooLow'))).toBe('The smallest stake is 0.01 SOL.');
    expect(betErrorMessage(programError('InvalidListingPrice'))).toBe(
      'This prize is more than the house can cover right now. Lower the stake or raise the win chance.',
    );
    expect(betErrorMessage(programError('InvalidOdds'))).toBe('Pick a win chance from 1% to 95%.');
  });

  it('keeps the spec text of an error of another program', () => {
    const error = new TransactionSendError(transactionErrorMessage(2, 1), {
      reason: 'failed',
      instructionIndex: 2,
      customCode: 1,
    });
    expect(betErrorMessage(error)).toBe('Error in transaction: instruction index 2, custom program error 1');
    expect(betErrorMessage(new TransactionSendError(ERROR_MESSAGES.unknownRpcError, { reason: 'rpc' }))).toBe(
      'Unknown RPC error',
    );
  });

  it('says the user rejected, the client refusal, the server text and the timeout as they are', () => {
    expect(betErrorMessage(Object.assign(new Error('User rejected the request.'), { code: 4001 }))).toBe(
      'User Rejected Transaction',
    );
    expect(betErrorMessage(new BetPreflightError('HousePaused', 'Paused'))).toBe('Paused');
    expect(betErrorMessage(new ApiError('Quote expired', 400))).toBe('Quote expired');
    expect(betErrorMessage(new Error(ERROR_MESSAGES.betTimedOut))).toBe('Bet timed out!');
    expect(betErrorMessage(null)).toBe('Unknown Error');
  });
});
