/**
 * Background workers (indexer, settler, Foresight crank, market settler): one leader per job across every
 * server instance, runs that never overlap, and a health record per worker.
 *
 * A {@link Worker} says what one run does. A {@link WorkerRunner} runs it: it takes the job's PostgreSQL
 * advisory lock on a connection of its own (so a crashed instance's lock dies with its connection), then
 * runs the worker every `intervalMs`, or earlier when woken, skipping a run while the previous one is still
 * in progress. Standby instances retry the lock every `leaderRetryMs`.
 *
 * A worker in dry-run (`dryRun`: it plans and logs, never sends a transaction or writes) takes no lock: it
 * runs on every instance that has it, beside the leader, and reports `leader` ("running here") with
 * `dryRun: true` in its details. Holding the lock would keep the real worker from running.
 *
 * @module
 */

import type { Database, Session } from '../db/database.ts';
import { lagReasons, type WorkerLag } from './worker-lag.ts';

/** What one worker does. */
export interface Worker {
  /** Unique; names the advisory lock and the health record. */
  readonly name: string;
  /** Time between runs, in milliseconds. */
  readonly intervalMs: number;
  /**
   * One run. It should do a bounded amount of work and return; throwing marks the worker failing until a
   * later run succeeds. `signal` aborts when the runner stops.
   */
  run(signal: AbortSignal): Promise<void>;
  /** How far behind the worker is, in milliseconds, if it can tell (e.g. the indexer's distance to the tip). */
  lagMs?(): number | null;
  /** The lag figures operators alert on (see worker-lag.ts); asked only while the worker runs here. */
  lag?(): WorkerLag;
  /** Extra figures for the health record (cursors, counts). */
  details?(): Readonly<Record<string, unknown>>;
  /**
   * Plans only: sends no transaction and writes nothing. The runner then takes no leader lock, so the worker
   * runs beside the one that does.
   */
  readonly dryRun?: boolean;
}

/** A worker's health, as `GET /api/health` shows it. */
export interface WorkerHealth {
  readonly name: string;
  /**
   * `leader`: running here (in dry-run without the lock); `standby`: another instance leads; `failing`: the
   * last run threw.
   */
  readonly status: 'starting' | 'leader' | 'standby' | 'failing' | 'stopped' | 'disabled';
  readonly lastRunAt: number | null;
  readonly lastSuccessAt: number | null;
  readonly lastError: string | null;
  readonly runs: number;
  readonly failures: number;
  readonly lagMs: number | null;
  /** The worker's lag figures while it runs here (as leader or in dry-run), else null. */
  readonly lag: WorkerLag | null;
  /** Why the worker is lagging (thresholds in worker-lag.ts); empty when it is not or does not run here. */
  readonly lagging: string[];
  readonly details: Readonly<Record<string, unknown>>;
}

/**
 * The advisory lock key of a job: a stable 63-bit hash of its name and the schema its instances use.
 *
 * Advisory locks are database-wide, so deployments in different schemas of one database (or suites running
 * side by side) would otherwise keep each other's workers from leading. The default schema, `public`, keeps
 * the key the name alone gave before, so instances of an older release and a newer one still exclude each
 * other during a rolling deploy.
 */
export function leaderLockKey(name: string, schema = 'public'): bigint {
  const scope = schema === 'public' ? name : `${schema}:${name}`;
  let hash = 0xcbf29ce484222325n;
  for (const byte of new TextEncoder().encode(`arcade-worker:${scope}`)) {
    hash ^= BigInt(byte);
    hash = (hash * 0x100000001b3n) & 0xffff_ffff_ffff_ffffn;
  }
  return hash & 0x7fff_ffff_ffff_ffffn;
}

/** Options of {@link WorkerRunner}. */
export interface WorkerRunnerOptions {
  readonly db: Database;
  readonly worker: Worker;
  /** How often a standby instance retries the leader lock; default 2 s. */
  readonly leaderRetryMs?: number;
  /** Milliseconds since the epoch; default `Date.now`. */
  readonly now?: () => number;
  /** Where a failed run is reported; default nowhere (the health record keeps the last error). */
  readonly onError?: (error: unknown) => void;
}

/** Runs one {@link Worker} while this instance holds its leader lock. */
export class WorkerRunner {
  readonly worker: Worker;
  readonly #db: Database;
  readonly #leaderRetryMs: number;
  readonly #now: () => number;
  readonly #onError: (error: unknown) => void;
  #session: Session | null = null;
  /** Running without the lock: the worker is in dry-run. */
  #unlocked = false;
  #timer: NodeJS.Timeout | null = null;
  #running: Promise<void> | null = null;
  #abort = new AbortController();
  #status: WorkerHealth['status'] = 'stopped';
  #lastRunAt: number | null = null;
  #lastSuccessAt: number | null = null;
  #lastError: string | null = null;
  #runs = 0;
  #failures = 0;
  #wakeRequested = false;
  #leaderSince: number | null = null;
  /** The leader lock's key, once the schema is known (the first campaign asks the database). */
  #lockKey: bigint | null = null;

  constructor(options: WorkerRunnerOptions) {
    this.worker = options.worker;
    this.#db = options.db;
    this.#leaderRetryMs = options.leaderRetryMs ?? 2_000;
    this.#now = options.now ?? Date.now;
    this.#onError = options.onError ?? (() => undefined);
  }

  /** Whether this instance holds the worker's leader lock (a dry-run worker never does). */
  get isLeader(): boolean {
    return this.#session !== null;
  }

  /** Since when this instance runs the worker (as leader, or in dry-run); null while it does not. */
  get leaderSince(): number | null {
    return this.#active ? this.#leaderSince : null;
  }

