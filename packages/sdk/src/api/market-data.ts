/**
 * The market data API (`docs/reference/api.md#market-data`): `GET /api/price`, `POST /api/priority-fee`
 * and the swap calls `GET /api/swap/quote`, `POST /api/swap/swap-instructions` and `POST /api/swap/cosign`,
 * as zod schemas with their types. The shapes are those of the services the spec's client calls (Jupiter,
 * Helius).
 *
 * Swap quotes and swap instructions are wire documents in Jupiter's shape: the client receives a quote and
 * hands it back unchanged to ask for the swap instructions. So their amounts are decimal strings (as
 * Jupiter writes them), and a quote keeps whatever fields its provider adds.
 *
 * Browser-safe: base64 is decoded with `@solana/kit`'s codec, not Node's `Buffer`.
 *
 * @module
 */

import { getBase64Encoder, getTransactionDecoder, isAddress } from '@solana/kit';
import { z } from 'zod';

import { MAX_TRANSACTION_SIZE, PRIORITY_FEE_LEVEL, SWAP_SLIPPAGE_BPS } from '../constants.ts';
import { BASE58_ADDRESS_PATTERN, EXAMPLE_ADDRESS, u64Schema } from './common.ts';
import { API_ERROR_MESSAGES, ApiErrorCode } from './error-codes.ts';

/** Ids one price request may ask for (Jupiter's own limit). */
export const MAX_PRICE_IDS = 50;

/** The message for a transaction over the network's packet limit. */
export const TRANSACTION_TOO_LARGE = `Transaction is larger than ${MAX_TRANSACTION_SIZE} bytes`;

const INVALID_TRANSACTION = API_ERROR_MESSAGES[ApiErrorCode.SWAP_INVALID_TRANSACTION];

