/**
 * The product under the chaos soak: the staging stack (`scripts/stack`: the local chain as its own process,
 * its own Redis, N instances on one PostgreSQL database, HAProxy in front) in a fresh temporary directory,
 * on free ports, with a fresh database that is dropped afterwards. The players reach it only through the
 * load balancer. The same soak settings as the one-process product (short Foresight rounds, no demo, per-IP
 * limits raised for players who share 127.0.0.1).
 *
 * @module
 */

import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { isAlive, type Stack } from '../stack/stack.ts';
import { startTemporaryStack } from '../stack/temporary-stack.ts';
import { SOAK_FORESIGHT_TIMELOCK, type MemoryReading, type SoakProduct } from './product.ts';

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
  const started = Date.now();
  const temporary = await startTemporaryStack({
    instances,
    name: 'chaos',
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
    log,
    keepDir: process.env.KEEP_CHAOS_LOGS !== undefined,
  });
  const { stack, dir } = temporary;
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
  return {
    url: stack.state.url,
    dataDir: join(dir, 'server'),
    pid: stack.state.pids.haproxy,
    logPath: join(dir, 'logs'),
    startMs,
    memory,
    stop: () => temporary.stop(),
    stack,
  };
}
