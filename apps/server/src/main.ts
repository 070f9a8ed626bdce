/**
 * Starts the server: parses the environment, starts the embedded local chain unless `SOLANA_RPC_URL`
 * points at a cluster (or, with `SOLANA_CLUSTER=localnet`, at a local chain run as its own process), opens the database (PGlite under `DATA_DIR` unless `DATABASE_URL`), migrates it
 * and serves the API on `HOST:PORT`. SIGINT and SIGTERM stop everything and save the local chain.
 *
 * @module
 */

// ws (under kit and socket.io) must not load its optional native add-ons: set before anything imports it.
import '@arcade/localnet/no-native-ws';

import { join } from 'node:path';

import type { Address } from '@solana/kit';
import { Redis } from 'ioredis';

import { buildApp } from './app.ts';
import { loadOrCreateSecret } from './auth/tokens.ts';
import type { ChainContext } from './chain/chain-context.ts';
import { attachLocalChain } from './chain/attached-local-chain.ts';
import { startEmbeddedChain } from './chain/embedded-chain.ts';
import { connectRemoteChain } from './chain/remote-chain.ts';
import { ConfigError, loadEnv, type Env } from './config/env.ts';
import { loadOrCreateLocalAdmins } from './config/local-admins.ts';
import { demoSettings, startDemo, type DemoSettings } from './demo/demo.ts';
import { openPglite, openPostgres } from './db/database.ts';
import { migrate } from './db/migrate.ts';
import { createPorts } from './ports/create-ports.ts';
import { createWorkers } from './workers/create-workers.ts';

