/**
 * `GET /api/health`: the chain's and the database's connectivity (the workers add theirs).
 *
 * @module
 */

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const checkSchema = z.object({ ok: z.boolean(), latencyMs: z.number(), error: z.string().optional() });

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
          200: z.object({
            success: z.boolean(),
            cluster: z.string(),
            database: checkSchema,
            chain: checkSchema,
          }),
          503: z.object({
            success: z.boolean(),
            cluster: z.string(),
            database: checkSchema,
            chain: checkSchema,
          }),
        },
      },
    },
    async (_request, reply) => {
      const [database, chain] = await Promise.all([
        check(() => app.db.query('SELECT 1')),
        check(() => app.chain.rpc.getSlot().send()),
      ]);
      const success = database.ok && chain.ok;
      return reply.code(success ? 200 : 503).send({ success, cluster: app.chain.cluster, database, chain });
    },
  );
};

export default routes;
