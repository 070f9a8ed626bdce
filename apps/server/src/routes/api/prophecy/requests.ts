/**
 * Market requests, under `/api/prophecy`: any signed-in user proposes a market (`POST /requestMarket`) and
 * sees their own (`GET /requests/mine`); admins list them (`GET /requests`), approve one (the server
 * creates the market) or reject it with a reason.
 *
 * @module
 */

import { ApiErrorCode } from '@arcade/sdk/api/error-codes';
import { MAX_PENDING_MARKET_REQUESTS } from '@arcade/sdk/api/prophecy';
import {
  approvedRequestResponseSchema,
  approveRequestBodySchema,
  MARKET_REQUEST_LIST_MAX,
  marketProposalSchema,
  marketRequestListQuery,
  marketRequestListResponseSchema,
  marketRequestParams,
  marketRequestResponseSchema,
  marketRequestViewSchema,
  rejectRequestBodySchema,
} from '@arcade/sdk/api/prophecy-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { tooManyRequests } from '../../../http/errors.ts';
import { bearer, errorResponses } from '../../../http/schemas.ts';
import type { MarketRequestRecord } from '../../../repositories/market-repository.ts';
import { checkMarketTimes, toMarketView, type ProphecyService } from '../../../services/prophecy-service.ts';

const errors = { ...errorResponses, 409: errorResponses[400], 502: errorResponses[400] };

function toRequestView(request: MarketRequestRecord): z.infer<typeof marketRequestViewSchema> {
  return {
    id: request.id,
    requester: request.requester,
    requesterUsername: request.requesterUsername,
    marketMetadata: {
      name: request.name,
      shortName: request.shortName,
      yesOption: request.yesOption,
      noOption: request.noOption,
      invalidOption: request.invalidOption,
      category: request.category,
      image: request.image === '' ? null : request.image,
      rules: request.rules,
    },
    endTime: request.endTime,
    cutoffTime: request.cutoffTime,
    referrer: request.referrer,
    status: request.status,
    reason: request.reason,
    market: request.market,
    reviewedBy: request.reviewedBy,
    reviewedAt: request.reviewedAt,
    createdAt: request.createdAt,
  };
}

const requestRoutes: FastifyPluginAsyncZod<{ prophecy: ProphecyService }> = async (app, { prophecy }) => {
  const requests = prophecy.requests;

  app.post(
    '/requestMarket',
    {
      preValidation: [app.authenticate, app.userRateLimit],
      schema: {
        summary: `Proposes a market for the admins to review (at most ${MAX_PENDING_MARKET_REQUESTS} pending per user)`,
        description:
          'The same body as createMarket. Times are unix seconds; now < cutoffTime ≤ endTime, and endTime at most 366 days away. The referrer may not be the requester, a program or a reserved key.',
        tags: ['prophecy'],
        security: bearer,
        body: marketProposalSchema,
        response: {
          200: marketRequestResponseSchema,
          ...errors,
        },
      },
    },
    async (request) => {
      const body = request.body;
      const nowMs = app.now();
      checkMarketTimes(body.endTime, body.cutoffTime, nowMs);
      await prophecy.checkReferrer(body.referrer, request.user!.address);
      const id = await requests.insertIfUnderLimit(
        { ...body, requester: request.user!.address, createdAt: nowMs },
        MAX_PENDING_MARKET_REQUESTS,
      );
      if (id === null) throw tooManyRequests(ApiErrorCode.TOO_MANY_MARKET_REQUESTS);
      const stored = await requests.find(id);
      if (stored === null) throw new Error('the market request was not stored');
      return { success: true as const, request: toRequestView(stored) };
    },
  );

  app.get(
    '/requests/mine',
    {
      preValidation: [app.authenticate, app.userRateLimit],
      schema: {
        summary: "The signed-in wallet's market requests, newest first",
        tags: ['prophecy'],
        security: bearer,
        response: {
          200: marketRequestListResponseSchema,
          ...errors,
        },
      },
    },
    async (request) => {
      const mine = await requests.list({ requester: request.user!.address, limit: MARKET_REQUEST_LIST_MAX });
      return { success: true as const, requests: mine.map(toRequestView) };
    },
  );

  app.get(
    '/requests',
    {
      preValidation: app.requireAdmin,
      schema: {
        summary: 'Market requests, newest first, optionally of one status. Admins only',
        tags: ['prophecy'],
        security: bearer,
        querystring: marketRequestListQuery,
        response: {
          200: marketRequestListResponseSchema,
          ...errors,
        },
      },
    },
    async (request) => {
      const { status, limit } = request.query;
      const list = await requests.list({ ...(status === undefined ? {} : { status }), limit });
      return { success: true as const, requests: list.map(toRequestView) };
    },
  );

  app.post(
    '/requests/:id/approve',
    {
      preValidation: app.requireAdmin,
      schema: {
        summary: "Approves a pending request: creates its market on chain, optionally with the admin's times",
        tags: ['prophecy'],
        security: bearer,
        params: marketRequestParams,
        body: approveRequestBodySchema,
        response: {
          200: approvedRequestResponseSchema,
          ...errors,
        },
      },
    },
    async (request) => {
      const { request: approved, market } = await prophecy.approveRequest(
        request.params.id,
        request.user!.address,
        request.body ?? {},
      );
      app.marketListCache.clear();
      return { success: true as const, request: toRequestView(approved), market: toMarketView(market) };
    },
  );

  app.post(
    '/requests/:id/reject',
    {
      preValidation: app.requireAdmin,
      schema: {
        summary: 'Rejects a pending request with a reason its requester sees. Admins only',
        tags: ['prophecy'],
        security: bearer,
        params: marketRequestParams,
        body: rejectRequestBodySchema,
        response: {
          200: marketRequestResponseSchema,
          ...errors,
        },
      },
    },
    async (request) => {
      const rejected = await prophecy.rejectRequest(
        request.params.id,
        request.user!.address,
        request.body.reason,
      );
      return { success: true as const, request: toRequestView(rejected) };
    },
  );
};

export default requestRoutes;
