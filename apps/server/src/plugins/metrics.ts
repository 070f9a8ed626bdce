/**
 * `GET /metrics`: this instance's figures in the Prometheus text format, for an SRE who scrapes every
 * instance behind the load balancer (docs/operations.md lists each metric).
 *
 * Each app has its own registry (never prom-client's global one), holding Node's process metrics, the HTTP
 * request durations by route pattern, and figures read at scrape time: open sockets, the workers' state
 * and lag (only where this instance runs the worker: a standby has no lag figures; sum or max across
 * instances), the House's balances (cached 5 s, so scrapes cannot hammer the RPC; a failed read leaves the
 * gauges out and counts an error), and the `/rpc` proxy's calls by method.
 *
 * Access (http/metrics-access.ts): `METRICS_TOKEN` requires a bearer token; `METRICS_PORT` serves
 * `/metrics` on a listener of its own, started by `app.metrics.listen()`, instead of the public port; with
 * neither, only loopback clients that no proxy forwarded may read it.
 *
 * @module
 */

import { createServer, type Server } from 'node:http';

import { ApiErrorCode } from '@arcade/sdk/api/error-codes';
import { WORKER_STATUSES } from '@arcade/sdk/api/health';
import { decodeHouse, HOUSE_ACCOUNT_SIZE } from '@arcade/sdk/wager/accounts';
import { houseFreeBalance } from '@arcade/sdk/wager/bet-math';
import { findHouseAddress } from '@arcade/sdk/wager/pda';
import { fetchEncodedAccount } from '@solana/kit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

import { apiErrorMessage, unauthorized } from '../http/errors.ts';
import { metricsAccess } from '../http/metrics-access.ts';
import { WORKER_LAG_FIGURES, type WorkerLag } from '../workers/worker-lag.ts';
import { RPC_HTTP_METHODS, RPC_LOCALNET_METHODS, RPC_PUBSUB_METHODS } from './rpc-proxy.ts';

/** How long a House reading serves scrapes. */
const HOUSE_CACHE_MS = 5_000;
/** A House read slower than this counts as failed. */
const HOUSE_READ_TIMEOUT_MS = 2_000;

/** The gauge of each lag figure. */
const LAG_METRICS: Readonly<Record<keyof WorkerLag, { readonly name: string; readonly help: string }>> = {
  slotsBehind: {
    name: 'arcade_worker_slots_behind',
    help: 'Indexer: slots between the chain tip and the last slot indexed completely',
  },
  openBets: { name: 'arcade_worker_open_bets', help: 'Bet settler: bets placed and not yet revealed' },
  oldestOpenBetSeconds: {
    name: 'arcade_worker_oldest_open_bet_seconds',
    help: 'Bet settler: seconds the oldest unrevealed bet has waited',
  },
  tickLateSeconds: {
    name: 'arcade_worker_tick_late_seconds',
    help: 'Foresight crank: seconds past the planned time of the next tick',
  },
  unsettledPredictions: {
    name: 'arcade_worker_unsettled_predictions',
    help: 'Market settler: unpaid predictions on resolved markets',
  },
  oldestUnsettledSeconds: {
    name: 'arcade_worker_oldest_unsettled_seconds',
    help: 'Market settler: seconds since the oldest market with unpaid predictions was first seen resolved',
  },
};

/** The `/rpc` proxy's transports. */
export type RpcTransport = 'http' | 'ws';

/** This instance's metrics. */
export interface AppMetrics {
  readonly registry: Registry;
  /** Counts each call of a JSON-RPC call or batch through the `/rpc` proxy (unknown methods as `other`). */
  countRpcCalls(payload: unknown, transport: RpcTransport): void;
  /** Reports, at each scrape, this instance's open sockets of `namespace` (e.g. `/chat`). */
  trackSockets(namespace: string, count: () => number): void;
  /**
   * Starts the `METRICS_PORT` listener (call once the app listens; it closes with the app): its address, or
   * null when `METRICS_PORT` is not set.
   */
  listen(): Promise<string | null>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** This instance's Prometheus registry and the counters other plugins feed. */
    readonly metrics: AppMetrics;
  }
}

/** The House's balances as last read, or why not. */
type HouseReading =
  | { readonly ok: true; readonly balance: bigint; readonly outstanding: bigint; readonly free: bigint }
  | { readonly ok: false };

/**
 * The process's own figures (memory, CPU, event loop, GC), collected once per process: their collectors
 * (a GC observer, an event-loop histogram) are never released, so one per app would leak with every app a
 * test builds. Each app's scrape puts them before its own.
 */
