/**
 * The price-update port: "the one Pyth update for time t, as an account a transaction can read". A
 * Foresight tick at planned time t accepts exactly one update, the first published at or after t
 * (`publish_time ≥ t > prev_publish_time`, docs/trust.md "One price"); this port finds it by its time and
 * writes it to an account owned by the Pyth receiver program, fully verified, which the tick then reads.
 *
 * - Mainnet (`adapters/price-updates/hermes-price-updates.ts`): Hermes' `GET /v2/updates/price/{t}` (the
 *   first update at or after t), posted through the Pyth receiver into a fresh price-update account in
 *   transactions of its own; the consuming transaction closes it again ({@link PostedPriceUpdate}).
 * - Local (`adapters/price-updates/local-price-updates.ts`): the local chain's `getPythPriceUpdate`, which
 *   writes the update from the Pyth publisher's history to its own account.
 *
 * Both wait and retry while the update for t is not published yet: a tick is due at t, and the update
 * appears within a second or two of it.
 *
 * @module
 */

import type { Address, Instruction, ReadonlyUint8Array, TransactionSigner } from '@solana/kit';

/** The update for a planned time, readable on chain. */
export interface PostedPriceUpdate {
  /** The PriceUpdateV2 account holding it: pass it as the consumer's price account. */
  readonly address: Address;
  /** The planned time it was asked for, unix seconds. */
  readonly t: number;
  /** Unix seconds; `publishTime ≥ t`. */
  readonly publishTime: number;
  /** Unix seconds; `prevPublishTime < t`. */
  readonly prevPublishTime: number;
  /** Pyth's integer price (the feed's exponent: −8 for SOL/USD). */
  readonly price: bigint;
  /**
   * Instructions that close what the port opened to post it (rent back to the payer, who signs them):
   * append them to the consuming transaction. Empty on the local chain, where nothing needs closing.
   */
  readonly closeInstructions: readonly Instruction[];
}

/** What {@link PriceUpdatesPort.postUpdateAt} takes. */
export interface PriceUpdateRequest {
  /** The Pyth feed id, 32 bytes (SOL/USD: `ef0d8b6f…b56d`). */
  readonly feedId: ReadonlyUint8Array;
  /** The planned time, unix seconds. */
  readonly t: number;
  /** Pays for posting the update (mainnet) and signs its close instructions. */
  readonly payer: TransactionSigner;
  /** How long to keep asking while the update is not published yet; default {@link DEFAULT_UPDATE_WAIT_MS}. */
  readonly waitMs?: number;
  readonly signal?: AbortSignal;
}

/** How long {@link PriceUpdatesPort.postUpdateAt} waits for an update not published yet, by default. */
export const DEFAULT_UPDATE_WAIT_MS = 10_000;

/** Why a price update could not be had, when waiting would not help. */
export type PriceUpdateErrorCode =
  /** The source refused the credentials (Hermes: `HERMES_API_KEY`). */
  | 'unauthorized'
  /** The source answered an update that is not the one for t (another feed, or not the first at or after t). */
  | 'mismatch'
  /** Posting the update on chain failed. */
  | 'post-failed';

/** A failure of the price-update source that retrying the same request will not cure. */
export class PriceUpdateError extends Error {
  override readonly name = 'PriceUpdateError';
  readonly code: PriceUpdateErrorCode;

  constructor(code: PriceUpdateErrorCode, message: string, options?: ErrorOptions) {
    super(message, options);
    this.code = code;
  }
}

/** Price updates at a time. */
export interface PriceUpdatesPort {
  /**
   * The one update of `feedId` for `t` (the first published at or after t), written to an account.
   * Retries while the source does not have it yet, for up to `waitMs`.
   *
   * @returns null when it is still not there after `waitMs` (not published yet, the source is rate
   * limiting or unreachable, or it no longer keeps an update that old).
   * @throws PriceUpdateError when the source refuses the credentials, answers another update, or posting
   * it fails.
   */
  postUpdateAt(request: PriceUpdateRequest): Promise<PostedPriceUpdate | null>;
  /**
   * Closes a posted update whose consuming transaction did not land (rent back to `payer`). Nothing to do on
   * the local chain. Best effort: an account already closed is not an error.
   */
  close(update: PostedPriceUpdate, payer: TransactionSigner): Promise<void>;
}

/**
 * Whether `update` is the one for `t`: published at or after t, and its predecessor before t.
 *
 * @example isUpdateFor({ publishTime: 100, prevPublishTime: 99 }, 100) === true
 */
export function isUpdateFor(
  update: { readonly publishTime: number; readonly prevPublishTime: number },
  t: number,
): boolean {
  return update.publishTime >= t && update.prevPublishTime < t;
}

/** `feedId` as 64 lower-case hex digits, without `0x`. */
export function feedIdHex(feedId: ReadonlyUint8Array): string {
  return Buffer.from(feedId).toString('hex');
}

/** Resolves after `ms`, or at once when `signal` aborts. */
export function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted === true) {
      resolve();
      return;
    }
    const timer = setTimeout(done, ms);
    function done(): void {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}
