/**
 * The living demo `npm start` runs on the embedded local chain: the Prophecy seeder (on by default) and,
 * with `--bots` or `DEMO_BOTS`, bot players. Both run in the background after the server listens, so
 * neither delays serving; stopping aborts them (bots first) before the app closes.
 *
 * @module
 */

import type { FastifyInstance } from 'fastify';

import { ConfigError, DEMO_LOCAL_ONLY, MAX_DEMO_BOTS, type Env } from '../config/env.ts';
import { startDemoBots, type DemoBots } from './bots/demo-bots.ts';
import { seedDemo } from './seeder.ts';

/** Bots `--bots` starts without a number. */
export const DEFAULT_DEMO_BOTS = 4;

/** What the demo runs. */
export interface DemoSettings {
  readonly seed: boolean;
  readonly bots: number;
}

const BOTS_USAGE = `expected --bots or --bots=N with N from 0 to ${MAX_DEMO_BOTS}`;

/**
 * The demo's settings from the environment and the command line, which wins: `--bots` (4 bots),
 * `--bots=N`, `--no-bots`, `--seed`, `--no-seed`. Other arguments are not the demo's and are ignored.
 *
 * @throws ConfigError for a malformed `--bots`, or a demo asked for on a real cluster.
 * @example demoSettings({ DEMO_SEED: true, DEMO_BOTS: 0, SOLANA_RPC_URL: undefined }, ['--bots']) // { seed: true, bots: 4 }
 */
export function demoSettings(
  env: Pick<Env, 'DEMO_SEED' | 'DEMO_BOTS' | 'SOLANA_RPC_URL'>,
  argv: readonly string[],
): DemoSettings {
  let seed = env.DEMO_SEED;
  let bots = env.DEMO_BOTS;
  const problems: string[] = [];
  for (const arg of argv) {
    if (arg === '--seed') seed = true;
    else if (arg === '--no-seed') seed = false;
    else if (arg === '--no-bots') bots = 0;
    else if (arg === '--bots') bots = DEFAULT_DEMO_BOTS;
    else if (arg.startsWith('--bots=')) {
      const value = arg.slice('--bots='.length);
      const count = /^\d{1,3}$/.test(value) ? Number(value) : Number.NaN;
      if (count >= 0 && count <= MAX_DEMO_BOTS) bots = count;
      else problems.push(`--bots: ${BOTS_USAGE}`);
    }
  }
  if (env.SOLANA_RPC_URL !== undefined) {
    if (seed) problems.push(`--seed: ${DEMO_LOCAL_ONLY}`);
    if (bots > 0) problems.push(`--bots: ${DEMO_LOCAL_ONLY}`);
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return { seed, bots };
}

/** A running demo. */
export interface RunningDemo {
  /** Stops the bots, then the seeder (which a later start finishes). */
  stop(): Promise<void>;
}

/** Longest wait for the seeder's step in flight on stop. */
const SEED_STOP_GRACE_MS = 10_000;

/**
 * Starts what `settings` asks for in the background. `serverUrl` is this server's own address (the bots'
 * chat socket).
 */
export function startDemo(app: FastifyInstance, settings: DemoSettings, serverUrl: string): RunningDemo {
  const log = app.log.child({ module: 'demo' });
  const controller = new AbortController();
  const seeding = settings.seed
    ? seedDemo(app, { signal: controller.signal, log }).catch((error: unknown) => {
        log.error({ err: error }, 'demo seed: stopped by an error');
      })
    : Promise.resolve();
  const bots: Promise<DemoBots | null> =
    settings.bots > 0
      ? startDemoBots(app, { count: settings.bots, serverUrl, log }).catch((error: unknown) => {
          log.error({ err: error }, 'demo bots: could not start');
          return null;
        })
      : Promise.resolve(null);
  return {
    stop: async () => {
      controller.abort();
      await (await bots)?.stop();
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        seeding,
        new Promise((resolve) => {
          timer = setTimeout(resolve, SEED_STOP_GRACE_MS);
        }),
      ]);
      clearTimeout(timer);
    },
  };
}
