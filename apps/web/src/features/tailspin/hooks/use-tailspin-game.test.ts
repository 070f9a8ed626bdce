import { transactionErrorMessage } from '@arcade/sdk/messages';
import { tooLargeMessage, TransactionSendError } from '@arcade/sdk/sender/send-error';
import { WAGER_ERROR_CODES } from '@arcade/sdk/wager/errors';
import { describe, expect, it } from 'vitest';

import { SwapCosignError } from '../api/compose-token-claim.ts';
import { claimSendError, TOKEN_CLAIM_UNCOMPOSED } from './use-tailspin-game.ts';

const tooLarge = () => new TransactionSendError(tooLargeMessage(1300), { reason: 'too-large' });

describe('claimSendError', () => {
  it('offers the SOL claim when a token claim grew past the size limit', () => {
    expect(claimSendError(tooLarge(), true)).toEqual({
      message: 'Transaction too large: 1300 bytes (limit 1232)',
      priceHint: false,
      offerSol: true,
    });
    // A SOL claim has nothing else to offer.
    expect(claimSendError(tooLarge(), false).offerSol).toBe(false);
  });

  it('does not take an error that merely carries the sender’s reason for one', () => {
    const lookalike = Object.assign(new Error('Too big'), { reason: 'too-large' });
    expect(claimSendError(lookalike, true)).toEqual({
      message: 'Too big',
      priceHint: false,
      offerSol: false,
    });
  });

  it('offers the SOL claim when the swap after claim_bet failed, not when claim_bet did', () => {
    const swap = new TransactionSendError(transactionErrorMessage(3, 6001), {
      reason: 'simulation',
      instructionIndex: 3,
      customCode: 6001,
    });
    expect(claimSendError(swap, true).offerSol).toBe(true);
    const notWon = new TransactionSendError(transactionErrorMessage(2, WAGER_ERROR_CODES.BetNotWon), {
      reason: 'simulation',
      instructionIndex: 2,
      customCode: WAGER_ERROR_CODES.BetNotWon,
      programErrorName: 'BetNotWon',
    });
    expect(claimSendError(notWon, true)).toEqual({
      message: 'There is no win to claim on this bet: it may already be claimed.',
      priceHint: false,
      offerSol: false,
    });
  });

  it('says a claim that could not be co-signed could not be built, and a declined one as declined', () => {
    expect(claimSendError(new SwapCosignError('no'), true)).toBe(TOKEN_CLAIM_UNCOMPOSED);
    const declined = Object.assign(new Error('User rejected the request.'), { code: 4001 });
    expect(claimSendError(declined, true)).toEqual({
      message: 'User Rejected Transaction',
      priceHint: false,
      offerSol: false,
    });
  });
});
