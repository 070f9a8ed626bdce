/**
 * Market data (docs/reference/api.md#market-data): `GET /api/price`, `POST /api/priority-fee`, and the swap calls
 * `GET /api/swap/quote`, `POST /api/swap/swap-instructions` and `POST /api/swap/cosign`, all in the shapes
 * of the services the spec's client calls (Jupiter, Helius), served by the market data port. The requests'
 * and answers' schemas are `@arcade/sdk/api/market-data`'s.
 *
 * @module
 */

import { ApiErrorCode } from '@arcade/sdk/api/error-codes';
import {
  cosignBodySchema,
  cosignResponseSchema,
  priceQuerySchema,
  priceResponseSchema,
  priorityFeeBodySchema,
  priorityFeeResponseSchema,
  swapInstructionsBodySchema,
  swapInstructionsResponseSchema,
  swapQuoteQuerySchema,
  swapQuoteResponseSchema,
} from '@arcade/sdk/api/market-data';
import { SWAP_SLIPPAGE_BPS } from '@arcade/sdk/constants';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { badRequest } from '../../../http/errors.ts';
import { errorResponses, errorSchema } from '../../../http/schemas.ts';
import type { MarketDataPort } from '../../../ports/market-data-port.ts';

const upstreamErrors = { ...errorResponses, 502: errorSchema } as const;

/** The market data port; the routes take it from `app.ports` once it is wired there. */
function marketData(app: FastifyInstance): MarketDataPort {
  return app.ports.marketData;
}

const routes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/price',
    {
      schema: {
        summary: 'Token prices in SOL, in the Jupiter price shape the client reads (data[id].price)',
        description:
          'ids are mint addresses or the symbols SOL, USDC, USDT, JUICE. SOL is 1. An unknown id is absent ' +
          '(the client reads it as 0). Prices are display values, so they are JSON numbers, not u64 strings.',
        tags: ['market data'],
        querystring: priceQuerySchema,
        response: { 200: priceResponseSchema, ...upstreamErrors },
      },
    },
    async (request) => {
      const prices = await marketData(app).prices(request.query.ids);
      return {
        success: true as const,
        data: Object.fromEntries([...prices].map(([id, price]) => [id, { id, price }])),
      };
    },
  );

  app.post(
    '/priority-fee',
    {
      schema: {
        summary: 'The High priority fee for a transaction, micro-lamports per compute unit (Helius shape)',
        description: "502 'Priority fee estimate unavailable' when the estimator fails: use the defaults.",
        tags: ['market data'],
        body: priorityFeeBodySchema,
        response: { 200: priorityFeeResponseSchema, ...upstreamErrors },
      },
    },
    async (request) => ({
      success: true as const,
      priorityFeeEstimate: await marketData(app).priorityFeeEstimate(request.body.transaction),
    }),
  );

  app.get(
    '/swap/quote',
    {
      schema: {
        summary: 'An exact-in, direct-route swap quote in the Jupiter v6 quote shape (amounts as strings)',
        description:
          `slippageBps must be ${SWAP_SLIPPAGE_BPS}, swapMode ExactIn and onlyDirectRoutes true (the defaults). ` +
          'On the local chain the quote has a quoteId and expires at expiresAt (ms); hand it back unchanged.',
        tags: ['market data'],
        querystring: swapQuoteQuerySchema,
        response: { 200: swapQuoteResponseSchema, ...upstreamErrors },
      },
    },
    async (request) => {
      const { inputMint, outputMint, amount } = request.query;
      if (inputMint === outputMint) throw badRequest(ApiErrorCode.SWAP_SAME_MINT);
      const quote = await marketData(app).quote(
        { inputMint, outputMint, amount, slippageBps: SWAP_SLIPPAGE_BPS },
        app.now(),
      );
      return { ...quote, success: true as const };
    },
  );

  app.post(
    '/swap/swap-instructions',
    {
      schema: {
        summary: "The instructions of a quote's swap, in Jupiter's swap-instructions shape",
        description:
          'requiresCosign is true on the local chain: sign the transaction, then send it to /api/swap/cosign.',
        tags: ['market data'],
        body: swapInstructionsBodySchema,
        response: { 200: swapInstructionsResponseSchema, ...upstreamErrors },
      },
    },
    async (request) => {
      const { quoteResponse, userPublicKey, wrapAndUnwrapSol } = request.body;
      // `success` is this API's envelope, not part of the provider's quote.
      const quote = { ...quoteResponse };
      delete quote.success;
      const instructions = await marketData(app).swapInstructions(
        { quoteResponse: quote, userPublicKey, wrapAndUnwrapSol },
        app.now(),
      );
      return { ...instructions, success: true as const };
    },
  );

  app.post(
    '/swap/cosign',
    {
      schema: {
        summary: "Adds the local swap desk's signature to a swap transaction, once per quote",
        description:
          'The transaction must carry exactly a live quote’s payment and payout, with the user as fee payer ' +
          'and a recent blockhash. Where no co-signer is needed (mainnet) required is false and the ' +
          'transaction comes back unchanged.',
        tags: ['market data'],
        body: cosignBodySchema,
        response: { 200: cosignResponseSchema, ...upstreamErrors },
      },
    },
    async (request) => {
      const { transaction } = request.body;
      const result = await marketData(app).cosign(transaction, app.now());
      return result.required
        ? { success: true as const, required: true, transaction: result.transaction, quoteId: result.quoteId }
        : { success: true as const, required: false, transaction };
    },
  );
};

export default routes;