let processRegistry: Registry | null = null;
function processMetrics(): Registry {
  if (processRegistry === null) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/** The text of a scrape: the process's figures, then the app's. */
async function scrape(registry: Registry): Promise<string> {
  const [own, processText] = await Promise.all([registry.metrics(), processMetrics().metrics()]);
  return `${processText}${own}`;
}

/** The registry and its collectors for `app`. */
function createMetrics(app: FastifyInstance): {
  readonly registry: Registry;
  readonly metrics: Omit<AppMetrics, 'listen'>;
  readonly httpDuration: Histogram<'route' | 'method' | 'status_code'>;
} {
  const registry = new Registry();
  processMetrics();

  const httpDuration = new Histogram({
    name: 'arcade_http_request_duration_seconds',
    help: 'HTTP request durations by route pattern (unmatched: `unmatched`), method and status code',
    labelNames: ['route', 'method', 'status_code'] as const,
    registers: [registry],
  });

  const sockets = new Map<string, () => number>();
  new Gauge({
    name: 'arcade_socket_connections',
    help: 'Open socket.io connections on this instance, by namespace',
    labelNames: ['namespace'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const [namespace, count] of sockets) this.set({ namespace }, count());
    },
  });

  const rpcMethods = new Set([...RPC_HTTP_METHODS, ...RPC_LOCALNET_METHODS, ...RPC_PUBSUB_METHODS]);
  const rpcCalls = new Counter({
    name: 'arcade_rpc_proxy_calls_total',
    help: 'JSON-RPC calls received by the /rpc proxy, by method (unknown: `other`) and transport',
    labelNames: ['method', 'transport'] as const,
    registers: [registry],
  });

  registerWorkerMetrics(app, registry);
  registerHouseMetrics(app, registry);

  return {
    registry,
    httpDuration,
    metrics: {
      registry,
      countRpcCalls(payload, transport) {
        for (const call of Array.isArray(payload) ? (payload as unknown[]) : [payload]) {
          const method: unknown =
            typeof call === 'object' && call !== null ? (call as { method?: unknown }).method : undefined;
          const label = typeof method === 'string' && rpcMethods.has(method) ? method : 'other';
          rpcCalls.inc({ method: label, transport });
        }
      },
      trackSockets(namespace, count) {
        sockets.set(namespace, count);
      },
    },
  };
}

/** The workers' state, counts and lag, read from their runners at each scrape. */
function registerWorkerMetrics(app: FastifyInstance, registry: Registry): void {
  const healths = () => app.workers.map((runner) => ({ runner, health: runner.health() }));
  new Gauge({
    name: 'arcade_worker_leader',
    help: 'Whether this instance runs the worker (holds its leader lock, or runs it in dry-run)',
    labelNames: ['worker'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const runner of app.workers)
        this.set({ worker: runner.worker.name }, runner.leaderSince === null ? 0 : 1);
    },
  });
  new Gauge({
    name: 'arcade_worker_up',
    help: 'Whether the worker is healthy here: 1 as leader or standby, 0 when failing, starting or stopped',
    labelNames: ['worker'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const { health } of healths()) {
        this.set({ worker: health.name }, health.status === 'leader' || health.status === 'standby' ? 1 : 0);
      }
    },
  });
  new Gauge({
    name: 'arcade_worker_status',
    help: 'The worker state on this instance: 1 for the current status, 0 for the others',
    labelNames: ['worker', 'status'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const { health } of healths()) {
        for (const status of WORKER_STATUSES)
          this.set({ worker: health.name, status }, health.status === status ? 1 : 0);
      }
    },
  });
  new Gauge({
    name: 'arcade_worker_degraded',
    help: 'Whether the worker is past a lag threshold here (GET /api/health then says degraded)',
    labelNames: ['worker'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const { health } of healths())
        this.set({ worker: health.name }, health.lagging.length > 0 ? 1 : 0);
    },
  });
  new Gauge({
    name: 'arcade_worker_last_success_timestamp_seconds',
    help: 'When the worker last ran successfully on this instance (absent before its first success)',
    labelNames: ['worker'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const { health } of healths()) {
        if (health.lastSuccessAt !== null) this.set({ worker: health.name }, health.lastSuccessAt / 1000);
      }
    },
  });
  new Counter({
    name: 'arcade_worker_runs_total',
    help: 'Runs of the worker on this instance',
    labelNames: ['worker'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const { health } of healths()) this.inc({ worker: health.name }, health.runs);
    },
  });
  new Counter({
    name: 'arcade_worker_failures_total',
    help: 'Failed runs of the worker on this instance',
    labelNames: ['worker'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const { health } of healths()) this.inc({ worker: health.name }, health.failures);
    },
  });
  for (const figure of WORKER_LAG_FIGURES) {
    const { name, help } = LAG_METRICS[figure];
    new Gauge({
      name,
      help: `${help} (only where this instance runs the worker)`,
      labelNames: ['worker'] as const,
      registers: [registry],
      collect() {
        this.reset();
        for (const { health } of healths()) {
          const value = health.lag?.[figure];
          if (value !== null && value !== undefined) this.set({ worker: health.name }, value);
        }
      },
    });
  }
}

