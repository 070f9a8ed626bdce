/**
 * The product under the chaos soak: the staging stack (`scripts/stack`: the local chain as its own process,
 * its own Redis, N instances on one PostgreSQL database, HAProxy in front) in a fresh temporary directory,
 * on free ports, with a fresh database that is dropped afterwards. The players reach it only through the
 * load balancer. The same soak settings as the one-process product (short Foresight rounds, no demo, per-IP
 * limits raised for players who share 127.0.0.1).
 *
 * @module
 */

import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import pg from 'pg';

import { freePorts } from '../../e2e/harness/product-process.ts';
import { isAlive, Stack } from '../stack/stack.ts';
import { SOAK_FORESIGHT_TIMELOCK, type MemoryReading, type SoakProduct } from './product.ts';

/** The PostgreSQL server the chaos stack makes its database on: `TEST_DATABASE_URL`'s, or the local one. */
function serverUrl(): URL {
  const url = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  url.pathname = '/postgres';
  return url;
}

/** The chaos soak's product: a {@link SoakProduct} whose parts can be killed. */
export interface StackProduct extends SoakProduct {
  readonly stack: Stack;
}

function rssOf(pid: number): number {
  try {
    const match = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${String(pid)}/status`, 'utf8'));
    return match === null ? 0 : Number(match[1]) * 1024;
  } catch {
    return 0;
  }
}

/**
 * Starts the stack with `instances` instances and resolves once the load balancer answers. `instanceEnv`
 * adds to (or overrides) the soak's environment of every instance.
 */
export async function startStackProduct(
  instances: number,
  log: (line: string) => void,
  instanceEnv: Readonly<Record<string, string>> = {},
): Promise<StackProduct> {
  // The load balancer's port and the instances' after it must be free together: take a run of ports.
  const [port, statsPort, chainPort, redisPort] = await consecutiveFree(instances);
  const dir = mkdtempSync(join(tmpdir(), 'arcade-chaos-'));
  const database = `arcade_chaos_${randomBytes(5).toString('hex')}`;
  const databaseUrl = new URL(serverUrl());
  databaseUrl.pathname = `/${database}`;
  const started = Date.now();
  const dropDatabase = async (): Promise<void> => {
    const client = new pg.Client({ connectionString: serverUrl().toString() });
    try {
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    } catch (error) {
      log(`could not drop the database ${database}: ${(error as Error).message}`);
    } finally {
      await client.end().catch(() => undefined);
    }
  };
  // A failed start has stopped its parts; the database and directory go too.
  const stack = await Stack.start(
    {
      dir,
      instances,
      port,
      statsPort,
      chainPort,
      redisPort,
      databaseUrl: databaseUrl.toString(),
      foresightTimelock: SOAK_FORESIGHT_TIMELOCK,
      instanceEnv: {
        DEMO_SEED: 'false',
        RATE_LIMIT_PER_MINUTE: '10000000',
        RPC_RATE_LIMIT_PER_MINUTE: '10000000',
        RATE_LIMIT_USER_PER_MINUTE: '10000000',
        SOCKET_MAX_PER_CLIENT: '100000',
        LOG_LEVEL: 'warn',
        ...instanceEnv,
      },
    },
    log,
  ).catch(async (error: unknown) => {
    await dropDatabase();
    if (process.env.KEEP_CHAOS_LOGS === undefined) rmSync(dir, { recursive: true, force: true });
    else log(`logs kept in ${dir}/logs`);
    throw error;
  });
  const startMs = Date.now() - started;
  log(
    `stack up in ${(startMs / 1000).toFixed(1)} s at ${stack.state.url} (${String(instances)} instances, logs ${dir}/logs)`,
  );
  // The instances' resident memory together; their heaps are not read (each restart makes a new one).
  const memory = (): Promise<MemoryReading> => {
    const live = stack.state.instances.filter((instance) => isAlive(instance.pid));
    const rss = live.reduce((sum, instance) => sum + rssOf(instance.pid), 0);
    return Promise.resolve({ rss, peakRss: rss, heapUsed: null });
  };
  const stop = async (): Promise<void> => {
    await stack.stop();
    await dropDatabase();
    if (process.env.KEEP_CHAOS_LOGS === undefined) rmSync(dir, { recursive: true, force: true });
    else log(`logs kept in ${dir}/logs`);
  };
  return {
    url: stack.state.url,
    dataDir: join(dir, 'server'),
    pid: stack.state.pids.haproxy,
    logPath: join(dir, 'logs'),
    startMs,
    memory,
    stop,
    stack,
  };
}

/**
 * Ports for the load balancer (followed by `instances` instance ports), the statistics page, the chain (and
 * its PubSub on the next port) and Redis, all free now.
 */
export async function consecutiveFree(instances: number): Promise<[number, number, number, number]> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const [base] = (await freePorts(1)) as [number];
    const wanted = [...Array.from({ length: instances + 1 }, (_, i) => base + i), base + instances + 1];
    const chain = base + instances + 2;
    const all = [...wanted, chain, chain + 1, chain + 2];
    if (all.at(-1)! > 65_000) continue;
    if (await allFree(all)) return [base, base + instances + 1, chain, chain + 2];
  }
  throw new Error('no run of free ports for the stack');
}

async function allFree(ports: readonly number[]): Promise<boolean> {
  const { createServer } = await import('node:net');
  const servers: import('node:net').Server[] = [];
  try {
    for (const port of ports) {
      const server = createServer();
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, '127.0.0.1', resolve);
      });
      servers.push(server);
    }
    return true;
  } catch {
    return false;
  } finally {
    await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  }
}