let env: Env;
let demo: DemoSettings;
try {
  env = loadEnv();
  demo = demoSettings(env, process.argv.slice(2));
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

// Ctrl-C during start-up stops what has started so far, and the local chain is still saved.
const cleanups: (() => Promise<void>)[] = [];
let stopping = false;
async function stop(code = 0): Promise<void> {
  if (stopping) return;
  stopping = true;
  for (const cleanup of cleanups.reverse()) {
    try {
      await cleanup();
    } catch (error) {
      console.error('stopping:', error);
      code = 1;
    }
  }
  process.exit(code);
}
/** Read through a function: a Ctrl-C may have set it while start-up awaited. */
const isStopping = (): boolean => stopping;
// Every signal, not only the first: a second Ctrl-C (or npm forwarding the terminal's SIGINT to us as well)
// must not fall back to Node's default and kill the process before the local chain is saved.
function onSignal(): void {
  if (stopping) {
    console.error('Still stopping: saving the local chain and closing connections…');
    return;
  }
  void stop();
}
process.on('SIGINT', onSignal);
process.on('SIGTERM', onSignal);
// While stopping, a request still in flight may fail as the chain and the app close under it (e.g. a demo
// transaction's fetch): log it, and let the remaining cleanups, the chain's save among them, finish.
process.on('unhandledRejection', (reason) => {
  if (!stopping) throw reason;
  console.error('while stopping:', reason);
});

/** The variable that sets `port`, for a start-up that finds it taken. */
function portVariable(port: number | undefined): string {
  if (port === env.PORT) return 'PORT';
  if (port === env.METRICS_PORT) return 'METRICS_PORT';
  if (port === env.LOCALNET_RPC_PORT) return 'LOCALNET_RPC_PORT';
  // The PubSub port defaults to the RPC port's next one.
  if (port === (env.LOCALNET_PUBSUB_PORT ?? env.LOCALNET_RPC_PORT + 1)) return 'LOCALNET_PUBSUB_PORT';
  return 'the variable that sets it';
}

/**
 * Starts one part and registers how to stop it. A port already taken (another server still running) is
 * named with the variable that sets it, and what had started is stopped, the local chain saved, before
 * exiting 1.
 */
async function step<T>(start: () => Promise<T>, cleanup?: (value: T) => Promise<void>): Promise<T> {
  let value: T;
  try {
    value = await start();
  } catch (error) {
    if ((error as NodeJS.ErrnoException | undefined)?.code !== 'EADDRINUSE') throw error;
    const { address, port } = error as { address?: string; port?: number };
    console.error(
      `Port ${String(port)} on ${String(address)} is already in use (is another server still running?). ` +
        `Stop it, or set ${portVariable(port)} to a free port.`,
    );
    await stop(1);
    return await new Promise<never>(() => undefined); // stop() exits the process
  }
  if (cleanup) cleanups.push(() => cleanup(value));
  if (stopping) await new Promise(() => undefined); // stop() exits the process
  return value;
}

const embedded =
  env.SOLANA_RPC_URL === undefined
    ? await step(
        () =>
          startEmbeddedChain({
            dataDir: join(env.DATA_DIR, 'localnet'),
            host: env.HOST,
            rpcPort: env.LOCALNET_RPC_PORT,
            ...(env.LOCALNET_PUBSUB_PORT === undefined ? {} : { pubsubPort: env.LOCALNET_PUBSUB_PORT }),
            slotMs: env.LOCALNET_SLOT_MS,
            ...(env.LOCALNET_LIMIT_LEDGER_SIZE === undefined
              ? {}
              : { ledgerLimit: env.LOCALNET_LIMIT_LEDGER_SIZE }),
            foresightTimelock: env.LOCALNET_FORESIGHT_TIMELOCK,
          }),
        (chain) => chain.stop(),
      )
    : null;
async function attachedOrRemoteChain(): Promise<ChainContext> {
  if (env.SOLANA_CLUSTER !== 'localnet' || env.SOLANA_RPC_URL === undefined) return connectRemoteChain(env);
  return attachLocalChain({
    rpcUrl: env.SOLANA_RPC_URL,
    dataDir: env.LOCALNET_DATA_DIR,
    ...(env.SOLANA_WS_URL === undefined ? {} : { wsUrl: env.SOLANA_WS_URL }),
  });
}
let chain: ChainContext;
try {
  chain = embedded?.context ?? (await attachedOrRemoteChain());
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}
const db = await step(
  async () =>
    env.DATABASE_URL === undefined
      ? openPglite(join(env.DATA_DIR, 'pglite'))
      : openPostgres(env.DATABASE_URL),
  (database) => database.close(),
);
const applied = await migrate(db);
const redis = await step(
  async () => (env.REDIS_URL === undefined ? null : new Redis(env.REDIS_URL)),
  async (client) => client?.disconnect(),
);
const admins: readonly Address[] =
  env.ADMIN_WALLETS ?? (await loadOrCreateLocalAdmins(env.DATA_DIR)).map((signer) => signer.address);

const app = await step(
  () =>
    buildApp({
      env,
      db,
      chain,
      ports: createPorts(env, chain, { db }),
      jwtSecret: env.JWT_SECRET ?? loadOrCreateSecret(join(env.DATA_DIR, 'server', 'jwt-secret')),
      adminWallets: admins,
      redis,
      workers: createWorkers,
    }),
  (instance) => instance.close(),
);
const url = await step(() => app.listen({ host: env.HOST, port: env.PORT }));
// `/metrics` on a listener of its own when METRICS_PORT is set (docs/operations.md); a busy port stops start-up.
const metricsUrl = await step(() => app.metrics.listen());
// Origins only: a paid RPC's URL carries its key in the path or query.
const rpcOrigin = new URL(chain.rpcUrl).origin;
app.log.info(
  {
    cluster: chain.cluster,
    rpc: rpcOrigin,
    database: db.kind,
    migrations: applied,
    admins,
  },
  `serving on ${url}`,
);
app.log.info(
  { web: `${url}/`, rpcProxy: `${url}/rpc`, metrics: metricsUrl ?? `${url}/metrics` },
  'web app, RPC proxy and metrics',
);
const demoLines: string[] = [];
if (!isStopping() && embedded !== null && (demo.seed || demo.bots > 0)) {
  // The bots' chat socket connects to this server itself.
  const own = new URL(url);
  if (own.hostname === '0.0.0.0' || own.hostname === '[::]') own.hostname = '127.0.0.1';
  const running = startDemo(app, demo, own.origin);
  // Cleanups run last-in first: the demo (bots first) stops before the app closes.
  cleanups.push(() => running.stop());
  if (demo.seed)
    demoLines.push('  Demo: seeding Prophecy markets in the background (DEMO_SEED=false to skip)');
  if (demo.bots > 0)
    demoLines.push(`  Demo: ${demo.bots} bot players (stop with Ctrl-C, with everything else)`);
}
console.log(
  `\n  Ready: ${url}\n  Web app: ${url}/\n  API docs: ${url}/api/docs\n` +
    `  RPC proxy: ${url}/rpc → ${rpcOrigin} (${chain.cluster})\n` +
    demoLines.map((line) => `${line}\n`).join(''),
);
