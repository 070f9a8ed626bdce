/**
 * The roll of a bet made with `create_bet`, recomputed anywhere (`docs/trust.md`, "Rolls nobody chooses"):
 * pure and isomorphic, with WebCrypto (`globalThis.crypto.subtle`) only, so it runs in browsers and in
 * Node 24 alike.
 *
 * ```
 * roll = u64_le(HMAC-SHA256(key = seed, message = sequence (u64 LE) ‖ player_seed ‖ slot_hash)[0..8]) mod 100
 * win  = roll < odds
 * ```
 *
 * `seed` is the settler's seed for the bet's place in its chain (`reveal_bet`'s argument), `sequence` that
 * place, `player_seed` the player's 32 bytes (the bet's `switchboard_request`), `slot_hash` the hash of the
 * slot the bet landed in. The program computes the same in `programs/wager/src/fairness.c` and logs what it
 * used in one line per reveal, which {@link parseRevealLog} reads. Each revealed seed hashes to the one
 * before it (`s_i = sha256(s_{i+1})`), which {@link seedLinksTo} checks.
 *
 * @module
 */

import type { ReadonlyUint8Array } from '@solana/kit';

import { RANDOM_VALUE_RANGE } from '../constants.ts';
import type { ProgramConfig } from '../anchor/program-config.ts';
import { getProgramLogMessages } from '../anchor/program-logs.ts';
import { WAGER_PROGRAM_ADDRESS } from './program.ts';

/** Bytes of a seed, a player seed and a slot hash. */
export const FAIRNESS_BYTES = 32;

/** Bytes as the SDK's decoders give them (kit's read-only view) or as a caller has them. */
export type Bytes = ReadonlyUint8Array | Uint8Array;

const U64_MAX = 2n ** 64n - 1n;

// ---------------------------------------------------------------------------------------------------------
// Bytes
// ---------------------------------------------------------------------------------------------------------

/** Lower-case hex of `bytes`, without `0x`. */
export function bytesToHex(bytes: Bytes): string {
  let hex = '';
  for (const byte of bytes) hex += byte.toString(16).padStart(2, '0');
  return hex;
}

/**
 * The bytes of hex text (either case, without `0x`).
 *
 * @throws RangeError when it is not an even number of hex digits.
 * @example hexToBytes('00ff') // Uint8Array [0, 255]
 */
