/**
 * One product (the server with its embedded chain, database and the built web app) as a child process,
 * started like `npm start` does: `node apps/server/src/main.ts` on Node 24, on free ports, with a fresh
 * data directory (or a given one, to continue a stopped product) and short Foresight rounds. The global
 * setup starts the run's shared product; a file may start its own (`refund.spec.ts`: without the settler).
 *
 * @module
 */

import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import {
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import type { Product } from './types.ts';

/** Foresight rounds of the e2e product, in seconds (`LOCALNET_FORESIGHT_TIMELOCK`). */
export const E2E_FORESIGHT_TIMELOCK = 12;

/** The repository root. */
export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** Screenshots and the product's log. */
export const ARTIFACTS_DIR = join(ROOT, 'e2e', 'artifacts');

const START_TIMEOUT_MS = 180_000;
const STOP_TIMEOUT_MS = 20_000;

/**
 * Variables of the server's environment that would point the product away from its hermetic embedded
 * default (a real cluster, PostgreSQL, Redis, fixed keys) or change how it behaves; never inherited.
 */
const NOT_INHERITED = [
  'NODE_ENV',
  'HOST',
  'PORT',
  'DATA_DIR',
  'PUBLIC_URL',
  'DATABASE_URL',
  'REDIS_URL',
  'SOLANA_RPC_URL',
  'SOLANA_RPC_FALLBACK_URL',
  'SOLANA_WS_URL',
  'SOLANA_CLUSTER',
  'LOCALNET_RPC_PORT',
  'LOCALNET_PUBSUB_PORT',
  'LOCALNET_FORESIGHT_TIMELOCK',
  'LOCALNET_SLOT_MS',
  'JWT_SECRET',
  'ADMIN_WALLETS',
  'AUTHORITY_KEYPAIR',
  'SETTLER_KEYPAIR',
  'EVENT_SIGNER_KEYPAIR',
  'JUICE_AUTHORITY_KEYPAIR',
  'JUICE_MINT',
  'USDC_MINT',
  'USDT_MINT',
  'TREASURY',
  'PYTH_SOL_USD_ACCOUNT',
  'WORKERS',
  'DEMO_SEED',
  'DEMO_BOTS',
  'WEB_DIST_DIR',
  'PUBLIC_RPC_URL',
  'PUBLIC_RPC_WS_URL',
  'TRUST_PROXY',
  'FAIRNESS_SECRET_HEX',
];

/** The Node 24 binary: this process's when it is one, else the pinned `node` package's. */
export function node24(): string {
  const major = Number(process.versions.node.split('.')[0]);
  if (major >= 24) return process.execPath;
  const pinned = join(ROOT, 'node_modules', 'node', 'bin', 'node');
  if (existsSync(pinned)) return pinned;
  throw new Error(`The e2e product needs Node 24; this is ${process.version}. Run it with npx vitest.`);
}

/** `count` distinct free TCP ports on 127.0.0.1 (held open together so they differ, then released). */
export async function freePorts(count: number): Promise<number[]> {
  const servers = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<import('node:net').Server>((resolve, reject) => {
          const server = createServer();
          server.once('error', reject);
          server.listen(0, '127.0.0.1', () => {
            resolve(server);
          });
        }),
    ),
  );
  const ports = servers.map((server) => {
    const address = server.address();
    if (address === null || typeof address === 'string') throw new Error('no port');
    return address.port;
  });
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  return ports;
}

/** What the web build is made from: a change to any of these makes `apps/web/dist` stale. */
const WEB_SOURCES = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/package.json',
  'packages/sdk/src',
];

