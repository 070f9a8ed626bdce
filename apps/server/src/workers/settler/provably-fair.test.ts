/**
 * The settler's hash chains link back to their head, a bet's seed index follows its sequence, the algorithm
 * text names the program's formula, and the spec's off-chain bets' rolls (their old records) stay
 * deterministic, in 0–99, with the documented message.
 */

import { createHash, createHmac } from 'node:crypto';

import { getBase58Decoder } from '@solana/kit';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { rollFor, rollMessage } from '@arcade/sdk/wager/fairness';

import {
  FAIR_ALGORITHM,
  fairMessage,
  fairResult,
  hashChain,
  linksTo,
  randomValueFor,
  randomValueFromHmac,
  seedIndexOf,
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

describe('seedIndexOf', () => {
  it('gives the bet with sequence q in a chain starting at c the seed s_(q − c + 1)', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 2n ** 40n }),
        fc.integer({ min: 0, max: 10_000 }),
        (start, offset) => {
          expect(seedIndexOf(start + BigInt(offset), start)).toBe(offset + 1);
        },
      ),
    );
    expect(() => seedIndexOf(4n, 5n)).toThrow(RangeError);
  });
});

describe('FAIR_ALGORITHM', () => {
  it("states the program's roll: HMAC-SHA256 keyed by the seed over sequence ‖ player seed ‖ slot hash, mod 100", async () => {
    expect(FAIR_ALGORITHM.roll).toContain('HMAC-SHA256(key = s_i, message) mod 100');
    expect(FAIR_ALGORITHM.message).toContain('72 bytes');
    // What the text says, computed independently with node:crypto, is what the SDK's rollFor computes.
    const seed = createHash('sha256').update('seed').digest();
    const playerSeed = createHash('sha256').update('player').digest();
    const slotHash = createHash('sha256').update('slot').digest();
    const message = Buffer.concat([Buffer.from([7, 0, 0, 0, 0, 0, 0, 0]), playerSeed, slotHash]);
    expect(Buffer.from(rollMessage({ sequence: 7n, playerSeed, slotHash }))).toEqual(message);
    const roll = Number(createHmac('sha256', seed).update(message).digest().readBigUInt64LE(0) % 100n);
    expect(await rollFor({ seed, sequence: 7n, playerSeed, slotHash })).toBe(roll);
  });
});

describe("randomValueFor (the spec's off-chain bets)", () => {
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
