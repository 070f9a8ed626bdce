/**
 * The staging stack on one machine: the local chain as its own process, its own Redis, N server instances
 * attached to the chain (`SOLANA_CLUSTER=localnet`) sharing PostgreSQL and Redis, and HAProxy in front
 * (docs/deployment.md). Used by `npm run stack` and by the chaos soak, which kills and restarts its parts.
 *
 * Every part is a detached process writing to its own log under `<dir>/logs/`, so the stack outlives the
 * command that started it; {@link StackState} (saved as `<dir>/stack.json`) is what a later `stop` needs.
 *
 * @module
 */

import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  accessSync,
  closeSync,
  constants,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  writeFileSync,
} from 'node:fs';
import { connect } from 'node:net';
import { delimiter, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import pg from 'pg';

import { haproxyConfig, type Backend } from './haproxy-config.ts';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Variables of the caller's environment that the stack sets itself for each part (never inherited). */
export const NOT_INHERITED =
  /^(NODE_ENV|HOST|PORT|DATA_DIR|PUBLIC_URL|DATABASE_URL|REDIS_URL|SOLANA_|LOCALNET_|JWT_SECRET|ADMIN_WALLETS|.*_KEYPAIR|JUICE_MINT|USDC_MINT|USDT_MINT|TREASURY|PYTH_|WORKERS|DEMO_|WEB_DIST_DIR|PUBLIC_RPC_|TRUST_PROXY|RATE_LIMIT|RPC_RATE_LIMIT|METRICS_|VITEST)/;

/** A Debian program the stack runs, and the package that installs it. */
interface Program {
  readonly command: string;
  readonly debianPackage: string;
}

const HAPROXY: Program = { command: 'haproxy', debianPackage: 'haproxy' };
const REDIS: Program = { command: 'redis-server', debianPackage: 'redis-server' };

/** The directories searched for programs: PATH, and the sbin directories where Debian puts daemons. */
export function programDirectories(path: string = process.env.PATH ?? ''): string[] {
  return [...path.split(delimiter), '/usr/sbin', '/sbin', '/usr/local/sbin'].filter((entry) => entry !== '');
}

/** Where `command` is among `directories`, or null. */
export function findProgram(
  command: string,
  directories: readonly string[] = programDirectories(),
): string | null {
  for (const directory of directories) {
    const candidate = join(directory, command);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return null;
}

/**
 * The paths of the programs the stack needs.
 *
 * @throws Error naming each missing program and its Debian package.
 */
export function requirePrograms(directories: readonly string[] = programDirectories()): {
  readonly haproxy: string;
  readonly redis: string;
} {
  const found = [HAPROXY, REDIS].map((program) => ({
    program,
    path: findProgram(program.command, directories),
  }));
  const missing = found.filter((entry) => entry.path === null).map((entry) => entry.program);
  if (missing.length > 0) {
    throw new Error(
      `the stack needs ${missing.map((program) => `${program.command} (Debian package ${program.debianPackage})`).join(' and ')}: ` +
        `apt-get install -y ${missing.map((program) => program.debianPackage).join(' ')}`,
    );
  }
  return { haproxy: found[0]!.path!, redis: found[1]!.path! };
}

/** How the stack is laid out: ports, directories and the database. */
export interface StackOptions {
  /** Everything the stack writes: chain, shared server data, Redis, logs, HAProxy's configuration. */
  readonly dir: string;
  readonly instances: number;
  /** The load balancer's port: the address players use. Instances listen on the ports after it. */
  readonly port: number;
  readonly statsPort: number;
  /** The chain's JSON-RPC port (PubSub on the next). */
  readonly chainPort: number;
  readonly redisPort: number;
  /** PostgreSQL database of the stack; created when missing. */
  readonly databaseUrl: string;
  /** Foresight round length, seconds, when the chain creates its config (first start only). */
  readonly foresightTimelock?: number;
  /** More environment for every instance (rate limits, log level). */
  readonly instanceEnv?: Readonly<Record<string, string>>;
}

export const DEFAULT_STACK_OPTIONS = Object.freeze({
  dir: '.data/stack',
  instances: 2,
  port: 8180,
  statsPort: 8404,
  chainPort: 8999,
  redisPort: 6390,
  databaseUrl: 'postgres://postgres@127.0.0.1:5432/arcade_stack',
});

/** One server instance. */
export interface InstanceState {
  readonly name: string;
  readonly port: number;
  readonly url: string;
  pid: number;
}

/** What a running stack is made of; saved as `<dir>/stack.json`. */
export interface StackState {
  readonly dir: string;
  readonly url: string;
  readonly statsUrl: string;
  readonly chainUrl: string;
  readonly redisUrl: string;
  readonly databaseUrl: string;
  readonly pids: { chain: number; redis: number; haproxy: number };
  readonly instances: InstanceState[];
  readonly startedAt: string;
}

export function statePath(dir: string): string {
  return join(dir, 'stack.json');
}

export function readState(dir: string): StackState | null {
  try {
    return JSON.parse(readFileSync(statePath(dir), 'utf8')) as StackState;
  } catch {
    return null;
  }
}

export function writeState(state: StackState): void {
  // 0600: the database URL may carry a password.
  writeFileSync(statePath(state.dir), `${JSON.stringify(state, null, 2)}\n`, { mode: 0o600 });
}

/** What each part's command line contains: a pid from a saved state is signalled only if it still runs it. */
export const PART_COMMANDS = Object.freeze({
  chain: 'packages/localnet/src/cli.ts',
  redis: 'redis-server',
  haproxy: 'haproxy',
  instance: 'apps/server/src/main.ts',
});

/** Whether `pid` is alive and its command line contains `command` (not a reused pid). */
export function runs(pid: number, command: string): boolean {
  if (!isAlive(pid)) return false;
  try {
    return readFileSync(`/proc/${String(pid)}/cmdline`, 'utf8')
      .split('\0')
      .join(' ')
      .includes(command);
  } catch {
    return false;
  }
}

/** Whether process `pid` is alive (a zombie counts as gone). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    return !/^State:\s+Z/m.test(readFileSync(`/proc/${String(pid)}/status`, 'utf8'));
  } catch {
    return false;
  }
}

function node24(): string {
  if (Number(process.versions.node.split('.')[0]) >= 24) return process.execPath;
  const pinned = join(ROOT, 'node_modules', 'node', 'bin', 'node');
  if (existsSync(pinned)) return pinned;
  throw new Error(`the stack needs Node 24; this is ${process.version}: run it with npm run stack`);
}

/** Starts `command` detached (it outlives this process), its output appended to `logPath`. */
function startDetached(
  command: string,
  args: readonly string[],
  env: NodeJS.ProcessEnv,
  logPath: string,
): number {
  const fd = openSync(logPath, 'a');
  try {
    const child = spawn(command, args, { cwd: ROOT, env, detached: true, stdio: ['ignore', fd, fd] });
    child.unref();
    if (child.pid === undefined) throw new Error(`${command} did not start; see ${logPath}`);
    return child.pid;
  } finally {
    closeSync(fd);
  }
}

const sleep = (ms: number): Promise<void> => new Promise((done) => setTimeout(done, ms));

/** Waits until `ready()` resolves true; throws naming `what` and its log after `timeoutMs` or if `pid` dies. */
async function waitFor(
  what: string,
  pid: number,
  logPath: string,
  ready: () => Promise<boolean>,
  timeoutMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (!isAlive(pid)) throw new Error(`${what} exited during start-up; see ${logPath}`);
    if (await ready().catch(() => false)) return;
    if (Date.now() > deadline)
      throw new Error(`${what} was not ready within ${String(timeoutMs / 1000)} s; see ${logPath}`);
    await sleep(250);
  }
}

/** Sends `command` to Redis at `port` and resolves its first reply line. */
export function redisCommand(port: number, command: string): Promise<string> {
  return new Promise((done, fail) => {
    const socket = connect(port, '127.0.0.1');
    let reply = '';
    socket.setTimeout(2_000, () => {
      socket.destroy();
      fail(new Error('Redis did not answer'));
    });
    socket.once('error', fail);
    socket.on('data', (chunk) => {
      reply += chunk.toString('utf8');
      if (reply.includes('\r\n')) {
        socket.end();
        done(reply.split('\r\n')[0]!);
      }
    });
    socket.write(`${command}\r\n`);
  });
}

async function isHttpUp(url: string): Promise<boolean> {
  const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
  await response.body?.cancel();
  return response.status < 500 || response.status === 503;
}

/** Creates the stack's database when it does not exist (connecting to the server's `postgres` database). */
export async function ensureDatabase(databaseUrl: string): Promise<void> {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.slice(1));
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) {
    throw new Error(`the stack's database name ${JSON.stringify(name)} must be a plain identifier`);
  }
  url.pathname = '/postgres';
  const client = new pg.Client({ connectionString: url.toString() });
  try {
    await client.connect();
  } catch (error) {
    throw new Error(
      `PostgreSQL at ${url.host} is not reachable (${(error as Error).message}): start it (Debian package postgresql) or pass --database-url`,
      { cause: error },
    );
  }
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (rowCount === 0) await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
}

