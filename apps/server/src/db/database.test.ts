/**
 * The two databases behave alike: type mapping, transactions and migrations (on PostgreSQL when
 * `TEST_DATABASE_URL` is set, PGlite otherwise).
 */

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { openTestDatabase, type TestDatabase } from '../../test/harness.ts';
import { listMigrations, migrate } from './migrate.ts';

let database: TestDatabase;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

describe('database', () => {
  it('maps numeric to bigint (u64 included), int8 to number and timestamptz to Date', async () => {
    const [row] = await database.db.query<{ big: bigint; count: number; at: Date }>(
      'SELECT $1::numeric(20,0) AS big, count(*) AS count, now() AS at',
      [18_446_744_073_709_551_615n],
    );
    expect(row?.big).toBe(18_446_744_073_709_551_615n);
    expect(row?.count).toBe(1);
    expect(row?.at).toBeInstanceOf(Date);
  });

  it('rolls a failed transaction back', async () => {
    await database.db.exec('CREATE TABLE rollback_probe (id int PRIMARY KEY)');
    await expect(
      database.db.transaction(async (tx) => {
        await tx.query('INSERT INTO rollback_probe VALUES (1)');
        await tx.query('INSERT INTO rollback_probe VALUES (1)');
      }),
    ).rejects.toMatchObject({ code: '23505' });
    expect(await database.db.query('SELECT * FROM rollback_probe')).toEqual([]);
  });

  it('applies each migration once, in order', async () => {
    const versions = listMigrations().map((migration) => migration.version);
    expect(versions[0]).toBe('0001_core');
    expect([...versions].sort()).toEqual(versions);
    const applied = await database.db.query<{ version: string }>(
      'SELECT version FROM schema_migrations ORDER BY version',
    );
    expect(applied.map((row) => row.version)).toEqual(versions);
    expect(await migrate(database.db)).toEqual([]);
  });

  it('enforces usernames unique ignoring case', async () => {
    await database.db.query("INSERT INTO users (address, username) VALUES ('a1', 'Alice')");
    await expect(
      database.db.query("INSERT INTO users (address, username) VALUES ('a2', 'ALICE')"),
    ).rejects.toMatchObject({
      code: '23505',
    });
  });
});
