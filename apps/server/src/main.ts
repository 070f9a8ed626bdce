/**
 * Starts the server: parses the environment, starts the embedded local chain unless `SOLANA_RPC_URL`
 * points at a cluster, opens the database (PGlite under `DATA_DIR` unless `DATABASE_URL`), migrates it
 * and serves the API on `HOST:PORT`. SIGINT and SIGTERM stop everything and save the local chain.
 *
 * @module
 */

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

const embedded =
  env.SOLANA_RPC_URL === undefined
    ? await startEmbeddedChain({
        dataDir: join(env.DATA_DIR, 'localnet'),
        host: env.HOST,
        rpcPort: env.LOCALNET_RPC_PORT,
        ...(env.LOCALNET_PUBSUB_PORT === undefined ? {} : { pubsubPort: env.LOCALNET_PUBSUB_PORT }),
        slotMs: env.LOCALNET_SLOT_MS,
        foresightTimelock: env.LOCALNET_FORESIGHT_TIMELOCK,
      })
    : null;
const chain: ChainContext = embedded?.context ?? (await connectRemoteChain(env));
const db =
  env.DATABASE_URL === undefined
    ? await openPglite(join(env.DATA_DIR, 'pglite'))
    : openPostgres(env.DATABASE_URL);
const applied = await migrate(db);
const redis = env.REDIS_URL === undefined ? null : new Redis(env.REDIS_URL, { lazyConnect: false });
const admins: readonly Address[] =
  env.ADMIN_WALLETS ?? (await loadOrCreateLocalAdmins(env.DATA_DIR)).map((signer) => signer.address);

const app = await buildApp({
  env,
  db,
  chain,
  ports: createPorts(env, chain),
  jwtSecret: env.JWT_SECRET ?? loadOrCreateSecret(join(env.DATA_DIR, 'server', 'jwt-secret')),
  adminWallets: admins,
  redis,
});
const url = await app.listen({ host: env.HOST, port: env.PORT });
app.log.info(
  {
    cluster: chain.cluster,
    rpc: chain.rpcUrl,
    database: db.kind,
    migrations: applied,
    admins,
  },
  `serving on ${url}`,
);
console.log(`\n  Ready: ${url}\n  API docs: ${url}/api/docs\n  Chain: ${chain.rpcUrl} (${chain.cluster})\n`);

let stopping = false;
async function stop(): Promise<void> {
  if (stopping) return;
  stopping = true;
  await app.close();
  await db.close();
  redis?.disconnect();
  await embedded?.stop();
  process.exit(0);
}
process.once('SIGINT', () => void stop());
process.once('SIGTERM', () => void stop());
