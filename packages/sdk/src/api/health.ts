/**
 * `GET /api/health`: the chain's and the database's connectivity, and each background worker's state.
 *
 * @module
 */

import { z } from 'zod';

/** One connectivity check: whether it answered, how fast, and the error's name when it did not. */
export const healthCheckSchema = z.object({
  ok: z.boolean(),
  latencyMs: z.number(),
  error: z.string().optional(),
});

/** A connectivity check's result. */
export type HealthCheck = z.output<typeof healthCheckSchema>;

/** The states a background worker reports. */
export const WORKER_STATUSES = ['starting', 'leader', 'standby', 'failing', 'stopped', 'disabled'] as const;

/**
 * A worker's lag figures while it runs on the answering instance (each worker fills in its own; null while
 * it cannot tell yet). The thresholds past which the instance answers `degraded` are in docs/operations.md.
 */
export const workerLagSchema = z.object({
  /** Indexer: slots between the chain's tip and the last slot indexed completely. */
  slotsBehind: z.number().nullable().optional(),
  /** Bet settler: bets placed and not yet revealed. */
  openBets: z.number().nullable().optional(),
  /** Bet settler: seconds the oldest unrevealed bet has waited. */
  oldestOpenBetSeconds: z.number().nullable().optional(),
  /** Foresight crank: seconds past the planned time of the next tick. */
  tickLateSeconds: z.number().nullable().optional(),
  /** Market settler: predictions not yet paid on resolved markets. */
  unsettledPredictions: z.number().nullable().optional(),
  /** Market settler: seconds since the oldest market with unpaid predictions was first seen resolved. */
  oldestUnsettledSeconds: z.number().nullable().optional(),
});

/** A worker's lag figures. */
export type WorkerLagJson = z.output<typeof workerLagSchema>;

/** A background worker's health. */
export const workerHealthSchema = z.object({
  name: z.string(),
  status: z.enum(WORKER_STATUSES),
  lastRunAt: z.number().nullable(),
  lastSuccessAt: z.number().nullable(),
  lastError: z.string().nullable(),
  runs: z.number(),
  failures: z.number(),
  lagMs: z.number().nullable(),
  /** Its lag figures while it runs on this instance (leader or dry-run), else null. */
  lag: workerLagSchema.nullable().optional(),
  /** Why it is lagging (one line per threshold passed); empty when it is not or does not run here. */
  lagging: z.array(z.string()).optional(),
  details: z.record(z.string(), z.unknown()),
});

/** A background worker's health as the API shows it. */
export type WorkerHealthJson = z.output<typeof workerHealthSchema>;

/** The instance's overall state: `degraded` still answers 200 (it serves), `down` answers 503. */
export const HEALTH_STATUSES = ['ok', 'degraded', 'down'] as const;

/** A worker this instance runs that is past one of its lag thresholds, and why. */
export const laggingWorkerSchema = z.object({
  worker: z.string(),
  reasons: z.array(z.string()),
});

/**
 * The answer to `GET /api/health`: 200 when the database and the chain answer and no worker fails (`status`
 * `ok`, or `degraded` when a worker this instance runs is lagging, named in `lagging`), 503 otherwise
 * (`down`).
 */
export const healthSchema = z.object({
  success: z.boolean(),
  status: z.enum(HEALTH_STATUSES).optional(),
  /** The workers this instance runs that are past a lag threshold (empty unless `degraded`). */
  lagging: z.array(laggingWorkerSchema).optional(),
  cluster: z.string(),
  database: healthCheckSchema,
  chain: healthCheckSchema,
  workers: z.array(workerHealthSchema),
});

/** The answer to `GET /api/health`. */
export type Health = z.output<typeof healthSchema>;
