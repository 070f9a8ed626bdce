/**
 * The Fastify application: external plugins (rate limit, OpenAPI), then the server's own (auth,
 * repositories, services), then the routes, laid out by URL under `/api`.
 *
 * @module
 */

import { ApiErrorCode } from '@arcade/sdk/api/error-codes';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { createSolanaRpc, type Address } from '@solana/kit';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';

import type { JuiceStatus } from './services/juice-service.ts';
import type { ProfileSnapshot } from './types.ts';

import { shareInvalidations } from './cache/cache-invalidations.ts';
import { ReadCache } from './cache/read-cache.ts';
import type { ChainContext } from './chain/chain-context.ts';
import { configureChainSender } from './chain/send-transaction.ts';
import type { Env } from './config/env.ts';
import { loggerOptions } from './config/logging.ts';
import type { Database } from './db/database.ts';
import { AccessLogController } from './http/access-log.ts';
import { clientErrorHandler, frameworkErrors, installErrorHandlers, tooManyRequests } from './http/errors.ts';
import authPlugin from './plugins/auth.ts';
import metricsPlugin from './plugins/metrics.ts';
import repositoriesPlugin from './plugins/repositories.ts';
import rpcProxyPlugin, { type RpcProxyOptions } from './plugins/rpc-proxy.ts';
import servicesPlugin from './plugins/services.ts';
import socketsPlugin from './plugins/sockets.ts';
import webAppPlugin from './plugins/web-app.ts';
import workersPlugin, { type WorkersPluginOptions } from './plugins/workers.ts';
import { FeedBus } from './events/feed-items.ts';
import type { Ports } from './ports/create-ports.ts';
import adminRoutes from './routes/api/admin/routes.ts';
import configRoutes from './routes/api/config.ts';
import fairnessRoutes from './routes/api/fairness/routes.ts';
import healthRoutes from './routes/api/health.ts';
import imageRoutes from './routes/api/images/routes.ts';
import marketDataRoutes from './routes/api/market-data/routes.ts';
import nftRoutes from './routes/api/nfts/routes.ts';
import oauthRoutes from './routes/api/oauth/routes.ts';
import prophecyRoutes from './routes/api/prophecy/routes.ts';
import authRoutes from './routes/api/user/auth.ts';
import historyRoutes from './routes/api/user/history.ts';
import juiceRoutes from './routes/api/user/juice.ts';
import pnlRoutes from './routes/api/user/pnl.ts';
import profileRoutes from './routes/api/user/profile.ts';
import referralRoutes from './routes/api/user/referrals.ts';

export { redactUrl } from './config/logging.ts';

/** Everything the application needs from outside. */
export interface AppDeps {
  readonly env: Env;
  readonly db: Database;
  readonly chain: ChainContext;
  readonly ports: Ports;
  /** The session tokens' signing key. */
  readonly jwtSecret: string | Uint8Array;
  readonly adminWallets: readonly Address[];
  /** Shares rate limits between instances when set. */
  readonly redis?: Redis | null;
  /** Milliseconds since the epoch; default `Date.now`. */
  readonly now?: () => number;
  /** The background workers to run (under their leader locks); default none. */
  readonly workers?: WorkersPluginOptions['create'];
  /** Fastify's logger option; default pino at `LOG_LEVEL` in `LOG_FORMAT` (`loggerOptions`). */
  readonly logger?: FastifyServerOptions['logger'];
  /** Timeouts and limits of the `/rpc` proxy; defaults suit production. */
  readonly rpcProxy?: RpcProxyOptions;
}

