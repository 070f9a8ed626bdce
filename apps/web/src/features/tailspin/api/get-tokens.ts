import type { TokenJson } from '@arcade/sdk/api/nfts';
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';

/** A token TailSpin pays prizes in (the SDK's {@link TokenJson}, docs/reference/entities.md#client-views). */
export type TokenListEntry = Readonly<TokenJson>;

/** `GET /api/nfts/tokens`. */
export async function getTokens(signal?: AbortSignal): Promise<readonly TokenListEntry[]> {
  const body = await api<{ tokens: TokenListEntry[] }>('/api/nfts/tokens', signal ? { signal } : {});
  return body.tokens;
}

/** The token list; it changes only with a deployment, so it stays fresh for the visit. */
export function tokensQueryOptions() {
  return queryOptions({
    queryKey: ['nfts', 'tokens'],
    queryFn: ({ signal }) => getTokens(signal),
    staleTime: 5 * 60_000,
  });
}

/** The token list, loaded by the route before render. */
export function useTokens() {
  return useSuspenseQuery(tokensQueryOptions());
}
