/**
 * `/rpc`'s per-client budget of calls: `RPC_RATE_LIMIT_PER_MINUTE` units a minute, where every JSON-RPC
 * call costs its weight ({@link RPC_CALL_COSTS}, 1 by default), so a batch of n calls costs at least n and
 * a websocket message costs what its calls cost. Counted in Redis when the server has it, so every
 * instance behind a load balancer shares one budget per client; in memory otherwise.
 *
 * The window is fixed: it starts with a client's first call and lasts `windowMs`; a refused take counts
 * nothing, so a client that waits for the window's end has its whole budget again. Time in memory is the
 * application's clock (`app.now()`), so tests move it by hand; in Redis it is the key's expiry.
 *
 * @module
 */

import type { Redis } from 'ioredis';

/**
 * Calls heavier than one unit: they read much more of the chain, or answer with much more, than a balance.
 * `getSignaturesForAddress` answers up to 1,000 signatures; a transaction, several accounts or a simulation
 * are a few times a balance.
 */
export const RPC_CALL_COSTS: Readonly<Record<string, number>> = Object.freeze({
  getSignaturesForAddress: 5,
  getTransaction: 2,
  getMultipleAccounts: 2,
  getTokenAccountsByOwner: 2,
  simulateTransaction: 2,
});

/** The cost of one call: its method's weight, 1 for any other call (refused ones included). */
export function callCost(call: unknown): number {
  if (typeof call !== 'object' || call === null || Array.isArray(call)) return 1;
  const method: unknown = (call as { method?: unknown }).method;
  return typeof method === 'string' && Object.hasOwn(RPC_CALL_COSTS, method) ? RPC_CALL_COSTS[method]! : 1;
}

/** The cost of a call or a batch: the sum of its calls' (an empty batch, or anything else, costs 1). */
export function payloadCost(payload: unknown): number {
  if (!Array.isArray(payload) || payload.length === 0) return callCost(payload);
  let total = 0;
  for (const call of payload) total += callCost(call);
  return total;
}

/** What {@link CallBudget.take} decided. */
export type BudgetVerdict =
  | { readonly allowed: true }
  | {
      readonly allowed: false;
      /** When the client's window ends and its budget is whole again. */
      readonly retryAfterMs: number;
    };

/** Takes units from a client's budget. */
export interface CallBudget {
  /** Counts `cost` units for `key`, or refuses them all (counting nothing) when they do not fit. */
  take(key: string, cost: number): Promise<BudgetVerdict>;
}

/** Options of both budgets. */
export interface CallBudgetOptions {
  /** Units per window. */
  readonly max: number;
  /** The window's length, in milliseconds. */
  readonly windowMs: number;
}

const ALLOWED: BudgetVerdict = Object.freeze({ allowed: true });

/** {@link CallBudget} in this process's memory (the embedded default: one instance). */
export class MemoryCallBudget implements CallBudget {
  readonly #max: number;
  readonly #windowMs: number;
  readonly #now: () => number;
  readonly #used = new Map<string, { units: number; endsAt: number }>();
  #takes = 0;

  constructor(options: CallBudgetOptions & { readonly now?: () => number }) {
    this.#max = options.max;
    this.#windowMs = options.windowMs;
    this.#now = options.now ?? Date.now;
  }

  take(key: string, cost: number): Promise<BudgetVerdict> {
    const now = this.#now();
    this.#takes += 1;
    if (this.#takes % 1_024 === 0) this.#sweep(now);
    let window = this.#used.get(key);
    if (window === undefined || window.endsAt <= now) {
      window = { units: 0, endsAt: now + this.#windowMs };
      this.#used.set(key, window);
    }
    if (window.units + cost > this.#max) {
      return Promise.resolve({ allowed: false, retryAfterMs: window.endsAt - now });
    }
    window.units += cost;
    return Promise.resolve(ALLOWED);
  }

  /** How many clients are being counted (bounded by the sweep). */
  get size(): number {
    return this.#used.size;
  }

  /** Forgets clients whose window has ended, so memory follows the active clients. */
  #sweep(now: number): void {
    for (const [key, window] of this.#used) if (window.endsAt <= now) this.#used.delete(key);
  }
}

/**
 * Adds the cost when it fits, atomically, so concurrent calls on several instances cannot overdraw the
 * budget. KEYS[1] is the client's counter; ARGV: cost, max, window (ms). Returns { 1, 0 } when counted, else
 * { 0, milliseconds until the window ends }.
 */
const TAKE_SCRIPT = `
local cost = tonumber(ARGV[1])
local max = tonumber(ARGV[2])
local windowMs = tonumber(ARGV[3])
local used = tonumber(redis.call('GET', KEYS[1]) or '0')
if used + cost > max then
  local ttl = redis.call('PTTL', KEYS[1])
  if ttl < 0 then ttl = windowMs end
  return { 0, ttl }
end
redis.call('INCRBY', KEYS[1], cost)
if redis.call('PTTL', KEYS[1]) < 0 then redis.call('PEXPIRE', KEYS[1], windowMs) end
return { 1, 0 }
`;

/** {@link CallBudget} in Redis, shared by every instance. */
export class RedisCallBudget implements CallBudget {
  readonly #redis: Redis;
  readonly #max: number;
  readonly #windowMs: number;
  readonly #prefix: string;

  constructor(redis: Redis, options: CallBudgetOptions & { readonly prefix?: string }) {
    this.#redis = redis;
    this.#max = options.max;
    this.#windowMs = options.windowMs;
    this.#prefix = options.prefix ?? 'arcade-rpc-calls';
  }

  async take(key: string, cost: number): Promise<BudgetVerdict> {
    // Redis answers the script's table with integers.
    const [counted, retryAfterMs] = (await this.#redis.eval(
      TAKE_SCRIPT,
      1,
      `${this.#prefix}:{${key}}`,
      cost,
      this.#max,
      this.#windowMs,
    )) as [number, number];
    return counted === 1 ? ALLOWED : { allowed: false, retryAfterMs: Math.max(0, retryAfterMs) };
  }
}
