/**
 * The operator console: admin-only access, the blocked-wallet list (and its effect on sign-in and on
 * authenticated routes), the House and Foresight config read from chain, and pausing both games on chain.
 */

import { ADMIN_ERRORS } from '@arcade/sdk/api/admin';
import { ApiErrorCode } from '@arcade/sdk/api/error-codes';
import { decodeConfig } from '@arcade/sdk/foresight/accounts';
import { findConfigAddress } from '@arcade/sdk/foresight/pda';
import { SOL_USD_FEED_ID } from '@arcade/sdk/foresight/program';
import { decodeHouse, HOUSE_ACCOUNT_SIZE } from '@arcade/sdk/wager/accounts';
import { findHouseAddress } from '@arcade/sdk/wager/pda';
import { fetchEncodedAccount, generateKeyPairSigner } from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { signIn, startTestServer, type TestServer } from '../../../../test/harness.ts';
import type { ChainContext } from '../../../chain/chain-context.ts';

let t: TestServer;
let chain: ChainContext;
let admin: string;

beforeAll(async () => {
  t = await startTestServer();
  chain = t.chain.context;
  admin = await signIn(t.app, t.admins[0]!);
}, 120_000);
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'DELETE';

function call(method: Method, url: string, authorization?: string, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: authorization === undefined ? {} : { authorization },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

const ROUTES: [Method, string, unknown?][] = [
  ['GET', '/api/admin/blocked'],
  ['POST', '/api/admin/blocked', { address: '11111111111111111111111111111111', reason: 'x' }],
  ['DELETE', '/api/admin/blocked/11111111111111111111111111111111'],
  ['GET', '/api/admin/house'],
  ['POST', '/api/admin/pause', { game: 'wager', paused: true }],
];

describe('access', () => {
  it.each(ROUTES)('%s %s needs a token (401)', async (method, url, payload) => {
    const response = await call(method, url, undefined, payload);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      success: false,
      error: 'Missing token',
      code: ApiErrorCode.MISSING_TOKEN,
    });
  });

  it.each(ROUTES)(
    "%s %s refuses a user who is not an admin (403 'Admins only')",
    async (method, url, payload) => {
      const user = await generateKeyPairSigner();
      const response = await call(method, url, await signIn(t.app, user), payload);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({
        success: false,
        error: 'Admins only',
        code: ApiErrorCode.ADMINS_ONLY,
      });
    },
  );
});

describe('blocked wallets', () => {
  it('blocks and unblocks a wallet, which loses and regains access', async () => {
    const user = await generateKeyPairSigner();
    const token = await signIn(t.app, user);
    const verify = () => call('GET', `/api/user/verify/${user.address}`, token);
    expect((await verify()).statusCode).toBe(200);

    const blocked = await call('POST', '/api/admin/blocked', admin, {
      address: user.address,
      reason: ' spam ',
    });
    expect(blocked.statusCode).toBe(200);
    expect(blocked.json()).toEqual({
      success: true,
      blocked: {
        address: user.address,
        reason: 'spam',
        blockedBy: t.admins[0]!.address,
        blockedAt: expect.any(Number) as unknown,
      },
    });
    const list = await call('GET', '/api/admin/blocked', admin);
    expect(list.json<{ blocked: { address: string }[] }>().blocked.map((entry) => entry.address)).toContain(
      user.address,
    );

    const refused = await verify();
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      success: false,
      error: 'Wallet is blocked',
      code: ApiErrorCode.WALLET_BLOCKED,
    });
    await expect(signIn(t.app, user)).rejects.toThrow(/Wallet is blocked/);

    // Blocking again updates the reason.
    const again = await call('POST', '/api/admin/blocked', admin, { address: user.address });
    expect(again.json<{ blocked: { reason: string } }>().blocked.reason).toBe('');

    const unblocked = await call('DELETE', `/api/admin/blocked/${user.address}`, admin);
    expect(unblocked.statusCode).toBe(200);
    expect(unblocked.json()).toEqual({ success: true, address: user.address });
    expect((await verify()).statusCode).toBe(200);
    expect(
      (await call('GET', '/api/admin/blocked', admin)).json<{ blocked: { address: string }[] }>().blocked,
    ).not.toContainEqual(expect.objectContaining({ address: user.address }));

    const missing = await call('DELETE', `/api/admin/blocked/${user.address}`, admin);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({
      success: false,
      error: ADMIN_ERRORS.notBlocked,
      code: ApiErrorCode.WALLET_NOT_BLOCKED,
    });
  });

  it("refuses to block an admin wallet: 400 'Cannot block an admin wallet'", async () => {
    for (const target of t.admins) {
      const response = await call('POST', '/api/admin/blocked', admin, {
        address: target.address,
        reason: 'x',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        success: false,
        error: ADMIN_ERRORS.cannotBlockAdmin,
        code: ApiErrorCode.CANNOT_BLOCK_ADMIN,
      });
    }
  });

  it.each([
    [{ address: 'nope' }, 'Invalid address'],
    [{}, 'Invalid address'],
    [{ address: '11111111111111111111111111111111', reason: 'x'.repeat(201) }, ADMIN_ERRORS.reasonTooLong],
    [{ address: '11111111111111111111111111111111', reason: 5 }, 'reason must be a string'],
    [[], 'Invalid address'],
  ])('POST /blocked refuses %j with 400 %j', async (payload, error) => {
    const response = await call('POST', '/api/admin/blocked', admin, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ success: false, error, code: ApiErrorCode.VALIDATION_FAILED });
  });

  it('DELETE /blocked refuses a malformed address', async () => {
    const response = await call('DELETE', '/api/admin/blocked/not-an-address', admin);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      success: false,
      error: 'Invalid address',
      code: ApiErrorCode.VALIDATION_FAILED,
    });
  });
});

