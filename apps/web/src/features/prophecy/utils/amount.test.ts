import {
  DEFAULT_MAX_PRIORITY_FEE_LAMPORTS,
  LAMPORTS_PER_SOL,
  MIN_BET_LAMPORTS,
  SIGNATURE_FEE_LAMPORTS,
} from '@arcade/sdk/constants';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { formatSol, formatSolDecimal } from '../../../lib/format.ts';
import { AMOUNT_MESSAGES, checkAmount, predictionCharge, predictionReserve } from './amount.ts';

/** A prediction account's rent deposit (what the cluster quotes for its 82 bytes). */
const RENT = 1_461_600n;

describe('SOL amounts', () => {
  it('refuses less than the minimum prediction, with the minimum in the message', () => {
    expect(AMOUNT_MESSAGES.tooLow).toBe(`The minimum prediction is ${formatSol(MIN_BET_LAMPORTS)}`);
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: MIN_BET_LAMPORTS - 1n }), (lamports) => {
        expect(checkAmount(formatSolDecimal(lamports), null, RENT)).toEqual({
          ok: false,
          error: AMOUNT_MESSAGES.tooLow,
        });
      }),
    );
    expect(checkAmount(formatSolDecimal(MIN_BET_LAMPORTS), null, RENT)).toEqual({
      ok: true,
      lamports: MIN_BET_LAMPORTS,
    });
  });

  it('reserves the signature fee, the highest priority fee and, on a first prediction, the rent', () => {
    expect(predictionReserve(0n)).toBe(SIGNATURE_FEE_LAMPORTS + DEFAULT_MAX_PRIORITY_FEE_LAMPORTS);
    expect(predictionReserve(RENT)).toBe(RENT + SIGNATURE_FEE_LAMPORTS + DEFAULT_MAX_PRIORITY_FEE_LAMPORTS);
  });

  it('refuses more than the balance, and more than it leaves for the fees and the deposit', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: MIN_BET_LAMPORTS, max: 1_000n * LAMPORTS_PER_SOL }),
        fc.bigInt({ min: 0n, max: 1_000n * LAMPORTS_PER_SOL }),
        fc.constantFrom(0n, RENT),
        (amount, balance, rent) => {
          const check = checkAmount(formatSolDecimal(amount), balance, rent);
          const reserve = predictionReserve(rent);
          if (amount > balance) expect(check).toEqual({ ok: false, error: AMOUNT_MESSAGES.balance });
          else if (amount + reserve > balance) {
            expect(check).toEqual({ ok: false, error: AMOUNT_MESSAGES.keepForFees(reserve, rent > 0n) });
          } else expect(check).toEqual({ ok: true, lamports: amount });
        },
      ),
    );
  });

  it('accepts the whole balance less the reserve, and not one lamport more', () => {
    const balance = 2n * LAMPORTS_PER_SOL;
    for (const rent of [0n, RENT]) {
      const max = balance - predictionReserve(rent);
      expect(checkAmount(formatSolDecimal(max), balance, rent)).toEqual({ ok: true, lamports: max });
      expect(checkAmount(formatSolDecimal(max + 1n), balance, rent).ok).toBe(false);
    }
    // A first prediction keeps more than an addition: the account's rent besides the fees.
    const firstMax = balance - predictionReserve(RENT);
    expect(checkAmount(formatSolDecimal(firstMax + 1n), balance, 0n)).toEqual({
      ok: true,
      lamports: firstMax + 1n,
    });
  });

  it('says why the whole balance cannot be staked', () => {
    const balance = LAMPORTS_PER_SOL;
    expect(checkAmount('1', balance, RENT)).toEqual({
      ok: false,
      error: `Not enough SOL in your wallet: keep ${formatSolDecimal(predictionReserve(RENT))} SOL for the network fee and the prediction's account deposit`,
    });
    expect(checkAmount('1', balance, 0n)).toEqual({
      ok: false,
      error: `Not enough SOL in your wallet: keep ${formatSolDecimal(predictionReserve(0n))} SOL for the network fee`,
    });
  });

  it('says what is wrong with other input', () => {
    expect(checkAmount('', null, RENT)).toEqual({ ok: false, error: AMOUNT_MESSAGES.empty });
    expect(checkAmount('abc', null, RENT)).toEqual({ ok: false, error: AMOUNT_MESSAGES.invalid });
    expect(checkAmount('0.1234567891', null, RENT)).toEqual({ ok: false, error: AMOUNT_MESSAGES.tooPrecise });
    expect(checkAmount('99999999999999', null, RENT)).toEqual({ ok: false, error: AMOUNT_MESSAGES.tooHigh });
  });
});

describe('predictionCharge', () => {
  it('charges a first prediction its stake, the account deposit and the signature fee, and no fee on the stake', () => {
    expect(predictionCharge(100_000_000n, RENT)).toEqual({
      stake: 100_000_000n,
      deposit: RENT,
      networkFee: SIGNATURE_FEE_LAMPORTS,
      total: 101_466_600n,
    });
    expect(predictionCharge(100_000_000n, 0n).total).toBe(100_005_000n);
  });

  it('totals exactly its parts, within what the balance check keeps aside', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: MIN_BET_LAMPORTS, max: 2n ** 63n }),
        fc.bigInt({ min: 0n, max: 10_000_000n }),
        (stake, deposit) => {
          const charge = predictionCharge(stake, deposit);
          expect(charge.total).toBe(stake + deposit + SIGNATURE_FEE_LAMPORTS);
          expect(charge.total).toBeLessThanOrEqual(stake + predictionReserve(deposit));
        },
      ),
    );
  });
});
