/**
 * Profiles: reading a wallet's socials, setting the username (its messages: docs/reference/validation.md#usernames) and the pfp.
 */

import { ApiErrorCode } from '@arcade/sdk/api/error-codes';
import { VALIDATION_MESSAGES } from '@arcade/sdk/messages';
import { generateKeyPairSigner, type Address, type KeyPairSigner } from '@solana/kit';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  createTestApp,
  openTestDatabase,
  signIn,
  startTestChain,
  type TestApp,
} from '../../../../test/harness.ts';
import { DEFAULT_USERNAME_DENYLIST, loadEnv } from '../../../config/env.ts';
import { createPorts } from '../../../ports/create-ports.ts';
import type { InventoryNft, NftMarketPort } from '../../../ports/ports.ts';
import { isUsernameDenied } from './profile.ts';

let t: TestApp;
let teardown: () => Promise<void>;
/** What the inventory port reports per owner in these tests. */
const holdings = new Map<string, InventoryNft[]>();

beforeAll(async () => {
  const [database, chain] = await Promise.all([openTestDatabase(), startTestChain()]);
  const base = createPorts(loadEnv({}), chain.context, { db: database.db }).nftMarket;
  const nftMarket: NftMarketPort = {
    ...base,
    inventory: async (owner: Address) => holdings.get(owner) ?? [],
  };
  t = await createTestApp({
    db: database.db,
    chain,
    ports: { nftMarket },
    env: { USERNAME_DENYLIST: 'admin,support,mod,root' },
  });
  teardown = async () => {
    await t.close();
    await chain.stop();
    await database.close();
  };
});
afterAll(() => teardown());

async function signedIn(): Promise<{ user: KeyPairSigner; authorization: string }> {
  const user = await generateKeyPairSigner();
  return { user, authorization: await signIn(t.app, user) };
}

function updateUsername(authorization: string | undefined, payload: unknown) {
  return t.app.inject({
    method: 'POST',
    url: '/api/user/updateUsername',
    payload: payload as object,
    headers: authorization === undefined ? {} : { authorization },
  });
}

describe('GET /api/user/{address}', () => {
  it("returns an unknown wallet's empty profile", async () => {
    const stranger = await generateKeyPairSigner();
    const response = await t.app.inject({ url: `/api/user/${stranger.address}` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      address: stranger.address,
      username: null,
      pfp: null,
      pfpImage: null,
      discordId: null,
      discordUsername: null,
      twitterId: null,
      twitterUsername: null,
      referral: null,
      blocked: false,
      isAdmin: false,
    });
  });

  it('reports admins and blocked wallets', async () => {
    const admin = await t.app.inject({ url: `/api/user/${t.admins[0]!.address}` });
    expect(admin.json()).toMatchObject({ isAdmin: true, blocked: false });
    const blocked = await generateKeyPairSigner();
    await t.app.db.query(
      "INSERT INTO blocked_wallets (address, reason, blocked_by) VALUES ($1, '', 'test')",
      [blocked.address],
    );
    expect((await t.app.inject({ url: `/api/user/${blocked.address}` })).json()).toMatchObject({
      blocked: true,
    });
  });

  it('answers 400 for a malformed address', async () => {
    const response = await t.app.inject({ url: '/api/user/0OIl' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      success: false,
      error: 'Invalid address',
      code: ApiErrorCode.VALIDATION_FAILED,
    });
  });
});

