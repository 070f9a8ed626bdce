/**
 * The market data port on a real cluster: Jupiter's Price API v3 and Swap API (`/swap/v1/quote` and
 * `/swap/v1/swap-instructions`, the v6 quote shape), and Helius's `getPriorityFeeEstimate`.
 *
 * Every upstream failure becomes a 502 with a fixed message; nothing of the upstream body reaches the
 * client.
 *
 * @module
 */

import { ApiErrorCode } from '@arcade/sdk/api/error-codes';
import { swapQuoteSchema, upstreamSwapInstructionsSchema } from '@arcade/sdk/api/market-data';
import { NATIVE_MINT_ADDRESS } from '@arcade/sdk/wager/program';
import { isAddress, type Address } from '@solana/kit';
import { z } from 'zod';

import { badGateway, badRequest, HttpError } from '../../http/errors.ts';
import type { MarketDataPort } from '../../ports/market-data-port.ts';
import { fetchPriorityFeeEstimate, UPSTREAM_TIMEOUT_MS, type FetchLike } from './helius-priority-fee.ts';

/** Jupiter's API host; `JUPITER_API_URL` overrides it (e.g. a self-hosted or a paid endpoint). */
export const DEFAULT_JUPITER_API_URL = 'https://api.jup.ag';

/** Ids Jupiter's Price API v3 takes per request. */
const JUPITER_PRICE_IDS_PER_REQUEST = 50;

/** Jupiter's error codes for a quote request that has no route: the request, not Jupiter, is at fault. */
const NO_ROUTE_ERROR_CODES: ReadonlySet<string> = new Set([
  'COULD_NOT_FIND_ANY_ROUTE',
  'NO_ROUTES_FOUND',
  'TOKEN_NOT_TRADABLE',
  'ROUTE_PLAN_DOES_NOT_CONSUME_ALL_THE_AMOUNT',
  'CIRCULAR_ARBITRAGE_IS_DISABLED',
]);

/** Options of {@link createMainnetMarketData}. */
export interface MainnetMarketDataOptions {
  /** Jupiter's host, without a path; default {@link DEFAULT_JUPITER_API_URL}. */
  readonly jupiterApiUrl?: string | undefined;
  /** Sent as `x-api-key` when set. */
  readonly jupiterApiKey?: string | undefined;
  /** The JSON-RPC endpoint that answers `getPriorityFeeEstimate`, e.g. `heliusRpcUrl(HELIUS_API_KEY)`. */
  readonly priorityFeeUrl: string;
  /** The mints the symbols USDC, USDT and JUICE stand for. */
  readonly mints: { readonly usdc: Address; readonly usdt: Address; readonly juice: Address };
  /** Default the global fetch; tests inject recorded responses. */
  readonly fetch?: FetchLike;
}

const priceResponse = z.record(z.string(), z.looseObject({ usdPrice: z.number().positive() }).nullable());

const errorBody = z.looseObject({ errorCode: z.string().optional() });

/**
 * The market data port on mainnet.
 *
 * @example
 * createMainnetMarketData({
 *   priorityFeeUrl: heliusRpcUrl(env.HELIUS_API_KEY),
 *   mints: { usdc: chain.addresses.usdcMint, usdt: chain.addresses.usdtMint, juice: chain.addresses.juiceMint },
 * });
 */
