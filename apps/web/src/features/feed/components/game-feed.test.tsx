import { WEBSOCKET_RECONNECT_ATTEMPTS, WEBSOCKET_RECONNECT_DELAY_MS } from '@arcade/sdk/constants';
import { notifyManager, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { createQueryClient } from '../../../lib/query-client.ts';
import type { MarketBetFeedItem } from '../utils/feed-items.ts';
import type { BetFeedItem, PredictionFeedItem } from '@arcade/sdk/feed-items';
import { GameFeed } from './game-feed.tsx';

const mocks = vi.hoisted(() => {
  type Listener = (...args: unknown[]) => void;
  class FakeSocket {
    readonly listeners = new Map<string, Set<Listener>>();
    connectCalls = 0;
    on(event: string, listener: Listener) {
      if (!this.listeners.has(event)) this.listeners.set(event, new Set());
      this.listeners.get(event)!.add(listener);
    }
    off(event: string, listener: Listener) {
      this.listeners.get(event)?.delete(listener);
    }
    emit() {}
    connect() {
      this.connectCalls += 1;
    }
    disconnect() {}
    fire(event: string, ...args: unknown[]) {
      for (const listener of [...(this.listeners.get(event) ?? [])]) listener(...args);
    }
  }
  const state = {
    sockets: [] as FakeSocket[],
    paths: [] as string[],
    wallet: null as { address: string } | null,
    played: [] as string[],
  };
  return { FakeSocket, state };
});

vi.mock('socket.io-client', () => ({
  io: (_url: string, options: { path: string }) => {
    const socket = new mocks.FakeSocket();
    mocks.state.sockets.push(socket);
    mocks.state.paths.push(options.path);
    return socket;
  },
}));
vi.mock('../../../lib/wallet/wallet-context.tsx', () => ({
  useWallet: () => ({ wallet: mocks.state.wallet, connecting: false, disconnect: () => Promise.resolve() }),
}));
vi.mock('../../../lib/sound.ts', () => ({
  usePlaySound: () => (name: string) => {
    mocks.state.played.push(name);
  },
}));

const ME = 'Me11111111111111111111111111111111111111111';
const NOW = Date.now();

const bet = (id: string, patch: Partial<BetFeedItem> = {}): BetFeedItem => ({
  kind: 'bet',
  id,
  signature: `sig-${id}`,
  amount: '1500000000',
  odds: 25,
  type: 'sol',
  metadata: { mint: 'So11111111111111111111111111111111111111112', listingPrice: '6000000000' },
  tokenPrice: 1,
  user: `player${id}`,
  userId: `User${id}111111111111111111111111111111111111`,
  timestamp: NOW - Number(id) * 60_000,
  result: null,
  ...patch,
});
const prediction = (id: string): PredictionFeedItem => ({
  kind: 'prediction',
  id,
  signature: `psig-${id}`,
  prediction: 'down',
  amount: '250000000',
  won: null,
  config: 'cfg',
  event: 'evt',
  user: null,
  userId: 'Fore5ight1111111111111111111111111111111111',
  timestamp: NOW - 30_000,
});

const marketBet = (id: string, patch: Partial<MarketBetFeedItem> = {}): MarketBetFeedItem => ({
  kind: 'marketbet',
  id,
  signature: `msig-${id}`,
  market: 'Market1111111111111111111111111111111111111',
  result: 'yes',
  amount: '400000000',
  user: 'prophet',
  userId: 'Prophet11111111111111111111111111111111111',
  timestamp: NOW - 45_000,
  won: null,
  ...patch,
});

/** The feed's row showing `text` (a player's name). */
function rowOf(text: string): HTMLElement {
  const row = within(screen.getByRole('list'))
    .getAllByRole('listitem')
    .find((item) => item.textContent.includes(text));
  if (row === undefined) throw new Error(`no row of ${text}`);
  return row;
}

/** "Won", "Lost" or null: the outcome a row shows. */
function outcomeOf(text: string): string | null {
  const shown = rowOf(text).textContent;
  return shown.includes('Won') ? 'Won' : shown.includes('Lost') ? 'Lost' : null;
}

function socket() {
  const last = mocks.state.sockets.at(-1);
  if (last === undefined) throw new Error('no socket opened');
  return last;
}

function renderFeed() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <GameFeed />
    </QueryClientProvider>,
  );
}

// Socket events write the cache outside React; render their effect at once, inside act.
notifyManager.setScheduler((callback) => {
  callback();
});

