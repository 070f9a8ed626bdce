import { BetResult, BetState, BetType, type BetAccount } from '@arcade/sdk/wager/accounts';
import { address, type Signature } from '@solana/kit';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { isOutcomeOf, isRefundOf, type PlacedBet } from './bet-outcome.ts';

const KEY = address('11111111111111111111111111111111');

function bet(state: BetState, result: BetResult, timestamp: bigint, sequence = 7n): BetAccount {
  return {
    user: KEY,
    mint: KEY,
    switchboardRequest: KEY,
    odds: 50,
    betAmount: 1n,
    listingPrice: 2n,
    timestamp,
    state,
    result,
    betType: BetType.Sol,
    referral: null,
    offChain: false,
    sequence,
    slot: 1_000n,
    slotHash: new Uint8Array(32),
  };
}

const states = fc.constantFrom(...Object.values(BetState));
const results = fc.constantFrom(...Object.values(BetResult));
const times = fc.bigInt({ min: 1_700_000_000n, max: 1_900_000_000n });

describe('isOutcomeOf', () => {
  it('is a settled Win or Loss written after the record’s previous timestamp, nothing else', () => {
    fc.assert(
      fc.property(states, results, times, times, (state, result, timestamp, previous) => {
        const placed: PlacedBet = { signature: 's' as Signature, placedAt: 0, previousTimestamp: previous };
        const expected =
          (result === BetResult.Win || result === BetResult.Loss) &&
          (state === BetState.Settled || state === BetState.Claimed) &&
          timestamp > previous;
        expect(isOutcomeOf(bet(state, result, timestamp), placed)).toBe(expected);
      }),
    );
  });

  it('takes any result of a record the bet created', () => {
    const placed: PlacedBet = {
      signature: 's' as Signature,
      placedAt: 2_000_000_000,
      previousTimestamp: null,
    };
    expect(isOutcomeOf(bet(BetState.Settled, BetResult.Loss, 1n), placed)).toBe(true);
    expect(isOutcomeOf(bet(BetState.Open, BetResult.None, 1n), placed)).toBe(false);
  });

  it('falls back to the browser clock when the previous timestamp is unknown', () => {
    const placed: PlacedBet = { signature: 's' as Signature, placedAt: 1_800_000_000 };
    expect(isOutcomeOf(bet(BetState.Settled, BetResult.Win, 1_800_000_000n), placed)).toBe(true);
    expect(isOutcomeOf(bet(BetState.Settled, BetResult.Win, 1_799_999_999n), placed)).toBe(false);
  });

  it('tells a quick re-bet settled within the same second by its sequence', () => {
    const placed: PlacedBet = {
      signature: 's' as Signature,
      placedAt: 0,
      previousTimestamp: 1_800_000_000n,
      previousSequence: 7n,
    };
    // The previous bet's result, still on the record: same second, same sequence.
    expect(isOutcomeOf(bet(BetState.Settled, BetResult.Win, 1_800_000_000n, 7n), placed)).toBe(false);
    // The new bet (sequence 8) settled in that same second.
    expect(isOutcomeOf(bet(BetState.Settled, BetResult.Loss, 1_800_000_000n, 8n), placed)).toBe(true);
    expect(isRefundOf(bet(BetState.Refunded, BetResult.Invalid, 1_800_000_000n, 8n), placed)).toBe(true);
    // The new bet still open in that second is not a result.
    expect(isOutcomeOf(bet(BetState.Open, BetResult.None, 1_800_000_000n, 8n), placed)).toBe(false);
  });

  it('tells a refund of this bet from an older one', () => {
    const placed: PlacedBet = { signature: 's' as Signature, placedAt: 0, previousTimestamp: 100n };
    expect(isRefundOf(bet(BetState.Refunded, BetResult.Invalid, 101n), placed)).toBe(true);
    expect(isRefundOf(bet(BetState.Refunded, BetResult.Invalid, 100n), placed)).toBe(false);
    expect(isRefundOf(bet(BetState.Settled, BetResult.Loss, 101n), placed)).toBe(false);
  });
});
