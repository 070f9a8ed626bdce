/**
 * The bots' decisions, over random generators and wallet states: the pace stays within its bounds, stakes
 * are the small amounts listed and valid for the programs, and no bet ever costs more than the wallet can
 * spend with its reserve kept aside.
 */

import { BET_REFUND_DELAY_SECS, MIN_BET_LAMPORTS } from '@arcade/sdk/constants';
import { BetResult, BetState } from '@arcade/sdk/wager/accounts';
import { betCost, betStake, isValidOdds } from '@arcade/sdk/wager/bet-math';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { seededRandom } from '../random.ts';
import {
  betRecordAvailable,
  BOT_ACTIONS,
  chooseAction,
  chooseForesightBet,
  choosePrediction,
  chooseTailSpinBet,
  DEFAULT_BOT_PACE,
  firstDelayMs,
  FORESIGHT_AMOUNTS,
  FORESIGHT_LOCK_MARGIN_MS,
  houseTakesBets,
  nextDelayMs,
  PREDICTION_AMOUNTS,
  PREDICTION_CUTOFF_MARGIN_MS,
  REFUND_MARGIN_SECS,
  refundDue,
  spendable,
  TAILSPIN_ODDS,
  TAILSPIN_STAKES,
  type OpenMarket,
} from './bot-decisions.ts';

const seed = fc.integer({ min: 0, max: 2 ** 32 - 1 });
const lamports = fc.bigInt({ min: 0n, max: 50_000_000_000n });
const reserve = fc.bigInt({ min: 0n, max: 100_000_000n });

describe('pace', () => {
  it('waits between minMs and maxMs, and spreads the turns out', () => {
    fc.assert(
      fc.property(
        seed,
        fc.integer({ min: 0, max: 60_000 }),
        fc.integer({ min: 0, max: 60_000 }),
        (s, a, b) => {
          const pace = { minMs: Math.min(a, b), maxMs: Math.max(a, b) };
          const random = seededRandom(s);
          for (let i = 0; i < 20; i++) {
            const delay = nextDelayMs(random, pace);
            expect(Number.isInteger(delay)).toBe(true);
            expect(delay).toBeGreaterThanOrEqual(pace.minMs);
            expect(delay).toBeLessThanOrEqual(pace.maxMs);
          }
        },
      ),
    );
    const random = seededRandom(42);
    const delays = new Set(Array.from({ length: 50 }, () => nextDelayMs(random, DEFAULT_BOT_PACE)));
    expect(delays.size).toBeGreaterThan(40); // jitter, not a fixed beat
  });

  it('starts bots a few seconds apart', () => {
    fc.assert(
      fc.property(seed, fc.integer({ min: 0, max: 15 }), (s, index) => {
        const delay = firstDelayMs(seededRandom(s), index, DEFAULT_BOT_PACE);
        expect(delay).toBeGreaterThanOrEqual(3_000 + index * 2_500);
        expect(delay).toBeLessThanOrEqual(3_000 + index * 2_500 + DEFAULT_BOT_PACE.minMs / 2);
      }),
    );
  });

  it('plays every game and chats, in proportion to the weights', () => {
    const random = seededRandom(7);
    const counts = new Map<string, number>();
    for (let i = 0; i < 2_000; i++) {
      const action = chooseAction(random)!;
      counts.set(action, (counts.get(action) ?? 0) + 1);
    }
    expect([...counts.keys()].sort()).toEqual([...BOT_ACTIONS].sort());
    expect(counts.get('tailspin')!).toBeGreaterThan(counts.get('chat')!);
    expect(chooseAction(random, { tailspin: 0, foresight: 0, prophecy: 0, chat: 0 })).toBeNull();
    expect(chooseAction(random, { tailspin: 0, foresight: 0, prophecy: 1, chat: 0 })).toBe('prophecy');
  });
});