  /** Whether this instance runs the worker now: as leader, or in dry-run. */
  get #active(): boolean {
    return this.#session !== null || this.#unlocked;
  }

  /** Starts competing for leadership and, once leader, running. */
  start(): void {
    if (this.#status !== 'stopped') return;
    this.#abort = new AbortController();
    this.#status = 'starting';
    this.#schedule(0);
  }

  /** Asks for a run as soon as the current one (if any) ends: a subscription saw something new. */
  wake(): void {
    if (!this.#active || this.#status === 'stopped') return;
    if (this.#running !== null) {
      this.#wakeRequested = true;
      return;
    }
    this.#schedule(0);
  }

  /** Stops: aborts the current run, waits for it, and gives up the leader lock. */
  async stop(): Promise<void> {
    this.#status = 'stopped';
    this.#abort.abort();
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    await this.#running?.catch(() => undefined);
    await this.#resign();
  }

  /** The worker's health record. */
  health(): WorkerHealth {
    const lag = this.#active ? (this.worker.lag?.() ?? null) : null;
    const lagging = lagReasons(
      {
        intervalMs: this.worker.intervalMs,
        leaderSince: this.leaderSince,
        lastSuccessAt: this.#lastSuccessAt,
        lag,
      },
      this.#now(),
    );
    return {
      name: this.worker.name,
      status: this.#status,
      lastRunAt: this.#lastRunAt,
      lastSuccessAt: this.#lastSuccessAt,
      lastError: this.#lastError,
      runs: this.#runs,
      failures: this.#failures,
      lagMs: this.#active ? (this.worker.lagMs?.() ?? null) : null,
      lag,
      lagging,
      details: this.worker.details?.() ?? {},
    };
  }

  /** Runs the worker once now, or waits for the run in progress (tests; the loop calls it as leader). */
  async runOnce(): Promise<void> {
    if (this.#running !== null) {
      await this.#running;
      return;
    }
    const run = this.#run();
    this.#running = run;
    try {
      await run;
    } finally {
      this.#running = null;
    }
  }

  #schedule(delayMs: number): void {
    if (this.#status === 'stopped') return;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = setTimeout(() => {
      this.#timer = null;
      void this.#tick();
    }, delayMs);
    this.#timer.unref();
  }

  async #tick(): Promise<void> {
    if (this.#status === 'stopped') return;
    // The lock lives on the session's connection: if that connection was lost (a restarted database,
    // `pg_terminate_backend`), another instance may already lead. Stop acting before the next run and campaign
    // again; a run in progress when the connection died is the only overlap possible.
    if (this.#session !== null && !(await this.#stillLeader())) await this.#resign();
    if (!this.#active && !(await this.#campaign())) {
      this.#schedule(this.#leaderRetryMs);
      return;
    }
    if (this.#running === null) await this.runOnce();
    if (this.#wakeRequested) {
      this.#wakeRequested = false;
      this.#schedule(0);
    } else {
      this.#schedule(this.worker.intervalMs);
    }
  }

  async #run(): Promise<void> {
    this.#lastRunAt = this.#now();
    this.#runs += 1;
    try {
      await this.worker.run(this.#abort.signal);
      this.#lastSuccessAt = this.#now();
      this.#lastError = null;
      if (this.#status !== 'stopped') this.#status = 'leader';
    } catch (error) {
      if (this.#abort.signal.aborted) return;
      this.#failures += 1;
      this.#lastError = error instanceof Error ? error.message : String(error);
      if (this.#status !== 'stopped') this.#status = 'failing';
      this.#onError(error);
      // A lost connection may have taken the lock with it: campaign again before the next run.
      if (!(await this.#stillLeader())) await this.#resign();
    }
  }

  async #campaign(): Promise<boolean> {
    if (this.worker.dryRun === true) {
      // Nothing to lead: a dry run changes nothing, so it needs no lock and must not keep the real worker out.
      if (this.#status === 'stopped') return false;
      this.#unlocked = true;
      this.#leaderSince = this.#now();
      this.#status = 'leader';
      return true;
    }
    let session: Session | null = null;
    try {
      session = await this.#db.openSession();
      if (this.#lockKey === null) {
        const [where] = await session.query<{ schema: string }>('SELECT current_schema() AS schema');
        this.#lockKey = leaderLockKey(this.worker.name, where?.schema ?? 'public');
      }
      const [row] = await session.query<{ locked: boolean }>(
        'SELECT pg_try_advisory_lock($1::bigint) AS locked',
        [this.#lockKey],
      );
      if (row?.locked === true && this.#status !== 'stopped') {
        this.#session = session;
        this.#leaderSince = this.#now();
        this.#status = 'leader';
        return true;
      }
      await session.release();
      if (this.#status !== 'stopped') this.#status = 'standby';
      return false;
    } catch (error) {
      await session?.release().catch(() => undefined);
      this.#lastError = error instanceof Error ? error.message : String(error);
      if (this.#status !== 'stopped') this.#status = 'failing';
      this.#onError(error);
      return false;
    }
  }

  async #stillLeader(): Promise<boolean> {
    if (this.#unlocked) return true;
    try {
      await this.#session?.query('SELECT 1');
      return this.#session !== null;
    } catch {
      return false;
    }
  }

  async #resign(): Promise<void> {
    this.#unlocked = false;
    this.#leaderSince = null;
    const session = this.#session;
    this.#session = null;
    if (session === null) return;
    try {
      await session.query('SELECT pg_advisory_unlock($1::bigint)', [this.#lockKey]);
    } catch {
      // The connection is gone, and the lock with it.
    }
    await session.release().catch(() => undefined);
  }
}
