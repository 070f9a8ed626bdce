/**
 * Live updates of the user's bet record from the chain's PubSub websocket, resubscribed with backoff
 * whenever the subscription ends or fails (a dropped websocket, an RPC restart).
 *
 * @module
 */

import { RPC_COMMITMENT, WEBSOCKET_RECONNECT_DELAY_MS } from '@arcade/sdk/constants';
import type { Address } from '@solana/kit';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

import { getRpcSubscriptions } from '../../../lib/wallet/rpc.ts';
import { betAddressOf, unclaimedWinsKey } from '../api/get-unclaimed-wins.ts';

/** The longest wait between resubscriptions; the query's polling covers the gap meanwhile. */
export const RESUBSCRIBE_MAX_DELAY_MS = 30_000;

/**
 * The wait before resubscription number `attempt` (0-based): doubling from the socket reconnect delay up
 * to {@link RESUBSCRIBE_MAX_DELAY_MS}, with up to 20 % jitter so tabs do not reconnect in lockstep.
 */
export function resubscribeDelayMs(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(RESUBSCRIBE_MAX_DELAY_MS, WEBSOCKET_RECONNECT_DELAY_MS * 2 ** Math.min(attempt, 10));
  return Math.round(base * (1 - 0.2 * random()));
}

/** Resolves after `ms`, or at once when `signal` aborts. */
function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done);
  });
}

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
    // A function, not the property: TypeScript would narrow it to `false` across the awaits below.
    const stopped = () => abort.signal.aborted;
    const refresh = () => {
      void queryClient.invalidateQueries({ queryKey: unclaimedWinsKey(user) });
    };
    void (async () => {
      let attempt = 0;
      let dropped = false;
      while (!stopped()) {
        try {
          const bet = await betAddressOf(user);
          const notifications = await getRpcSubscriptions()
            .accountNotifications(bet, { commitment: RPC_COMMITMENT, encoding: 'base64' })
            .subscribe({ abortSignal: abort.signal });
          attempt = 0;
          if (dropped) refresh();
          // Each notification is a change of the record; the query re-reads and decodes it.
          const iterator = notifications[Symbol.asyncIterator]();
          while (!(await iterator.next()).done) refresh();
        } catch (error) {
          if (stopped()) return;
          console.warn('Bet record subscription dropped; resubscribing', error);
        }
        if (stopped()) return;
        dropped = true;
        await sleep(resubscribeDelayMs(attempt), abort.signal);
        attempt += 1;
      }
    })();
    return () => {
      abort.abort();
    };
  }, [user, queryClient]);
}
