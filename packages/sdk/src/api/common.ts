/**
 * Primitives every API area shares: a Solana address (checked, with a bounded memory of the addresses it
 * accepted), `{ address }` path parameters, a u64 amount and `{ success: true }`.
 *
 * @module
 */

import { isAddress, type Address } from '@solana/kit';
import { z } from 'zod';

/** The shape of a base58 address; `isAddress` then checks it decodes to 32 bytes. */
export const BASE58_ADDRESS_PATTERN = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/;
/** An address the OpenAPI document shows (and its contract test sends) as a valid example. */
export const EXAMPLE_ADDRESS = 'So11111111111111111111111111111111111111112';
/** Addresses already checked: decoding base58 is the costliest step of a hot read's validation. */
const knownAddresses = new Set<string>();
const KNOWN_ADDRESSES_MAX = 50_000;

/**
 * {@link isAddress}, remembering the addresses it accepted (a bounded set: cleared when full).
 *
 * @example isValidAddress('11111111111111111111111111111111') === true
 */
export function isValidAddress(value: string): value is Address {
  return knownAddresses.has(value) || (BASE58_ADDRESS_PATTERN.test(value) && decodesToAddress(value));
}

/** {@link isAddress} for a value already of the base58 pattern, remembering the addresses it accepted. */
function decodesToAddress(value: string): value is Address {
  if (knownAddresses.has(value)) return true;
  if (!isAddress(value)) return false;
  if (knownAddresses.size >= KNOWN_ADDRESSES_MAX) knownAddresses.clear();
  knownAddresses.add(value);
  return true;
}

/**
 * A base58 Solana address: 'Invalid address' otherwise. The pattern check (also the OpenAPI `pattern`)
 * stops at a mismatch, so the decoding check runs only on values of the pattern and does not test it again.
 */
export const addressSchema = z
  .string({ error: 'Invalid address' })
  .trim()
  .regex(BASE58_ADDRESS_PATTERN, { error: 'Invalid address', abort: true })
  .refine(decodesToAddress, { error: 'Invalid address' })
  .meta({ description: 'a base58 Solana address', example: EXAMPLE_ADDRESS });

/** `{ address }` path parameters. */
export const addressParams = z.object({ address: addressSchema });

/** `{ address }` path parameters, as the server reads them. */
export type AddressParams = z.output<typeof addressParams>;

/** A u64 amount given as a decimal string or a safe integer: 'Invalid amount' otherwise. */
export const u64Schema = z
  .union([z.string(), z.number()], { error: 'Invalid amount' })
  .meta({ description: 'a u64: a decimal string (or a safe integer)', example: '1000000' })
  .transform((value, ctx) => {
    const text = String(value).trim();
    if (!/^\d{1,20}$/.test(text) || BigInt(text) > 0xffff_ffff_ffff_ffffn) {
      ctx.addIssue({ code: 'custom', message: 'Invalid amount' });
      return z.NEVER;
    }
    return BigInt(text);
  });

/** `{ success: true }`. */
export const successSchema = z.object({ success: z.literal(true) });

/** `{ success: true }`. */
export type Success = z.output<typeof successSchema>;
