import { MAX_TRANSACTION_FEE_LAMPORTS, MIN_BET_LAMPORTS, SOL_DECIMALS } from '@arcade/sdk/constants';
import { betFee } from '@arcade/sdk/wager/bet-math';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { parseSolInput } from '../../format.ts';
import { chargeLine } from '../components/pay-summary.tsx';
import {
  approxSol,
  betCharge,
  betExtraCosts,
  canAffordBet,
  costSol,
  TYPICAL_BET_NETWORK_FEE_LAMPORTS,
} from './bet-costs.ts';

const stakes = fc.bigInt({ min: MIN_BET_LAMPORTS, max: 10n ** 15n });
const rents = fc.bigInt({ min: 0n, max: 10_000_000n });

describe('what a bet takes from the wallet', () => {
  it('the usual network fee is the signature fee and the floor priority fee of the smallest limit', () => {
    // 5,000 + 50,000 µL × 11,000 CU / 10^6: what the localnet charged a bet, measured.
    expect(TYPICAL_BET_NETWORK_FEE_LAMPORTS).toBe(5_550n);
  });

  it('a first bet names the record’s rent in the line under the button', () => {
    const charge = betCharge(100_000_000n, 4_000_000n, betExtraCosts(2_380_320n));
    expect(costSol(charge.pay)).toBe('0.10638032');
    expect(chargeLine(charge)).toBe(
      'Stake 0.10 · Fee 4% 0.004 · Bet record, first bet only 0.00238032 · Network ≈0.000006 SOL',
    );
  });

  it('pays stake + fee + rents exactly, and the total adds the network fee, never above what the check keeps aside', () => {
    fc.assert(
      fc.property(stakes, rents, rents, (stake, recordRent, referralRent) => {
        const fee = betFee(stake);
        const extra = betExtraCosts(recordRent, referralRent);
        const charge = betCharge(stake, fee, extra);
        expect(charge.pay).toBe(stake + fee + recordRent + referralRent);
        expect(charge.total).toBe(charge.pay + TYPICAL_BET_NETWORK_FEE_LAMPORTS);
        expect(charge.networkFee).toBeLessThanOrEqual(charge.networkFeeMax);
        expect(charge.networkFeeMax).toBe(MAX_TRANSACTION_FEE_LAMPORTS);
        // A balance the affordability check accepts always covers the usual total.
        expect(canAffordBet(stake + fee + extra.total, stake + fee, extra)).toBe(true);
        expect(charge.total).toBeLessThanOrEqual(stake + fee + extra.total);
      }),
    );
  });

  it('shows every amount to the lamport: the text reads back as the same lamports, with at least 2 decimals', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 18n }), (lamports) => {
        const text = costSol(lamports);
        expect(parseSolInput(text)).toBe(lamports);
        expect(text).toMatch(/^\d+\.\d{2,9}$/);
        // Never more decimals than needed: no trailing zero past the second decimal.
        expect(text).not.toMatch(/\.\d{2,}0$/);
      }),
    );
  });

  it('rounds an estimate half up to 6 decimals, within half a unit of the last digit', () => {
    const unit = 10n ** BigInt(SOL_DECIMALS - 6);
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 15n }), (lamports) => {
        const shown = parseSolInput(approxSol(lamports))!;
        expect(shown % unit).toBe(0n);
        const gap = shown - lamports;
        expect(gap * 2n).toBeLessThanOrEqual(unit);
        expect(-gap * 2n).toBeLessThan(unit);
      }),
    );
  });
});
