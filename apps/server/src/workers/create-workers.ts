/**
 * The standard set of workers `main.ts` runs, filtered by `WORKERS`: the indexer, the TailSpin/ReTail
 * settler, the Foresight crank and the Prophecy market settler.
 *
 * Within one instance they nudge each other: the indexer's log subscription wakes the indexer, a new bet
 * published by the indexer wakes the settler, and the settler's House subscription wakes it (and it wakes
 * the indexer when the next bet's row is missing), so a bet is revealed in the first slot after its own.
 * Across instances each falls back on its own polling interval.
 *
 * `WORKERS_DRY_RUN` puts the named workers in dry-run: they read the chain and the database and log what
 * they would do, sending no transaction and writing nothing, and take no leader lock, so an instance in
 * dry-run can run beside the production ones.
 *
 * @module
 */

import type { FastifyInstance } from 'fastify';

import type { WORKER_NAMES } from '../config/env.ts';
import { createForesightCrankWorker } from './foresight-crank/foresight-crank.ts';
import { createIndexerWorker } from './indexer/indexer-worker.ts';
import { createMarketSettlerWorker } from './market-settler/market-settler.ts';
import { createBetSettlerWorker } from './settler/bet-settler-worker.ts';
import type { Worker } from './worker.ts';

/** Wakes this instance's runner of `name`, if it runs one. */
function wake(app: FastifyInstance, name: string): void {
  app.workers.find((runner) => runner.worker.name === name)?.wake();
}

/** The workers this instance may lead, by name. */
export function createWorkers(app: FastifyInstance): Worker[] {
  const wanted = app.env.WORKERS;
  const enabled = (name: (typeof WORKER_NAMES)[number]): boolean => wanted === 'all' || wanted.includes(name);
  const dryRun = (name: (typeof WORKER_NAMES)[number]): boolean => {
    const dry = app.env.WORKERS_DRY_RUN;
    return dry === 'all' || dry.includes(name);
  };
  const workers: Worker[] = [];
  if (enabled('indexer')) {
    workers.push(
      createIndexerWorker(app, {
        dryRun: dryRun('indexer'),
        onActivity: () => {
          wake(app, 'indexer');
        },
      }),
    );
  }
  if (enabled('bet-settler')) {
    workers.push(
      createBetSettlerWorker(app, {
        dryRun: dryRun('bet-settler'),
        // The House subscription: a bet is revealed in the first slot after its own.
        onActivity: () => {
          wake(app, 'bet-settler');
        },
        wakeIndexer: () => {
          wake(app, 'indexer');
        },
      }),
    );
    app.feed.subscribe((item) => {
      if (item.kind === 'bet' && item.result === null) wake(app, 'bet-settler');
    });
  }
  if (enabled('foresight-crank')) {
    workers.push(createForesightCrankWorker(app, { dryRun: dryRun('foresight-crank') }));
  }
  if (enabled('market-settler')) {
    workers.push(createMarketSettlerWorker(app, { dryRun: dryRun('market-settler') }));
  }
  return workers;
}
