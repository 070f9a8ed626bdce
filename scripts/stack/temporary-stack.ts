/**
 * A throwaway staging stack for a test or a measurement (the chaos soak, the scale benchmark, the e2e
 * failover spec): a fresh temporary directory, free ports, a fresh PostgreSQL database on
 * `TEST_DATABASE_URL`'s server (else the local one), all removed again by `stop`, or at once when the
 * start fails.
 *
 * @module
 */

import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import pg from 'pg';

import { freePorts } from '../../e2e/harness/product-process.ts';
import { Stack } from './stack.ts';

/** The PostgreSQL server throwaway stacks make their databases on: `TEST_DATABASE_URL`'s, or the local one. */
function serverUrl(): URL {
  const url = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  url.pathname = '/postgres';
  return url;
}

async function allFree(ports: readonly number[]): Promise<boolean> {
  const servers: Server[] = [];
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

export interface TemporaryStackOptions {
  readonly instances: number;
  /** Names the directory and the database (`arcade-<name>-…`, `arcade_<name>_…`). */
  readonly name: string;
  readonly foresightTimelock: number;
  readonly instanceEnv: Readonly<Record<string, string>>;
  readonly log: (line: string) => void;
  /** Keep the directory (its logs) after `stop` or a failed start. */
  readonly keepDir?: boolean;
}

export interface TemporaryStack {
  readonly stack: Stack;
  readonly dir: string;
  readonly database: string;
  /** Stops the stack, runs `beforeRemove` (e.g. to copy its logs), drops the database, removes the directory. */
  stop(beforeRemove?: (dir: string) => void): Promise<void>;
}

/** Starts a throwaway stack: see the module documentation. */
export async function startTemporaryStack(options: TemporaryStackOptions): Promise<TemporaryStack> {
  const { log } = options;
  // The load balancer's port and the instances' after it must be free together: take a run of ports.
  const [port, statsPort, chainPort, redisPort] = await consecutiveFree(options.instances);
  const dir = mkdtempSync(join(tmpdir(), `arcade-${options.name.replaceAll('_', '-')}-`));
  const database = `arcade_${options.name}_${randomBytes(5).toString('hex')}`;
  const databaseUrl = serverUrl();
  databaseUrl.pathname = `/${database}`;
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
  const removeDir = (): void => {
    if (options.keepDir === true) log(`logs kept in ${dir}/logs`);
    else rmSync(dir, { recursive: true, force: true });
  };
  // A failed start has stopped its parts; the database and directory go too.
  const stack = await Stack.start(
    {
      dir,
      instances: options.instances,
      port,
      statsPort,
      chainPort,
      redisPort,
      databaseUrl: databaseUrl.toString(),
      foresightTimelock: options.foresightTimelock,
      instanceEnv: options.instanceEnv,
    },
    log,
  ).catch(async (error: unknown) => {
    await dropDatabase();
    removeDir();
    throw error;
  });
  return {
    stack,
    dir,
    database,
    stop: async (beforeRemove) => {
      try {
        await stack.stop();
      } finally {
        try {
          beforeRemove?.(dir);
        } finally {
          await dropDatabase();
          removeDir();
        }
      }
    },
  };
}
