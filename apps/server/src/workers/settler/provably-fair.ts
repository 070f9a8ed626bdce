/**
 * Provably fair randomness for TailSpin and ReTail (game-rules, "Randomness is provably fair").
 *
 * The settler commits to a hash chain before any bet uses it: a random secret `s_N`, then
 * `s_i = sha256(s_{i+1})` down to the head `s_0`, which is published. Bets take the seeds `s_1, s_2, …, s_N`
 * in the order their creating transactions were confirmed, so each revealed seed hashes to the one revealed
 * before it (or to the head), and nobody, the server included, can pick a seed after seeing a bet.
 *
 * A bet's roll is `u64_le(HMAC-SHA256(key = s_i, message)[0..8]) mod 100`, where `message` is
 * {@link FAIR_MESSAGE_ENCODING}: the bet record's 32 address bytes followed by the creating transaction's
 * 64 signature bytes (both the raw bytes their base58 text decodes to, 96 bytes in all). The bet wins iff
 * the roll is below its odds.
 *
 * Everything here is pure and synchronous: the worker, the API and the tests share it.
 *
 * @module
 */

import { createHash, createHmac, randomBytes } from 'node:crypto';

import { PUBLIC_KEY_BYTES, RANDOM_VALUE_RANGE, SIGNATURE_BYTES } from '@arcade/sdk/constants';
import { getBase58Encoder } from '@solana/kit';

/** Bytes of a seed (a SHA-256 digest). */
export const SEED_BYTES = 32;

/** How the HMAC message is built, as the API shows it. */
export const FAIR_MESSAGE_ENCODING =
  'bet record address (32 bytes, base58-decoded) followed by the creating transaction signature (64 bytes, base58-decoded)';

/** How a roll is derived, as the API shows it. */
export const FAIR_ALGORITHM = Object.freeze({
  seedChain:
    's_i = sha256(s_{i+1}); the head s_0 is published before any seed of the chain is used; bets take s_1, s_2, … in confirmation order (slot, then index in block)',
  randomValue: `random_value = u64 little-endian of the first 8 bytes of HMAC-SHA256(key = s_i, message) mod ${String(RANDOM_VALUE_RANGE)}`,
  message: FAIR_MESSAGE_ENCODING,
  result: 'Win iff random_value < odds',
  encoding: 'seeds, heads and messages are lowercase hex',
} as const);

const base58 = getBase58Encoder();

/** sha256 of `bytes`. */
export function sha256(bytes: Uint8Array): Uint8Array {
  return new Uint8Array(createHash('sha256').update(bytes).digest());
}

/** Lowercase hex of `bytes`. */
export function toHex(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString('hex');
}

/** The bytes of lowercase or uppercase hex text. */
export function fromHex(hex: string): Uint8Array {
  return new Uint8Array(Buffer.from(hex, 'hex'));
}

/** A fresh secret `s_N` from the operating system's CSPRNG. */
export function randomSecret(): Uint8Array {
  return new Uint8Array(randomBytes(SEED_BYTES));
}

/**
 * The secret `s_N` of the `ordinal`-th chain (1, 2, …) from a fixed master secret, for local tests only
 * (`FAIRNESS_SECRET_HEX`, refused with a real cluster): HMAC-SHA256(key = master,
 * `arcade:fairness-chain:<ordinal>`). Whoever knows the master knows every roll before it is made, so a
 * real deployment always uses {@link randomSecret}.
 *
 * @example deterministicChainSecret(master, 1) // the first chain's secret, every run alike
 */
export function deterministicChainSecret(master: Uint8Array, ordinal: number): Uint8Array {
  if (!Number.isInteger(ordinal) || ordinal < 1) throw new RangeError('a chain ordinal is 1, 2, …');
  if (master.length !== SEED_BYTES) throw new RangeError(`a master secret is ${String(SEED_BYTES)} bytes`);
  return new Uint8Array(
    createHmac('sha256', master)
      .update(`arcade:fairness-chain:${String(ordinal)}`)
      .digest(),
  );
}

/**
 * Every seed of a chain of `length` seeds ending in `secret`: element `i` is `s_i`, element 0 the head.
 *
 * @example
 * ```ts
 * const seeds = hashChain(secret, 3); // [s_0 (head), s_1, s_2, s_3 = secret]
 * toHex(sha256(seeds[2])) === toHex(seeds[1]);
 * ```
 */
export function hashChain(secret: Uint8Array, length: number): Uint8Array[] {
  if (!Number.isInteger(length) || length < 1) throw new RangeError('a hash chain needs at least one seed');
  if (secret.length !== SEED_BYTES) throw new RangeError(`a secret is ${String(SEED_BYTES)} bytes`);
  const seeds = new Array<Uint8Array>(length + 1);
  seeds[length] = secret;
  let current = secret;
  for (let index = length - 1; index >= 0; index -= 1) {
    current = sha256(current);
    seeds[index] = current;
  }
  return seeds;
}

/** Whether `seed` is the successor of `previous` in a chain: `sha256(seed) = previous`. */
export function linksTo(seed: Uint8Array, previous: Uint8Array): boolean {
  return Buffer.from(sha256(seed)).equals(Buffer.from(previous));
}

/**
 * The HMAC message of a bet: its record address bytes then its creating signature bytes (96 bytes).
 *
 * @throws RangeError when either is not base58 of the right length.
 */
export function fairMessage(betAddress: string, signature: string): Uint8Array {
  const address = base58.encode(betAddress);
  const sig = base58.encode(signature);
  if (address.length !== PUBLIC_KEY_BYTES) throw new RangeError('a bet address is 32 bytes');
  if (sig.length !== SIGNATURE_BYTES) throw new RangeError('a signature is 64 bytes');
  const message = new Uint8Array(PUBLIC_KEY_BYTES + SIGNATURE_BYTES);
  message.set(address, 0);
  message.set(sig, PUBLIC_KEY_BYTES);
  return message;
}

/** HMAC-SHA256(key = seed, message). */
export function fairHmac(seed: Uint8Array, message: Uint8Array): Uint8Array {
  return new Uint8Array(createHmac('sha256', seed).update(message).digest());
}

/** The roll (0–99) of an HMAC digest: its first 8 bytes as a little-endian u64, mod 100. */
export function randomValueFromHmac(digest: Uint8Array): number {
  const view = new DataView(digest.buffer, digest.byteOffset, digest.byteLength);
  return Number(view.getBigUint64(0, true) % BigInt(RANDOM_VALUE_RANGE));
}

/**
 * A bet's roll, 0–99.
 *
 * @example randomValueFor(seed, bet.betAddress, bet.signature) < bet.odds // the bet won
 */
export function randomValueFor(seed: Uint8Array, betAddress: string, signature: string): number {
  return randomValueFromHmac(fairHmac(seed, fairMessage(betAddress, signature)));
}

/** The result a roll gives a bet with these odds. */
export function fairResult(randomValue: number, odds: number): 'Win' | 'Loss' {
  return randomValue < odds ? 'Win' : 'Loss';
}
