import { ORACLE_MAX_LATE_SECS } from '@arcade/sdk/constants';
import { Prediction } from '@arcade/sdk/foresight/accounts';
import { describe, expect, it } from 'vitest';

import { makeRound } from '../testing/fixtures.ts';
import {
  chartSeries,
  matchPublishTime,
  mergePricePoints,
  roundPricePoints,
  type PricePoint,
} from './price-history.ts';

const seen = (time: number, price: bigint): PricePoint => ({ time, price, observed: true });
const round = (time: number, price: bigint): PricePoint => ({ time, price, observed: false });

describe('mergePricePoints', () => {
  it('orders by time, keeps every distinct observed update and one round price per second', () => {
    const merged = mergePricePoints(
      [seen(10, 5n), round(5, 1n)],
      [seen(10, 6n), seen(10, 5n), round(5, 2n), seen(7, 3n)],
    );
    expect(merged).toEqual([round(5, 1n), seen(7, 3n), seen(10, 5n), seen(10, 6n)]);
  });

  it('keeps the newest points when over the cap', () => {
    const points = Array.from({ length: 10 }, (_, i) => seen(i, BigInt(i)));
    expect(mergePricePoints([], points, 3).map((p) => p.time)).toEqual([7, 8, 9]);
  });
});

describe('chartSeries', () => {
  it('draws one value per second in dollars: the last update, an observed one over a round price', () => {
    const series = chartSeries(
      [round(1, 100_00000000n), seen(1, 101_00000000n), seen(2, 102_00000000n), seen(2, 103_00000000n)],
      (p) => Number(p) / 1e8,
    );
    expect(series).toEqual([
      { time: 1, value: 101 },
      { time: 2, value: 103 },
    ]);
  });
});

describe('roundPricePoints', () => {
  it('puts lock prices at the lock time and final prices at the draw', () => {
    const rounds = [
      makeRound({
        id: 1,
        lockTime: 100n,
        settleTime: 160n,
        lockPrice: 5n,
        finalPrice: 6n,
        isSettled: true,
        result: Prediction.Up,
      }),
      makeRound({ id: 2, lockTime: 160n, lockPrice: 6n }),
      makeRound({ id: 3 }),
    ];
    expect(roundPricePoints(rounds)).toEqual([round(100, 5n), round(160, 6n), round(160, 6n)]);
  });
});

describe('matchPublishTime (the receipt publish time)', () => {
  const planned = 1_000n;

  it('is the first observed update at or after the planned time, within the late window', () => {
    expect(matchPublishTime([seen(995, 7n), seen(1_001, 8n), seen(1_003, 9n)], 8n, planned)).toBe(1_001);
    expect(matchPublishTime([seen(1_000, 8n)], 8n, planned)).toBe(1_000);
    expect(matchPublishTime([seen(1_000 + ORACLE_MAX_LATE_SECS, 8n)], 8n, planned)).toBe(1_030);
  });

  it('does not guess: before the planned time, too late, a later update, round prices give null', () => {
    // An update before t never counts (the old window took 10 s early).
    expect(matchPublishTime([seen(995, 8n)], 8n, planned)).toBeNull();
    expect(matchPublishTime([seen(1_000 + ORACLE_MAX_LATE_SECS + 1, 8n)], 8n, planned)).toBeNull();
    // The first update from t on has another price: the program took that one, not a later 8.
    expect(matchPublishTime([seen(1_001, 9n), seen(1_002, 8n)], 8n, planned)).toBeNull();
    expect(matchPublishTime([round(1_000, 8n)], 8n, planned)).toBeNull();
    expect(matchPublishTime([seen(1_001, 8n), seen(1_001, 9n)], 8n, planned)).toBeNull();
    expect(matchPublishTime([seen(1_001, 8n), seen(1_001, 8n)], 8n, planned)).toBe(1_001);
  });
});
