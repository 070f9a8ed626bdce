/**
 * The adapters that point the generic OAuth 2.0 client at the local identity provider, one per spec
 * provider, so linking on the embedded default runs the same code as Discord and X.
 *
 * @module
 */

import { z } from 'zod';

import { LOCAL_CLIENT_IDS, LOCAL_IDP_ROUTES, LOCAL_SCOPES } from './local-idp.ts';
import {
  GenericOAuthProvider,
  PROVIDER_DISPLAY_NAMES,
  type FetchLike,
  type OAuthProfile,
  type OAuthProvider,
  type ProviderName,
} from './oauth-provider.ts';

const userinfoSchema = z.object({ sub: z.string().min(1), preferred_username: z.string().min(1) });

/** The account in a userinfo body: `sub` and `preferred_username`. */
export function parseLocalProfile(body: unknown): OAuthProfile | null {
  const parsed = userinfoSchema.safeParse(body);
  return parsed.success ? { id: parsed.data.sub, username: parsed.data.preferred_username } : null;
}

/**
 * The local adapter for `name`.
 *
 * @param options.issuer - the local provider's issuer; its endpoints are configured, not discovered,
 *   since this server runs it.
 * @param options.fetch - how to reach it: the server itself, in-process, by default in the routes.
 */
export function createLocalProvider(
  name: ProviderName,
  options: { issuer: string; clientSecret: string; fetch?: FetchLike },
): OAuthProvider {
  return new GenericOAuthProvider({
    name,
    displayName: `Local ${PROVIDER_DISPLAY_NAMES[name]}`,
    authorizationEndpoint: `${options.issuer}${LOCAL_IDP_ROUTES.authorization}`,
    tokenEndpoint: `${options.issuer}${LOCAL_IDP_ROUTES.token}`,
    profileEndpoint: `${options.issuer}${LOCAL_IDP_ROUTES.userinfo}`,
    clientId: LOCAL_CLIENT_IDS[name],
    clientSecret: options.clientSecret,
    scopes: LOCAL_SCOPES,
    // As the services they stand in for.
    tokenEndpointAuth: name === 'discord' ? 'client_secret_post' : 'client_secret_basic',
    parseProfile: parseLocalProfile,
    // Always show the login page, so a user can link a different local account than last time.
    extraAuthorizationParams: { prompt: 'login' },
    ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
  });
}
