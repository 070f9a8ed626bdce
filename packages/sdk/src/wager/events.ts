/**
 * Wager's events (NewBet, BetSettled, PredictionUpdate, MarketUpdate, ReferralClaimed): codecs behind Anchor's
 * `sha256("event:<Name>")[0..8]` discriminators, and a parser for a transaction's log messages.
 *
 * The program emits with `sol_log_data`, which the runtime logs as `Program data: <base64>`. Only lines
 * logged while Wager itself is executing count; another program's `Program data:` lines, before, after or
 * inside a CPI, are ignored, as Anchor's `EventParser` does.
 *
 * @module
 */

import idl from '@arcade/program-wager/idl.json' with { type: 'json' };
import {
  getAddressCodec,
  getI64Codec,
  getNullableCodec,
  getStructCodec,
  getU64Codec,
  getU8Codec,
  type Address,
  type Codec,
  type ReadonlyUint8Array,
} from '@solana/kit';

import { getDiscriminatedCodec, hasDiscriminator, idlDiscriminator } from '../anchor/discriminated-codec.ts';
import type { ProgramConfig } from '../anchor/program-config.ts';
import { parseProgramEvents } from '../anchor/program-logs.ts';
import {
  getBetResultCodec,
  getBetTypeCodec,
  getMarketStructCodec,
  getPredictionStructCodec,
  type BetResult,
  type BetResultArgs,
  type BetType,
  type BetTypeArgs,
  type MarketAccount,
  type MarketAccountArgs,
  type PredictionAccount,
  type PredictionAccountArgs,
} from './accounts.ts';
import { WAGER_PROGRAM_ADDRESS } from './program.ts';

function eventDiscriminator(name: string): ReadonlyUint8Array {
  return idlDiscriminator('Wager', 'event', idl.events, name);
}

/** sha256("event:NewBet")[0..8], from the IDL. */
export const NEW_BET_DISCRIMINATOR: ReadonlyUint8Array = eventDiscriminator('NewBet');
/** sha256("event:BetSettled")[0..8], from the IDL. */
export const BET_SETTLED_DISCRIMINATOR: ReadonlyUint8Array = eventDiscriminator('BetSettled');
/** sha256("event:PredictionUpdate")[0..8], from the IDL. */
export const PREDICTION_UPDATE_DISCRIMINATOR: ReadonlyUint8Array = eventDiscriminator('PredictionUpdate');
/** sha256("event:MarketUpdate")[0..8], from the IDL. */
export const MARKET_UPDATE_DISCRIMINATOR: ReadonlyUint8Array = eventDiscriminator('MarketUpdate');
/** sha256("event:ReferralClaimed")[0..8], from the IDL. */
export const REFERRAL_CLAIMED_DISCRIMINATOR: ReadonlyUint8Array = eventDiscriminator('ReferralClaimed');

/** A bet was opened (`create_bet` or `create_bet_offchain`). */
export interface NewBet {
  readonly odds: number;
  readonly user: Address;
  /** The stake in lamports. */
  readonly betAmount: bigint;
  readonly betType: BetType;
  /** Unix seconds. */
  readonly timestamp: bigint;
}

/** What the NewBet codec encodes. */
export interface NewBetArgs {
  readonly odds: number;
  readonly user: Address;
  readonly betAmount: bigint | number;
  readonly betType: BetTypeArgs;
  readonly timestamp: bigint | number;
}

/**
 * A bet was settled (`reveal_bet` or `settle_bet_offchain`): Win or Loss. A refund (`refund_bet`, or a
 * reveal past the bet's deadline) emits none.
 */
export interface BetSettled {
  readonly user: Address;
  readonly odds: number;
  readonly mint: Address;
  readonly betAmount: bigint;
  readonly result: BetResult;
  /** The settlement time, unix seconds. */
  readonly timestamp: bigint;
  readonly betType: BetType;
  readonly referral: Address | null;
}

/** What the BetSettled codec encodes. */
export interface BetSettledArgs {
  readonly user: Address;
  readonly odds: number;
  readonly mint: Address;
  readonly betAmount: bigint | number;
  readonly result: BetResultArgs;
  readonly timestamp: bigint | number;
  readonly betType: BetTypeArgs;
  readonly referral: Address | null;
}

/** A prediction was created, topped up or settled: the whole record after the change. */
export interface PredictionUpdate {
  readonly prediction: PredictionAccount;
  /** Unix seconds. */
  readonly timestamp: bigint;
}

/** What the PredictionUpdate codec encodes. */
export interface PredictionUpdateArgs {
  readonly prediction: PredictionAccountArgs;
  readonly timestamp: bigint | number;
}

/** A market was created, updated, resolved, or one of its predictions settled: the whole record after it. */
export interface MarketUpdate {
  /** The market's address. */
  readonly key: Address;
  readonly market: MarketAccount;
}

/** What the MarketUpdate codec encodes. */
export interface MarketUpdateArgs {
  readonly key: Address;
  readonly market: MarketAccountArgs;
}

/** A referrer took its vault's balance (`claim_referral`). */
export interface ReferralClaimed {
  readonly referrer: Address;
  /** Lamports paid out (0 when there was nothing to claim). */
  readonly amount: bigint;
  /** Unix seconds. */
  readonly timestamp: bigint;
}

