/**
 * Starts the server: parses the environment, starts the embedded local chain unless `SOLANA_RPC_URL`
 * points at a cluster, opens the database (PGlite under `DATA_DIR` unless `DATABASE_URL`), migrates it
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
import { startEmbeddedChain } from './chain/embedded-chain.ts';
import { connectRemoteChain } from './chain/remote-chain.ts';
import { ConfigError, loadEnv, type Env } from './config/env.ts';
import { loadOrCreateLocalAdmins } from './config/local-admins.ts';
import { openPglite, openPostgres } from './db/database.ts';
import { migrate } from './db/migrate.ts';
import { createPorts } from './ports/create-ports.ts';
import { createWorkers } from './workers/create-workers.ts';

let env: Env;
try {
  env = loadEnv();
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
process.once('SIGINT', () => void stop());
process.once('SIGTERM', () => void stop());

async function step<T>(start: () => Promise<T>, cleanup?: (value: T) => Promise<void>): Promise<T> {
  const value = await start();
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
            foresightTimelock: env.LOCALNET_FORESIGHT_TIMELOCK,
          }),
        (chain) => chain.stop(),
      )
    : null;
const chain: ChainContext = embedded?.context ?? (await connectRemoteChain(env));
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
      ports: createPorts(env, chain),
      jwtSecret: env.JWT_SECRET ?? loadOrCreateSecret(join(env.DATA_DIR, 'server', 'jwt-secret')),
      adminWallets: admins,
      redis,
      workers: createWorkers,
    }),
  (instance) => instance.close(),
);
const url = await app.listen({ host: env.HOST, port: env.PORT });
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
app.log.info({ web: `${url}/`, rpcProxy: `${url}/rpc` }, 'web app and RPC proxy');
console.log(
  `\n  Ready: ${url}\n  Web app: ${url}/\n  API docs: ${url}/api/docs\n` +
    `  RPC proxy: ${url}/rpc → ${rpcOrigin} (${chain.cluster})\n`,
);
