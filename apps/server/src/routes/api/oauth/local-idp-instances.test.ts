import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { generateKeyPairSigner } from '@solana/kit';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  createTestApp,
  signIn,
  startTestServer,
  type TestApp,
  type TestServer,
} from '../../../../test/harness.ts';
import { loadOrCreateLocalIdpSecrets, localAccountId } from '../../../oauth/local-idp.ts';
import { createPkcePair } from '../../../oauth/oauth-provider.ts';

const PUBLIC_URL = 'http://127.0.0.1:8080';
const ISSUER_PATH = '/api/oauth/local-idp';
const DISCORD_CALLBACK = `${PUBLIC_URL}/api/oauth/discord/callback`;

/** Cookies carried between requests to any instance, as one browser behind the load balancer would. */
class CookieJar {
  readonly #cookies = new Map<string, { value: string; path: string }>();

  store(response: LightMyRequestResponse): void {
    for (const cookie of response.cookies as {
      name: string;
      value: string;
      path?: string;
      maxAge?: number;
    }[]) {
      const key = `${cookie.name};${cookie.path ?? '/'}`;
      if (cookie.maxAge === 0) this.#cookies.delete(key);
      else this.#cookies.set(key, { value: cookie.value, path: cookie.path ?? '/' });
    }
  }

