import {
  DEFAULT_MAX_PRIORITY_FEE_LAMPORTS,
  MIN_BET_LAMPORTS,
  SIGNATURE_FEE_LAMPORTS,
} from '@arcade/sdk/constants';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { AMOUNT_MESSAGES, betCharge, betReserve, checkBetAmount, maxStake } from './bet-amount.ts';
import { formatSolDecimal } from '../../../lib/format.ts';

const SOL = 1_000_000_000n;

describe('checkBetAmount', () => {
  const reserve = betReserve(1_461_600n);

  it('says nothing while the input is empty', () => {
    expect(checkBetAmount('', { balance: 5n * SOL, reserve })).toEqual({
      ok: false,
      lamports: null,
      error: null,
    });
  });

  it('explains bad input', () => {
    expect(checkBetAmount('abc', { balance: null, reserve })).toMatchObject({
      ok: false,
      error: AMOUNT_MESSAGES.notANumber,
    });
    expect(checkBetAmount('0.0000000001', { balance: null, reserve })).toMatchObject({
      ok: false,
      error: 'SOL has at most 9 decimals',
    });
  });

  it("refuses less than the minimum with the program's BetTooLow message", () => {
    expect(AMOUNT_MESSAGES.tooLow).toBe('The bet is below the minimum of 0.01 SOL');
    expect(checkBetAmount('0.009', { balance: null, reserve })).toMatchObject({
      ok: false,
      error: AMOUNT_MESSAGES.tooLow,
    });
    expect(checkBetAmount('0.01', { balance: null, reserve })).toEqual({
      ok: true,
      lamports: MIN_BET_LAMPORTS,
    });
  });

  it('refuses more than the balance, and what would leave nothing for the fee and deposit', () => {
    expect(checkBetAmount('6', { balance: 5n * SOL, reserve })).toMatchObject({
      ok: false,
      error: 'Not enough SOL: your balance is 5.0 SOL',
    });
    expect(checkBetAmount('5', { balance: 5n * SOL, reserve })).toMatchObject({
      ok: false,
      error: AMOUNT_MESSAGES.keepForFees(reserve),
    });
    expect(checkBetAmount('4.99', { balance: 5n * SOL, reserve })).toEqual({
      ok: true,
      lamports: 4_990_000_000n,
    });
  });

  it('accepts exactly the minimum up to the largest stake (property)', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: MIN_BET_LAMPORTS + reserve, max: 1000n * SOL }), (balance) => {
        const max = maxStake(balance, reserve)!;
        expect(max + reserve).toBe(balance);
        expect(checkBetAmount(formatSolDecimal(max), { balance, reserve })).toEqual({
          ok: true,
          lamports: max,
        });
        expect(checkBetAmount(formatSolDecimal(max + 1n), { balance, reserve }).ok).toBe(false);
      }),
    );
  });

  it('reserves the deposit, the base fee and the highest priority fee', () => {
    expect(betReserve(1_000n)).toBe(1_000n + 5_000n + DEFAULT_MAX_PRIORITY_FEE_LAMPORTS);
    expect(maxStake(MIN_BET_LAMPORTS, reserve)).toBeNull();
  });
});

describe('betCharge', () => {
  it('charges a first bet its stake, the account deposit and the signature fee, and no fee on the bet', () => {
    expect(betCharge(100_000_000n, 1_461_600n)).toEqual({
      stake: 100_000_000n,
      deposit: 1_461_600n,
      networkFee: 5_000n,
      total: 101_466_600n,
    });
    // Adding to a bet opens no account.
    expect(betCharge(100_000_000n, 0n).total).toBe(100_005_000n);
  });

  it('totals exactly its parts, and never charges more than the balance check keeps aside', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: MIN_BET_LAMPORTS, max: 2n ** 63n }),
        fc.bigInt({ min: 0n, max: 10_000_000n }),
        (stake, deposit) => {
          const charge = betCharge(stake, deposit);
          expect(charge.total).toBe(charge.stake + charge.deposit + charge.networkFee);
          expect(charge.networkFee).toBe(SIGNATURE_FEE_LAMPORTS);
          expect(charge.total).toBeLessThanOrEqual(stake + betReserve(deposit));
        },
      ),
    );
  });
});
