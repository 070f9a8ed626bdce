import { BetResult, BetState, decodeBet, type BetAccount } from '@arcade/sdk/wager/accounts';
import { lateWinAmount } from '@arcade/sdk/wager/bet-math';
import { NATIVE_MINT_ADDRESS } from '@arcade/sdk/wager/program';
import { describe, expect, it } from 'vitest';

import { betData } from '../testing/mock-chain.ts';
import {
  awaitsReveal,
  claimAmount,
  indexedRefundStatus,
  lateWinOwed,
  mayAwaitRoll,
  pendingRefundRow,
  refundStatusDetail,
  refundStatusOf,
  refundStatusTitle,
  type IndexedBet,
} from './refund.ts';

/** The slot hash a refund in time captured. */
const CAPTURED = new Uint8Array(32).fill(0xa5);
const NONE = new Uint8Array(32);
/** betData's bet: a 1 SOL prize at 50%, stake 0.5 SOL, fee 0.02 SOL, so a late win is owed 0.48 SOL. */
const OWED = 480_000_000n;

function record(state: BetState, result: BetResult, slotHash = CAPTURED, offChain = false): BetAccount {
  return decodeBet(betData({ state, result, slotHash, offChain }));
}

function row(fields: Partial<IndexedBet> = {}): IndexedBet {
  return {
    id: 9,
    state: 'Refunded',
    result: 'Invalid',
    odds: 50,
    mint: NATIVE_MINT_ADDRESS,
    amount: 500_000_000n,
    fee: 20_000_000n,
    listingPrice: 1_000_000_000n,
    refundSignature: 'sig-refund',
    randomValue: null,
    ...fields,
  };
}

describe('refundStatusOf (the live bet record)', () => {
  it('reads every outcome of a refund from the record the program leaves', () => {
    expect(OWED).toBe(lateWinAmount({ prize: 1_000_000_000n, stake: 500_000_000n }));
    // Refunded in time (slot hash captured), roll to come.
    expect(refundStatusOf(record(BetState.Refunded, BetResult.Invalid))).toEqual({
      kind: 'pending',
      owed: OWED,
    });
    // Rolled after the refund: a win paid at the reveal, or left to claim; a loss.
    expect(refundStatusOf(record(BetState.Claimed, BetResult.Win))).toEqual({ kind: 'won', paid: OWED });
    expect(refundStatusOf(record(BetState.Settled, BetResult.Win))).toEqual({ kind: 'owed', owed: OWED });
    expect(refundStatusOf(record(BetState.Refunded, BetResult.Loss))).toEqual({ kind: 'lost' });
    // Refunded too late to capture the slot hash (or by a reveal that came too late): a plain refund.
    expect(refundStatusOf(record(BetState.Refunded, BetResult.Invalid, NONE))).toEqual({ kind: 'void' });
  });

  it('is null for bets that were never refunded', () => {
    expect(refundStatusOf(null)).toBeNull();
    expect(refundStatusOf(record(BetState.Open, BetResult.None, NONE))).toBeNull();
    expect(refundStatusOf(record(BetState.Settled, BetResult.Win, NONE))).toBeNull();
    expect(refundStatusOf(record(BetState.Settled, BetResult.Loss, NONE))).toBeNull();
    expect(refundStatusOf(record(BetState.Claimed, BetResult.Win, NONE))).toBeNull();
    // An off-chain bet captures nothing: its refund is a plain one.
    expect(refundStatusOf(record(BetState.Refunded, BetResult.Invalid, CAPTURED, true))).toEqual({
      kind: 'void',
    });
  });

  it('says each outcome in words, with the amounts', () => {
    const text = (bet: BetAccount) => {
      const status = refundStatusOf(bet)!;
      return [refundStatusTitle(status), refundStatusDetail(status)];
    };
    expect(text(record(BetState.Refunded, BetResult.Invalid))).toEqual([
      'Refunded: waiting for the roll',
      'Your stake and fee are back in your wallet, and your result is kept: if the roll wins when it is revealed, the rest of your prize (0.48 SOL) is paid to you then.',
    ]);
    expect(text(record(BetState.Claimed, BetResult.Win))).toEqual([
      'Refunded, then won: +0.48 SOL paid',
      'Your roll was revealed after your refund and won: the rest of your prize (0.48 SOL) was paid to your wallet, on top of the stake and fee the refund returned.',
    ]);
    expect(text(record(BetState.Settled, BetResult.Win))).toEqual([
      'Refunded, then won: 0.48 SOL to claim',
      'Your roll was revealed after your refund and won, but your wallet could not take the payment then. Claim the rest of your prize (0.48 SOL), paid in SOL.',
    ]);
    expect(text(record(BetState.Refunded, BetResult.Loss))).toEqual([
      'Refunded (the roll lost)',
      'Your roll was revealed after your refund and lost: the refund of your stake and fee stands.',
    ]);
    expect(text(record(BetState.Refunded, BetResult.Invalid, NONE))).toEqual([
      'Refunded: the roll could not be revealed in time',
      'Your stake and fee are back in your wallet. The refund came too late to keep the result: this bet has no roll.',
    ]);
  });
});

