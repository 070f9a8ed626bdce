/**
 * How far behind a worker is, in the figures an operator alerts on, and the thresholds past which
 * `GET /api/health` answers `degraded` naming the worker (docs/operations.md lists them).
 *
 * Each worker reports its own figures ({@link WorkerLag}) only while it runs on this instance (as leader,
 * or in dry-run): a standby instance has none, since the leader's state lives in the leader's memory.
 *
 * @module
 */

/** A worker's lag figures; each worker fills in its own, null while it cannot tell yet. */
export interface WorkerLag {
  /** Indexer: slots between the chain's tip and the last slot it has indexed everything up to. */
  readonly slotsBehind?: number | null;
  /** Bet settler: bets placed and not yet revealed, as the House counts them. */
  readonly openBets?: number | null;
  /** Bet settler: seconds the oldest unrevealed bet has waited (0 when none waits). */
  readonly oldestOpenBetSeconds?: number | null;
  /** Foresight crank: seconds past the planned time of the next tick (0 before it). */
  readonly tickLateSeconds?: number | null;
  /** Market settler: predictions not yet paid on resolved markets. */
  readonly unsettledPredictions?: number | null;
  /**
   * Market settler: seconds since it first saw, as resolved, the oldest market that still has unpaid
   * predictions (0 when none has). Counted from when this instance first saw it: a new leader starts at 0.
   */
  readonly oldestUnsettledSeconds?: number | null;
}

/** The figures of {@link WorkerLag}, in a fixed order (metrics, docs). */
export const WORKER_LAG_FIGURES = [
  'slotsBehind',
  'openBets',
  'oldestOpenBetSeconds',
  'tickLateSeconds',
  'unsettledPredictions',
  'oldestUnsettledSeconds',
] as const satisfies readonly (keyof WorkerLag)[];

/** Past these, a worker is lagging and `GET /api/health` says `degraded`. */
export const LAG_THRESHOLDS = Object.freeze({
  /** The indexer more than 150 slots (about 60 s) behind the chain. */
  slotsBehind: 150,
  /** The settler's oldest unrevealed bet waiting more than 30 s. */
  oldestOpenBetSeconds: 30,
  /** The crank more than 20 s past a planned tick. */
  tickLateSeconds: 20,
  /** Unpaid predictions on a market resolved more than 120 s ago. */
  oldestUnsettledSeconds: 120,
  /** No successful run for max(60 s, 10 × the worker's interval) while it runs here. */
  staleSuccessMinMs: 60_000,
  staleSuccessIntervals: 10,
});

/** What {@link lagReasons} judges a worker by. */
export interface LagInput {
  readonly intervalMs: number;
  /** Since when this instance runs the worker (leader, or dry-run); null when it does not. */
  readonly leaderSince: number | null;
  readonly lastSuccessAt: number | null;
  readonly lag: WorkerLag | null;
}

/** The longest a worker running here may go without a successful run. */
export function staleSuccessLimitMs(intervalMs: number): number {
  return Math.max(LAG_THRESHOLDS.staleSuccessMinMs, LAG_THRESHOLDS.staleSuccessIntervals * intervalMs);
}

/**
 * Why a worker is lagging, one line per threshold it is past; empty when it is not, or when it does not
 * run on this instance.
 *
 * @example lagReasons({ intervalMs: 1_000, leaderSince: 0, lastSuccessAt: 0, lag: { slotsBehind: 200 } }, 1_000)
 *   // → ['200 slots behind the chain (threshold 150)']
 */
export function lagReasons(input: LagInput, nowMs: number): string[] {
  if (input.leaderSince === null) return [];
  const reasons: string[] = [];
  const since = Math.max(input.lastSuccessAt ?? input.leaderSince, input.leaderSince);
  const limitMs = staleSuccessLimitMs(input.intervalMs);
  if (nowMs - since > limitMs) {
    reasons.push(
      `no successful run for ${String(Math.round((nowMs - since) / 1000))} s (threshold ${String(limitMs / 1000)} s)`,
    );
  }
  const lag = input.lag ?? {};
  const past = (value: number | null | undefined, threshold: number): value is number =>
    value !== null && value !== undefined && value > threshold;
  if (past(lag.slotsBehind, LAG_THRESHOLDS.slotsBehind)) {
    reasons.push(
      `${String(lag.slotsBehind)} slots behind the chain (threshold ${String(LAG_THRESHOLDS.slotsBehind)})`,
    );
  }
  if (past(lag.oldestOpenBetSeconds, LAG_THRESHOLDS.oldestOpenBetSeconds)) {
    reasons.push(
      `oldest open bet waiting ${String(Math.round(lag.oldestOpenBetSeconds))} s (threshold ${String(LAG_THRESHOLDS.oldestOpenBetSeconds)} s)`,
    );
  }
  if (past(lag.tickLateSeconds, LAG_THRESHOLDS.tickLateSeconds)) {
    reasons.push(
      `${String(Math.round(lag.tickLateSeconds))} s past the planned tick (threshold ${String(LAG_THRESHOLDS.tickLateSeconds)} s)`,
    );
  }
  if (
    (lag.unsettledPredictions ?? 0) > 0 &&
    past(lag.oldestUnsettledSeconds, LAG_THRESHOLDS.oldestUnsettledSeconds)
  ) {
    reasons.push(
      `${String(lag.unsettledPredictions)} unpaid predictions on a market resolved ${String(Math.round(lag.oldestUnsettledSeconds))} s ago (threshold ${String(LAG_THRESHOLDS.oldestUnsettledSeconds)} s)`,
    );
  }
  return reasons;
}
