import { errors } from 'oidc-provider';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { openTestDatabase, TestClock, type TestDatabase } from '../../test/harness.ts';
import { createDatabaseAdapterFactory, SWEEP_BATCH, SWEEP_EVERY } from './database-adapter.ts';

describe('createDatabaseAdapterFactory', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await openTestDatabase();
  }, 60_000);

  afterAll(() => database.close());

  beforeEach(async () => {
    await database.db.query('DELETE FROM local_idp_artifacts');
  });

  async function rowCount(): Promise<number> {
    const rows = await database.db.query<{ count: number }>(
      'SELECT count(*)::int8 AS count FROM local_idp_artifacts',
    );
    return rows[0]?.count ?? 0;
  }

  it('finds what one factory wrote through another on the same database, by id and by uid', async () => {
    const first = createDatabaseAdapterFactory(database.db);
    const second = createDatabaseAdapterFactory(database.db);
    const payload = { uid: 'u1', accountId: 'a1', exp: 123, nested: { list: [1, 'two'] } };
    await first('Session').upsert('s1', payload, 60);

    expect(await second('Session').find('s1')).toEqual(payload);
    expect(await second('Session').findByUid('u1')).toEqual(payload);
    expect(await second('Interaction').find('s1')).toBeUndefined();
    expect(await second('Session').findByUid('u2')).toBeUndefined();

    await first('Session').upsert('s1', { uid: 'u1', accountId: 'a2' }, 60);
    expect(await second('Session').find('s1')).toEqual({ uid: 'u1', accountId: 'a2' });
    await second('Session').destroy('s1');
    expect(await first('Session').find('s1')).toBeUndefined();
  });

  it('never returns an expired artifact, whatever it is looked up by', async () => {
    const clock = new TestClock();
    const adapters = createDatabaseAdapterFactory(database.db, { now: clock.now });
    await adapters('Session').upsert('s1', { uid: 'u1' }, 60);
    await adapters('DeviceCode').upsert('d1', { userCode: 'ABCD' }, 60);

    clock.advance(59_999);
    expect(await adapters('Session').find('s1')).toEqual({ uid: 'u1' });
    expect(await adapters('DeviceCode').findByUserCode('ABCD')).toEqual({ userCode: 'ABCD' });

    clock.advance(1);
    expect(await adapters('Session').find('s1')).toBeUndefined();
    expect(await adapters('Session').findByUid('u1')).toBeUndefined();
    expect(await adapters('DeviceCode').findByUserCode('ABCD')).toBeUndefined();
  });

  it('marks a code consumed once; a second consume, from any instance, is invalid_grant and revokes the grant', async () => {
    const clock = new TestClock();
    const first = createDatabaseAdapterFactory(database.db, { now: clock.now });
    const second = createDatabaseAdapterFactory(database.db, { now: clock.now });
    await first('Grant').upsert('g1', { accountId: 'a1' }, 600);
    await first('AuthorizationCode').upsert('c1', { grantId: 'g1' }, 60);
    await first('AccessToken').upsert('t1', { grantId: 'g1' }, 60);
    await first('Session').upsert('s1', { uid: 'u1', grantId: 'g1' }, 600);

    await first('AuthorizationCode').consume('c1');
    expect(await second('AuthorizationCode').find('c1')).toEqual({
      grantId: 'g1',
      consumed: Math.floor(clock.now() / 1000),
    });

    const reuse = second('AuthorizationCode').consume('c1');
    await expect(reuse).rejects.toBeInstanceOf(errors.InvalidGrant);
    await expect(reuse).rejects.toMatchObject({ error: 'invalid_grant' });
    expect(await first('AccessToken').find('t1')).toBeUndefined();
    expect(await first('AuthorizationCode').find('c1')).toBeUndefined();
    expect(await first('Grant').find('g1')).toBeUndefined();
    // The session outlives the grant it names.
    expect(await first('Session').find('s1')).toEqual({ uid: 'u1', grantId: 'g1' });
  });

  it('lets only one of two concurrent consumes of a code through', async () => {
    const adapters = [createDatabaseAdapterFactory(database.db), createDatabaseAdapterFactory(database.db)];
    await adapters[0]!('AuthorizationCode').upsert('c1', { grantId: 'g1' }, 60);
    const outcomes = await Promise.allSettled(
      adapters.map((factory) => factory('AuthorizationCode').consume('c1')),
    );
    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(['fulfilled', 'rejected']);
  });

  it('refuses to consume an expired or unknown code', async () => {
    const clock = new TestClock();
    const adapters = createDatabaseAdapterFactory(database.db, { now: clock.now });
    await adapters('AuthorizationCode').upsert('c1', { grantId: 'g1' }, 60);
    clock.advance(60_000);
    await expect(adapters('AuthorizationCode').consume('c1')).rejects.toBeInstanceOf(errors.InvalidGrant);
    await expect(adapters('AuthorizationCode').consume('nope')).rejects.toBeInstanceOf(errors.InvalidGrant);
  });

  it('keeps a consumed artifact consumed when it is written again', async () => {
    const adapters = createDatabaseAdapterFactory(database.db);
    await adapters('AuthorizationCode').upsert('c1', { grantId: 'g1' }, 60);
    await adapters('AuthorizationCode').consume('c1');
    await adapters('AuthorizationCode').upsert('c1', { grantId: 'g1' }, 60);
    expect((await adapters('AuthorizationCode').find('c1'))?.consumed).toEqual(expect.any(Number));
  });

  it('revokes a grant’s entries of the model asked only: an interaction naming the grant stays', async () => {
    const factory = createDatabaseAdapterFactory(database.db);
    const tokens = factory('AccessToken');
    const codes = factory('AuthorizationCode');
    const interactions = factory('Interaction');
    await tokens.upsert('t1', { grantId: 'g1' }, 60);
    await tokens.upsert('t2', { grantId: 'g2' }, 60);
    await codes.upsert('c1', { grantId: 'g1' }, 60);
    await interactions.upsert('i1', { grantId: 'g1', uid: 'i1' }, 60);

    await tokens.revokeByGrantId('g1');
    expect(await tokens.find('t1')).toBeUndefined();
    expect(await tokens.find('t2')).toEqual({ grantId: 'g2' });
    expect(await codes.find('c1')).toEqual({ grantId: 'g1' });
    expect(await interactions.find('i1')).toEqual({ grantId: 'g1', uid: 'i1' });

    await codes.revokeByGrantId('g1');
    expect(await codes.find('c1')).toBeUndefined();
    expect(await interactions.find('i1')).toEqual({ grantId: 'g1', uid: 'i1' });
  });

  it('deletes expired rows a batch at a time as new ones are written, and never a live one', async () => {
    const clock = new TestClock();
    // Abandoned sign-ins, long expired.
    await database.db.query(
      `INSERT INTO local_idp_artifacts (model, id, payload, expires_at)
       SELECT 'Interaction', 'old' || n, '{}'::jsonb, $1 FROM generate_series(1, $2) AS n`,
      [new Date(clock.now() - 1_000), SWEEP_BATCH + 10],
    );
    const adapters = createDatabaseAdapterFactory(database.db, { now: clock.now });
    await adapters('Interaction').upsert('live0', {}, 60);
    // The first write of a process sweeps one batch.
    expect(await rowCount()).toBe(11);

    for (let n = 1; n < SWEEP_EVERY; n += 1) await adapters('Interaction').upsert(`live${n}`, {}, 60);
    expect(await rowCount()).toBe(10 + SWEEP_EVERY);
    await adapters('Interaction').upsert(`live${SWEEP_EVERY}`, {}, 60);
    expect(await rowCount()).toBe(SWEEP_EVERY + 1);
    expect(await adapters('Interaction').find('live0')).toEqual({});
  });
});
