/**
 * Prophecy (yes/no markets), under `/api/prophecy`:
 * - `GET /markets` — the market list (`docs/reference/api.md#prophecy`), filtered and sorted;
 * - `GET /{market}` — one market with its latest comments; `GET /{market}/comments` — older comments;
 * - `POST /addComment` — a signed-in user comments on a market;
 * - admin: `POST /createMarket`, `POST /updateMarket`, `POST /resolveMarket` (signed on chain by the House
 *   authority);
 * - market requests: see `requests.ts`.
 *
 * @module
 */

import { ApiErrorCode } from '@arcade/sdk/api/error-codes';
import {
  COMMENT_MAX_LENGTH,
  COMMENT_RATE_LIMIT,
  COMMENTS_PAGE_SIZE,
  MARKET_LIST_MAX,
  MARKET_LIST_PAGE_SIZE,
} from '@arcade/sdk/api/prophecy';
import {
  addCommentBodySchema,
  commentPageQuery,
  commentPageResponseSchema,
  commentResponseSchema,
  marketListQuery,
  marketListResponseSchema,
  marketPageResponseSchema,
  marketParams,
  marketProposalSchema,
  marketResponseSchema,
  resolveMarketBodySchema,
  updateMarketBodySchema,
} from '@arcade/sdk/api/prophecy-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { notFound, tooManyRequests } from '../../../http/errors.ts';
import { bearer, errorResponses } from '../../../http/schemas.ts';
import { parseCategories, toMarketListItem, toMarketView } from '../../../services/prophecy-service.ts';
import requestRoutes from './requests.ts';

const errors = { ...errorResponses, 409: errorResponses[400], 502: errorResponses[400] };

