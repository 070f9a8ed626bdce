/**
 * The chaos soak's faults and what it watches while the players play (docs/soak.md, Chaos):
 *
 * - every 15–30 s a random server instance is killed (SIGKILL) and started again;
 * - at a quarter, half and three quarters of the run: Redis is killed and started again (empty), every
 *   PostgreSQL backend of the stack's database is terminated, the chain process is paused (SIGSTOP) for 5 s;
 * - every 500 ms each instance's `/api/health` says which workers it leads; a worker with no leader anywhere
 *   is "unled" until one appears, and each such gap is a recovery time.
 *
 * @module
 */

import type { WorkerHealthJson } from '@arcade/sdk/api/health';

import { isAlive, type Stack } from '../stack/stack.ts';
import type { TimeWindow } from './stats.ts';

/** What a fault was. */
export type FaultKind = 'kill-instance' | 'restart-redis' | 'terminate-backends' | 'pause-chain';

export interface Fault {
  readonly kind: FaultKind;
  readonly target: string;
  readonly startedAt: number;
  /** When the fault was over: the instance, Redis or the chain serving again. */
  endedAt: number | null;
  error: string | null;
}

/** A span with a worker led nowhere. */
export interface LeaderGap {
  readonly worker: string;
  readonly start: number;
  end: number | null;
}

/** How long after a fault ends its effects may still show in latencies (reconnects, retried runs). */
export const SETTLE_MS = 10_000;
/** The longest a worker may stay without a leader. */
export const MAX_LEADER_GAP_MS = 10_000;
export const CHAIN_PAUSE_MS = 5_000;

/** A worker counts as led where its instance holds the lock: `leader`, or `failing` (the last run threw). */
export function leads(status: WorkerHealthJson['status']): boolean {
  return status === 'leader' || status === 'failing';
}

/** What one look at an instance's `/api/health` found. */
export type HealthLook =
  | { readonly kind: 'answered'; readonly workers: readonly Pick<WorkerHealthJson, 'name' | 'status'>[] }
  /** Alive but slow to answer (waiting on a paused chain). */
  | { readonly kind: 'slow' }
  /** Not listening (dead, or a restarted process not ready yet). */
  | { readonly kind: 'refused' };

/**
 * The workers an instance leads, by one look: what it says; as last seen while it is only slow; nothing
 * while it refuses (a killed process's locks died with it, and its successor has none yet).
 */
export function ledWorkers(look: HealthLook, lastSeen: ReadonlySet<string> | undefined): ReadonlySet<string> {
  if (look.kind === 'answered') {
    return new Set(look.workers.filter((worker) => leads(worker.status)).map((worker) => worker.name));
  }
  return look.kind === 'slow' ? (lastSeen ?? new Set<string>()) : new Set<string>();
}

/**
 * Follows which workers are led from one observation to the next: opens a gap when a worker is led by no
 * instance, closes it when one leads again. Pure but for its state, so it is tested.
 */
export class LeaderTracker {
  readonly gaps: LeaderGap[] = [];
  readonly #open = new Map<string, LeaderGap>();
  /** Most instances seen leading one worker in one observation (a handover seen mid-way shows 2). */
  maxLeaders = 0;

  /** `leaders` maps each worker name to how many instances lead it now. */
  observe(at: number, leaders: ReadonlyMap<string, number>): void {
    for (const [worker, count] of leaders) {
      this.maxLeaders = Math.max(this.maxLeaders, count);
      const open = this.#open.get(worker);
      if (count === 0 && open === undefined) {
        const gap: LeaderGap = { worker, start: at, end: null };
        this.#open.set(worker, gap);
        this.gaps.push(gap);
      } else if (count > 0 && open !== undefined) {
        open.end = at;
        this.#open.delete(worker);
      }
    }
  }

  /** Gaps longer than `maxMs`, or still open at `now`. */
  failures(now: number, maxMs: number = MAX_LEADER_GAP_MS): LeaderGap[] {
    return this.gaps.filter((gap) => (gap.end ?? now) - gap.start > maxMs);
  }
}

const sleep = (ms: number, signal: AbortSignal): Promise<void> =>
  new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });

/** Injects the faults and watches leadership while the players play. */
export class Chaos {
  readonly faults: Fault[] = [];
  readonly leaders = new LeaderTracker();
  readonly #stack: Stack;
  readonly #log: (line: string) => void;
  readonly #random: () => number;
  readonly #stop = new AbortController();
  readonly #loops: Promise<void>[] = [];
  /** The last workers each instance was seen leading; kept while its health doesn't answer but it lives. */
  readonly #lastSeen = new Map<string, ReadonlySet<string>>();
  #workers: readonly string[] = [];

