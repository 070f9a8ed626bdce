import type { ApprovedRequestResponse } from '@arcade/sdk/api/prophecy';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { useAdminToken } from '../hooks/use-admin-token.ts';
import { actionToasts } from '../utils/action-toasts.ts';
import { adminKeys } from './query-keys.ts';

/** Input of {@link approveRequest}: the admin's times (unix seconds) replace the requested ones when given. */
export interface ApproveRequestInput {
  readonly id: number;
  readonly endTime?: number;
  readonly cutoffTime?: number;
}

/** `POST /api/prophecy/requests/{id}/approve`: creates the requested market on chain. */
export async function approveRequest(
  token: string,
  { id, ...times }: ApproveRequestInput,
): Promise<ApprovedRequestResponse> {
  return api<ApprovedRequestResponse>(`/api/prophecy/requests/${id}/approve`, {
    method: 'POST',
    token,
    body: times,
  });
}

/** Approves a request, with toasts; the requests and every market list refresh after. */
export function useApproveRequest() {
  const token = useAdminToken();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ApproveRequestInput) => approveRequest(token ?? '', input),
    ...actionToasts<ApproveRequestInput>({
      pending: () => 'Approving request: creating the market…',
      success: () => 'Request approved, market created',
      failure: () => 'Failed to approve request',
    }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.requestsAll() }),
        queryClient.invalidateQueries({ queryKey: adminKeys.prophecy }),
      ]),
  });
}
