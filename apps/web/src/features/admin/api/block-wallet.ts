import type { BlockedWallet, BlockWalletResponse } from '@arcade/sdk/api/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { useAdminToken } from '../hooks/use-admin-token.ts';
import { actionToasts } from '../utils/action-toasts.ts';
import { adminKeys } from './query-keys.ts';

/** Input of {@link blockWallet}. */
export interface BlockWalletInput {
  readonly address: string;
  readonly reason: string;
}

/** `POST /api/admin/blocked`: blocks a wallet, or updates the reason of a blocked one. */
export async function blockWallet(token: string, input: BlockWalletInput): Promise<BlockedWallet> {
  const body = await api<BlockWalletResponse>('/api/admin/blocked', {
    method: 'POST',
    token,
    body: input,
  });
  return body.blocked;
}

/** Blocks a wallet, with toasts; the list refreshes after. */
export function useBlockWallet() {
  const token = useAdminToken();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BlockWalletInput) => blockWallet(token ?? '', input),
    ...actionToasts<BlockWalletInput>({
      pending: () => 'Blocking wallet…',
      success: () => 'Wallet blocked',
      failure: () => 'Failed to block wallet',
    }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.blocked() }),
  });
}