export function hexToBytes(hex: string): Uint8Array {
  if (hex.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(hex)) {
    throw new RangeError(`Not an even number of hex digits: "${hex}"`);
  }
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i += 1) bytes[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

/**
 * 32 random bytes from `crypto.getRandomValues`: a player seed for `create_bet`, which the app shows and the
 * player may edit.
 */
export function randomPlayerSeed(): Uint8Array {
  return globalThis.crypto.getRandomValues(new Uint8Array(FAIRNESS_BYTES));
}

function assert32(name: string, bytes: Bytes): void {
  if (bytes.length !== FAIRNESS_BYTES) {
    throw new RangeError(`${name} is ${FAIRNESS_BYTES} bytes, got ${bytes.length}`);
  }
}

function toU64(name: string, value: bigint | number): bigint {
  const n = typeof value === 'bigint' ? value : Number.isSafeInteger(value) ? BigInt(value) : -1n;
  if (n < 0n || n > U64_MAX) throw new RangeError(`${name} is not a u64: ${String(value)}`);
  return n;
}

// ---------------------------------------------------------------------------------------------------------
// The roll
// ---------------------------------------------------------------------------------------------------------

/** What a roll is computed from. */
export interface RollInput {
  /** The settler's seed for the bet's place in the chain (`reveal_bet`'s argument), 32 bytes. */
  readonly seed: Bytes;
  /** The bet's place in the chain (`Bet.sequence`). */
  readonly sequence: bigint | number;
  /** The player's seed (`Bet.switchboard_request`, `betPlayerSeed`), 32 bytes. */
  readonly playerSeed: Bytes;
  /** The hash of the slot the bet landed in (`Bet.slot`), 32 bytes, as the reveal logged it. */
  readonly slotHash: Bytes;
}

/**
 * The HMAC message of a roll: `sequence` as a u64 little-endian, then the player seed, then the slot hash
 * (72 bytes).
 *
 * @throws RangeError when `sequence` is not a u64 or a byte string is not 32 bytes.
 */
export function rollMessage(input: Omit<RollInput, 'seed'>): Uint8Array<ArrayBuffer> {
  const sequence = toU64('sequence', input.sequence);
  assert32('playerSeed', input.playerSeed);
  assert32('slotHash', input.slotHash);
  const message = new Uint8Array(8 + 2 * FAIRNESS_BYTES);
  new DataView(message.buffer).setBigUint64(0, sequence, true);
  message.set(input.playerSeed, 8);
  message.set(input.slotHash, 8 + FAIRNESS_BYTES);
  return message;
}

// The return type is inferred: the browser's and Node's typings name WebCrypto's type differently.
function subtle() {
  return globalThis.crypto.subtle;
}

/**
 * The roll of a bet, 0–99: the first 8 bytes of HMAC-SHA256(key = seed, message = {@link rollMessage}) as a
 * little-endian u64, mod 100. The bet wins iff it is below the odds.
 *
 * @throws RangeError when `sequence` is not a u64 or a byte string is not 32 bytes.
 * @example
 * ```ts
 * const reveal = parseRevealLog(tx.meta.logMessages);
 * if (reveal?.kind === 'settled') {
 *   const roll = await rollFor({ seed, sequence: reveal.sequence, playerSeed, slotHash: reveal.slotHash });
 *   console.log(roll === reveal.roll);
 * }
 * ```
 */
export async function rollFor(input: RollInput): Promise<number> {
  assert32('seed', input.seed);
  const message = rollMessage(input);
  const key = await subtle().importKey(
    'raw',
    Uint8Array.from(input.seed),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const digest = await subtle().sign('HMAC', key, message);
  return Number(new DataView(digest).getBigUint64(0, true) % BigInt(RANDOM_VALUE_RANGE));
}

/**
 * Whether `seed` is the seed after `previousCommitment` in the settler's chain: sha256(seed) equals it. The
 * House's `seedCommitment` before a reveal is the previous seed (or the chain's head), so every revealed seed
 * links to the one revealed before it.
 */
export async function seedLinksTo(seed: Bytes, previousCommitment: Bytes): Promise<boolean> {
  if (previousCommitment.length !== FAIRNESS_BYTES) return false;
  const digest = new Uint8Array(await subtle().digest('SHA-256', Uint8Array.from(seed)));
  return digest.every((byte, i) => byte === previousCommitment[i]);
}

// ---------------------------------------------------------------------------------------------------------
// The reveal's log line
// ---------------------------------------------------------------------------------------------------------

/** What one `reveal_bet` did, as its log line says. */
export type RevealLog =
  | {
      /** The bet was settled with `roll`. */
      readonly kind: 'settled';
      readonly sequence: bigint;
      /** 0–99. */
      readonly roll: number;
      /** The slot the bet landed in. */
      readonly slot: bigint;
      /**
       * That slot's hash (32 bytes): from SlotHashes, or, for a bet refunded before its reveal, the one its
       * refund captured.
       */
      readonly slotHash: Uint8Array;
      /**
       * The bet had been refunded (stake and fee) before this reveal: a win was paid the rest of its prize
       * (prize − stake − fee), a loss nothing more.
       */
      readonly afterRefund: boolean;
    }
  | {
      /** The bet could not be rolled. */
      readonly kind: 'refunded';
      readonly sequence: bigint;
      /**
       * `earlier`: refunded before this reveal, too late to capture its slot hash; `expired`: still open,
       * but its slot hash had left SlotHashes, so this reveal refunded it.
       */
      readonly reason: 'earlier' | 'expired';
    };

const U64_TEXT = '(0|[1-9]\\d{0,19})';
const SETTLED = new RegExp(
  `^Reveal sequence=${U64_TEXT} roll=(0|[1-9]\\d?) slot=${U64_TEXT} slot_hash=([0-9a-f]{64})( refunded=earlier)?$`,
);
const REFUNDED = new RegExp(`^Reveal sequence=${U64_TEXT} refunded=(earlier|expired)$`);

function parseU64(text: string): bigint | null {
  const n = BigInt(text);
  return n <= U64_MAX ? n : null;
}

/** One reveal line's text (without `Program log: `), or null when it is none. */
function parseRevealMessage(message: string): RevealLog | null {
  const settled = SETTLED.exec(message);
  if (settled !== null) {
    const sequence = parseU64(settled[1]!);
    const slot = parseU64(settled[3]!);
    if (sequence === null || slot === null) return null;
    return {
      kind: 'settled',
      sequence,
      roll: Number(settled[2]!),
      slot,
      slotHash: hexToBytes(settled[4]!),
      afterRefund: settled[5] !== undefined,
    };
  }
  const refunded = REFUNDED.exec(message);
  if (refunded !== null) {
    const sequence = parseU64(refunded[1]!);
    if (sequence === null) return null;
    return { kind: 'refunded', sequence, reason: refunded[2] as 'earlier' | 'expired' };
  }
  return null;
}

/**
 * Every reveal line Wager itself logged in a transaction's log messages, in order (a transaction may reveal
 * several bets). Lines logged by other programs, or by Wager's callees, are ignored, as are truncated lines.
 */
export function parseRevealLogs(logs: readonly string[], config: ProgramConfig = {}): RevealLog[] {
  const reveals: RevealLog[] = [];
  for (const message of getProgramLogMessages(logs, config.programAddress ?? WAGER_PROGRAM_ADDRESS)) {
    const reveal = parseRevealMessage(message);
    if (reveal !== null) reveals.push(reveal);
  }
  return reveals;
}

/**
 * The first reveal line Wager logged (`Program log: Reveal sequence=<n> roll=<r> slot=<s> slot_hash=<hex>`,
 * the same followed by ` refunded=earlier` for a bet refunded before its reveal, or `Reveal sequence=<n>
 * refunded=earlier|expired` for one that could not be rolled), or null when the logs hold none.
 *
 * @example
 * ```ts
 * const tx = await rpc.getTransaction(revealSignature, { maxSupportedTransactionVersion: 0 }).send();
 * parseRevealLog(tx?.meta?.logMessages ?? []); // { kind: 'settled', sequence: 7n, roll: 42, slot: …, slotHash }
 * ```
 */
export function parseRevealLog(logs: readonly string[], config: ProgramConfig = {}): RevealLog | null {
  return parseRevealLogs(logs, config)[0] ?? null;
}

/**
 * The text the program logs for `reveal` (without `Program log: `), for test doubles of the program.
 *
 * @throws RangeError when a number is out of range or the slot hash is not 32 bytes.
 */
export function formatRevealLog(reveal: RevealLog): string {
  const sequence = toU64('sequence', reveal.sequence);
  if (reveal.kind === 'refunded') return `Reveal sequence=${sequence} refunded=${reveal.reason}`;
  if (!Number.isInteger(reveal.roll) || reveal.roll < 0 || reveal.roll >= RANDOM_VALUE_RANGE) {
    throw new RangeError(`A roll is 0–${RANDOM_VALUE_RANGE - 1}, got ${reveal.roll}`);
  }
  assert32('slotHash', reveal.slotHash);
  const slot = toU64('slot', reveal.slot);
  const suffix = reveal.afterRefund ? ' refunded=earlier' : '';
  return `Reveal sequence=${sequence} roll=${reveal.roll} slot=${slot} slot_hash=${bytesToHex(reveal.slotHash)}${suffix}`;
}
