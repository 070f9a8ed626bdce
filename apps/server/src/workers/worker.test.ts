/**
 * Worker leadership and runs: one leader per job across instances (PostgreSQL advisory locks when
 * `TEST_DATABASE_URL` is set), no overlapping runs, failures in the health record, take-over on stop.
 */

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { openTestDatabase, type TestDatabase } from '../../test/harness.ts';
import { leaderLockKey, WorkerRunner, type Worker } from './worker.ts';

let database: TestDatabase;

beforeAll(async () => {
  database = await openTestDatabase();
}, 120_000);
afterAll(() => database.close());

function countingWorker(
  name: string,
  runMs = 0,
): Worker & { runs: number; concurrent: number; maxConcurrent: number } {
  const worker = {
    name,
    intervalMs: 5,
    runs: 0,
    concurrent: 0,
    maxConcurrent: 0,
    async run() {
      worker.runs += 1;
      worker.concurrent += 1;
      worker.maxConcurrent = Math.max(worker.maxConcurrent, worker.concurrent);
      await new Promise((resolve) => setTimeout(resolve, runMs));
      worker.concurrent -= 1;
    },
  };
  return worker;
}

/** Waits for `condition`, up to 15 s: a bound for a loaded machine, not a timing assertion. */
async function until(condition: () => boolean): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (!condition() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
  expect(condition()).toBe(true);
}

describe('leaderLockKey', () => {
  it('is a stable positive 63-bit key per name', () => {
    expect(leaderLockKey('indexer')).toBe(leaderLockKey('indexer'));
    expect(leaderLockKey('indexer')).not.toBe(leaderLockKey('bet-settler'));
    expect(leaderLockKey('indexer') > 0n && leaderLockKey('indexer') < 2n ** 63n).toBe(true);
  });

  it('is scoped by schema, and the public schema keeps the key of the name alone', () => {
    expect(leaderLockKey('indexer', 'public')).toBe(leaderLockKey('indexer'));
    expect(leaderLockKey('indexer', 'staging')).not.toBe(leaderLockKey('indexer'));
    expect(leaderLockKey('indexer', 'staging')).not.toBe(leaderLockKey('indexer', 'production'));
  });
});