beforeEach(() => {
  mocks.state.sockets = [];
  mocks.state.paths = [];
  mocks.state.wallet = null;
  mocks.state.played = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(() =>
      Promise.resolve(
        new Response(JSON.stringify({ success: true, username: null, pfpImage: null }), { status: 200 }),
      ),
    ),
  );
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('GameFeed', () => {
  it('shows the history from /activity with user, game, amount, odds and skill, outcome and time', () => {
    renderFeed();
    expect(mocks.state.paths).toEqual(['/activity']);
    expect(screen.getByRole('status').textContent).toContain('Loading the feed…');
    act(() => {
      socket().fire('connect');
      socket().fire('feed', [
        bet('1', { result: 'Win', odds: 70 }),
        bet('2', { type: 'nft', user: null }),
        prediction('3'),
      ]);
    });
    const rows = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(rows).toHaveLength(3);
    // Newest first: the Foresight bet (30 s ago), then bet 1 (1 min), then bet 2 (2 min).
    expect(rows[0]!.textContent).toContain('Fore…1111');
    expect(rows[0]!.textContent).toContain('Foresight');
    expect(rows[0]!.textContent).toContain('▼ Down');
    expect(rows[0]!.textContent).toContain('0.25');
    expect(rows[1]!.textContent).toContain('player1');
    expect(rows[1]!.textContent).toContain('TailSpin');
    expect(rows[1]!.textContent).toContain('70%');
    expect(rows[1]!.textContent).toContain('Safu');
    expect(rows[1]!.textContent).toContain('Won');
    expect(rows[1]!.textContent).toContain('1.5');
    expect(rows[1]!.textContent).toContain('1m ago');
    expect(rows[2]!.textContent).toContain('User…1111');
    expect(rows[2]!.textContent).toContain('ReTail');
    expect(rows[2]!.textContent).toContain('Degen');
    expect(screen.getByText('Live')).toBeTruthy();
  });

  it('filters All / Bets / Foresight', async () => {
    const user = userEvent.setup();
    renderFeed();
    act(() => {
      socket().fire('connect');
      socket().fire('feed', [bet('1'), prediction('2')]);
    });
    await user.click(screen.getByRole('button', { name: 'Foresight' }));
    expect(screen.getByRole('button', { name: 'Foresight' }).getAttribute('aria-pressed')).toBe('true');
    let rows = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(rows).toHaveLength(1);
    expect(rows[0]!.textContent).toContain('Foresight');
    await user.click(screen.getByRole('button', { name: 'Bets' }));
    rows = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(rows).toHaveLength(1);
    expect(rows[0]!.textContent).toContain('TailSpin');
    await user.click(screen.getByRole('button', { name: 'All' }));
    expect(within(screen.getByRole('list')).getAllByRole('listitem')).toHaveLength(2);
  });

  it('glows items of 10 SOL and more, not 1 lamport less', () => {
    renderFeed();
    act(() => {
      socket().fire('connect');
      socket().fire('feed', [bet('1', { amount: '10000000000' }), bet('2', { amount: '9999999999' })]);
    });
    const [big, small] = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(big!.className).toContain('animate-glow');
    expect(small!.className).not.toContain('animate-glow');
  });

  it('adds live items on top and updates a settled bet in place, leaving sounds to OwnBetSounds', () => {
    mocks.state.wallet = { address: ME };
    renderFeed();
    act(() => {
      socket().fire('connect');
      socket().fire('feed', [bet('5')]);
    });
    expect(mocks.state.played).toEqual([]);
    act(() => {
      socket().fire('new_bet', bet('9', { userId: ME, timestamp: NOW }));
    });
    let rows = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0]!.textContent).toContain('you');
    // OwnBetSounds (always mounted) plays it: playing here too would sound twice.
    expect(mocks.state.played).toEqual([]);
    act(() => {
      socket().fire('new_bet', bet('9', { userId: ME, timestamp: NOW, result: 'Loss' }));
      socket().fire('new_bet', bet('5', { result: 'Win' }));
    });
    rows = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0]!.textContent).toContain('Lost');
    expect(mocks.state.played).toEqual([]);
  });

  it('turns each kind of row to Won or Lost when its result arrives under the same id', () => {
    renderFeed();
    act(() => {
      socket().fire('connect');
      socket().fire('feed', [
        bet('1'),
        bet('2', { type: 'token' }),
        bet('3', { type: 'nft' }),
        prediction('4'),
        marketBet('5'),
      ]);
    });
    for (const name of ['player1', 'player2', 'player3', 'Fore…1111', 'prophet']) {
      expect(outcomeOf(name)).toBeNull();
    }
    act(() => {
      socket().fire('new_bet', bet('1', { result: 'Loss' }));
      socket().fire('new_bet', bet('2', { type: 'token', result: 'Win' }));
      socket().fire('new_bet', bet('3', { type: 'nft', result: 'Win' }));
      socket().fire('new_prediction', { ...prediction('4'), won: true });
      socket().fire('new_marketbet', marketBet('5', { won: false }));
    });
    // Updated in place: still five rows, each with its result.
    expect(within(screen.getByRole('list')).getAllByRole('listitem')).toHaveLength(5);
    expect(outcomeOf('player1')).toBe('Lost');
    expect(outcomeOf('player2')).toBe('Won');
    expect(outcomeOf('player3')).toBe('Won');
    expect(rowOf('player3').textContent).toContain('ReTail');
    expect(outcomeOf('Fore…1111')).toBe('Won');
    expect(outcomeOf('prophet')).toBe('Lost');
    expect(rowOf('prophet').textContent).toContain('Prophecy');
  });

  it('keeps a result when a history read before it arrives after it', () => {
    renderFeed();
    act(() => {
      socket().fire('connect');
      socket().fire('new_bet', bet('1'));
      socket().fire('new_bet', bet('1', { result: 'Win' }));
      // The connection's history, read before the result was recorded, arrives last.
      socket().fire('feed', [bet('1'), bet('2')]);
    });
    expect(outcomeOf('player1')).toBe('Won');
    expect(outcomeOf('player2')).toBeNull();
  });

  it('shows the result of a bet whose placement it never received', () => {
    renderFeed();
    act(() => {
      socket().fire('connect');
      socket().fire('feed', [bet('2')]);
      socket().fire('new_bet', bet('1', { result: 'Loss' }));
    });
    expect(within(screen.getByRole('list')).getAllByRole('listitem')).toHaveLength(2);
    expect(outcomeOf('player1')).toBe('Lost');
  });

  it('catches up on reconnect: results settled while it was offline come with the history', () => {
    vi.useFakeTimers();
    renderFeed();
    act(() => {
      socket().fire('connect');
      socket().fire('feed', [bet('1'), prediction('2')]);
      socket().fire('disconnect', 'transport close');
    });
    expect(screen.getByText('Reconnecting…')).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(WEBSOCKET_RECONNECT_DELAY_MS);
    });
    expect(socket().connectCalls).toBe(2);
    act(() => {
      socket().fire('connect');
      // The server sends its first page on every connection: the results recorded meanwhile are in it.
      socket().fire('feed', [bet('1', { result: 'Win' }), { ...prediction('2'), won: false }, bet('3')]);
    });
    expect(outcomeOf('player1')).toBe('Won');
    expect(outcomeOf('Fore…1111')).toBe('Lost');
    expect(within(screen.getByRole('list')).getAllByRole('listitem')).toHaveLength(3);
  });

  it('makes the scrolling list keyboard-focusable and named (axe: scrollable-region-focusable)', () => {
    renderFeed();
    act(() => {
      socket().fire('connect');
      socket().fire('feed', [bet('1')]);
    });
    const log = screen.getByRole('log', { name: 'Latest bets' });
    expect(log.tabIndex).toBe(0);
    expect(log.className).toContain('overflow-y-auto');
    expect(within(log).getAllByRole('listitem')).toHaveLength(1);
  });

  it('says so when the feed is empty', () => {
    renderFeed();
    act(() => {
      socket().fire('connect');
      socket().fire('feed', []);
    });
    expect(screen.getByText('No bets yet. Place one and it shows up here.')).toBeTruthy();
  });

  it('shows "Connection lost" with Retry after the reconnect attempts run out', async () => {
    vi.useFakeTimers();
    renderFeed();
    act(() => {
      socket().fire('connect');
      socket().fire('feed', [bet('1')]);
      socket().fire('disconnect', 'transport close');
    });
    expect(screen.getByText('Reconnecting…')).toBeTruthy();
    for (let i = 0; i < WEBSOCKET_RECONNECT_ATTEMPTS; i += 1) {
      act(() => {
        vi.advanceTimersByTime(WEBSOCKET_RECONNECT_DELAY_MS);
        socket().fire('connect_error', new Error('down'));
      });
    }
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Connection lost');
    // The items already shown stay.
    expect(within(screen.getByRole('list')).getAllByRole('listitem')).toHaveLength(1);
    const calls = socket().connectCalls;
    vi.useRealTimers();
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(socket().connectCalls).toBe(calls + 1);
    expect(screen.getByText('Reconnecting…')).toBeTruthy();
    act(() => {
      socket().fire('connect');
    });
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
