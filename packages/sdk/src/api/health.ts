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
  details: z.record(z.string(), z.unknown()),
});

/** A background worker's health as the API shows it. */
export type WorkerHealthJson = z.output<typeof workerHealthSchema>;

/** The answer to `GET /api/health` (200 when everything is up, 503 otherwise). */
export const healthSchema = z.object({
  success: z.boolean(),
  cluster: z.string(),
  database: healthCheckSchema,
  chain: healthCheckSchema,
  workers: z.array(workerHealthSchema),
});

/** The answer to `GET /api/health`. */
export type Health = z.output<typeof healthSchema>;
