/**
 * The parts of Prophecy that need no chain: the market view's numbers, the `categories` parameter, the
 * time checks and the mapping of program errors to HTTP errors.
 */

import { ApiErrorCode } from '@arcade/sdk/api/error-codes';
import { MARKET_MAX_LIFETIME_SECS, PROPHECY_CATEGORIES } from '@arcade/sdk/constants';
import { payoutMultiplier, poolPercentages } from '@arcade/sdk/payout';
import { WAGER_ERROR_CODES } from '@arcade/sdk/wager/errors';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { ChainTransactionError } from '../chain/send-transaction.ts';
import { HttpError } from '../http/errors.ts';
import type { MarketRecord } from '../repositories/market-repository.ts';
import {
  checkMarketTimes,
  marketChainError,
  parseCategories,
  PROPHECY_MESSAGES,
  toMarketView,
} from './prophecy-service.ts';

const U64_MAX = 0xffff_ffff_ffff_ffffn;

function market(overrides: Partial<MarketRecord> = {}): MarketRecord {
  return {
    address: '11111111111111111111111111111111',
    name: 'Will SOL close above $200?',
    shortName: 'SOL > 200',
    yesOption: 'Above',
    noOption: 'Below',
    invalidOption: 'Void',
    category: 'Crypto',
    image: '',
    rules: 'Settles on the close.',
    startTime: 1_700_000_000,
    endTime: 1_700_100_000,
    cutoffTime: 1_700_050_000,
    yesCount: 0,
    noCount: 0,
    yesPool: 0n,
    noPool: 0n,
    isSettled: false,
    settledCount: 0,
    result: null,
    referrer: null,
    ...overrides,
  };
}

function httpError(run: () => unknown): HttpError {
  try {
    run();
  } catch (error) {
    if (error instanceof HttpError) return error;
    throw error;
  }
  throw new Error('expected an HttpError');
}

describe('toMarketView', () => {
  it("shows a market's fields, pools as decimal strings and the result in lower case", () => {
    const view = toMarketView(
      market({
        yesCount: 2,
        noCount: 1,
        yesPool: 3_000_000_000n,
        noPool: 1_000_000_000n,
        result: 'Invalid',
        referrer: 'So11111111111111111111111111111111111111112',
        image: '/images/sol.png',
      }),
    );
    expect(view).toEqual({
      key: '11111111111111111111111111111111',
      startTime: 1_700_000_000,
      endTime: 1_700_100_000,
      cutOffTime: 1_700_050_000,
      yesCount: 2,
      noCount: 1,
      totalCount: 3,
      yesPool: '3000000000',
      noPool: '1000000000',
      totalPool: '4000000000',
      isSettled: false,
      settledCount: 0,
      result: 'invalid',
      referrer: 'So11111111111111111111111111111111111111112',
      marketMetadata: {
        name: 'Will SOL close above $200?',
        shortName: 'SOL > 200',
        yesOption: 'Above',
        noOption: 'Below',
        invalidOption: 'Void',
        category: 'Crypto',
        image: '/images/sol.png',
        rules: 'Settles on the close.',
      },
      yesMultiplier: 1.33,
      noMultiplier: 4,
      yesPercentage: 75,
      noPercentage: 25,
    });
  });

  it('shows an empty pot as 50/50 with multipliers 0, and no image as null', () => {
    const view = toMarketView(market());
    expect(view).toMatchObject({ yesPercentage: 50, noPercentage: 50, yesMultiplier: 0, noMultiplier: 0 });
    expect(view.marketMetadata.image).toBeNull();
    expect(view.result).toBeNull();
  });

  it('maps each stored result to its lower-case label', () => {
    expect(toMarketView(market({ result: 'Yes' })).result).toBe('yes');
    expect(toMarketView(market({ result: 'No' })).result).toBe('no');
    expect(toMarketView(market({ result: 'Invalid' })).result).toBe('invalid');
  });

  it('always agrees with the SDK payout maths, and totals are exact for any u64 pools', () => {
    fc.assert(
      fc.property(fc.bigInt(0n, U64_MAX), fc.bigInt(0n, U64_MAX), (yesPool, noPool) => {
        const view = toMarketView(market({ yesPool, noPool }));
        expect(BigInt(view.totalPool)).toBe(yesPool + noPool);
        expect(BigInt(view.yesPool)).toBe(yesPool);
        expect(BigInt(view.noPool)).toBe(noPool);
        expect(view.yesMultiplier).toBe(payoutMultiplier(yesPool, noPool));
        expect(view.noMultiplier).toBe(payoutMultiplier(noPool, yesPool));
        expect([view.yesPercentage, view.noPercentage]).toEqual(poolPercentages(yesPool, noPool));
        expect(view.yesPercentage + view.noPercentage).toBeCloseTo(100, 9);
        expect(view.yesPercentage).toBeGreaterThanOrEqual(0);
        expect(view.yesPercentage).toBeLessThanOrEqual(100);
      }),
    );
  });

  it('counts totalCount as yes + no for any u32 counts', () => {
    fc.assert(
      fc.property(fc.nat(0xffff_ffff), fc.nat(0xffff_ffff), (yesCount, noCount) => {
        expect(toMarketView(market({ yesCount, noCount })).totalCount).toBe(yesCount + noCount);
      }),
    );
  });
});

