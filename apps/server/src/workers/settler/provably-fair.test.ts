/**
 * The provably fair derivation: hash chains link back to their head, rolls are deterministic and in 0–99,
 * and the message encoding is the documented one.
 */

import { createHash, createHmac } from 'node:crypto';

import { getBase58Decoder } from '@solana/kit';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import {
  fairMessage,
  fairResult,
  hashChain,
  linksTo,
  randomValueFor,
  randomValueFromHmac,
  sha256,
  toHex,
} from './provably-fair.ts';

const base58 = getBase58Decoder();
const bytes = (length: number) => fc.uint8Array({ minLength: length, maxLength: length });
const addressArb = bytes(32).map((b) => base58.decode(b));
const signatureArb = bytes(64).map((b) => base58.decode(b));

describe('hashChain', () => {
  it('links every seed to the one before it, back to the head', () => {
    fc.assert(
      fc.property(bytes(32), fc.integer({ min: 1, max: 60 }), (secret, length) => {
        const seeds = hashChain(secret, length);
        expect(seeds).toHaveLength(length + 1);
        expect(toHex(seeds[length] ?? new Uint8Array())).toBe(toHex(secret));
        for (let i = 1; i <= length; i += 1) {
          expect(linksTo(seeds[i] ?? new Uint8Array(), seeds[i - 1] ?? new Uint8Array())).toBe(true);
        }
        // Hashing s_i i times reaches the head.
        const i = Math.ceil(length / 2);
        let walk = seeds[i] ?? new Uint8Array();
        for (let k = 0; k < i; k += 1) walk = sha256(walk);
        expect(toHex(walk)).toBe(toHex(seeds[0] ?? new Uint8Array()));
      }),
    );
  });

  it('refuses an empty chain or a short secret', () => {
    expect(() => hashChain(new Uint8Array(32), 0)).toThrow(RangeError);
    expect(() => hashChain(new Uint8Array(31), 5)).toThrow(RangeError);
  });
});

describe('randomValueFor', () => {
  it('is deterministic, within 0–99, and is HMAC-SHA256(seed, address ‖ signature) read as documented', () => {
    fc.assert(
      fc.property(bytes(32), addressArb, signatureArb, (seed, betAddress, signature) => {
        const value = randomValueFor(seed, betAddress, signature);
        expect(value).toBe(randomValueFor(seed, betAddress, signature));
        expect(Number.isInteger(value) && value >= 0 && value <= 99).toBe(true);
        // An independent reading of the spec: node's HMAC over the raw 32 + 64 bytes, first 8 bytes LE.
        const message = Buffer.concat([
          Buffer.from(fairMessage(betAddress, signature).subarray(0, 32)),
          Buffer.from(fairMessage(betAddress, signature).subarray(32)),
        ]);
        expect(message).toHaveLength(96);
        const digest = createHmac('sha256', seed).update(message).digest();
        expect(value).toBe(Number(digest.readBigUInt64LE(0) % 100n));
      }),
    );
  });

  it('puts the address bytes first and the signature bytes after', () => {
    const address = base58.decode(new Uint8Array(32).fill(7));
    const signature = base58.decode(new Uint8Array(64).fill(9));
    const message = fairMessage(address, signature);
    expect([...message.subarray(0, 32)].every((b) => b === 7)).toBe(true);
    expect([...message.subarray(32)].every((b) => b === 9)).toBe(true);
  });

  it('refuses keys of the wrong length', () => {
    expect(() =>
      fairMessage(base58.decode(new Uint8Array(31).fill(1)), base58.decode(new Uint8Array(64))),
    ).toThrow(RangeError);
    expect(() =>
      fairMessage(base58.decode(new Uint8Array(32).fill(1)), base58.decode(new Uint8Array(63))),
    ).toThrow(RangeError);
    expect(() => fairMessage('not base58 0OIl', base58.decode(new Uint8Array(64)))).toThrow();
  });

  it('reads the first 8 bytes little-endian', () => {
    const digest = new Uint8Array(32);
    digest[0] = 0x65; // 101 → 1
    expect(randomValueFromHmac(digest)).toBe(1);
    digest.fill(0xff, 0, 8); // 2^64 − 1 = 18446744073709551615 → 15
    expect(randomValueFromHmac(digest)).toBe(15);
    // Bytes after the eighth do not count.
    digest.fill(0x42, 8);
    expect(randomValueFromHmac(digest)).toBe(15);
  });

  it('is roughly uniform over many rolls', () => {
    const counts = new Array<number>(100).fill(0);
    const seed = createHash('sha256').update('uniformity').digest();
    for (let i = 0; i < 20_000; i += 1) {
      const sig = createHash('sha512').update(String(i)).digest();
      const value = randomValueFor(seed, base58.decode(new Uint8Array(32).fill(3)), base58.decode(sig));
      counts[value] = (counts[value] ?? 0) + 1;
    }
    for (const count of counts) expect(count).toBeGreaterThan(120);
  });
});

describe('fairResult', () => {
  it('wins iff the roll is below the odds', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99 }), fc.integer({ min: 1, max: 95 }), (roll, odds) => {
        expect(fairResult(roll, odds)).toBe(roll < odds ? 'Win' : 'Loss');
      }),
    );
  });
});
