/**
 * The lag thresholds past which `GET /api/health` says `degraded`: each figure's, and the stale last
 * success while the worker runs here; nothing for a worker this instance does not run.
 */

import { describe, expect, it } from 'vitest';

import { lagReasons, staleSuccessLimitMs } from './worker-lag.ts';

const running = { intervalMs: 1_000, leaderSince: 0, lastSuccessAt: 1_000 };

describe('lagReasons', () => {
  it('names each figure past its threshold, and none at it', () => {
    const at = (lag: Parameters<typeof lagReasons>[0]['lag']) => lagReasons({ ...running, lag }, 2_000);
    expect(at({ slotsBehind: 150 })).toEqual([]);
    expect(at({ slotsBehind: 151 })).toEqual(['151 slots behind the chain (threshold 150)']);
    expect(at({ openBets: 4, oldestOpenBetSeconds: 30 })).toEqual([]);
    expect(at({ openBets: 4, oldestOpenBetSeconds: 31 })).toHaveLength(1);
    expect(at({ tickLateSeconds: 20 })).toEqual([]);
    expect(at({ tickLateSeconds: 25 })).toEqual(['25 s past the planned tick (threshold 20 s)']);
    expect(at({ unsettledPredictions: 3, oldestUnsettledSeconds: 121 })).toHaveLength(1);
    // A market resolved long ago with nothing left to pay is no lag.
    expect(at({ unsettledPredictions: 0, oldestUnsettledSeconds: 500 })).toEqual([]);
    expect(at({ slotsBehind: null, tickLateSeconds: null })).toEqual([]);
  });

  it('flags no successful run for max(60 s, 10 intervals) while the worker runs here', () => {
    expect(staleSuccessLimitMs(250)).toBe(60_000);
    expect(staleSuccessLimitMs(30_000)).toBe(300_000);
    expect(lagReasons({ ...running, lag: null }, 61_000)).toEqual([]);
    expect(lagReasons({ ...running, lag: null }, 61_001)).toEqual([
      'no successful run for 60 s (threshold 60 s)',
    ]);
    // A new leader is given the same time from when it took over.
    expect(lagReasons({ ...running, leaderSince: 50_000, lastSuccessAt: null, lag: null }, 100_000)).toEqual(
      [],
    );
    expect(lagReasons({ ...running, leaderSince: 0, lastSuccessAt: null, lag: null }, 100_000)).toHaveLength(
      1,
    );
  });

  it('says nothing of a worker this instance does not run (standby, stopped)', () => {
    expect(lagReasons({ ...running, leaderSince: null, lag: { slotsBehind: 10_000 } }, 10_000_000)).toEqual(
      [],
    );
  });
});