/** The newest modification time (ms) of `path`, a file or a directory tree. */
function newestMtime(path: string): number {
  const stat = statSync(path, { throwIfNoEntry: false });
  if (stat === undefined) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/** Whether `target` is missing or older than anything in `sources` (files or directory trees). */
export function isOlderThan(target: string, sources: readonly string[]): boolean {
  if (!existsSync(target)) return true;
  const built = newestMtime(target);
  return sources.some((source) => newestMtime(source) > built);
}

/**
 * Builds the web app (`npm run build:web`) when `apps/web/dist/index.html` is missing or older than its
 * sources (so the suites never test a stale build), or when `E2E_BUILD=1`.
 */
export function ensureWebBuild(): void {
  const index = join(ROOT, 'apps', 'web', 'dist', 'index.html');
  const stale = isOlderThan(
    index,
    WEB_SOURCES.map((source) => join(ROOT, source)),
  );
  if (!stale && process.env.E2E_BUILD !== '1') return;
  const started = Date.now();
  console.log('[e2e] building the web app (npm run build:web)…');
  const result = spawnSync('npm', ['run', 'build:web'], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0 || !existsSync(index)) {
    throw new Error(`npm run build:web failed (exit ${result.status ?? result.signal ?? 'unknown'})`);
  }
  console.log(`[e2e] web app built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/** A running product. */
export interface RunningProduct {
  readonly product: Product;
  /** Milliseconds from spawn to a healthy `GET /api/health`. */
  readonly startMs: number;
  readonly logPath: string;
  stop(): Promise<void>;
}

async function healthy(url: string): Promise<boolean> {
  try {
    const response = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2_000) });
    if (!response.ok) return false;
    const body = (await response.json()) as { success?: boolean };
    return body.success === true;
  } catch {
    return false;
  }
}

function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else
      child.once('exit', () => {
        resolve();
      });
  });
}

/** The tail of the product's log, for error messages. */
function logTail(path: string, lines = 40): string {
  try {
    return readFileSync(path, 'utf8').split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

/** Options of {@link startProduct}. */
export interface StartOptions {
  /**
   * The data directory (chain, database, keys) to start from: a product stopped with `keepDataDir`
   * continues there (the chain is saved on SIGINT). Default a fresh temporary one.
   */
  dataDir?: string;
  /** Leave the data directory in place on stop (default: it is deleted). */
  keepDataDir?: boolean;
  /** The server's `WORKERS` (`all`, `none` or a comma list of names); default all of them. */
  workers?: string;
  /** The log's name under `e2e/artifacts/` (default `product`, i.e. `product.log`). */
  logName?: string;
  /**
   * The built web app to serve (the server's `WEB_DIST_DIR`); default `apps/web/dist`. A copy keeps the
   * pages of a long run loading while something else rebuilds `apps/web/dist`.
   */
  webDistDir?: string;
}

/** Starts the product and resolves once `GET /api/health` answers success. */
export async function startProduct(options: StartOptions = {}): Promise<RunningProduct> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'arcade-e2e-'));
  const removeData = () => {
    if (options.keepDataDir !== true) rmSync(dataDir, { recursive: true, force: true });
  };
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  const logPath = join(ARTIFACTS_DIR, `${options.logName ?? 'product'}.log`);
  const [port, rpcPort, pubsubPort] = (await freePorts(3)) as [number, number, number];
  const url = `http://127.0.0.1:${port}`;

  const env: Record<string, string | undefined> = Object.fromEntries(
    Object.entries(process.env).filter(
      ([name]) => !NOT_INHERITED.includes(name) && !name.startsWith('VITEST'),
    ),
  );
  Object.assign(env, {
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: url,
    DATA_DIR: dataDir,
    LOCALNET_RPC_PORT: String(rpcPort),
    LOCALNET_PUBSUB_PORT: String(pubsubPort),
    LOCALNET_FORESIGHT_TIMELOCK: String(E2E_FORESIGHT_TIMELOCK),
    // Each spec makes the state it plays with; the demo's markets and their transactions would only add
    // load and make what a page lists depend on timing.
    DEMO_SEED: 'false',
    // Every browser of the run, each a different player, comes from 127.0.0.1: the per-address budgets
    // meant for one person (RPC calls, sockets, image resizes) would make players wait on each other.
    // The server's own tests hold those limits.
    RPC_RATE_LIMIT_PER_MINUTE: '1000000',
    SOCKET_MAX_PER_CLIENT: '1000',
    IMAGE_MISSES_PER_MINUTE: '100000',
    // Rolls are the program's (docs/trust.md): the e2e product runs the settler's random seed chains, as
    // production does, and the tests reach outcomes by playing, not by knowing seeds.
    ...(options.workers === undefined ? {} : { WORKERS: options.workers }),
    ...(options.webDistDir === undefined ? {} : { WEB_DIST_DIR: options.webDistDir }),
  });

  const started = Date.now();
  const log = createWriteStream(logPath);
  const child = spawn(node24(), ['apps/server/src/main.ts'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.pipe(log, { end: false });
  child.stderr.pipe(log, { end: false });
  const gone = exited(child);
  // If the test run itself is killed, the product must not outlive it.
  const onExit = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    removeData();
  };
  process.once('exit', onExit);

  let stopping: Promise<void> | null = null;
  const stop = (): Promise<void> => {
    stopping ??= (async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGINT');
        const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
        await gone;
        clearTimeout(timer);
      }
      log.end();
      removeData();
      process.removeListener('exit', onExit);
    })();
    return stopping;
  };

  try {
    for (;;) {
      if (child.exitCode !== null || child.signalCode !== null) {
        throw new Error(
          `The e2e product exited during start-up (code ${child.exitCode ?? child.signalCode}); ${logPath}:\n${logTail(logPath)}`,
        );
      }
      if (Date.now() - started > START_TIMEOUT_MS) {
        throw new Error(
          `The e2e product was not healthy within ${START_TIMEOUT_MS / 1000} s; ${logPath}:\n${logTail(logPath)}`,
        );
      }
      if (await healthy(url)) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  } catch (error) {
    await stop();
    throw error;
  }

  const startMs = Date.now() - started;
  const admins = [1, 2].map((n) =>
    Uint8Array.from(
      JSON.parse(readFileSync(join(dataDir, 'server', 'admins', `admin-${n}.json`), 'utf8')) as number[],
    ),
  );
  return {
    product: {
      url,
      rpcUrl: `http://127.0.0.1:${rpcPort}`,
      dataDir,
      adminKeypairs: admins,
    },
    startMs,
    logPath,
    stop,
  };
}
