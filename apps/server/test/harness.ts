/**
 * Test support for the server: a database (PostgreSQL in its own schema when `TEST_DATABASE_URL` is set,
 * in-memory PGlite otherwise), the embedded local chain on free ports, and the application built on them
 * with a clock the test moves, plus sign-in helpers.
 *
 * @module
 */

import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { generateKeyPairSigner, getBase58Decoder, signBytes, type KeyPairSigner } from '@solana/kit';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';

import { buildApp, type AppDeps } from '../src/app.ts';
import { startEmbeddedChain, type EmbeddedChain } from '../src/chain/embedded-chain.ts';
import { loadEnv, type Env } from '../src/config/env.ts';
import { openPglite, openPostgres, type Database } from '../src/db/database.ts';
import { migrate } from '../src/db/migrate.ts';
import { createPorts, type Ports } from '../src/ports/create-ports.ts';

/** A migrated database and how to throw it away. */
export interface TestDatabase {
  readonly db: Database;
  close(): Promise<void>;
}

/** A fresh, migrated database: a new schema on `TEST_DATABASE_URL`, or in-memory PGlite. */
export async function openTestDatabase(): Promise<TestDatabase> {
  const url = process.env.TEST_DATABASE_URL;
  if (url === undefined || url === '') {
    const db = await openPglite();
    await migrate(db);
    return { db, close: () => db.close() };
  }
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  const db = openPostgres(url, { schema, max: 5 });
  await migrate(db);
  return {
    db,
    close: async () => {
      await db.close();
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`DROP SCHEMA ${schema} CASCADE`);
      await cleanup.end();
    },
  };
}

/** The embedded chain on free ports, in memory, with its keys in a temporary directory. */
export async function startTestChain(
  options: { readonly foresightTimelock?: number; readonly now?: () => number } = {},
): Promise<EmbeddedChain & { readonly dir: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'arcade-server-'));
  const chain = await startEmbeddedChain({
    dataDir: join(dir, 'localnet'),
    rpcPort: 0,
    ephemeral: true,
    ...(options.foresightTimelock === undefined ? {} : { foresightTimelock: options.foresightTimelock }),
    ...(options.now === undefined ? {} : { now: options.now }),
  });
  return {
    ...chain,
    dir,
    stop: async () => {
      await chain.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A clock tests move by hand. */
export class TestClock {
  #now: number;

  constructor(start = Date.now()) {
    this.#now = start;
  }

  readonly now = (): number => this.#now;

  advance(ms: number): void {
    this.#now += ms;
  }
}

/** What {@link createTestApp} returns. */
export interface TestApp {
  readonly app: FastifyInstance;
  readonly env: Env;
  readonly clock: TestClock;
  readonly admins: readonly KeyPairSigner[];
  close(): Promise<void>;
}

/** Options of {@link createTestApp}. */
export interface TestAppOptions {
  readonly db: Database;
  readonly chain: EmbeddedChain & { readonly dir: string };
  /** Extra environment variables. */
  readonly env?: Record<string, string>;
  /** Replaces some ports (e.g. a mainnet adapter against recorded responses). */
  readonly ports?: Partial<Ports>;
  readonly redis?: AppDeps['redis'];
  /** Background workers to run (none by default: tests drive workers themselves). */
  readonly workers?: AppDeps['workers'];
  /** The session tokens' signing key (default: 32 random bytes), for tests that forge tokens. */
  readonly jwtSecret?: AppDeps['jwtSecret'];
}

/** The application on a test database and chain, silent, with a test clock and two admin keys. */
export async function createTestApp(options: TestAppOptions): Promise<TestApp> {
  const env = loadEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: join(options.chain.dir, 'server'),
    RATE_LIMIT_PER_MINUTE: '100000',
    RATE_LIMIT_USER_PER_MINUTE: '100000',
    ...options.env,
  });
  const clock = new TestClock();
  const admins = await Promise.all([generateKeyPairSigner(), generateKeyPairSigner()]);
  const app = await buildApp({
    env,
    db: options.db,
    chain: options.chain.context,
    ports: { ...createPorts(env, options.chain.context, { db: options.db }), ...options.ports },
    jwtSecret: options.jwtSecret ?? randomBytes(32),
    adminWallets: admins.map((admin) => admin.address),
    redis: options.redis ?? null,
    now: clock.now,
    logger: false,
    ...(options.workers === undefined ? {} : { workers: options.workers }),
  });
  await app.ready();
  return { app, env, clock, admins, close: () => app.close() };
}

/** Signs `message` with `signer`'s key: the base58 signature a wallet's signMessage returns. */
export async function signMessageText(signer: KeyPairSigner, message: string): Promise<string> {
  const signature = await signBytes(signer.keyPair.privateKey, new TextEncoder().encode(message));
  return getBase58Decoder().decode(signature);
}

/** Signs in as `signer` through the API and returns the bearer header value. */
export async function signIn(app: FastifyInstance, signer: KeyPairSigner): Promise<string> {
  const nonce = await app.inject({
    method: 'POST',
    url: '/api/user/nonce',
    payload: { address: signer.address },
  });
  const { nonce: issued, message } = nonce.json<{ nonce: string; message: string }>();
  const response = await app.inject({
    method: 'POST',
    url: '/api/user/authenticate',
    payload: {
      address: signer.address,
      nonce: issued,
      signature: await signMessageText(signer, message),
      ledger: false,
    },
  });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.body}`);
  return `Bearer ${response.json<{ token: string }>().token}`;
}

/** A test application with its own database and chain, and one `close` for all three. */
export interface TestServer extends TestApp {
  readonly db: Database;
  readonly chain: EmbeddedChain & { readonly dir: string };
}

/**
 * {@link createTestApp} on a fresh {@link openTestDatabase} and {@link startTestChain}: what most test files
 * start in `beforeAll` and close in `afterAll`.
 *
 * @example
 * ```ts
 * let t: TestServer;
 * beforeAll(async () => { t = await startTestServer(); });
 * afterAll(() => t.close());
 * ```
 */
export async function startTestServer(
  options: Omit<TestAppOptions, 'db' | 'chain'> & {
    readonly foresightTimelock?: number;
    /** The chain's clock (default `Date.now`): a test moves it ahead to reach long deadlines. */
    readonly chainNow?: () => number;
  } = {},
): Promise<TestServer> {
  const [database, chain] = await Promise.all([
    openTestDatabase(),
    startTestChain({
      ...(options.foresightTimelock === undefined ? {} : { foresightTimelock: options.foresightTimelock }),
      ...(options.chainNow === undefined ? {} : { now: options.chainNow }),
    }),
  ]);
  const app = await createTestApp({ ...options, db: database.db, chain });
  return {
    ...app,
    db: database.db,
    chain,
    close: async () => {
      await app.close();
      await chain.stop();
      await database.close();
    },
  };
}
