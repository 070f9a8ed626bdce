import type { MarketResponse, MarketResultLabel } from '@arcade/sdk/api/prophecy';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { useAdminToken } from '../hooks/use-admin-token.ts';
import { actionToasts } from '../utils/action-toasts.ts';
import { adminKeys } from './query-keys.ts';
import type { MarketItem } from './types.ts';

/** Input of {@link resolveMarket}; `label` is the market's wording of the result, for the toasts. */
export interface ResolveMarketInput {
  readonly market: string;
  readonly result: MarketResultLabel;
  readonly label: string;
}

/** `POST /api/prophecy/resolveMarket`: resolves a market yes, no or invalid on chain, after its cutoff. */
export async function resolveMarket(
  token: string,
  input: { readonly market: string; readonly result: MarketResultLabel },
): Promise<MarketItem> {
  const body = await api<MarketResponse>('/api/prophecy/resolveMarket', {
    method: 'POST',
    token,
    body: { market: input.market, result: input.result },
  });
  return body.market;
}

/** Resolves a market, with toasts; every market list refreshes after. */
export function useResolveMarket() {
  const token = useAdminToken();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ResolveMarketInput) => resolveMarket(token ?? '', input),
    ...actionToasts<ResolveMarketInput, MarketItem>({
      pending: (v) => `Resolving market as ${v.label}…`,
      // A side nobody predicted is recorded as invalid by the program: say so rather than echo the choice.
      success: (v, market) =>
        market.result === null || market.result === v.result
          ? `Market resolved: ${v.label}`
          : `Market resolved: ${market.marketMetadata.invalidOption} (nobody predicted ${v.label})`,
      failure: () => 'Failed to resolve market',
    }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.prophecy }),
  });
}
