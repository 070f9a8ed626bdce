import { generateKeyPairSigner, type KeyPairSigner } from '@solana/kit';
import { ApiErrorCode } from '@arcade/sdk/api/error-codes';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { createHash } from 'node:crypto';
import { statSync } from 'node:fs';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestApp, signIn, startTestServer, type TestServer } from '../../../../test/harness.ts';
import { localAccountId } from '../../../oauth/local-idp.ts';

/** Cookies carried between `inject` calls, as a browser would (by name and path). */
class CookieJar {
  readonly #cookies = new Map<string, { value: string; path: string }>();

  store(response: LightMyRequestResponse): void {
    for (const cookie of response.cookies as {
      name: string;
      value: string;
      path?: string;
      maxAge?: number;
      expires?: Date;
    }[]) {
      const expired =
        cookie.maxAge === 0 || (cookie.expires !== undefined && cookie.expires.getTime() <= Date.now());
      const key = `${cookie.name};${cookie.path ?? '/'}`;
      if (expired) this.#cookies.delete(key);
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

/** The path and query of a Location, with the origin dropped (inject has no network). */
function pathOf(location: string | undefined): string {
  expect(location).toBeDefined();
  const url = new URL(location!, 'http://127.0.0.1:8080');
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

const PUBLIC_URL = 'http://127.0.0.1:8080';
const ISSUER = `${PUBLIC_URL}/api/oauth/local-idp`;

/** The web app URL's query, after a redirect back to it. */
function webAppQuery(response: LightMyRequestResponse): Record<string, string> {
  expect(response.statusCode).toBe(302);
  const url = new URL(String(response.headers.location));
  expect(`${url.origin}${url.pathname}`).toBe(`${PUBLIC_URL}/`);
  return Object.fromEntries(url.searchParams);
}

describe('OAuth linking on the local identity provider', () => {
  let test: TestServer;
  let app: FastifyInstance;

  beforeAll(async () => {
    test = await startTestServer();
    app = test.app;
  }, 180_000);

  afterAll(() => test.close(), 60_000);

  async function newUser(): Promise<{ signer: KeyPairSigner; auth: string; token: string }> {
    const signer = await generateKeyPairSigner();
    const auth = await signIn(app, signer);
    return { signer, auth, token: auth.slice('Bearer '.length) };
  }

  /** A link code's start path from `POST /api/oauth/{provider}/start`, as the web app gets it. */
  async function startLink(provider: string, token: string): Promise<string> {
    const response = await app.inject({
      method: 'POST',
      url: `/api/oauth/${provider}/start`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ success: boolean; url: string }>();
    expect(body.success).toBe(true);
    return body.url;
  }

  /** The login page of a fresh authorization request, from `GET /api/oauth/{provider}?code=`. */
  async function openLoginPage(provider: string, token: string, jar = new CookieJar()) {
    const start = await get(app, jar, await startLink(provider, token));
    expect(start.statusCode).toBe(302);
    const authorize = await get(app, jar, pathOf(start.headers.location));
    expect(authorize.statusCode).toBe(303);
    const loginPath = pathOf(authorize.headers.location);
    const page = await get(app, jar, loginPath);
    return { jar, start, loginPath, page };
  }

  async function submit(jar: CookieJar, loginPath: string, form: string): Promise<LightMyRequestResponse> {
    const response = await app.inject({
      method: 'POST',
      url: loginPath,
      headers: { cookie: jar.header(loginPath), 'content-type': 'application/x-www-form-urlencoded' },
      payload: form,
    });
    jar.store(response);
    return response;
  }

  /** Logs in as `name` and returns the callback URL the provider sends the browser to (not yet followed). */
  async function authorizeAs(
    provider: string,
    token: string,
    name: string,
  ): Promise<{ jar: CookieJar; callback: string }> {
    const { jar, loginPath } = await openLoginPage(provider, token);
    const login = await submit(jar, loginPath, `name=${encodeURIComponent(name)}&action=login`);
    expect(login.statusCode).toBe(303);
    const resume = await get(app, jar, pathOf(login.headers.location));
    expect(resume.statusCode).toBe(303);
    const callback = String(resume.headers.location);
    expect(callback.startsWith(`${PUBLIC_URL}/api/oauth/${provider}/callback?`)).toBe(true);
    return { jar, callback: pathOf(callback) };
  }

  async function profileOf(address: string): Promise<Record<string, unknown>> {
    const response = await app.inject({ method: 'GET', url: `/api/user/${address}` });
    expect(response.statusCode).toBe(200);
    return response.json<Record<string, unknown>>();
  }

  it('links a local Discord account through the whole browser flow', async () => {
    const { signer, token } = await newUser();
    const jar = new CookieJar();
    const link = await startLink('discord', token);
    // The session token is never in the URL: only a single-use code.
    expect(link).toMatch(/^\/api\/oauth\/discord\?code=[\w-]{43}$/);
    expect(link).not.toContain(token);
    const start = await get(app, jar, link);
    expect(start.statusCode).toBe(302);
    expect(start.headers['cache-control']).toBe('no-store');
    expect(start.headers['referrer-policy']).toBe('no-referrer');
    const authorizeUrl = new URL(String(start.headers.location));
    expect(`${authorizeUrl.origin}${authorizeUrl.pathname}`).toBe(`${ISSUER}/auth`);
    const params = Object.fromEntries(authorizeUrl.searchParams);
    expect(params).toMatchObject({
      response_type: 'code',
      client_id: 'local-discord',
      redirect_uri: `${PUBLIC_URL}/api/oauth/discord/callback`,
      scope: 'openid profile',
      code_challenge_method: 'S256',
      prompt: 'login',
    });
    expect(params.state).toMatch(/^[\w-]{43}$/);
    expect(params.code_challenge).toMatch(/^[\w-]{43}$/);

    const authorize = await get(app, jar, pathOf(start.headers.location));
    expect(authorize.statusCode).toBe(303);
    const loginPath = pathOf(authorize.headers.location);
    expect(loginPath).toMatch(/^\/api\/oauth\/local-idp\/interaction\/[\w-]+$/);

    const page = await get(app, jar, loginPath);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    expect(page.body).toContain('<title>Sign in to local Discord</title>');
    expect(page.body).toContain(`<form method="post" action="${loginPath}">`);
    expect(page.body).toContain('name="name"');
    expect(page.body).not.toMatch(/<script|https?:\/\//);

    const login = await submit(jar, loginPath, 'name=alice&action=login');
    expect(login.statusCode).toBe(303);
    const resume = await get(app, jar, pathOf(login.headers.location));
    expect(resume.statusCode).toBe(303);
    const back = new URL(String(resume.headers.location));
    expect(`${back.origin}${back.pathname}`).toBe(`${PUBLIC_URL}/api/oauth/discord/callback`);
    expect(back.searchParams.get('state')).toBe(params.state);
    expect(back.searchParams.get('iss')).toBe(ISSUER);

    const callback = await get(app, jar, pathOf(resume.headers.location));
    expect(webAppQuery(callback)).toEqual({ linked: 'discord' });

    const [row] = await test.db.query(
      'SELECT discord_id, discord_username, twitter_id FROM users WHERE address = $1',
      [signer.address],
    );
    expect(row).toEqual({
      discord_id: localAccountId('discord', 'alice'),
      discord_username: 'alice',
      twitter_id: null,
    });
    expect(await profileOf(signer.address)).toMatchObject({
      discordId: localAccountId('discord', 'alice'),
      discordUsername: 'alice',
      twitterId: null,
      twitterUsername: null,
    });
  });

  it('links a local X account (HTTP Basic client authentication) to the twitter fields', async () => {
    const { signer, token } = await newUser();
    const { page } = await openLoginPage('twitter', token);
    expect(page.body).toContain('<title>Sign in to local X</title>');
    const { jar, callback } = await authorizeAs('twitter', token, 'Bob.the-builder_2');
    expect(webAppQuery(await get(app, jar, callback))).toEqual({ linked: 'twitter' });
    expect(await profileOf(signer.address)).toMatchObject({
      twitterId: localAccountId('twitter', 'Bob.the-builder_2'),
      twitterUsername: 'Bob.the-builder_2',
      discordId: null,
    });
  });

  it('maps a name to the same account every time, ignoring case, and different accounts per provider', () => {
    expect(localAccountId('discord', 'Carol')).toBe(localAccountId('discord', 'carol'));
    expect(localAccountId('discord', 'carol')).not.toBe(localAccountId('twitter', 'carol'));
    expect(localAccountId('discord', 'carol')).toMatch(/^\d{1,19}$/);
  });

  it('relinking replaces the wallet’s account, and the same account links again to the same wallet', async () => {
    const { signer, token } = await newUser();
    for (const name of ['dave', 'Dave2', 'dave']) {
      const { jar, callback } = await authorizeAs('discord', token, name);
      expect(webAppQuery(await get(app, jar, callback))).toEqual({ linked: 'discord' });
      expect(await profileOf(signer.address)).toMatchObject({
        discordId: localAccountId('discord', name),
        discordUsername: name,
      });
    }
  });

  it('refuses an account already linked to another wallet', async () => {
    const first = await newUser();
    const second = await newUser();
    const one = await authorizeAs('discord', first.token, 'erin');
    expect(webAppQuery(await get(app, one.jar, one.callback))).toEqual({ linked: 'discord' });
    const two = await authorizeAs('discord', second.token, 'Erin');
    expect(webAppQuery(await get(app, two.jar, two.callback))).toEqual({
      oauthError: 'This account is linked to another wallet',
      errorCode: String(ApiErrorCode.OAUTH_LINKED_TO_ANOTHER_WALLET),
      provider: 'discord',
    });
    expect(await profileOf(second.signer.address)).toMatchObject({ discordId: null, discordUsername: null });
    expect(await profileOf(first.signer.address)).toMatchObject({
      discordId: localAccountId('discord', 'erin'),
    });
  });

  it('refuses a replayed state', async () => {
    const { signer, token } = await newUser();
    const { jar, callback } = await authorizeAs('discord', token, 'frank');
    expect(webAppQuery(await get(app, jar, callback))).toEqual({ linked: 'discord' });
    await app.inject({
      method: 'POST',
      url: '/api/oauth/unlinkDiscord',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(webAppQuery(await get(app, jar, callback))).toEqual({
      oauthError: 'This link request is invalid or has expired',
      errorCode: String(ApiErrorCode.OAUTH_LINK_INVALID),
      provider: 'discord',
    });
    expect(await profileOf(signer.address)).toMatchObject({ discordId: null });
  });

  it('refuses an expired state (ten minutes)', async () => {
    const { signer, token } = await newUser();
    const { jar, callback } = await authorizeAs('discord', token, 'grace');
    test.clock.advance(10 * 60_000);
    expect(webAppQuery(await get(app, jar, callback))).toEqual({
      oauthError: 'This link request is invalid or has expired',
      errorCode: String(ApiErrorCode.OAUTH_LINK_INVALID),
      provider: 'discord',
    });
    expect(await profileOf(signer.address)).toMatchObject({ discordId: null });
  });

  it('accepts a state just inside its ten minutes', async () => {
    const { token } = await newUser();
    const { jar, callback } = await authorizeAs('discord', token, 'heidi');
    test.clock.advance(10 * 60_000 - 1_000);
    expect(webAppQuery(await get(app, jar, callback))).toEqual({ linked: 'discord' });
  });

  it('refuses a state used at the other provider’s callback, and uses it up', async () => {
    const { token } = await newUser();
    const { jar, callback } = await authorizeAs('discord', token, 'ivan');
    const swapped = callback.replace('/api/oauth/discord/callback', '/api/oauth/twitter/callback');
    expect(webAppQuery(await get(app, jar, swapped))).toEqual({
      oauthError: 'This link request is invalid or has expired',
      errorCode: String(ApiErrorCode.OAUTH_LINK_INVALID),
      provider: 'twitter',
    });
    expect(webAppQuery(await get(app, jar, callback))).toMatchObject({
      oauthError: 'This link request is invalid or has expired',
    });
  });

  it('refuses callbacks without a code or state, or with forged or repeated ones', async () => {
    for (const query of [
      '',
      '?code=abc',
      '?state=abc',
      '?code=abc&state=forged',
      '?code=a&code=b&state=c',
      '?state=a&state=b&code=c',
    ]) {
      const response = await app.inject({ method: 'GET', url: `/api/oauth/discord/callback${query}` });
      expect(webAppQuery(response)).toEqual({
        oauthError: 'This link request is invalid or has expired',
        errorCode: String(ApiErrorCode.OAUTH_LINK_INVALID),
        provider: 'discord',
      });
    }
  });

  it('reports a denial from the provider, and the state cannot be used afterwards', async () => {
    const { token } = await newUser();
    const { jar, loginPath } = await openLoginPage('discord', token);
    const cancel = await submit(jar, loginPath, 'action=cancel');
    expect(cancel.statusCode).toBe(303);
    const resume = await get(app, jar, pathOf(cancel.headers.location));
    const back = new URL(String(resume.headers.location));
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(webAppQuery(await get(app, jar, pathOf(resume.headers.location)))).toEqual({
      oauthError: 'Authorization was denied',
      errorCode: String(ApiErrorCode.OAUTH_DENIED),
      provider: 'discord',
    });
    const state = back.searchParams.get('state')!;
    const replay = await app.inject({
      method: 'GET',
      url: `/api/oauth/discord/callback?code=x&state=${state}`,
    });
    expect(webAppQuery(replay).oauthError).toBe('This link request is invalid or has expired');
    const other = await app.inject({ method: 'GET', url: '/api/oauth/twitter/callback?error=server_error' });
    expect(webAppQuery(other)).toEqual({
      oauthError: 'X refused the authorization',
      errorCode: String(ApiErrorCode.OAUTH_PROVIDER_FAILED),
      provider: 'twitter',
    });
  });

  it('keeps the login page on a name it refuses, escaped', async () => {
    const { token } = await newUser();
    const { jar, loginPath } = await openLoginPage('discord', token);
    for (const name of ['', '   ', '<script>alert(1)</script>', 'a'.repeat(33), 'two words']) {
      const response = await submit(jar, loginPath, `name=${encodeURIComponent(name)}&action=login`);
      expect(response.statusCode).toBe(400);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.body).toContain('Use 1 to 32 letters, digits, _, . or -');
      expect(response.body).not.toContain('<script>');
    }
    const escaped = await submit(jar, loginPath, `name=${encodeURIComponent('"><b>x')}&action=login`);
    expect(escaped.body).toContain('value="&#34;&#62;&#60;b&#62;x"');
    // The request is still alive after the refusals.
    expect((await submit(jar, loginPath, 'name=judy&action=login')).statusCode).toBe(303);
  });

  it('shows an expired page for an unknown interaction or one without its cookie', async () => {
    const { token } = await newUser();
    const { loginPath } = await openLoginPage('discord', token);
    for (const response of [
      await app.inject({ method: 'GET', url: loginPath }),
      await app.inject({ method: 'GET', url: '/api/oauth/local-idp/interaction/unknown' }),
      await app.inject({
        method: 'POST',
        url: loginPath,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'name=x&action=login',
      }),
    ]) {
      expect(response.statusCode).toBe(400);
      expect(response.body).toContain('This sign-in request is unknown or has expired.');
    }
    const bad = await app.inject({ method: 'GET', url: '/api/oauth/local-idp/interaction/has%20space' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      success: false,
      error: 'Invalid interaction',
      code: ApiErrorCode.VALIDATION_FAILED,
    });
  });

  it('sends a browser without a usable link code back to the web app with the reason', async () => {
    const { token } = await newUser();
    const unused = (await startLink('twitter', token)).split('code=')[1] ?? '';
    const missing = ['Missing link code', ApiErrorCode.OAUTH_LINK_CODE_MISSING] as const;
    const invalid = ['This link request is invalid or has expired', ApiErrorCode.OAUTH_LINK_INVALID] as const;
    const cases: [string, readonly [string, number]][] = [
      ['', missing],
      ['?code=', missing],
      // The old way, a session token in the URL, no longer starts anything.
      [`?token=${token}`, missing],
      ['?code=forged', invalid],
      [`?code=${unused}&code=${unused}`, invalid],
      [`?code=${'x'.repeat(200)}`, invalid],
    ];
    for (const [query, [message, code]] of cases) {
      const response = await app.inject({ method: 'GET', url: `/api/oauth/twitter${query}` });
      expect(response.headers['cache-control'], query).toBe('no-store');
      expect(webAppQuery(response), query).toEqual({
        oauthError: message,
        errorCode: String(code),
        provider: 'twitter',
      });
    }
    // A repeated code did not use it up.
    expect((await app.inject({ method: 'GET', url: `/api/oauth/twitter?code=${unused}` })).statusCode).toBe(
      302,
    );
  });

  it('starts one authorization per link code', async () => {
    const { token } = await newUser();
    const link = await startLink('discord', token);
    const first = await app.inject({ method: 'GET', url: link });
    expect(String(first.headers.location).startsWith(`${ISSUER}/auth?`)).toBe(true);
    const again = await app.inject({ method: 'GET', url: link });
    expect(webAppQuery(again)).toEqual({
      oauthError: 'This link request is invalid or has expired',
      errorCode: String(ApiErrorCode.OAUTH_LINK_INVALID),
      provider: 'discord',
    });
  });

  it('expires a link code after 60 seconds', async () => {
    const { token } = await newUser();
    const inside = await startLink('discord', token);
    test.clock.advance(59_000);
    const early = await app.inject({ method: 'GET', url: inside });
    expect(String(early.headers.location).startsWith(`${ISSUER}/auth?`)).toBe(true);

    const late = await startLink('discord', token);
    test.clock.advance(60_000);
    expect(webAppQuery(await app.inject({ method: 'GET', url: late }))).toEqual({
      oauthError: 'This link request is invalid or has expired',
      errorCode: String(ApiErrorCode.OAUTH_LINK_INVALID),
      provider: 'discord',
    });
  });

  it('refuses a link code at the other provider, and uses it up', async () => {
    const { token } = await newUser();
    const link = await startLink('discord', token);
    const swapped = link.replace('/api/oauth/discord?', '/api/oauth/twitter?');
    expect(webAppQuery(await app.inject({ method: 'GET', url: swapped }))).toEqual({
      oauthError: 'This link request is invalid or has expired',
      errorCode: String(ApiErrorCode.OAUTH_LINK_INVALID),
      provider: 'twitter',
    });
    expect(webAppQuery(await app.inject({ method: 'GET', url: link }))).toMatchObject({
      oauthError: 'This link request is invalid or has expired',
    });
  });

  it('refuses a link code of a wallet blocked since it was issued', async () => {
    const user = await newUser();
    const link = await startLink('discord', user.token);
    await test.db.query('INSERT INTO blocked_wallets (address, blocked_by) VALUES ($1, $2)', [
      user.signer.address,
      'test',
    ]);
    expect(webAppQuery(await app.inject({ method: 'GET', url: link }))).toEqual({
      oauthError: 'Wallet is blocked',
      errorCode: String(ApiErrorCode.WALLET_BLOCKED),
      provider: 'discord',
    });
    const refused = await app.inject({
      method: 'POST',
      url: '/api/oauth/discord/start',
      headers: { authorization: user.auth },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      success: false,
      error: 'Wallet is blocked',
      code: ApiErrorCode.WALLET_BLOCKED,
    });
  });

  it('POST /api/oauth/{provider}/start needs a valid session token', async () => {
    const anonymous = await app.inject({ method: 'POST', url: '/api/oauth/discord/start' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({
      success: false,
      error: 'Missing token',
      code: ApiErrorCode.MISSING_TOKEN,
    });
    const invalid = await app.inject({
      method: 'POST',
      url: '/api/oauth/twitter/start',
      headers: { authorization: 'Bearer nope' },
    });
    expect(invalid.statusCode).toBe(401);
    expect(invalid.json()).toEqual({
      success: false,
      error: 'Invalid token',
      code: ApiErrorCode.INVALID_TOKEN,
    });
  });

  it('answers 404 Unknown provider for anything but discord and twitter', async () => {
    const { auth } = await newUser();
    for (const [method, url] of [
      ['GET', '/api/oauth/github?code=abc'],
      ['POST', '/api/oauth/github/start'],
      ['GET', '/api/oauth/x'],
      ['GET', '/api/oauth/Discord'],
      ['GET', '/api/oauth/github/callback?code=a&state=b'],
      ['POST', '/api/oauth/github/link'],
    ] as const) {
      const response = await app.inject({ method, url, headers: { authorization: auth } });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        success: false,
        error: 'Unknown provider',
        code: ApiErrorCode.OAUTH_UNKNOWN_PROVIDER,
      });
    }
  });

  it('answers 400 for a provider name longer than any provider’s, on the browser navigations too', async () => {
    const long = 'd'.repeat(33);
    for (const url of [`/api/oauth/${long}?code=abc`, `/api/oauth/${long}/callback?code=a&state=b`]) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toEqual({
        success: false,
        error: 'params.provider: Too big: expected string to have <=32 characters',
        code: ApiErrorCode.VALIDATION_FAILED,
      });
    }
  });

  it('POST /api/oauth/{provider}/link returns the authorization URL to signed-in wallets only', async () => {
    const { signer, auth } = await newUser();
    const response = await app.inject({
      method: 'POST',
      url: '/api/oauth/discord/link',
      headers: { authorization: auth },
    });
    expect(response.statusCode).toBe(200);
    const { success, url } = response.json<{ success: boolean; url: string }>();
    expect(success).toBe(true);
    expect(url.startsWith(`${ISSUER}/auth?`)).toBe(true);
    expect(new URL(url).searchParams.get('client_id')).toBe('local-discord');

    // The URL works like the redirect's: the browser that fetched it (and got its cookie) can finish the link.
    const jar = new CookieJar();
    jar.store(response);
    const authorize = await get(app, jar, pathOf(url));
    const loginPath = pathOf(authorize.headers.location);
    await get(app, jar, loginPath);
    const login = await submit(jar, loginPath, 'name=kim&action=login');
    const resume = await get(app, jar, pathOf(login.headers.location));
    expect(webAppQuery(await get(app, jar, pathOf(resume.headers.location)))).toEqual({ linked: 'discord' });
    expect(await profileOf(signer.address)).toMatchObject({ discordUsername: 'kim' });

    const anonymous = await app.inject({ method: 'POST', url: '/api/oauth/twitter/link' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({
      success: false,
      error: 'Missing token',
      code: ApiErrorCode.MISSING_TOKEN,
    });
    const invalid = await app.inject({
      method: 'POST',
      url: '/api/oauth/twitter/link',
      headers: { authorization: 'Bearer nope' },
    });
    expect(invalid.statusCode).toBe(401);
    expect(invalid.json()).toEqual({
      success: false,
      error: 'Invalid token',
      code: ApiErrorCode.INVALID_TOKEN,
    });
  });

  it('unlinks Discord and X for the signed-in wallet only', async () => {
    const owner = await newUser();
    const other = await newUser();
    for (const [provider, name] of [
      ['discord', 'leo'],
      ['twitter', 'leo'],
    ] as const) {
      const { jar, callback } = await authorizeAs(provider, owner.token, name);
      expect(webAppQuery(await get(app, jar, callback))).toEqual({ linked: provider });
    }
    for (const path of ['/api/oauth/unlinkDiscord', '/api/oauth/unlinkTwitter']) {
      const anonymous = await app.inject({ method: 'POST', url: path });
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toEqual({
        success: false,
        error: 'Missing token',
        code: ApiErrorCode.MISSING_TOKEN,
      });
      // Another wallet's unlink leaves the owner's links alone.
      const foreign = await app.inject({ method: 'POST', url: path, headers: { authorization: other.auth } });
      expect(foreign.json()).toEqual({ success: true });
    }
    expect(await profileOf(owner.signer.address)).toMatchObject({
      discordUsername: 'leo',
      twitterUsername: 'leo',
    });

    const discord = await app.inject({
      method: 'POST',
      url: '/api/oauth/unlinkDiscord',
      headers: { authorization: owner.auth },
    });
    expect(discord.statusCode).toBe(200);
    expect(discord.json()).toEqual({ success: true });
    expect(await profileOf(owner.signer.address)).toMatchObject({
      discordId: null,
      discordUsername: null,
      twitterId: localAccountId('twitter', 'leo'),
      twitterUsername: 'leo',
    });
    const twitter = await app.inject({
      method: 'POST',
      url: '/api/oauth/unlinkTwitter',
      headers: { authorization: owner.auth },
    });
    expect(twitter.json()).toEqual({ success: true });
    expect(await profileOf(owner.signer.address)).toMatchObject({ twitterId: null, twitterUsername: null });
    // Unlinking twice is fine, and the account can now link to another wallet.
    const again = await app.inject({
      method: 'POST',
      url: '/api/oauth/unlinkTwitter',
      headers: { authorization: owner.auth },
    });
    expect(again.json()).toEqual({ success: true });
    const relink = await authorizeAs('twitter', other.token, 'leo');
    expect(webAppQuery(await get(app, relink.jar, relink.callback))).toEqual({ linked: 'twitter' });
  });

  it('unlinking needs a POST and a valid token', async () => {
    const get404 = await app.inject({ method: 'GET', url: '/api/oauth/unlinkDiscord' });
    expect(get404.statusCode).toBe(404);
    expect(get404.json()).toEqual({
      success: false,
      error: 'Unknown provider',
      code: ApiErrorCode.OAUTH_UNKNOWN_PROVIDER,
    });
    const wrongScheme = await app.inject({
      method: 'POST',
      url: '/api/oauth/unlinkTwitter',
      headers: { authorization: 'Basic abc' },
    });
    expect(wrongScheme.statusCode).toBe(401);
    expect(wrongScheme.json()).toEqual({
      success: false,
      error: 'Invalid token',
      code: ApiErrorCode.INVALID_TOKEN,
    });
  });

  it('serves discovery, JWKS and refuses bad token requests with OAuth errors, not 5xx', async () => {
    const discovery = await app.inject({
      method: 'GET',
      url: '/api/oauth/local-idp/.well-known/openid-configuration',
      headers: { host: '127.0.0.1:8080' },
    });
    expect(discovery.statusCode).toBe(200);
    const metadata = discovery.json<Record<string, unknown>>();
    expect(metadata).toMatchObject({
      issuer: ISSUER,
      authorization_endpoint: `${ISSUER}/auth`,
      token_endpoint: `${ISSUER}/token`,
      userinfo_endpoint: `${ISSUER}/me`,
      jwks_uri: `${ISSUER}/jwks`,
      code_challenge_methods_supported: ['S256'],
    });
    const jwks = await app.inject({ method: 'GET', url: '/api/oauth/local-idp/jwks' });
    const keys = jwks.json<{ keys: Record<string, unknown>[] }>().keys;
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig' });
    expect(keys[0]).not.toHaveProperty('d');

    for (const payload of ['grant_type=authorization_code&code=nope', 'garbage', '']) {
      const token = await app.inject({
        method: 'POST',
        url: '/api/oauth/local-idp/token',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload,
      });
      expect(token.statusCode).toBeGreaterThanOrEqual(400);
      expect(token.statusCode).toBeLessThan(500);
      expect(token.json()).toHaveProperty('error');
    }
    const json = await app.inject({
      method: 'POST',
      url: '/api/oauth/local-idp/token',
      headers: { 'content-type': 'application/json' },
      payload: '{not json',
    });
    expect(json.statusCode).toBeGreaterThanOrEqual(400);
    expect(json.statusCode).toBeLessThan(500);
    const userinfo = await app.inject({
      method: 'GET',
      url: '/api/oauth/local-idp/me',
      headers: { authorization: 'Bearer nope' },
    });
    expect(userinfo.statusCode).toBe(401);
    const unknown = await app.inject({ method: 'GET', url: '/api/oauth/local-idp/nothing-here' });
    expect(unknown.statusCode).toBe(404);
  });

  it('refuses an authorization request with a foreign redirect URI or without PKCE', async () => {
    const base = { response_type: 'code', client_id: 'local-discord', scope: 'openid profile', state: 's' };
    const foreign = new URLSearchParams({
      ...base,
      redirect_uri: 'https://evil.example/callback',
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
    });
    const refusedRedirect = await app.inject({
      method: 'GET',
      url: `/api/oauth/local-idp/auth?${foreign.toString()}`,
    });
    expect(refusedRedirect.statusCode).toBe(400);
    expect(refusedRedirect.headers.location).toBeUndefined();
    expect(refusedRedirect.body).toContain(
      'redirect_uri did not match any of the client&#39;s registered redirect_uris',
    );

    const noPkce = new URLSearchParams({ ...base, redirect_uri: `${PUBLIC_URL}/api/oauth/discord/callback` });
    const refusedPkce = await app.inject({
      method: 'GET',
      url: `/api/oauth/local-idp/auth?${noPkce.toString()}`,
    });
    expect(refusedPkce.statusCode).toBe(303);
    const back = new URL(String(refusedPkce.headers.location));
    expect(back.searchParams.get('error')).toBe('invalid_request');
    expect(
      webAppQuery(await app.inject({ method: 'GET', url: pathOf(String(refusedPkce.headers.location)) }))
        .oauthError,
    ).toBe('Discord refused the authorization');
  });

  it('keeps its keys under DATA_DIR/oauth, private, and the same across restarts', async () => {
    const path = join(test.env.DATA_DIR, 'oauth', 'local-idp.json');
    expect(statSync(path).mode & 0o777).toBe(0o600);
    const before = (await app.inject({ method: 'GET', url: '/api/oauth/local-idp/jwks' })).json<unknown>();
    const restarted = await createTestApp({ db: test.db, chain: test.chain });
    try {
      const after = (
        await restarted.app.inject({ method: 'GET', url: '/api/oauth/local-idp/jwks' })
      ).json<unknown>();
      expect(after).toEqual(before);
    } finally {
      await restarted.close();
    }
  });

  /** From the provider's authorization URL, logs in as `name` in `jar`'s browser: the callback path. */
  async function loginAtProvider(jar: CookieJar, providerUrl: string, name: string): Promise<string> {
    const authorize = await get(app, jar, pathOf(providerUrl));
    expect(authorize.statusCode).toBe(303);
    const loginPath = pathOf(authorize.headers.location);
    expect((await get(app, jar, loginPath)).statusCode).toBe(200);
    const login = await submit(jar, loginPath, `name=${encodeURIComponent(name)}&action=login`);
    expect(login.statusCode).toBe(303);
    let resume = await get(app, jar, pathOf(login.headers.location));
    if (resume.statusCode === 200) {
      // Signed in at the provider as another account: its page ends that session (a browser's script
      // posts the form), then the authorization resumes.
      const action = /<form method="post" action="([^"]+)">/.exec(resume.body)?.[1];
      const fields = [...resume.body.matchAll(/<input type="hidden" name="(\w+)" value="([^"]*)"\/>/g)];
      const form = new URLSearchParams(
        fields.map(([, key = '', value = '']): [string, string] => [key, value]),
      );
      const confirm = await submit(jar, pathOf(action), form.toString());
      expect(confirm.statusCode).toBe(303);
      resume = await get(app, jar, pathOf(confirm.headers.location));
    }
    expect(resume.statusCode).toBe(303);
    return pathOf(resume.headers.location);
  }

  /** The `Set-Cookie` values of a response. */
  function setCookies(response: LightMyRequestResponse): string[] {
    const header = response.headers['set-cookie'];
    return header === undefined ? [] : Array.isArray(header) ? header : [header];
  }

  const OTHER_BROWSER = 'This link was started in another browser. Start again from your profile.';

  describe('binding the link to the browser that started it', () => {
    it('refuses a provider URL handed to another browser: no link, and the account stays linkable', async () => {
      const attacker = await newUser();
      const attackerJar = new CookieJar();
      const start = await get(app, attackerJar, await startLink('discord', attacker.token));
      expect(start.statusCode).toBe(302);
      const providerUrl = String(start.headers.location);
      expect(providerUrl.startsWith(`${ISSUER}/auth?`)).toBe(true);

      // Someone else's browser opens that URL, logs in at the provider and comes back without the cookie.
      const victimJar = new CookieJar();
      const callback = await loginAtProvider(victimJar, providerUrl, 'victor');
      const refused = await get(app, victimJar, callback);
      expect(webAppQuery(refused)).toEqual({
        oauthError: OTHER_BROWSER,
        errorCode: String(ApiErrorCode.OAUTH_OTHER_BROWSER),
        provider: 'discord',
      });
      expect(await profileOf(attacker.signer.address)).toMatchObject({
        discordId: null,
        discordUsername: null,
      });
      expect(
        await test.db.query('SELECT address FROM users WHERE discord_id = $1', [
          localAccountId('discord', 'victor'),
        ]),
      ).toEqual([]);
      // The state is used up: the starter's own browser cannot finish it afterwards either.
      expect(webAppQuery(await get(app, attackerJar, callback))).toEqual({
        oauthError: 'This link request is invalid or has expired',
        errorCode: String(ApiErrorCode.OAUTH_LINK_INVALID),
        provider: 'discord',
      });
      expect(await profileOf(attacker.signer.address)).toMatchObject({ discordId: null });

      // The account's owner links it to their own wallet.
      const victim = await newUser();
      const own = await authorizeAs('discord', victim.token, 'victor');
      expect(webAppQuery(await get(app, own.jar, own.callback))).toEqual({ linked: 'discord' });
      expect(await profileOf(victim.signer.address)).toMatchObject({
        discordId: localAccountId('discord', 'victor'),
        discordUsername: 'victor',
      });
    });

    it('refuses a callback with another binding cookie value, and links with the right one', async () => {
      const { signer, token } = await newUser();
      const forged = await authorizeAs('discord', token, 'wendy');
      const wrong = await app.inject({
        method: 'GET',
        url: forged.callback,
        headers: { cookie: `oauth_link_discord=${'A'.repeat(43)}` },
      });
      expect(webAppQuery(wrong)).toEqual({
        oauthError: OTHER_BROWSER,
        errorCode: String(ApiErrorCode.OAUTH_OTHER_BROWSER),
        provider: 'discord',
      });
      expect(await profileOf(signer.address)).toMatchObject({ discordId: null });

      // The cookie of another flow of the same browser does not fit either.
      const other = await authorizeAs('twitter', token, 'wendy');
      const swapped = other.jar.header('/api/oauth').replace('oauth_link_twitter=', 'oauth_link_discord=');
      const second = await authorizeAs('discord', token, 'wendy');
      const mismatched = await app.inject({
        method: 'GET',
        url: second.callback,
        headers: { cookie: swapped },
      });
      expect(webAppQuery(mismatched)).toEqual({
        oauthError: OTHER_BROWSER,
        errorCode: String(ApiErrorCode.OAUTH_OTHER_BROWSER),
        provider: 'discord',
      });
      expect(await profileOf(signer.address)).toMatchObject({ discordId: null, twitterId: null });

      const right = await authorizeAs('discord', token, 'wendy');
      expect(webAppQuery(await get(app, right.jar, right.callback))).toEqual({ linked: 'discord' });
      expect(await profileOf(signer.address)).toMatchObject({
        discordId: localAccountId('discord', 'wendy'),
        discordUsername: 'wendy',
      });
    });

    it('sets an HttpOnly, SameSite=Lax cookie on /api/oauth for the state’s ten minutes, hashed in the state', async () => {
      const { token } = await newUser();
      const start = await app.inject({ method: 'GET', url: await startLink('discord', token) });
      expect(start.statusCode).toBe(302);
      const [cookie, ...others] = setCookies(start);
      expect(others).toEqual([]);
      expect(cookie).toMatch(
        /^oauth_link_discord=[\w-]{43}; Max-Age=600; Path=\/api\/oauth; HttpOnly; SameSite=Lax$/,
      );
      const value = /^oauth_link_discord=([\w-]{43});/.exec(cookie!)![1]!;
      expect(Buffer.from(value, 'base64url')).toHaveLength(32);
      const [row] = await test.db.query<{ browser_hash: string }>(
        'SELECT browser_hash FROM oauth_states WHERE browser_hash = $1',
        [createHash('sha256').update(value).digest('hex')],
      );
      expect(row).toBeDefined();
      // Only a start that reaches the provider sets it.
      expect(setCookies(await app.inject({ method: 'GET', url: '/api/oauth/discord?code=forged' }))).toEqual(
        [],
      );
    });

    it('clears the cookie at the callback, whether the link succeeds or fails', async () => {
      const { token } = await newUser();
      const cleared =
        /^oauth_link_discord=; Max-Age=0; Path=\/api\/oauth; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; SameSite=Lax$/;
      const good = await authorizeAs('discord', token, 'xena');
      const linked = await get(app, good.jar, good.callback);
      expect(webAppQuery(linked)).toEqual({ linked: 'discord' });
      expect(setCookies(linked)).toEqual([expect.stringMatching(cleared)]);
      expect(good.jar.header('/api/oauth/discord/callback')).not.toContain('oauth_link_discord');

      const bad = await authorizeAs('discord', token, 'xena');
      const refused = await get(app, bad.jar, bad.callback.replace(/state=[^&]+/, 'state=forged'));
      expect(webAppQuery(refused).oauthError).toBe('This link request is invalid or has expired');
      expect(setCookies(refused)).toEqual([expect.stringMatching(cleared)]);
      // The real state, now without its cookie, is refused: the browser has to start again.
      expect(webAppQuery(await get(app, bad.jar, bad.callback))).toEqual({
        oauthError: OTHER_BROWSER,
        errorCode: String(ApiErrorCode.OAUTH_OTHER_BROWSER),
        provider: 'discord',
      });
    });

    it('marks the cookie Secure when PUBLIC_URL is https', async () => {
      const secure = await createTestApp({
        db: test.db,
        chain: test.chain,
        env: { PUBLIC_URL: 'https://play.example.com' },
      });
      try {
        const signer = await generateKeyPairSigner();
        const auth = await signIn(secure.app, signer);
        const link = await secure.app.inject({
          method: 'POST',
          url: '/api/oauth/twitter/start',
          headers: { authorization: auth },
        });
        const start = await secure.app.inject({ method: 'GET', url: link.json<{ url: string }>().url });
        expect(start.statusCode).toBe(302);
        expect(setCookies(start)).toEqual([
          expect.stringMatching(
            /^oauth_link_twitter=[\w-]{43}; Max-Age=600; Path=\/api\/oauth; HttpOnly; Secure; SameSite=Lax$/,
          ),
        ]);
      } finally {
        await secure.close();
      }
    });

    it('runs a Discord and an X link side by side in one browser', async () => {
      const { signer, token } = await newUser();
      const jar = new CookieJar();
      const discordStart = await get(app, jar, await startLink('discord', token));
      const twitterStart = await get(app, jar, await startLink('twitter', token));
      // Both started (two tabs); each finishes with its own cookie.
      const discordCallback = await loginAtProvider(jar, String(discordStart.headers.location), 'yara');
      expect(webAppQuery(await get(app, jar, discordCallback))).toEqual({ linked: 'discord' });
      const twitterCallback = await loginAtProvider(jar, String(twitterStart.headers.location), 'yara');
      expect(webAppQuery(await get(app, jar, twitterCallback))).toEqual({ linked: 'twitter' });
      expect(await profileOf(signer.address)).toMatchObject({
        discordId: localAccountId('discord', 'yara'),
        twitterId: localAccountId('twitter', 'yara'),
      });
    });

    it('binds the URL of POST /api/oauth/{provider}/link to the client that fetched it', async () => {
      const { signer, auth } = await newUser();
      const response = await app.inject({
        method: 'POST',
        url: '/api/oauth/discord/link',
        headers: { authorization: auth },
      });
      expect(response.statusCode).toBe(200);
      expect(setCookies(response)).toEqual([
        expect.stringMatching(
          /^oauth_link_discord=[\w-]{43}; Max-Age=600; Path=\/api\/oauth; HttpOnly; SameSite=Lax$/,
        ),
      ]);
      const { url } = response.json<{ url: string }>();
      const elsewhere = new CookieJar();
      const callback = await loginAtProvider(elsewhere, url, 'zoe');
      expect(webAppQuery(await get(app, elsewhere, callback))).toEqual({
        oauthError: OTHER_BROWSER,
        errorCode: String(ApiErrorCode.OAUTH_OTHER_BROWSER),
        provider: 'discord',
      });
      expect(await profileOf(signer.address)).toMatchObject({ discordId: null });
    });
  });

  it('documents the routes in the OpenAPI document', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const paths = Object.keys(response.json<{ paths: Record<string, unknown> }>().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/oauth/{provider}',
        '/api/oauth/{provider}/link',
        '/api/oauth/{provider}/callback',
        '/api/oauth/unlinkDiscord',
        '/api/oauth/unlinkTwitter',
      ]),
    );

    // The browser navigations answer redirects (no body, a Location), or errors for a bad provider.
    const document = response.json<{
      paths: Record<string, { get: { responses: Record<string, Record<string, unknown>> } }>;
    }>();
    for (const path of ['/api/oauth/{provider}', '/api/oauth/{provider}/callback']) {
      const { responses } = document.paths[path]!.get;
      expect(Object.keys(responses), path).toEqual(expect.arrayContaining(['302', '400', '404', '429']));
      expect(Object.keys(responses), path).not.toEqual(expect.arrayContaining(['200']));
      expect(Object.keys(responses), path).not.toEqual(expect.arrayContaining(['401']));
      expect(responses['302'], path).not.toHaveProperty('content');
      expect(responses['302']!.headers, path).toMatchObject({
        Location: { schema: { type: 'string' } },
        'Set-Cookie': { schema: { type: 'string' } },
      });
      for (const status of ['400', '404']) {
        expect(responses[status], `${path} ${status}`).toHaveProperty('content.application/json.schema');
      }
    }
  });
});
