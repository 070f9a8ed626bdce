/**
 * How many `/activity` and `/chat` sockets one client address holds, across both sockets and, with Redis,
 * across every instance: a socket takes a slot at its handshake and gives it back when it closes.
 *
 * In Redis each client address has a sorted set of its open connections (one member per connection, named
 * by this instance's id and a sequence number), scored with the time the member expires. Every instance
 * pushes its own members' expiry forward on a heartbeat; a taking counts only members not yet expired. So
 * an instance that dies without closing its sockets (SIGKILL, a lost host) stops refreshing, and its
 * connections stop counting within {@link SLOT_TTL_MS}: nothing has to clean up after it. Expiry times come
 * from Redis' own clock (`TIME`), so instances with skewed clocks agree.
 *
 * @module
 */

import { randomBytes } from 'node:crypto';

import type { Redis } from 'ioredis';

/** How long a connection counts without a heartbeat from its instance. */
export const SLOT_TTL_MS = 60_000;
/** How often an instance refreshes its connections: well within {@link SLOT_TTL_MS}. */
export const SLOT_HEARTBEAT_MS = 20_000;

/** Gives a slot back; calling it again does nothing. */
export type ReleaseSlot = () => void;

/** Open connections per client address. */
export interface ConnectionSlots {
  /** Takes a slot for `client`, or resolves to null when it already holds the most it may. */
  acquire(client: string): Promise<ReleaseSlot | null>;
  /** Stops the heartbeat and gives back every slot this instance holds. */
  close(): Promise<void>;
}

/** {@link ConnectionSlots} in this process's memory (the embedded default: one instance). */
export class MemoryConnectionSlots implements ConnectionSlots {
  readonly #max: number;
  readonly #open = new Map<string, number>();

  constructor(max: number) {
    this.#max = max;
  }

  acquire(client: string): Promise<ReleaseSlot | null> {
    const count = this.#open.get(client) ?? 0;
    if (count >= this.#max) return Promise.resolve(null);
    this.#open.set(client, count + 1);
    let released = false;
    return Promise.resolve(() => {
      if (released) return;
      released = true;
      const left = (this.#open.get(client) ?? 1) - 1;
      if (left <= 0) this.#open.delete(client);
      else this.#open.set(client, left);
    });
  }

  /** Open connections of `client`. */
  count(client: string): number {
    return this.#open.get(client) ?? 0;
  }

  close(): Promise<void> {
    this.#open.clear();
    return Promise.resolve();
  }
}

/** Redis' clock in milliseconds, in a script. */
const NOW = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
`;

/**
 * Forgets expired members, then adds this connection when there is room. KEYS[1] is the client's set; ARGV:
 * max, member, ttl (ms). Returns 1 when added, 0 when full.
 */
const ACQUIRE_SCRIPT = `${NOW}
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[1]) then return 0 end
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[3]), ARGV[2])
redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[3]))
return 1
`;

/** Pushes the expiry of members still in KEYS[1] forward; ARGV: ttl (ms), then the members. */
const REFRESH_SCRIPT = `${NOW}
local ttl = tonumber(ARGV[1])
for i = 2, #ARGV do redis.call('ZADD', KEYS[1], 'XX', now + ttl, ARGV[i]) end
if redis.call('EXISTS', KEYS[1]) == 1 then redis.call('PEXPIRE', KEYS[1], ttl) end
return 0
`;

/** Options of {@link RedisConnectionSlots}. */
export interface RedisConnectionSlotsOptions {
  readonly max: number;
  /** Key prefix; default `arcade-socket-slots`. */
  readonly prefix?: string;
  /** How long a connection counts without a heartbeat; default {@link SLOT_TTL_MS}. */
  readonly ttlMs?: number;
  /** Heartbeat period; default {@link SLOT_HEARTBEAT_MS}. */
  readonly heartbeatMs?: number;
  /** Reports Redis errors of the heartbeat and releases (which must not crash the process). */
  readonly onError?: (error: unknown) => void;
}

/** {@link ConnectionSlots} in Redis, shared by every instance. */
export class RedisConnectionSlots implements ConnectionSlots {
  readonly #redis: Redis;
  readonly #max: number;
  readonly #prefix: string;
  readonly #ttlMs: number;
  readonly #onError: (error: unknown) => void;
  /** This instance, in every member it adds. */
  readonly #instance = randomBytes(8).toString('hex');
  /** This instance's members, per client key. */
  readonly #held = new Map<string, Set<string>>();
  readonly #heartbeat: NodeJS.Timeout;
  #sequence = 0;

  constructor(redis: Redis, options: RedisConnectionSlotsOptions) {
    this.#redis = redis;
    this.#max = options.max;
    this.#prefix = options.prefix ?? 'arcade-socket-slots';
    this.#ttlMs = options.ttlMs ?? SLOT_TTL_MS;
    this.#onError = options.onError ?? (() => undefined);
    this.#heartbeat = setInterval(() => {
      void this.refresh().catch(this.#onError);
    }, options.heartbeatMs ?? SLOT_HEARTBEAT_MS);
    this.#heartbeat.unref();
  }

  async acquire(client: string): Promise<ReleaseSlot | null> {
    // The braces keep a client's set in one Redis Cluster slot.
    const key = `${this.#prefix}:{${client}}`;
    this.#sequence += 1;
    const member = `${this.#instance}:${String(this.#sequence)}`;
    const added = (await this.#redis.eval(ACQUIRE_SCRIPT, 1, key, this.#max, member, this.#ttlMs)) as number;
    if (added !== 1) return null;
    const members = this.#held.get(key) ?? new Set<string>();
    members.add(member);
    this.#held.set(key, members);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      members.delete(member);
      if (members.size === 0) this.#held.delete(key);
      this.#redis.zrem(key, member).catch(this.#onError);
    };
  }

  /** Pushes the expiry of every connection this instance holds forward (the heartbeat runs it). */
  async refresh(): Promise<void> {
    if (this.#held.size === 0) return;
    const pipeline = this.#redis.pipeline();
    for (const [key, members] of this.#held) pipeline.eval(REFRESH_SCRIPT, 1, key, this.#ttlMs, ...members);
    await pipeline.exec();
  }

  async close(): Promise<void> {
    clearInterval(this.#heartbeat);
    const held = [...this.#held];
    this.#held.clear();
    if (held.length === 0) return;
    const pipeline = this.#redis.pipeline();
    for (const [key, members] of held) pipeline.zrem(key, ...members);
    try {
      await pipeline.exec();
    } catch (error) {
      this.#onError(error);
    }
  }
}
