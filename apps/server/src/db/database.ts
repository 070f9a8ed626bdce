/**
 * One SQL interface over the two databases the server runs on: PGlite (PostgreSQL in WebAssembly, the
 * embedded default) and PostgreSQL (`DATABASE_URL`). Both run the same SQL.
 *
 * Type mapping, identical on both: `int8` → `number` (ids, counts: never above 2^53), `numeric` → `bigint`
 * (the schema uses `numeric(20,0)` for every u64 amount), `timestamptz` → `Date`. `bigint` parameters are
 * sent as decimal strings.
 *
 * @module
 */

import { mkdirSync } from 'node:fs';

import { PGlite, types as pgliteTypes } from '@electric-sql/pglite';
import pg from 'pg';

/** Something SQL can be sent to: the database or an open transaction. */
export interface Queryable {
  /** Runs one statement with `$1…` parameters and returns its rows. */
  query<Row = Record<string, unknown>>(text: string, params?: readonly unknown[]): Promise<Row[]>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(text: string): Promise<void>;
}

/** One connection held on to, for session-level state such as advisory locks (worker leadership). */
export interface Session extends Queryable {
  /** Gives the connection back; its session locks are released with it. */
  release(): Promise<void>;
}

/** The database the server uses. */
export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /**
   * A dedicated connection (PostgreSQL), or the one connection there is (PGlite, where every session lock
   * is this process's).
   */
  openSession(): Promise<Session>;
  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

const INT8_OID = 20;
const NUMERIC_OID = 1700;

function toInt8(value: string): number {
  return Number(value);
}

function toNumeric(value: string): bigint {
  return BigInt(value);
}

function prepareParams(params: readonly unknown[] | undefined): unknown[] {
  return (params ?? []).map((value) => (typeof value === 'bigint' ? value.toString() : value));
}

/** PGlite in `dataDir` (created when missing), or in memory when `dataDir` is undefined. */
export async function openPglite(dataDir?: string): Promise<Database> {
  if (dataDir !== undefined) mkdirSync(dataDir, { recursive: true });
  const db = await PGlite.create(dataDir, {
    parsers: { [INT8_OID]: toInt8, [NUMERIC_OID]: toNumeric },
    serializers: { [pgliteTypes.INT8]: (value: unknown) => String(value) },
  });
  // PGlite is one connection: statements from concurrent requests must not interleave with a transaction.
  let queue: Promise<unknown> = Promise.resolve();
  const exclusive = <T>(work: () => Promise<T>): Promise<T> => {
    const run = queue.then(work, work);
    queue = run.catch(() => undefined);
    return run;
  };
  const query = async <Row>(text: string, params?: readonly unknown[]): Promise<Row[]> =>
    (await db.query<Row>(text, prepareParams(params))).rows;
  return {
    kind: 'pglite',
    query: (text, params) => exclusive(() => query(text, params)),
    exec: (text) =>
      exclusive(async () => {
        await db.exec(text);
      }),
    transaction: (work) =>
      exclusive(() =>
        db.transaction(async (tx) =>
          work({
            query: async <Row>(text: string, params?: readonly unknown[]) =>
              (await tx.query<Row>(text, prepareParams(params))).rows,
            exec: async (text: string) => {
              await tx.exec(text);
            },
          }),
        ),
      ),
    openSession: async () => ({
      query: (text, params) => exclusive(() => query(text, params)),
      exec: (text) =>
        exclusive(async () => {
          await db.exec(text);
        }),
      // Session locks live on the one connection; they are released explicitly by their holders.
      release: async () => undefined,
    }),
    close: () => exclusive(() => db.close()),
  };
}

/** Options of {@link openPostgres}. */
export interface PostgresOptions {
  /** Every connection's `search_path` (tests run each suite in its own schema). */
  readonly schema?: string;
  /** Pool size; default 10. */
  readonly max?: number;
}

const pgTypes = {
  getTypeParser: ((oid: number, format?: string) => {
    if (oid === INT8_OID) return toInt8;
    if (oid === NUMERIC_OID) return toNumeric;
    return (pg.types.getTypeParser as (oid: number, format?: string) => (value: string) => unknown)(
      oid,
      format,
    );
  }) as typeof pg.types.getTypeParser,
};

/** A PostgreSQL pool on `url`. */
export function openPostgres(url: string, options: PostgresOptions = {}): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    types: pgTypes,
    ...(options.schema === undefined ? {} : { options: `-c search_path=${options.schema}` }),
  });
  // An idle client that loses its connection must not take the process down.
  pool.on('error', () => undefined);
  return {
    kind: 'postgres',
    query: async <Row>(text: string, params?: readonly unknown[]) =>
      (await pool.query(text, prepareParams(params))).rows as Row[],
    exec: async (text) => {
      await pool.query(text);
    },
    transaction: async (work) => {
      const client = await pool.connect();
      // A connection terminated while checked out (a restarted database, `pg_terminate_backend`) emits an
      // error between queries: unheard, it would take the process down. The next query fails instead.
      let lost: Error | undefined;
      const onError = (error: Error): void => {
        lost = error;
      };
      client.on('error', onError);
      try {
        await client.query('BEGIN');
        const result = await work({
          query: async <Row>(text: string, params?: readonly unknown[]) =>
            (await client.query(text, prepareParams(params))).rows as Row[],
          exec: async (text: string) => {
            await client.query(text);
          },
        });
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.removeListener('error', onError);
        // A lost connection is destroyed, not returned to the pool.
        client.release(lost);
      }
    },
    openSession: async () => {
      const client = await pool.connect();
      let released = false;
      // Heard for the session's whole life: a session idles between queries (a leader lock is held for hours),
      // and its connection may be terminated meanwhile. Its next query then fails, which its holder checks.
      client.on('error', () => undefined);
      return {
        query: async <Row>(text: string, params?: readonly unknown[]) =>
          (await client.query(text, prepareParams(params))).rows as Row[],
        exec: async (text: string) => {
          await client.query(text);
        },
        release: async () => {
          if (released) return;
          released = true;
          // Destroyed rather than returned: the pool must never hand out a connection still holding locks.
          client.release(true);
        },
      };
    },
    close: () => pool.end(),
  };
}