/** The application, ready to `listen` or `inject`. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { env } = deps;
  const app = Fastify({
    logger: deps.logger ?? loggerOptions(env),
    // One short access-log entry per request, not two with the request and response objects dumped.
    logController: new AccessLogController(),
    bodyLimit: env.BODY_LIMIT_BYTES,
    trustProxy: env.TRUST_PROXY,
    // Ids in URLs are addresses and slugs: 200 characters is plenty and bounds the work per request.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    // What the router and Node's parser refuse before any route answers `{ success: false, error }` too.
    frameworkErrors,
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandlers(app);

  app.decorate('env', env);
  app.decorate('db', deps.db);
  app.decorate('chain', deps.chain);
  // Everything the server signs goes through the SDK's sender, with the fallback RPC and the app's logger.
  configureChainSender(deps.chain.rpc, {
    fallbackRpc: deps.chain.rpcFallbackUrl === null ? null : createSolanaRpc(deps.chain.rpcFallbackUrl),
    log: (message, error) => {
      app.log.warn({ err: error }, message);
    },
  });
  app.decorate('ports', deps.ports);
  app.decorate('adminWallets', new Set<string>(deps.adminWallets));
  app.decorate('now', deps.now ?? Date.now);
  app.decorate('feed', new FeedBus());
  app.decorate('profileCache', new ReadCache<string, ProfileSnapshot>({ ttlMs: 1_000, now: app.now }));
  app.decorate('juiceCache', new ReadCache<string, JuiceStatus>({ ttlMs: 1_000, now: app.now }));
  app.decorate(
    'marketListCache',
    new ReadCache<string, Buffer>({ ttlMs: 1_000, maxEntries: 1_000, now: app.now }),
  );
  if (deps.redis) {
    // Every instance's writes reach the others' caches at once (a username set through one instance is read
    // back through another), not a second later.
    const invalidations = shareInvalidations(
      deps.redis,
      { profiles: app.profileCache, juice: app.juiceCache, marketLists: app.marketListCache },
      {
        onError: (error) => {
          app.log.warn({ err: error }, 'cache invalidations');
        },
      },
    );
    await invalidations.ready();
    app.addHook('onClose', () => invalidations.close());
  }

  // External plugins.
  await app.register(rateLimit, {
    global: true,
    max: env.RATE_LIMIT_PER_MINUTE,
    timeWindow: 60_000,
    ...(deps.redis ? { redis: deps.redis, nameSpace: 'arcade-rate-limit-' } : {}),
    errorResponseBuilder: () => tooManyRequests(ApiErrorCode.RATE_LIMITED),
  });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'TailSpin, ReTail, Foresight and Prophecy API',
        description: 'Profiles, sign-in, Juice, referrals, history, Prophecy markets, NFTs and market data.',
        version: '0.1.0',
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  // The server's own plugins.
  await app.register(authPlugin, { secret: deps.jwtSecret, redis: deps.redis ?? null });
  await app.register(repositoriesPlugin);
  await app.register(servicesPlugin);
  await app.register(workersPlugin, { create: deps.workers ?? (() => []) });
  // Before the routes: its response hook times every one of them.
  await app.register(metricsPlugin);

  // Routes.
  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(configRoutes);
      await api.register(authRoutes, { prefix: '/user' });
      await api.register(profileRoutes, { prefix: '/user' });
      await api.register(juiceRoutes, { prefix: '/user' });
      await api.register(referralRoutes, { prefix: '/user' });
      await api.register(historyRoutes, { prefix: '/user' });
      await api.register(pnlRoutes, { prefix: '/user' });
      await api.register(prophecyRoutes, { prefix: '/prophecy' });
      await api.register(nftRoutes, { prefix: '/nfts' });
      await api.register(imageRoutes, { prefix: '/images' });
      await api.register(marketDataRoutes);
      await api.register(oauthRoutes, { prefix: '/oauth' });
      await api.register(adminRoutes, { prefix: '/admin' });
      await api.register(fairnessRoutes, { prefix: '/fairness' });
    },
    { prefix: '/api' },
  );
  await app.register(socketsPlugin, { redis: deps.redis ?? null });
  await app.register(rpcProxyPlugin, { redis: deps.redis ?? null, ...deps.rpcProxy });
  // Last: its catch-all route serves the web app on every path the server does not own.
  await app.register(webAppPlugin);
  return app;
}