describe('lateWinOwed and claimAmount (what claim_bet pays)', () => {
  it('pays a win rolled after its refund the rest of its prize; any other win its prize', () => {
    expect(lateWinOwed(record(BetState.Settled, BetResult.Win))).toBe(OWED);
    expect(claimAmount(record(BetState.Settled, BetResult.Win))).toBe(OWED);
    expect(lateWinOwed(record(BetState.Settled, BetResult.Win, NONE))).toBeNull();
    expect(claimAmount(record(BetState.Settled, BetResult.Win, NONE))).toBe(1_000_000_000n);
    // Already paid at the reveal, or no win: nothing to claim.
    expect(lateWinOwed(record(BetState.Claimed, BetResult.Win))).toBeNull();
    expect(lateWinOwed(record(BetState.Refunded, BetResult.Invalid))).toBeNull();
    expect(lateWinOwed(null)).toBeNull();
  });
});

describe('awaitsReveal', () => {
  it('keeps the record until the House has revealed past its bet', () => {
    const refunded = record(BetState.Refunded, BetResult.Invalid, NONE);
    // betData's bet has sequence 7.
    expect(awaitsReveal(refunded, 7n)).toBe(true);
    expect(awaitsReveal(refunded, 8n)).toBe(false);
    expect(awaitsReveal(record(BetState.Open, BetResult.None, NONE), 7n)).toBe(true);
  });

  it('without the House, goes by what the record shows', () => {
    expect(awaitsReveal(record(BetState.Open, BetResult.None, NONE), null)).toBe(true);
    expect(awaitsReveal(record(BetState.Refunded, BetResult.Invalid), null)).toBe(true);
    expect(awaitsReveal(record(BetState.Refunded, BetResult.Loss), null)).toBe(false);
    expect(awaitsReveal(record(BetState.Claimed, BetResult.Win), null)).toBe(false);
    expect(awaitsReveal(record(BetState.Refunded, BetResult.Invalid, NONE, true), 7n)).toBe(false);
    expect(awaitsReveal(null, null)).toBe(false);
  });
});

describe('indexedRefundStatus (the server’s history)', () => {
  it('reads what a refund came to from an indexed row', () => {
    expect(indexedRefundStatus(row({ state: 'Claimed', result: 'Win', randomValue: 3 }))).toEqual({
      kind: 'won',
      paid: OWED,
    });
    expect(indexedRefundStatus(row({ state: 'Settled', result: 'Win', randomValue: 3 }))).toEqual({
      kind: 'owed',
      owed: OWED,
    });
    expect(indexedRefundStatus(row({ result: 'Loss', randomValue: 70 }))).toEqual({ kind: 'lost' });
    // A row that kept the refund's state and the late roll only: the roll against the odds.
    expect(indexedRefundStatus(row({ result: 'None', randomValue: 49 }))).toEqual({
      kind: 'won',
      paid: OWED,
    });
    expect(indexedRefundStatus(row({ result: 'None', randomValue: 50 }))).toEqual({ kind: 'lost' });
    // The server's own word for it, whatever else the row kept.
    expect(
      indexedRefundStatus(
        row({ state: 'Claimed', result: 'Win', refundSignature: null, afterRefund: true, randomValue: 3 }),
      ),
    ).toEqual({ kind: 'won', paid: OWED });
    expect(indexedRefundStatus(row())).toEqual({ kind: 'void' });
    expect(indexedRefundStatus(row(), true)).toEqual({ kind: 'pending', owed: OWED });
  });

  it('is null for rows that were never refunded', () => {
    expect(indexedRefundStatus(row({ state: 'Claimed', result: 'Win', refundSignature: null }))).toBeNull();
    expect(indexedRefundStatus(row({ state: 'Settled', result: 'Loss', refundSignature: null }))).toBeNull();
    expect(indexedRefundStatus(row({ state: 'Open', result: 'None', refundSignature: null }))).toBeNull();
  });
});

describe('pendingRefundRow and mayAwaitRoll', () => {
  it('finds the newest row when the live record still owes it a roll', () => {
    const rows = [row(), row({ id: 8, state: 'Settled', result: 'Loss', refundSignature: null })];
    expect(mayAwaitRoll(rows)).toBe(true);
    expect(pendingRefundRow(rows, record(BetState.Refunded, BetResult.Invalid))).toBe(9);
    // A plain refund, or a record that moved on, owes nothing.
    expect(pendingRefundRow(rows, record(BetState.Refunded, BetResult.Invalid, NONE))).toBeNull();
    expect(pendingRefundRow(rows, record(BetState.Claimed, BetResult.Win))).toBeNull();
    expect(pendingRefundRow(rows, null)).toBeNull();
    // Another bet than the record's (other odds).
    expect(pendingRefundRow([row({ odds: 40 })], record(BetState.Refunded, BetResult.Invalid))).toBeNull();
  });

  it('does not ask the record about a refund already rolled', () => {
    expect(mayAwaitRoll([row({ result: 'Loss', randomValue: 70 })])).toBe(false);
    expect(mayAwaitRoll([row({ result: 'None', randomValue: 12 })])).toBe(false);
    expect(mayAwaitRoll([row({ state: 'Claimed', result: 'Win' })])).toBe(false);
    expect(mayAwaitRoll([])).toBe(false);
    expect(
      pendingRefundRow(
        [row({ result: 'None', randomValue: 12 })],
        record(BetState.Refunded, BetResult.Invalid),
      ),
    ).toBeNull();
  });
});
