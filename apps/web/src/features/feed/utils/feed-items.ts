/**
 * The live feed's items as the `/activity` socket sends them (docs/reference/api.md#the-activity-socket; the
 * server's `events/feed-items.ts`), and the pure rules the feed applies to them: merging socket events,
 * filters, glow, skill labels and outcomes.
 *
 * @module
 */

import { FEED_FILTERS, GLOW_THRESHOLD_LAMPORTS, SKILL_LABELS } from '@arcade/sdk/constants';
import type {
  BetFeedItem,
  MarketBetFeedItem as SpecMarketBetFeedItem,
  PredictionFeedItem,
} from '@arcade/sdk/feed-items';

/**
 * A Prophecy prediction, with whether its side won once the market is resolved (the server's `won`:
 * null while open and for an Invalid market's refund; absent from an older server).
 */
export interface MarketBetFeedItem extends SpecMarketBetFeedItem {
  readonly won?: boolean | null;
}

/** Any feed item. */
export type FeedItem = BetFeedItem | PredictionFeedItem | MarketBetFeedItem;

/** A feed filter: `All`, `Bets` or `Foresight`. */
export type FeedFilter = (typeof FEED_FILTERS)[number];

/** How many items the feed keeps (the server's history length). */
export const FEED_MAX_ITEMS = 50;

/** The item's identity: ids are per kind (each kind has its own table), so the kind is part of it. */
export function feedItemKey(item: Pick<FeedItem, 'kind' | 'id'>): string {
  return `${item.kind}:${item.id}`;
}

const KINDS = new Set(['bet', 'prediction', 'marketbet']);

/**
 * Whether a socket payload has the fields every item needs to be shown (the socket is not trusted to
 * be of this version: a malformed item is dropped, not rendered as `NaN`).
 */
export function isFeedItem(value: unknown): value is FeedItem {
  if (typeof value !== 'object' || value === null) return false;
  const item = value as Record<string, unknown>;
  return (
    typeof item['kind'] === 'string' &&
    KINDS.has(item['kind']) &&
    typeof item['id'] === 'string' &&
    typeof item['amount'] === 'string' &&
    /^\d+$/.test(item['amount']) &&
    typeof item['userId'] === 'string' &&
    typeof item['timestamp'] === 'number' &&
    (item['kind'] !== 'bet' || typeof item['odds'] === 'number')
  );
}

/**
 * Merges items into the feed, newest first, at most `max`: an item already there (same kind and id) is
 * replaced where it is — a bet's settlement updates its row — and duplicates of the history (the server
 * may send an item both live and in `feed`) collapse into one. A result is never taken back: an item
 * without one (a history read before the result was recorded, arriving after the live update) leaves a
 * settled row as it is. An update for an item the feed does not hold yet (it settled before its bet
 * arrived, or the feed was offline) is added in its place by time, like any item.
 *
 * @example mergeFeedItems([], [a, b]) → [b, a] when b is newer
 */
export function mergeFeedItems(
  current: readonly FeedItem[],
  incoming: readonly FeedItem[],
  max: number = FEED_MAX_ITEMS,
): FeedItem[] {
  const byKey = new Map<string, FeedItem>();
  for (const item of current) byKey.set(feedItemKey(item), item);
  for (const item of incoming) {
    const key = feedItemKey(item);
    const held = byKey.get(key);
    if (held !== undefined && feedItemOutcome(held) !== null && feedItemOutcome(item) === null) continue;
    byKey.set(key, item);
  }
  return [...byKey.values()]
    .sort((a, b) => b.timestamp - a.timestamp || compareIds(b.id, a.id))
    .slice(0, max);
}

/** Ids are increasing integers as strings: compare as numbers, whatever their length. */
function compareIds(a: string, b: string): number {
  return a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);
}

/**
 * The items a filter shows: `Bets` are TailSpin and ReTail bets, `Foresight` the up/down bets; `All`
 * includes Prophecy predictions too.
 */
export function filterFeedItems(items: readonly FeedItem[], filter: FeedFilter): readonly FeedItem[] {
  switch (filter) {
    case 'All':
      return items;
    case 'Bets':
      return items.filter((item) => item.kind === 'bet');
    case 'Foresight':
      return items.filter((item) => item.kind === 'prediction');
  }
}

/** The stake in lamports. */
export function feedItemAmount(item: FeedItem): bigint {
  return BigInt(item.amount);
}

/** Whether the item glows: a stake of at least {@link GLOW_THRESHOLD_LAMPORTS} (10 SOL). */
export function isGlowing(amount: bigint): boolean {
  return amount >= GLOW_THRESHOLD_LAMPORTS;
}

/** The skill label of a bet's odds (under 20 Bozo, 20–39 Degen, 40–69 Manlet, 70+ Safu). */
export function skillLabel(odds: number): (typeof SKILL_LABELS)[number]['label'] {
  return (SKILL_LABELS.find((entry) => odds >= entry.min) ?? SKILL_LABELS[SKILL_LABELS.length - 1]!).label;
}

/** The game an item belongs to: ReTail bets are the NFT ones. */
export function feedItemGame(item: FeedItem): 'TailSpin' | 'ReTail' | 'Foresight' | 'Prophecy' {
  switch (item.kind) {
    case 'bet':
      return item.type === 'nft' ? 'ReTail' : 'TailSpin';
    case 'prediction':
      return 'Foresight';
    case 'marketbet':
      return 'Prophecy';
  }
}

/**
 * Whether the item is settled and how: `null` while open (and for a refund: a Foresight bet in an Invalid
 * round, a prediction on an Invalid market).
 */
export function feedItemOutcome(item: FeedItem): 'won' | 'lost' | null {
  switch (item.kind) {
    case 'bet':
      return item.result === 'Win' ? 'won' : item.result === 'Loss' ? 'lost' : null;
    case 'prediction':
    case 'marketbet':
      return item.won === true ? 'won' : item.won === false ? 'lost' : null;
  }
}

/**
 * The sound an arriving item deserves for its owner, compared with the version already shown: `bet`
 * when their bet appears, `win`/`loss` when it settles. Null when nothing new happened to it.
 */
export function ownItemSound(item: FeedItem, previous: FeedItem | undefined): 'bet' | 'win' | 'loss' | null {
  const outcome = feedItemOutcome(item);
  if (outcome !== null && (previous === undefined || feedItemOutcome(previous) !== outcome))
    return outcome === 'won' ? 'win' : 'loss';
  if (previous === undefined && outcome === null) return 'bet';
  return null;
}
