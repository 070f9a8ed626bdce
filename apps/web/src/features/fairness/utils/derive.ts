/**
 * The provably fair roll of a TailSpin or ReTail bet, re-derived in the browser with WebCrypto only
 * (game-rules, "Randomness is provably fair"; the server's `workers/settler/provably-fair.ts` is the other
 * implementation, and the tests hold both to the same vectors):
 *
 * 1. the settler's seeds form a hash chain `s_i = sha256(s_{i+1})` whose head `s_0` was published before
 *    any bet used it: `sha256(seed)` is the previous seed, and hashing the seed `seedIndex` times reaches
 *    the head;
 * 2. the message is the bet record's 32 address bytes followed by the creating transaction's 64 signature
 *    bytes (both base58-decoded);
 * 3. the roll is the first 8 bytes of HMAC-SHA256(key = seed, message) as a little-endian u64, mod 100;
 * 4. the bet wins iff the roll is below its odds.
 *
 * @module
 */

import { PUBLIC_KEY_BYTES, RANDOM_VALUE_RANGE, SIGNATURE_BYTES } from '@arcade/sdk/constants';
import { getBase58Encoder } from '@solana/kit';

/** Bytes of a seed (a SHA-256 digest). */
export const SEED_BYTES = 32;

/** Lowercase hex of `bytes`. */
export function toHex(bytes: Uint8Array): string {
  let hex = '';
  for (const byte of bytes) hex += byte.toString(16).padStart(2, '0');
  return hex;
}

/**
 * The bytes of hex text (either case).
 *
 * @throws RangeError when it is not an even number of hex digits.
 */
export function fromHex(hex: string): Uint8Array {
  if (hex.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(hex)) throw new RangeError('Not hex');
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i += 1) bytes[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

/** WebCrypto's digest and HMAC, which every current browser (and Node) has on `crypto.subtle`. */
// The return type is inferred: the browser's and Node's typings name WebCrypto's type differently.
function subtle() {
  return globalThis.crypto.subtle;
}

/** sha256 of `bytes`. */
export async function sha256(bytes: Uint8Array): Promise<Uint8Array> {
  return new Uint8Array(await subtle().digest('SHA-256', bytes as Uint8Array<ArrayBuffer>));
}

/** HMAC-SHA256(key, message). */
export async function hmacSha256(key: Uint8Array, message: Uint8Array): Promise<Uint8Array> {
  const cryptoKey = await subtle().importKey(
    'raw',
    key as Uint8Array<ArrayBuffer>,
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  return new Uint8Array(await subtle().sign('HMAC', cryptoKey, message as Uint8Array<ArrayBuffer>));
}

const base58 = getBase58Encoder();

/**
 * The HMAC message of a bet: its record address bytes, then its creating signature bytes (96 bytes).
 *
 * @throws RangeError when either is not base58 of the right length.
 */
export function fairMessage(betAddress: string, signature: string): Uint8Array {
  let address: Uint8Array;
  let sig: Uint8Array;
  try {
    address = new Uint8Array(base58.encode(betAddress));
    sig = new Uint8Array(base58.encode(signature));
  } catch {
    throw new RangeError('Not base58');
  }
  if (address.length !== PUBLIC_KEY_BYTES) throw new RangeError('a bet address is 32 bytes');
  if (sig.length !== SIGNATURE_BYTES) throw new RangeError('a signature is 64 bytes');
  const message = new Uint8Array(PUBLIC_KEY_BYTES + SIGNATURE_BYTES);
  message.set(address, 0);
  message.set(sig, PUBLIC_KEY_BYTES);
  return message;
}

/** The roll (0–99) of an HMAC digest: its first 8 bytes as a little-endian u64, mod 100. */
export function randomValueFromHmac(digest: Uint8Array): number {
  const view = new DataView(digest.buffer, digest.byteOffset, digest.byteLength);
  return Number(view.getBigUint64(0, true) % BigInt(RANDOM_VALUE_RANGE));
}

/** A bet's roll, 0–99, and the HMAC it comes from. */
export async function rollFor(
  seed: Uint8Array,
  betAddress: string,
  signature: string,
): Promise<{ readonly hmac: Uint8Array; readonly randomValue: number }> {
  const hmac = await hmacSha256(seed, fairMessage(betAddress, signature));
  return { hmac, randomValue: randomValueFromHmac(hmac) };
}

/** The result a roll gives a bet with these odds. */
export function fairResult(randomValue: number, odds: number): 'Win' | 'Loss' {
  return randomValue < odds ? 'Win' : 'Loss';
}

/**
 * Hashes `seed` `times` times: for seed `s_i` and `times = i` the result is the head `s_0`. Calls `onProgress`
 * now and then (the current chain holds up to 10,000 seeds); stops early when `signal` aborts.
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
