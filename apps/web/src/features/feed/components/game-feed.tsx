import { FEED_FILTERS } from '@arcade/sdk/constants';
import { useMemo, useState } from 'react';

import { Spinner } from '../../../components/ui/button.tsx';
import { useWallet } from '../../../lib/wallet/wallet-context.tsx';
import { useFeedItems } from '../api/get-feed.ts';
import { useActivityFeed } from '../hooks/use-activity-feed.ts';
import { useNow } from '../../../lib/use-now.ts';
import { feedItemKey, filterFeedItems, type FeedFilter } from '../utils/feed-items.ts';
import { ConnectionBanner } from './connection-banner.tsx';
import { FeedRow } from './feed-row.tsx';

const EMPTY_TEXT: Readonly<Record<FeedFilter, string>> = {
  All: 'No bets yet. Place one and it shows up here.',
  Bets: 'No TailSpin or ReTail bets yet.',
  Foresight: 'No Foresight bets yet.',
};

/** The sidebar's live game feed: every game's bets as they land, filtered All, Bets or Foresight. */
export function GameFeed() {
  const { status, reconnectNow } = useActivityFeed();
  const items = useFeedItems();
  const { wallet } = useWallet();
  const [filter, setFilter] = useState<FeedFilter>('All');
  const now = useNow(15_000);
  const shown = useMemo(
    () => (items === undefined ? undefined : filterFeedItems(items, filter)),
    [items, filter],
  );

  return (
    <section aria-label="Game feed" className="flex h-full min-h-0 flex-col">
      <div className="flex items-center justify-between gap-2 px-3 pt-3 pb-2">
        <div
          role="group"
          aria-label="Filter the feed"
          className="flex rounded-xl border border-edge bg-void/60 p-0.5"
        >
          {FEED_FILTERS.map((option) => (
            <button
              key={option}
              type="button"
              aria-pressed={filter === option}
              onClick={() => {
                setFilter(option);
              }}
              className={`rounded-[10px] px-3 py-1.5 text-xs font-semibold transition ${
                filter === option
                  ? 'bg-accent text-black shadow-[0_0_14px_-4px_var(--color-accent)]'
                  : 'text-ink-dim hover:text-ink'
              }`}
            >
              {option}
            </button>
          ))}
        </div>
        <span
          className="flex items-center gap-1.5 text-[10px] font-bold tracking-wider text-ink-faint uppercase"
          title={status === 'connected' ? 'Live' : status}
        >
          <span
            aria-hidden="true"
            className={`size-2 rounded-full ${
              status === 'connected'
                ? 'bg-win shadow-[0_0_8px_var(--color-win)]'
                : status === 'lost'
                  ? 'bg-loss'
                  : 'animate-pulse bg-juice'
            }`}
          />
          {status === 'connected' ? 'Live' : status === 'lost' ? 'Offline' : 'Connecting'}
        </span>
      </div>
      <ConnectionBanner status={status} onRetry={reconnectNow} />
      {shown === undefined ? (
        status === 'lost' ? null : (
          <p role="status" className="flex items-center justify-center gap-2 py-10 text-sm text-ink-dim">
            <Spinner /> Loading the feed…
          </p>
        )
      ) : shown.length === 0 ? (
        <p className="px-6 py-10 text-center text-sm text-ink-dim">{EMPTY_TEXT[filter]}</p>
      ) : (
        // The scrolling log is focusable, so keyboard users can scroll it (axe: scrollable-region-focusable).
        // It does not announce every bet (a busy feed would drown a screen reader): aria-live off.
        <div
          role="log"
          aria-label="Latest bets"
          aria-live="off"
          tabIndex={0}
          className="min-h-0 flex-1 overflow-y-auto rounded-xl px-3 pb-3 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-accent"
        >
          <ul aria-label={`${filter} feed items`} className="flex flex-col gap-1.5">
            {shown.map((item) => (
              <FeedRow
                key={feedItemKey(item)}
                item={item}
                now={now}
                own={wallet !== null && item.userId === wallet.address}
              />
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
