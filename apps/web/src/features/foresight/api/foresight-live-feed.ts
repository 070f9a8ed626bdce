/**
 * Foresight's chain subscriptions (event updates stream in through account-change
 * subscriptions; the price streams from the oracle account at `confirmed`): the price account, the config
 * and the rounds the page watches (the live and locked ones). A plain class with `open`, `close` and
 * `onX`; React only subscribes to it. Each account is resubscribed with backoff when its subscription
 * ends or fails, and `onResubscribed` tells the page to re-read what it may have missed.
 *
 * @module
 */

import { decodeConfig, type ConfigAccount } from '@arcade/sdk/foresight/accounts';
import type { UpDownEvent } from '@arcade/sdk/foresight/views';
import type { Address, RpcSubscriptions, SolanaRpcSubscriptionsApi } from '@solana/kit';

import { watchAccount } from '../../../lib/wallet/watch-account.ts';
import { decodeRound } from './get-board.ts';
import { decodeOraclePrice, type OraclePrice } from './get-price.ts';

type Listener<T extends unknown[]> = (...args: T) => void;

/** Live updates of one asset's Foresight accounts. */
export class ForesightLiveFeed {
  readonly #subscriptions: () => RpcSubscriptions<SolanaRpcSubscriptionsApi>;
  readonly #priceAccount: Address;
  readonly #configAddress: Address;
  #abort: AbortController | null = null;
  readonly #rounds = new Map<Address, AbortController>();
  readonly #price = new Set<Listener<[OraclePrice]>>();
  readonly #config = new Set<Listener<[ConfigAccount]>>();
  readonly #round = new Set<Listener<[UpDownEvent]>>();
  readonly #resubscribed = new Set<Listener<[]>>();

  constructor(options: {
    readonly priceAccount: Address;
    readonly configAddress: Address;
    readonly subscriptions: () => RpcSubscriptions<SolanaRpcSubscriptionsApi>;
  }) {
    this.#priceAccount = options.priceAccount;
    this.#configAddress = options.configAddress;
    this.#subscriptions = options.subscriptions;
  }

  /** Each new oracle price. */
  onPrice(listener: Listener<[OraclePrice]>): () => void {
    return this.#add(this.#price, listener);
  }

  /** Each change of the config (a tick moves its live and locked ids). */
  onConfig(listener: Listener<[ConfigAccount]>): () => void {
    return this.#add(this.#config, listener);
  }

  /** Each change of a watched round (a bet, the lock, the settlement). */
  onRound(listener: Listener<[UpDownEvent]>): () => void {
    return this.#add(this.#round, listener);
  }

  /** A subscription came back after dropping: changes made meanwhile sent no notification. */
  onResubscribed(listener: Listener<[]>): () => void {
    return this.#add(this.#resubscribed, listener);
  }

  /** Starts the price and config subscriptions (again after {@link close}). */
  open(): void {
    if (this.#abort !== null) return;
    const abort = new AbortController();
    this.#abort = abort;
    this.#watch(this.#priceAccount, abort.signal, (data) => {
      const price = decodeOraclePrice(data);
      for (const listener of this.#price) listener(price);
    });
    this.#watch(this.#configAddress, abort.signal, (data) => {
      const config = decodeConfig(data);
      for (const listener of this.#config) listener(config);
    });
    for (const address of this.#rounds.keys()) this.#startRound(address);
  }

  /** Watches exactly these rounds from now on (subscribing to new ones, dropping the others). */
  watchRounds(addresses: readonly Address[]): void {
    const wanted = new Set(addresses);
    for (const [address, abort] of this.#rounds) {
      if (!wanted.has(address)) {
        abort.abort();
        this.#rounds.delete(address);
      }
    }
    for (const address of wanted) {
      if (this.#rounds.has(address)) continue;
      this.#rounds.set(address, new AbortController());
      if (this.#abort !== null) this.#startRound(address);
    }
  }

  /** Ends every subscription; listeners stay registered. */
  close(): void {
    this.#abort?.abort();
    this.#abort = null;
    for (const [address, abort] of this.#rounds) {
      abort.abort();
      this.#rounds.set(address, new AbortController());
    }
  }

  #startRound(address: Address): void {
    const own = this.#rounds.get(address);
    if (own === undefined || this.#abort === null) return;
    const signal = AbortSignal.any([own.signal, this.#abort.signal]);
    this.#watch(address, signal, (data) => {
      const round = decodeRound(address, data);
      if (round === null) return;
      for (const listener of this.#round) listener(round);
    });
  }

  #add<T extends unknown[]>(set: Set<Listener<T>>, listener: Listener<T>): () => void {
    set.add(listener);
    return () => {
      set.delete(listener);
    };
  }

  /** Keeps a subscription to `address` open until `signal` aborts, handing each update's data over. */
  #watch(address: Address, signal: AbortSignal, handle: (data: Uint8Array) => void): void {
    watchAccount(address, {
      signal,
      subscriptions: this.#subscriptions,
      onChange: (snapshot) => {
        if (snapshot !== null) handle(snapshot.data);
      },
      onResubscribe: () => {
        for (const listener of this.#resubscribed) listener();
      },
    });
  }
}
