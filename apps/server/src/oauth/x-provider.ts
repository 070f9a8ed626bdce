/**
 * X, the social network: OAuth 2.0 with PKCE (required by X), scopes `users.read tweet.read`, client
 * credentials as HTTP Basic auth, the profile from `/2/users/me`.
 *
 * @module
 */

import { z } from 'zod';

import {
  GenericOAuthProvider,
  type FetchLike,
  type OAuthProfile,
  type OAuthProvider,
} from './oauth-provider.ts';

/** X's endpoints. */
export const X_ENDPOINTS = Object.freeze({
  authorization: 'https://x.com/i/oauth2/authorize',
  token: 'https://api.x.com/2/oauth2/token',
  profile: 'https://api.x.com/2/users/me',
});

const xUserSchema = z.object({
  data: z.object({
    id: z.string().regex(/^\d{1,20}$/),
    name: z.string().optional(),
    username: z.string().min(1),
  }),
});

/** The account in a `/2/users/me` body (`{ data: { id, name, username } }`): its id and @handle. */
export function parseXProfile(body: unknown): OAuthProfile | null {
  const parsed = xUserSchema.safeParse(body);
  return parsed.success ? { id: parsed.data.data.id, username: parsed.data.data.username } : null;
}

/** The X adapter; `fetch` is replaceable for tests. */
export function createXProvider(options: {
  clientId: string;
  clientSecret: string;
  fetch?: FetchLike;
}): OAuthProvider {
  return new GenericOAuthProvider({
    name: 'twitter',
    displayName: 'X',
    authorizationEndpoint: X_ENDPOINTS.authorization,
    tokenEndpoint: X_ENDPOINTS.token,
    profileEndpoint: X_ENDPOINTS.profile,
    clientId: options.clientId,
    clientSecret: options.clientSecret,
    scopes: ['users.read', 'tweet.read'],
    tokenEndpointAuth: 'client_secret_basic',
    parseProfile: parseXProfile,
    ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
  });
}
