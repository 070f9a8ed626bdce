import type { TokenJson, TokensResponseJson } from '@arcade/sdk/api/nfts';
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';

/** `GET /api/nfts/tokens`: the tokens TailSpin pays prizes in (docs/reference/entities.md#client-views). */
export async function getTokens(signal?: AbortSignal): Promise<readonly TokenJson[]> {
  const body = await api<TokensResponseJson>('/api/nfts/tokens', signal ? { signal } : {});
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
