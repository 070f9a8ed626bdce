/**
 * Latency figures: every API request the players make is recorded (route pattern and milliseconds) and
 * summarised as count, p50, p99 and max, overall and per route. Pure.
 *
 * @module
 */

/**
 * The q-quantile (0 < q ≤ 1) of `sorted` by the nearest-rank method: the smallest value with at least q of
 * the values at or below it. NaN for no values.
 *
 * @example quantile([1, 2, 3, 4], 0.5) // 2
 */
export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.max(1, Math.ceil(q * sorted.length));
  return sorted[Math.min(sorted.length, rank) - 1]!;
}

/** A summary of some latencies, ms. */
export interface LatencySummary {
  readonly count: number;
  readonly p50: number;
  readonly p99: number;
  readonly max: number;
}

export function summarise(values: readonly number[]): LatencySummary {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    count: sorted.length,
    p50: quantile(sorted, 0.5),
    p99: quantile(sorted, 0.99),
    max: sorted.at(-1) ?? Number.NaN,
  };
}

/**
 * The route pattern of a path, so `/api/user/7xK…` and `/api/user/9aB…` count as one route: segments that
 * look like base58 addresses or numbers become `:param`, and the query string is dropped.
 *
 * @example routeOf('/api/user/juice/7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU?x=1') // '/api/user/juice/:param'
 */
export function routeOf(path: string): string {
  const bare = path.split('?')[0]!;
  return bare
    .split('/')
    .map((segment) =>
      /^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(segment) || /^\d+$/.test(segment) ? ':param' : segment,
    )
    .join('/');
}

/** A span of wall-clock time, ms since the epoch. */
export interface TimeWindow {
  readonly start: number;
  readonly end: number;
}

/**
 * The latencies of requests that overlap none of `windows`: a request counts when it ended before a window
 * began or started after it ended.
 *
 * @example latenciesOutside([{ endAt: 5, ms: 2 }, { endAt: 12, ms: 1 }], [{ start: 4, end: 10 }]) // [1]
 */
export function latenciesOutside(
  samples: readonly { readonly endAt: number; readonly ms: number }[],
  windows: readonly TimeWindow[],
): number[] {
  return samples
    .filter(({ endAt, ms }) => windows.every((window) => endAt < window.start || endAt - ms > window.end))
    .map(({ ms }) => ms);
}

/** Records request latencies while `recording` is on. */
export class LatencyRecorder {
  readonly #byRoute = new Map<string, number[]>();
  readonly #all: number[] = [];
  /** Every request's end (ms since the epoch) and latency, to leave fault windows out. */
  readonly #timed: { endAt: number; ms: number }[] = [];
  recording = true;
  errors = 0;

  record(method: string, path: string, ms: number, ok: boolean, endAt: number = Date.now()): void {
    if (!this.recording) return;
    this.#timed.push({ endAt, ms });
    const key = `${method} ${routeOf(path)}`;
    let list = this.#byRoute.get(key);
    if (list === undefined) this.#byRoute.set(key, (list = []));
    list.push(ms);
    this.#all.push(ms);
    if (!ok) this.errors += 1;
  }

  overall(): LatencySummary {
    return summarise(this.#all);
  }

  /** The requests that overlap none of `windows` (the chaos soak's faults and their recovery). */
  outside(windows: readonly TimeWindow[]): LatencySummary {
    return summarise(latenciesOutside(this.#timed, windows));
  }

  /** Per route, busiest first. */
  routes(): { route: string; summary: LatencySummary }[] {
    return [...this.#byRoute]
      .map(([route, values]) => ({ route, summary: summarise(values) }))
      .sort((a, b) => b.summary.count - a.summary.count);
  }
}
