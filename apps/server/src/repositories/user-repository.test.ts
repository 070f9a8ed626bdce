/**
 * Users on the server's database (PGlite, or PostgreSQL with `TEST_DATABASE_URL`): the bulk username lookup
 * the feed uses to name players.
 */

import { generateKeyPairSigner } from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { openTestDatabase, type TestDatabase } from '../../test/harness.ts';
import { UserRepository } from './user-repository.ts';

let testDb: TestDatabase;
let repository: UserRepository;

beforeAll(async () => {
  testDb = await openTestDatabase();
  repository = new UserRepository(testDb.db);
}, 120_000);
afterAll(() => testDb.close());

const address = async (): Promise<string> => (await generateKeyPairSigner()).address;

describe('UserRepository.usernamesOf', () => {
  it('names each known user once, null without a username, and leaves out addresses with no user', async () => {
    const [named, unnamed, unknown] = [await address(), await address(), await address()];
    expect(await repository.setUsername(named, 'feed_player')).toBe(true);
    await repository.setPfp(unnamed, 'pfp-mint', 'https://example.com/pfp.png');

    const names = await repository.usernamesOf([named, unnamed, unknown, named]);

    expect(names).toEqual(
      new Map([
        [named, 'feed_player'],
        [unnamed, null],
      ]),
    );
  });

  it('answers an empty list with an empty map', async () => {
    expect(await repository.usernamesOf([])).toEqual(new Map());
  });
});
