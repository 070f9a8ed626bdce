import type { MarketRequestResponse, MarketRequestView } from '@arcade/sdk/api/prophecy';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { useAdminToken } from '../hooks/use-admin-token.ts';
import { actionToasts } from '../utils/action-toasts.ts';
import { adminKeys } from './query-keys.ts';

/** Longest rejection reason the server takes. */
export const REJECT_REASON_MAX_LENGTH = 500;

/** Input of {@link rejectRequest}: the reason its requester sees. */
export interface RejectRequestInput {
  readonly id: number;
  readonly reason: string;
}

/** `POST /api/prophecy/requests/{id}/reject`. */
export async function rejectRequest(
  token: string,
  { id, reason }: RejectRequestInput,
): Promise<MarketRequestView> {
  const body = await api<MarketRequestResponse>(`/api/prophecy/requests/${id}/reject`, {
    method: 'POST',
    token,
    body: { reason },
  });
  return body.request;
}

/** Rejects a request, with toasts; the requests refresh after. */
export function useRejectRequest() {
  const token = useAdminToken();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RejectRequestInput) => rejectRequest(token ?? '', input),
    ...actionToasts<RejectRequestInput>({
      pending: () => 'Rejecting request…',
      success: () => 'Request rejected',
      failure: () => 'Failed to reject request',
    }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.requestsAll() }),
  });
}
