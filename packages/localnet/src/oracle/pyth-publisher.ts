/**
 * The local Pyth publisher: writes a SOL/USD PriceUpdateV2 account, owned by the Pyth receiver program and
 * fully verified, as Pyth's push oracle keeps one fresh on mainnet. The Foresight program reads it exactly as
 * it reads the real one; the price follows a seeded random walk with SOL-like volatility.
 *
 * It also stands in for Hermes and the receiver's `post_update`: it keeps the updates it published for a
 * while ({@link PythPublisherOptions.historySecs}, 2 hours by default) and, on request, writes the one
 * update for a planned time `t` (the first published at or after `t`: `publish_time ≥ t > prev_publish_time`,
 * the only one a Foresight tick at `t` accepts) to an account of its own ({@link PythPublisher.postUpdateAt}).
 * The node serves that over JSON-RPC as `getPythPriceUpdate` (`../rpc/methods/pyth.ts`) for the publishers
 * that {@link PythPublisher.follow} a chain. docs/localnet.md ("Pyth") explains the choices.
 *
 * @module
 */
import { createHash } from 'node:crypto';

import { getAddressDecoder, getAddressEncoder, lamports, type Address } from '@solana/kit';
import type { LiteSVM } from 'litesvm';
import { PYTH_RECEIVER_PROGRAM_ADDRESS, SOL_USD_FEED_ID } from '@arcade/sdk/foresight/program';
import {
  decodePriceUpdateV2,
  encodePriceUpdateV2,
  PRICE_UPDATE_V2_ACCOUNT_SIZE,
} from '@arcade/sdk/pyth/price-update-v2';
import type { LocalChain } from '../chain/local-chain.ts';
import { bytesEqual, SYSTEM_PROGRAM_BYTES } from '../wire/program-ids.ts';
import { RandomWalk } from './random-walk.ts';

const PYTH_RECEIVER_BYTES = Uint8Array.from(getAddressEncoder().encode(PYTH_RECEIVER_PROGRAM_ADDRESS));

/** Pyth's SOL/USD exponent: prices are integers of 10^-8 USD. */
export const PYTH_EXPONENT = -8;
const SCALE = 10 ** -PYTH_EXPONENT;

/** How long a publisher keeps its updates by default: 2 hours of publish time. */
export const DEFAULT_PYTH_HISTORY_SECS = 2 * 60 * 60;

/** Domain of {@link pythPriceUpdateAddress}'s hash. */
const POSTED_ADDRESS_DOMAIN = new TextEncoder().encode('arcade-localnet:pyth-price-update');

export interface PythPublisherOptions {
  /** Where the price account lives (the push-feed address clients are told about). */
  readonly address: Address;
  /** Recorded as the update's write authority. */
  readonly writeAuthority: Address;
  readonly feedId?: Uint8Array;
  /** Starting price in USD. */
  readonly startPrice?: number;
  readonly annualVolatility?: number;
  readonly seed?: number;
  /**
   * Seconds of publish time the publisher keeps updates (and posted accounts) for, behind its newest
   * update. Default {@link DEFAULT_PYTH_HISTORY_SECS}.
   */
  readonly historySecs?: number;
}

export interface PublishedPrice {
  /** Pyth integer price (USD × 10^8). */
  readonly price: bigint;
  readonly conf: bigint;
  readonly publishTime: bigint;
  /** The previous update's `publishTime` (this one's own when there was none before it). */
  readonly prevPublishTime: bigint;
  readonly slot: bigint;
}

/** A published update with its account data. */
export interface PublishedUpdate extends PublishedPrice {
  /** The PriceUpdateV2 account data exactly as published (134 bytes). */
  readonly data: Uint8Array;
}

/** An update written by {@link PythPublisher.postUpdateAt}. */
export interface PostedPriceUpdate {
  /** The account holding it: {@link pythPriceUpdateAddress} of the feed and `publishTime`. */
  readonly address: Address;
  readonly publishTime: bigint;
  readonly prevPublishTime: bigint;
  /** Pyth integer price (× 10^{@link PYTH_EXPONENT}). */
  readonly price: bigint;
}

