import { RPC_COMMITMENT } from '@arcade/sdk/constants';
import type { Address } from '@solana/kit';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

import { getRpcSubscriptions } from '../../../lib/wallet/rpc.ts';
import { betAddressOf, unclaimedWinsKey } from '../api/get-unclaimed-wins.ts';

/**
 * Refetches the unclaimed wins whenever the user's bet record changes on chain (a bet settles, is claimed
 * or a new one opens), so the banner appears the moment a win lands and leaves once it is claimed.
 */
export function useBetRecordUpdates(user: Address | null): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (user === null) return;
    const abort = new AbortController();
    void (async () => {
      try {
        const bet = await betAddressOf(user);
        const notifications = await getRpcSubscriptions()
          .accountNotifications(bet, { commitment: RPC_COMMITMENT, encoding: 'base64' })
          .subscribe({ abortSignal: abort.signal });
        // Each notification is a change of the record; the query re-reads and decodes it.
        const iterator = notifications[Symbol.asyncIterator]();
        while (!(await iterator.next()).done) {
          void queryClient.invalidateQueries({ queryKey: unclaimedWinsKey(user) });
        }
      } catch (error) {
        // Without the subscription the banner still refreshes after a claim and on the next mount.
        if (!abort.signal.aborted) console.error('Bet record subscription failed', error);
      }
    })();
    return () => {
      abort.abort();
    };
  }, [user, queryClient]);
}
