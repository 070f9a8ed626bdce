import {
  FORESIGHT_EVENT_REMAINING_MS,
  FORESIGHT_SETTLE_BUFFER_SECS,
  FORESIGHT_TIMELOCK_SECS,
} from '@arcade/sdk/constants';
import { Prediction } from '@arcade/sdk/foresight/accounts';
import { remainingMs } from '@arcade/sdk/foresight/views';
import { foresightPayout, payoutMultiplier, poolPercentages } from '@arcade/sdk/payout';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { formatCountdown } from '../../../lib/format.ts';
import { makeBet, makeRound } from '../testing/fixtures.ts';
import {
  betOutcome,
  bettingRemainingMs,
  formatMultiplier,
  formatPrice,
  formatShare,
  invalidReason,
  isRoundExpired,
  poolFields,
  potentialPayout,
  priceChange,
  quotePayout,
  roundRemainingMs,
  roundStage,
} from './round-view.ts';

const SOL = 1_000_000_000n;
const lamports = fc.bigInt({ min: 0n, max: 10_000n * SOL });

describe('priceChange (spec "Change" = price − lock price)', () => {
  it('signs the move and colours it by direction', () => {
    expect(priceChange(15_042_000_000n, 15_000_000_000n)).toEqual({
      delta: 42_000_000n,
      direction: 'up',
      text: '+$0.42',
    });
    expect(priceChange(14_893_000_000n, 15_000_000_000n)).toEqual({
      delta: -107_000_000n,
      direction: 'down',
      text: '-$1.07',
    });
    expect(priceChange(15_000_000_000n, 15_000_000_000n)).toEqual({
      delta: 0n,
      direction: 'flat',
      text: '$0.00',
    });
  });

  it('shows a move under a cent at the price precision, as under a cent, so the winning side is never hidden', () => {
    expect(priceChange(15_000_042_000n, 15_000_000_000n)?.text).toBe('+<$0.01');
    expect(priceChange(14_999_958_000n, 15_000_000_000n)?.text).toBe('-<$0.01');
    expect(priceChange(15_000_070_000n, 15_000_000_000n)?.text).toBe('+<$0.01');
    expect(priceChange(15_003_000_000n, 15_000_000_000n)?.text).toBe('+$0.03');
  });

  it('is unknown while either price is', () => {
    expect(priceChange(null, 1n)).toBeNull();
    expect(priceChange(1n, null)).toBeNull();
  });

  it('direction always follows the integer comparison (property)', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 12n }),
        fc.bigInt({ min: 1n, max: 10n ** 12n }),
        (p, l) => {
          const change = priceChange(p, l)!;
          expect(change.direction).toBe(p > l ? 'up' : p < l ? 'down' : 'flat');
          expect(change.text.startsWith('+')).toBe(p > l);
          expect(change.text.startsWith('-')).toBe(p < l);
        },
      ),
    );
  });
});

describe('formatPrice', () => {
  it('shows the 10^-8 oracle integer in dollars with 2 decimals', () => {
    expect(formatPrice(15_012_345_678n)).toBe('$150.12');
    expect(formatPrice(null)).toBe('—');
  });
});

describe('poolFields (Players, Prize Pool, payouts and percentages from the SDK)', () => {
  it('matches the SDK maths for a round', () => {
    const round = makeRound({ id: 3, upPool: 2n * SOL, downPool: SOL, upCount: 4, downCount: 1 });
    expect(poolFields(round)).toEqual({
      prizePool: 3n * SOL,
      players: 5,
      upPayout: 1.5,
      downPayout: 3,
      upPercentage: poolPercentages(2n * SOL, SOL)[0],
      downPercentage: poolPercentages(2n * SOL, SOL)[1],
    });
    expect(formatMultiplier(1.5)).toBe('1.50x');
    expect(formatShare(poolFields(round).upPercentage)).toBe('66.7%');
  });

  it('shows 50/50 and a 0 payout for an empty round', () => {
    const fields = poolFields(makeRound({ id: 1 }));
    expect([fields.upPercentage, fields.downPercentage]).toEqual([50, 50]);
    expect(formatMultiplier(fields.upPayout)).toBe('0.00x');
    expect(formatMultiplier(payoutMultiplier(SOL, 0n))).toBe('0.00x');
    expect(formatMultiplier(payoutMultiplier(0n, SOL))).toBe('1.00x');
  });

  it('agrees with payoutMultiplier and poolPercentages for any pools (property)', () => {
    fc.assert(
      fc.property(lamports, lamports, (up, down) => {
        const fields = poolFields(makeRound({ id: 1, upPool: up, downPool: down }));
        expect(fields.prizePool).toBe(up + down);
        expect(fields.upPayout).toBe(payoutMultiplier(up, down));
        expect(fields.downPayout).toBe(payoutMultiplier(down, up));
        expect(fields.upPercentage + fields.downPercentage).toBeCloseTo(100, 9);
      }),
    );
  });
});

