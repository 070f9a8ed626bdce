import { createHash } from 'node:crypto';

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { createPkcePair, GenericOAuthProvider, isProviderName, pkceChallenge } from './oauth-provider.ts';

describe('PKCE', () => {
  it('matches the RFC 7636 appendix B example', () => {
    expect(pkceChallenge('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe(
      'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    );
  });

  it('makes verifiers of 43 unreserved characters whose challenge is their base64url sha256', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 200; i += 1) {
      const { codeVerifier, codeChallenge } = createPkcePair();
      expect(codeVerifier).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(codeChallenge).toBe(createHash('sha256').update(codeVerifier).digest('base64url'));
      seen.add(codeVerifier);
    }
    expect(seen.size).toBe(200);
  });

  it('gives every verifier a 43-character challenge', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z0-9._~-]{43,128}$/), (verifier) => {
        expect(pkceChallenge(verifier)).toMatch(/^[A-Za-z0-9_-]{43}$/);
      }),
    );
  });
});

describe('the generic adapter', () => {
  const provider = new GenericOAuthProvider({
    name: 'discord',
    displayName: 'Test',
    authorizationEndpoint: 'https://idp.example/authorize?existing=1',
    tokenEndpoint: 'https://idp.example/token',
    profileEndpoint: 'https://idp.example/me',
    clientId: 'client',
    clientSecret: 'secret',
    scopes: ['a', 'b'],
    tokenEndpointAuth: 'client_secret_post',
    parseProfile: () => null,
    extraAuthorizationParams: { prompt: 'login' },
  });

  it('carries any state, challenge and redirect URI through the authorization URL unchanged', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.webUrl(), (state, codeChallenge, redirectUri) => {
        const url = new URL(provider.authorizationUrl({ state, codeChallenge, redirectUri }));
        expect(url.searchParams.get('state')).toBe(state);
        expect(url.searchParams.get('code_challenge')).toBe(codeChallenge);
        expect(url.searchParams.get('redirect_uri')).toBe(redirectUri);
        expect(url.searchParams.get('existing')).toBe('1');
        expect(url.searchParams.get('prompt')).toBe('login');
        expect(url.searchParams.get('scope')).toBe('a b');
      }),
    );
  });

  it('knows the two providers and nothing else', () => {
    expect(isProviderName('discord')).toBe(true);
    expect(isProviderName('twitter')).toBe(true);
    for (const name of ['x', 'Discord', 'github', '', 'constructor', '__proto__'])
      expect(isProviderName(name)).toBe(false);
  });
});