/**
 * Where {@link PythPublisher.postUpdateAt} writes the update of `feedId` published at `publishTime`:
 * sha256("arcade-localnet:pyth-price-update" ‖ feed id ‖ publish_time as i64 LE), as an address. One
 * address per (feed, publish time); the update it holds never changes, since only the first update of a
 * publish second can be posted.
 */
export function pythPriceUpdateAddress(feedId: Uint8Array, publishTime: bigint): Address {
  const time = Buffer.alloc(8);
  time.writeBigInt64LE(publishTime);
  const digest = createHash('sha256').update(POSTED_ADDRESS_DOMAIN).update(feedId).update(time).digest();
  return getAddressDecoder().decode(digest);
}

/** The publishers following each chain ({@link PythPublisher.follow}), which its JSON-RPC serves. */
const followers = new WeakMap<LocalChain, Set<PythPublisher>>();

/** The publishers following `chain`, in the order they started. */
export function pythPublishersOf(chain: LocalChain): readonly PythPublisher[] {
  return [...(followers.get(chain) ?? [])];
}

export class PythPublisher {
  readonly address: Address;
  /** The feed id, 32 bytes. */
  readonly feedId: Uint8Array;
  /** See {@link PythPublisherOptions.historySecs}. */
  readonly historySecs: bigint;
  readonly #addressBytes: Uint8Array;
  readonly #writeAuthority: Address;
  readonly #walk: RandomWalk;
  #ema: number;
  #last: PublishedPrice | null = null;
  /** The publish time of the last update on the chain before this publisher's first, when resumed. */
  #resumedPublishTime: bigint | null = null;
  /**
   * The updates kept, oldest first: the first update of each publish second. A later update in the same
   * second has `prev_publish_time = publish_time`, so no planned time selects it.
   */
  readonly #history: PublishedUpdate[] = [];
  /** Accounts written by {@link postUpdateAt} (or found from an earlier run), by address: their publish time. */
  readonly #posted = new Map<Address, bigint>();
  /** Chains whose posted accounts from an earlier run have been looked for. */
  readonly #adopted = new WeakSet<LocalChain>();

