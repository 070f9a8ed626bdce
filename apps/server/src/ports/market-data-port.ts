/**
 * The market data port: token prices, the priority-fee estimate and token swaps (architecture.md, "token
 * prices, swap quotes and instructions" and "priority fee estimate"). Mainnet: Jupiter's price and swap
 * APIs and Helius's `getPriorityFeeEstimate`. Local: a price table read from the local chain's Pyth account,
 * the local chain's own `getPriorityFeeEstimate`, and a swap desk keypair that co-signs its side of a swap.
 *
 * Swap quotes and swap instructions are wire documents in Jupiter's shape: the client receives a quote and
 * hands it back unchanged to ask for the swap instructions. So, unlike the other ports, their amounts are
 * decimal strings (as Jupiter writes them); the desk parses them to `bigint` wherever it computes. Their
 * schemas and types are the API's, in `@arcade/sdk/api/market-data`.
 *
 * @module
 */

import type { SwapInstructions, SwapQuote } from '@arcade/sdk/api/market-data';
import type { Address } from '@solana/kit';

/** What a swap quote asks for (exact-in, direct routes only: the spec's client never asks otherwise). */
export interface SwapQuoteRequest {
  readonly inputMint: Address;
  readonly outputMint: Address;
  /** Input amount in the input mint's base units. */
  readonly amount: bigint;
  readonly slippageBps: number;
}

/** What the swap-instructions call takes. */
export interface SwapInstructionsRequest {
  readonly quoteResponse: SwapQuote;
  readonly userPublicKey: Address;
  readonly wrapAndUnwrapSol: boolean;
}

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
