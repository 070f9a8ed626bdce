/**
 * A prize token's price in SOL (docs/reference/api.md#market-data): `GET
 * /api/price?ids=<mint>` answers `data[id].price`, SOL per token. An unknown id is absent and reads as 0
 * (spec: 0 on failure); SOL itself is 1.
 *
 * @module
 */

import type { PriceResponse } from '@arcade/sdk/api/market-data';
import { NATIVE_MINT_ADDRESS } from '@arcade/sdk/wager/program';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';

/** How long a price is shown before it is read again. */
export const TOKEN_PRICE_REFRESH_MS = 30_000;

/** SOL per one whole token of `mint`; 1 for SOL, 0 when the service has no price. */
export async function getTokenPrice(mint: string, signal?: AbortSignal): Promise<number> {
  if (mint === NATIVE_MINT_ADDRESS) return 1;
  const body = await api<PriceResponse>('/api/price', {
    query: { ids: mint },
    ...(signal === undefined ? {} : { signal }),
  });
  const price = body.data[mint]?.price;
  return typeof price === 'number' && Number.isFinite(price) && price > 0 ? price : 0;
}

/** Query options of a token's price. */
export function tokenPriceQueryOptions(mint: string) {
  return queryOptions({
    queryKey: ['tailspin', 'token-price', mint] as const,
    queryFn: ({ signal }) => getTokenPrice(mint, signal),
    staleTime: TOKEN_PRICE_REFRESH_MS,
    refetchInterval: TOKEN_PRICE_REFRESH_MS,
  });
}

/** The price of `mint` in SOL, refreshed every {@link TOKEN_PRICE_REFRESH_MS}. */
export function useTokenPrice(mint: string) {
  return useQuery(tokenPriceQueryOptions(mint));
}

/**
 * How many whole tokens `lamports` of SOL buy at `price` (SOL per token); null without a price.
 *
 * @example tokensForLamports(1_000_000_000n, 0.005) === 200
 */
export function tokensForLamports(lamports: bigint, price: number): number | null {
  if (!(price > 0)) return null;
  return Number(lamports) / 1e9 / price;
}
