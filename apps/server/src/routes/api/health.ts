/**
 * `GET /api/health`: the chain's and the database's connectivity (the workers add theirs).
 *
 * `status`: `down` (503) when the database or the chain does not answer or a worker fails; `degraded` (200,
 * so the load balancer keeps routing here) when a worker this instance runs is past a lag threshold
 * (workers/worker-lag.ts), named in `lagging`; `ok` (200) otherwise.
 *
 * @module
 */

import { healthSchema, type HealthCheck } from '@arcade/sdk/api/health';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { transportResponses } from '../../http/schemas.ts';

async function check(work: () => Promise<unknown>): Promise<HealthCheck> {
  const started = performance.now();
  try {
    await work();
    return { ok: true, latencyMs: Math.round(performance.now() - started) };
  } catch (error) {
    return { ok: false, latencyMs: Math.round(performance.now() - started), error: (error as Error).name };
  }
}

const routes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      config: { rateLimit: false },
      schema: {
        summary: 'Connectivity of the chain and the database, and the workers (degraded when one lags)',
        tags: ['health'],
        response: {
          200: healthSchema,
          503: healthSchema,
          ...transportResponses,
        },
      },
    },
    async (_request, reply) => {
      const [database, chain] = await Promise.all([
        check(() => app.db.query('SELECT 1')),
        check(() => app.chain.rpc.getSlot().send()),
      ]);
      const workers = app.workers.map((runner) => runner.health());
      // A standby worker is healthy (another instance leads); a failing one is not.
      const success = database.ok && chain.ok && workers.every((worker) => worker.status !== 'failing');
      const lagging = workers
        .filter((worker) => worker.lagging.length > 0)
        .map((worker) => ({ worker: worker.name, reasons: worker.lagging }));
      const status = !success ? 'down' : lagging.length > 0 ? 'degraded' : 'ok';
      return reply
        .code(success ? 200 : 503)
        .send({ success, status, lagging, cluster: app.chain.cluster, database, chain, workers });
    },
  );
};

export default routes;
