/**
 * Linking social accounts (`/api/oauth/...`, `docs/reference/api.md#social-links`): the providers, the
 * parameters the routes read and the JSON they answer. The browser navigations answer redirects.
 *
 * @module
 */

import { z } from 'zod';

/** The social accounts a wallet can link (the community chat service and the social network). */
export const OAUTH_PROVIDER_NAMES = ['discord', 'twitter'] as const;

/** A query parameter as the server parses it: repeated ones arrive as arrays. */
const queryValue = z.union([z.string(), z.array(z.string())]).optional();

// Any name up to 32 characters reaches the route, which answers 404 'Unknown provider' for the rest.
/** `{ provider }` path parameters. */
export const oauthProviderParams = z.object({
  provider: z
    .string()
    .max(32)
    .meta({ enum: [...OAUTH_PROVIDER_NAMES], example: 'discord' }),
});

/** `POST /api/oauth/{provider}/start`'s answer: the path the browser navigates to, with a link code. */
export const oauthStartResponseSchema = z.object({
  success: z.literal(true),
  url: z.string().describe('Path on this server: /api/oauth/{provider}?code=…'),
});

/** `POST /api/oauth/{provider}/start`'s answer. */
export type OAuthStartResponse = z.output<typeof oauthStartResponseSchema>;

/** `GET /api/oauth/{provider}`'s query: the link code. */
export const oauthNavigationQuery = z.object({ code: queryValue });

/** `POST /api/oauth/{provider}/link`'s answer: the provider's authorization URL. */
export const oauthLinkResponseSchema = z.object({ success: z.literal(true), url: z.string() });

/** `POST /api/oauth/{provider}/link`'s answer. */
export type OAuthLinkResponse = z.output<typeof oauthLinkResponseSchema>;

/** `GET /api/oauth/{provider}/callback`'s query, as the provider sends it. */
export const oauthCallbackQuery = z.object({
  code: queryValue,
  state: queryValue,
  error: queryValue,
  error_description: queryValue,
});
