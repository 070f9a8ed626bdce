import { GLOW_THRESHOLD_LAMPORTS } from '@arcade/sdk/constants';
import { describe, expect, it } from 'vitest';

import {
  feedItemGame,
  feedItemOutcome,
  filterFeedItems,
  isFeedItem,
  isGlowing,
  mergeFeedItems,
  ownItemSound,
  skillLabel,
  type FeedItem,
  type MarketBetFeedItem,
} from './feed-items.ts';
import type { BetFeedItem, PredictionFeedItem } from '@arcade/sdk/feed-items';

const bet = (id: string, timestamp: number, patch: Partial<BetFeedItem> = {}): BetFeedItem => ({
  kind: 'bet',
  id,
  signature: `sig-${id}`,
  amount: '100000000',
  odds: 50,
  type: 'sol',
  metadata: { mint: 'So11111111111111111111111111111111111111112', listingPrice: '200000000' },
  tokenPrice: 1,
  user: 'alice',
  userId: 'Alice1111111111111111111111111111111111111',
  timestamp,
  result: null,
  ...patch,
});
const prediction = (id: string, timestamp: number): PredictionFeedItem => ({
  kind: 'prediction',
  id,
  signature: `psig-${id}`,
  prediction: 'up',
  amount: '50000000',
  won: null,
  config: 'cfg',
  event: 'evt',
  user: null,
  userId: 'Bob11111111111111111111111111111111111111',
  timestamp,
});
const marketBet = (id: string, timestamp: number): MarketBetFeedItem => ({
  kind: 'marketbet',
  id,
  signature: `msig-${id}`,
  market: 'mkt',
  result: 'yes',
  amount: '70000000',
  user: 'carol',
  userId: 'Carol111111111111111111111111111111111111',
  timestamp,
});

describe('filterFeedItems', () => {
  const items: FeedItem[] = [
    bet('1', 3),
    prediction('1', 2),
    marketBet('1', 1),
    bet('2', 0, { type: 'nft' }),
  ];

  it('All shows every kind', () => {
    expect(filterFeedItems(items, 'All')).toEqual(items);
  });
  it('Bets shows TailSpin and ReTail bets only', () => {
    expect(filterFeedItems(items, 'Bets').map((i) => `${i.kind}:${i.id}`)).toEqual(['bet:1', 'bet:2']);
  });
  it('Foresight shows up/down bets only', () => {
    expect(filterFeedItems(items, 'Foresight').map((i) => `${i.kind}:${i.id}`)).toEqual(['prediction:1']);
  });
});

describe('isGlowing', () => {
  it('glows from exactly 1e10 lamports (10 SOL), not one lamport below', () => {
    expect(GLOW_THRESHOLD_LAMPORTS).toBe(10_000_000_000n);
    expect(isGlowing(9_999_999_999n)).toBe(false);
    expect(isGlowing(10_000_000_000n)).toBe(true);
    expect(isGlowing(18_446_744_073_709_551_615n)).toBe(true);
    expect(isGlowing(0n)).toBe(false);
  });
});

describe('skillLabel', () => {
  it.each([
    [1, 'Bozo'],
    [19, 'Bozo'],
    [20, 'Degen'],
    [39, 'Degen'],
    [40, 'Manlet'],
    [69, 'Manlet'],
    [70, 'Safu'],
    [95, 'Safu'],
  ] as const)('odds %i → %s', (odds, label) => {
    expect(skillLabel(odds)).toBe(label);
  });
});

describe('mergeFeedItems', () => {
  it('sorts newest first, de-duplicates by kind and id, and keeps at most max', () => {
    const merged = mergeFeedItems([bet('1', 10), prediction('1', 20)], [bet('2', 30), bet('1', 10)], 2);
    expect(merged.map((i) => `${i.kind}:${i.id}`)).toEqual(['bet:2', 'prediction:1']);
  });
  it('a settled bet replaces its open version in place', () => {
    const merged = mergeFeedItems([bet('2', 20), bet('1', 10)], [bet('1', 10, { result: 'Win' })]);
    expect(merged).toHaveLength(2);
    expect(merged[1]).toMatchObject({ id: '1', result: 'Win' });
  });
  it('orders same-time items by numeric id', () => {
    const merged = mergeFeedItems([], [bet('9', 5), bet('10', 5)]);
    expect(merged.map((i) => i.id)).toEqual(['10', '9']);
  });
});

describe('item details', () => {
  it('names the game and the outcome', () => {
    expect(feedItemGame(bet('1', 0))).toBe('TailSpin');
    expect(feedItemGame(bet('1', 0, { type: 'nft' }))).toBe('ReTail');
    expect(feedItemGame(prediction('1', 0))).toBe('Foresight');
    expect(feedItemGame(marketBet('1', 0))).toBe('Prophecy');
    expect(feedItemOutcome(bet('1', 0, { result: 'Win' }))).toBe('won');
    expect(feedItemOutcome(bet('1', 0, { result: 'Loss' }))).toBe('lost');
    expect(feedItemOutcome(bet('1', 0))).toBeNull();
    expect(feedItemOutcome({ ...prediction('1', 0), won: false })).toBe('lost');
  });
  it('rejects malformed socket payloads', () => {
    expect(isFeedItem(bet('1', 0))).toBe(true);
    expect(isFeedItem({ ...bet('1', 0), amount: '1.5' })).toBe(false);
    expect(isFeedItem({ ...bet('1', 0), kind: 'other' })).toBe(false);
    expect(isFeedItem(null)).toBe(false);
  });
});

describe('ownItemSound', () => {
  it('bet when a bet appears, win or loss when it settles, nothing when unchanged', () => {
    const open = bet('1', 0);
    expect(ownItemSound(open, undefined)).toBe('bet');
    expect(ownItemSound(bet('1', 0, { result: 'Win' }), open)).toBe('win');
    expect(ownItemSound(bet('1', 0, { result: 'Loss' }), open)).toBe('loss');
    expect(ownItemSound(open, open)).toBeNull();
    expect(ownItemSound(bet('1', 0, { result: 'Win' }), bet('1', 0, { result: 'Win' }))).toBeNull();
  });
});
