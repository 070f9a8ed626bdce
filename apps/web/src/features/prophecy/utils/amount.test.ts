import { LAMPORTS_PER_SOL, MIN_BET_LAMPORTS } from '@arcade/sdk/constants';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { formatSol } from '../../../lib/format.ts';
import { AMOUNT_MESSAGES, checkAmount, parseSol, solInput } from './amount.ts';

const U64_MAX = 0xffff_ffff_ffff_ffffn;

describe('SOL amounts', () => {
  it('parses exactly into lamports', () => {
    expect(parseSol('0.25')).toBe(250_000_000n);
    expect(parseSol('1')).toBe(LAMPORTS_PER_SOL);
    expect(parseSol('.5')).toBe(500_000_000n);
    expect(parseSol('2,5')).toBe(2_500_000_000n);
    expect(parseSol('0.000000001')).toBe(1n);
    for (const bad of ['', '.', '-1', '1e3', '1.2.3', 'abc', '0.0000000001', ' '])
      expect(parseSol(bad)).toBeNull();
  });

  it('round-trips every u64 through the input text', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: U64_MAX }), (lamports) => {
        expect(parseSol(solInput(lamports))).toBe(lamports);
      }),
    );
  });

  it('refuses less than the minimum prediction, with the minimum in the message', () => {
    expect(AMOUNT_MESSAGES.tooLow).toBe(`The minimum prediction is ${formatSol(MIN_BET_LAMPORTS)}`);
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: MIN_BET_LAMPORTS - 1n }), (lamports) => {
        expect(checkAmount(solInput(lamports), null)).toEqual({ ok: false, error: AMOUNT_MESSAGES.tooLow });
      }),
    );
    expect(checkAmount(solInput(MIN_BET_LAMPORTS), null)).toEqual({ ok: true, lamports: MIN_BET_LAMPORTS });
  });

  it('refuses more than the balance, and accepts up to it', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: MIN_BET_LAMPORTS, max: 1_000n * LAMPORTS_PER_SOL }),
        fc.bigInt({ min: 0n, max: 1_000n * LAMPORTS_PER_SOL }),
        (amount, balance) => {
          const check = checkAmount(solInput(amount), balance);
          if (amount > balance) expect(check).toEqual({ ok: false, error: AMOUNT_MESSAGES.balance });
          else expect(check).toEqual({ ok: true, lamports: amount });
        },
      ),
    );
  });

  it('says what is wrong with other input', () => {
    expect(checkAmount('', null)).toEqual({ ok: false, error: AMOUNT_MESSAGES.empty });
    expect(checkAmount('abc', null)).toEqual({ ok: false, error: AMOUNT_MESSAGES.invalid });
    expect(checkAmount('0.1234567891', null)).toEqual({ ok: false, error: AMOUNT_MESSAGES.tooPrecise });
    expect(checkAmount('99999999999999', null)).toEqual({ ok: false, error: AMOUNT_MESSAGES.tooHigh });
  });
});