describe('roundRemainingMs (302000 ms minus the age of the lock time)', () => {
  it('is the SDK value for the spec 5-minute rounds', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1_600_000_000, max: 2_000_000_000 }),
        fc.integer({ min: -5_000, max: 400_000 }),
        (lock, age) => {
          const now = lock * 1000 + age;
          expect(roundRemainingMs(BigInt(lock), FORESIGHT_TIMELOCK_SECS, now)).toBe(
            remainingMs(BigInt(lock), now),
          );
          expect(roundRemainingMs(BigInt(lock), FORESIGHT_TIMELOCK_SECS, now)).toBe(
            FORESIGHT_EVENT_REMAINING_MS - age,
          );
        },
      ),
    );
  });

  it('is timelock × 1000 + 2000 − age for any timelock (60 s dev rounds, 12 s e2e rounds)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 86_400 }),
        fc.integer({ min: 1_600_000_000, max: 2_000_000_000 }),
        fc.integer({ min: -5_000, max: 200_000 }),
        (timelock, lock, age) => {
          const grace = FORESIGHT_EVENT_REMAINING_MS - FORESIGHT_TIMELOCK_SECS * 1000;
          expect(roundRemainingMs(BigInt(lock), timelock, lock * 1000 + age)).toBe(
            timelock * 1000 + grace - age,
          );
        },
      ),
    );
    expect(roundRemainingMs(1_700_000_000n, 12, 1_700_000_005_000)).toBe(9_000);
  });

  it('counts down in the spec format and reads Pending... once run out', () => {
    const lock = 1_700_000_000n;
    expect(formatCountdown(roundRemainingMs(lock, 60, 1_700_000_000_000))).toBe('1m 02s');
    expect(formatCountdown(roundRemainingMs(lock, 300, 1_700_000_000_000))).toBe('5m 02s');
    expect(formatCountdown(roundRemainingMs(lock, 60, 1_700_000_062_000))).toBe('Pending...');
    expect(formatCountdown(roundRemainingMs(lock, 60, 1_700_000_070_000))).toBe('Pending...');
    expect(formatCountdown(bettingRemainingMs(lock, 1_700_000_000_000))).toBe('Pending...');
    expect(formatCountdown(bettingRemainingMs(lock, 1_699_999_990_500))).toBe('0m 10s');
  });
});

describe('roundStage', () => {
  const pointers = { liveEvent: 10, lockedEvent: 9 };
  const lockMs = 1_700_000_060_000;

  it('tells live (before its lock time) from closing (after, awaiting the tick)', () => {
    const live = makeRound({ id: 10 });
    expect(roundStage(live, pointers, lockMs - 1)).toBe('live');
    expect(roundStage(live, pointers, lockMs)).toBe('closing');
  });

  it('tells locked, next, settled and invalid rounds', () => {
    expect(roundStage(makeRound({ id: 9, lockPrice: 1n }), pointers, lockMs)).toBe('locked');
    expect(roundStage(makeRound({ id: 11 }), pointers, lockMs)).toBe('next');
    const settled = makeRound({
      id: 8,
      isSettled: true,
      upCount: 1,
      downCount: 1,
      result: Prediction.Up,
      lockPrice: 1n,
      finalPrice: 2n,
    });
    expect(roundStage(settled, pointers, lockMs)).toBe('settled');
    expect(
      roundStage(makeRound({ id: 7, isSettled: true, result: Prediction.Invalid }), pointers, lockMs),
    ).toBe('invalid');
    // One side empty: invalid even if a price moved.
    expect(
      roundStage(
        makeRound({ id: 6, isSettled: true, upCount: 2, result: Prediction.Invalid }),
        pointers,
        lockMs,
      ),
    ).toBe('invalid');
  });
});

describe('isRoundExpired and the expired stage', () => {
  const pointers = { liveEvent: 10, lockedEvent: 9 };
  // settleTime 1_700_000_120 (makeRound's): the buffer ends FORESIGHT_SETTLE_BUFFER_SECS later.
  const deadlineMs = (1_700_000_120 + FORESIGHT_SETTLE_BUFFER_SECS) * 1000;

  it('expires an unsettled round that went live, from its settle time plus the buffer', () => {
    const locked = makeRound({ id: 9, lockPrice: 1n });
    expect(isRoundExpired(locked, deadlineMs - 1)).toBe(false);
    expect(roundStage(locked, pointers, deadlineMs - 1)).toBe('locked');
    expect(isRoundExpired(locked, deadlineMs)).toBe(true);
    expect(roundStage(locked, pointers, deadlineMs)).toBe('expired');
    // The live round too, if nobody ever locked it.
    expect(roundStage(makeRound({ id: 10 }), pointers, deadlineMs)).toBe('expired');
  });

  it('never expires a settled round, or one that never went live', () => {
    expect(isRoundExpired(makeRound({ id: 8, isSettled: true }), deadlineMs * 2)).toBe(false);
    expect(isRoundExpired(makeRound({ id: 11, startTime: 0n }), deadlineMs * 2)).toBe(false);
  });

  it('turns an unpaid bet of an expired round into Withdraw', () => {
    const round = makeRound({ id: 9, lockPrice: 1n, upCount: 1, downCount: 1, upPool: SOL, downPool: SOL });
    expect(betOutcome(round, makeBet(round), deadlineMs - 1)).toBe('open');
    expect(betOutcome(round, makeBet(round), deadlineMs)).toBe('withdraw');
    // Without the clock nothing expires.
    expect(betOutcome(round, makeBet(round))).toBe('open');
  });
});

