/**
 * Parameter checks shared by the method handlers. Each failure is a -32602 whose message names what
 * was wrong, worded like the validator's serde errors (`Invalid params: invalid type: …, expected u64.`);
 * where the validator has its own message (`Invalid param: WrongSize`) the node uses it verbatim.
 *
 * @module
 */

import { decodeBase58 } from '../wire/base58.ts';
import { invalidParams, RpcError, RpcErrorCode, u64 } from './json-rpc.ts';

/** A commitment level. The node answers all three from its one state (see docs/localnet.md). */
export type Commitment = 'processed' | 'confirmed' | 'finalized';

const COMMITMENTS: readonly string[] = ['processed', 'confirmed', 'finalized'];
const U64_MAX = 0xffff_ffff_ffff_ffffn;

/** serde's description of an unexpected JSON value (`string "abc"`, `integer \`5\``, `map`). */
export function describe(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'string') return `string ${JSON.stringify(value)}`;
  if (typeof value === 'boolean') return `boolean \`${value}\``;
  if (typeof value === 'bigint') return `integer \`${value}\``;
  if (typeof value === 'number') {
    if (!Number.isInteger(value)) return `floating point \`${value}\``;
    return `integer \`${value}\``;
  }
  return Array.isArray(value) ? 'sequence' : 'map';
}

/** `Invalid params: invalid type: <what it got>, expected <what>.` */
export function invalidType(value: unknown, expected: string): RpcError {
  return invalidParams(`Invalid params: invalid type: ${describe(value)}, expected ${expected}.`);
}

/** The `index`th positional parameter, which must be present. */
export function required(params: readonly unknown[], index: number, name: string): unknown {
  const value = params[index];
  if (value === undefined) {
    throw invalidParams(`Invalid params: missing parameter ${index + 1} (${name}).`);
  }
  return value;
}

/** A string parameter. */
export function stringParam(value: unknown, expected = 'a string'): string {
  if (typeof value !== 'string') throw invalidType(value, expected);
  return value;
}

/** A u64 (a JSON integer from 0 to 2^64 - 1). */
export function u64Param(value: unknown, name = 'u64'): bigint {
  if (typeof value === 'bigint' && value >= 0n && value <= U64_MAX) return value;
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return BigInt(value);
  throw invalidType(value, name);
}

/** A `usize` small enough for this node to use as a number. */
export function usizeParam(value: unknown): number {
  const parsed = u64Param(value, 'usize');
  if (parsed > BigInt(Number.MAX_SAFE_INTEGER)) throw invalidType(value, 'usize');
  return Number(parsed);
}

/** An optional boolean. */
export function boolParam(value: unknown, fallback: boolean): boolean {
  if (value === undefined || value === null) return fallback;
  if (typeof value !== 'boolean') throw invalidType(value, 'a boolean');
  return value;
}

/**
 * A base58 address, parsed as the validator's `verify_pubkey` does.
 *
 * @returns its 32 bytes and the canonical text.
 */
export function pubkeyParam(value: unknown): { bytes: Uint8Array; text: string } {
  const text = stringParam(value);
  if (text.length > 44) throw invalidParams('Invalid param: WrongSize');
  const bytes = decodeBase58(text);
  if (!bytes) throw invalidParams('Invalid param: Invalid');
  if (bytes.length !== 32) throw invalidParams('Invalid param: WrongSize');
  return { bytes, text };
}

/** A base58 signature, parsed as the validator's `verify_signature` does. */
export function signatureParam(value: unknown): string {
  const text = stringParam(value);
  if (text.length > 88) throw invalidParams('Invalid param: WrongSize');
  const bytes = decodeBase58(text);
  if (!bytes) throw invalidParams('Invalid param: Invalid');
  if (bytes.length !== 64) throw invalidParams('Invalid param: WrongSize');
  return text;
}

/** A base58 blockhash, parsed as `isBlockhashValid` does (its errors carry no prefix). */
export function hashParam(value: unknown): string {
  const text = stringParam(value);
  if (text.length > 44) throw invalidParams('WrongSize');
  const bytes = decodeBase58(text);
  if (!bytes) throw invalidParams('Invalid');
  if (bytes.length !== 32) throw invalidParams('WrongSize');
  return text;
}

/** A configuration object (absent or `null` means the defaults). */
export function configParam(value: unknown, name: string): Readonly<Record<string, unknown>> {
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) throw invalidType(value, `struct ${name}`);
  return value as Record<string, unknown>;
}

/**
 * The `commitment` of a configuration, checked.
 *
 * @param minimum `'confirmed'` for methods that refuse `processed` (history methods).
 */
export function commitmentOf(config: Readonly<Record<string, unknown>>, minimum?: 'confirmed'): Commitment {
  const value = config.commitment;
  if (value === undefined || value === null) return 'finalized';
  if (typeof value !== 'string' || !COMMITMENTS.includes(value)) {
    throw invalidParams(
      typeof value === 'string'
        ? `Invalid params: unknown variant \`${value}\`, expected one of \`processed\`, \`confirmed\`, \`finalized\`.`
        : `Invalid params: invalid type: ${describe(value)}, expected a commitment level.`,
    );
  }
  if (minimum === 'confirmed' && value === 'processed') {
    throw invalidParams('Method does not support commitment below `confirmed`');
  }
  return value as Commitment;
}

/**
 * Checks a configuration's `commitment` and `minContextSlot` against the node's current slot.
 *
 * @throws RpcError -32016 when the node has not reached `minContextSlot`.
 */
export function checkContext(
  config: Readonly<Record<string, unknown>>,
  slot: bigint,
  minimum?: 'confirmed',
): Commitment {
  const commitment = commitmentOf(config, minimum);
  const minContextSlot = config.minContextSlot;
  if (minContextSlot !== undefined && minContextSlot !== null) {
    if (u64Param(minContextSlot) > slot) {
      throw new RpcError(
        RpcErrorCode.MIN_CONTEXT_SLOT_NOT_REACHED,
        'Minimum context slot has not been reached',
        {
          contextSlot: u64(slot),
        },
      );
    }
  }
  return commitment;
}
