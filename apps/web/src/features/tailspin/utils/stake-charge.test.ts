import { MIN_BET_LAMPORTS } from '@arcade/sdk/constants';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { parseSolInput } from '../../../lib/format.ts';
import { chargeLine } from '../../../lib/wager-bet/components/pay-summary.tsx';
import { approxSol, betCharge, betExtraCosts, costSol } from '../../../lib/wager-bet/utils/bet-costs.ts';
import { betPreview } from './stake.ts';

const stakes = fc.bigInt({ min: MIN_BET_LAMPORTS, max: 10n ** 15n });

describe('what a bet takes from the wallet', () => {
  it('the 0.10 SOL spin a new player saw as "0.10": 0.104 SOL, plus ≈0.000006 SOL network fee', () => {
    const preview = betPreview(100_000_000n, 50)!;
    const charge = betCharge(preview.stake, preview.fee, betExtraCosts(0n));
    expect(costSol(charge.pay)).toBe('0.104');
    expect(approxSol(charge.networkFee)).toBe('0.000006');
    expect(charge.total).toBe(104_005_550n);
    expect(approxSol(charge.total)).toBe('0.104006');
    expect(chargeLine(charge)).toBe('Stake 0.10 · Fee 4% 0.004 · Network ≈0.000006 SOL');
    // 1.0 SOL costs 1.04.
    const one = betPreview(1_000_000_000n, 50)!;
    expect(costSol(betCharge(one.stake, one.fee, betExtraCosts(0n)).pay)).toBe('1.04');
  });

  it('never says more than the game takes: the button amount covers stake + fee of every valid stake', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 95 }), stakes, (odds, typed) => {
        const preview = betPreview(typed, odds);
        fc.pre(preview !== null && preview.stake >= MIN_BET_LAMPORTS);
        const charge = betCharge(preview.stake, preview.fee, betExtraCosts(0n));
        expect(parseSolInput(costSol(charge.pay))).toBe(preview.total);
      }),
    );
  });
});