  header(path: string): string {
    return [...this.#cookies.entries()]
      .filter(([, cookie]) => path.startsWith(cookie.path))
      .map(([key, cookie]) => `${key.split(';')[0] ?? ''}=${cookie.value}`)
      .join('; ');
  }
}

/** The path and query of a Location (inject has no network). */
function pathOf(location: string | string[] | number | undefined): string {
  expect(typeof location).toBe('string');
  const url = new URL(String(location), PUBLIC_URL);
  return `${url.pathname}${url.search}`;
}

async function get(app: FastifyInstance, jar: CookieJar, url: string): Promise<LightMyRequestResponse> {
  const response = await app.inject({
    method: 'GET',
    url,
    headers: { cookie: jar.header(url.split('?')[0] ?? '') },
  });
  jar.store(response);
  return response;
}

async function postForm(
  app: FastifyInstance,
  jar: CookieJar,
  url: string,
  form: Record<string, string>,
): Promise<LightMyRequestResponse> {
  const response = await app.inject({
    method: 'POST',
    url,
    headers: { cookie: jar.header(url), 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(form).toString(),
  });
  jar.store(response);
  return response;
}

describe('the local identity provider on two server instances sharing one database and DATA_DIR', () => {
  const jwtSecret = randomBytes(32);
  let first: TestServer;
  let second: TestApp;
  let a: FastifyInstance;
  let b: FastifyInstance;

  beforeAll(async () => {
    first = await startTestServer({ jwtSecret });
    second = await createTestApp({ db: first.db, chain: first.chain, jwtSecret });
    a = first.app;
    b = second.app;
  }, 180_000);

  afterAll(async () => {
    await second.close();
    await first.close();
  }, 60_000);

  it('links an account when every step of the browser flow lands on the other instance', async () => {
    const signer = await generateKeyPairSigner();
    const token = (await signIn(a, signer)).slice('Bearer '.length);
    const jar = new CookieJar();

    const link = await a.inject({
      method: 'POST',
      url: '/api/oauth/discord/start',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(link.statusCode).toBe(200);
    const start = await get(b, jar, link.json<{ url: string }>().url);
    expect(start.statusCode).toBe(302);
    const authorize = await get(a, jar, pathOf(start.headers.location));
    expect(authorize.statusCode).toBe(303);
    const loginPath = pathOf(authorize.headers.location);
    const page = await get(b, jar, loginPath);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Sign in to local Discord</title>');
    const login = await postForm(a, jar, loginPath, { name: 'Hopper', action: 'login' });
    expect(login.statusCode).toBe(303);
    const resume = await get(b, jar, pathOf(login.headers.location));
    expect(resume.statusCode).toBe(303);
    expect(String(resume.headers.location).startsWith(`${DISCORD_CALLBACK}?`)).toBe(true);
    const callback = await get(a, jar, pathOf(resume.headers.location));
    expect(callback.statusCode).toBe(302);
    expect(Object.fromEntries(new URL(String(callback.headers.location)).searchParams)).toEqual({
      linked: 'discord',
    });

    const [row] = await first.db.query('SELECT discord_id, discord_username FROM users WHERE address = $1', [
      signer.address,
    ]);
    expect(row).toEqual({ discord_id: localAccountId('discord', 'Hopper'), discord_username: 'Hopper' });
  });

  /** An authorization code for `name`, begun on `a`, logged in on `b`, issued on `a`. */
  async function codeFor(name: string): Promise<{ code: string; codeVerifier: string }> {
    const jar = new CookieJar();
    const pkce = createPkcePair();
    const query = new URLSearchParams({
      client_id: 'local-discord',
      redirect_uri: DISCORD_CALLBACK,
      response_type: 'code',
      scope: 'openid profile',
      state: randomBytes(16).toString('base64url'),
      code_challenge: pkce.codeChallenge,
      code_challenge_method: 'S256',
      prompt: 'login',
    });
    const authorize = await get(a, jar, `${ISSUER_PATH}/auth?${query.toString()}`);
    expect(authorize.statusCode).toBe(303);
    const loginPath = pathOf(authorize.headers.location);
    const login = await postForm(b, jar, loginPath, { name, action: 'login' });
    expect(login.statusCode).toBe(303);
    const resume = await get(a, jar, pathOf(login.headers.location));
    expect(resume.statusCode).toBe(303);
    const code = new URL(String(resume.headers.location)).searchParams.get('code');
    expect(code).toEqual(expect.any(String));
    return { code: code!, codeVerifier: pkce.codeVerifier };
  }

  function clientSecret(): string {
    const secrets = JSON.parse(readFileSync(join(first.env.DATA_DIR, 'oauth', 'local-idp.json'), 'utf8')) as {
      clientSecrets: { discord: string };
    };
    return secrets.clientSecrets.discord;
  }

  async function exchange(
    app: FastifyInstance,
    code: string,
    codeVerifier: string,
  ): Promise<LightMyRequestResponse> {
    return app.inject({
      method: 'POST',
      url: `${ISSUER_PATH}/token`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        code_verifier: codeVerifier,
        redirect_uri: DISCORD_CALLBACK,
        client_id: 'local-discord',
        client_secret: clientSecret(),
      }).toString(),
    });
  }

  async function userinfo(app: FastifyInstance, accessToken: string): Promise<LightMyRequestResponse> {
    return app.inject({
      method: 'GET',
      url: `${ISSUER_PATH}/me`,
      headers: { authorization: `Bearer ${accessToken}` },
    });
  }

  it('trades a code issued on one instance on the other, and refuses it when it comes back to the first', async () => {
    const { code, codeVerifier } = await codeFor('Grace');
    const traded = await exchange(b, code, codeVerifier);
    expect(traded.statusCode).toBe(200);
    const accessToken = traded.json<{ access_token: string }>().access_token;
    // The name typed on the second instance, read on the first.
    const me = await userinfo(a, accessToken);
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual({ sub: localAccountId('discord', 'Grace'), preferred_username: 'Grace' });

    const replay = await exchange(a, code, codeVerifier);
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toMatchObject({ error: 'invalid_grant' });
    // A replayed code ends what it was traded for, on every instance.
    expect((await userinfo(b, accessToken)).statusCode).toBe(401);
    expect((await userinfo(a, accessToken)).statusCode).toBe(401);
  });

  it('lets only one of two simultaneous trades of a code, on different instances, through', async () => {
    const { code, codeVerifier } = await codeFor('Ada');
    const [one, two] = await Promise.all([exchange(a, code, codeVerifier), exchange(b, code, codeVerifier)]);
    expect([one.statusCode, two.statusCode].sort()).toEqual([200, 400]);
    expect((one.statusCode === 400 ? one : two).json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('uses the one key file both instances start on', async () => {
    const jwks = await Promise.all(
      [a, b].map(async (app) =>
        (await app.inject({ method: 'GET', url: `${ISSUER_PATH}/jwks` })).json<unknown>(),
      ),
    );
    expect(jwks[1]).toEqual(jwks[0]);
  });
});

describe('loadOrCreateLocalIdpSecrets', () => {
  it('gives instances starting together on an empty DATA_DIR the same secrets, from one private file', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'local-idp-'));
    try {
      const loaded = await Promise.all(Array.from({ length: 4 }, () => loadOrCreateLocalIdpSecrets(dataDir)));
      for (const secrets of loaded) expect(secrets).toEqual(loaded[0]);
      expect(readdirSync(join(dataDir, 'oauth'))).toEqual(['local-idp.json']);
      expect(statSync(join(dataDir, 'oauth', 'local-idp.json')).mode & 0o777).toBe(0o600);
      expect(await loadOrCreateLocalIdpSecrets(dataDir)).toEqual(loaded[0]);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
