/**
 * Referrals: `POST /api/user/createReferral`, `GET /api/user/referral/{code}` and
 * `GET /api/user/referralStats/{address}`. Shares wait in the referrer's vault on chain; claiming them is a
 * `claim_referral` transaction the referrer signs, so no route here moves money.
 *
 * @module
 */

import { addressParams } from '@arcade/sdk/api/common';
import { ApiErrorCode } from '@arcade/sdk/api/error-codes';
import {
  createReferralResponseSchema,
  referralCodeParams,
  referralOwnerSchema,
  referralStatsSchema,
} from '@arcade/sdk/api/user';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { badRequest, notFound } from '../../../http/errors.ts';
import { bearer, errorResponses } from '../../../http/schemas.ts';

const routes: FastifyPluginAsyncZod = async (app) => {
  const { referrals } = app.repositories;

  app.post(
    '/createReferral',
    {
      preValidation: [app.authenticate, app.userRateLimit],
      schema: {
        summary: "Creates the signed-in wallet's referral code (once)",
        tags: ['referrals'],
        security: bearer,
        response: {
          200: createReferralResponseSchema,
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const { address } = request.user!;
      const result = await referrals.create(address);
      if (!result.created) throw badRequest(ApiErrorCode.REFERRAL_EXISTS, { referral: result.code });
      // The profile carries the referral code: without this a read within the cache's second would say none.
      app.profileCache.delete(address);
      return { success: true as const, referral: result.code };
    },
  );

  app.get(
    '/referral/:code',
    {
      schema: {
        summary: 'The wallet a referral code belongs to',
        tags: ['referrals'],
        params: referralCodeParams,
        response: {
          200: referralOwnerSchema,
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const address = await referrals.ownerOf(request.params.code);
      if (address === null) throw notFound(ApiErrorCode.REFERRAL_NOT_FOUND);
      return { success: true as const, address };
    },
  );

  app.get(
    '/referralStats/:address',
    {
      schema: {
        summary:
          "A wallet's referral stats: lamports of referral fees credited to its referral vault from its referees' settled bets and as the referrer of resolved Prophecy markets, how many users it referred, and what its vault holds to claim (claim_referral, signed by the wallet) and has paid out",
        tags: ['referrals'],
        params: addressParams,
        response: {
          200: referralStatsSchema,
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const stats = await referrals.stats(request.params.address);
      return {
        success: true as const,
        fees: stats.fees.toString(),
        referredUserCount: stats.referredUserCount,
        claimable: stats.claimable.toString(),
        claimed: stats.claimed.toString(),
      };
    },
  );
};

export default routes;
