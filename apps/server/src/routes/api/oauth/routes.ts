/**
 * Linking social accounts (spec §7): `GET /api/oauth/{provider}` (a browser navigation with `?token=`),
 * `POST /api/oauth/{provider}/link`, `GET /api/oauth/{provider}/callback`, `POST /api/oauth/unlinkDiscord`
 * and `POST /api/oauth/unlinkTwitter`. Providers are `discord` and `twitter` (X).
 *
 * On the embedded local chain both providers are the local identity provider mounted at
 * `/api/oauth/local-idp`; on a real cluster they are Discord and X, when their client credentials are set.
 *
 * @module
 */

import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { sessionOf } from '../../../plugins/auth.ts';
import { HttpError, notFound } from '../../../http/errors.ts';
import { bearer, errorResponses, successSchema } from '../../../http/schemas.ts';
import { createDiscordProvider } from '../../../oauth/discord-provider.ts';
import { inProcessFetch } from '../../../oauth/in-process-fetch.ts';
import { createLocalIdp } from '../../../oauth/local-idp.ts';
import { createLocalProvider } from '../../../oauth/local-provider.ts';
import { isProviderName, type OAuthProvider, type ProviderName } from '../../../oauth/oauth-provider.ts';
import {
  notConfiguredMessage,
  OAUTH_ERRORS,
  OAuthLinkError,
  OAuthService,
} from '../../../oauth/oauth-service.ts';
import { createXProvider } from '../../../oauth/x-provider.ts';
import localIdpRoutes from './local-idp.ts';

/** A query parameter as Fastify parses it: repeated ones arrive as arrays. */
const queryValue = z.union([z.string(), z.array(z.string())]).optional();

/** The single value of a query parameter; a repeated one counts as missing. */
function single(value: string | string[] | undefined): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

const providerParams = z.object({ provider: z.string().max(32) });

/** `provider`, or 404 'Unknown provider'. */
function providerOf(value: string): ProviderName {
  if (!isProviderName(value)) throw notFound(OAUTH_ERRORS.unknownProvider);
  return value;
}

/** The adapters for this deployment; on the local chain this also mounts the local provider. */
async function setUpProviders(app: FastifyInstance): Promise<Partial<Record<ProviderName, OAuthProvider>>> {
  const { env } = app;
  if (app.chain.cluster === 'localnet') {
    const idp = await createLocalIdp({
      publicUrl: env.PUBLIC_URL,
      dataDir: env.DATA_DIR,
      trustProxy: env.TRUST_PROXY,
      onServerError: (error) => {
        app.log.error({ err: error }, 'local identity provider failed');
      },
    });
    await app.register(localIdpRoutes, { prefix: '/local-idp', idp });
    const fetch = inProcessFetch(app, idp.issuer);
    return {
      discord: createLocalProvider('discord', {
        issuer: idp.issuer,
        clientSecret: idp.clientSecrets.discord,
        fetch,
      }),
      twitter: createLocalProvider('twitter', {
        issuer: idp.issuer,
        clientSecret: idp.clientSecrets.twitter,
        fetch,
      }),
    };
  }
  const providers: Partial<Record<ProviderName, OAuthProvider>> = {};
  if (env.DISCORD_CLIENT_ID !== undefined && env.DISCORD_CLIENT_SECRET !== undefined) {
    providers.discord = createDiscordProvider({
      clientId: env.DISCORD_CLIENT_ID,
      clientSecret: env.DISCORD_CLIENT_SECRET,
    });
  }
  if (env.X_CLIENT_ID !== undefined && env.X_CLIENT_SECRET !== undefined) {
    providers.twitter = createXProvider({ clientId: env.X_CLIENT_ID, clientSecret: env.X_CLIENT_SECRET });
  }
  return providers;
}

