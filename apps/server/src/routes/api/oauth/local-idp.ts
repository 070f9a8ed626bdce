/**
 * The local identity provider inside the server, at `/api/oauth/local-idp/*`: `oidc-provider` gets the raw
 * request with the mount prefix stripped, and the login pages of its interactions are ours.
 *
 * @module
 */

import { API_ERROR_MESSAGES, ApiErrorCode } from '@arcade/sdk/api/error-codes';
import type { IncomingMessage } from 'node:http';

import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

import {
  LOCAL_IDP_ROUTES,
  LOCAL_NAME_MESSAGE,
  LOCAL_NAME_PATTERN,
  localAccountId,
  providerOfClient,
  renderLoginPage,
  renderPage,
  type LocalIdp,
} from '../../../oauth/local-idp.ts';

/** Options of {@link localIdpRoutes}. */
export interface LocalIdpRoutesOptions {
  readonly idp: LocalIdp;
}

/** No scripts, no external assets, no framing. */
const PAGE_HEADERS = Object.freeze({
  'content-type': 'text/html; charset=utf-8',
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
  'cache-control': 'no-store',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
});

function sendPage(reply: FastifyReply, status: number, html: string): FastifyReply {
  return reply.code(status).headers(PAGE_HEADERS).send(html);
}

const EXPIRED_PAGE = renderPage(
  'Sign-in expired',
  '<p>This sign-in request is unknown or has expired.</p><p>Start again from the app.</p>',
);

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

/** The provider's endpoints and the login pages, registered at prefix `/local-idp`. */
const localIdpRoutes: FastifyPluginAsyncZod<LocalIdpRoutesOptions> = async (app, { idp }) => {
  const { provider } = idp;
  const handle = provider.callback();

  // The provider's own endpoints. It reads its request bodies itself, so Fastify leaves the stream alone.
  await app.register(async (mount) => {
    mount.removeAllContentTypeParsers();
    mount.addContentTypeParser('*', (_request, _payload, done) => {
      done(null);
    });
    mount.route({
      method: [...METHODS],
      url: '/*',
      exposeHeadRoute: false,
      schema: {
        summary:
          'The local OAuth 2.0/OpenID Connect provider (embedded default only): discovery, authorize, token, userinfo, JWKS',
        tags: ['oauth'],
        // It stands in for Discord's and X's own servers: their endpoints are not this API's.
        hide: true,
      },
      handler: async (request, reply) => {
        const raw = request.raw as IncomingMessage & { originalUrl?: string };
        const url = raw.url ?? '/';
        const prefix = mount.prefix;
        if (!url.startsWith(prefix))
          return reply.code(404).send({
            success: false,
            error: API_ERROR_MESSAGES[ApiErrorCode.NOT_FOUND],
            code: ApiErrorCode.NOT_FOUND,
          });
        // oidc-provider finds its mount path by comparing `originalUrl` with the stripped `url`.
        raw.originalUrl = url;
        raw.url = url.slice(prefix.length) || '/';
        if (raw.url.startsWith('?')) raw.url = `/${raw.url}`;
        reply.hijack();
        await handle(raw, reply.raw);
        return reply;
      },
    });
  });

  // The login pages.
  await app.register(async (instance) => {
    const pages = instance.withTypeProvider<ZodTypeProvider>();
    pages.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 4096 },
      (_request, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(body as string)));
      },
    );
    const params = z.object({ uid: z.string().regex(/^[\w-]{1,64}$/, 'Invalid interaction') });
    const actionOf = (uid: string): string =>
      `${new URL(idp.issuer).pathname}${LOCAL_IDP_ROUTES.interaction}/${uid}`;

    pages.get(
      `${LOCAL_IDP_ROUTES.interaction}/:uid`,
      {
        schema: {
          summary: 'The local provider’s login page: a display name for the local Discord or X account',
          tags: ['oauth'],
          hide: true,
          params,
        },
      },
      async (request, reply) => {
        const details = await provider.interactionDetails(request.raw, reply.raw).catch(() => null);
        const client = providerOfClient(details?.params.client_id);
        if (details === null || details.uid !== request.params.uid || client === null)
          return sendPage(reply, 400, EXPIRED_PAGE);
        return sendPage(reply, 200, renderLoginPage({ action: actionOf(details.uid), provider: client }));
      },
    );

    pages.post(
      `${LOCAL_IDP_ROUTES.interaction}/:uid`,
      {
        schema: {
          summary:
            'Signs in to the local provider with a display name (or cancels), then back to the authorization',
          tags: ['oauth'],
          hide: true,
          params,
          body: z.object({
            name: z.string().max(200).optional(),
            action: z.enum(['login', 'cancel']).optional(),
          }),
        },
      },
      async (request, reply) => {
        const details = await provider.interactionDetails(request.raw, reply.raw).catch(() => null);
        const client = providerOfClient(details?.params.client_id);
        if (details === null || details.uid !== request.params.uid || client === null)
          return sendPage(reply, 400, EXPIRED_PAGE);
        if (request.body.action === 'cancel') {
          const returnTo = await provider.interactionResult(request.raw, reply.raw, {
            error: 'access_denied',
            error_description: 'The user cancelled the sign-in',
          });
          return reply.redirect(returnTo, 303);
        }
        const name = (request.body.name ?? '').trim();
        if (!LOCAL_NAME_PATTERN.test(name)) {
          return sendPage(
            reply,
            400,
            renderLoginPage({
              action: actionOf(details.uid),
              provider: client,
              name,
              error: LOCAL_NAME_MESSAGE,
            }),
          );
        }
        const accountId = localAccountId(client, name);
        await idp.rememberAccount(accountId, name);
        const returnTo = await provider.interactionResult(
          request.raw,
          reply.raw,
          { login: { accountId } },
          { mergeWithLastSubmission: false },
        );
        return reply.redirect(returnTo, 303);
      },
    );
  });
};

export default localIdpRoutes;
