/**
 * The settler's seed chains and how a TailSpin or ReTail roll is derived (`docs/trust.md`, "Rolls nobody
 * chooses").
 *
 * The settler keeps hash chains of secret seeds: a random secret `s_N`, then `s_i = sha256(s_{i+1})` down to
 * the head `s_0`, which `commit_seed_chain` puts in the House before any bet can take a seed from the chain.
 * The bet with sequence `q` in a chain that starts at sequence `c` takes `s_(q − c + 1)`
 * ({@link seedIndexOf}); `reveal_bet(seed)` reveals it, in sequence order, and the PROGRAM computes the roll
 * from it, the bet's sequence, the player's seed and the hash of the bet's slot ({@link FAIR_ALGORITHM}).
 * The server never computes a roll it records: the SDK's `rollFor` (`wager/fairness`) recomputes one to
 * check the program's log line.
 *
 * The spec's off-chain bets (`create_bet_offchain`, off on the product's House) had their roll chosen by the
 * settler from `HMAC(seed, bet address ‖ creating signature)`: {@link randomValueFor} and its helpers remain
 * for the records of such bets made before (their `GET /api/fairness/{bet}` seed) and for tests.
 *
 * Everything here is pure and synchronous.
 *
 * @module
 */

import { createHash, createHmac, randomBytes } from 'node:crypto';

import {
  BET_REFUND_DELAY_SECS,
  PUBLIC_KEY_BYTES,
  RANDOM_VALUE_RANGE,
  SIGNATURE_BYTES,
} from '@arcade/sdk/constants';
import { getBase58Encoder } from '@solana/kit';

/** Bytes of a seed (a SHA-256 digest). */
export const SEED_BYTES = 32;

/** How the HMAC message of a roll is built, as the API shows it. */
export const FAIR_MESSAGE_ENCODING =
  "sequence (u64 little-endian, 8 bytes) ‖ player seed (32 bytes) ‖ hash of the bet's slot from SlotHashes (32 bytes): 72 bytes";

/** How a roll is derived, as the API shows it: the wager program's `reveal_bet`, word for word. */
export const FAIR_ALGORITHM = Object.freeze({
  seedChain:
    "s_i = sha256(s_{i+1}); commit_seed_chain puts the head s_0 in the House before any bet can take a seed of the chain; the bet with sequence q in a chain starting at sequence c takes s_(q − c + 1); reveal_bet(s_i) goes in sequence order and needs sha256(s_i) = the House's commitment (the head, then the seed revealed before), which s_i then becomes",
  roll: `roll = u64 little-endian of the first 8 bytes of HMAC-SHA256(key = s_i, message) mod ${String(RANDOM_VALUE_RANGE)}, computed by the wager program in reveal_bet and logged as "Reveal sequence=<q> roll=<roll> slot=<slot> slot_hash=<hex>"`,
  message: FAIR_MESSAGE_ENCODING,
  result: `Win iff roll < odds. From ${String(BET_REFUND_DELAY_SECS)} s after it was placed, anyone may refund an open bet (stake and fee back); a refund made while SlotHashes still lists the bet's slot captures its hash and the result is kept: the reveal rolls it as above and a win is paid the rest of its prize (prize − stake − fee). An open bet whose slot has left SlotHashes is refunded by its reveal.`,
  encoding: 'seeds, heads, player seeds, slot hashes and messages are lowercase hex',
} as const);

/** How the spec's off-chain bets' message was built (their records only). */
export const LEGACY_FAIR_MESSAGE_ENCODING =
  'bet record address (32 bytes, base58-decoded) followed by the creating transaction signature (64 bytes, base58-decoded)';

/**
 * The index in its chain of the seed the bet with sequence `sequence` takes, in a chain starting at
 * `start`: `q − c + 1` (s_0 is the head, never a bet's).
 *
 * @throws RangeError when the sequence is before the chain's start.
 */
export function seedIndexOf(sequence: bigint, start: bigint): number {
  if (sequence < start)
    throw new RangeError(`sequence ${String(sequence)} is before the chain (${String(start)})`);
  return Number(sequence - start) + 1;
}

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
 * `arcade:fairness-chain:<ordinal>`). Whoever knows the master knows every seed in advance. Rolls stay
 * unknowable until a bet's slot has ended (its hash is part of them), but seeds are the settler's secret on
 * a real cluster, so a real deployment always uses {@link randomSecret}.
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

// ---------------------------------------------------------------------------------------------------------
// The spec's off-chain bets (records made before the product moved to create_bet)
// ---------------------------------------------------------------------------------------------------------

/**
 * The HMAC message of an off-chain bet: its record address bytes then its creating signature bytes (96
 * bytes).
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
 * An off-chain bet's roll, 0–99, as the settler chose it (`settle_bet_offchain`).
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
