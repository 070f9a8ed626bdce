/**
 * The auth checks run before a body or query is validated, on every route that needs a token: a caller
 * without one gets 401, a blocked wallet 403 and a player on an admin route 403, whatever they sent, so
 * no one learns a route's rules (or gets a 400 in place of a refusal) without the right to call it.
 */

import { ApiErrorCode } from '@arcade/sdk/api/error-codes';
import rateLimit from '@fastify/rate-limit';
import { generateKeyPairSigner } from '@solana/kit';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { signIn, startTestServer, type TestServer } from '../../test/harness.ts';
import { operationsOf, type OpenApiDocument } from '../../test/openapi-contract.ts';
import authPlugin from './auth.ts';

let t: TestServer;
let playerToken: string;
let blockedToken: string;

interface Operation {
  readonly method: 'GET' | 'POST' | 'DELETE' | 'PUT' | 'PATCH';
  /** The OpenAPI path with each `{param}` filled with a value its schema refuses. */
  readonly url: string;
}
let secured: Operation[] = [];

/** The operator's routes, in the document's order (path parameters filled with a refused value). */
const ADMIN_OPERATIONS = [
  'POST /api/prophecy/createMarket',
  'POST /api/prophecy/updateMarket',
  'POST /api/prophecy/resolveMarket',
  'GET /api/prophecy/requests',
  'POST /api/prophecy/requests/%00not-valid/approve',
  'POST /api/prophecy/requests/%00not-valid/reject',
  'GET /api/admin/blocked',
  'POST /api/admin/blocked',
  'DELETE /api/admin/blocked/%00not-valid',
  'GET /api/admin/house',
  'POST /api/admin/pause',
];

/** A body no route accepts: wrong types in every field a route could name. */
const HOSTILE_BODY = { address: 42, name: '', shortName: '', text: null, marketId: 'x', amount: -1 };

beforeAll(async () => {
  t = await startTestServer();
  playerToken = await signIn(t.app, await generateKeyPairSigner());
  const blocked = await generateKeyPairSigner();
  blockedToken = await signIn(t.app, blocked);
  await t.app.repositories.blockedWallets.block(blocked.address, 'spam', t.admins[0]!.address);
  const document = (await t.app.inject({ url: '/api/docs/json' })).json<OpenApiDocument>();
  secured = operationsOf(document)
    .filter(({ operation }) => (operation.security?.length ?? 0) > 0)
    .map(({ method, path }) => ({
      method: method as Operation['method'],
      url: path.replaceAll(/\{[^}]+\}/g, '%00not-valid'),
    }));
});
afterAll(() => t.close());

function send(operation: Operation, token: string | null) {
  return t.app.inject({
    method: operation.method,
    url: `${operation.url}?limit=-5&offset=x`,
    headers: token === null ? {} : { authorization: token },
    ...(operation.method === 'GET' || operation.method === 'DELETE' ? {} : { payload: HOSTILE_BODY }),
  });
}

describe('auth before validation', () => {
  it('finds the secured routes in the OpenAPI document', () => {
    expect(secured.length).toBeGreaterThan(15);
  });

  it('answers 401 Missing token before looking at the request, on every secured route', async () => {
    for (const operation of secured) {
      const response = await send(operation, null);
      expect({ ...operation, status: response.statusCode, body: response.json<unknown>() }).toEqual({
        ...operation,
        status: 401,
        body: { success: false, error: 'Missing token', code: ApiErrorCode.MISSING_TOKEN },
      });
    }
  });

  it('answers 403 to a blocked wallet before looking at the request, on every secured route', async () => {
    for (const operation of secured) {
      const response = await send(operation, blockedToken);
      expect({ ...operation, status: response.statusCode, body: response.json<unknown>() }).toEqual({
        ...operation,
        status: 403,
        body: { success: false, error: 'Wallet is blocked', code: ApiErrorCode.WALLET_BLOCKED },
      });
    }
  });

  it('answers 403 Admins only to a player on every admin route, whatever the body', async () => {
    const refused: { operation: string; body: unknown }[] = [];
    // Signing out would revoke the token the next operations send.
    for (const operation of secured.filter(({ url }) => url !== '/api/user/signout')) {
      const response = await send(operation, playerToken);
      if (response.statusCode === 403)
        refused.push({ operation: `${operation.method} ${operation.url}`, body: response.json<unknown>() });
    }
    expect(refused).toEqual(
      ADMIN_OPERATIONS.map((operation) => ({
        operation,
        body: { success: false, error: 'Admins only', code: ApiErrorCode.ADMINS_ONLY },
      })),
    );
  });

  it('createMarket without a token is 401, not the name rule', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/prophecy/createMarket',
      payload: { shortName: '' },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      success: false,
      error: 'Missing token',
      code: ApiErrorCode.MISSING_TOKEN,
    });
  });

  it('refuses to declare a route that authenticates after validation', async () => {
    const app = Fastify();
    await app.register(rateLimit, { global: false });
    app.decorate('env', t.env);
    await app.register(authPlugin, { secret: 'x'.repeat(32) });
    app.post('/api/early-auth', { preValidation: app.authenticate }, () => ({ success: true }));
    expect(() =>
      app.post('/api/late-auth', { preHandler: [app.authenticate] }, () => ({ success: true })),
    ).toThrow('POST /api/late-auth: authenticate before validation (preValidation)');
    await app.close();
  });
});
