/**
 * Wakes the indexer when a followed program shows up in the chain's logs, so new activity is indexed
 * without waiting for the next poll. Polling stays the source of truth: a log subscription can drop
 * notifications (coral-xyz/anchor #1613), so nothing is read from them but the fact that something
 * happened.
 *
 * @module
 */

import { createSolanaRpcSubscriptions, type Address } from '@solana/kit';

/** Options of {@link LogsWaker}. */
export interface LogsWakerOptions {
  readonly wsUrl: string;
  readonly programs: readonly Address[];
  /** Called on every notification. */
  readonly onActivity: () => void;
  /** Delay before reconnecting after a failure; doubles up to `maxRetryMs`. Default 1 s. */
  readonly retryMs?: number;
  readonly maxRetryMs?: number;
  /** Where failures are reported; default nowhere. */
  readonly onError?: (error: unknown) => void;
}

/** One `logsSubscribe` per program, reconnected for as long as the waker is open. */
export class LogsWaker {
  readonly #options: LogsWakerOptions;
  #abort: AbortController | null = null;
  #notifications = 0;
  #reconnects = 0;

  constructor(options: LogsWakerOptions) {
    this.#options = options;
  }

  /** Notifications received so far. */
  get notifications(): number {
    return this.#notifications;
  }

  /** Times a subscription was re-established after a failure. */
  get reconnects(): number {
    return this.#reconnects;
  }

  /** Whether the subscriptions are running. */
  get isOpen(): boolean {
    return this.#abort !== null;
  }

  /** Starts the subscriptions; a no-op when open. */
  open(): void {
    if (this.#abort !== null) return;
    const abort = new AbortController();
    this.#abort = abort;
    for (const program of this.#options.programs) {
      void this.#follow(program, abort.signal);
    }
  }

  /** Stops the subscriptions. */
  close(): void {
    this.#abort?.abort();
    this.#abort = null;
  }

  async #follow(program: Address, signal: AbortSignal): Promise<void> {
    const base = this.#options.retryMs ?? 1_000;
    const max = this.#options.maxRetryMs ?? 30_000;
    let delay = base;
    while (!signal.aborted) {
      try {
        const subscriptions = createSolanaRpcSubscriptions(this.#options.wsUrl);
        const notifications = await subscriptions
          .logsNotifications({ mentions: [program] }, { commitment: 'confirmed' })
          .subscribe({ abortSignal: signal });
        // Only the fact that something happened is used: a failed transaction indexed early is harmless.
        const iterator = notifications[Symbol.asyncIterator]();
        while (!(await iterator.next()).done) {
          delay = base;
          this.#notifications += 1;
          this.#options.onActivity();
        }
      } catch (error) {
        if (isAborted(signal)) return;
        this.#options.onError?.(error);
      }
      if (isAborted(signal)) return;
      this.#reconnects += 1;
      await sleep(delay, signal);
      delay = Math.min(delay * 2, max);
    }
  }
}

/** Reads the flag afresh (TypeScript narrows `signal.aborted` across awaits). */
function isAborted(signal: AbortSignal): boolean {
  return signal.aborted;
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    timer.unref();
    function done(): void {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}