  constructor(options: PythPublisherOptions) {
    this.address = options.address;
    this.#addressBytes = Uint8Array.from(getAddressEncoder().encode(options.address));
    this.#writeAuthority = options.writeAuthority;
    this.feedId = Uint8Array.from(options.feedId ?? SOL_USD_FEED_ID);
    const historySecs = options.historySecs ?? DEFAULT_PYTH_HISTORY_SECS;
    if (!Number.isSafeInteger(historySecs) || historySecs < 0) {
      throw new RangeError(`historySecs must be a whole number of seconds, got ${historySecs}`);
    }
    this.historySecs = BigInt(historySecs);
    this.#walk = new RandomWalk({
      start: options.startPrice ?? 150,
      annualVolatility: options.annualVolatility ?? 0.65,
      seed: options.seed ?? 1,
    });
    this.#ema = this.#walk.price;
  }

  get last(): PublishedPrice | null {
    return this.#last;
  }

  /** The feed id in lowercase hex (64 digits, no `0x`), as Hermes names feeds. */
  get feedIdHex(): string {
    return Buffer.from(this.feedId).toString('hex');
  }

  /**
   * The updates kept, oldest first: the first update of each publish second, over the last
   * {@link historySecs} seconds of publish time. (Only those can be the one for a planned time.)
   */
  history(): readonly PublishedUpdate[] {
    return [...this.#history];
  }

  /**
   * The one update for planned time `t` (unix seconds): the first published at or after `t`, so
   * `publishTime ≥ t > prevPublishTime`. `null` when there is none yet (`t` is after the newest update)
   * or the publisher no longer has it (older than its history, or published before this process started).
   */
  updateAt(t: bigint): PublishedUpdate | null {
    const history = this.#history;
    let low = 0;
    let high = history.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (history[middle]!.publishTime < t) low = middle + 1;
      else high = middle;
    }
    const update = history[low];
    // The first kept update may not be the first at or after t: its predecessor is gone.
    return update !== undefined && update.prevPublishTime < t ? update : null;
  }

  /**
   * Writes the one update for planned time `t` ({@link updateAt}) to its own account on `chain`, as the
   * crank posts Hermes' update through the Pyth receiver on mainnet: at {@link pythPriceUpdateAddress},
   * owned by the receiver, rent exempt, with exactly the bytes published (fully verified). Accounts posted
   * for updates that leave the history are closed. Writing the same update again changes nothing.
   *
   * @returns where it is and what it says, or `null` as {@link updateAt}.
   */
  postUpdateAt(chain: LocalChain, t: bigint): PostedPriceUpdate | null {
    this.#adopt(chain);
    this.#closeStalePosted(chain);
    const update = this.updateAt(t);
    if (update === null) return null;
    const address = pythPriceUpdateAddress(this.feedId, update.publishTime);
    chain.writeAccount(Uint8Array.from(getAddressEncoder().encode(address)), {
      lamports: chain.minimumBalanceForRentExemption(BigInt(update.data.length)),
      data: update.data,
      owner: PYTH_RECEIVER_BYTES,
    });
    this.#posted.set(address, update.publishTime);
    return {
      address,
      publishTime: update.publishTime,
      prevPublishTime: update.prevPublishTime,
      price: update.price,
    };
  }

  /** The next update for `unixSeconds` at `slot`: the walk advances by the time since the last one. */
  #next(unixSeconds: bigint, slot: bigint): PublishedUpdate {
    const previous = this.#last?.publishTime ?? this.#resumedPublishTime;
    // Publish times never go backwards, even if the wall clock does.
    const publishTime = previous !== null && unixSeconds < previous ? previous : unixSeconds;
    const elapsed = this.#last === null ? 0 : Number(publishTime - this.#last.publishTime);
    const usd = this.#walk.step(Math.max(0, elapsed));
    // Pyth's EMA is time-weighted over about an hour; a per-update blend is close enough for display.
    this.#ema += (usd - this.#ema) * Math.min(1, Math.max(elapsed, 1) / 3600);
    const price = BigInt(Math.round(usd * SCALE));
    const conf = BigInt(Math.max(1, Math.round(usd * SCALE * 0.0005))); // ±0.05%, a liquid market's spread
    const prevPublishTime = previous ?? publishTime;
    const data = encodePriceUpdateV2({
      writeAuthority: this.#writeAuthority,
      verificationLevel: { __kind: 'Full' },
      priceMessage: {
        feedId: this.feedId,
        price,
        conf,
        exponent: PYTH_EXPONENT,
        publishTime,
        prevPublishTime,
        emaPrice: BigInt(Math.round(this.#ema * SCALE)),
        emaConf: conf,
      },
      postedSlot: slot,
    });
    const published: PublishedUpdate = { price, conf, publishTime, prevPublishTime, slot, data };
    this.#last = { price, conf, publishTime, prevPublishTime, slot };
    this.#remember(published);
    return published;
  }

  /** Keeps `update` when it is the first of its second, and forgets what left the window. */
  #remember(update: PublishedUpdate): void {
    if (update.prevPublishTime < update.publishTime) this.#history.push(update);
    const cutoff = update.publishTime - this.historySecs;
    let stale = 0;
    while (stale < this.#history.length && this.#history[stale]!.publishTime < cutoff) stale++;
    if (stale > 0) this.#history.splice(0, stale);
  }

  /**
   * Publishes the price for the cluster time `unixSeconds` at `slot`: the walk advances by the time since the
   * last update, and the account is rewritten in place.
   */
  publish(svm: LiteSVM, unixSeconds: bigint, slot: bigint): PublishedUpdate {
    const published = this.#next(unixSeconds, slot);
    const { data } = published;
    svm.setAccount({
      address: this.address,
      data,
      executable: false,
      lamports: lamports(svm.minimumBalanceForRentExemption(BigInt(PRICE_UPDATE_V2_ACCOUNT_SIZE))),
      programAddress: PYTH_RECEIVER_PROGRAM_ADDRESS,
      space: BigInt(data.length),
    });
    return published;
  }

  /**
   * Publishes at the chain's current slot and block time through {@link LocalChain.writeAccount}, so
   * PubSub subscribers of the price account are notified. The first update on a chain whose price account
   * already holds this feed (a restarted node) continues from it: its `prevPublishTime` is that update's.
   */
  publishOn(chain: LocalChain): PublishedUpdate {
    if (this.#last === null) this.#resume(chain);
    this.#adopt(chain);
    const published = this.#next(BigInt(chain.blockTime), chain.slot);
    chain.writeAccount(this.#addressBytes, {
      lamports: chain.minimumBalanceForRentExemption(BigInt(PRICE_UPDATE_V2_ACCOUNT_SIZE)),
      data: published.data,
      owner: PYTH_RECEIVER_BYTES,
    });
    this.#closeStalePosted(chain);
    return published;
  }

  /**
   * Publishes on `chain` now and at every new slot, as Pyth's push oracle keeps a feed fresh, and offers
   * its updates to the chain's JSON-RPC (`getPythPriceUpdate`) until stopped.
   *
   * @returns a function that stops publishing.
   */
  follow(chain: LocalChain): () => void {
    this.publishOn(chain);
    const stopObserving = chain.observe({
      onSlot: () => {
        this.publishOn(chain);
      },
    });
    let publishers = followers.get(chain);
    if (!publishers) followers.set(chain, (publishers = new Set()));
    publishers.add(this);
    return () => {
      stopObserving();
      followers.get(chain)?.delete(this);
    };
  }

  /** Continues the feed the chain's price account holds (written by an earlier run), if it is this one. */
  #resume(chain: LocalChain): void {
    const account = chain.getAccount(this.#addressBytes);
    if (account === null || !bytesEqual(account.owner, PYTH_RECEIVER_BYTES)) return;
    try {
      const { priceMessage } = decodePriceUpdateV2(account.data);
      if (bytesEqual(Uint8Array.from(priceMessage.feedId), this.feedId)) {
        this.#resumedPublishTime = priceMessage.publishTime;
      }
    } catch {
      // Not a PriceUpdateV2: nothing to continue.
    }
  }

  /**
   * Finds, once per chain, the accounts an earlier run posted for this feed (the chain outlives the
   * publisher's memory), so they are closed when they leave the window as this run's are.
   */
  #adopt(chain: LocalChain): void {
    if (this.#adopted.has(chain)) return;
    this.#adopted.add(chain);
    for (const { address, account } of chain.programAccounts(PYTH_RECEIVER_BYTES)) {
      let publishTime: bigint;
      try {
        const { priceMessage } = decodePriceUpdateV2(account.data);
        if (!bytesEqual(Uint8Array.from(priceMessage.feedId), this.feedId)) continue;
        publishTime = priceMessage.publishTime;
      } catch {
        continue;
      }
      const posted = pythPriceUpdateAddress(this.feedId, publishTime);
      if (bytesEqual(address, Uint8Array.from(getAddressEncoder().encode(posted)))) {
        this.#posted.set(posted, publishTime);
      }
    }
  }

  /** Closes the posted accounts whose update is older than the history window. */
  #closeStalePosted(chain: LocalChain): void {
    if (this.#posted.size === 0 || this.#last === null) return;
    const cutoff = this.#last.publishTime - this.historySecs;
    for (const [address, publishTime] of this.#posted) {
      if (publishTime >= cutoff) continue;
      chain.writeAccount(Uint8Array.from(getAddressEncoder().encode(address)), {
        lamports: 0n,
        data: new Uint8Array(0),
        owner: SYSTEM_PROGRAM_BYTES,
      });
      this.#posted.delete(address);
    }
  }
}
