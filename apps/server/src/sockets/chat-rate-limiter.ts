/**
 * The chat's per-user rate limit: sliding windows (e.g. 1 message a second and 20 a minute), counted in
 * Redis when the server has it so every instance (and every socket of the user) shares the count, in
 * memory otherwise.
 *
 * A window of `windowMs` holds at most `max` accepted messages in any span of `windowMs`: "one a second"
 * means at least a second between two messages, however they fall on the clock (fixed windows aligned to
 * the epoch let 0.999 s and 1.000 s both through). Time is the application's clock (`app.now()`), so tests
 * move it by hand. A refused message does not count: a user who waits may post again.
 *
 * @module
 */

import type { Redis } from 'ioredis';

/** At most `max` messages in any `windowMs` milliseconds. */
export interface RateWindow {
  readonly windowMs: number;
  readonly max: number;
}

/** The chat's default limits: one message a second and twenty a minute. */
export const DEFAULT_CHAT_RATE_LIMITS: readonly RateWindow[] = Object.freeze([
  Object.freeze({ windowMs: 1_000, max: 1 }),
  Object.freeze({ windowMs: 60_000, max: 20 }),
]);

/** What {@link ChatRateLimiter.take} decided. */
export type RateVerdict =
  | { readonly allowed: true }
  | {
      readonly allowed: false;
      /** The (first) window that is full. */
      readonly window: RateWindow;
      /** When the user may post again, at the earliest. */
      readonly retryAfterMs: number;
    };

/** Takes one message from a user's allowance. */
export interface ChatRateLimiter {
  /** Counts one message for `key` at `nowMs`, or refuses it (counting nothing) when a window is full. */
  take(key: string, nowMs: number): Promise<RateVerdict>;
}

const ALLOWED: RateVerdict = Object.freeze({ allowed: true });

/**
 * The refusal's text for a full window: "Slow down: one message per second" for the chat's 1-a-second
 * limit, and the same shape for any other ("Slow down: at most 20 messages per minute").
 */
export function slowDownMessage(window: RateWindow): string {
  const per =
    window.windowMs === 1_000
      ? 'second'
      : window.windowMs === 60_000
        ? 'minute'
        : window.windowMs % 1_000 === 0
          ? `${window.windowMs / 1_000} seconds`
          : `${window.windowMs} ms`;
  if (window.max === 1) return `Slow down: one message per ${per}`;
  return `Slow down: at most ${window.max} messages per ${per}`;
}

/** {@link ChatRateLimiter} in this process's memory (the embedded default: one instance). */
export class MemoryChatRateLimiter implements ChatRateLimiter {
  readonly #windows: readonly RateWindow[];
  /** Per key, the times of its accepted messages still inside the longest window, oldest first. */
  readonly #accepted = new Map<string, number[]>();
  readonly #longest: number;
  #takes = 0;

  constructor(windows: readonly RateWindow[] = DEFAULT_CHAT_RATE_LIMITS) {
    this.#windows = windows;
    this.#longest = Math.max(0, ...windows.map((window) => window.windowMs));
  }

  take(key: string, nowMs: number): Promise<RateVerdict> {
    this.#takes += 1;
    if (this.#takes % 1_024 === 0) this.#sweep(nowMs);
    const times = (this.#accepted.get(key) ?? []).filter((at) => at > nowMs - this.#longest);
    for (const window of this.#windows) {
      const inside = times.filter((at) => at > nowMs - window.windowMs);
      if (inside.length >= window.max) {
        // The oldest message that keeps the window full must leave it first.
        const leaving = inside[inside.length - window.max] ?? nowMs;
        return Promise.resolve({ allowed: false, window, retryAfterMs: leaving + window.windowMs - nowMs });
      }
    }
    times.push(nowMs);
    this.#accepted.set(key, times);
    return Promise.resolve(ALLOWED);
  }

  /** How many users are being counted (bounded by the sweep). */
  get size(): number {
    return this.#accepted.size;
  }

  /** Forgets users whose every message has left the longest window, so memory follows the active users. */
  #sweep(nowMs: number): void {
    for (const [key, times] of this.#accepted) {
      if (times.every((at) => at <= nowMs - this.#longest)) this.#accepted.delete(key);
    }
  }
}

/**
 * Checks every window first and counts only when all have room, atomically: concurrent messages from one
 * user on several instances cannot both take the last place. KEYS are the windows' sorted sets of accepted
 * times; ARGV: now, a unique member for this message, then each window's length and max. Returns 0 when
 * counted, else the full window's number (1-based) and the time its oldest counted message leaves it.
 */
const TAKE_SCRIPT = `
local now = tonumber(ARGV[1])
for i = 1, #KEYS do
  local windowMs = tonumber(ARGV[1 + 2 * i])
  local max = tonumber(ARGV[2 + 2 * i])
  redis.call('ZREMRANGEBYSCORE', KEYS[i], '-inf', now - windowMs)
  local count = redis.call('ZCARD', KEYS[i])
  if count >= max then
    local leaving = redis.call('ZRANGE', KEYS[i], count - max, count - max, 'WITHSCORES')
    return { i, tonumber(leaving[2]) + windowMs - now }
  end
end
for i = 1, #KEYS do
  redis.call('ZADD', KEYS[i], now, ARGV[2])
  redis.call('PEXPIRE', KEYS[i], tonumber(ARGV[1 + 2 * i]) + 1000)
end
return { 0, 0 }
`;

/** {@link ChatRateLimiter} in Redis, shared by every instance. */
export class RedisChatRateLimiter implements ChatRateLimiter {
  readonly #redis: Redis;
  readonly #windows: readonly RateWindow[];
  readonly #prefix: string;
  #sequence = 0;

  constructor(
    redis: Redis,
    windows: readonly RateWindow[] = DEFAULT_CHAT_RATE_LIMITS,
    prefix = 'arcade-chat-rate',
  ) {
    this.#redis = redis;
    this.#windows = windows;
    this.#prefix = prefix;
  }

  async take(key: string, nowMs: number): Promise<RateVerdict> {
    // The braces make every counter of one user hash to the same Redis Cluster slot, as a script needs.
    const keys = this.#windows.map((window) => `${this.#prefix}:{${key}}:${window.windowMs}`);
    this.#sequence += 1;
    const member = `${nowMs}:${process.pid}:${this.#sequence}:${Math.random().toString(36).slice(2)}`;
    const args = [nowMs, member, ...this.#windows.flatMap((window) => [window.windowMs, window.max])];
    // Redis answers the script's table with integers.
    const [full, retryAfterMs] = (await this.#redis.eval(TAKE_SCRIPT, keys.length, ...keys, ...args)) as [
      number,
      number,
    ];
    if (full === 0) return ALLOWED;
    const window = this.#windows[full - 1]!;
    return { allowed: false, window, retryAfterMs: Math.max(0, retryAfterMs) };
  }
}
