import type { BlockedWallet, BlockedWallets } from '@arcade/sdk/api/admin';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { useAdminToken } from '../hooks/use-admin-token.ts';
import { adminKeys } from './query-keys.ts';

/** `GET /api/admin/blocked`: every blocked wallet, most recently blocked first. */
export async function getBlockedWallets(
  token: string,
  signal?: AbortSignal,
): Promise<readonly BlockedWallet[]> {
  const body = await api<BlockedWallets>('/api/admin/blocked', {
    token,
    ...(signal ? { signal } : {}),
  });
  return body.blocked;
}

/** Query options of {@link getBlockedWallets}; disabled without a token. */
export function blockedWalletsQueryOptions(token: string | null) {
  return queryOptions({
    queryKey: adminKeys.blocked(),
    queryFn: ({ signal }) => getBlockedWallets(token ?? '', signal),
    enabled: token !== null,
  });
}

/** The blocked wallets. */
export function useBlockedWallets() {
  return useQuery(blockedWalletsQueryOptions(useAdminToken()));
}
