/**
 * A small read-through cache for hot reads (profiles, the market list, Juice balances): entries live for a
 * short time, concurrent misses for one key share a single load, and writers invalidate what they change.
 *
 * With several server instances, each instance's invalidations reach the others through Redis
 * (`cache-invalidations.ts`); the time to live bounds how stale a read can be when one is lost (Redis down).
 * Every write path reads the database, never this cache.
 *
 * @module
 */

/** Options of {@link ReadCache}. */
export interface ReadCacheOptions {
  /** How long an entry is served, in milliseconds. */
  readonly ttlMs: number;
  /** The most entries kept; the oldest go first. Default 10,000. */
  readonly maxEntries?: number;
  /** Milliseconds since the epoch; default `Date.now`. */
  readonly now?: () => number;
}

interface Entry<V> {
  readonly value: V;
  readonly expiresAt: number;
}

/**
 * Caches `load(key)` results.
 *
 * @example
 * ```ts
 * const profiles = new ReadCache<string, Profile>({ ttlMs: 2_000 });
 * const profile = await profiles.get(address, () => repository.find(address));
 * profiles.delete(address); // after a write
 * ```
 */
export class ReadCache<K, V> {
  readonly #entries = new Map<K, Entry<V>>();
  readonly #loading = new Map<K, Promise<V>>();
  readonly #ttlMs: number;
  readonly #maxEntries: number;
  readonly #now: () => number;
  /** Bumped by every invalidation, so a load that started before it is not stored after it. */
  #generation = 0;
  #onInvalidate: ((key: K | null) => void) | null = null;
  /** How many loads ran (for tests and benchmarks). */
  loads = 0;

  constructor(options: ReadCacheOptions) {
    this.#ttlMs = options.ttlMs;
    this.#maxEntries = options.maxEntries ?? 10_000;
    this.#now = options.now ?? Date.now;
  }

  /** The cached value of `key`, or `load()`'s (shared by concurrent callers). */
  get(key: K, load: () => Promise<V>): Promise<V> {
    const entry = this.#entries.get(key);
    if (entry !== undefined && entry.expiresAt > this.#now()) return Promise.resolve(entry.value);
    const pending = this.#loading.get(key);
    if (pending !== undefined) return pending;
    const generation = this.#generation;
    this.loads += 1;
    const promise = load().then(
      (value) => {
        this.#loading.delete(key);
        if (generation === this.#generation) this.#store(key, value);
        return value;
      },
      (error: unknown) => {
        this.#loading.delete(key);
        throw error;
      },
    );
    this.#loading.set(key, promise);
    return promise;
  }

  /** Forgets `key` (after a write to it), here and, through the listener, on every other instance. */
  delete(key: K): void {
    this.forget(key);
    this.#onInvalidate?.(key);
  }

  /** Forgets everything, here and on every other instance. */
  clear(): void {
    this.forgetAll();
    this.#onInvalidate?.(null);
  }

  /** Forgets `key` here only: another instance wrote it. */
  forget(key: K): void {
    this.#generation += 1;
    this.#entries.delete(key);
    this.#loading.delete(key);
  }

  /** Forgets everything here only. */
  forgetAll(): void {
    this.#generation += 1;
    this.#entries.clear();
    this.#loading.clear();
  }

  /** Hears every invalidation made here (`null`: everything), for the other instances (one listener). */
  onInvalidate(listener: (key: K | null) => void): void {
    this.#onInvalidate = listener;
  }

  #store(key: K, value: V): void {
    this.#entries.delete(key);
    this.#entries.set(key, { value, expiresAt: this.#now() + this.#ttlMs });
    if (this.#entries.size > this.#maxEntries) {
      const oldest = this.#entries.keys().next();
      if (oldest.done !== true) this.#entries.delete(oldest.value);
    }
  }
}
