/**
 * Linking social accounts (`docs/reference/api.md#social-links`): `POST /api/oauth/{provider}/start` (a single-use link code for the
 * signed-in wallet), `GET /api/oauth/{provider}` (the browser navigation with that `?code=`),
 * `POST /api/oauth/{provider}/link`, `GET /api/oauth/{provider}/callback`, `POST /api/oauth/unlinkDiscord`
 * and `POST /api/oauth/unlinkTwitter`. Providers are `discord` and `twitter` (X).
 *
 * On the embedded local chain both providers are the local identity provider mounted at
 * `/api/oauth/local-idp`; on a real cluster they are Discord and X, when their client credentials are set.
 *
 * The browser that leaves for the provider gets a binding cookie (`oauth/browser-binding.ts`) and the
 * callback links only for a browser that brings it back, so a provider URL passed to someone else links
 * nothing.
 *
 * @module
 */

import { successSchema } from '@arcade/sdk/api/common';
import { ApiErrorCode } from '@arcade/sdk/api/error-codes';
import {
  oauthCallbackQuery,
  oauthLinkResponseSchema,
  oauthNavigationQuery,
  oauthProviderParams,
  oauthStartResponseSchema,
} from '@arcade/sdk/api/oauth';
import fastifyCookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { notFound, serviceUnavailable } from '../../../http/errors.ts';
import { bearer, errorResponses } from '../../../http/schemas.ts';
import { bindingCookieName, bindingCookieOptions } from '../../../oauth/browser-binding.ts';
import { createDiscordProvider } from '../../../oauth/discord-provider.ts';
import { inProcessFetch } from '../../../oauth/in-process-fetch.ts';
import { createLocalIdp } from '../../../oauth/local-idp.ts';
import { createLocalProvider } from '../../../oauth/local-provider.ts';
import { isProviderName, type OAuthProvider, type ProviderName } from '../../../oauth/oauth-provider.ts';
import { notConfiguredMessage, OAuthLinkError, OAuthService } from '../../../oauth/oauth-service.ts';
import { createXProvider } from '../../../oauth/x-provider.ts';
import { LINK_CODE_TTL_MS, LinkCodeStore } from './link-codes.ts';
import localIdpRoutes from './local-idp.ts';

/** The single value of a query parameter; a repeated one counts as missing. */
function single(value: string | string[] | undefined): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** A redirect's OpenAPI description: no body, a `Location` (and, for some, a `Set-Cookie`). */
function redirectResponse(description: string, location: string, setCookie?: string) {
  return z.null().meta({
    // What tells the OpenAPI generator there is no body (zod writes null as a nullable enum for 3.0).
    type: 'null',
    description,
    headers: {
      Location: { type: 'string', description: location },
      ...(setCookie === undefined ? {} : { 'Set-Cookie': { type: 'string', description: setCookie } }),
    },
  });
}

/** What a browser navigation can be refused with: every error but 401 and 403 (it needs no sign-in). */
const navigationErrors = Object.fromEntries(
  Object.entries(errorResponses).filter(([status]) => status !== '401' && status !== '403'),
) as Omit<typeof errorResponses, 401 | 403>;

const BINDING_COOKIE_DOC =
  'oauth_link_{provider}, the random cookie binding the request to this browser (HttpOnly, SameSite=Lax, Path=/api/oauth, Secure on https, 10 minutes)';

/** `provider`, or 404 'Unknown provider'. */
function providerOf(value: string): ProviderName {
  if (!isProviderName(value)) throw notFound(ApiErrorCode.OAUTH_UNKNOWN_PROVIDER);
  return value;
}

