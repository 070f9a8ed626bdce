import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { latenciesOutside, LatencyRecorder, quantile, routeOf, summarise } from './stats.ts';

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

describe('latencies outside fault windows', () => {
  it('leaves out every request that overlaps a window, at either end or across it', () => {
    const windows = [{ start: 100, end: 200 }];
    const samples = [
      { endAt: 90, ms: 10 }, // before
      { endAt: 105, ms: 10 }, // ends inside
      { endAt: 210, ms: 20 }, // starts inside
      { endAt: 250, ms: 200 }, // spans the window
      { endAt: 260, ms: 50 }, // after
    ];
    expect(latenciesOutside(samples, windows)).toEqual([10, 50]);
    expect(latenciesOutside(samples, [])).toEqual([10, 10, 20, 200, 50]);
  });

  it('summarises only the calm requests', () => {
    const recorder = new LatencyRecorder();
    recorder.record('GET', '/api/a', 5, true, 1_000);
    recorder.record('GET', '/api/a', 900, false, 2_000);
    recorder.record('GET', '/api/a', 7, true, 3_000);
    expect(recorder.outside([{ start: 1_500, end: 2_500 }])).toMatchObject({ count: 2, p50: 5, max: 7 });
    expect(recorder.overall().count).toBe(3);
  });
});
