/**
 * Live log lines of the transactions that mention one account, from the PubSub websocket (`logsSubscribe`
 * with `mentions`, at the confirmed commitment), resubscribed with the same growing pause as account
 * subscriptions (`watch-account.ts`) whenever it ends or fails. The games read a bet's roll from here: the
 * `reveal_bet` transaction's `Reveal sequence=… roll=…` line arrives with its notification, in the same
 * instant as the record's account notification, so no `getSignaturesForAddress` + `getTransaction` round
 * trips stand between the reveal and the result on screen.
 *
 * A {@link LogsWatcher} keeps the last few notifications, so a listener that starts a moment after a
 * notification (the record's account notification is handled first) still finds it.
 *
 * @module
 */

import { RPC_COMMITMENT } from '@arcade/sdk/constants';
import type { Address, RpcSubscriptions, SolanaRpcSubscriptionsApi } from '@solana/kit';

import { getRpcSubscriptions } from './rpc.ts';
import { sharedWatchers } from './shared-watchers.ts';
import { resubscribeDelayMs } from './watch-account.ts';

/** One transaction that mentioned the account, as the notification gives it. */
export interface LogsEvent {
  readonly signature: string;
  /** The transaction's error, null when it succeeded. */
  readonly err: unknown;
  readonly logs: readonly string[];
}

/** How many of the latest notifications a {@link LogsWatcher} keeps. */
export const RECENT_LOGS_KEPT = 16;

/** A notification's value as a {@link LogsEvent}, or null for a payload of another shape. */
export function logsEventOf(notification: unknown): LogsEvent | null {
  if (typeof notification !== 'object' || notification === null) return null;
  const value = (notification as { value?: unknown }).value;
  if (typeof value !== 'object' || value === null) return null;
  const { signature, err, logs } = value as { signature?: unknown; err?: unknown; logs?: unknown };
  if (typeof signature !== 'string' || !Array.isArray(logs)) return null;
  return {
    signature,
    err: err ?? null,
    logs: logs.filter((line): line is string => typeof line === 'string'),
  };
}

/** What {@link watchLogs} calls, and where it subscribes. */
export interface WatchLogsOptions {
  /** Stops watching when aborted. */
  readonly signal: AbortSignal;
  /** Each transaction that mentioned the account. An error thrown here is logged, not fatal. */
  readonly onLogs: (event: LogsEvent) => void;
  /** The subscription is up (true) or has dropped (false). */
  readonly onLive?: (live: boolean) => void;
  /** The PubSub client (default: the app's, {@link getRpcSubscriptions}). */
  readonly subscriptions?: () => RpcSubscriptions<SolanaRpcSubscriptionsApi>;
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done);
  });
}

/**
 * Watches the logs of transactions mentioning `address` until `options.signal` aborts, resubscribing with
 * backoff whenever the subscription drops. A client without `logsNotifications` watches nothing (the
 * callers' reads cover it).
 */
export function watchLogs(address: Address, options: WatchLogsOptions): void {
  const { signal, onLogs, onLive, subscriptions = getRpcSubscriptions } = options;
  const stopped = () => signal.aborted;
  void (async () => {
    let attempt = 0;
    while (!stopped()) {
      try {
        const client = subscriptions() as Partial<RpcSubscriptions<SolanaRpcSubscriptionsApi>>;
        if (typeof client.logsNotifications !== 'function') return;
        const notifications = await client
          .logsNotifications({ mentions: [address] }, { commitment: RPC_COMMITMENT })
          .subscribe({ abortSignal: signal });
        attempt = 0;
        onLive?.(true);
        for await (const notification of notifications) {
          const event = logsEventOf(notification);
          if (event === null) continue;
          try {
            onLogs(event);
          } catch (error) {
            console.warn(`Logs of a transaction mentioning ${address} could not be read`, error);
          }
        }
      } catch (error) {
        if (stopped()) return;
        console.warn(`Logs subscription of ${address} dropped; resubscribing`, error);
      } finally {
        onLive?.(false);
      }
      if (stopped()) return;
      await sleep(resubscribeDelayMs(attempt), signal);
      attempt += 1;
    }
  })();
}

type LogsListener = (event: LogsEvent) => void;

/** The logs of one account's transactions for any number of listeners, with the latest few kept. */
export class LogsWatcher {
  readonly address: Address;
  #abort: AbortController | null = null;
  readonly #listeners = new Set<LogsListener>();
  #recent: LogsEvent[] = [];
  #live = false;

  constructor(address: Address) {
    this.address = address;
  }

  /** Every notification from now on; returns the unsubscribe function. */
  onLogs(listener: LogsListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /**
   * Whether the subscription is up: a notification can come. While it is not (subscribing, dropped, no
   * PubSub), callers do not wait for one.
   */
  get live(): boolean {
    return this.#live;
  }

  /** The latest notifications (at most {@link RECENT_LOGS_KEPT}), oldest first. */
  recent(): readonly LogsEvent[] {
    return this.#recent;
  }

  /** Hands `event` to the listeners, as a notification would (the subscription calls it). */
  receive(event: LogsEvent): void {
    this.#recent = [...this.#recent.slice(-(RECENT_LOGS_KEPT - 1)), event];
    for (const listener of [...this.#listeners]) listener(event);
  }

  /** Starts watching (once; later calls do nothing until {@link close}). */
  open(): void {
    if (this.#abort !== null) return;
    const abort = new AbortController();
    this.#abort = abort;
    watchLogs(this.address, {
      signal: abort.signal,
      onLogs: (event) => {
        this.receive(event);
      },
      onLive: (live) => {
        this.#live = live;
      },
    });
  }

  /** Stops watching and forgets what it kept. */
  close(): void {
    this.#abort?.abort();
    this.#abort = null;
    this.#recent = [];
    this.#live = false;
  }
}

/**
 * A logs watcher of `address` shared by every caller (one subscription however many watch it), opened on
 * the first acquire and closed when the last one releases it.
 */
export const acquireLogsWatcher: (address: Address) => { watcher: LogsWatcher; release: () => void } =
  sharedWatchers((address) => new LogsWatcher(address));
