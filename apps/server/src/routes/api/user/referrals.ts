/**
 * Referrals: `POST /api/user/createReferral`, `GET /api/user/referral/{code}` and
 * `GET /api/user/referralStats/{address}`. Shares wait in the referrer's vault on chain; claiming them is a
 * `claim_referral` transaction the referrer signs, so no route here moves money.
 *
 * @module
 */

import { addressParams } from '@arcade/sdk/api/common';
import { API_ERROR_MESSAGES, ApiErrorCode } from '@arcade/sdk/api/error-codes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { badRequest, notFound } from '../../../http/errors.ts';
import { bearer, errorResponses } from '../../../http/schemas.ts';
import { REFERRAL_CODE_PATTERN } from '../../../repositories/referral-repository.ts';

/** The user-facing errors of these routes (the spec's string where it has one). */
export const REFERRAL_ERRORS = Object.freeze({
  exists: API_ERROR_MESSAGES[ApiErrorCode.REFERRAL_EXISTS],
  notFound: API_ERROR_MESSAGES[ApiErrorCode.REFERRAL_NOT_FOUND],
  invalidCode: 'Invalid referral code',
} as const);

/** A referral code, case-insensitive: 'Invalid referral code' unless 8 characters of the code alphabet. */
const codeSchema = z
  .string({ error: REFERRAL_ERRORS.invalidCode })
  .trim()
  .toUpperCase()
  .refine((code) => REFERRAL_CODE_PATTERN.test(code), { error: REFERRAL_ERRORS.invalidCode })
  .meta({ description: 'an 8-character referral code, any case', example: 'RYKC8X3S' });

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
          200: z.object({ success: z.literal(true), referral: z.string() }),
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
        params: z.object({ code: codeSchema }),
        response: {
          200: z.object({ success: z.literal(true), address: z.string() }),
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
          "A wallet's referral stats (spec §3): lamports of referral fees credited to its referral vault from its referees' settled bets and as the referrer of resolved Prophecy markets, how many users it referred, and what its vault holds to claim (claim_referral, signed by the wallet) and has paid out",
        tags: ['referrals'],
        params: addressParams,
        response: {
          200: z.object({
            success: z.literal(true),
            fees: z
              .string()
              .describe(
                "Lamports: referees' settled bets' referral fees plus the Prophecy market referrer shares credited",
              ),
            referredUserCount: z.number(),
            claimable: z
              .string()
              .describe(
                "Lamports in the wallet's referral vault above its rent: what claim_referral pays now",
              ),
            claimed: z.string().describe('Lamports claim_referral has paid out of the vault, ever'),
          }),
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
