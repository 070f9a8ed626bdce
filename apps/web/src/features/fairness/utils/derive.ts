/**
 * What the browser recomputes of a TailSpin or ReTail roll (`docs/trust.md`, "Rolls nobody chooses"), with
 * WebCrypto only. The roll itself is the SDK's (`@arcade/sdk/wager/fairness`, the same code the tests hold
 * to node:crypto and the program): this module adds what the page shows around it.
 *
 * 1. the settler's seeds form a hash chain `s_i = sha256(s_{i+1})` whose head `s_0` was committed on chain
 *    before any bet used it: `sha256(seed)` is the commitment the reveal replaced (the seed before it), and
 *    hashing the seed `seedIndex` times reaches the head;
 * 2. the message is the bet's sequence (u64 little-endian) ‖ the player's 32-byte seed ‖ the hash of the
 *    slot the bet landed in (72 bytes, `rollMessage`);
 * 3. the roll is the first 8 bytes of HMAC-SHA256(key = seed, message) as a little-endian u64, mod 100
 *    (`rollFor`);
 * 4. the bet wins iff the roll is below its odds.
 *
 * @module
 */

import { RANDOM_VALUE_RANGE } from '@arcade/sdk/constants';
import { hexToBytes, rollMessage, type RollInput } from '@arcade/sdk/wager/fairness';

/** Bytes of a seed, a player seed and a slot hash. */
export const SEED_BYTES = 32;

// The return type is inferred: the browser's and Node's typings name WebCrypto's type differently.
function subtle() {
  return globalThis.crypto.subtle;
}

/** sha256 of `bytes`. */
export async function sha256(bytes: Uint8Array): Promise<Uint8Array> {
  return new Uint8Array(await subtle().digest('SHA-256', Uint8Array.from(bytes)));
}

/**
 * HMAC-SHA256(seed, {@link rollMessage}): the digest the roll is read from, which the page shows.
 *
 * @throws RangeError when `sequence` is not a u64 or a byte string is not 32 bytes.
 */
export async function rollDigest(input: RollInput): Promise<Uint8Array> {
  const message = rollMessage(input);
  const key = await subtle().importKey(
    'raw',
    Uint8Array.from(input.seed),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  return new Uint8Array(await subtle().sign('HMAC', key, message));
}

/** The first 8 bytes of a digest as a little-endian u64. */
export function digestU64(digest: Uint8Array): bigint {
  return new DataView(digest.buffer, digest.byteOffset, digest.byteLength).getBigUint64(0, true);
}

/** The roll (0–99) of an HMAC digest: its first 8 bytes as a little-endian u64, mod 100. */
export function rollFromDigest(digest: Uint8Array): number {
  return Number(digestU64(digest) % BigInt(RANDOM_VALUE_RANGE));
}

/** The result a roll gives a bet with these odds. */
export function fairResult(roll: number, odds: number): 'Win' | 'Loss' {
  return roll < odds ? 'Win' : 'Loss';
}

/** 32 bytes of hex, or null when it is not that. */
export function parse32(hex: string | null | undefined): Uint8Array | null {
  if (hex === null || hex === undefined) return null;
  try {
    const bytes = hexToBytes(hex);
    return bytes.length === SEED_BYTES ? bytes : null;
  } catch {
    return null;
  }
}

/**
 * Hashes `seed` `times` times: for seed `s_i` and `times = i` the result is the head `s_0`. Calls `onProgress`
 * now and then (a chain holds up to 10,000 seeds); stops early when `signal` aborts.
 */
export async function hashTimes(
  seed: Uint8Array,
  times: number,
  options: { readonly onProgress?: (done: number) => void; readonly signal?: AbortSignal } = {},
): Promise<Uint8Array> {
  let current = seed;
  for (let done = 0; done < times; done += 1) {
    options.signal?.throwIfAborted();
    current = await sha256(current);
    if (done % 500 === 499) options.onProgress?.(done + 1);
  }
  return current;
}
