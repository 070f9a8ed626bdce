/**
 * Versioned SQL migrations: every `migrations/NNNN_name.sql`, in name order, each applied once and
 * recorded in `schema_migrations`. Any number of server instances may start together: an advisory lock
 * lets one apply and the others wait.
 *
 * @module
 */

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import type { Database } from './database.ts';

const MIGRATIONS_DIR = join(import.meta.dirname, 'migrations');
const MIGRATION_LOCK = 7_420_001;

/** One migration file. */
export interface Migration {
  readonly version: string;
  readonly sql: string;
}

/** The migrations shipped with the server, in order. */
export function listMigrations(dir: string = MIGRATIONS_DIR): Migration[] {
  return readdirSync(dir)
    .filter((name) => /^\d{4}_[a-z0-9_]+\.sql$/.test(name))
    .sort()
    .map((name) => ({ version: name.replace(/\.sql$/, ''), sql: readFileSync(join(dir, name), 'utf8') }));
}

/** Applies the pending migrations; returns the versions it applied. */
export async function migrate(
  db: Database,
  migrations: readonly Migration[] = listMigrations(),
): Promise<string[]> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await tx.query(
      'CREATE TABLE IF NOT EXISTS schema_migrations (version text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    const done = new Set(
      (await tx.query<{ version: string }>('SELECT version FROM schema_migrations')).map(
        (row) => row.version,
      ),
    );
    const applied: string[] = [];
    for (const migration of migrations) {
      if (done.has(migration.version)) continue;
      await tx.exec(migration.sql);
      await tx.query('INSERT INTO schema_migrations (version) VALUES ($1)', [migration.version]);
      applied.push(migration.version);
    }
    return applied;
  });
}
