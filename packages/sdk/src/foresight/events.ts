/**
 * Foresight's events (UpdateBet, UpdateEvent): codecs behind Anchor's `sha256("event:<Name>")[0..8]`
 * discriminators, and a parser for a transaction's log messages.
 *
 * The program emits with `sol_log_data`, which the runtime logs as `Program data: <base64>`. Only lines
 * logged while Foresight itself is executing count; another program's `Program data:` lines, before, after
 * or inside a CPI, are ignored, as Anchor's `EventParser` does.
 *
 * @module
 */

import idl from '@arcade/program-foresight/idl.json' with { type: 'json' };
import {
  getAddressCodec,
  getBooleanCodec,
  getI64Codec,
  getStructCodec,
  getU32Codec,
  getU64Codec,
  type Address,
  type Codec,
  type ReadonlyUint8Array,
} from '@solana/kit';

import { getDiscriminatedCodec, hasDiscriminator, idlDiscriminator } from '../anchor/discriminated-codec.ts';
import type { ProgramConfig } from '../anchor/program-config.ts';
import { getProgramLogMessages, parseProgramEvents } from '../anchor/program-logs.ts';
import { getPredictionCodec, type Prediction, type PredictionArgs } from './accounts.ts';
import { FORESIGHT_PROGRAM_ADDRESS } from './program.ts';

function eventDiscriminator(name: string): ReadonlyUint8Array {
  return idlDiscriminator('Foresight', 'event', idl.events, name);
}

/** sha256("event:UpdateBet")[0..8], from the IDL. */
export const UPDATE_BET_DISCRIMINATOR: ReadonlyUint8Array = eventDiscriminator('UpdateBet');
/** sha256("event:UpdateEvent")[0..8], from the IDL. */
export const UPDATE_EVENT_DISCRIMINATOR: ReadonlyUint8Array = eventDiscriminator('UpdateEvent');

/** A bet was placed, paid or refunded. */
export interface UpdateBet {
  /** Lamports this update concerns: the amount just placed (place_bet) or the bet's stake (settle, withdraw). */
  readonly amount: bigint;
  /** Lamports paid out by this update; 0 when nothing was paid. */
  readonly winAmount: bigint;
  readonly user: Address;
  readonly event: Address;
  readonly config: Address;
  /** Unix seconds. */
  readonly timestamp: bigint;
  readonly isSettled: boolean;
  readonly prediction: Prediction;
  readonly won: boolean;
}

/** What the UpdateBet codec encodes. */
export interface UpdateBetArgs {
  readonly amount: bigint | number;
  readonly winAmount: bigint | number;
  readonly user: Address;
  readonly event: Address;
  readonly config: Address;
  readonly timestamp: bigint | number;
  readonly isSettled: boolean;
  readonly prediction: PredictionArgs;
  readonly won: boolean;
}

/** A round changed: a bet came in, or it was locked or settled. */
export interface UpdateEvent {
  readonly id: number;
  /** The round's address. */
  readonly pubkey: Address;
  readonly settleTime: bigint;
  /** Bets in the round, both sides. */
  readonly totalCount: number;
  readonly upPool: bigint;
  readonly downPool: bigint;
  readonly result: Prediction;
}

/** What the UpdateEvent codec encodes. */
export interface UpdateEventArgs {
  readonly id: number;
  readonly pubkey: Address;
  readonly settleTime: bigint | number;
  readonly totalCount: number;
  readonly upPool: bigint | number;
  readonly downPool: bigint | number;
  readonly result: PredictionArgs;
}

/** UpdateBet codec: discriminator, then the IDL's fields in order. */
export function getUpdateBetCodec(): Codec<UpdateBetArgs, UpdateBet> {
  return getDiscriminatedCodec(
    'Foresight UpdateBet event',
    UPDATE_BET_DISCRIMINATOR,
    getStructCodec([
      ['amount', getU64Codec()],
      ['winAmount', getU64Codec()],
      ['user', getAddressCodec()],
      ['event', getAddressCodec()],
      ['config', getAddressCodec()],
      ['timestamp', getI64Codec()],
      ['isSettled', getBooleanCodec()],
      ['prediction', getPredictionCodec()],
      ['won', getBooleanCodec()],
    ]),
  );
}

