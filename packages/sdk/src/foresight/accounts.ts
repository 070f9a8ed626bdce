/**
 * Foresight's stored records (Config, Event, Bet) and its Prediction enum, with Borsh codecs in the IDL's
 * field order behind Anchor's 8-byte account discriminators.
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

import idl from '@arcade/program-foresight/idl.json' with { type: 'json' };
import {
  getAddressCodec,
  getBooleanCodec,
  getI64Codec,
  getNullableCodec,
  getStructCodec,
  getU32Codec,
  getU64Codec,
  type Address,
  type Codec,
  type ReadonlyUint8Array,
} from '@solana/kit';

import {
  encodeToSize,
  getDiscriminatedCodec,
  idlDiscriminator,
  withZeroTail,
} from '../anchor/discriminated-codec.ts';
import { getUnitEnumCodec } from '../anchor/enum-codec.ts';

// ---------------------------------------------------------------------------------------------------------
// Prediction
// ---------------------------------------------------------------------------------------------------------

/** The IDL's `Prediction` enum; the value is the Borsh variant index. */
export const Prediction = Object.freeze({ None: 0, Up: 1, Down: 2, Invalid: 3 } as const);
/** A {@link Prediction} value. */
export type Prediction = (typeof Prediction)[keyof typeof Prediction];
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

function accountDiscriminator(name: string): ReadonlyUint8Array {
  return idlDiscriminator('Foresight', 'account', idl.accounts, name);
}

/** sha256("account:Config")[0..8], from the IDL. */
export const CONFIG_DISCRIMINATOR: ReadonlyUint8Array = accountDiscriminator('Config');
/** sha256("account:Event")[0..8], from the IDL. */
export const EVENT_DISCRIMINATOR: ReadonlyUint8Array = accountDiscriminator('Event');
/** sha256("account:Bet")[0..8], from the IDL. */
export const BET_DISCRIMINATOR: ReadonlyUint8Array = accountDiscriminator('Bet');

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
export interface ConfigAccount {
  /** The Pyth feed id, stored as a pubkey (see `feedIdFromAddress`). */
  readonly pythFeed: Address;
  /** Id of the locked round; 0 when there is none yet. */
  readonly lockedEvent: number;
  /** Id of the live round; 0 when there is none yet. */
  readonly liveEvent: number;
  /** Round length in seconds. */
  readonly timelock: number;
  /** Betting paused. */
  readonly disabled: boolean;
  readonly authority: Address;
  readonly eventSigner: Address;
  readonly treasury: Address;
  /** The key `propose_authority` named, until it accepts; null when none. */
  readonly pendingAuthority: Address | null;
}

/** What {@link getConfigCodec} encodes (the same as the decoded shape). */
export type ConfigAccountArgs = ConfigAccount;

/**
 * Config codec: discriminator, then the IDL's fields in order. Decodes a {@link LEGACY_CONFIG_ACCOUNT_SIZE}
 * record with no pending authority.
 */
export function getConfigCodec(): Codec<ConfigAccountArgs, ConfigAccount> {
  return withZeroTail(
    getDiscriminatedCodec(
      'Foresight Config account',
      CONFIG_DISCRIMINATOR,
      getStructCodec([
        ['pythFeed', getAddressCodec()],
        ['lockedEvent', getU32Codec()],
        ['liveEvent', getU32Codec()],
        ['timelock', getU32Codec()],
        ['disabled', getBooleanCodec()],
        ['authority', getAddressCodec()],
        ['eventSigner', getAddressCodec()],
        ['treasury', getAddressCodec()],
        ['pendingAuthority', getNullableCodec(getAddressCodec())],
      ]),
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
export interface EventAccount {
  readonly id: number;
  readonly startTime: bigint;
  readonly lockTime: bigint;
  readonly settleTime: bigint;
  readonly upCount: number;
  readonly downCount: number;
  readonly upPool: bigint;
  readonly downPool: bigint;
  readonly isSettled: boolean;
  readonly result: Prediction;
  /** None until the round is locked, or when no valid price could be had for the lock. */
  readonly lockPrice: bigint | null;
  /** None until the round is settled, or when no valid price could be had for the settle. */
  readonly finalPrice: bigint | null;
  readonly settledCount: number;
  /** The config the round belongs to. */
  readonly config: Address;
}

/** What {@link getEventCodec} encodes. */
export interface EventAccountArgs {
  readonly id: number;
  readonly startTime: bigint | number;
  readonly lockTime: bigint | number;
  readonly settleTime: bigint | number;
  readonly upCount: number;
  readonly downCount: number;
  readonly upPool: bigint | number;
  readonly downPool: bigint | number;
  readonly isSettled: boolean;
  readonly result: PredictionArgs;
  readonly lockPrice: bigint | number | null;
  readonly finalPrice: bigint | number | null;
  readonly settledCount: number;
  readonly config: Address;
}

/** Event codec: discriminator, then the IDL's fields in order (Borsh options: a 1-byte tag, payload if Some). */
export function getEventCodec(): Codec<EventAccountArgs, EventAccount> {
  return getDiscriminatedCodec(
    'Foresight Event account',
    EVENT_DISCRIMINATOR,
    getStructCodec([
      ['id', getU32Codec()],
      ['startTime', getI64Codec()],
      ['lockTime', getI64Codec()],
      ['settleTime', getI64Codec()],
      ['upCount', getU32Codec()],
      ['downCount', getU32Codec()],
      ['upPool', getU64Codec()],
      ['downPool', getU64Codec()],
      ['isSettled', getBooleanCodec()],
      ['result', getPredictionCodec()],
      ['lockPrice', getNullableCodec(getI64Codec())],
      ['finalPrice', getNullableCodec(getI64Codec())],
      ['settledCount', getU32Codec()],
      ['config', getAddressCodec()],
    ]),
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
export interface BetAccount {
  readonly event: Address;
  /** Lamports staked. */
  readonly amount: bigint;
  readonly prediction: Prediction;
  /** Paid (won) or refunded (invalid round). */
  readonly isSettled: boolean;
  /** The bettor. */
  readonly user: Address;
}

/** What {@link getBetCodec} encodes. */
export interface BetAccountArgs {
  readonly event: Address;
  readonly amount: bigint | number;
  readonly prediction: PredictionArgs;
  readonly isSettled: boolean;
  readonly user: Address;
}

/** Bet codec: discriminator, then the IDL's fields in order. */
export function getBetCodec(): Codec<BetAccountArgs, BetAccount> {
  return getDiscriminatedCodec(
    'Foresight Bet account',
    BET_DISCRIMINATOR,
    getStructCodec([
      ['event', getAddressCodec()],
      ['amount', getU64Codec()],
      ['prediction', getPredictionCodec()],
      ['isSettled', getBooleanCodec()],
      ['user', getAddressCodec()],
    ]),
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