describe('house and pause', () => {
  interface HouseBody {
    success: true;
    house: {
      address: string;
      balance: string;
      rent: string;
      outstanding: string;
      freeBalance: string;
      paused: boolean;
      authority: string;
      settler: string;
      treasury: string;
    };
    foresight: { config: string; disabled: boolean; authority: string; timelock: number };
  }

  async function house(): Promise<HouseBody> {
    const response = await call('GET', '/api/admin/house', admin);
    expect(response.statusCode).toBe(200);
    return response.json<HouseBody>();
  }

  async function chainState(): Promise<{ paused: boolean; disabled: boolean }> {
    const [[houseAddress], [configAddress]] = await Promise.all([
      findHouseAddress(),
      findConfigAddress(SOL_USD_FEED_ID),
    ]);
    const [houseAccount, configAccount] = await Promise.all([
      fetchEncodedAccount(chain.rpc, houseAddress),
      fetchEncodedAccount(chain.rpc, configAddress),
    ]);
    if (!houseAccount.exists || !configAccount.exists) throw new Error('not seeded');
    return {
      paused: decodeHouse(houseAccount.data).paused,
      disabled: decodeConfig(configAccount.data).disabled,
    };
  }

  it('reads the House and the Foresight config from chain', async () => {
    const body = await house();
    const [houseAddress] = await findHouseAddress();
    const [configAddress] = await findConfigAddress(SOL_USD_FEED_ID);
    const { value: lamports } = await chain.rpc.getBalance(houseAddress).send();
    const rent = await chain.rpc.getMinimumBalanceForRentExemption(BigInt(HOUSE_ACCOUNT_SIZE)).send();
    expect(body.house.address).toBe(houseAddress);
    expect(body.house.balance).toBe(lamports.toString());
    expect(BigInt(body.house.balance)).toBeGreaterThanOrEqual(10_000n * 1_000_000_000n);
    expect(body.house.rent).toBe(rent.toString());
    expect(BigInt(body.house.freeBalance)).toBe(
      BigInt(body.house.balance) - BigInt(body.house.rent) - BigInt(body.house.outstanding),
    );
    expect(body.house).toMatchObject({ paused: false, authority: chain.signers.authority.address });
    expect(body.house.settler).toBe(chain.signers.settler.address);
    expect(body.house.treasury).toBe(chain.addresses.treasury);
    expect(body.foresight).toMatchObject({
      config: configAddress,
      disabled: false,
      authority: chain.signers.authority.address,
      timelock: 300,
    });
  });

  it('pauses and resumes the wager games on chain', async () => {
    const before = await house();
    const paused = await call('POST', '/api/admin/pause', admin, { game: 'wager', paused: true });
    expect(paused.statusCode).toBe(200);
    expect(paused.json()).toEqual({
      success: true,
      game: 'wager',
      paused: true,
      signature: expect.any(String) as unknown,
    });
    expect(await chainState()).toEqual({ paused: true, disabled: false });
    const during = await house();
    expect(during.house.paused).toBe(true);
    // Only the flag changed.
    expect(during.house.settler).toBe(before.house.settler);
    expect(during.house.treasury).toBe(before.house.treasury);

    const resumed = await call('POST', '/api/admin/pause', admin, { game: 'wager', paused: false });
    expect(resumed.statusCode).toBe(200);
    expect(await chainState()).toEqual({ paused: false, disabled: false });
    expect((await house()).house.paused).toBe(false);
  });

  it('disables and enables Foresight on chain', async () => {
    const disabled = await call('POST', '/api/admin/pause', admin, { game: 'foresight', paused: true });
    expect(disabled.statusCode).toBe(200);
    expect(disabled.json()).toMatchObject({ success: true, game: 'foresight', paused: true });
    expect(await chainState()).toEqual({ paused: false, disabled: true });
    expect((await house()).foresight.disabled).toBe(true);

    const enabled = await call('POST', '/api/admin/pause', admin, { game: 'foresight', paused: false });
    expect(enabled.statusCode).toBe(200);
    expect(await chainState()).toEqual({ paused: false, disabled: false });
  });

  it.each([
    [{ game: 'tailspin', paused: true }, ADMIN_ERRORS.invalidGame],
    [{ paused: true }, ADMIN_ERRORS.invalidGame],
    [{ game: 'wager' }, ADMIN_ERRORS.invalidPaused],
    [{ game: 'wager', paused: 'true' }, ADMIN_ERRORS.invalidPaused],
    [[], ADMIN_ERRORS.invalidGame],
  ])('POST /pause refuses %j with 400 %j', async (payload, error) => {
    const response = await call('POST', '/api/admin/pause', admin, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ success: false, error, code: ApiErrorCode.VALIDATION_FAILED });
  });
});
