import { describe, expect, it } from 'vitest';

import { fakeFetch, fixture } from '../../test/fixtures/oauth/fake-fetch.ts';
import { createDiscordProvider, DISCORD_ENDPOINTS, parseDiscordProfile } from './discord-provider.ts';
import { OAuthProviderError } from './oauth-provider.ts';

const redirectUri = 'https://arcade.example/api/oauth/discord/callback';

function discord(...replies: Parameters<typeof fakeFetch>) {
  const fake = fakeFetch(...replies);
  return {
    ...fake,
    provider: createDiscordProvider({ clientId: '1234567890', clientSecret: 's3cr&t', fetch: fake.fetch }),
  };
}

async function failure(promise: Promise<unknown>): Promise<OAuthProviderError> {
  const error: unknown = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(OAuthProviderError);
  return error as OAuthProviderError;
}

describe('Discord adapter', () => {
  it('sends the browser to Discord with scope identify, state and an S256 challenge', () => {
    const { provider } = discord();
    const url = new URL(
      provider.authorizationUrl({ state: 'st ate/+', codeChallenge: 'challenge', redirectUri }),
    );
    expect(`${url.origin}${url.pathname}`).toBe(DISCORD_ENDPOINTS.authorization);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: 'code',
      client_id: '1234567890',
      redirect_uri: redirectUri,
      scope: 'identify',
      state: 'st ate/+',
      code_challenge: 'challenge',
      code_challenge_method: 'S256',
    });
    expect(provider.name).toBe('discord');
  });

  it('trades the code with a form carrying the client id and secret and the PKCE verifier', async () => {
    const { provider, requests } = discord({ status: 200, body: fixture('discord-token.json') });
    const token = await provider.exchangeCode({
      code: 'the-code',
      codeVerifier: 'the-verifier',
      redirectUri,
    });
    expect(token).toBe('6qrZcUqja7812RVdnEKjpzOL4CvHBFG');
    expect(requests).toHaveLength(1);
    const request = requests[0]!;
    expect(request.url).toBe(DISCORD_ENDPOINTS.token);
    expect(request.method).toBe('POST');
    expect(request.redirect).toBe('error');
    expect(request.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(request.headers.accept).toBe('application/json');
    expect(request.headers.authorization).toBeUndefined();
    expect(Object.fromEntries(new URLSearchParams(request.body))).toEqual({
      grant_type: 'authorization_code',
      code: 'the-code',
      redirect_uri: redirectUri,
      code_verifier: 'the-verifier',
      client_id: '1234567890',
      client_secret: 's3cr&t',
    });
  });

  it('reads the profile from /users/@me with the bearer token', async () => {
    const { provider, requests } = discord({ status: 200, body: fixture('discord-user.json') });
    expect(await provider.fetchProfile('6qrZcUqja7812RVdnEKjpzOL4CvHBFG')).toEqual({
      id: '80351110224678912',
      username: 'nelly',
    });
    expect(requests[0]).toMatchObject({
      url: DISCORD_ENDPOINTS.profile,
      method: 'GET',
      headers: { authorization: 'Bearer 6qrZcUqja7812RVdnEKjpzOL4CvHBFG', accept: 'application/json' },
      body: '',
    });
  });

  it('names legacy accounts with their discriminator and falls back to the global name', () => {
    expect(parseDiscordProfile(JSON.parse(fixture('discord-user-legacy.json')))).toEqual({
      id: '80351110224678912',
      username: 'Nelly#1337',
    });
    expect(parseDiscordProfile({ id: '1', username: '', global_name: 'Global' })).toEqual({
      id: '1',
      username: 'Global',
    });
    expect(parseDiscordProfile({ id: '1', username: null, global_name: null })).toBeNull();
    expect(parseDiscordProfile({ id: 'not-a-snowflake', username: 'x' })).toBeNull();
    expect(parseDiscordProfile(null)).toBeNull();
    expect(parseDiscordProfile([])).toBeNull();
  });

  it('turns a refused code (invalid_grant) into a clean error', async () => {
    const { provider } = discord({ status: 400, body: fixture('discord-token-invalid-grant.json') });
    const error = await failure(provider.exchangeCode({ code: 'used', codeVerifier: 'v', redirectUri }));
    expect(error.failure).toBe('rejected_code');
    expect(error.message).toBe('Discord refused the authorization');
  });

  it('turns a refused access token (401) into a clean error', async () => {
    const { provider } = discord({ status: 401, body: fixture('discord-unauthorized.json') });
    const error = await failure(provider.fetchProfile('expired'));
    expect(error.failure).toBe('rejected_token');
    expect(error.message).toBe('Discord refused the access token');
  });

  it('turns malformed JSON, unexpected shapes, 5xx and network failures into clean errors', async () => {
    const cases = [
      [{ status: 200, body: '<html>oops</html>', contentType: 'text/html' }, 'bad_response'],
      [{ status: 200, body: '{"token_type":"Bearer"}' }, 'bad_response'],
      [{ status: 200, body: '{"access_token":"a","token_type":"mac"}' }, 'bad_response'],
      [{ status: 502, body: '{"message":"upstream"}' }, 'bad_response'],
      [new TypeError('fetch failed'), 'unreachable'],
    ] as const;
    for (const [reply, kind] of cases) {
      const { provider } = discord(reply);
      const error = await failure(provider.exchangeCode({ code: 'c', codeVerifier: 'v', redirectUri }));
      expect(error.failure).toBe(kind);
      expect(error.message).toBe(
        kind === 'unreachable' ? 'Discord is unreachable' : 'Discord sent an unexpected response',
      );
    }
    for (const reply of [
      { status: 200, body: '{"id":' },
      { status: 200, body: '{"id":"1"}' },
      { status: 500, body: fixture('discord-user.json') },
    ]) {
      const { provider } = discord(reply);
      expect((await failure(provider.fetchProfile('t'))).message).toBe('Discord sent an unexpected response');
    }
  });
});