describe('invalidReason', () => {
  it('names why a round refunds', () => {
    expect(invalidReason(makeRound({ id: 1 }))).toBe('No bets in this round');
    expect(invalidReason(makeRound({ id: 1, upCount: 2 }))).toBe(
      'One side had no players: bets are refunded',
    );
    expect(invalidReason(makeRound({ id: 1, upCount: 1, downCount: 1, finalPrice: 5n }))).toBe(
      'No oracle price at lock: bets are refunded',
    );
    expect(invalidReason(makeRound({ id: 1, upCount: 1, downCount: 1, lockPrice: 5n }))).toBe(
      'No oracle price at the draw: bets are refunded',
    );
    expect(invalidReason(makeRound({ id: 1, upCount: 1, downCount: 1, lockPrice: 5n, finalPrice: 5n }))).toBe(
      'The price did not move: bets are refunded',
    );
  });
});

describe('betOutcome (Settle for a win, Withdraw for an invalid round)', () => {
  const won = makeRound({
    id: 4,
    isSettled: true,
    upCount: 1,
    downCount: 1,
    upPool: SOL,
    downPool: SOL,
    result: Prediction.Up,
    lockPrice: 1n,
    finalPrice: 2n,
  });
  const invalid = makeRound({ id: 5, isSettled: true, upCount: 1, upPool: SOL, result: Prediction.Invalid });

  it('is open until the round settles', () => {
    expect(betOutcome(makeRound({ id: 1, upCount: 1 }), makeBet(makeRound({ id: 1 })))).toBe('open');
  });

  it('offers Settle to an unpaid winner, then reads paid', () => {
    expect(betOutcome(won, makeBet(won))).toBe('settle');
    expect(betOutcome(won, makeBet(won, { isSettled: true }))).toBe('paid');
  });

  it('offers Withdraw in an invalid round, then reads refunded', () => {
    expect(betOutcome(invalid, makeBet(invalid))).toBe('withdraw');
    expect(betOutcome(invalid, makeBet(invalid, { isSettled: true }))).toBe('refunded');
  });

  it('reads lost for the other side', () => {
    expect(betOutcome(won, makeBet(won, { prediction: Prediction.Down }))).toBe('lost');
  });
});

describe('potentialPayout and quotePayout (foresightPayout on the round pools)', () => {
  it('is what settle_bet would pay now', () => {
    const round = makeRound({ id: 2, upPool: 3n * SOL, downPool: SOL, upCount: 2, downCount: 1 });
    const bet = makeBet(round, { amount: SOL });
    expect(potentialPayout(round, bet)).toBe(foresightPayout(SOL, 3n * SOL, SOL, 'up'));
    expect(potentialPayout(round, makeBet(round, { amount: SOL, prediction: Prediction.Down }))).toBe(
      foresightPayout(SOL, 3n * SOL, SOL, 'down'),
    );
  });

  it('is null while the other side is empty (the round would refund)', () => {
    const round = makeRound({ id: 2, upPool: SOL, upCount: 1 });
    expect(potentialPayout(round, makeBet(round, { amount: SOL }))).toBeNull();
    expect(quotePayout(round, 'up', SOL)).toBeNull();
  });

  it('quotes a new bet as if it were already in the pool', () => {
    const round = makeRound({ id: 2, upPool: SOL, downPool: SOL, upCount: 1, downCount: 1 });
    expect(quotePayout(round, 'down', SOL)).toBe(foresightPayout(SOL, SOL, 2n * SOL, 'down'));
    expect(quotePayout(round, 'up', 0n)).toBeNull();
  });

  it('never pays more than the pot after the fee (property)', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 1000n * SOL }),
        fc.bigInt({ min: 1n, max: 1000n * SOL }),
        fc.bigInt({ min: 1n, max: 100n * SOL }),
        (up, down, amount) => {
          const quote = quotePayout(makeRound({ id: 1, upPool: up, downPool: down }), 'up', amount)!;
          expect(quote).toBeLessThanOrEqual(up + down + amount);
          expect(quote).toBeGreaterThanOrEqual((amount * 97n) / 100n);
        },
      ),
    );
  });
});
