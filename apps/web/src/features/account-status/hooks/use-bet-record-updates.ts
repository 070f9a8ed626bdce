/**
 * Live updates of the user's bet record from the chain's PubSub websocket, resubscribed with backoff
 * whenever the subscription ends or fails (a dropped websocket, an RPC restart).
 *
 * @module
 */

import type { Address } from '@solana/kit';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

import { watchAccount } from '../../../lib/wallet/watch-account.ts';
import { unclaimedWinsKey } from '../../../lib/query-keys.ts';
import { betAddressOf } from '../../../lib/programs.ts';

/**
 * Refetches the unclaimed wins whenever the user's bet record changes on chain (a bet settles, is claimed
 * or a new one opens), so the banner appears the moment a win lands and leaves once it is claimed. When
 * the subscription drops it is opened again, after a growing pause, and the wins are re-read: a change
 * made while it was down sent no notification.
 */
export function useBetRecordUpdates(user: Address | null): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (user === null) return;
    const abort = new AbortController();
    // Only the bet record's query: the Foresight and Prophecy ones below the same key do not read it.
    const refresh = () => {
      void queryClient.invalidateQueries({ queryKey: unclaimedWinsKey(user), exact: true });
    };
    void betAddressOf(user).then((bet) => {
      if (abort.signal.aborted) return;
      // Each notification is a change of the record; the query re-reads and decodes it.
      watchAccount(bet, { signal: abort.signal, onChange: refresh, onResubscribe: refresh });
    });
    return () => {
      abort.abort();
    };
  }, [user, queryClient]);
}
