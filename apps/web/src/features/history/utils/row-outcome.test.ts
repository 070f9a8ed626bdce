import { foresightPayout } from '@arcade/sdk/payout';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { formatLamports } from '../../../lib/format.ts';
import type { BetRow, MarketBetRow, PredictionRow } from '../../../lib/history/get-history.ts';
import { betOutcome, marketBetOutcome, predictionOutcome, signedLamports } from './row-outcome.ts';

const SOL = 1_000_000_000n;

function bet(
  state: string,
  result: string,
  amount = 100_000_000n,
  fee = 4_000_000n,
  listingPrice = 200_000_000n,
  refund: { refundSignature?: string | null; randomValue?: number | null; odds?: number } = {},
) {
  return {
    state,
    result,
    amount,
    fee,
    listingPrice,
    odds: 50,
    refundSignature: state === 'Refunded' ? 'sig-refund' : null,
    randomValue: null,
    ...refund,
  } as BetRow;
}

function prediction(
  side: 'Up' | 'Down',
  result: string,
  isSettled: boolean,
  winAmount = 0n,
  round: { upPool: bigint; downPool: bigint; settled?: boolean } = { upPool: SOL, downPool: SOL },
): PredictionRow {
  return {
    prediction: side,
    amount: SOL,
    winAmount,
    isSettled,
    round: {
      id: 1,
      lockPrice: null,
      finalPrice: null,
      upPool: round.upPool,
      downPool: round.downPool,
      isSettled: round.settled ?? true,
      result,
    },
  } as PredictionRow;
}

describe('betOutcome', () => {
  it.each([
    ['Open', 'None', 'Open', null],
    ['Refunded', 'Invalid', 'Refunded: the roll could not be revealed in time', 0n],
    ['Settled', 'Loss', 'Lost', -104_000_000n],
    ['Settled', 'Win', 'Won · unclaimed', 96_000_000n],
    ['Claimed', 'Win', 'Won', 96_000_000n],
  ] as const)('%s %s is %s', (state, result, label, net) => {
    expect(betOutcome(bet(state, result))).toMatchObject({ label, net });
  });

  it('keeps an open bet apart: what it cost (stake + fee) is at stake, neither won nor lost', () => {
    expect(betOutcome(bet('Open', 'None'))).toEqual({
      label: 'Open',
      tone: 'pending',
      net: null,
      atStake: 104_000_000n,
    });
  });

  it('says what a refund came to once its roll was revealed after it, with the net of a win', () => {
    // 0.2 SOL prize, stake 0.1, fee 0.004: a win after the refund pays the rest, 0.096 SOL.
    const late = { refundSignature: 'sig-refund', randomValue: 12 };
    expect(betOutcome(bet('Claimed', 'Win', undefined, undefined, undefined, late))).toEqual({
      label: 'Refunded, then won: +0.096 SOL paid',
      tone: 'win',
      net: 96_000_000n,
    });
    expect(betOutcome(bet('Settled', 'Win', undefined, undefined, undefined, late))).toEqual({
      label: 'Refunded, then won: 0.096 SOL to claim',
      tone: 'win',
      net: 96_000_000n,
    });
    expect(betOutcome(bet('Refunded', 'Loss', undefined, undefined, undefined, { randomValue: 77 }))).toEqual(
      { label: 'Refunded (the roll lost)', tone: 'neutral', net: 0n },
    );
    // The live record says this refund's roll is still to come.
    expect(betOutcome(bet('Refunded', 'Invalid'), true)).toEqual({
      label: 'Refunded: waiting for the roll',
      tone: 'pending',
      net: null,
    });
  });

  it("adds up, over settled bets, to the summary's payouts + refunds − wagered − fees", () => {
    const arb = fc.record({
      outcome: fc.constantFrom(['Claimed', 'Win'], ['Settled', 'Loss'], ['Refunded', 'Invalid']),
      amount: fc.bigInt({ min: 1n, max: 1n << 50n }),
      odds: fc.integer({ min: 1, max: 95 }),
    });
    fc.assert(
      fc.property(fc.array(arb), (rows) => {
        let net = 0n;
        let flows = 0n;
        for (const row of rows) {
          const fee = (row.amount * 4n) / 100n;
          const prize = (row.amount * 100n) / BigInt(row.odds);
          const [state, result] = row.outcome;
          net += betOutcome(bet(state, result, row.amount, fee, prize)).net ?? 0n;
          flows += (state === 'Claimed' ? prize : 0n) + (state === 'Refunded' ? row.amount + fee : 0n);
          flows -= row.amount + fee;
        }
        expect(net).toBe(flows);
      }),
    );
  });
});

describe('predictionOutcome', () => {
  it('tells open, lost, refunded and won rounds apart', () => {
    expect(
      predictionOutcome(prediction('Up', 'None', false, 0n, { upPool: SOL, downPool: SOL, settled: false })),
    ).toEqual({ label: 'Open', tone: 'pending', net: null, atStake: SOL });
    // A bet whose round is not indexed yet is open too.
    expect(predictionOutcome({ ...prediction('Up', 'None', false), round: null })).toEqual({
      label: 'Open',
      tone: 'pending',
      net: null,
      atStake: SOL,
    });
    expect(predictionOutcome(prediction('Up', 'Down', false))).toMatchObject({ label: 'Lost', net: -SOL });
    expect(predictionOutcome(prediction('Up', 'Invalid', true, SOL))).toMatchObject({
      label: 'Refunded',
      net: 0n,
    });
    expect(predictionOutcome(prediction('Up', 'Invalid', false))).toMatchObject({
      label: 'Refund · unclaimed',
      net: 0n,
    });
    expect(predictionOutcome(prediction('Up', 'Up', true, 1_940_000_000n))).toMatchObject({
      label: 'Won',
      net: 940_000_000n,
    });
  });

  it('counts an unpaid win at what settle_bet will pay', () => {
    const row = prediction('Down', 'Down', false, 0n, { upPool: 3n * SOL, downPool: SOL });
    expect(predictionOutcome(row)).toMatchObject({
      label: 'Won · unclaimed',
      net: foresightPayout(SOL, 3n * SOL, SOL, 'down') - SOL,
    });
  });
});

describe('marketBetOutcome', () => {
  it.each([
    [null, 'Yes', 'Open', null],
    ['Invalid', 'Yes', 'Refunded', 0n],
    ['Yes', 'Yes', 'Won', null],
    ['No', 'Yes', 'Lost', -SOL],
  ] as const)('market %s, side %s: %s', (marketResult, side, label, net) => {
    expect(marketBetOutcome({ marketResult, result: side, amount: SOL } as MarketBetRow)).toMatchObject({
      label,
      net,
    });
  });

  it('keeps an open position apart: at stake, neither won nor lost (not a −0.20 net)', () => {
    const open = { marketResult: null, result: 'Yes', amount: 200_000_000n } as MarketBetRow;
    expect(marketBetOutcome(open)).toEqual({
      label: 'Open',
      tone: 'pending',
      net: null,
      atStake: 200_000_000n,
    });
    // Settled rows have nothing at stake.
    expect(marketBetOutcome({ ...open, marketResult: 'No' })).not.toHaveProperty('atStake');
  });
});

describe('signedLamports', () => {
  it('signs nets', () => {
    expect(signedLamports(0n, formatLamports)).toBe('0');
    expect(signedLamports(500_000_000n, formatLamports)).toBe('+0.50');
    expect(signedLamports(-1_200_000_000n, formatLamports)).toBe('-1.2');
  });
});