  constructor(stack: Stack, log: (line: string) => void, random: () => number) {
    this.#stack = stack;
    this.#log = log;
    this.#random = random;
  }

  /** Starts the faults (spread over `durationMs`) and the leadership watch. */
  start(durationMs: number): void {
    const signal = this.#stop.signal;
    this.#loops.push(this.#watch(signal));
    this.#loops.push(
      (async () => {
        for (;;) {
          await sleep(15_000 + this.#random() * 15_000, signal);
          if (signal.aborted) return;
          const index = Math.floor(this.#random() * this.#stack.state.instances.length);
          const name = this.#stack.state.instances[index]!.name;
          await this.#fault('kill-instance', name, async () => {
            this.#stack.killInstance(index);
            await this.#stack.startInstance(index);
          });
        }
      })(),
    );
    const others: [FaultKind, string, () => Promise<void>][] = [
      ['restart-redis', 'redis', () => this.#stack.restartRedis()],
      [
        'terminate-backends',
        'postgresql',
        async () => {
          const count = await this.#stack.terminateBackends();
          // The instances hold pools and leader locks: none to terminate means the fault did not happen.
          if (count === 0) throw new Error('no PostgreSQL backend of the stack to terminate');
          this.#log(`chaos: terminated ${String(count)} PostgreSQL backends`);
        },
      ],
      ['pause-chain', 'chain', () => this.#stack.pauseChain(CHAIN_PAUSE_MS)],
    ];
    this.#loops.push(
      (async () => {
        for (const [index, [kind, target, act]] of others.entries()) {
          const at = ((index + 1) * durationMs) / (others.length + 1);
          await sleep(Math.max(0, at - (Date.now() - this.#startedAt)), signal);
          if (signal.aborted) return;
          await this.#fault(kind, target, act);
        }
      })(),
    );
  }

  readonly #startedAt = Date.now();

  async #fault(kind: FaultKind, target: string, act: () => Promise<void>): Promise<void> {
    const fault: Fault = { kind, target, startedAt: Date.now(), endedAt: null, error: null };
    this.faults.push(fault);
    this.#log(`chaos: ${kind} ${target}`);
    try {
      await act();
    } catch (error) {
      fault.error = (error as Error).message;
      this.#log(`chaos: ${kind} ${target} failed: ${fault.error}`);
    }
    fault.endedAt = Date.now();
    this.#log(`chaos: ${kind} ${target} over in ${((fault.endedAt - fault.startedAt) / 1000).toFixed(1)} s`);
  }

  async #watch(signal: AbortSignal): Promise<void> {
    while (!signal.aborted) {
      await this.observe();
      await sleep(500, signal);
    }
  }

  /** One look at every instance's health. */
  async observe(): Promise<void> {
    const at = Date.now();
    const seen = await Promise.all(
      this.#stack.state.instances.map(async (instance) => {
        const look = await this.#look(instance.url, instance.pid);
        const led = ledWorkers(look, this.#lastSeen.get(instance.name));
        return { name: instance.name, led };
      }),
    );
    for (const { name, led } of seen) this.#lastSeen.set(name, led);
    if (this.#workers.length === 0) return;
    const counts = new Map(
      this.#workers.map((worker) => [worker, seen.filter(({ led }) => led.has(worker)).length] as const),
    );
    this.leaders.observe(at, counts);
  }

  async #look(url: string, pid: number): Promise<HealthLook> {
    if (!isAlive(pid)) return { kind: 'refused' };
    try {
      const response = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(1_500) });
      const workers = ((await response.json()) as { workers?: WorkerHealthJson[] }).workers ?? [];
      // Workers disabled everywhere would be a permanent gap: only those some instance runs are watched.
      if (this.#workers.length === 0) {
        this.#workers = workers.filter((worker) => worker.status !== 'disabled').map((worker) => worker.name);
      }
      return { kind: 'answered', workers };
    } catch (error) {
      return error instanceof Error && error.name === 'TimeoutError' ? { kind: 'slow' } : { kind: 'refused' };
    }
  }

  /** Stops injecting (waiting for a fault in progress to end) and watching. */
  async stop(): Promise<void> {
    this.#stop.abort();
    await Promise.all(this.#loops);
    await this.observe();
  }

  /** Each fault's span and the settling after it: the requests to leave out of calm latencies. */
  windows(): TimeWindow[] {
    return this.faults.map((fault) => ({
      start: fault.startedAt,
      end: (fault.endedAt ?? Date.now()) + SETTLE_MS,
    }));
  }
}
