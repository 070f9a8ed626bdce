import { ApiErrorCode } from '@arcade/sdk/api/error-codes';
import { ERROR_MESSAGES, transactionErrorMessage } from '@arcade/sdk/messages';
import { WAGER_ERROR_CODES } from '@arcade/sdk/wager/errors';
import { TransactionSendError } from '@arcade/sdk/sender';
import { describe, expect, it } from 'vitest';

import { ApiError } from './api-client.ts';
import { errorText, oauthReasonText, WAGER_ERROR_SENTENCES, walletConnectErrorText } from './error-text.ts';
import {
  betErrorMessage,
  BetPreflightError,
  LAST_BET_REVEALING,
  REFUND_EXPLANATION,
} from './wager-bet/utils/bet-errors.ts';

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

  it('says what the trust model’s errors mean to a player', () => {
    expect(betErrorMessage(programError('RefundTooEarly'))).toBe(
      'The roll can still be revealed; refund after 2 minutes.',
    );
    expect(betErrorMessage(programError('NoSeedCommitted'))).toBe(
      'Bets are paused for a moment; try again shortly.',
    );
    expect(REFUND_EXPLANATION).toBe(
      'The roll was not revealed within 2 minutes. Refund now to get your stake and fee back. Your result is kept: if the roll wins when it is revealed, the rest of your prize is paid to you then.',
    );
    expect(LAST_BET_REVEALING).toBe('Your last bet is still being revealed.');
    // The settler's refusals have a sentence too, though no player's transaction meets them.
    for (const name of [
      'InvalidSeed',
      'RevealOutOfOrder',
      'SlotHashUnavailable',
      'SeedChainInUse',
    ] as const) {
      expect(betErrorMessage(programError(name))).toMatch(/settler/);
    }
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
    expect(betErrorMessage(new ApiError('Quote expired', 400, ApiErrorCode.QUOTE_EXPIRED))).toBe(
      'Quote expired',
    );
    expect(betErrorMessage(new Error(ERROR_MESSAGES.betTimedOut))).toBe('Bet timed out!');
    expect(betErrorMessage(null)).toBe('Unknown Error');
  });
});

describe('errorText', () => {
  it('is the message of anything thrown, or Unknown Error', () => {
    expect(errorText(new Error('boom'))).toBe('boom');
    expect(errorText('plain')).toBe('plain');
    expect(errorText(new Error(''))).toBe('Unknown Error');
    expect(errorText({ code: 1 })).toBe('Unknown Error');
  });
});

describe('walletConnectErrorText', () => {
  it('is the wallet’s own words, else that it did not connect', () => {
    expect(walletConnectErrorText(new Error('Wallet locked'))).toBe('Wallet locked');
    expect(walletConnectErrorText(new Error(''))).toBe('The wallet did not connect');
    expect(walletConnectErrorText('closed')).toBe('The wallet did not connect');
  });
});

describe('oauthReasonText', () => {
  it('maps codes to fixed texts, provider failures to their known wording with our own label, and nothing else', () => {
    const { OAUTH_PROVIDER_FAILED, OAUTH_NOT_CONFIGURED, OAUTH_DENIED, WALLET_BLOCKED } = ApiErrorCode;
    expect(oauthReasonText(OAUTH_PROVIDER_FAILED, 'X is unreachable', 'X')).toBe('X is unreachable');
    expect(oauthReasonText(OAUTH_NOT_CONFIGURED, 'Discord linking is not configured', 'Discord')).toBe(
      'Discord linking is not configured',
    );
    expect(oauthReasonText(OAUTH_PROVIDER_FAILED, 'Discord is unreachable', 'X')).toBeNull();
    expect(oauthReasonText(OAUTH_PROVIDER_FAILED, 'X linking is not configured', 'X')).toBeNull();
    // A fixed reason shows our text whatever words came with it.
    expect(oauthReasonText(OAUTH_DENIED, 'Authorization was denied. Call +1 555', 'Discord')).toBe(
      'Authorization was denied',
    );
    expect(oauthReasonText(WALLET_BLOCKED, 'Wallet is blocked', 'Discord')).toBe('Wallet is blocked');
    expect(oauthReasonText(null, 'Wallet is blocked', 'Discord')).toBeNull();
    expect(oauthReasonText(ApiErrorCode.NONCE_EXPIRED, 'Nonce expired', 'Discord')).toBeNull();
  });
});
