import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import type { MarketProposal, MarketResponse } from '@arcade/sdk/api/prophecy';
import { useAdminToken } from '../hooks/use-admin-token.ts';
import { actionToasts } from '../utils/action-toasts.ts';
import { adminKeys } from './query-keys.ts';
import type { MarketItem } from './types.ts';

/** `POST /api/prophecy/createMarket`'s body (server's `marketProposalSchema`); times in unix seconds. */
export type CreateMarketInput = Omit<MarketProposal, 'referrer'>;

/** Creates a market on chain (signed by the House authority) with its metadata. */
export async function createMarket(token: string, input: CreateMarketInput): Promise<MarketItem> {
  const body = await api<MarketResponse>('/api/prophecy/createMarket', {
    method: 'POST',
    token,
    body: input,
  });
  return body.market;
}

/** Creates a market, with toasts; every market list refreshes after. */
export function useCreateMarket() {
  const token = useAdminToken();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateMarketInput) => createMarket(token ?? '', input),
    ...actionToasts<CreateMarketInput>({
      pending: () => 'Creating market…',
      success: (v) => `Market created: ${v.shortName}`,
      failure: () => 'Failed to create market',
    }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.prophecy }),
  });
}