export function createMainnetMarketData(options: MainnetMarketDataOptions): MarketDataPort {
  const base = (options.jupiterApiUrl ?? DEFAULT_JUPITER_API_URL).replace(/\/+$/, '');
  const fetchImpl = options.fetch ?? fetch;
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.jupiterApiKey !== undefined) headers['x-api-key'] = options.jupiterApiKey;
  const symbols = new Map<string, Address>([
    ['SOL', NATIVE_MINT_ADDRESS],
    ['USDC', options.mints.usdc],
    ['USDT', options.mints.usdt],
    ['JUICE', options.mints.juice],
  ]);
  const mintOf = (id: string): Address | undefined =>
    symbols.get(id.toUpperCase()) ?? (isAddress(id) ? id : undefined);

  /** GETs or POSTs `path`; any failure to get a 2xx JSON body is `failure`. */
  async function call(
    path: string,
    init: RequestInit,
    failure: HttpError,
    onClientError?: (body: unknown) => HttpError,
  ): Promise<unknown> {
    let response: Response;
    try {
      response = await fetchImpl(`${base}${path}`, {
        ...init,
        headers: { ...headers, ...(init.body === undefined ? {} : { 'content-type': 'application/json' }) },
        signal: AbortSignal.timeout(UPSTREAM_TIMEOUT_MS),
      });
    } catch {
      throw failure;
    }
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      throw failure;
    }
    if (response.ok) return body;
    if (
      onClientError !== undefined &&
      response.status >= 400 &&
      response.status < 500 &&
      response.status !== 429
    ) {
      throw onClientError(body);
    }
    throw failure;
  }

  return {
    async prices(ids) {
      const wanted = ids.flatMap((id) => {
        const mint = mintOf(id);
        return mint === undefined ? [] : [[id, mint] as const];
      });
      const others = [
        ...new Set(wanted.map(([, mint]) => mint).filter((mint) => mint !== NATIVE_MINT_ADDRESS)),
      ];
      const usd = new Map<string, number>();
      if (others.length > 0) {
        // Jupiter prices in USD: SOL's own price turns them into SOL.
        const mints = [NATIVE_MINT_ADDRESS, ...others];
        const failure = badGateway(ApiErrorCode.PRICE_UNAVAILABLE);
        for (let i = 0; i < mints.length; i += JUPITER_PRICE_IDS_PER_REQUEST) {
          const chunk = mints.slice(i, i + JUPITER_PRICE_IDS_PER_REQUEST);
          const query = new URLSearchParams({ ids: chunk.join(',') });
          const parsed = priceResponse.safeParse(
            await call(`/price/v3?${query.toString()}`, { method: 'GET' }, failure),
          );
          if (!parsed.success) throw failure;
          for (const [mint, entry] of Object.entries(parsed.data)) {
            if (entry !== null) usd.set(mint, entry.usdPrice);
          }
        }
        if (!usd.has(NATIVE_MINT_ADDRESS)) throw failure;
      }
      const solUsd = usd.get(NATIVE_MINT_ADDRESS);
      const prices = new Map<string, number>();
      for (const [id, mint] of wanted) {
        if (mint === NATIVE_MINT_ADDRESS) prices.set(id, 1);
        else {
          const price = usd.get(mint);
          if (price !== undefined && solUsd !== undefined) prices.set(id, price / solUsd);
        }
      }
      return prices;
    },

    priorityFeeEstimate: (transaction) =>
      fetchPriorityFeeEstimate(options.priorityFeeUrl, transaction, fetchImpl),

    async quote(request) {
      const query = new URLSearchParams({
        inputMint: request.inputMint,
        outputMint: request.outputMint,
        amount: request.amount.toString(),
        slippageBps: String(request.slippageBps),
        swapMode: 'ExactIn',
        onlyDirectRoutes: 'true',
      });
      const failure = badGateway(ApiErrorCode.SWAP_UNAVAILABLE);
      const body = await call(`/swap/v1/quote?${query.toString()}`, { method: 'GET' }, failure, (error) => {
        const code = errorBody.safeParse(error).data?.errorCode;
        return code !== undefined && NO_ROUTE_ERROR_CODES.has(code)
          ? badRequest(ApiErrorCode.SWAP_NO_ROUTE)
          : failure;
      });
      const parsed = swapQuoteSchema.safeParse(body);
      if (!parsed.success) throw failure;
      return parsed.data;
    },

    async swapInstructions(request) {
      const failure = badGateway(ApiErrorCode.SWAP_UNAVAILABLE);
      const body = await call(
        '/swap/v1/swap-instructions',
        {
          method: 'POST',
          body: JSON.stringify({
            quoteResponse: request.quoteResponse,
            userPublicKey: request.userPublicKey,
            wrapAndUnwrapSol: request.wrapAndUnwrapSol,
          }),
        },
        failure,
        // The quote came from the client: Jupiter refusing it is the request's fault.
        () => badRequest(ApiErrorCode.QUOTE_REJECTED),
      );
      const parsed = upstreamSwapInstructionsSchema.safeParse(body);
      if (!parsed.success) throw failure;
      return { ...parsed.data, requiresCosign: false };
    },

    // A Jupiter swap moves the pools' tokens by program authority: the user's signature is all it needs.
    cosign: async () => ({ required: false }),
  };
}
