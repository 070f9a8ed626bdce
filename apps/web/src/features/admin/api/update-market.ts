import type { MarketResponse } from '@arcade/sdk/api/prophecy';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { useAdminToken } from '../hooks/use-admin-token.ts';
import { actionToasts } from '../utils/action-toasts.ts';
import { adminKeys } from './query-keys.ts';
import type { MarketItem } from './types.ts';

/** Input of {@link updateMarket}: unix seconds. */
export interface UpdateMarketInput {
  readonly market: string;
  readonly endTime: number;
  readonly cutoffTime: number;
}

/** `POST /api/prophecy/updateMarket`: moves an unresolved market's end and cutoff on chain. */
export async function updateMarket(token: string, input: UpdateMarketInput): Promise<MarketItem> {
  const body = await api<MarketResponse>('/api/prophecy/updateMarket', {
    method: 'POST',
    token,
    body: input,
  });
  return body.market;
}

/** Updates a market's times, with toasts; every market list refreshes after. */
export function useUpdateMarket() {
  const token = useAdminToken();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateMarketInput) => updateMarket(token ?? '', input),
    ...actionToasts<UpdateMarketInput>({
      pending: () => 'Updating market times…',
      success: () => 'Market times updated',
      failure: () => 'Failed to update market',
    }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.prophecy }),
  });
}
