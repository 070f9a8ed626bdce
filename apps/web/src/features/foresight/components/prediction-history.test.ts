import { FORESIGHT_SETTLE_BUFFER_SECS } from '@arcade/sdk/constants';
import { foresightPayout } from '@arcade/sdk/payout';
import { describe, expect, it } from 'vitest';

import type { HistoryPrediction } from '../api/get-prediction-history.ts';
import { historyActionText, historyOutcome } from './prediction-history.tsx';

const SOL = 1_000_000_000n;
const NOW = 1_700_000_000_000;

function row(fields: Partial<HistoryPrediction> & { readonly result?: string; readonly settled?: boolean }) {
  const { result = 'Up', settled = true, ...rest } = fields;
  return {
    id: 1,
    address: 'Bet',
    event: 'Round',
    prediction: 'Up',
    amount: SOL,
    winAmount: 0n,
    isSettled: false,
    won: null,
    signature: 's',
    timestamp: NOW / 1000 - 600,
    round: {
      id: 15,
      lockTime: NOW / 1000 - 500,
      settleTime: NOW / 1000 - 400,
      lockPrice: 1,
      finalPrice: 2,
      upCount: 1,
      downCount: 1,
      upPool: 3n * SOL,
      downPool: SOL,
      isSettled: settled,
      result,
    },
    ...rest,
  } satisfies HistoryPrediction;
}

describe('historyOutcome', () => {
  it('offers Withdraw on an Invalid round, and reads Withdrawn once withdrawn (here or indexed)', () => {
    const invalid = row({ result: 'Invalid' });
    const owed = historyOutcome(invalid, NOW);
    expect(owed.text).toBe('Invalid round: refund');
    expect(owed.action).toEqual({ kind: 'withdraw', amount: SOL });
    expect(historyActionText(owed.action!)).toBe('Withdraw 1.0 SOL');
    expect(historyOutcome(invalid, NOW, 'withdraw')).toEqual({
      text: 'Withdrawn 1.0 SOL',
      tone: 'text-ink-dim',
      action: null,
    });
    expect(historyOutcome({ ...invalid, isSettled: true, winAmount: SOL }, NOW).text).toBe(
      'Withdrawn 1.0 SOL',
    );
  });

  it('offers Withdraw on a round left unsettled past its buffer', () => {
    const stuck = row({
      result: 'None',
      settled: false,
      round: {
        id: 15,
        lockTime: NOW / 1000 - FORESIGHT_SETTLE_BUFFER_SECS - 100,
        settleTime: NOW / 1000 - FORESIGHT_SETTLE_BUFFER_SECS - 1,
        lockPrice: 1,
        finalPrice: null,
        upCount: 1,
        downCount: 1,
        upPool: SOL,
        downPool: SOL,
        isSettled: false,
        result: 'None',
      },
    });
    expect(historyOutcome(stuck, NOW).action).toEqual({ kind: 'withdraw', amount: SOL });
    expect(historyOutcome(stuck, NOW).text).toBe('Not settled in time: refund');
  });

  it('offers Collect with what settle_bet pays on an unpaid win, then reads Won', () => {
    const payout = foresightPayout(SOL, 3n * SOL, SOL, 'up');
    const won = row({ won: true });
    const owed = historyOutcome(won, NOW);
    expect(owed.action).toEqual({ kind: 'settle', amount: payout });
    expect(historyActionText(owed.action!)).toBe(`Collect 1.3 SOL`);
    expect(historyOutcome(won, NOW, 'settle').text).toBe('Won 1.3 SOL');
    expect(historyOutcome(won, NOW, 'settle').action).toBeNull();
  });

  it('has no action on a loss or a running round', () => {
    expect(historyOutcome(row({ won: false, result: 'Down' }), NOW)).toEqual({
      text: 'Lost 1.0 SOL',
      tone: 'text-loss',
      action: null,
    });
    expect(historyOutcome(row({ result: 'None', settled: false }), NOW).action).toBeNull();
  });
});