describe('chooseTailSpinBet', () => {
  it('never costs more than the wallet can spend, and is a bet the program takes', () => {
    fc.assert(
      fc.property(
        seed,
        lamports,
        reserve,
        fc.bigInt({ min: 0n, max: 5_000_000_000n }),
        (s, balance, kept, limit) => {
          const choice = chooseTailSpinBet(seededRandom(s), { balance, reserve: kept, maxPrize: limit });
          if (choice === null) return;
          expect(choice.cost).toBeLessThanOrEqual(spendable(balance, kept));
          expect(choice.cost + kept).toBeLessThanOrEqual(balance);
          expect(isValidOdds(choice.odds)).toBe(true);
          expect(TAILSPIN_ODDS).toContain(choice.odds);
          expect(choice.listingPrice).toBeGreaterThan(0n);
          expect(choice.listingPrice).toBeLessThanOrEqual(limit);
          expect(choice.stake).toBe(betStake(choice.listingPrice, choice.odds));
          expect(choice.cost).toBe(betCost(choice.listingPrice, choice.odds));
          expect(choice.stake).toBeGreaterThanOrEqual(MIN_BET_LAMPORTS);
          expect(choice.stake).toBeLessThanOrEqual(TAILSPIN_STAKES.at(-1)!);
        },
      ),
    );
  });

  it('bets one of the listed small stakes when the house limit is not in the way', () => {
    fc.assert(
      fc.property(seed, (s) => {
        const choice = chooseTailSpinBet(seededRandom(s), {
          balance: 10_000_000_000n,
          reserve: 10_000_000n,
          maxPrize: 500_000_000_000n,
        });
        expect(choice).not.toBeNull();
        expect(TAILSPIN_STAKES).toContain(choice!.stake);
      }),
    );
  });

  it('sits out when the wallet cannot pay the smallest stake', () => {
    fc.assert(
      fc.property(seed, fc.bigInt({ min: 0n, max: MIN_BET_LAMPORTS }), (s, balance) => {
        expect(chooseTailSpinBet(seededRandom(s), { balance, reserve: 0n, maxPrize: 10n ** 12n })).toBeNull();
      }),
    );
  });
});

describe('chooseForesightBet', () => {
  it('bets a listed amount within the spendable balance, on either side, only with time left', () => {
    fc.assert(
      fc.property(
        seed,
        lamports,
        reserve,
        fc.integer({ min: -10_000, max: 300_000 }),
        (s, balance, kept, msToLock) => {
          const choice = chooseForesightBet(seededRandom(s), { balance, reserve: kept, msToLock });
          if (msToLock < FORESIGHT_LOCK_MARGIN_MS || spendable(balance, kept) < FORESIGHT_AMOUNTS[0]!) {
            expect(choice).toBeNull();
            return;
          }
          expect(choice).not.toBeNull();
          expect(FORESIGHT_AMOUNTS).toContain(choice!.amount);
          expect(choice!.amount).toBeLessThanOrEqual(spendable(balance, kept));
          expect(['up', 'down']).toContain(choice!.side);
        },
      ),
    );
  });
});

describe('choosePrediction', () => {
  const market = (address: string, cutoffMs: number): OpenMarket => ({
    address,
    shortName: address,
    cutoffMs,
    yesPool: 1_000_000_000n,
    noPool: 3_000_000_000n,
  });

  it('predicts within the spendable balance, on a market closing later and not predicted yet', () => {
    fc.assert(
      fc.property(
        seed,
        lamports,
        reserve,
        fc.array(fc.integer({ min: -600_000, max: 86_400_000 }), { maxLength: 6 }),
        fc.array(fc.boolean(), { minLength: 6, maxLength: 6 }),
        (s, balance, kept, offsets, taken) => {
          const nowMs = 1_700_000_000_000;
          const markets = offsets.map((offset, index) => market(`m${index}`, nowMs + offset));
          const predicted = new Set(markets.filter((_, index) => taken[index]).map((item) => item.address));
          const choice = choosePrediction(seededRandom(s), {
            balance,
            reserve: kept,
            nowMs,
            markets,
            predicted,
          });
          if (choice === null) return;
          expect(predicted.has(choice.market.address)).toBe(false);
          expect(choice.market.cutoffMs - nowMs).toBeGreaterThan(PREDICTION_CUTOFF_MARGIN_MS);
          expect(PREDICTION_AMOUNTS).toContain(choice.amount);
          expect(choice.amount).toBeLessThanOrEqual(spendable(balance, kept));
          expect(choice.amount).toBeGreaterThanOrEqual(MIN_BET_LAMPORTS);
        },
      ),
    );
  });

  it('sits out when every market is predicted on or closing', () => {
    const nowMs = 1_700_000_000_000;
    const random = seededRandom(3);
    const input = { balance: 10_000_000_000n, reserve: 0n, nowMs };
    expect(choosePrediction(random, { ...input, markets: [], predicted: new Set() })).toBeNull();
    expect(
      choosePrediction(random, { ...input, markets: [market('a', nowMs + 30_000)], predicted: new Set() }),
    ).toBeNull();
    expect(
      choosePrediction(random, {
        ...input,
        markets: [market('a', nowMs + 3_600_000)],
        predicted: new Set(['a']),
      }),
    ).toBeNull();
    expect(
      choosePrediction(random, { ...input, markets: [market('a', nowMs + 3_600_000)], predicted: new Set() })
        ?.market.address,
    ).toBe('a');
  });
});