/** What the ReferralClaimed codec encodes. */
export interface ReferralClaimedArgs {
  readonly referrer: Address;
  readonly amount: bigint | number;
  readonly timestamp: bigint | number;
}

/** NewBet codec: discriminator, then the IDL's fields in order. */
export function getNewBetCodec(): Codec<NewBetArgs, NewBet> {
  return getDiscriminatedCodec(
    'Wager NewBet event',
    NEW_BET_DISCRIMINATOR,
    getStructCodec([
      ['odds', getU8Codec()],
      ['user', getAddressCodec()],
      ['betAmount', getU64Codec()],
      ['betType', getBetTypeCodec()],
      ['timestamp', getI64Codec()],
    ]),
  );
}

/** BetSettled codec: discriminator, then the IDL's fields in order. */
export function getBetSettledCodec(): Codec<BetSettledArgs, BetSettled> {
  return getDiscriminatedCodec(
    'Wager BetSettled event',
    BET_SETTLED_DISCRIMINATOR,
    getStructCodec([
      ['user', getAddressCodec()],
      ['odds', getU8Codec()],
      ['mint', getAddressCodec()],
      ['betAmount', getU64Codec()],
      ['result', getBetResultCodec()],
      ['timestamp', getI64Codec()],
      ['betType', getBetTypeCodec()],
      ['referral', getNullableCodec(getAddressCodec())],
    ]),
  );
}

/** PredictionUpdate codec: discriminator, the Prediction struct, then the timestamp. */
export function getPredictionUpdateCodec(): Codec<PredictionUpdateArgs, PredictionUpdate> {
  return getDiscriminatedCodec(
    'Wager PredictionUpdate event',
    PREDICTION_UPDATE_DISCRIMINATOR,
    getStructCodec([
      ['prediction', getPredictionStructCodec()],
      ['timestamp', getI64Codec()],
    ]),
  );
}

/** MarketUpdate codec: discriminator, the key, then the Market struct. */
export function getMarketUpdateCodec(): Codec<MarketUpdateArgs, MarketUpdate> {
  return getDiscriminatedCodec(
    'Wager MarketUpdate event',
    MARKET_UPDATE_DISCRIMINATOR,
    getStructCodec([
      ['key', getAddressCodec()],
      ['market', getMarketStructCodec()],
    ]),
  );
}

/** ReferralClaimed codec: discriminator, then the IDL's fields in order. */
export function getReferralClaimedCodec(): Codec<ReferralClaimedArgs, ReferralClaimed> {
  return getDiscriminatedCodec(
    'Wager ReferralClaimed event',
    REFERRAL_CLAIMED_DISCRIMINATOR,
    getStructCodec([
      ['referrer', getAddressCodec()],
      ['amount', getU64Codec()],
      ['timestamp', getI64Codec()],
    ]),
  );
}

/** A decoded Wager event, tagged with its IDL name. */
export type WagerEvent =
  | { readonly name: 'NewBet'; readonly data: NewBet }
  | { readonly name: 'BetSettled'; readonly data: BetSettled }
  | { readonly name: 'PredictionUpdate'; readonly data: PredictionUpdate }
  | { readonly name: 'MarketUpdate'; readonly data: MarketUpdate }
  | { readonly name: 'ReferralClaimed'; readonly data: ReferralClaimed };

/**
 * Decodes one event's bytes (discriminator included); null when the discriminator is not a Wager event's.
 *
 * @throws a kit codec error when the discriminator matches but the body is too short or holds an invalid
 *   enum variant.
 */
export function decodeWagerEvent(bytes: ReadonlyUint8Array | Uint8Array): WagerEvent | null {
  if (hasDiscriminator(bytes, NEW_BET_DISCRIMINATOR)) {
    return { name: 'NewBet', data: getNewBetCodec().decode(bytes) };
  }
  if (hasDiscriminator(bytes, BET_SETTLED_DISCRIMINATOR)) {
    return { name: 'BetSettled', data: getBetSettledCodec().decode(bytes) };
  }
  if (hasDiscriminator(bytes, PREDICTION_UPDATE_DISCRIMINATOR)) {
    return { name: 'PredictionUpdate', data: getPredictionUpdateCodec().decode(bytes) };
  }
  if (hasDiscriminator(bytes, MARKET_UPDATE_DISCRIMINATOR)) {
    return { name: 'MarketUpdate', data: getMarketUpdateCodec().decode(bytes) };
  }
  if (hasDiscriminator(bytes, REFERRAL_CLAIMED_DISCRIMINATOR)) {
    return { name: 'ReferralClaimed', data: getReferralClaimedCodec().decode(bytes) };
  }
  return null;
}

/**
 * The Wager events in a transaction's log messages, in emission order.
 *
 * Reads the `Program data:` lines logged while Wager was executing; a payload with an unknown discriminator,
 * or that is not valid base64 or too short, is skipped.
 *
 * @example
 * ```ts
 * const tx = await rpc.getTransaction(signature, { maxSupportedTransactionVersion: 0 }).send();
 * for (const event of parseWagerEvents(tx?.meta?.logMessages ?? [])) {
 *   if (event.name === 'BetSettled') console.log(event.data.user, event.data.result);
 * }
 * ```
 */
export function parseWagerEvents(logs: readonly string[], config: ProgramConfig = {}): WagerEvent[] {
  return parseProgramEvents(logs, config.programAddress ?? WAGER_PROGRAM_ADDRESS, decodeWagerEvent);
}
