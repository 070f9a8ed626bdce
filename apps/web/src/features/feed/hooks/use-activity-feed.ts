/**
 * Connects to the `/activity` socket while mounted and writes what it sends into the feed's query
 * cache: the history on every (re)connect, then each new item. The connected wallet's own sounds are
 * `OwnBetSounds`' job: it is mounted everywhere, this only while the feed is shown.
 *
 * @module
 */

import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';

import { SocketClient, type SocketStatus } from '../../../lib/socket-client.ts';
import { feedQueryKey } from '../api/get-feed.ts';
import { isFeedItem, mergeFeedItems, type FeedItem } from '../utils/feed-items.ts';

/** The server's live events, one per kind. */
export const LIVE_EVENTS = ['new_bet', 'new_prediction', 'new_marketbet'] as const;

/** What {@link useActivityFeed} returns. */
export interface ActivityFeedConnection {
  readonly status: SocketStatus;
  /** Tries again at once (the "Retry" of a lost connection). */
  readonly reconnectNow: () => void;
}

/** Keeps the feed live while mounted. */
export function useActivityFeed(): ActivityFeedConnection {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<SocketStatus>('connecting');
  const clientRef = useRef<SocketClient | null>(null);

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
      queryClient.setQueryData<readonly FeedItem[]>(feedQueryKey, (latest) =>
        mergeFeedItems(latest ?? [], [item]),
      );
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
