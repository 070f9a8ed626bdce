import { describe, expect, it } from 'vitest';

import { ledWorkers, leads, LeaderTracker } from './chaos.ts';

const counts = (entries: Record<string, number>) => new Map(Object.entries(entries));

describe('LeaderTracker', () => {
  it('measures each span a worker had no leader, from the first look without one to the first look with one', () => {
    const tracker = new LeaderTracker();
    tracker.observe(0, counts({ indexer: 1, 'bet-settler': 1 }));
    tracker.observe(500, counts({ indexer: 0, 'bet-settler': 1 }));
    tracker.observe(1_000, counts({ indexer: 0, 'bet-settler': 0 }));
    tracker.observe(2_500, counts({ indexer: 1, 'bet-settler': 0 }));
    tracker.observe(3_000, counts({ indexer: 1, 'bet-settler': 1 }));
    expect(tracker.gaps).toEqual([
      { worker: 'indexer', start: 500, end: 2_500 },
      { worker: 'bet-settler', start: 1_000, end: 3_000 },
    ]);
    expect(tracker.failures(3_000, 10_000)).toEqual([]);
    expect(tracker.failures(3_000, 2_000)).toEqual([]);
    expect(tracker.failures(3_000, 1_999)).toHaveLength(2);
  });

  it('fails a worker still without a leader at the end once the limit has passed', () => {
    const tracker = new LeaderTracker();
    tracker.observe(0, counts({ 'market-settler': 0 }));
    expect(tracker.failures(9_000, 10_000)).toEqual([]);
    expect(tracker.failures(10_001, 10_000)).toEqual([{ worker: 'market-settler', start: 0, end: null }]);
  });

  it('remembers the most instances seen leading one worker at once', () => {
    const tracker = new LeaderTracker();
    tracker.observe(0, counts({ indexer: 1 }));
    tracker.observe(1, counts({ indexer: 2 }));
    expect(tracker.maxLeaders).toBe(2);
  });

  it('counts a worker whose last run failed as led: its instance still holds the lock', () => {
    expect(
      ['leader', 'failing', 'standby', 'starting', 'stopped', 'disabled'].filter((s) => leads(s as never)),
    ).toEqual(['leader', 'failing']);
  });
});

describe('ledWorkers', () => {
  const before = new Set(['indexer', 'bet-settler']);

  it('takes what an answering instance says it leads', () => {
    const look = {
      kind: 'answered',
      workers: [
        { name: 'indexer', status: 'standby' },
        { name: 'bet-settler', status: 'failing' },
        { name: 'foresight-crank', status: 'starting' },
      ],
    } as const;
    expect([...ledWorkers(look, before)]).toEqual(['bet-settler']);
  });

  it('keeps what a slow instance led (its locks still stand), but credits a refusing one with nothing', () => {
    expect(ledWorkers({ kind: 'slow' }, before)).toBe(before);
    // A killed instance restarted at once: its new process refuses until ready, and leads nothing meanwhile.
    expect(ledWorkers({ kind: 'refused' }, before).size).toBe(0);
  });

  it('shows the gap while a killed leader restarts and nobody else has taken over yet', () => {
    const tracker = new LeaderTracker();
    let lastSeen = ledWorkers(
      { kind: 'answered', workers: [{ name: 'indexer', status: 'leader' }] },
      undefined,
    );
    tracker.observe(0, new Map([['indexer', lastSeen.size]]));
    lastSeen = ledWorkers({ kind: 'refused' }, lastSeen);
    tracker.observe(500, new Map([['indexer', lastSeen.has('indexer') ? 1 : 0]]));
    tracker.observe(2_500, new Map([['indexer', 1]]));
    expect(tracker.gaps).toEqual([{ worker: 'indexer', start: 500, end: 2_500 }]);
  });
});