describe('parseCategories', () => {
  it('selects the true keys of a JSON object (the client default is an empty object)', () => {
    expect(parseCategories('{"Crypto":true,"NBA":false,"Soccer":true}')).toEqual(['Crypto', 'Soccer']);
    expect(parseCategories('{}')).toEqual([]);
    expect(parseCategories('{"Crypto":false}')).toEqual([]);
  });

  it('accepts a JSON array, a comma list and a repeated parameter, in the spec order, without duplicates', () => {
    expect(parseCategories('["NBA","Crypto"]')).toEqual(['Crypto', 'NBA']);
    expect(parseCategories('NBA, Crypto,,')).toEqual(['Crypto', 'NBA']);
    expect(parseCategories(['NBA', 'Crypto,NBA'])).toEqual(['Crypto', 'NBA']);
    expect(parseCategories('[]')).toEqual([]);
    expect(parseCategories('')).toEqual([]);
    expect(parseCategories(undefined)).toEqual([]);
  });

  it('matches names ignoring case and answers in the spec spelling', () => {
    expect(parseCategories('crypto,nft,ufc')).toEqual(['Crypto', 'NFT', 'UFC']);
  });

  it('round-trips any subset of the 12 categories in every encoding', () => {
    fc.assert(
      fc.property(fc.subarray([...PROPHECY_CATEGORIES]), (subset) => {
        const expected = PROPHECY_CATEGORIES.filter((c) => subset.includes(c));
        const object = Object.fromEntries(PROPHECY_CATEGORIES.map((c) => [c, subset.includes(c)]));
        expect(parseCategories(JSON.stringify(object))).toEqual(expected);
        expect(parseCategories(JSON.stringify(subset))).toEqual(expected);
        expect(parseCategories(subset.join(','))).toEqual(expected);
      }),
    );
  });

  it("refuses an unknown category with 'Invalid category', even one switched off", () => {
    for (const raw of ['Cricket', 'Crypto,Cricket', '["Cricket"]', '{"Cricket":true}', '{"Cricket":false}']) {
      const error = httpError(() => parseCategories(raw));
      expect([error.statusCode, error.message]).toEqual([400, PROPHECY_MESSAGES.invalidCategory]);
    }
  });

  it("refuses JSON of another shape with 'Invalid categories'", () => {
    for (const raw of ['{"Crypto":', '{"Crypto":"yes"}', '[1]', '[null]', '{"Crypto":1}', '[{"a":1}]']) {
      const error = httpError(() => parseCategories(raw));
      expect([error.statusCode, error.message]).toEqual([400, PROPHECY_MESSAGES.invalidCategories]);
    }
  });

  it('never throws anything but a 400 on arbitrary input', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.json(), fc.array(fc.string())), (raw) => {
        try {
          parseCategories(raw);
        } catch (error) {
          expect(error).toBeInstanceOf(HttpError);
          expect((error as HttpError).statusCode).toBe(400);
        }
      }),
    );
  });
});

