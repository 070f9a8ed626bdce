import { describe, expect, it } from 'vitest';

import { fakeFetch, fixture } from '../../test/fixtures/oauth/fake-fetch.ts';
import { OAuthProviderError } from './oauth-provider.ts';
import { createXProvider, parseXProfile, X_ENDPOINTS } from './x-provider.ts';

const redirectUri = 'https://arcade.example/api/oauth/twitter/callback';

function x(...replies: Parameters<typeof fakeFetch>) {
  const fake = fakeFetch(...replies);
  return {
    ...fake,
    provider: createXProvider({ clientId: 'cl:ient', clientSecret: 'se cret', fetch: fake.fetch }),
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

describe('X adapter', () => {
  it('sends the browser to X with scopes users.read tweet.read, state and an S256 challenge', () => {
    const { provider } = x();
    const url = new URL(provider.authorizationUrl({ state: 'abc', codeChallenge: 'challenge', redirectUri }));
    expect(`${url.origin}${url.pathname}`).toBe(X_ENDPOINTS.authorization);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: 'code',
      client_id: 'cl:ient',
      redirect_uri: redirectUri,
      scope: 'users.read tweet.read',
      state: 'abc',
      code_challenge: 'challenge',
      code_challenge_method: 'S256',
    });
    expect(provider.name).toBe('twitter');
  });

  it('trades the code with HTTP Basic client authentication and the PKCE verifier', async () => {
    const { provider, requests } = x({ status: 200, body: fixture('x-token.json') });
    const token = await provider.exchangeCode({
      code: 'the-code',
      codeVerifier: 'the-verifier',
      redirectUri,
    });
    expect(token).toBe((JSON.parse(fixture('x-token.json')) as { access_token: string }).access_token);
    const request = requests[0]!;
    expect(request.url).toBe(X_ENDPOINTS.token);
    expect(request.method).toBe('POST');
    expect(request.headers['content-type']).toBe('application/x-www-form-urlencoded');
    // RFC 6749 §2.3.1: id and secret are form-encoded, then joined and base64-encoded.
    expect(request.headers.authorization).toBe(
      `Basic ${Buffer.from('cl%3Aient:se%20cret').toString('base64')}`,
    );
    expect(Object.fromEntries(new URLSearchParams(request.body))).toEqual({
      grant_type: 'authorization_code',
      code: 'the-code',
      redirect_uri: redirectUri,
      code_verifier: 'the-verifier',
    });
  });

  it('reads the profile from /2/users/me with the bearer token', async () => {
    const { provider, requests } = x({ status: 200, body: fixture('x-users-me.json') });
    expect(await provider.fetchProfile('token')).toEqual({ id: '2244994945', username: 'XDevelopers' });
    expect(requests[0]).toMatchObject({
      url: X_ENDPOINTS.profile,
      method: 'GET',
      headers: { authorization: 'Bearer token' },
    });
  });

  it('accepts only the documented profile shape', () => {
    expect(parseXProfile({ id: '1', username: 'flat' })).toBeNull();
    expect(parseXProfile({ data: { id: '1', username: '' } })).toBeNull();
    expect(parseXProfile({ data: { id: 'x', username: 'a' } })).toBeNull();
    expect(parseXProfile({ errors: [{ title: 'Not Found Error' }] })).toBeNull();
  });

  it('turns a refused code (invalid_request) into a clean error', async () => {
    const { provider } = x({ status: 400, body: fixture('x-token-invalid-request.json') });
    const error = await failure(provider.exchangeCode({ code: 'bad', codeVerifier: 'v', redirectUri }));
    expect(error.failure).toBe('rejected_code');
    expect(error.message).toBe('X refused the authorization');
  });

  it('turns a refused access token (401) into a clean error', async () => {
    const { provider } = x({ status: 401, body: fixture('x-unauthorized.json') });
    const error = await failure(provider.fetchProfile('expired'));
    expect(error.failure).toBe('rejected_token');
    expect(error.message).toBe('X refused the access token');
  });

  it('turns malformed JSON and network failures into clean errors', async () => {
    expect((await failure(x({ status: 200, body: 'not json' }).provider.fetchProfile('t'))).message).toBe(
      'X sent an unexpected response',
    );
    expect(
      (
        await failure(
          x(new Error('ECONNRESET')).provider.exchangeCode({ code: 'c', codeVerifier: 'v', redirectUri }),
        )
      ).message,
    ).toBe('X is unreachable');
  });
});