/** UpdateEvent codec: discriminator, then the IDL's fields in order. */
export function getUpdateEventCodec(): Codec<UpdateEventArgs, UpdateEvent> {
  return getDiscriminatedCodec(
    'Foresight UpdateEvent event',
    UPDATE_EVENT_DISCRIMINATOR,
    getStructCodec([
      ['id', getU32Codec()],
      ['pubkey', getAddressCodec()],
      ['settleTime', getI64Codec()],
      ['totalCount', getU32Codec()],
      ['upPool', getU64Codec()],
      ['downPool', getU64Codec()],
      ['result', getPredictionCodec()],
    ]),
  );
}

/** A decoded Foresight event, tagged with its IDL name. */
export type ForesightEvent =
  | { readonly name: 'UpdateBet'; readonly data: UpdateBet }
  | { readonly name: 'UpdateEvent'; readonly data: UpdateEvent };

/**
 * Decodes one event's bytes (discriminator included); null when the discriminator is not a Foresight
 * event's.
 *
 * @throws a kit codec error when the discriminator matches but the body is too short.
 */
export function decodeForesightEvent(bytes: ReadonlyUint8Array | Uint8Array): ForesightEvent | null {
  if (hasDiscriminator(bytes, UPDATE_BET_DISCRIMINATOR)) {
    return { name: 'UpdateBet', data: getUpdateBetCodec().decode(bytes) };
  }
  if (hasDiscriminator(bytes, UPDATE_EVENT_DISCRIMINATOR)) {
    return { name: 'UpdateEvent', data: getUpdateEventCodec().decode(bytes) };
  }
  return null;
}

/**
 * The Foresight events in a transaction's log messages, in emission order.
 *
 * Reads the `Program data:` lines logged while Foresight was executing; a payload with an unknown
 * discriminator, or that is not valid base64 or too short, is skipped.
 *
 * @example
 * ```ts
 * const tx = await rpc.getTransaction(signature, { maxSupportedTransactionVersion: 0 }).send();
 * for (const event of parseForesightEvents(tx?.meta?.logMessages ?? [])) {
 *   if (event.name === 'UpdateBet') console.log(event.data.user, event.data.amount);
 * }
 * ```
 */
export function parseForesightEvents(logs: readonly string[], config: ProgramConfig = {}): ForesightEvent[] {
  return parseProgramEvents(logs, config.programAddress ?? FORESIGHT_PROGRAM_ADDRESS, decodeForesightEvent);
}

/** The oracle reading a tick (`lock_and_settle_events`) took its prices from. */
export interface OracleReading {
  /** The feed's price as published, in units of 10^exponent (SOL/USD: 8 decimals). */
  readonly price: bigint;
  /** The update's `publish_time`, unix seconds. */
  readonly publishTime: bigint;
}

const ORACLE_READING = /^Oracle price (-?\d{1,19}) published (-?\d{1,19})$/;

/**
 * The oracle reading a tick logged ("Oracle price <price> published <unix secs>"), or null when the logs
 * hold none (not a tick, or the line was truncated, or no round needed a price). The tick reads the one
 * update first published at or after its planned time; the lock price of the round it locked and the final
 * price of the one it settled are this price when it was published at most ORACLE_MAX_LATE_SECS after it.
 *
 * @example
 * ```ts
 * const tx = await rpc.getTransaction(lockSignature, { maxSupportedTransactionVersion: 0 }).send();
 * parseOracleReading(tx?.meta?.logMessages ?? []); // { price: 13_751_000_000n, publishTime: 1_763_850_000n }
 * ```
 */
export function parseOracleReading(
  logs: readonly string[],
  config: ProgramConfig = {},
): OracleReading | null {
  for (const message of getProgramLogMessages(logs, config.programAddress ?? FORESIGHT_PROGRAM_ADDRESS)) {
    const match = ORACLE_READING.exec(message);
    if (match !== null) return { price: BigInt(match[1]!), publishTime: BigInt(match[2]!) };
  }
  return null;
}