describe('checkMarketTimes', () => {
  const nowMs = 1_700_000_000_500;

  it('accepts now < cutoff ≤ end', () => {
    expect(() => {
      checkMarketTimes(1_700_000_001, 1_700_000_001, nowMs);
    }).not.toThrow();
  });

  it('refuses a cutoff at or before now, then a cutoff after the end', () => {
    expect(
      httpError(() => {
        checkMarketTimes(1_800_000_000, 1_700_000_000, nowMs);
      }).message,
    ).toBe(PROPHECY_MESSAGES.cutoffInPast);
    expect(
      httpError(() => {
        checkMarketTimes(1_700_000_010, 1_700_000_011, nowMs);
      }).message,
    ).toBe(PROPHECY_MESSAGES.cutoffAfterEnd);
  });

  it('refuses an end beyond the lifetime, counted from now (a new market) or from the start (an update)', () => {
    const now = Math.floor(nowMs / 1000);
    expect(() => {
      checkMarketTimes(now + MARKET_MAX_LIFETIME_SECS, now + 60, nowMs);
    }).not.toThrow();
    expect(
      httpError(() => {
        checkMarketTimes(now + MARKET_MAX_LIFETIME_SECS + 1, now + 60, nowMs);
      }).message,
    ).toBe(PROPHECY_MESSAGES.endTooFar);
    const start = now - 86_400;
    expect(
      httpError(() => {
        checkMarketTimes(now + MARKET_MAX_LIFETIME_SECS, now + 60, nowMs, start);
      }).message,
    ).toBe(PROPHECY_MESSAGES.endTooFar);
  });

  it('throws each refusal with its own code and the catalogue’s status', () => {
    const now = Math.floor(nowMs / 1000);
    const refusals: [endTime: number, cutoffTime: number, code: ApiErrorCode][] = [
      [now + 60, now, ApiErrorCode.MARKET_CUTOFF_IN_PAST],
      [now + 60, now + 61, ApiErrorCode.MARKET_CUTOFF_AFTER_END],
      [now + MARKET_MAX_LIFETIME_SECS + 1, now + 60, ApiErrorCode.MARKET_END_TOO_FAR],
    ];
    for (const [endTime, cutoffTime, code] of refusals) {
      const error = httpError(() => {
        checkMarketTimes(endTime, cutoffTime, nowMs);
      });
      expect([error.code, error.statusCode]).toEqual([code, 400]);
    }
  });
});

describe('marketChainError', () => {
  const programError = (name: keyof typeof WAGER_ERROR_CODES) =>
    new ChainTransactionError('transaction refused', WAGER_ERROR_CODES[name]);

  it('maps a resolve before the cutoff (InvalidMarket) to a 400 that names the program error', () => {
    const error = marketChainError(programError('InvalidMarket'), 'resolve');
    expect([error.statusCode, error.message]).toEqual([400, PROPHECY_MESSAGES.resolveBeforeCutoff]);
    expect(error.extra).toEqual({ programError: 'InvalidMarket', programErrorCode: 6007 });
  });

  it('maps MarketClosed to 409: already resolved for a resolve, past the cutoff for an update', () => {
    const resolve = marketChainError(programError('MarketClosed'), 'resolve');
    expect([resolve.statusCode, resolve.message]).toEqual([409, PROPHECY_MESSAGES.alreadyResolved]);
    const update = marketChainError(programError('MarketClosed'), 'update');
    expect([update.statusCode, update.message]).toEqual([409, PROPHECY_MESSAGES.marketClosed]);
    expect(update.extra).toEqual({ programError: 'MarketClosed', programErrorCode: 6008 });
  });

  it('maps InvalidMarket of a create or an update to the market-time rules, InvalidReferrer to its own', () => {
    for (const action of ['create', 'update'] as const) {
      const error = marketChainError(programError('InvalidMarket'), action);
      expect([error.statusCode, error.message]).toEqual([400, PROPHECY_MESSAGES.invalidMarketTimes]);
    }
    expect(PROPHECY_MESSAGES.invalidMarketTimes).toContain('366 days');
    const referrer = marketChainError(programError('InvalidReferrer'), 'create');
    expect([referrer.statusCode, referrer.message]).toEqual([400, PROPHECY_MESSAGES.invalidReferrer]);
  });

  it("gives other program errors as a 400 '<name>: <IDL message>'", () => {
    const error = marketChainError(programError('BetTooLow'), 'create');
    expect(error.statusCode).toBe(400);
    expect(error.message).toMatch(/^BetTooLow: /);
  });

  it('hides anything that is not a Wager program error behind a 502', () => {
    for (const cause of [
      new Error('fetch failed'),
      new ChainTransactionError('not confirmed', null),
      new ChainTransactionError('framework', 3012),
    ]) {
      const error = marketChainError(cause, 'create');
      expect([error.statusCode, error.message]).toEqual([502, PROPHECY_MESSAGES.chainUnavailable]);
    }
  });
});
