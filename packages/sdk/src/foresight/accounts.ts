/**
 * Foresight's stored records (Config, Event, Bet) and its Prediction enum: the codecs Codama generates from
 * the IDL (`src/generated/foresight`), in the IDL's field order behind Anchor's 8-byte account
 * discriminators, with what the IDL does not say: account sizes, records of the program's first version,
 * refusing another account's data, and the enum codec's RangeErrors.
 *
 * Types follow the house rule: u64 and i64 are `bigint`, u32 is `number`, pubkeys are `Address`, and a Borsh
 * `Option<T>` is `T | null`. Encoders accept `number | bigint` for 64-bit fields.
 *
 * Sizes: an account is allocated at its largest encoding ({@link CONFIG_ACCOUNT_SIZE} etc.) and written from
 * byte 0. An Event's price options are one byte when None, so its encoding can be shorter than its account;
 * the decoders ignore the zero tail and the encoders here pad to the account size.
 *
 * Older records: the Config grew `pending_authority` after the program's first version. A config written by
 * that version is shorter ({@link LEGACY_CONFIG_ACCOUNT_SIZE}); the decoder reads it as if its tail were zeros
 * (no pending authority), exactly as the program loads it.
 *
 * @module
 */

import type { Codec, ReadonlyUint8Array } from '@solana/kit';

import { encodeToSize, withZeroTail } from '../anchor/discriminated-codec.ts';
import { getUnitEnumCodec } from '../anchor/enum-codec.ts';
import {
  acceptingVariantNames,
  getGeneratedDataCodec,
  type FromGenerated,
} from '../anchor/generated-codec.ts';
import * as generated from '../generated/foresight/accounts/index.ts';
import { Prediction } from '../generated/foresight/types/index.ts';

// ---------------------------------------------------------------------------------------------------------
// Prediction
// ---------------------------------------------------------------------------------------------------------

/**
 * The IDL's `Prediction` enum, generated: a frozen object of its variants' values (the Borsh variant index)
 * and the type of those values.
 */
export { Prediction };
/** What a {@link Prediction} encoder accepts: the value or the variant name. */
export type PredictionArgs = Prediction | keyof typeof Prediction;

/**
 * Borsh codec of {@link Prediction}: one byte, the variant index.
 *
 * @throws RangeError when encoding or decoding a byte that is no variant.
 */
export function getPredictionCodec(): Codec<PredictionArgs, Prediction> {
  return getUnitEnumCodec('Prediction', Prediction);
}

// ---------------------------------------------------------------------------------------------------------
// Discriminators and sizes
// ---------------------------------------------------------------------------------------------------------

/** sha256("account:<Name>")[0..8] of each record, from the generated client. */
export {
  BET_DISCRIMINATOR,
  CONFIG_DISCRIMINATOR,
  EVENT_DISCRIMINATOR,
} from '../generated/foresight/accounts/index.ts';

/** Bytes allocated for a Config: 8 + 32 + 3 × 4 + 1 + 3 × 32 + (1 + 32) (`pending_authority` Some). */
export const CONFIG_ACCOUNT_SIZE = 182;
/** A Config written by the program's first version, without `pending_authority` (decoded with a zero tail). */
export const LEGACY_CONFIG_ACCOUNT_SIZE = 149;
/** Bytes allocated for an Event: 8 + 4 + 3 × 8 + 2 × 4 + 2 × 8 + 1 + 1 + 2 × 9 + 4 + 32 (both prices Some). */
export const EVENT_ACCOUNT_SIZE = 116;
/** Bytes allocated for a Bet: 8 + 32 + 8 + 1 + 1 + 32. */
export const BET_ACCOUNT_SIZE = 82;

/** Offset of `Bet.user`, for `getProgramAccounts` memcmp filters (every Bet field before it is fixed-size). */
export const BET_USER_OFFSET = 50;
/** Offset of `Bet.event`, for `getProgramAccounts` memcmp filters. */
export const BET_EVENT_OFFSET = 8;

// ---------------------------------------------------------------------------------------------------------
// Config
// ---------------------------------------------------------------------------------------------------------

