/**
 * Discord, the community chat service: OAuth 2.0 with PKCE, scope `identify`, client credentials in the
 * token request's form, the profile from `/users/@me`.
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

/** Discord's endpoints. */
export const DISCORD_ENDPOINTS = Object.freeze({
  authorization: 'https://discord.com/oauth2/authorize',
  token: 'https://discord.com/api/oauth2/token',
  profile: 'https://discord.com/api/users/@me',
});

const discordUserSchema = z.object({
  id: z.string().regex(/^\d{1,20}$/),
  username: z.string().nullish(),
  global_name: z.string().nullish(),
  discriminator: z.string().nullish(),
});

/**
 * The account in a `/users/@me` body: its snowflake id and its username (the global display name when the
 * username is missing, `name#1234` for an account that still has a discriminator).
 */
export function parseDiscordProfile(body: unknown): OAuthProfile | null {
  const parsed = discordUserSchema.safeParse(body);
  if (!parsed.success) return null;
  const { id, username, global_name: globalName, discriminator } = parsed.data;
  const name = username !== undefined && username !== null && username !== '' ? username : globalName;
  if (name === undefined || name === null || name === '') return null;
  // Accounts not yet migrated to unique usernames are only unique with their discriminator ('0' means none).
  const legacy =
    name === username &&
    discriminator !== undefined &&
    discriminator !== null &&
    /^\d{1,4}$/.test(discriminator) &&
    Number(discriminator) !== 0;
  return { id, username: legacy ? `${name}#${discriminator}` : name };
}

/** The Discord adapter; `fetch` is replaceable for tests. */
export function createDiscordProvider(options: {
  clientId: string;
  clientSecret: string;
  fetch?: FetchLike;
}): OAuthProvider {
  return new GenericOAuthProvider({
    name: 'discord',
    displayName: 'Discord',
    authorizationEndpoint: DISCORD_ENDPOINTS.authorization,
    tokenEndpoint: DISCORD_ENDPOINTS.token,
    profileEndpoint: DISCORD_ENDPOINTS.profile,
    clientId: options.clientId,
    clientSecret: options.clientSecret,
    scopes: ['identify'],
    tokenEndpointAuth: 'client_secret_post',
    parseProfile: parseDiscordProfile,
    ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
  });
}
