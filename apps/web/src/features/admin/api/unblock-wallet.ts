import type { UnblockWalletResponse } from '@arcade/sdk/api/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { useAdminToken } from '../hooks/use-admin-token.ts';
import { actionToasts } from '../utils/action-toasts.ts';
import { adminKeys } from './query-keys.ts';

/** `DELETE /api/admin/blocked/{address}`: unblocks a wallet. */
export async function unblockWallet(token: string, address: string): Promise<void> {
  await api<UnblockWalletResponse>(`/api/admin/blocked/${encodeURIComponent(address)}`, {
    method: 'DELETE',
    token,
  });
}

/** Unblocks a wallet, with toasts; the list refreshes after. */
export function useUnblockWallet() {
  const token = useAdminToken();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (address: string) => unblockWallet(token ?? '', address),
    ...actionToasts<string>({
      pending: () => 'Unblocking wallet…',
      success: () => 'Wallet unblocked',
      failure: () => 'Failed to unblock wallet',
    }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.blocked() }),
  });
}