/** A decoded Config: one per Pyth feed. */
export type ConfigAccount = FromGenerated<generated.Config>;

/** What {@link getConfigCodec} encodes (the same as the decoded shape). */
export type ConfigAccountArgs = ConfigAccount;

/**
 * Config codec: discriminator, then the IDL's fields in order. Decodes a {@link LEGACY_CONFIG_ACCOUNT_SIZE}
 * record with no pending authority.
 */
export function getConfigCodec(): Codec<ConfigAccountArgs, ConfigAccount> {
  return withZeroTail(
    getGeneratedDataCodec(
      'Foresight Config account',
      generated.CONFIG_DISCRIMINATOR,
      generated.getConfigCodec(),
    ),
    CONFIG_ACCOUNT_SIZE,
  );
}

/**
 * Decodes a Config account's data, a record of the first version (shorter) included.
 *
 * @throws DiscriminatorMismatchError when the data is not a Config's.
 */
export function decodeConfig(data: ReadonlyUint8Array | Uint8Array): ConfigAccount {
  return getConfigCodec().decode(data);
}

/** A Config's account data, {@link CONFIG_ACCOUNT_SIZE} bytes (zero-padded after a None pending authority). */
export function encodeConfig(config: ConfigAccountArgs): Uint8Array {
  return encodeToSize(getConfigCodec(), config, CONFIG_ACCOUNT_SIZE);
}

// ---------------------------------------------------------------------------------------------------------
// Event (a round)
// ---------------------------------------------------------------------------------------------------------

/** A decoded Event: one round. Times are unix seconds; pools are lamports; prices are Pyth integers. */
export type EventAccount = FromGenerated<generated.Event>;

/** What {@link getEventCodec} encodes. */
export type EventAccountArgs = Readonly<Omit<generated.EventArgs, 'result'>> & {
  readonly result: PredictionArgs;
};

/** Event codec: discriminator, then the IDL's fields in order (Borsh options: a 1-byte tag, payload if Some). */
export function getEventCodec(): Codec<EventAccountArgs, EventAccount> {
  return acceptingVariantNames(
    getGeneratedDataCodec(
      'Foresight Event account',
      generated.EVENT_DISCRIMINATOR,
      generated.getEventCodec(),
    ),
  );
}

/**
 * Decodes an Event account's data. Trailing bytes (the zero tail of a short encoding) are ignored.
 *
 * @throws DiscriminatorMismatchError when the data is not an Event's.
 */
export function decodeEvent(data: ReadonlyUint8Array | Uint8Array): EventAccount {
  return getEventCodec().decode(data);
}

/** An Event's account data, {@link EVENT_ACCOUNT_SIZE} bytes (zero-padded after a None price). */
export function encodeEvent(event: EventAccountArgs): Uint8Array {
  return encodeToSize(getEventCodec(), event, EVENT_ACCOUNT_SIZE);
}

// ---------------------------------------------------------------------------------------------------------
// Bet
// ---------------------------------------------------------------------------------------------------------

/** A decoded Bet: one per user per round. */
export type BetAccount = FromGenerated<generated.Bet>;

/** What {@link getBetCodec} encodes. */
export type BetAccountArgs = Readonly<Omit<generated.BetArgs, 'prediction'>> & {
  readonly prediction: PredictionArgs;
};

/** Bet codec: discriminator, then the IDL's fields in order. */
export function getBetCodec(): Codec<BetAccountArgs, BetAccount> {
  return acceptingVariantNames(
    getGeneratedDataCodec('Foresight Bet account', generated.BET_DISCRIMINATOR, generated.getBetCodec()),
  );
}

/**
 * Decodes a Bet account's data.
 *
 * @throws DiscriminatorMismatchError when the data is not a Bet's.
 */
export function decodeBet(data: ReadonlyUint8Array | Uint8Array): BetAccount {
  return getBetCodec().decode(data);
}

/** A Bet's account data, {@link BET_ACCOUNT_SIZE} bytes. */
export function encodeBet(bet: BetAccountArgs): Uint8Array {
  return encodeToSize(getBetCodec(), bet, BET_ACCOUNT_SIZE);
}
