/**
 * `GET /api/health`: the chain's and the database's connectivity (the workers add theirs).
 *
 * @module
 */

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { transportResponses } from '../../http/schemas.ts';

const checkSchema = z.object({ ok: z.boolean(), latencyMs: z.number(), error: z.string().optional() });

const workerSchema = z.object({
  name: z.string(),
  status: z.enum(['starting', 'leader', 'standby', 'failing', 'stopped', 'disabled']),
  lastRunAt: z.number().nullable(),
  lastSuccessAt: z.number().nullable(),
  lastError: z.string().nullable(),
  runs: z.number(),
  failures: z.number(),
  lagMs: z.number().nullable(),
  details: z.record(z.string(), z.unknown()),
});

const healthSchema = z.object({
  success: z.boolean(),
  cluster: z.string(),
  database: checkSchema,
  chain: checkSchema,
  workers: z.array(workerSchema),
});

async function check(work: () => Promise<unknown>): Promise<z.infer<typeof checkSchema>> {
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
        summary: 'Connectivity of the chain and the database',
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
      return reply
        .code(success ? 200 : 503)
        .send({ success, cluster: app.chain.cluster, database, chain, workers });
    },
  );
};

export default routes;
