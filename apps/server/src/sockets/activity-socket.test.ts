import { io as connect, type Socket as ClientSocket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { startTestServer, type TestServer } from '../../test/harness.ts';
import type { BetFeedItem, FeedItem, MarketBetFeedItem, PredictionFeedItem } from '../events/feed-items.ts';
import { FEED_HISTORY_LENGTH, HISTORY_CACHE_MS } from './activity-socket.ts';

let t: TestServer;
let baseUrl: string;
const clients: ClientSocket[] = [];

beforeAll(async () => {
  t = await startTestServer({ env: { PUBLIC_URL: 'http://app.example:8080' } });
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterEach(() => {
  vi.restoreAllMocks();
  for (const client of clients.splice(0)) client.disconnect();
  // Each test reads the history afresh.
  t.clock.advance(HISTORY_CACHE_MS);
});
afterAll(() => t.close());

function open(path: '/activity' | '/chat'): { socket: ClientSocket; feed: Promise<FeedItem[]> } {
  const socket = connect(baseUrl, { path, transports: ['websocket'], forceNew: true, reconnection: false });
  clients.push(socket);
  return { socket, feed: new Promise((resolve) => socket.once('feed', resolve)) };
}

const next = <T>(socket: ClientSocket, event: string): Promise<T> =>
  new Promise((resolve) => socket.once(event, resolve));

const bet: BetFeedItem = {
  kind: 'bet',
  id: '17',
  signature: '5sig',
  amount: '10000000000',
  odds: 50,
  type: 'nft',
  metadata: { mint: 'Mint111', listingPrice: '2500000000', name: 'Arcade #1', image: 'https://x/1.png' },
  tokenPrice: 1,
  user: 'alice',
  userId: 'Wallet111',
  timestamp: 1_700_000_000_000,
  result: null,
};
const prediction: PredictionFeedItem = {
  kind: 'prediction',
  id: '4',
  signature: '6sig',
  prediction: 'up',
  amount: '1000000000',
  won: null,
  config: 'Config111',
  event: 'Event111',
  user: null,
  userId: 'Wallet222',
  timestamp: 1_700_000_001_000,
};
const marketBet: MarketBetFeedItem = {
  kind: 'marketbet',
  id: '9',
  signature: '7sig',
  market: 'Market111',
  result: 'yes',
  amount: '500000000',
  user: 'carol',
  userId: 'Wallet333',
  timestamp: 1_700_000_002_000,
  won: null,
};

describe('/activity', () => {
  it('sends the latest 50 feed items on connect', async () => {
    const latest = vi
      .spyOn(t.app.repositories.feed, 'latest')
      .mockResolvedValue([marketBet, prediction, bet]);
    const { feed } = open('/activity');
    expect(await feed).toEqual([marketBet, prediction, bet]);
    expect(latest).toHaveBeenCalledWith(FEED_HISTORY_LENGTH);
    expect(FEED_HISTORY_LENGTH).toBe(50);
  });

  it('sends the repository feed as an array with the real repository', async () => {
    expect(Array.isArray(await open('/activity').feed)).toBe(true);
  });

  it('sends an empty feed when the history cannot be read, and still relays live items', async () => {
    vi.spyOn(t.app.repositories.feed, 'latest').mockRejectedValue(new Error('database down'));
    const { socket, feed } = open('/activity');
    expect(await feed).toEqual([]);
    const received = next<FeedItem>(socket, 'new_bet');
    t.app.feed.publish(bet);
    expect(await received).toEqual(bet);
  });

  it('reads the history once for a burst of connections, and again after a new item', async () => {
    const latest = vi.spyOn(t.app.repositories.feed, 'latest').mockResolvedValue([prediction, bet]);
    const burst = Array.from({ length: 10 }, () => open('/activity'));
    for (const { feed } of burst) expect(await feed).toEqual([prediction, bet]);
    expect(latest).toHaveBeenCalledTimes(1);
    latest.mockResolvedValue([marketBet, prediction, bet]);
    const received = next<FeedItem>(burst[0]!.socket, 'new_marketbet');
    t.app.feed.publish(marketBet);
    await received;
    expect(await open('/activity').feed).toEqual([marketBet, prediction, bet]);
    expect(latest).toHaveBeenCalledTimes(2);
    // Past the cache's life, the next connection reads again.
    t.clock.advance(HISTORY_CACHE_MS);
    await open('/activity').feed;
    expect(latest).toHaveBeenCalledTimes(3);
  });

  it('relays each published item under its kind’s event, to every client', async () => {
    const a = open('/activity');
    const b = open('/activity');
    await Promise.all([a.feed, b.feed]);
    const events: [string, FeedItem][] = [];
    for (const name of ['new_bet', 'new_prediction', 'new_marketbet']) {
      a.socket.on(name, (item: FeedItem) => events.push([name, item]));
    }
    const lastOnB = next<FeedItem>(b.socket, 'new_marketbet');
    const lastOnA = next<FeedItem>(a.socket, 'new_marketbet');
    t.app.feed.publish(bet);
    t.app.feed.publish(prediction);
    t.app.feed.publish(marketBet);
    expect(await lastOnB).toEqual(marketBet);
    await lastOnA;
    expect(events).toEqual([
      ['new_bet', bet],
      ['new_prediction', prediction],
      ['new_marketbet', marketBet],
    ]);
  });

  it('keeps the feed and the chat apart', async () => {
    const chat = open('/chat');
    await next(chat.socket, 'messages');
    const activity = open('/activity');
    await activity.feed;
    const chatEvents: string[] = [];
    chat.socket.onAny((name: string) => chatEvents.push(name));
    const received = next(activity.socket, 'new_bet');
    t.app.feed.publish(bet);
    await received;
    // A round trip on the chat socket: anything emitted to it before would have arrived by now.
    await chat.socket.emitWithAck('message', '');
    expect(chatEvents).toEqual([]);
  });

  it('answers browsers from PUBLIC_URL’s origin only, and serves no client bundle', async () => {
    const polling = `${baseUrl}/activity/?EIO=4&transport=polling`;
    const allowed = await fetch(polling, { headers: { origin: 'http://app.example:8080' } });
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get('access-control-allow-origin')).toBe('http://app.example:8080');
    const foreign = await fetch(polling, { headers: { origin: 'https://evil.example' } });
    expect(foreign.headers.get('access-control-allow-origin')).not.toBe('https://evil.example');
    expect((await fetch(`${baseUrl}/activity/socket.io.js`)).status).not.toBe(200);
    // The API is still served next to the sockets.
    expect((await fetch(`${baseUrl}/api/health`)).status).toBe(200);
  });

  it('refuses unknown transports with a 4xx, not a 5xx', async () => {
    const response = await fetch(`${baseUrl}/activity/?EIO=4&transport=carrier-pigeon`);
    expect(response.status).toBe(400);
  });
});
