/**
 * The chat's per-user rate limit: fixed windows (e.g. 1 message a second and 20 a minute), counted in
 * Redis when the server has it so every instance shares the count, in memory otherwise.
 *
 * Windows are aligned to the epoch on the application's clock (`app.now()`), so tests move time by hand. A
 * refused message does not count: a user who waits out the window may post again.
 *
 * @module
 */

import type { Redis } from 'ioredis';

/** At most `max` messages in each window of `windowMs` milliseconds. */
export interface RateWindow {
  readonly windowMs: number;
  readonly max: number;
}

/** The chat's default limits: one message a second and twenty a minute. */
export const DEFAULT_CHAT_RATE_LIMITS: readonly RateWindow[] = Object.freeze([
  Object.freeze({ windowMs: 1_000, max: 1 }),
  Object.freeze({ windowMs: 60_000, max: 20 }),
]);

/** Takes one message from a user's allowance. */
export interface ChatRateLimiter {
  /** Counts one message for `key` at `nowMs` and returns true, or returns false when a window is full. */
  take(key: string, nowMs: number): Promise<boolean>;
}

/** The index of the window of `windowMs` that `nowMs` falls in. */
const windowIndex = (nowMs: number, windowMs: number): number => Math.floor(nowMs / windowMs);

/** {@link ChatRateLimiter} in this process's memory (the embedded default: one instance). */
export class MemoryChatRateLimiter implements ChatRateLimiter {
  readonly #windows: readonly RateWindow[];
  /** Per key, each window's index and count, in the order of `#windows`. */
  readonly #counters = new Map<string, { index: number; count: number }[]>();
  #takes = 0;

  constructor(windows: readonly RateWindow[] = DEFAULT_CHAT_RATE_LIMITS) {
    this.#windows = windows;
  }

  take(key: string, nowMs: number): Promise<boolean> {
    this.#takes += 1;
    if (this.#takes % 1_024 === 0) this.#sweep(nowMs);
    const indexes = this.#windows.map((window) => windowIndex(nowMs, window.windowMs));
    const counters = this.#counters.get(key) ?? indexes.map((index) => ({ index, count: 0 }));
    const counts = counters.map((counter, i) => (counter.index === indexes[i] ? counter.count : 0));
    if (this.#windows.some((window, i) => (counts[i] ?? 0) >= window.max)) return Promise.resolve(false);
    this.#counters.set(
      key,
      indexes.map((index, i) => ({ index, count: (counts[i] ?? 0) + 1 })),
    );
    return Promise.resolve(true);
  }

  /** How many users are being counted (bounded by the sweep). */
  get size(): number {
    return this.#counters.size;
  }

  /** Forgets users whose every window has passed, so memory follows the active users only. */
  #sweep(nowMs: number): void {
    for (const [key, counters] of this.#counters) {
      const stale = counters.every((counter, i) => {
        const window = this.#windows[i];
        return window === undefined || counter.index < windowIndex(nowMs, window.windowMs);
      });
      if (stale) this.#counters.delete(key);
    }
  }
}

/**
 * Checks every window first and counts only when all have room, atomically: concurrent messages from one
 * user on several instances cannot both take the last slot. KEYS are the windows' counters; ARGV holds
 * each window's max and the counter's time to live in milliseconds.
 */
const TAKE_SCRIPT = `
for i = 1, #KEYS do
  local count = tonumber(redis.call('GET', KEYS[i]) or '0')
  if count >= tonumber(ARGV[2 * i - 1]) then return 0 end
end
for i = 1, #KEYS do
  if redis.call('INCR', KEYS[i]) == 1 then redis.call('PEXPIRE', KEYS[i], ARGV[2 * i]) end
end
return 1
`;

/** {@link ChatRateLimiter} in Redis, shared by every instance. */
export class RedisChatRateLimiter implements ChatRateLimiter {
  readonly #redis: Redis;
  readonly #windows: readonly RateWindow[];
  readonly #prefix: string;

  constructor(
    redis: Redis,
    windows: readonly RateWindow[] = DEFAULT_CHAT_RATE_LIMITS,
    prefix = 'arcade-chat-rate',
  ) {
    this.#redis = redis;
    this.#windows = windows;
    this.#prefix = prefix;
  }

  async take(key: string, nowMs: number): Promise<boolean> {
    // The braces make every counter of one user hash to the same Redis Cluster slot, as a script needs.
    const keys = this.#windows.map(
      (window) => `${this.#prefix}:{${key}}:${window.windowMs}:${windowIndex(nowMs, window.windowMs)}`,
    );
    // Counters outlive their window a little: instances' clocks differ by a few milliseconds.
    const args = this.#windows.flatMap((window) => [window.max, window.windowMs * 2 + 1_000]);
    const result = await this.#redis.eval(TAKE_SCRIPT, keys.length, ...keys, ...args);
    return result === 1;
  }
}
