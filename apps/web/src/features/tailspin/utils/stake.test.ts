import {
  BPS_DENOMINATOR,
  LAMPORTS_PER_SOL,
  MAX_TRANSACTION_FEE_LAMPORTS,
  MIN_BET_LAMPORTS,
  ODDS_MAX,
  ODDS_MIN,
} from '@arcade/sdk/constants';
import { betFee, betStake, prizeFromStake } from '@arcade/sdk/wager/bet-math';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { betExtraCosts, type BetExtraCosts } from '../../../lib/wager-bet/utils/bet-costs.ts';
import {
  betPreview,
  largestAffordableStake,
  maxStake,
  maxStakeForBalance,
  maxStakeForPrize,
  multiplierText,
  previewSol,
  stakeIssue,
} from './stake.ts';
import { stakeIssueMessage } from '../../../lib/error-text.ts';
import { formatSolDecimal } from '../../../lib/format.ts';

const odds = fc.integer({ min: ODDS_MIN, max: ODDS_MAX });
const lamports = fc.bigInt({ min: 1n, max: 10_000n * LAMPORTS_PER_SOL });

describe('betPreview', () => {
  it('is the SDK maths: prize = floor(stake × 100 / odds), stake from the prize, 4% fee on it', () => {
    fc.assert(
      fc.property(lamports, odds, (typed, o) => {
        const preview = betPreview(typed, o);
        const prize = prizeFromStake(typed, o);
        if (prize === 0n) {
          expect(preview).toBeNull();
          return;
        }
        const stake = betStake(prize, o);
        expect(preview).toEqual({ prize, stake, fee: betFee(stake), total: stake + betFee(stake) });
      }),
    );
  });

  it('never charges more than the typed stake, and the charged stake buys the same prize', () => {
    fc.assert(
      fc.property(lamports, odds, (typed, o) => {
        const preview = betPreview(typed, o);
        if (preview === null) return;
        expect(preview.stake).toBeLessThanOrEqual(typed);
        expect(prizeFromStake(preview.stake, o)).toBe(preview.prize);
        // prize × odds rounds up to the stake: the house never sells the prize below its fair price.
        expect(preview.stake * 100n).toBeGreaterThanOrEqual(preview.prize * BigInt(o));
        expect((preview.stake - 1n) * 100n).toBeLessThan(preview.prize * BigInt(o));
      }),
    );
  });

  it('works the spec example: 0.5 SOL at 50% wins 1 SOL for 0.52 SOL', () => {
    expect(betPreview(500_000_000n, 50)).toEqual({
      prize: 1_000_000_000n,
      stake: 500_000_000n,
      fee: 20_000_000n,
      total: 520_000_000n,
    });
    expect(betPreview(100_000_000n, 30)).toEqual({
      prize: 333_333_333n,
      stake: 100_000_000n,
      fee: 4_000_000n,
      total: 104_000_000n,
    });
    expect(multiplierText(30)).toBe('×3.33');
  });
});

describe('previewSol', () => {
  it('rounds a preview amount to 6 decimals, dropping trailing zeros', () => {
    expect(previewSol(4_000_000n)).toBe('0.004');
    expect(previewSol(333_333_333n)).toBe('0.333333');
  });
});

describe('max stakes', () => {
  it('maxStakeForPrize is the largest stake whose prize fits under the limit', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10_000n * LAMPORTS_PER_SOL }), odds, (limit, o) => {
        const max = maxStakeForPrize(limit, o);
        expect(prizeFromStake(max, o)).toBeLessThanOrEqual(limit);
        expect(prizeFromStake(max + 1n, o)).toBeGreaterThan(limit);
      }),
    );
  });

  it('maxStakeForBalance is the largest stake whose stake + fee fits the balance', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -LAMPORTS_PER_SOL, max: (1n << 64n) - 1n }), (available) => {
        const max = maxStakeForBalance(available);
        expect(max + betFee(max)).toBeLessThanOrEqual(available < 0n ? 0n : available);
        expect(max + 1n + betFee(max + 1n)).toBeGreaterThan(available);
      }),
    );
  });

  it('finds the largest affordable stake for any fee rate, rounded down or up', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10_000n * LAMPORTS_PER_SOL }),
        fc.bigInt({ min: 0n, max: 3n * BPS_DENOMINATOR }),
        fc.boolean(),
        (available, bps, roundUp) => {
          const fee = (stake: bigint) =>
            roundUp
              ? (stake * bps + BPS_DENOMINATOR - 1n) / BPS_DENOMINATOR
              : (stake * bps) / BPS_DENOMINATOR;
          // The search starts from the rate's guess, which a rounded-up fee can put above the answer.
          const max = largestAffordableStake(available, fee, bps);
          expect(max + fee(max)).toBeLessThanOrEqual(available);
          expect(max + 1n + fee(max + 1n)).toBeGreaterThan(available);
        },
      ),
    );
  });

  it('Max costs no more than the balance allows, and one lamport more would cost too much or pass the house limit', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -LAMPORTS_PER_SOL, max: 100_000n * LAMPORTS_PER_SOL }),
        fc.bigInt({ min: 0n, max: 10_000n * LAMPORTS_PER_SOL }),
        odds,
        (available, maxPrize, o) => {
          const max = maxStake({ maxPrize, odds: o, available });
          const preview = betPreview(max, o);
          if (preview !== null) {
            expect(preview.total).toBeLessThanOrEqual(available);
            expect(preview.prize).toBeLessThanOrEqual(maxPrize);
          }
          const next = betPreview(max + 1n, o)!;
          expect(next.total > available || next.prize > maxPrize).toBe(true);
        },
      ),
    );
  });
});

