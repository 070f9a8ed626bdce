/**
 * The local Pyth publisher: writes a SOL/USD PriceUpdateV2 account, owned by the Pyth receiver program and
 * fully verified, as Pyth's push oracle keeps one fresh on mainnet. The Foresight program reads it exactly as
 * it reads the real one; the price follows a seeded random walk with SOL-like volatility.
 */
import { getAddressEncoder, lamports, type Address } from '@solana/kit';
import type { LiteSVM } from 'litesvm';
import { PYTH_RECEIVER_PROGRAM_ADDRESS, SOL_USD_FEED_ID } from '@arcade/sdk/foresight/program';
import { encodePriceUpdateV2, PRICE_UPDATE_V2_ACCOUNT_SIZE } from '@arcade/sdk/pyth/price-update-v2';
import type { LocalChain } from '../chain/local-chain.ts';
import { RandomWalk } from './random-walk.ts';

const PYTH_RECEIVER_BYTES = Uint8Array.from(getAddressEncoder().encode(PYTH_RECEIVER_PROGRAM_ADDRESS));

/** Pyth's SOL/USD exponent: prices are integers of 10^-8 USD. */
export const PYTH_EXPONENT = -8;
const SCALE = 10 ** -PYTH_EXPONENT;

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
}

export interface PublishedPrice {
  /** Pyth integer price (USD × 10^8). */
  readonly price: bigint;
  readonly conf: bigint;
  readonly publishTime: bigint;
  readonly slot: bigint;
}

export class PythPublisher {
  readonly address: Address;
  readonly #writeAuthority: Address;
  readonly #feedId: Uint8Array;
  readonly #walk: RandomWalk;
  #ema: number;
  #last: PublishedPrice | null = null;

  constructor(options: PythPublisherOptions) {
    this.address = options.address;
    this.#writeAuthority = options.writeAuthority;
    this.#feedId = Uint8Array.from(options.feedId ?? SOL_USD_FEED_ID);
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

  /** The next update for `unixSeconds` at `slot`: the walk advances by the time since the last one. */
  #next(unixSeconds: bigint, slot: bigint): { published: PublishedPrice; data: Uint8Array } {
    const elapsed = this.#last === null ? 0 : Number(unixSeconds - this.#last.publishTime);
    const usd = this.#walk.step(Math.max(0, elapsed));
    // Pyth's EMA is time-weighted over about an hour; a per-update blend is close enough for display.
    this.#ema += (usd - this.#ema) * Math.min(1, Math.max(elapsed, 1) / 3600);
    const price = BigInt(Math.round(usd * SCALE));
    const conf = BigInt(Math.max(1, Math.round(usd * SCALE * 0.0005))); // ±0.05%, a liquid market's spread
    const published: PublishedPrice = { price, conf, publishTime: unixSeconds, slot };
    const data = encodePriceUpdateV2({
      writeAuthority: this.#writeAuthority,
      verificationLevel: { __kind: 'Full' },
      priceMessage: {
        feedId: this.#feedId,
        price,
        conf,
        exponent: PYTH_EXPONENT,
        publishTime: unixSeconds,
        prevPublishTime: this.#last?.publishTime ?? unixSeconds,
        emaPrice: BigInt(Math.round(this.#ema * SCALE)),
        emaConf: conf,
      },
      postedSlot: slot,
    });
    this.#last = published;
    return { published, data };
  }

  /**
   * Publishes the price for the cluster time `unixSeconds` at `slot`: the walk advances by the time since the
   * last update, and the account is rewritten in place.
   */
  publish(svm: LiteSVM, unixSeconds: bigint, slot: bigint): PublishedPrice {
    const { published, data } = this.#next(unixSeconds, slot);
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
   * PubSub subscribers of the price account are notified.
   */
  publishOn(chain: LocalChain): PublishedPrice {
    const { published, data } = this.#next(BigInt(chain.blockTime), chain.slot);
    chain.writeAccount(Uint8Array.from(getAddressEncoder().encode(this.address)), {
      lamports: chain.minimumBalanceForRentExemption(BigInt(PRICE_UPDATE_V2_ACCOUNT_SIZE)),
      data,
      owner: PYTH_RECEIVER_BYTES,
    });
    return published;
  }

  /**
   * Publishes on `chain` now and at every new slot, as Pyth's push oracle keeps a feed fresh.
   *
   * @returns a function that stops publishing.
   */
  follow(chain: LocalChain): () => void {
    this.publishOn(chain);
    return chain.observe({
      onSlot: () => {
        this.publishOn(chain);
      },
    });
  }
}
