/**
 * Watches the chain for the settler, so a bet is revealed in the first slot after the one it landed in
 * rather than a polling interval later: an `accountSubscribe` on the House (a new bet, a reveal or a
 * commit changes it) calls `onActivity` (the runner's `wake()`), and a `slotSubscribe` tells when a slot has
 * ended (a bet's slot hash exists once the next slot runs). Both only wake: the settler reads the House
 * and the slot itself before acting, so a dropped notification costs at most a polling interval.
 *
 * @module
 */

import { findHouseAddress } from '@arcade/sdk/wager/pda';
import { createSolanaRpcSubscriptions } from '@solana/kit';

/** Options of {@link ChainWatcher}. */
export interface ChainWatcherOptions {
  readonly wsUrl: string;
  /** Called when the House changes. */
  readonly onActivity: () => void;
  /** Delay before re-subscribing after a failure; doubles up to 30 s. Default 1 s. */
  readonly retryMs?: number;
  readonly onError?: (error: unknown) => void;
}

/** The House and slot subscriptions, re-established for as long as the watcher is open. */
export class ChainWatcher {
  readonly #options: ChainWatcherOptions;
  #abort: AbortController | null = null;
  #slot: bigint | null = null;
  #slotWaiters = new Set<() => void>();
  #notifications = 0;

  constructor(options: ChainWatcherOptions) {
    this.#options = options;
  }

  /** Whether the subscriptions run. */
  get isOpen(): boolean {
    return this.#abort !== null;
  }

  /** House notifications received. */
  get notifications(): number {
    return this.#notifications;
  }

  /** The newest slot a notification announced; null before the first. */
  get slot(): bigint | null {
    return this.#slot;
  }

  /** Starts the subscriptions; a no-op when open. */
  open(): void {
    if (this.#abort !== null) return;
    const abort = new AbortController();
    this.#abort = abort;
    void this.#follow(abort.signal, 'house');
    void this.#follow(abort.signal, 'slot');
  }

  /** Stops them, releasing every waiter. */
  close(): void {
    this.#abort?.abort();
    this.#abort = null;
    this.#release();
  }

  /** Resolves at the next slot notification, or after `ms` (whichever first). */
  nextSlot(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        this.#slotWaiters.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      timer.unref();
      this.#slotWaiters.add(done);
    });
  }

  #release(): void {
    for (const waiter of [...this.#slotWaiters]) waiter();
  }

  async #follow(signal: AbortSignal, what: 'house' | 'slot'): Promise<void> {
    const base = this.#options.retryMs ?? 1_000;
    let delay = base;
    while (!signal.aborted) {
      try {
        const subscriptions = createSolanaRpcSubscriptions(this.#options.wsUrl);
        if (what === 'house') {
          const [house] = await findHouseAddress();
          const notifications = await subscriptions
            .accountNotifications(house, { commitment: 'confirmed', encoding: 'base64' })
            .subscribe({ abortSignal: signal });
          // Only the fact that the House changed is used: the settler reads it itself.
          const iterator = notifications[Symbol.asyncIterator]();
          while (!(await iterator.next()).done) {
            delay = base;
            this.#notifications += 1;
            this.#options.onActivity();
          }
        } else {
          const notifications = await subscriptions.slotNotifications().subscribe({ abortSignal: signal });
          for await (const notification of notifications) {
            delay = base;
            this.#slot = notification.slot;
            this.#release();
          }
        }
      } catch (error) {
        if (isAborted(signal)) return;
        this.#options.onError?.(error);
      }
      if (isAborted(signal)) return;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, delay);
        timer.unref();
        signal.addEventListener('abort', () => {
          clearTimeout(timer);
          resolve();
        });
      });
      delay = Math.min(delay * 2, 30_000);
    }
  }
}

/** Reads the flag afresh (TypeScript narrows `signal.aborted` across awaits). */
function isAborted(signal: AbortSignal): boolean {
  return signal.aborted;
}