const routes: FastifyPluginAsyncZod = async (app) => {
  const { prophecy } = app.services;
  const { comments } = app.repositories;

  /** A page of comments and the cursor of the next one (null on the last page). */
  async function commentPage(market: string, before: number | null, limit: number) {
    // One extra row tells whether an older page exists without a count.
    const rows = await comments.list(market, before, limit + 1);
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    return { comments: page, nextCursor: rows.length > limit && last !== undefined ? last.id : null };
  }

  app.get(
    '/markets',
    {
      schema: {
        summary: 'The market list, filtered by category, name and end, and sorted',
        description: `Open markets (cutoff in the future, unresolved) come first, then closed ones (cutoff
passed, no result yet), then resolved ones; within each group sortBy orders them: TimeAsc / TimeDesc by end
time; VolumeDesc by total pool, largest first; EndingSoon by cutoff, nearest first among the open ones and
most recently closed first among the rest. Pages of ${MARKET_LIST_PAGE_SIZE} markets by default, at most ${MARKET_LIST_MAX} (limit, offset).`,
        tags: ['prophecy'],
        querystring: marketListQuery,
        response: {
          200: marketListResponseSchema,
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const query = request.query;
      const categories = parseCategories(query.categories);
      const key = JSON.stringify([
        query.sortBy,
        [...categories].sort(),
        query.name ?? null,
        query.showPastEvents,
        query.limit,
        query.offset,
      ]);
      // The list is the hottest read: a page is served from memory, as bytes, for up to a second.
      const body = await app.marketListCache.get(key, async () => {
        const page = await listMarkets(query, categories);
        return Buffer.from(JSON.stringify(page));
      });
      // Already JSON, and already UTF-8: the bytes go out as they are, with no serializing or encoding.
      return reply
        .type('application/json; charset=utf-8')
        .send(body as unknown as Awaited<ReturnType<typeof listMarkets>>);
    },
  );

  async function listMarkets(
    query: z.infer<typeof marketListQuery>,
    categories: ReturnType<typeof parseCategories>,
  ) {
    const { markets, total } = await prophecy.markets.list({
      sortBy: query.sortBy,
      categories,
      name: query.name ?? null,
      showPastEvents: query.showPastEvents,
      nowSecs: Math.floor(app.now() / 1000),
      limit: query.limit,
      offset: query.offset,
    });
    const end = query.offset + markets.length;
    return {
      success: true as const,
      markets: markets.map(toMarketListItem),
      total,
      nextOffset: end < total ? end : null,
    };
  }

  app.post(
    '/addComment',
    {
      preValidation: [app.authenticate, app.userRateLimit],
      schema: {
        summary: `Comments on a market as the signed-in wallet (plain text, 1–${COMMENT_MAX_LENGTH} characters)`,
        tags: ['prophecy'],
        security: bearer,
        body: addCommentBodySchema,
        response: {
          200: commentResponseSchema,
          ...errors,
        },
      },
    },
    async (request) => {
      const { market, comment } = request.body;
      if (!(await prophecy.markets.exists(market))) throw notFound(ApiErrorCode.MARKET_NOT_FOUND);
      const added = await comments.addIfAllowed(
        { market, user: request.user!.address, comment, nowMs: app.now() },
        COMMENT_RATE_LIMIT,
      );
      if (!added.ok) {
        throw tooManyRequests(
          added.reason === 'interval' ? ApiErrorCode.COMMENT_TOO_FAST : ApiErrorCode.COMMENT_LIMIT_EXCEEDED,
        );
      }
      return { success: true as const, comment: added.comment };
    },
  );

  app.post(
    '/createMarket',
    {
      preValidation: app.requireAdmin,
      schema: {
        summary: 'Creates a market on chain (signed by the House authority) with its metadata. Admins only',
        description:
          'Times are unix seconds; now < cutoffTime ≤ endTime, and endTime at most 366 days away. A referrer (not a program nor a reserved key) gets its vault created in the same transaction.',
        tags: ['prophecy'],
        security: bearer,
        body: marketProposalSchema,
        response: { 200: marketResponseSchema, ...errors },
      },
    },
    async (request) => {
      const market = await prophecy.createMarket(request.body, request.user!.address);
      app.marketListCache.clear();
      return { success: true as const, market: toMarketView(market) };
    },
  );

  app.post(
    '/updateMarket',
    {
      preValidation: app.requireAdmin,
      schema: {
        summary: "Moves a market's end and cutoff times on chain, before its cutoff only. Admins only",
        description:
          'The new cutoff must be in the future and not after the end, and the end at most 366 days after the market opened. After the cutoff nothing moves (409).',
        tags: ['prophecy'],
        security: bearer,
        body: updateMarketBodySchema,
        response: { 200: marketResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { market, endTime, cutoffTime } = request.body;
      const updated = await prophecy.updateMarket(market, endTime, cutoffTime);
      app.marketListCache.clear();
      return { success: true as const, market: toMarketView(updated) };
    },
  );

  app.post(
    '/resolveMarket',
    {
      preValidation: app.requireAdmin,
      schema: {
        summary: 'Resolves a market yes, no or invalid on chain, after its cutoff. Admins only',
        description:
          'A yes or no whose side has no predictions is recorded as invalid by the program (everyone refunded).',
        tags: ['prophecy'],
        security: bearer,
        body: resolveMarketBodySchema,
        response: { 200: marketResponseSchema, ...errors },
      },
    },
    async (request) => {
      const resolved = await prophecy.resolveMarket(request.body.market, request.body.result);
      app.marketListCache.clear();
      return { success: true as const, market: toMarketView(resolved) };
    },
  );

  await app.register(requestRoutes, { prophecy });

  app.get(
    '/:market',
    {
      schema: {
        summary: 'One market with its latest comments',
        tags: ['prophecy'],
        params: marketParams,
        response: {
          200: marketPageResponseSchema,
          ...errors,
        },
      },
    },
    async (request) => {
      const market = await prophecy.getMarket(request.params.market);
      const page = await commentPage(market.address, null, COMMENTS_PAGE_SIZE);
      return { success: true as const, market: toMarketView(market), ...page };
    },
  );

  app.get(
    '/:market/comments',
    {
      schema: {
        summary: "A page of a market's comments, newest first; pass nextCursor for older ones",
        tags: ['prophecy'],
        params: marketParams,
        querystring: commentPageQuery,
        response: {
          200: commentPageResponseSchema,
          ...errors,
        },
      },
    },
    async (request) => {
      const { market } = request.params;
      if (!(await prophecy.markets.exists(market))) throw notFound(ApiErrorCode.MARKET_NOT_FOUND);
      return {
        success: true as const,
        ...(await commentPage(market, request.query.cursor ?? null, request.query.limit)),
      };
    },
  );
};

export default routes;