/** The adapters for this deployment; on the local chain this also mounts the local provider. */
async function setUpProviders(app: FastifyInstance): Promise<Partial<Record<ProviderName, OAuthProvider>>> {
  const { env } = app;
  if (app.chain.cluster === 'localnet') {
    const idp = await createLocalIdp({
      publicUrl: env.PUBLIC_URL,
      dataDir: env.DATA_DIR,
      db: app.db,
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

  const linkCodes = new LinkCodeStore(app.db, app.now);

  // The binding cookie: read at the callback, set where a browser leaves for the provider.
  if (!app.hasReplyDecorator('setCookie')) await app.register(fastifyCookie);
  const cookieOptions = bindingCookieOptions(app.env.PUBLIC_URL);

  /** Starts a link of `address` and binds it to the browser `reply` goes to: the provider's URL. */
  async function startBound(reply: FastifyReply, address: string, provider: ProviderName): Promise<string> {
    const { url, browserCookie } = await service.start(address, provider);
    void reply.setCookie(bindingCookieName(provider), browserCookie, cookieOptions);
    return url;
  }

  /** The wallet a `?code=` starts a link for (using the code up), or why not, for the web app. */
  async function walletOf(
    code: string | string[] | undefined,
    provider: ProviderName,
  ): Promise<{ address: string } | { failure: OAuthLinkError }> {
    if (code === undefined || code === '')
      return { failure: new OAuthLinkError(ApiErrorCode.OAUTH_LINK_CODE_MISSING) };
    // A repeated or oversized code is no code of ours: refused without a database round trip.
    if (typeof code !== 'string' || code.length > 128)
      return { failure: new OAuthLinkError(ApiErrorCode.OAUTH_LINK_INVALID) };
    const address = await linkCodes.consume(code, provider);
    if (address === null) return { failure: new OAuthLinkError(ApiErrorCode.OAUTH_LINK_INVALID) };
    // Blocked since the code was issued: refused here rather than after the provider's login.
    if (await app.repositories.blockedWallets.isBlocked(address))
      return { failure: new OAuthLinkError(ApiErrorCode.WALLET_BLOCKED) };
    return { address };
  }

  /** Back to the web app with why the link failed: its message, its catalogue code and the provider. */
  function failed(reply: FastifyReply, failure: OAuthLinkError, provider: ProviderName): FastifyReply {
    return reply.redirect(service.errorRedirect(failure.code, failure.message, provider), 302);
  }

  app.post(
    '/:provider/start',
    {
      preValidation: [app.authenticate, app.userRateLimit],
      schema: {
        summary: `A link that starts linking a social account, for the browser to navigate to: /api/oauth/{provider}?code= with a single-use code valid for ${LINK_CODE_TTL_MS / 1000} s, so the session token never goes in a URL`,
        tags: ['oauth'],
        security: bearer,
        params: oauthProviderParams,
        response: {
          200: oauthStartResponseSchema,
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const provider = providerOf(request.params.provider);
      void reply.header('cache-control', 'no-store');
      const code = await linkCodes.create(request.user!.address, provider);
      return { success: true as const, url: `/api/oauth/${provider}?code=${code}` };
    },
  );

  app.get(
    '/:provider',
    {
      schema: {
        summary:
          'Starts linking a social account: a browser navigation with a link code from POST /api/oauth/{provider}/start as ?code=; redirects (302) to the provider, or back to the web app with ?oauthError= when it cannot start',
        tags: ['oauth'],
        params: oauthProviderParams,
        querystring: oauthNavigationQuery,
        response: {
          302: redirectResponse(
            'To the provider, or back to the web app when the link cannot start',
            'The provider’s authorization URL, or the web app’s /?oauthError=…&provider=…',
            `Only on the way to the provider: sets ${BINDING_COOKIE_DOC}`,
          ),
          ...navigationErrors,
        },
      },
    },
    async (request, reply) => {
      const provider = providerOf(request.params.provider);
      // The code is in the URL: keep it out of caches and of the next page's Referer.
      void reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
      const wallet = await walletOf(request.query.code, provider);
      if ('failure' in wallet) return failed(reply, wallet.failure, provider);
      let url: string;
      try {
        url = await startBound(reply, wallet.address, provider);
      } catch (error) {
        if (error instanceof OAuthLinkError) return failed(reply, error, provider);
        throw error;
      }
      return reply.redirect(url, 302);
    },
  );

  app.post(
    '/:provider/link',
    {
      preValidation: [app.authenticate, app.userRateLimit],
      schema: {
        summary:
          'The provider authorization URL to send the browser to, for clients that fetch it; the response sets the cookie that binds the link to the browser, so only a browser that made this request (same-origin fetch) can finish it',
        tags: ['oauth'],
        security: bearer,
        params: oauthProviderParams,
        response: { 200: oauthLinkResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const provider = providerOf(request.params.provider);
      try {
        return { success: true as const, url: await startBound(reply, request.user!.address, provider) };
      } catch (error) {
        if (error instanceof OAuthLinkError)
          throw serviceUnavailable(ApiErrorCode.OAUTH_NOT_CONFIGURED, notConfiguredMessage(provider));
        throw error;
      }
    },
  );

  app.get(
    '/:provider/callback',
    {
      schema: {
        summary:
          'Where the provider sends the browser back: links the account when the browser brings back the cookie set when it left, and redirects to the web app with ?linked={provider}, or ?oauthError= on failure',
        tags: ['oauth'],
        params: oauthProviderParams,
        querystring: oauthCallbackQuery,
        response: {
          302: redirectResponse(
            'Back to the web app, linked or not',
            'The web app’s /?linked={provider}, or /?oauthError=…&provider=…',
            `Clears ${BINDING_COOKIE_DOC}, whatever the outcome`,
          ),
          ...navigationErrors,
        },
      },
    },
    async (request, reply) => {
      const provider = providerOf(request.params.provider);
      void reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
      const cookieName = bindingCookieName(provider);
      const browserCookie = request.cookies[cookieName];
      // Whatever the outcome, this browser's request is over: its state is used up below.
      void reply.clearCookie(cookieName, cookieOptions);
      const { code, state, error } = request.query;
      try {
        await service.complete(
          provider,
          {
            code: single(code),
            state: single(state),
            // A repeated error parameter is still an error.
            error: error === undefined ? undefined : (single(error) ?? 'invalid_request'),
          },
          browserCookie,
        );
      } catch (failure) {
        if (failure instanceof OAuthLinkError) return failed(reply, failure, provider);
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
        preValidation: [app.authenticate, app.userRateLimit],
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
