/**
 * Live changes of one chain account from the PubSub websocket (`accountNotifications` at the confirmed
 * commitment), resubscribed with a growing pause whenever the subscription ends or fails (a dropped websocket,
 * an RPC restart). Every account subscription of the app goes through {@link watchAccount}: the games' bet
 * records and House, Prophecy's markets and predictions, Foresight's price, config and rounds, the wallet's
 * balance and the unclaimed-winnings banner.
 *
 * House style: subscriptions are plain classes with `open`, `close` and `onX` ({@link AccountWatcher});
 * React only subscribes to them ({@link useAccountWatch}).
 *
 * @module
 */

import { RPC_COMMITMENT, WEBSOCKET_RECONNECT_DELAY_MS } from '@arcade/sdk/constants';
import type { Address, RpcSubscriptions, SolanaRpcSubscriptionsApi } from '@solana/kit';

import { useEffect, useRef } from 'react';

import { getRpcSubscriptions } from './rpc.ts';
import { sharedWatchers } from './shared-watchers.ts';

/** The longest pause between resubscriptions; the callers' polling covers the gap meanwhile. */
export const RESUBSCRIBE_MAX_DELAY_MS = 30_000;

/**
 * The pause before resubscription number `attempt` (0-based): doubling from the socket reconnect delay up to
 * {@link RESUBSCRIBE_MAX_DELAY_MS}, less up to 20 % jitter so tabs do not reconnect in lockstep.
 */
export function resubscribeDelayMs(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(RESUBSCRIBE_MAX_DELAY_MS, WEBSOCKET_RECONNECT_DELAY_MS * 2 ** Math.min(attempt, 10));
  return Math.round(base * (1 - 0.2 * random()));
}

/** An account's data (base64-decoded) and lamports; `null` stands for a closed account. */
export interface AccountSnapshot {
  readonly data: Uint8Array;
  readonly lamports: bigint;
}

/** Resolves after `ms`, or at once when `signal` aborts. */
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

function decodeBase64(text: string): Uint8Array {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** A notification's value as a snapshot; null for a closed account or a payload of another shape. */
export function accountSnapshotOf(value: unknown): AccountSnapshot | null {
  if (typeof value !== 'object' || value === null) return null;
  const { data, lamports } = value as { data?: unknown; lamports?: unknown };
  if (typeof lamports !== 'bigint' && typeof lamports !== 'number') return null;
  const encoded: unknown = Array.isArray(data) ? (data as unknown[])[0] : null;
  if (typeof encoded !== 'string') return null;
  const bytes = decodeBase64(encoded);
  if (bytes.length === 0 && BigInt(lamports) === 0n) return null;
  return { data: bytes, lamports: BigInt(lamports) };
}

/** What {@link watchAccount} calls, and where it subscribes. */
export interface WatchAccountOptions {
  /** Stops watching when aborted. */
  readonly signal: AbortSignal;
  /** Each change of the account (null once it is closed). An error thrown here is logged, not fatal. */
  readonly onChange: (snapshot: AccountSnapshot | null) => void;
  /** A dropped subscription is back: re-read the account, changes made meanwhile sent no notification. */
  readonly onResubscribe?: () => void;
  /** The PubSub client (default: the app's, {@link getRpcSubscriptions}). */
  readonly subscriptions?: () => RpcSubscriptions<SolanaRpcSubscriptionsApi>;
}

/** Watches `address` until `options.signal` aborts, resubscribing with backoff whenever it drops. */
export function watchAccount(address: Address, options: WatchAccountOptions): void {
  const { signal, onChange, onResubscribe, subscriptions = getRpcSubscriptions } = options;
  // A function, not the property: TypeScript would narrow it to `false` across the awaits below.
  const stopped = () => signal.aborted;
  void (async () => {
    let attempt = 0;
    let dropped = false;
    while (!stopped()) {
      try {
        const notifications = await subscriptions()
          .accountNotifications(address, { commitment: RPC_COMMITMENT, encoding: 'base64' })
          .subscribe({ abortSignal: signal });
        attempt = 0;
        if (dropped) onResubscribe?.();
        for await (const notification of notifications) {
          const snapshot = accountSnapshotOf((notification as { value?: unknown }).value);
          try {
            onChange(snapshot);
          } catch (error) {
            console.warn(`An update of account ${address} could not be read`, error);
          }
        }
      } catch (error) {
        if (stopped()) return;
        console.warn(`Account subscription of ${address} dropped; resubscribing`, error);
      }
      if (stopped()) return;
      dropped = true;
      await sleep(resubscribeDelayMs(attempt), signal);
      attempt += 1;
    }
  })();
}

type ChangeListener = (snapshot: AccountSnapshot | null) => void;

/** One account watched for any number of listeners. */
export class AccountWatcher {
  readonly address: Address;
  #abort: AbortController | null = null;
  readonly #changes = new Set<ChangeListener>();
  readonly #resubscribes = new Set<() => void>();

  constructor(address: Address) {
    this.address = address;
  }

  /** Every change of the account, decoded; returns the unsubscribe function. */
  onChange(listener: ChangeListener): () => void {
    this.#changes.add(listener);
    return () => this.#changes.delete(listener);
  }

  /** After a dropped subscription came back: re-read the account, a change may have been missed. */
  onResubscribe(listener: () => void): () => void {
    this.#resubscribes.add(listener);
    return () => this.#resubscribes.delete(listener);
  }

  /** Starts watching (once; later calls do nothing until {@link close}). */
  open(): void {
    if (this.#abort !== null) return;
    const abort = new AbortController();
    this.#abort = abort;
    watchAccount(this.address, {
      signal: abort.signal,
      onChange: (snapshot) => {
        for (const listener of [...this.#changes]) listener(snapshot);
      },
      onResubscribe: () => {
        for (const listener of [...this.#resubscribes]) listener();
      },
    });
  }

  /** Stops watching. */
  close(): void {
    this.#abort?.abort();
    this.#abort = null;
  }
}

/**
 * A watcher of `address` shared by every caller (one websocket subscription however many components watch
 * the same account), opened on the first acquire and closed when the last one releases it.
 */
export const acquireAccountWatcher: (address: Address) => { watcher: AccountWatcher; release: () => void } =
  sharedWatchers((address) => new AccountWatcher(address));

/**
 * Calls `onChange` with the account's snapshot on every change (null once closed), and `onResubscribe` when
 * a dropped subscription is back (re-read then: changes meanwhile sent nothing). Nothing is watched for null.
 * Components watching the same account share one subscription.
 */
export function useAccountWatch(
  account: Address | null,
  onChange: (snapshot: AccountSnapshot | null) => void,
  onResubscribe: () => void,
): void {
  // The latest callbacks, without resubscribing when they change identity.
  const handlers = useRef({ onChange, onResubscribe });
  useEffect(() => {
    handlers.current = { onChange, onResubscribe };
  });
  useEffect(() => {
    if (account === null) return;
    const { watcher, release } = acquireAccountWatcher(account);
    const offChange = watcher.onChange((snapshot) => {
      handlers.current.onChange(snapshot);
    });
    const offResubscribe = watcher.onResubscribe(() => {
      handlers.current.onResubscribe();
    });
    return () => {
      offChange();
      offResubscribe();
      release();
    };
  }, [account]);
}
