/**
 * Market data (docs/reference/api.md#market-data): `GET /api/price`, `POST /api/priority-fee`, and the swap calls
 * `GET /api/swap/quote`, `POST /api/swap/swap-instructions` and `POST /api/swap/cosign`, all in the shapes
 * of the services the spec's client calls (Jupiter, Helius), served by the market data port.
 *
 * @module
 */

import { BASE58_ADDRESS_PATTERN, EXAMPLE_ADDRESS, u64Schema } from '@arcade/sdk/api/common';
import { ApiErrorCode } from '@arcade/sdk/api/error-codes';
import { MAX_TRANSACTION_SIZE, PRIORITY_FEE_LEVEL, SWAP_SLIPPAGE_BPS } from '@arcade/sdk/constants';
import { getTransactionDecoder, isAddress } from '@solana/kit';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { badRequest } from '../../../http/errors.ts';
import { errorResponses, errorSchema } from '../../../http/schemas.ts';
import {
  MARKET_DATA_MESSAGES as M,
  swapInstructionsSchema,
  swapQuoteSchema,
  type MarketDataPort,
} from '../../../ports/market-data-port.ts';

/** Ids one price request may ask for (Jupiter's own limit). */
export const MAX_PRICE_IDS = 50;

/** The longest base64 text that can hold {@link MAX_TRANSACTION_SIZE} bytes. */
const MAX_TRANSACTION_BASE64 = Math.ceil(MAX_TRANSACTION_SIZE / 3) * 4;

/** The message for a transaction over the network's packet limit. */
export const TRANSACTION_TOO_LARGE = `Transaction is larger than ${MAX_TRANSACTION_SIZE} bytes`;

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/** A serialized transaction: base64 of at most {@link MAX_TRANSACTION_SIZE} bytes that decodes as one. */
const transactionSchema = z.string({ error: M.invalidTransaction }).transform((value, ctx) => {
  const text = value.trim();
  if (text.length > MAX_TRANSACTION_BASE64) {
    ctx.addIssue({ code: 'custom', message: TRANSACTION_TOO_LARGE });
    return z.NEVER;
  }
  if (!BASE64.test(text) || text.length % 4 !== 0) {
    ctx.addIssue({ code: 'custom', message: M.invalidTransaction });
    return z.NEVER;
  }
  const bytes = Buffer.from(text, 'base64');
  if (bytes.length > MAX_TRANSACTION_SIZE) {
    ctx.addIssue({ code: 'custom', message: TRANSACTION_TOO_LARGE });
    return z.NEVER;
  }
  try {
    getTransactionDecoder().decode(bytes);
  } catch {
    ctx.addIssue({ code: 'custom', message: M.invalidTransaction });
    return z.NEVER;
  }
  return text;
});

/** `ids`: a comma list of mint addresses or symbols, deduplicated. */
const idsSchema = z.string({ error: 'ids is required' }).transform((value, ctx) => {
  const ids = [
    ...new Set(
      value
        .split(',')
        .map((id) => id.trim())
        .filter((id) => id !== ''),
    ),
  ];
  if (ids.length === 0) {
    ctx.addIssue({ code: 'custom', message: 'ids is required' });
    return z.NEVER;
  }
  if (ids.length > MAX_PRICE_IDS) {
    ctx.addIssue({ code: 'custom', message: `At most ${MAX_PRICE_IDS} ids` });
    return z.NEVER;
  }
  if (ids.some((id) => !/^[A-Za-z0-9]{1,64}$/.test(id))) {
    ctx.addIssue({ code: 'custom', message: 'Invalid id' });
    return z.NEVER;
  }
  return ids;
});

/** An address parameter, '<name> must be an address' when it is missing or not one. */
const addressOf = (name: string) =>
  z
    .string({ error: `${name} must be an address` })
    .trim()
    .regex(BASE58_ADDRESS_PATTERN, { error: `${name} must be an address` })
    .refine((text) => isAddress(text), { error: `${name} must be an address` })
    .meta({ description: 'a base58 Solana address', example: EXAMPLE_ADDRESS });

/** A parameter that may only take `expected`: the spec's client never sends anything else. */
const onlyValue = (name: string, expected: string) =>
  z
    .union([z.string(), z.number(), z.boolean()], { error: `${name} must be ${expected}` })
    .optional()
    .refine((value) => value === undefined || String(value).trim() === expected, {
      error: `${name} must be ${expected}`,
    });

const quoteQuery = z.object({
  inputMint: addressOf('inputMint'),
  outputMint: addressOf('outputMint'),
  amount: u64Schema.refine((amount) => amount > 0n, { error: 'Invalid amount' }),
  slippageBps: onlyValue('slippageBps', String(SWAP_SLIPPAGE_BPS)),
  swapMode: onlyValue('swapMode', 'ExactIn'),
  onlyDirectRoutes: onlyValue('onlyDirectRoutes', 'true'),
});

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
        querystring: z.object({ ids: idsSchema }),
        response: {
          200: z.object({
            success: z.literal(true),
            data: z.record(z.string(), z.object({ id: z.string(), price: z.number() })),
          }),
          ...upstreamErrors,
        },
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
        body: z.object(
          {
            transaction: transactionSchema,
            priorityLevel: z
              .literal(PRIORITY_FEE_LEVEL, { error: `priorityLevel must be ${PRIORITY_FEE_LEVEL}` })
              .optional(),
          },
          { error: M.invalidTransaction },
        ),
        response: {
          200: z.object({ success: z.literal(true), priorityFeeEstimate: z.number() }),
          ...upstreamErrors,
        },
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
        querystring: quoteQuery,
        response: { 200: swapQuoteSchema.extend({ success: z.literal(true) }), ...upstreamErrors },
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
        body: z.object(
          {
            quoteResponse: swapQuoteSchema,
            userPublicKey: addressOf('userPublicKey'),
            wrapAndUnwrapSol: z.boolean({ error: 'wrapAndUnwrapSol must be a boolean' }).default(true),
          },
          { error: 'Invalid quoteResponse' },
        ),
        response: { 200: swapInstructionsSchema.extend({ success: z.literal(true) }), ...upstreamErrors },
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
        body: z.object({ transaction: transactionSchema }, { error: M.invalidTransaction }),
        response: {
          200: z.object({
            success: z.literal(true),
            required: z.boolean(),
            transaction: z.string(),
            quoteId: z.string().optional(),
          }),
          ...upstreamErrors,
        },
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
