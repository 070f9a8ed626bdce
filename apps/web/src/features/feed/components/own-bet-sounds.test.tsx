import { act, render } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { ui } from '../../../lib/store.ts';
import type { BetFeedItem, PredictionFeedItem } from '@arcade/sdk/feed-items';
import { OwnBetSounds } from './own-bet-sounds.tsx';

const mocks = vi.hoisted(() => {
  type Listener = (...args: unknown[]) => void;
  class FakeSocket {
    readonly listeners = new Map<string, Set<Listener>>();
    disconnected = false;
    on(event: string, listener: Listener) {
      if (!this.listeners.has(event)) this.listeners.set(event, new Set());
      this.listeners.get(event)!.add(listener);
    }
    off(event: string, listener: Listener) {
      this.listeners.get(event)?.delete(listener);
    }
    emit() {}
    connect() {}
    disconnect() {
      this.disconnected = true;
    }
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

const bet = (id: string, patch: Partial<BetFeedItem> = {}): BetFeedItem => ({
  kind: 'bet',
  id,
  signature: `sig-${id}`,
  amount: '1500000000',
  odds: 25,
  type: 'sol',
  metadata: { mint: 'So11111111111111111111111111111111111111112', listingPrice: '6000000000' },
  tokenPrice: 1,
  user: null,
  userId: ME,
  timestamp: 1_700_000_000_000 + Number(id),
  result: null,
  ...patch,
});
const prediction = (id: string, won: boolean | null): PredictionFeedItem => ({
  kind: 'prediction',
  id,
  signature: `psig-${id}`,
  prediction: 'up',
  amount: '250000000',
  won,
  config: 'cfg',
  event: 'evt',
  user: null,
  userId: ME,
  timestamp: 1_700_000_000_000,
});

function socket() {
  const last = mocks.state.sockets.at(-1);
  if (last === undefined) throw new Error('no socket opened');
  return last;
}

function fire(event: string, ...args: unknown[]) {
  act(() => {
    socket().fire(event, ...args);
  });
}

beforeEach(() => {
  mocks.state.sockets = [];
  mocks.state.paths = [];
  mocks.state.wallet = { address: ME };
  mocks.state.played = [];
  act(() => {
    ui.reload();
    ui.setSoundOff(false);
  });
});

describe('OwnBetSounds', () => {
  it("plays the wallet's own bet, then its outcome, and nothing for other players", () => {
    const { container } = render(<OwnBetSounds />);
    expect(container.innerHTML).toBe('');
    expect(mocks.state.paths).toEqual(['/activity']);
    fire('connect');
    fire('feed', []);
    fire('new_bet', bet('1'));
    expect(mocks.state.played).toEqual(['bet']);
    fire('new_bet', bet('1', { result: 'Win' }));
    expect(mocks.state.played).toEqual(['bet', 'win']);
    // The same settlement again (e.g. live and in history) is not a second win.
    fire('new_bet', bet('1', { result: 'Win' }));
    fire('new_bet', bet('2', { userId: 'Someone111111111111111111111111111111111111' }));
    fire('new_bet', bet('3', { userId: 'Someone111111111111111111111111111111111111', result: 'Win' }));
    expect(mocks.state.played).toEqual(['bet', 'win']);
    fire('new_prediction', prediction('7', null));
    fire('new_prediction', prediction('7', false));
    expect(mocks.state.played).toEqual(['bet', 'win', 'bet', 'loss']);
  });

  it('stays silent about the history a (re)connect sends, but still plays a settlement of a bet in it', () => {
    render(<OwnBetSounds />);
    fire('connect');
    fire('feed', [bet('4'), bet('5', { result: 'Loss' })]);
    expect(mocks.state.played).toEqual([]);
    fire('new_bet', bet('5', { result: 'Loss' }));
    expect(mocks.state.played).toEqual([]);
    fire('new_bet', bet('4', { result: 'Win' }));
    expect(mocks.state.played).toEqual(['win']);
  });

  it('holds no socket without a wallet', () => {
    mocks.state.wallet = null;
    render(<OwnBetSounds />);
    expect(mocks.state.sockets).toEqual([]);
  });

  it('closes the socket when sound is turned off and opens a new one when it is back on', () => {
    render(<OwnBetSounds />);
    const first = socket();
    act(() => {
      ui.setSoundOff(true);
    });
    expect(first.disconnected).toBe(true);
    expect(mocks.state.sockets).toHaveLength(1);
    act(() => {
      ui.setSoundOff(false);
    });
    expect(mocks.state.sockets).toHaveLength(2);
    fire('connect');
    fire('new_bet', bet('8'));
    expect(mocks.state.played).toEqual(['bet']);
  });

  it('holds no socket while sound is off', () => {
    act(() => {
      ui.setSoundOff(true);
    });
    render(<OwnBetSounds />);
    expect(mocks.state.sockets).toEqual([]);
  });
});
