import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { Address } from '@solana/kit';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { UNCLAIMED_WINS_POLL_MS, unclaimedWinsQueryOptions } from '../api/get-unclaimed-wins.ts';
import { RESUBSCRIBE_MAX_DELAY_MS, resubscribeDelayMs } from '../../../lib/wallet/watch-account.ts';
import { useBetRecordUpdates } from './use-bet-record-updates.ts';

/** One subscription's notifications, pushed by the test; `fail` ends it as a dropped websocket would. */
class Channel {
  readonly #queue: unknown[] = [];
  #wake: (() => void) | null = null;
  #error: Error | null = null;
  readonly signal: AbortSignal;
  constructor(signal: AbortSignal) {
    this.signal = signal;
    signal.addEventListener('abort', () => this.#wake?.());
  }
  push(value: unknown) {
    this.#queue.push(value);
    this.#wake?.();
  }
  fail(error: Error) {
    this.#error = error;
    this.#wake?.();
  }
  async *[Symbol.asyncIterator]() {
    for (;;) {
      if (this.signal.aborted) return;
      if (this.#error !== null) throw this.#error;
      if (this.#queue.length > 0) {
        yield this.#queue.shift();
        continue;
      }
      await new Promise<void>((resolve) => {
        this.#wake = resolve;
      });
    }
  }
}

const rpc = vi.hoisted(() => ({
  channels: [] as Channel[],
  /** Set to make the next subscribe calls reject (the websocket cannot connect). */
  refuse: 0,
  subscribed: [] as string[],
}));

vi.mock('../../../lib/wallet/rpc.ts', () => ({
  getRpcSubscriptions: () => ({
    accountNotifications: (bet: string) => ({
      subscribe: ({ abortSignal }: { abortSignal: AbortSignal }) => {
        rpc.subscribed.push(bet);
        if (rpc.refuse > 0) {
          rpc.refuse -= 1;
          return Promise.reject(new Error('WebSocket closed'));
        }
        const channel = new Channel(abortSignal);
        rpc.channels.push(channel);
        return Promise.resolve(channel);
      },
    }),
  }),
}));

vi.mock('../../../lib/programs.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lib/programs.ts')>()),
  betAddressOf: (user: string) => Promise.resolve(`bet-of-${user}`),
}));

const USER = 'User1111111111111111111111111111111111111111' as Address;

function mount() {
  const client = new QueryClient();
  const invalidate = vi.spyOn(client, 'invalidateQueries');
  const hook = renderHook(
    () => {
      useBetRecordUpdates(USER);
    },
    { wrapper: ({ children }) => <QueryClientProvider client={client}>{children}</QueryClientProvider> },
  );
  return { invalidate, hook };
}

/** Lets pending promises and async iterators run. */
async function flush() {
  await act(async () => {
    for (let i = 0; i < 10; i += 1) await Promise.resolve();
  });
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.spyOn(Math, 'random').mockReturnValue(0);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  rpc.channels = [];
  rpc.refuse = 0;
  rpc.subscribed = [];
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('useBetRecordUpdates', () => {
  it("re-reads the unclaimed wins on each change of the user's bet record", async () => {
    const { invalidate } = mount();
    await flush();
    expect(rpc.subscribed).toEqual([`bet-of-${USER}`]);
    rpc.channels[0]!.push({ value: {} });
    await flush();
    expect(invalidate).toHaveBeenCalledTimes(1);
    expect(invalidate).toHaveBeenLastCalledWith({
      queryKey: ['account-status', 'unclaimed-wins', USER],
      exact: true,
    });
  });

  it('resubscribes after the websocket drops, and re-reads what it may have missed', async () => {
    const { invalidate } = mount();
    await flush();
    rpc.channels[0]!.fail(new Error('WebSocket closed'));
    await flush();
    expect(rpc.subscribed).toHaveLength(1);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1_000);
    });
    await flush();
    expect(rpc.subscribed).toHaveLength(2);
    expect(invalidate).toHaveBeenCalledTimes(1);
    // The new subscription delivers again.
    rpc.channels[1]!.push({ value: {} });
    await flush();
    expect(invalidate).toHaveBeenCalledTimes(2);
  });

  it('backs off while the websocket stays down, then starts over once it is back', async () => {
    rpc.refuse = 3;
    mount();
    await flush();
    expect(rpc.subscribed).toHaveLength(1);
    // 1 s, then 2 s, then 4 s.
    for (const [wait, total] of [
      [1_000, 2],
      [2_000, 3],
      [4_000, 4],
    ] as const) {
      await act(async () => {
        await vi.advanceTimersByTimeAsync(wait - 1);
      });
      expect(rpc.subscribed).toHaveLength(total - 1);
      await act(async () => {
        await vi.advanceTimersByTimeAsync(1);
      });
      await flush();
      expect(rpc.subscribed).toHaveLength(total);
    }
    // Subscribed: the next drop waits the first delay again.
    rpc.channels[0]!.fail(new Error('WebSocket closed'));
    await flush();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1_000);
    });
    await flush();
    expect(rpc.subscribed).toHaveLength(5);
  });

  it('stops for good on unmount', async () => {
    const { hook } = mount();
    await flush();
    rpc.channels[0]!.fail(new Error('WebSocket closed'));
    await flush();
    hook.unmount();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(60_000);
    });
    expect(rpc.subscribed).toHaveLength(1);
  });
});

describe('resubscribeDelayMs', () => {
  it('doubles from 1 s up to 30 s, less up to 20 % jitter', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 20].map((n) => resubscribeDelayMs(n, () => 0))).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000,
    ]);
    expect(resubscribeDelayMs(0, () => 1)).toBe(800);
    expect(RESUBSCRIBE_MAX_DELAY_MS).toBe(30_000);
  });
});

describe('unclaimedWinsQueryOptions', () => {
  it('polls every 30 s as a fallback for missed notifications', () => {
    expect(UNCLAIMED_WINS_POLL_MS).toBe(30_000);
    expect(unclaimedWinsQueryOptions(USER).refetchInterval).toBe(UNCLAIMED_WINS_POLL_MS);
  });
});