/** The House's balance, outstanding and free balance, read at most every 5 s. */
function registerHouseMetrics(app: FastifyInstance, registry: Registry): void {
  const errors = new Counter({
    name: 'arcade_house_read_errors_total',
    help: 'Failed reads of the House account for the metrics',
    registers: [registry],
  });
  let rent: bigint | null = null;
  let cached: { readonly at: number; readonly reading: Promise<HouseReading> } | null = null;

  async function read(): Promise<HouseReading> {
    try {
      const abortSignal = AbortSignal.timeout(HOUSE_READ_TIMEOUT_MS);
      const [address] = await findHouseAddress();
      rent ??= await app.chain.rpc
        .getMinimumBalanceForRentExemption(BigInt(HOUSE_ACCOUNT_SIZE))
        .send({ abortSignal });
      const account = await fetchEncodedAccount(app.chain.rpc, address, {
        commitment: 'confirmed',
        abortSignal,
      });
      if (!account.exists) throw new Error('the House account does not exist');
      const house = decodeHouse(account.data);
      return {
        ok: true,
        balance: account.lamports,
        outstanding: house.outstanding,
        free: houseFreeBalance(account.lamports, rent, house.outstanding),
      };
    } catch (error) {
      errors.inc();
      app.log.warn({ err: error }, 'metrics: reading the House failed');
      return { ok: false };
    }
  }

  function reading(): Promise<HouseReading> {
    const now = app.now();
    if (cached === null || now - cached.at >= HOUSE_CACHE_MS || now < cached.at) {
      cached = { at: now, reading: read() };
    }
    return cached.reading;
  }

  const gauge = (name: string, help: string, pick: (house: HouseReading & { ok: true }) => bigint) =>
    new Gauge({
      name,
      help: `${help} (read at most every 5 s; absent when the read failed)`,
      registers: [registry],
      async collect() {
        this.reset();
        const house = await reading();
        if (house.ok) this.set(Number(pick(house)));
      },
    });
  gauge('arcade_house_balance_lamports', 'The House account balance', (house) => house.balance);
  gauge(
    'arcade_house_outstanding_lamports',
    'What the House owes open bets (House.outstanding)',
    (house) => house.outstanding,
  );
  gauge(
    'arcade_house_free_balance_lamports',
    'The House free balance: balance - rent - outstanding, at least 0',
    (house) => house.free,
  );
}

export default fp(
  async (app: FastifyInstance) => {
    const { registry, metrics, httpDuration } = createMetrics(app);
    const token = app.env.METRICS_TOKEN;
    let listener: Server | null = null;

    async function listen(): Promise<string | null> {
      const port = app.env.METRICS_PORT;
      if (port === undefined) return null;
      if (listener !== null) throw new Error('the metrics listener is already started');
      const server = createServer((request, response) => {
        const path = (request.url ?? '/').split('?')[0];
        const refuse = (status: number, code: ApiErrorCode, message = apiErrorMessage(code)): void => {
          response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
          response.end(JSON.stringify({ success: false, error: message, code }));
        };
        if (request.method !== 'GET' || path !== '/metrics') {
          refuse(404, ApiErrorCode.ROUTE_NOT_FOUND, `Route ${request.method ?? ''} ${path ?? ''} not found`);
          return;
        }
        // The listener's own address is the protection; the token, when set, still applies.
        const access =
          token === undefined
            ? ({ allowed: true } as const)
            : metricsAccess(request.headers, undefined, token);
        if (!access.allowed) {
          if (access.status === 401) refuse(401, access.code);
          else refuse(404, ApiErrorCode.ROUTE_NOT_FOUND, 'Route GET /metrics not found');
          return;
        }
        scrape(registry).then(
          (text) => {
            response.writeHead(200, { 'content-type': registry.contentType });
            response.end(text);
          },
          (error: unknown) => {
            app.log.error({ err: error }, 'metrics: collecting failed');
            refuse(500, ApiErrorCode.INTERNAL_ERROR);
          },
        );
      });
      listener = server;
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, app.env.METRICS_HOST, () => {
          server.off('error', reject);
          resolve();
        });
      });
      const address = server.address();
      return typeof address === 'object' && address !== null
        ? `http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${String(address.port)}`
        : String(address);
    }

    app.decorate('metrics', { ...metrics, listen });

    app.addHook('onResponse', async (request, reply) => {
      const route = request.routeOptions.url ?? 'unmatched';
      httpDuration.observe(
        { route, method: request.method, status_code: String(reply.statusCode) },
        reply.elapsedTime / 1000,
      );
    });

    app.get('/metrics', { schema: { hide: true }, config: { rateLimit: false } }, async (request, reply) => {
      // Served on its own listener instead: here it is a path like any other the server does not have.
      if (app.env.METRICS_PORT !== undefined) {
        reply.callNotFound();
        return reply;
      }
      const access = metricsAccess(request.headers, request.socket.remoteAddress, token);
      if (!access.allowed) {
        if (access.status === 404) {
          reply.callNotFound();
          return reply;
        }
        throw unauthorized(access.code);
      }
      const text = await scrape(registry);
      return reply.header('cache-control', 'no-store').type(registry.contentType).send(text);
    });

    app.addHook('onClose', async () => {
      const server = listener;
      listener = null;
      if (server === null) return;
      server.closeAllConnections();
      await new Promise<void>((resolve) =>
        server.close(() => {
          resolve();
        }),
      );
    });
  },
  { name: 'metrics', dependencies: ['workers'] },
);