const routes: FastifyPluginAsyncZod = async (app) => {
  const providers = await setUpProviders(app);
  const service = new OAuthService({
    db: app.db,
    now: app.now,
    publicUrl: app.env.PUBLIC_URL,
    providers,
    onChange: (address) => {
      app.profileCache.delete(address);
    },
  });

  /** The wallet a `?token=` belongs to, or the message to send back to the web app. */
  async function walletOf(
    token: string | string[] | undefined,
  ): Promise<{ address: string } | { error: string }> {
    if (token === undefined || token === '') return { error: 'Missing token' };
    if (typeof token !== 'string') return { error: 'Invalid token' };
    try {
      return { address: (await sessionOf(app, token)).address };
    } catch (error) {
      // The same refusals as a bearer token's, sent back to the web app as text.
      if (error instanceof HttpError) return { error: error.message };
      throw error;
    }
  }

  app.get(
    '/:provider',
    {
      schema: {
        summary:
          'Starts linking a social account: a browser navigation with the session token as ?token=; redirects (302) to the provider, or back to the web app with ?oauthError= when it cannot start',
        tags: ['oauth'],
        params: providerParams,
        querystring: z.object({ token: queryValue }),
        response: { 404: errorResponses[404], 429: errorResponses[429] },
      },
    },
    async (request, reply) => {
      const provider = providerOf(request.params.provider);
      // The token is in the URL: keep it out of caches and of the next page's Referer.
      void reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
      const wallet = await walletOf(request.query.token);
      if ('error' in wallet) return reply.redirect(service.errorRedirect(wallet.error, provider), 302);
      let url: string;
      try {
        url = await service.start(wallet.address, provider);
      } catch (error) {
        if (error instanceof OAuthLinkError) {
          return reply.redirect(service.errorRedirect(error.message, provider), 302);
        }
        throw error;
      }
      return reply.redirect(url, 302);
    },
  );

  app.post(
    '/:provider/link',
    {
      preHandler: [app.authenticate, app.userRateLimit],
      schema: {
        summary: 'The provider authorization URL to send the browser to, for clients that fetch it',
        tags: ['oauth'],
        security: bearer,
        params: providerParams,
        response: { 200: z.object({ success: z.literal(true), url: z.string() }), ...errorResponses },
      },
    },
    async (request) => {
      const provider = providerOf(request.params.provider);
      try {
        return { success: true as const, url: await service.start(request.user!.address, provider) };
      } catch (error) {
        if (error instanceof OAuthLinkError) throw new HttpError(503, notConfiguredMessage(provider));
        throw error;
      }
    },
  );

  app.get(
    '/:provider/callback',
    {
      schema: {
        summary:
          'Where the provider sends the browser back: links the account and redirects to the web app with ?linked={provider}, or ?oauthError= on failure',
        tags: ['oauth'],
        params: providerParams,
        querystring: z.object({
          code: queryValue,
          state: queryValue,
          error: queryValue,
          error_description: queryValue,
        }),
        response: { 404: errorResponses[404], 429: errorResponses[429] },
      },
    },
    async (request, reply) => {
      const provider = providerOf(request.params.provider);
      void reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
      const { code, state, error } = request.query;
      try {
        await service.complete(provider, {
          code: single(code),
          state: single(state),
          // A repeated error parameter is still an error.
          error: error === undefined ? undefined : (single(error) ?? 'invalid_request'),
        });
      } catch (failure) {
        if (failure instanceof OAuthLinkError) {
          return reply.redirect(service.errorRedirect(failure.message, provider), 302);
        }
        throw failure;
      }
      return reply.redirect(service.linkedRedirect(provider), 302);
    },
  );

  for (const [path, provider] of [
    ['/unlinkDiscord', 'discord'],
    ['/unlinkTwitter', 'twitter'],
  ] as const) {
    app.post(
      path,
      {
        preHandler: [app.authenticate, app.userRateLimit],
        schema: {
          summary: `Unlinks the signed-in wallet’s ${provider === 'discord' ? 'Discord' : 'X'} account`,
          tags: ['oauth'],
          security: bearer,
          response: { 200: successSchema, ...errorResponses },
        },
      },
      async (request) => {
        await service.unlink(request.user!.address, provider);
        return { success: true as const };
      },
    );
  }
};

export default routes;
