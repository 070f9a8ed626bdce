/**
 * Juice: `GET /api/user/juice/{address}` and `POST /api/user/claimJuice`.
 *
 * The GET is the one source of a wallet's Juice figures, so every screen agrees: `earned` (ever accrued),
 * `claimed` (minted, or in a claim that may still land) and `claimable` = earned − claimed (the field
 * `docs/reference/entities.md#client-views` names), besides the on-chain `balance`.
 *
 * @module
 */

import { addressParams } from '@arcade/sdk/api/common';
import { JUICE_DECIMALS } from '@arcade/sdk/constants';
import { claimJuiceResponseSchema, juiceStatusSchema } from '@arcade/sdk/api/user';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { bearer, errorResponses, errorSchema } from '../../../http/schemas.ts';

const routes: FastifyPluginAsyncZod = async (app) => {
  const { juice } = app.services;

  app.get(
    '/juice/:address',
    {
      schema: {
        summary: "A wallet's Juice: on-chain balance and claimable amount in base units, and its claim times",
        tags: ['juice'],
        params: addressParams,
        response: {
          200: juiceStatusSchema,
          ...errorResponses,
          502: errorSchema,
        },
      },
    },
    async (request) => {
      const { address } = request.params;
      const status = await app.juiceCache.get(address, () => juice.status(address));
      return {
        success: true as const,
        balance: status.balance.toString(),
        earned: status.earned.toString(),
        claimed: status.claimed.toString(),
        claimable: status.claimable.toString(),
        decimals: JUICE_DECIMALS,
        lastClaim: status.lastClaim,
        nextClaimAt: status.nextClaimAt,
      };
    },
  );

  app.post(
    '/claimJuice',
    {
      preValidation: [app.authenticate, app.userRateLimit],
      schema: {
        summary:
          'A transaction minting the claimable Juice to the signed-in wallet, partly signed by the server: the user signs as fee payer and sends it. Once per 24 hours.',
        tags: ['juice'],
        security: bearer,
        response: {
          200: claimJuiceResponseSchema,
          ...errorResponses,
          502: errorSchema,
        },
      },
    },
    async (request) => {
      const address = request.user!.address;
      app.juiceCache.delete(address);
      const issued = await juice.claim(address).finally(() => {
        app.juiceCache.delete(address);
      });
      return {
        success: true as const,
        transaction: issued.transaction,
        amount: issued.amount.toString(),
        nextClaimAt: issued.nextClaimAt,
        // The one the message carries (and the reconciliation waits for), not the blockhash's own.
        lastValidBlockHeight: issued.claim.lastValidBlockHeight.toString(),
      };
    },
  );
};

export default routes;
