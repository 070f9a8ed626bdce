/**
 * Base58 (Bitcoin alphabet) for raw bytes, synchronous and allocation-light.
 *
 * Kit's codec goes through `bigint`, which costs microseconds per signature; the node encodes every
 * signature and account key of every transaction it indexes, so it uses this byte-wise version instead.
 *
 * @module
 */

const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const ALPHABET_CODES = Array.from(ALPHABET, (char) => char.charCodeAt(0));
const DIGITS = new Int8Array(128).fill(-1);
for (let i = 0; i < ALPHABET.length; i++) DIGITS[ALPHABET.charCodeAt(i)] = i;

/** 58^5: five base-58 digits per limb keep every intermediate product below 2^53. */
const LIMB = 656_356_768;
const POWERS = [1, 58, 3364, 195_112, 11_316_496, LIMB];

/**
 * Encodes `bytes[start, end)` as base58.
 *
 * @example encodeBase58(new Uint8Array(32)) // '11111111111111111111111111111111'
 */
export function encodeBase58(bytes: Uint8Array, start = 0, end = bytes.length): string {
  let zeros = 0;
  while (start + zeros < end && bytes[start + zeros] === 0) zeros++;
  // Little-endian limbs of five base-58 digits each.
  const limbs: number[] = [];
  for (let i = start + zeros; i < end; i++) {
    let carry = bytes[i]!;
    for (let j = 0; j < limbs.length; j++) {
      const value = limbs[j]! * 256 + carry;
      carry = Math.floor(value / LIMB);
      limbs[j] = value - carry * LIMB;
    }
    while (carry > 0) {
      const next = Math.floor(carry / LIMB);
      limbs.push(carry - next * LIMB);
      carry = next;
    }
  }
  // Written from the least significant digit backwards, then the top limb's leading zero digits dropped.
  const out = Buffer.allocUnsafe(zeros + limbs.length * 5);
  let position = out.length;
  for (let j = 0; j < limbs.length; j++) {
    let limb = limbs[j]!;
    for (let k = 0; k < 5; k++) {
      const next = Math.floor(limb / 58);
      out[--position] = ALPHABET_CODES[limb - next * 58]!;
      limb = next;
    }
  }
  let first = zeros;
  while (first < out.length && out[first] === 49 /* '1' */) first++;
  out.fill(49, 0, zeros);
  return zeros === first
    ? out.toString('latin1')
    : out.toString('latin1', 0, zeros) + out.toString('latin1', first);
}

/**
 * Decodes a base58 string, or returns `null` when it holds a character outside the alphabet.
 *
 * @example decodeBase58('11111111111111111111111111111111')?.length // 32
 */
export function decodeBase58(text: string): Uint8Array | null {
  let zeros = 0;
  while (zeros < text.length && text.charCodeAt(zeros) === 49 /* '1' */) zeros++;
  // Little-endian limbs of 16 bits, fed up to five digits at a time.
  const limbs: number[] = [];
  for (let i = zeros; i < text.length;) {
    const group = Math.min(5, text.length - i);
    let carry = 0;
    for (let k = 0; k < group; k++, i++) {
      const code = text.charCodeAt(i);
      const digit = code < 128 ? DIGITS[code]! : -1;
      if (digit < 0) return null;
      carry = carry * 58 + digit;
    }
    const multiplier = POWERS[group]!;
    for (let j = 0; j < limbs.length; j++) {
      const value = limbs[j]! * multiplier + carry;
      carry = Math.floor(value / 65_536);
      limbs[j] = value - carry * 65_536;
    }
    while (carry > 0) {
      const next = Math.floor(carry / 65_536);
      limbs.push(carry - next * 65_536);
      carry = next;
    }
  }
  let length = limbs.length * 2;
  if (length > 0 && limbs[limbs.length - 1]! < 256) length--;
  const out = new Uint8Array(zeros + length);
  for (let j = 0, position = out.length - 1; position >= zeros; j++) {
    const limb = limbs[j]!;
    out[position--] = limb & 0xff;
    if (position >= zeros) out[position--] = limb >>> 8;
  }
  return out;
}

/** The index of the first character of `text` outside the base58 alphabet, or -1. */
export function invalidBase58Index(text: string): number {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 128 || DIGITS[code]! < 0) return i;
  }
  return -1;
}
