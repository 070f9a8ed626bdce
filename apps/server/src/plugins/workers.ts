/**
 * The background workers of this instance: each runs under its leader lock once the app is ready, and
 * stops when the app closes. Which workers exist is decided by the caller (`AppDeps.workers`): `main.ts`
 * starts the standard set, tests start what they test.
 *
 * @module
 */

import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

import { WorkerRunner, type Worker } from '../workers/worker.ts';

/** Options of the workers plugin. */
export interface WorkersPluginOptions {
  /** Builds the workers from the ready-to-use instance (its repositories, services, chain and feed). */
  readonly create: (app: FastifyInstance) => readonly Worker[];
}

export default fp(
  async (app: FastifyInstance, options: WorkersPluginOptions) => {
    const runners = options.create(app).map(
      (worker) =>
        new WorkerRunner({
          db: app.db,
          worker,
          now: app.now,
          onError: (error) => {
            app.log.error({ err: error, worker: worker.name }, 'worker run failed');
          },
        }),
    );
    app.decorate('workers', runners);
    app.addHook('onReady', async () => {
      for (const runner of runners) runner.start();
    });
    app.addHook('onClose', async () => {
      await Promise.all(runners.map((runner) => runner.stop()));
    });
  },
  { name: 'workers', dependencies: ['services'] },
);