/** The instances' shared JWT secret, made once per stack directory. */
function jwtSecret(dir: string): string {
  const path = join(dir, 'jwt-secret');
  try {
    return readFileSync(path, 'utf8').trim();
  } catch {
    const secret = randomBytes(32).toString('hex');
    writeFileSync(path, `${secret}\n`, { mode: 0o600, flag: 'wx' });
    return readFileSync(path, 'utf8').trim();
  }
}

/** The parts of a stack that can be started (again) on their own: what the chaos soak uses. */
export class Stack {
  readonly options: StackOptions;
  readonly state: StackState;
  readonly #programs: { readonly haproxy: string; readonly redis: string };
  readonly #baseEnv: NodeJS.ProcessEnv;

  private constructor(
    options: StackOptions,
    state: StackState,
    programs: { haproxy: string; redis: string },
  ) {
    this.options = options;
    this.state = state;
    this.#programs = programs;
    this.#baseEnv = Object.fromEntries(
      Object.entries(process.env).filter(([name]) => !NOT_INHERITED.test(name)),
    );
  }

  /** Starts every part, in order, each once the one before is ready. */
  static async start(options: StackOptions, log: (line: string) => void = () => undefined): Promise<Stack> {
    const programs = requirePrograms();
    const dir = resolve(ROOT, options.dir);
    const existing = readState(dir);
    if (
      existing !== null &&
      [
        runs(existing.pids.chain, PART_COMMANDS.chain),
        runs(existing.pids.redis, PART_COMMANDS.redis),
        runs(existing.pids.haproxy, PART_COMMANDS.haproxy),
        ...existing.instances.map((instance) => runs(instance.pid, PART_COMMANDS.instance)),
      ].some(Boolean)
    ) {
      throw new Error(
        `a stack is already running from ${dir} (${existing.url}): stop it first (npm run stack -- stop)`,
      );
    }
    for (const sub of ['logs', 'localnet', 'server', 'redis']) mkdirSync(join(dir, sub), { recursive: true });
    await ensureDatabase(options.databaseUrl);
    const instances: InstanceState[] = Array.from({ length: options.instances }, (_, index) => {
      const port = options.port + 1 + index;
      return { name: `s${String(index + 1)}`, port, url: `http://127.0.0.1:${String(port)}`, pid: 0 };
    });
    const state: StackState = {
      dir,
      url: `http://127.0.0.1:${String(options.port)}`,
      statsUrl: `http://127.0.0.1:${String(options.statsPort)}/`,
      chainUrl: `http://127.0.0.1:${String(options.chainPort)}`,
      redisUrl: `redis://127.0.0.1:${String(options.redisPort)}`,
      databaseUrl: options.databaseUrl,
      pids: { chain: 0, redis: 0, haproxy: 0 },
      instances,
      startedAt: new Date().toISOString(),
    };
    const stack = new Stack({ ...options, dir }, state, programs);
    try {
      await stack.startRedis();
      log(`redis on ${state.redisUrl} (pid ${String(state.pids.redis)})`);
      await stack.startChain();
      log(`chain on ${state.chainUrl} (pid ${String(state.pids.chain)})`);
      // The first instance migrates the database and writes the shared files; the others then start together.
      await stack.startInstance(0);
      await Promise.all(instances.slice(1).map((_, index) => stack.startInstance(index + 1)));
      for (const instance of instances)
        log(`instance ${instance.name} on ${instance.url} (pid ${String(instance.pid)})`);
      await stack.startHaproxy();
      log(
        `load balancer on ${state.url} (pid ${String(state.pids.haproxy)}), statistics on ${state.statsUrl}`,
      );
    } catch (error) {
      await stack.stop();
      throw error;
    }
    writeState(state);
    return stack;
  }

  #log(name: string): string {
    return join(this.state.dir, 'logs', `${name}.log`);
  }

  /** Starts Redis (again) on the stack's port; it keeps nothing on disk, as a cache. */
  async startRedis(): Promise<void> {
    const logPath = this.#log('redis');
    const pid = startDetached(
      this.#programs.redis,
      [
        '--port',
        String(this.options.redisPort),
        '--bind',
        '127.0.0.1',
        '--save',
        '',
        '--appendonly',
        'no',
        '--dir',
        join(this.state.dir, 'redis'),
      ],
      this.#baseEnv,
      logPath,
    );
    this.state.pids.redis = pid;
    await waitFor(
      'Redis',
      pid,
      logPath,
      async () => (await redisCommand(this.options.redisPort, 'PING')) === '+PONG',
      15_000,
    );
  }

  /** Starts the local chain (again) from its saved state. */
  async startChain(): Promise<void> {
    const logPath = this.#log('localnet');
    const args = [
      'packages/localnet/src/cli.ts',
      '--data-dir',
      join(this.state.dir, 'localnet'),
      '--port',
      String(this.options.chainPort),
      ...(this.options.foresightTimelock === undefined
        ? []
        : ['--foresight-timelock', String(this.options.foresightTimelock)]),
    ];
    const pid = startDetached(node24(), args, this.#baseEnv, logPath);
    this.state.pids.chain = pid;
    const manifest = join(this.state.dir, 'localnet', 'nfts', 'collection.json');
    await waitFor(
      'the local chain',
      pid,
      logPath,
      async () => {
        if (!existsSync(manifest)) return false;
        const response = await fetch(this.state.chainUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getHealth' }),
          signal: AbortSignal.timeout(2_000),
        });
        return ((await response.json()) as { result?: string }).result === 'ok';
      },
      240_000,
    );
  }

  /** The environment of instance `index`: docs/deployment.md explains each variable. */
  instanceEnv(index: number): NodeJS.ProcessEnv {
    const instance = this.state.instances[index]!;
    return {
      ...this.#baseEnv,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(instance.port),
      PUBLIC_URL: this.state.url,
      TRUST_PROXY: 'true',
      DATA_DIR: join(this.state.dir, 'server'),
      DATABASE_URL: this.state.databaseUrl,
      REDIS_URL: this.state.redisUrl,
      SOLANA_CLUSTER: 'localnet',
      SOLANA_RPC_URL: this.state.chainUrl,
      LOCALNET_DATA_DIR: join(this.state.dir, 'localnet'),
      JWT_SECRET: jwtSecret(this.state.dir),
      LOG_FORMAT: 'json',
      ...this.options.instanceEnv,
    };
  }

  /** Starts instance `index` (again) and waits until it answers. */
  async startInstance(index: number): Promise<void> {
    const instance = this.state.instances[index]!;
    const logPath = this.#log(`server-${instance.name}`);
    instance.pid = startDetached(node24(), ['apps/server/src/main.ts'], this.instanceEnv(index), logPath);
    await waitFor(
      `instance ${instance.name}`,
      instance.pid,
      logPath,
      () => isHttpUp(`${instance.url}/api/health`),
      240_000,
    );
  }

  /** Writes HAProxy's configuration and starts it. */
  async startHaproxy(): Promise<void> {
    const backends: Backend[] = this.state.instances.map((instance) => ({
      name: instance.name,
      port: instance.port,
    }));
    const configPath = join(this.state.dir, 'haproxy.cfg');
    writeFileSync(
      configPath,
      haproxyConfig({
        host: '127.0.0.1',
        port: this.options.port,
        statsPort: this.options.statsPort,
        backends,
      }),
    );
    const logPath = this.#log('haproxy');
    const pid = startDetached(this.#programs.haproxy, ['-f', configPath, '-db'], this.#baseEnv, logPath);
    this.state.pids.haproxy = pid;
    await waitFor('HAProxy', pid, logPath, () => isHttpUp(`${this.state.url}/api/health`), 15_000);
  }

  /** Kills instance `index` at once (SIGKILL), as a crash would. */
  killInstance(index: number): void {
    const instance = this.state.instances[index]!;
    if (isAlive(instance.pid)) process.kill(instance.pid, 'SIGKILL');
  }

  /** Stops Redis at once and starts it again, empty. */
  async restartRedis(): Promise<void> {
    await stopProcess(this.state.pids.redis, PART_COMMANDS.redis, 'SIGKILL');
    await this.startRedis();
  }

  /** Pauses the chain process (SIGSTOP) for `ms`, then resumes it. */
  async pauseChain(ms: number): Promise<void> {
    process.kill(this.state.pids.chain, 'SIGSTOP');
    try {
      await sleep(ms);
    } finally {
      process.kill(this.state.pids.chain, 'SIGCONT');
    }
  }

  /** Terminates every PostgreSQL backend of the stack's database (the instances' pools and leader locks). */
  async terminateBackends(): Promise<number> {
    const url = new URL(this.state.databaseUrl);
    const name = decodeURIComponent(url.pathname.slice(1));
    url.pathname = '/postgres';
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    try {
      const { rows } = await client.query<{ terminated: boolean }>(
        'SELECT pg_terminate_backend(pid) AS terminated FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
        [name],
      );
      return rows.filter((row) => row.terminated).length;
    } finally {
      await client.end();
    }
  }

  /** Stops every part: the load balancer, the instances (they save nothing), the chain (it saves), Redis. */
  async stop(): Promise<void> {
    await stopState(this.state);
  }
}

/**
 * Sends `signal` to `pid` and waits up to `graceMs` for it to exit, then kills it; only while the pid still
 * runs `command` (a saved pid may belong to another program by now).
 */
export async function stopProcess(
  pid: number,
  command: string,
  signal: NodeJS.Signals = 'SIGTERM',
  graceMs = 20_000,
): Promise<void> {
  if (pid <= 0 || !runs(pid, command)) return;
  try {
    process.kill(pid, 'SIGCONT'); // a paused process can't handle SIGTERM
    process.kill(pid, signal);
  } catch {
    return;
  }
  const deadline = Date.now() + graceMs;
  while (isAlive(pid)) {
    if (Date.now() > deadline) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        return;
      }
    }
    await sleep(100);
  }
}

/** Stops every part of a saved or running stack, front to back. */
export async function stopState(state: StackState): Promise<void> {
  await stopProcess(state.pids.haproxy, PART_COMMANDS.haproxy);
  await Promise.all(state.instances.map((instance) => stopProcess(instance.pid, PART_COMMANDS.instance)));
  await stopProcess(state.pids.chain, PART_COMMANDS.chain);
  await stopProcess(state.pids.redis, PART_COMMANDS.redis);
}
