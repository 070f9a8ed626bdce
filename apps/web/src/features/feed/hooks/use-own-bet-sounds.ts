/**
 * The connected wallet's own bet sounds (a chip clack when its bet lands, a win or loss jingle when it
 * settles), from the `/activity` socket, wherever the user is in the app.
 *
 * @module
 */

import { useEffect } from 'react';

import { SocketClient } from '../../../lib/socket-client.ts';
import { usePlaySound } from '../../../lib/sound.ts';
import { LIVE_EVENTS } from './use-activity-feed.ts';
import { feedItemKey, isFeedItem, ownItemSound, type FeedItem } from '../utils/feed-items.ts';

/** How many of the owner's items are remembered to tell a new bet from its settlement. */
const REMEMBERED_ITEMS = 100;

/**
 * Listens to the activity socket while `owner` is set (null: no wallet, or sound off, and no socket) and
 * plays the owner's sounds. Items in the history the socket sends on every (re)connect are remembered
 * silently: they happened before, or while the connection was down.
 */
export function useOwnBetSounds(owner: string | null): void {
  const play = usePlaySound();

  useEffect(() => {
    if (owner === null) return;
    const known = new Map<string, FeedItem>();
    const remember = (item: FeedItem) => {
      const key = feedItemKey(item);
      // Re-inserted so the map's order is recency: the oldest is the first to go.
      known.delete(key);
      known.set(key, item);
      if (known.size > REMEMBERED_ITEMS) known.delete(known.keys().next().value!);
    };
    const client = new SocketClient({ path: '/activity' });
    const offHistory = client.on('feed', (items: unknown) => {
      if (!Array.isArray(items)) return;
      for (const item of items) if (isFeedItem(item) && item.userId === owner) remember(item);
    });
    const onLive = (item: unknown) => {
      if (!isFeedItem(item) || item.userId !== owner) return;
      const sound = ownItemSound(item, known.get(feedItemKey(item)));
      remember(item);
      if (sound !== null) play(sound);
    };
    const offLive = LIVE_EVENTS.map((event) => client.on(event, onLive));
    client.open();
    return () => {
      offHistory();
      for (const off of offLive) off();
      client.close();
    };
  }, [owner, play]);
}
