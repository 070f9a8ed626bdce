/**
 * Pyth's `PriceUpdateV2` account, as the Pyth receiver program stores it (pyth-crosschain,
 * `target_chains/solana/pyth_solana_receiver_sdk/src/price_update.rs`): an Anchor account of
 * - `write_authority: Pubkey`,
 * - `verification_level: VerificationLevel` (Borsh enum: `Partial { num_signatures: u8 }` = `[0, n]`,
 *   `Full` = `[1]`),
 * - `price_message: PriceFeedMessage` (`feed_id: [u8; 32]`, `price: i64`, `conf: u64`, `exponent: i32`,
 *   `publish_time: i64`, `prev_publish_time: i64`, `ema_price: i64`, `ema_conf: u64`),
 * - `posted_slot: u64`,
 *
 * allocated at `PriceUpdateV2::LEN` = 134 bytes. Foresight reads it (the C program through
 * {@link PRICE_UPDATE_V2_FULL_OFFSETS}); the local chain's price publisher writes it.
 *
 * @module
 */

import {
  getAddressCodec,
  getDiscriminatedUnionCodec,
  getI32Codec,
  getI64Codec,
  getStructCodec,
  getU64Codec,
  getU8Codec,
  getUnitCodec,
  type Address,
  type Codec,
  type ReadonlyUint8Array,
} from '@solana/kit';

import { getBytes32Codec } from '../anchor/byte-array-codec.ts';
import { encodeToSize, getDiscriminatedCodec } from '../anchor/discriminated-codec.ts';

/** sha256("account:PriceUpdateV2")[0..8]. */
export const PRICE_UPDATE_V2_DISCRIMINATOR: ReadonlyUint8Array = Uint8Array.from([
  34, 241, 35, 99, 157, 126, 244, 205,
]);

/** Bytes the receiver allocates for a PriceUpdateV2 (`PriceUpdateV2::LEN`, sized for `Partial`). */
export const PRICE_UPDATE_V2_ACCOUNT_SIZE = 134;

/** Borsh tag of `VerificationLevel::Full`. */
export const VERIFICATION_LEVEL_FULL_TAG = 1;

/**
 * Byte offsets of each field in a `Full`-verified PriceUpdateV2, discriminator included. Only `Full`
 * updates settle rounds, and `Full` is one byte shorter than `Partial`, so everything after the
 * verification level sits one byte earlier than in a `Partial` update. `end` is where the encoding stops.
 */
export const PRICE_UPDATE_V2_FULL_OFFSETS = Object.freeze({
  writeAuthority: 8,
  verificationLevel: 40,
  feedId: 41,
  price: 73,
  conf: 81,
  exponent: 89,
  publishTime: 93,
  prevPublishTime: 101,
  emaPrice: 109,
  emaConf: 117,
  postedSlot: 125,
  end: 133,
} as const);

/** How many Wormhole guardian signatures were checked. */
export type VerificationLevel =
  { readonly __kind: 'Partial'; readonly numSignatures: number } | { readonly __kind: 'Full' };

/** A Pyth price; the real price is `price × 10^exponent`. Times are unix seconds. */
export interface PriceFeedMessage {
  readonly feedId: ReadonlyUint8Array;
  readonly price: bigint;
  readonly conf: bigint;
  readonly exponent: number;
  readonly publishTime: bigint;
  readonly prevPublishTime: bigint;
  readonly emaPrice: bigint;
  readonly emaConf: bigint;
}

/** What the PriceFeedMessage encoder accepts. */
export interface PriceFeedMessageArgs {
  readonly feedId: ReadonlyUint8Array;
  readonly price: bigint | number;
  readonly conf: bigint | number;
  readonly exponent: number;
  readonly publishTime: bigint | number;
  readonly prevPublishTime: bigint | number;
  readonly emaPrice: bigint | number;
  readonly emaConf: bigint | number;
}

/** A decoded PriceUpdateV2. */
export interface PriceUpdateV2 {
  readonly writeAuthority: Address;
  readonly verificationLevel: VerificationLevel;
  readonly priceMessage: PriceFeedMessage;
  readonly postedSlot: bigint;
}

/** What {@link encodePriceUpdateV2} accepts. */
export interface PriceUpdateV2Args {
  readonly writeAuthority: Address;
  readonly verificationLevel: VerificationLevel;
  readonly priceMessage: PriceFeedMessageArgs;
  readonly postedSlot: bigint | number;
}

/** Borsh codec of `VerificationLevel`. */
export function getVerificationLevelCodec(): Codec<VerificationLevel, VerificationLevel> {
  return getDiscriminatedUnionCodec([
    ['Partial', getStructCodec([['numSignatures', getU8Codec()]])],
    ['Full', getUnitCodec()],
  ]);
}

/**
 * Borsh codec of `PriceFeedMessage` (84 bytes).
 *
 * @throws RangeError when encoding a feed id that is not 32 bytes.
 */
export function getPriceFeedMessageCodec(): Codec<PriceFeedMessageArgs, PriceFeedMessage> {
  return getStructCodec([
    ['feedId', getBytes32Codec()],
    ['price', getI64Codec()],
    ['conf', getU64Codec()],
    ['exponent', getI32Codec()],
    ['publishTime', getI64Codec()],
    ['prevPublishTime', getI64Codec()],
    ['emaPrice', getI64Codec()],
    ['emaConf', getU64Codec()],
  ]);
}

/** PriceUpdateV2 codec: discriminator, then the fields in order. */
export function getPriceUpdateV2Codec(): Codec<PriceUpdateV2Args, PriceUpdateV2> {
  return getDiscriminatedCodec(
    'Pyth PriceUpdateV2 account',
    PRICE_UPDATE_V2_DISCRIMINATOR,
    getStructCodec([
      ['writeAuthority', getAddressCodec()],
      ['verificationLevel', getVerificationLevelCodec()],
      ['priceMessage', getPriceFeedMessageCodec()],
      ['postedSlot', getU64Codec()],
    ]),
  );
}

/**
 * Decodes a PriceUpdateV2 account's data (a `Full` update's unused last byte is ignored).
 *
 * @throws DiscriminatorMismatchError when the data is not a PriceUpdateV2.
 */
export function decodePriceUpdateV2(data: ReadonlyUint8Array | Uint8Array): PriceUpdateV2 {
  return getPriceUpdateV2Codec().decode(data);
}

/** A PriceUpdateV2's account data, {@link PRICE_UPDATE_V2_ACCOUNT_SIZE} bytes, as the receiver writes it. */
export function encodePriceUpdateV2(update: PriceUpdateV2Args): Uint8Array {
  return encodeToSize(getPriceUpdateV2Codec(), update, PRICE_UPDATE_V2_ACCOUNT_SIZE);
}
