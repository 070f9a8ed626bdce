import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { LatencyRecorder, quantile, routeOf, summarise } from './stats.ts';

describe('quantile', () => {
  it('is the nearest rank', () => {
    expect(quantile([1, 2, 3, 4], 0.5)).toBe(2);
    expect(quantile([1, 2, 3, 4], 0.99)).toBe(4);
    expect(
      quantile(
        Array.from({ length: 100 }, (_, i) => i + 1),
        0.99,
      ),
    ).toBe(99);
    expect(quantile([], 0.5)).toBeNaN();
  });

  it('is a value of the list with at least q of the values at or below it, and is monotonic in q', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 10_000 }), { minLength: 1 }),
        fc.double({ min: 0.01, max: 1, noNaN: true }),
        fc.double({ min: 0.01, max: 1, noNaN: true }),
        (values, q1, q2) => {
          const sorted = [...values].sort((a, b) => a - b);
          const value = quantile(sorted, q1);
          expect(sorted).toContain(value);
          expect(sorted.filter((v) => v <= value).length).toBeGreaterThanOrEqual(
            Math.ceil(q1 * sorted.length),
          );
          if (q1 <= q2) expect(quantile(sorted, q1)).toBeLessThanOrEqual(quantile(sorted, q2));
        },
      ),
    );
  });
});

describe('routeOf', () => {
  it('folds addresses and ids into :param and drops the query', () => {
    expect(routeOf('/api/user/juice/7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU')).toBe(
      '/api/user/juice/:param',
    );
    expect(routeOf('/api/prophecy/requests/12/approve')).toBe('/api/prophecy/requests/:param/approve');
    expect(routeOf('/api/nfts/collectionV2?collId=abc')).toBe('/api/nfts/collectionV2');
    expect(routeOf('/api/prophecy/markets')).toBe('/api/prophecy/markets');
  });
});

describe('LatencyRecorder', () => {
  it('summarises overall and per route, busiest first, and stops when recording is off', () => {
    const recorder = new LatencyRecorder();
    recorder.record('GET', '/api/user/7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU', 10, true);
    recorder.record('GET', '/api/user/9aKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU', 30, true);
    recorder.record('POST', '/api/user/bets', 20, false);
    recorder.recording = false;
    recorder.record('POST', '/api/user/bets', 1_000, true);
    expect(recorder.overall()).toEqual(summarise([10, 20, 30]));
    expect(recorder.errors).toBe(1);
    expect(recorder.routes().map((r) => [r.route, r.summary.count])).toEqual([
      ['GET /api/user/:param', 2],
      ['POST /api/user/bets', 1],
    ]);
  });
});
