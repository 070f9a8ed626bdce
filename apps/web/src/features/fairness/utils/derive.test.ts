import { describe, expect, it } from 'vitest';

import { FAIRNESS_VECTORS, VECTOR_CHAIN } from '../testing/fairness-vectors.ts';
import {
  fairMessage,
  fairResult,
  fromHex,
  hashTimes,
  randomValueFromHmac,
  rollFor,
  sha256,
  toHex,
} from './derive.ts';

describe('derive (WebCrypto)', () => {
  it.each(FAIRNESS_VECTORS.map((vector) => [vector.seedIndex, vector] as const))(
    'reproduces the server vector of seed s%i',
    async (_, vector) => {
      const seed = fromHex(vector.seed);
      expect(toHex(await sha256(seed))).toBe(vector.previousSeed);
      expect(toHex(await hashTimes(seed, vector.seedIndex))).toBe(VECTOR_CHAIN.head);
      expect(toHex(fairMessage(vector.betAddress, vector.signature))).toBe(vector.message);
      const roll = await rollFor(seed, vector.betAddress, vector.signature);
      expect(toHex(roll.hmac)).toBe(vector.hmac);
      expect(roll.randomValue).toBe(vector.randomValue);
    },
  );

  it('reads the roll as the first 8 bytes, little-endian, mod 100', () => {
    const digest = new Uint8Array(32);
    digest.set([0x39, 0x30, 0, 0, 0, 0, 0, 0]); // 12345 little-endian
    digest.fill(0xff, 8); // the rest is ignored
    expect(randomValueFromHmac(digest)).toBe(45);
    expect(randomValueFromHmac(new Uint8Array(32).fill(0xff))).toBe(15); // (2^64 − 1) mod 100
  });

  it('wins iff the roll is below the odds', () => {
    expect(fairResult(39, 40)).toBe('Win');
    expect(fairResult(40, 40)).toBe('Loss');
    expect(fairResult(0, 1)).toBe('Win');
    expect(fairResult(95, 95)).toBe('Loss');
  });

  it('refuses a message from what is not an address and a signature', () => {
    const [vector] = FAIRNESS_VECTORS;
    expect(() => fairMessage(vector!.signature, vector!.signature)).toThrow(RangeError);
    expect(() => fairMessage(vector!.betAddress, vector!.betAddress)).toThrow(RangeError);
    expect(() => fairMessage('0OIl', vector!.signature)).toThrow(RangeError);
    expect(() => fromHex('abc')).toThrow(RangeError);
    expect(() => fromHex('zz')).toThrow(RangeError);
  });

  it('stops walking a chain when aborted', async () => {
    const abort = new AbortController();
    abort.abort();
    await expect(hashTimes(new Uint8Array(32), 10, { signal: abort.signal })).rejects.toThrow();
  });
});