describe('WorkerRunner', () => {
  it('runs as leader, never two runs at once, and reports health', async () => {
    const worker = countingWorker(`solo-${Math.random()}`, 20);
    const runner = new WorkerRunner({ db: database.db, worker, leaderRetryMs: 10 });
    runner.start();
    await until(() => worker.runs >= 3);
    runner.wake();
    runner.wake();
    await until(() => worker.runs >= 5);
    expect(worker.maxConcurrent).toBe(1);
    expect(runner.health()).toMatchObject({
      name: worker.name,
      status: 'leader',
      lastError: null,
      failures: 0,
    });
    await runner.stop();
    expect(runner.health().status).toBe('stopped');
    const runs = worker.runs;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(worker.runs).toBe(runs);
  });

  it('marks a failing run and recovers on the next success', async () => {
    let fail = true;
    const worker: Worker = {
      name: `flaky-${Math.random()}`,
      intervalMs: 5,
      async run() {
        if (fail) throw new Error('chain unreachable');
      },
    };
    const errors: unknown[] = [];
    const runner = new WorkerRunner({
      db: database.db,
      worker,
      leaderRetryMs: 10,
      onError: (e) => errors.push(e),
    });
    runner.start();
    await until(() => runner.health().status === 'failing');
    expect(runner.health().lastError).toBe('chain unreachable');
    fail = false;
    await until(() => runner.health().status === 'leader');
    expect(runner.health().failures).toBeGreaterThan(0);
    expect(errors.length).toBeGreaterThan(0);
    await runner.stop();
  });

  it('runs a dry-run worker without its leader lock, beside the instance that leads the job', async () => {
    const name = `dry-${Math.random()}`;
    const dry = Object.assign(countingWorker(name), { dryRun: true });
    const real = countingWorker(name);
    const dryRunner = new WorkerRunner({ db: database.db, worker: dry, leaderRetryMs: 10 });
    dryRunner.start();
    await until(() => dry.runs >= 2);
    expect(dryRunner.isLeader).toBe(false);
    expect(dryRunner.health().status).toBe('leader');
    dryRunner.wake();
    await until(() => dry.runs >= 3);
    // The lock is free: the real worker leads while the dry run goes on.
    const realRunner = new WorkerRunner({ db: database.db, worker: real, leaderRetryMs: 10 });
    realRunner.start();
    await until(() => realRunner.isLeader && real.runs > 0);
    const runs = dry.runs;
    await until(() => dry.runs > runs);
    await dryRunner.stop();
    expect(dryRunner.health().status).toBe('stopped');
    await realRunner.stop();
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'lets exactly one instance lead a job, and another take over when it stops',
    async () => {
      const name = `shared-${Math.random()}`;
      const a = countingWorker(name);
      const b = countingWorker(name);
      const runnerA = new WorkerRunner({ db: database.db, worker: a, leaderRetryMs: 10 });
      const runnerB = new WorkerRunner({ db: database.db, worker: b, leaderRetryMs: 10 });
      runnerA.start();
      await until(() => a.runs > 0);
      runnerB.start();
      await until(() => runnerB.health().status === 'standby');
      const before = b.runs;
      await new Promise((resolve) => setTimeout(resolve, 60));
      expect(b.runs).toBe(before);
      expect([runnerA.isLeader, runnerB.isLeader]).toEqual([true, false]);
      await runnerA.stop();
      await until(() => runnerB.isLeader && b.runs > 0);
      await runnerB.stop();
    },
  );

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'leads in each schema of one database: deployments side by side do not keep each other standing by',
    async () => {
      const other = await openTestDatabase();
      try {
        const name = `per-schema-${Math.random()}`;
        const a = countingWorker(name);
        const b = countingWorker(name);
        const runnerA = new WorkerRunner({ db: database.db, worker: a, leaderRetryMs: 10 });
        const runnerB = new WorkerRunner({ db: other.db, worker: b, leaderRetryMs: 10 });
        runnerA.start();
        runnerB.start();
        await until(() => runnerA.isLeader && runnerB.isLeader && a.runs > 0 && b.runs > 0);
        await Promise.all([runnerA.stop(), runnerB.stop()]);
      } finally {
        await other.close();
      }
    },
  );

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "survives its lock connection's termination (pg_terminate_backend) and leaves exactly one leader",
    async () => {
      const name = `terminated-${Math.random()}`;
      const a = countingWorker(name);
      const b = countingWorker(name);
      const runnerA = new WorkerRunner({ db: database.db, worker: a, leaderRetryMs: 10 });
      const runnerB = new WorkerRunner({ db: database.db, worker: b, leaderRetryMs: 10 });
      runnerA.start();
      await until(() => runnerA.isLeader && a.runs > 0);
      runnerB.start();
      await until(() => runnerB.health().status === 'standby');
      // The backend holding A's lock: an advisory lock on a bigint key shows as its two 32-bit halves.
      const [where] = await database.db.query<{ schema: string }>('SELECT current_schema() AS schema');
      const key = leaderLockKey(name, where!.schema);
      const holders = () =>
        database.db.query<{ pid: number }>(
          `SELECT pid FROM pg_locks
            WHERE locktype = 'advisory' AND granted AND classid::bigint = $1 AND objid::bigint = $2`,
          [key >> 32n, key & 0xffff_ffffn],
        );
      const [holder] = await holders();
      const [killed] = await database.db.query<{ terminated: boolean }>(
        'SELECT pg_terminate_backend($1) AS terminated',
        [holder!.pid],
      );
      expect(killed?.terminated).toBe(true);
      // A new backend holds the lock (taken by whichever runner campaigned first).
      const deadline = Date.now() + 15_000;
      let taken = false;
      while (!taken && Date.now() < deadline) {
        taken = (await holders()).some(({ pid }) => pid !== holder!.pid);
        if (!taken) await new Promise((resolve) => setTimeout(resolve, 10));
      }
      expect(taken).toBe(true);
      // Either runner may win the lock again (A campaigns as soon as it sees its connection gone), but never
      // both: the one that lost it stands by and stops running before its next run.
      await until(() => runnerA.isLeader !== runnerB.isLeader);
      const [leader, standby] = runnerA.isLeader ? [runnerA, runnerB] : [runnerB, runnerA];
      const [leaderWorker, standbyWorker] = runnerA.isLeader ? [a, b] : [b, a];
      const runsOfLeader = leaderWorker.runs;
      await until(() => leaderWorker.runs > runsOfLeader + 2);
      const runsOfStandby = standbyWorker.runs;
      await new Promise((resolve) => setTimeout(resolve, 60));
      expect([leader.isLeader, standby.isLeader]).toEqual([true, false]);
      expect(standbyWorker.runs).toBeLessThanOrEqual(runsOfStandby + 1);
      expect(standby.health().status).toBe('standby');
      expect(await holders()).toHaveLength(1);
      await leader.stop();
      await until(() => standby.isLeader);
      await standby.stop();
    },
  );
});