describe('POST /api/user/updateUsername', () => {
  it('sets the username, which the profile then shows', async () => {
    const { user, authorization } = await signedIn();
    const response = await updateUsername(authorization, { username: 'Juicy_Degen@1' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, disallowed: false, username: 'Juicy_Degen@1' });
    expect((await t.app.inject({ url: `/api/user/${user.address}` })).json()).toMatchObject({
      username: 'Juicy_Degen@1',
    });
  });

  it('gives the username messages, in order', async () => {
    const { authorization } = await signedIn();
    const cases: [unknown, string][] = [
      [{ username: '' }, VALIDATION_MESSAGES.usernameEmpty],
      [{ username: '   ' }, VALIDATION_MESSAGES.usernameEmpty],
      [{}, VALIDATION_MESSAGES.usernameEmpty],
      [{ username: 'a'.repeat(16) }, VALIDATION_MESSAGES.usernameTooLong],
      [{ username: 'a'.repeat(10_000) }, VALIDATION_MESSAGES.usernameTooLong],
      [{ username: 'bad name' }, VALIDATION_MESSAGES.usernameInvalidCharacters],
      [{ username: 'juice🍊' }, VALIDATION_MESSAGES.usernameInvalidCharacters],
      [{ username: '<script>' }, VALIDATION_MESSAGES.usernameInvalidCharacters],
    ];
    for (const [payload, error] of cases) {
      const response = await updateUsername(authorization, payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 40)).toBe(400);
      expect(response.json()).toEqual({ success: false, error, code: ApiErrorCode.VALIDATION_FAILED });
    }
    expect(VALIDATION_MESSAGES.usernameTooLong).toBe('Username cannot be longer than 15 characters');
  });

  it("refuses the deny list's names with disallowed: true", async () => {
    const { authorization } = await signedIn();
    for (const username of ['admin', 'ADMIN', 'xSupportx', 'mod']) {
      const response = await updateUsername(authorization, { username });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        success: false,
        disallowed: true,
        error: VALIDATION_MESSAGES.usernameNotAllowed,
        code: ApiErrorCode.USERNAME_NOT_ALLOWED,
      });
    }
    // A short listed word does not refuse ordinary names that contain it.
    expect((await updateUsername(authorization, { username: 'modest' })).statusCode).toBe(200);
  });

  it('refuses look-alike spellings of a listed name, and stores none', async () => {
    const { user, authorization } = await signedIn();
    for (const username of ['ADMlN', 'adm1n', 'AdmIn', '@dmin', 'r00t', 'x_adm1n_x', 'supp0rt', 'M0D']) {
      const response = await updateUsername(authorization, { username });
      expect({ username, status: response.statusCode }).toEqual({ username, status: 400 });
      expect(response.json()).toEqual({
        success: false,
        disallowed: true,
        error: VALIDATION_MESSAGES.usernameNotAllowed,
        code: ApiErrorCode.USERNAME_NOT_ALLOWED,
      });
    }
    // Look-alikes outside the allowed characters (Cyrillic а, a zero-width space, emoji) get the
    // characters message.
    for (const username of ['\u0430dmin', 'ad\u200bmin', 'adm\u0131n', '\u{1F451}king']) {
      const response = await updateUsername(authorization, { username });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        success: false,
        error: VALIDATION_MESSAGES.usernameInvalidCharacters,
        code: ApiErrorCode.VALIDATION_FAILED,
      });
    }
    expect((await t.app.inject({ url: `/api/user/${user.address}` })).json()).toMatchObject({
      username: null,
    });
    // Ordinary names that share letters with a listed word still pass.
    for (const username of ['Lilly', 'modesty7', 'Rooster42']) {
      expect((await updateUsername(authorization, { username })).statusCode).toBe(200);
    }
  });

  it('keeps usernames unique ignoring case', async () => {
    const first = await signedIn();
    const second = await signedIn();
    expect((await updateUsername(first.authorization, { username: 'CaseKing' })).statusCode).toBe(200);
    const taken = await updateUsername(second.authorization, { username: 'caseking' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({
      success: false,
      disallowed: false,
      error: 'Username already taken',
      code: ApiErrorCode.USERNAME_TAKEN,
    });
    // The owner may change its own name's case.
    expect((await updateUsername(first.authorization, { username: 'CASEKING' })).statusCode).toBe(200);
  });

  it('needs a token', async () => {
    const response = await updateUsername(undefined, { username: 'nobody' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      success: false,
      error: 'Missing token',
      code: ApiErrorCode.MISSING_TOKEN,
    });
  });
});

describe('POST /api/user/updatePfp', () => {
  it('sets an NFT the wallet holds', async () => {
    const { user, authorization } = await signedIn();
    const mint = (await generateKeyPairSigner()).address;
    holdings.set(user.address, [
      {
        id: mint,
        content: { links: { image: `/api/nfts/assets/${mint}.svg` }, metadata: { name: 'Critter #1' } },
        collection: 'juice-critters',
      },
    ]);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/user/updatePfp',
      payload: { pfp: mint },
      headers: { authorization },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, pfp: mint, pfpImage: `/api/nfts/assets/${mint}.svg` });
    expect((await t.app.inject({ url: `/api/user/${user.address}` })).json()).toMatchObject({
      pfp: mint,
      pfpImage: `/api/nfts/assets/${mint}.svg`,
    });
  });

  it("refuses an empty pfp with the spec's message, and an NFT the wallet does not hold", async () => {
    const { authorization } = await signedIn();
    for (const payload of [{ pfp: '' }, {}, { pfp: '  ' }]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/user/updatePfp',
        payload,
        headers: { authorization },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        success: false,
        error: VALIDATION_MESSAGES.pfpEmpty,
        code: ApiErrorCode.VALIDATION_FAILED,
      });
    }
    const someoneElses = (await generateKeyPairSigner()).address;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/user/updatePfp',
      payload: { pfp: someoneElses },
      headers: { authorization },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      success: false,
      error: 'You do not hold this NFT',
      code: ApiErrorCode.NFT_NOT_HELD,
    });
  });

  it('needs a token', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/user/updatePfp',
      payload: { pfp: 'x' },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('isUsernameDenied', () => {
  it('refuses every case variant of a listed word', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('admin', 'support', 'moderator'),
        fc.array(fc.boolean(), { minLength: 9, maxLength: 9 }),
        (word, upper) => {
          const variant = Array.from(word, (c, i) => (upper[i] ? c.toUpperCase() : c)).join('');
          return isUsernameDenied(variant, ['admin', 'support', 'moderator']);
        },
      ),
    );
  });
});

describe('isUsernameDenied with the default deny list', () => {
  it('refuses look-alikes of the listed names and keeps ordinary ones', () => {
    for (const name of ['ADMlN', 'adm1n', 'r00t', 'Juic3', 'm0d', 'st4ff', 'Pr0phecy', 'SYSTEM']) {
      expect({ name, denied: isUsernameDenied(name, DEFAULT_USERNAME_DENYLIST) }).toEqual({
        name,
        denied: true,
      });
    }
    for (const name of ['Lilly', 'modest', 'degen_42', 'Vladimir', 'William', 'Rooster']) {
      expect({ name, denied: isUsernameDenied(name, DEFAULT_USERNAME_DENYLIST) }).toEqual({
        name,
        denied: false,
      });
    }
  });
});