describe('refundDue', () => {
  it('refunds an open bet only past its deadline plus a margin for the chain clock', () => {
    const placed = 1_700_000_000n;
    const deadlineMs = (Number(placed) + BET_REFUND_DELAY_SECS + REFUND_MARGIN_SECS) * 1000;
    expect(refundDue({ state: BetState.Open, timestamp: placed }, deadlineMs - 1)).toBe(false);
    expect(refundDue({ state: BetState.Open, timestamp: placed }, deadlineMs)).toBe(true);
    for (const state of [BetState.Settled, BetState.Claimed, BetState.Refunded, BetState.None]) {
      expect(refundDue({ state, timestamp: placed }, deadlineMs + 3_600_000)).toBe(false);
    }
  });
});

describe('betRecordAvailable', () => {
  const house = { revealSequence: 10n, paused: false };
  const bet = (overrides: Partial<Parameters<typeof betRecordAvailable>[0] & object> = {}) => ({
    state: BetState.Settled,
    result: BetResult.Loss,
    offChain: false,
    sequence: 5n,
    ...overrides,
  });

  it('takes a new bet after a claim, a refund or a settled loss revealed by the chain', () => {
    expect(betRecordAvailable(null, house)).toBe(true);
    expect(betRecordAvailable(bet(), house)).toBe(true);
    expect(betRecordAvailable(bet({ state: BetState.Claimed, result: BetResult.Win }), house)).toBe(true);
    expect(betRecordAvailable(bet({ state: BetState.Refunded, result: BetResult.Invalid }), house)).toBe(
      true,
    );
  });

  it('waits while a bet is open or an unclaimed win, and while a refunded bet is not revealed yet', () => {
    expect(betRecordAvailable(bet({ state: BetState.Open, result: BetResult.None }), house)).toBe(false);
    expect(betRecordAvailable(bet({ result: BetResult.Win }), house)).toBe(false);
    expect(
      betRecordAvailable(bet({ state: BetState.Refunded, result: BetResult.Invalid, sequence: 10n }), house),
    ).toBe(false);
    // An off-chain bet of the old version has no place in the seed chain.
    expect(betRecordAvailable(bet({ offChain: true, sequence: 0n }), { ...house, revealSequence: 0n })).toBe(
      true,
    );
    expect(betRecordAvailable(null, { ...house, paused: true })).toBe(false);
  });
});

describe('houseTakesBets', () => {
  it('takes a bet while a committed chain holds a seed for the next sequence', () => {
    const house = { paused: false, betSequence: 5n, seedChainEnd: 6n, nextSeedChainLength: 0n };
    expect(houseTakesBets(house)).toBe(true);
    expect(houseTakesBets({ ...house, betSequence: 6n })).toBe(false);
    expect(houseTakesBets({ ...house, betSequence: 6n, nextSeedChainLength: 10_000n })).toBe(true);
    expect(houseTakesBets({ ...house, paused: true })).toBe(false);
    // A fresh house: no chain committed yet.
    expect(
      houseTakesBets({ paused: false, betSequence: 0n, seedChainEnd: 0n, nextSeedChainLength: 0n }),
    ).toBe(false);
  });
});