/** The longest base64 text that can hold {@link MAX_TRANSACTION_SIZE} bytes. */
const MAX_TRANSACTION_BASE64 = Math.ceil(MAX_TRANSACTION_SIZE / 3) * 4;

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/** A serialized transaction: base64 of at most {@link MAX_TRANSACTION_SIZE} bytes that decodes as one. */
export const transactionSchema = z.string({ error: INVALID_TRANSACTION }).transform((value, ctx) => {
  const text = value.trim();
  if (text.length > MAX_TRANSACTION_BASE64) {
    ctx.addIssue({ code: 'custom', message: TRANSACTION_TOO_LARGE });
    return z.NEVER;
  }
  if (!BASE64.test(text) || text.length % 4 !== 0) {
    ctx.addIssue({ code: 'custom', message: INVALID_TRANSACTION });
    return z.NEVER;
  }
  // The text is padded base64 (checked above), so the codec decodes it exactly as Node's Buffer would.
  const bytes = getBase64Encoder().encode(text);
  if (bytes.length > MAX_TRANSACTION_SIZE) {
    ctx.addIssue({ code: 'custom', message: TRANSACTION_TOO_LARGE });
    return z.NEVER;
  }
  try {
    getTransactionDecoder().decode(bytes);
  } catch {
    ctx.addIssue({ code: 'custom', message: INVALID_TRANSACTION });
    return z.NEVER;
  }
  return text;
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

// Prices

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

/** `GET /api/price`'s query. */
export const priceQuerySchema = z.object({ ids: idsSchema });

/** `GET /api/price`'s answer, in the Jupiter price shape the client reads (`data[id].price`). */
export const priceResponseSchema = z.object({
  success: z.literal(true),
  data: z.record(z.string(), z.object({ id: z.string(), price: z.number() })),
});

/** `GET /api/price`'s answer. */
export type PriceResponse = z.output<typeof priceResponseSchema>;

// Priority fee

/** `POST /api/priority-fee`'s body. */
export const priorityFeeBodySchema = z.object(
  {
    transaction: transactionSchema,
    priorityLevel: z
      .literal(PRIORITY_FEE_LEVEL, { error: `priorityLevel must be ${PRIORITY_FEE_LEVEL}` })
      .optional(),
  },
  { error: INVALID_TRANSACTION },
);

/** `POST /api/priority-fee`'s answer: micro-lamports per compute unit (Helius shape). */
export const priorityFeeResponseSchema = z.object({
  success: z.literal(true),
  priorityFeeEstimate: z.number(),
});

/** `POST /api/priority-fee`'s answer. */
export type PriorityFeeResponse = z.output<typeof priorityFeeResponseSchema>;

// Swaps

/** A u64 as Jupiter writes it: a decimal string. */
const amountString = z
  .string()
  .regex(/^\d{1,20}$/, 'expected a decimal amount')
  .meta({ example: '1000000' });

/** A {@link RoutePlanStep}, with whatever else the provider adds. */
export const routePlanStepSchema = z.looseObject({
  swapInfo: z.looseObject({
    ammKey: z.string(),
    label: z.string().optional(),
    inputMint: z.string(),
    outputMint: z.string(),
    inAmount: amountString,
    outAmount: amountString,
    feeAmount: amountString.optional(),
    feeMint: z.string().optional(),
  }),
  percent: z.number(),
});

/** One hop of a quote's route, in Jupiter's shape. */
export type RoutePlanStep = z.output<typeof routePlanStepSchema>;

/** A {@link SwapQuote}; unknown fields are kept, since the client echoes the whole quote back. */
export const swapQuoteSchema = z.looseObject({
  inputMint: z.string(),
  inAmount: amountString,
  outputMint: z.string(),
  outAmount: amountString,
  otherAmountThreshold: amountString,
  swapMode: z.string(),
  slippageBps: z.number().int(),
  priceImpactPct: z.string(),
  routePlan: z.array(routePlanStepSchema),
  contextSlot: z.number().optional(),
  timeTaken: z.number().optional(),
});

/**
 * A quote in Jupiter's v6 (`/swap/v1/quote`) shape. Amounts are decimal strings of base units;
 * `otherAmountThreshold` is the least the user accepts, `outAmount × (1 − slippage)` rounded down.
 * Providers add their own fields (Jupiter's `platformFee`, the local desk's `quoteId` and `expiresAt`);
 * the client echoes the whole document back.
 */
export type SwapQuote = z.output<typeof swapQuoteSchema>;

/** `GET /api/swap/quote`'s query: exact-in, direct routes, the spec's slippage. */
export const swapQuoteQuerySchema = z.object({
  inputMint: addressOf('inputMint'),
  outputMint: addressOf('outputMint'),
  amount: u64Schema.refine((amount) => amount > 0n, { error: 'Invalid amount' }),
  slippageBps: onlyValue('slippageBps', String(SWAP_SLIPPAGE_BPS)),
  swapMode: onlyValue('swapMode', 'ExactIn'),
  onlyDirectRoutes: onlyValue('onlyDirectRoutes', 'true'),
});

/** `GET /api/swap/quote`'s answer: the quote with this API's `success`. */
export const swapQuoteResponseSchema = swapQuoteSchema.extend({ success: z.literal(true) });

/** `GET /api/swap/quote`'s answer. */
export type SwapQuoteResponse = z.output<typeof swapQuoteResponseSchema>;

/** A {@link JsonInstruction}. */
export const jsonInstructionSchema = z.object({
  programId: z.string(),
  accounts: z.array(z.object({ pubkey: z.string(), isSigner: z.boolean(), isWritable: z.boolean() })),
  data: z.string(),
});

/** An instruction as Jupiter's swap-instructions writes it: base58 keys, base64 data. */
export type JsonInstruction = z.output<typeof jsonInstructionSchema>;

/** Jupiter's swap-instructions response, as the provider sends it. */
export const upstreamSwapInstructionsSchema = z.looseObject({
  computeBudgetInstructions: z.array(jsonInstructionSchema),
  setupInstructions: z.array(jsonInstructionSchema),
  swapInstruction: jsonInstructionSchema,
  cleanupInstruction: jsonInstructionSchema.nullable().default(null),
  otherInstructions: z.array(jsonInstructionSchema).default([]),
  addressLookupTableAddresses: z.array(z.string()),
});

/** {@link SwapInstructions}: the provider's response and whether it needs the desk's co-signature. */
export const swapInstructionsSchema = upstreamSwapInstructionsSchema.extend({ requiresCosign: z.boolean() });

/**
 * The instructions of a swap in Jupiter's shape. The client composes compute budget, setup, swap, then
 * cleanup instructions into one transaction with the given lookup tables. `requiresCosign` says whether
 * the signed transaction must go through `POST /api/swap/cosign` before it is sent (the local desk).
 */
export type SwapInstructions = z.output<typeof swapInstructionsSchema>;

/** `POST /api/swap/swap-instructions`'s body: the quote as received, and the user. */
export const swapInstructionsBodySchema = z.object(
  {
    quoteResponse: swapQuoteSchema,
    userPublicKey: addressOf('userPublicKey'),
    wrapAndUnwrapSol: z.boolean({ error: 'wrapAndUnwrapSol must be a boolean' }).default(true),
  },
  { error: 'Invalid quoteResponse' },
);

/** `POST /api/swap/swap-instructions`'s body, as sent. */
export type SwapInstructionsBody = z.input<typeof swapInstructionsBodySchema>;

/** `POST /api/swap/swap-instructions`'s answer: the instructions with this API's `success`. */
export const swapInstructionsResponseSchema = swapInstructionsSchema.extend({ success: z.literal(true) });

/** `POST /api/swap/swap-instructions`'s answer. */
export type SwapInstructionsResponse = z.output<typeof swapInstructionsResponseSchema>;

/** `POST /api/swap/cosign`'s body: the user-signed swap transaction. */
export const cosignBodySchema = z.object({ transaction: transactionSchema }, { error: INVALID_TRANSACTION });

/**
 * `POST /api/swap/cosign`'s answer: the transaction with the desk's signature and its quote's id, or, where
 * no co-signer is needed, `required: false` and the transaction unchanged.
 */
export const cosignResponseSchema = z.object({
  success: z.literal(true),
  required: z.boolean(),
  transaction: z.string(),
  quoteId: z.string().optional(),
});

/** `POST /api/swap/cosign`'s answer. */
export type CosignResponse = z.output<typeof cosignResponseSchema>;