describe('stakeIssue', () => {
  const base: {
    odds: number;
    maxPrize: bigint;
    balance: bigint;
    extra: BetExtraCosts | null;
  } = {
    odds: 50,
    maxPrize: 5n * LAMPORTS_PER_SOL,
    balance: 10n * LAMPORTS_PER_SOL,
    extra: betExtraCosts(0n),
  };
  const message = (text: string, extra: Partial<typeof base> = {}) => {
    const issue = stakeIssue({ ...base, ...extra, text });
    return issue === null ? null : stakeIssueMessage(issue);
  };

  it('says what is wrong in the player’s words', () => {
    expect(message('')).toBe('Enter a stake in SOL.');
    expect(message('abc')).toBe('Enter the stake as a number of SOL, like 0.25.');
    expect(message('18446744073.709551616')).toBe('Enter the stake as a number of SOL, like 0.25.');
    expect(message('1,000.5')).toBe('Enter the stake as a number of SOL, like 0.25.');
    expect(message('0.009')).toBe('The smallest stake is 0.01 SOL.');
    expect(message('2.6')).toBe(
      'The largest prize the house covers right now is 5.0 SOL. Lower the stake or raise the win chance.',
    );
    expect(message('1', { balance: LAMPORTS_PER_SOL })).toBe(
      'Not enough SOL: this bet needs 1.0 SOL with the fee and the network fee, and you have 1.0 SOL.',
    );
    expect(message('0.5')).toBeNull();
    expect(message('0,5')).toBeNull();
  });

  it('counts what the bet needs besides stake + fee: the record’s rent on a first bet and the network fee', () => {
    const rent = 2_000_000n;
    const total = betPreview(LAMPORTS_PER_SOL, 50)!.total;
    const first = betExtraCosts(rent);
    expect(message('1', { balance: total + rent + MAX_TRANSACTION_FEE_LAMPORTS, extra: first })).toBeNull();
    expect(message('1', { balance: total + rent + MAX_TRANSACTION_FEE_LAMPORTS - 1n, extra: first })).toBe(
      'Not enough SOL: this bet needs 1.0 SOL with the fee, your bet record and the network fee, and you have 1.0 SOL.',
    );
    expect(message('1', { balance: total + MAX_TRANSACTION_FEE_LAMPORTS })).toBeNull();
    expect(message('1', { balance: total + MAX_TRANSACTION_FEE_LAMPORTS - 1n })).not.toBeNull();
    // Not known yet: not checked.
    expect(message('1', { balance: total, extra: null })).toBeNull();
  });

  it('takes the minimum on the stake the program charges, not the typed one', () => {
    // At 3%, 0.0100000001 SOL buys a prize whose stake rounds back to exactly the minimum.
    const typed = MIN_BET_LAMPORTS;
    expect(stakeIssue({ ...base, odds: 3, text: formatSolDecimal(typed) })).toBeNull();
    expect(stakeIssue({ ...base, odds: 3, text: formatSolDecimal(typed - 1n) })).toEqual({
      kind: 'belowMin',
    });
  });

  it('does not check what is not known yet', () => {
    expect(stakeIssue({ odds: 50, maxPrize: null, balance: null, extra: null, text: '1000' })).toBeNull();
  });
});
