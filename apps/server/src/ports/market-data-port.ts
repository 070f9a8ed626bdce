/**
 * The market data port: token prices, the priority-fee estimate and token swaps (architecture.md, "token
 * prices, swap quotes and instructions" and "priority fee estimate"). Mainnet: Jupiter's price and swap
 * APIs and Helius's `getPriorityFeeEstimate`. Local: a price table read from the local chain's Pyth account,
 * the local chain's own `getPriorityFeeEstimate`, and a swap desk keypair that co-signs its side of a swap.
 *
 * Swap quotes and swap instructions are wire documents in Jupiter's shape: the client receives a quote and
 * hands it back unchanged to ask for the swap instructions. So, unlike the other ports, their amounts are
 * decimal strings (as Jupiter writes them); the desk parses them to `bigint` wherever it computes.
 *
 * @module
 */

import { API_ERROR_MESSAGES, ApiErrorCode } from '@arcade/sdk/api/error-codes';
import type { Address } from '@solana/kit';
import { z } from 'zod';

/** The strings the market data routes and adapters answer with. */
export const MARKET_DATA_MESSAGES = Object.freeze({
  priceUnavailable: API_ERROR_MESSAGES[ApiErrorCode.PRICE_UNAVAILABLE],
  priorityFeeUnavailable: API_ERROR_MESSAGES[ApiErrorCode.PRIORITY_FEE_UNAVAILABLE],
  swapUnavailable: API_ERROR_MESSAGES[ApiErrorCode.SWAP_UNAVAILABLE],
  noRoute: API_ERROR_MESSAGES[ApiErrorCode.SWAP_NO_ROUTE],
  sameMint: API_ERROR_MESSAGES[ApiErrorCode.SWAP_SAME_MINT],
  amountTooSmall: API_ERROR_MESSAGES[ApiErrorCode.SWAP_AMOUNT_TOO_SMALL],
  amountTooLarge: API_ERROR_MESSAGES[ApiErrorCode.SWAP_AMOUNT_TOO_LARGE],
  quoteUnknown: API_ERROR_MESSAGES[ApiErrorCode.QUOTE_UNKNOWN],
  quoteExpired: API_ERROR_MESSAGES[ApiErrorCode.QUOTE_EXPIRED],
  quoteUsed: API_ERROR_MESSAGES[ApiErrorCode.QUOTE_USED],
  quoteMismatch: API_ERROR_MESSAGES[ApiErrorCode.QUOTE_MISMATCH],
  tooManyQuotes: API_ERROR_MESSAGES[ApiErrorCode.TOO_MANY_QUOTES],
  wrapAndUnwrapSolRequired: API_ERROR_MESSAGES[ApiErrorCode.SWAP_WRAP_SOL_REQUIRED],
  quoteRejected: API_ERROR_MESSAGES[ApiErrorCode.QUOTE_REJECTED],
  invalidTransaction: API_ERROR_MESSAGES[ApiErrorCode.SWAP_INVALID_TRANSACTION],
  transactionNotSwap: API_ERROR_MESSAGES[ApiErrorCode.SWAP_TRANSACTION_NOT_QUOTE],
} as const);

/** What a swap quote asks for (exact-in, direct routes only: the spec's client never asks otherwise). */
export interface SwapQuoteRequest {
  readonly inputMint: Address;
  readonly outputMint: Address;
  /** Input amount in the input mint's base units. */
  readonly amount: bigint;
  readonly slippageBps: number;
}

/** One hop of a quote's route, in Jupiter's shape. */
export type RoutePlanStep = z.output<typeof routePlanStepSchema>;

/**
 * A quote in Jupiter's v6 (`/swap/v1/quote`) shape. Amounts are decimal strings of base units;
 * `otherAmountThreshold` is the least the user accepts, `outAmount × (1 − slippage)` rounded down.
 * Providers add their own fields (Jupiter's `platformFee`, the local desk's `quoteId` and `expiresAt`);
 * the client echoes the whole document back.
 */
export type SwapQuote = z.output<typeof swapQuoteSchema>;

/** An instruction as Jupiter's swap-instructions writes it: base58 keys, base64 data. */
export type JsonInstruction = z.output<typeof jsonInstructionSchema>;

/** What the swap-instructions call takes. */
export interface SwapInstructionsRequest {
  readonly quoteResponse: SwapQuote;
  readonly userPublicKey: Address;
  readonly wrapAndUnwrapSol: boolean;
}

/**
 * The instructions of a swap in Jupiter's shape. The client composes compute budget, setup, swap, then
 * cleanup instructions into one transaction with the given lookup tables. `requiresCosign` says whether
 * the signed transaction must go through `cosign` before it is sent (the local desk).
 */
export type SwapInstructions = z.output<typeof swapInstructionsSchema>;

/** What `cosign` did. */
export type CosignResult =
  | { readonly required: false }
  | {
      readonly required: true;
      /** The transaction (base64 wire bytes) with the desk's signature added. */
      readonly transaction: string;
      readonly quoteId: string;
    };

/** Token prices, priority fees and swaps. */
export interface MarketDataPort {
  /**
   * Prices in SOL of `ids` (mint addresses or the symbols SOL, USDC, USDT, JUICE), keyed by the id as
   * given. SOL (its native mint or 'SOL') is 1. Unknown ids are absent: the client reads them as 0.
   *
   * Prices are display values, so they are JS numbers (the one place amounts are not `bigint`).
   *
   * @throws HttpError 502 'Price unavailable' when the price source fails.
   */
  prices(ids: readonly string[]): Promise<ReadonlyMap<string, number>>;
  /**
   * The `High` priority fee for `transaction` (base64 wire bytes), in micro-lamports per compute unit.
   *
   * @throws HttpError 502 'Priority fee estimate unavailable' when the estimator fails.
   */
  priorityFeeEstimate(transaction: string): Promise<number>;
  /**
   * An exact-in, direct-route quote. `now` (ms) dates the quote where quotes expire.
   *
   * @throws HttpError 400 when there is no route or the amount cannot be swapped; 502 upstream.
   */
  quote(request: SwapQuoteRequest, now: number): Promise<SwapQuote>;
  /**
   * The instructions that carry out `quoteResponse` for `userPublicKey`.
   *
   * @throws HttpError 400 when the quote is unknown, expired, used or altered; 502 upstream.
   */
  swapInstructions(request: SwapInstructionsRequest, now: number): Promise<SwapInstructions>;
  /**
   * Adds the swap desk's signature to a transaction built from swap instructions, once per quote.
   * `{ required: false }` where swaps need no co-signer (Jupiter on mainnet).
   *
   * @throws HttpError 400 when the transaction is not exactly a live quote's swap.
   */
  cosign(transaction: string, now: number): Promise<CosignResult>;
}

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

/** A {@link JsonInstruction}. */
export const jsonInstructionSchema = z.object({
  programId: z.string(),
  accounts: z.array(z.object({ pubkey: z.string(), isSigner: z.boolean(), isWritable: z.boolean() })),
  data: z.string(),
});

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
