import { PROPHECY_FEE_BPS } from '@arcade/sdk/constants';
import { MarketResult } from '@arcade/sdk/wager/accounts';
import { predictionPayout } from '@arcade/sdk/wager/bet-math';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { marketPhase, marketStatus, resultOption } from './market-phase.ts';
import { estimatePayout, predictionOutcome, shareOf } from './position.ts';

const SOL = 1_000_000_000n;
const lamports = fc.bigInt({ min: 0n, max: 10_000n * SOL });
const meta = { yesOption: 'Above', noOption: 'Below', invalidOption: 'Void' };

describe('the estimate of a prediction', () => {
  it('is what settle_prediction would pay with the stake added to its side', () => {
    fc.assert(
      fc.property(
        lamports,
        lamports,
        fc.constantFrom('yes' as const, 'no' as const),
        lamports,
        fc.bigInt({ min: 1n, max: 100n * SOL }),
        (yesPool, noPool, side, stakedRaw, adding) => {
          const own = side === 'yes' ? yesPool : noPool;
          const staked = stakedRaw > own ? own : stakedRaw;
          const result = side === 'yes' ? MarketResult.Yes : MarketResult.No;
          const expected = predictionPayout(
            {
              yesPool: yesPool + (side === 'yes' ? adding : 0n),
              noPool: noPool + (side === 'no' ? adding : 0n),
              result,
            },
            staked + adding,
            result,
          );
          expect(estimatePayout({ yesPool, noPool }, side, staked, adding)).toBe(expected);
        },
      ),
    );
  });

  it('pays the whole pot less the fee to a side alone on it', () => {
    expect(estimatePayout({ yesPool: 0n, noPool: SOL }, 'yes', 0n, SOL)).toBe(
      2n * SOL - (2n * SOL * PROPHECY_FEE_BPS) / 10_000n,
    );
  });

  it('never throws while the market and the prediction disagree for a moment', () => {
    expect(estimatePayout({ yesPool: 0n, noPool: 0n }, 'yes', SOL, SOL)).toBe(
      2n * SOL - (2n * SOL * 3n) / 100n,
    );
  });
});

describe('the outcome of a resolved market', () => {
  it('is null until resolved, then a win, a loss or a refund by the SDK maths', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10_000n * SOL }),
        fc.bigInt({ min: 1n, max: 10_000n * SOL }),
        fc.constantFrom('yes' as const, 'no' as const),
        fc.constantFrom('yes' as const, 'no' as const, 'invalid' as const),
        fc.integer({ min: 1, max: 100 }),
        (yesPool, noPool, side, result, percent) => {
          const own = side === 'yes' ? yesPool : noPool;
          const amount = (own * BigInt(percent)) / 100n || 1n;
          expect(predictionOutcome({ yesPool, noPool, result: null }, { side, amount })).toBeNull();
          const outcome = predictionOutcome({ yesPool, noPool, result }, { side, amount });
          const chain = { yes: MarketResult.Yes, no: MarketResult.No, invalid: MarketResult.Invalid };
          expect(outcome?.payout).toBe(
            predictionPayout({ yesPool, noPool, result: chain[result] }, amount, chain[side]),
          );
          expect(outcome?.kind).toBe(result === 'invalid' ? 'refunded' : result === side ? 'won' : 'lost');
          if (result === 'invalid') expect(outcome?.payout).toBe(amount);
          if (outcome?.kind === 'lost') expect(outcome.payout).toBe(0n);
        },
      ),
    );
  });

  it('gives shares of a pool as percentages', () => {
    expect(shareOf(SOL, 4n * SOL)).toBe(25);
    expect(shareOf(SOL, 0n)).toBe(0);
  });
});

describe('the phase of a market', () => {
  it('is open strictly before the cutoff, closed from it, resolved with a result', () => {
    expect(marketPhase({ cutOffTime: 100, result: null }, 99)).toBe('open');
    expect(marketPhase({ cutOffTime: 100, result: null }, 100)).toBe('closed');
    expect(marketPhase({ cutOffTime: 100, result: 'no' }, 50)).toBe('resolved');
  });

  it('labels results with the market’s own options', () => {
    expect(resultOption(meta, 'yes')).toBe('Above');
    expect(resultOption(meta, 'invalid')).toBe('Void');
    expect(marketStatus({ cutOffTime: 100, result: 'no', marketMetadata: meta }, 200).label).toBe(
      'Resolved: Below',
    );
    expect(marketStatus({ cutOffTime: 100, result: null, marketMetadata: meta }, 200).label).toBe(
      'Awaiting result',
    );
    expect(marketStatus({ cutOffTime: 100, result: null, marketMetadata: meta }, 0).label).toBe('Open');
  });
});
