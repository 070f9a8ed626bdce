/**
 * Connects to the `/activity` socket while mounted and writes what it sends into the feed's query
 * cache: the history on every (re)connect, then each new item. Plays the connected wallet's own sounds.
 *
 * @module
 */

import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';

import { SocketClient, type SocketStatus } from '../../../lib/socket-client.ts';
import { usePlaySound } from '../../../lib/sound.ts';
import { useWallet } from '../../../lib/wallet/wallet-context.tsx';
import { feedQueryKey } from '../api/get-feed.ts';
import { feedItemKey, isFeedItem, mergeFeedItems, ownItemSound, type FeedItem } from '../utils/feed-items.ts';

/** The server's live events, one per kind. */
const LIVE_EVENTS = ['new_bet', 'new_prediction', 'new_marketbet'] as const;

/** What {@link useActivityFeed} returns. */
export interface ActivityFeedConnection {
  readonly status: SocketStatus;
  /** Tries again at once (the "Retry" of a lost connection). */
  readonly reconnectNow: () => void;
}

/** Keeps the feed live while mounted. */
export function useActivityFeed(): ActivityFeedConnection {
  const queryClient = useQueryClient();
  const { wallet } = useWallet();
  const play = usePlaySound();
  const [status, setStatus] = useState<SocketStatus>('connecting');
  const clientRef = useRef<SocketClient | null>(null);
  // Read by the socket's listeners, which live longer than one render.
  const ownerRef = useRef<string | null>(null);
  const playRef = useRef(play);
  useEffect(() => {
    ownerRef.current = wallet?.address ?? null;
    playRef.current = play;
  }, [wallet?.address, play]);

  useEffect(() => {
    const client = new SocketClient({ path: '/activity' });
    clientRef.current = client;
    const offStatus = client.onStatus(setStatus);
    const offHistory = client.on('feed', (items: unknown) => {
      const valid = Array.isArray(items) ? items.filter(isFeedItem) : [];
      queryClient.setQueryData<readonly FeedItem[]>(feedQueryKey, (current) =>
        mergeFeedItems(current ?? [], valid),
      );
    });
    const onLive = (item: unknown) => {
      if (!isFeedItem(item)) return;
      const current = queryClient.getQueryData<readonly FeedItem[]>(feedQueryKey) ?? [];
      const key = feedItemKey(item);
      const previous = current.find((entry) => feedItemKey(entry) === key);
      queryClient.setQueryData<readonly FeedItem[]>(feedQueryKey, (latest) =>
        mergeFeedItems(latest ?? [], [item]),
      );
      if (ownerRef.current !== null && item.userId === ownerRef.current) {
        const sound = ownItemSound(item, previous);
        if (sound !== null) playRef.current(sound);
      }
    };
    const offLive = LIVE_EVENTS.map((event) => client.on(event, onLive));
    client.open();
    return () => {
      offStatus();
      offHistory();
      for (const off of offLive) off();
      client.close();
      clientRef.current = null;
    };
  }, [queryClient]);

  const reconnectNow = useCallback(() => clientRef.current?.reconnectNow(), []);
  return { status, reconnectNow };
}
