/**
 * Addresses of the Foresight program and of the Pyth feed it settles on.
 *
 * @module
 */

import {
  address,
  getAddressDecoder,
  getAddressEncoder,
  getBase16Codec,
  type Address,
  type ReadonlyUint8Array,
} from '@solana/kit';

import { FORESIGHT_PROGRAM_ADDRESS as GENERATED_PROGRAM_ADDRESS } from '../generated/foresight/programs/index.ts';

/** The Foresight program, as deployed by default (the IDL's `address`). */
export const FORESIGHT_PROGRAM_ADDRESS: Address = GENERATED_PROGRAM_ADDRESS;

/** Pyth's receiver program: the owner of every PriceUpdateV2 account Foresight accepts. */
export const PYTH_RECEIVER_PROGRAM_ADDRESS: Address = address('rec5EKMGg6MxZYaMdyBfgwp4d5rB9T1VQH5pJv5LtFJ');

// The system program, shared by every program's builders; named here too for Foresight's callers.
export { SYSTEM_PROGRAM_ADDRESS } from '../anchor/instructions.ts';

/**
 * Pyth's SOL/USD price feed id, in hex without `0x`. The same on every chain Pyth serves; source: Pyth's
 * receiver SDK (`pyth_solana_receiver_sdk/src/price_update.rs`, its `get_feed_id_from_hex` test).
 */
export const SOL_USD_FEED_ID_HEX = 'ef0d8b6fda2ceba41da15d4095d1da392a0d2f8ed0c6c7bc0f4cfac8c280b56d';

/**
 * A Pyth feed id from hex, with or without `0x`.
 *
 * @throws RangeError unless it is 32 bytes of hex.
 * @example feedIdFromHex(SOL_USD_FEED_ID_HEX)[0] === 0xef
 */
export function feedIdFromHex(hex: string): Uint8Array {
  const digits = hex.startsWith('0x') ? hex.slice(2) : hex;
  if (!/^[0-9a-fA-F]{64}$/.test(digits)) {
    throw new RangeError(`A feed id is 32 bytes of hex, got "${hex}"`);
  }
  return Uint8Array.from(getBase16Codec().encode(digits.toLowerCase()));
}

/** A feed id as lower-case hex without `0x` (Hermes' form). */
export function feedIdToHex(feedId: ReadonlyUint8Array): string {
  assertFeedId(feedId);
  return getBase16Codec().decode(feedId);
}

/**
 * A feed id as the `pubkey` the IDL stores it in (`Config.pyth_feed`). It is not an account: the same 32
 * bytes read as base58.
 */
export function feedIdToAddress(feedId: ReadonlyUint8Array): Address {
  assertFeedId(feedId);
  return getAddressDecoder().decode(feedId);
}

/** The feed id stored in `Config.pyth_feed`. */
export function feedIdFromAddress(pythFeed: Address): Uint8Array {
  return Uint8Array.from(getAddressEncoder().encode(pythFeed));
}

/** Pyth's SOL/USD feed id as bytes. */
export const SOL_USD_FEED_ID: ReadonlyUint8Array = feedIdFromHex(SOL_USD_FEED_ID_HEX);

function assertFeedId(feedId: ReadonlyUint8Array): void {
  if (feedId.length !== 32) throw new RangeError(`A feed id is 32 bytes, got ${feedId.length}`);
}
