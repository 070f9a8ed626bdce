/**
 * Base58 (Bitcoin alphabet) decoding, just enough for program addresses; kept local so the generator has no
 * runtime dependency.
 *
 * @module
 */

const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

/**
 * Decodes a base58 string to bytes. Each leading '1' is a leading zero byte.
 *
 * @throws {Error} on a character outside the alphabet.
 * @example decodeBase58('11111111111111111111111111111111') // 32 zero bytes: the System Program
 */
export function decodeBase58(text: string): Uint8Array {
  let value = 0n;
  for (const char of text) {
    const digit = ALPHABET.indexOf(char);
    if (digit < 0) throw new Error(`"${char}" is not a base58 character`);
    value = value * 58n + BigInt(digit);
  }
  const body: number[] = [];
  while (value > 0n) {
    body.push(Number(value & 0xffn));
    value >>= 8n;
  }
  let zeros = 0;
  while (text[zeros] === '1') zeros++;
  return Uint8Array.from([...new Array<number>(zeros).fill(0), ...body.reverse()]);
}
