/**
 * The standard set of workers `main.ts` runs, filtered by `WORKERS`.
 *
 * @module
 */

import type { FastifyInstance } from 'fastify';

import type { Worker } from './worker.ts';

/** The workers this instance may lead, by name. */
export function createWorkers(app: FastifyInstance): Worker[] {
  const all: Worker[] = [];
  const wanted = app.env.WORKERS;
  return wanted === 'all' ? all : all.filter((worker) => wanted.includes(worker.name));
}
