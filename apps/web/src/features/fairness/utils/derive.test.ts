import { bytesToHex, hexToBytes, rollFor, rollMessage, seedLinksTo } from '@arcade/sdk/wager/fairness';
import { describe, expect, it } from 'vitest';

import { FAIRNESS_VECTORS, VECTOR_CHAIN } from '../testing/fairness-vectors.ts';
import { digestU64, fairResult, hashTimes, parse32, rollDigest, rollFromDigest, sha256 } from './derive.ts';

function inputOf(vector: (typeof FAIRNESS_VECTORS)[number]) {
  return {
    seed: hexToBytes(vector.seed),
    sequence: vector.sequence,
    playerSeed: hexToBytes(vector.playerSeed),
    slotHash: hexToBytes(vector.slotHash),
  };
}

describe('derive (WebCrypto, with the SDK)', () => {
  it.each(FAIRNESS_VECTORS.map((vector) => [vector.seedIndex, vector] as const))(
    'reproduces the vector of seed s%i',
    async (_, vector) => {
      const input = inputOf(vector);
      // The seed links to the commitment before it and walks back to the committed head.
      expect(bytesToHex(await sha256(input.seed))).toBe(vector.previousSeed);
      expect(await seedLinksTo(input.seed, hexToBytes(vector.previousSeed))).toBe(true);
      expect(bytesToHex(await hashTimes(input.seed, vector.seedIndex))).toBe(VECTOR_CHAIN.head);
      // The message is sequence (u64 LE) ‖ player seed ‖ slot hash.
      expect(bytesToHex(rollMessage(input))).toBe(vector.message);
      expect(vector.message).toHaveLength(72 * 2);
      // The digest the page shows, and the SDK's roll, are the vector's.
      const digest = await rollDigest(input);
      expect(bytesToHex(digest)).toBe(vector.hmac);
      expect(rollFromDigest(digest)).toBe(vector.roll);
      expect(await rollFor(input)).toBe(vector.roll);
    },
  );

  it('holds the vectors to their chain: consecutive sequences, each seed the one before the next', () => {
    FAIRNESS_VECTORS.forEach((vector, index) => {
      expect(vector.sequence).toBe(VECTOR_CHAIN.startSequence + index);
      if (index > 0) expect(vector.previousSeed).toBe(FAIRNESS_VECTORS[index - 1]!.seed);
    });
    expect(FAIRNESS_VECTORS.at(-1)!.seed).toBe(VECTOR_CHAIN.secret);
  });

  it('reads the roll as the first 8 bytes, little-endian, mod 100', () => {
    const digest = new Uint8Array(32);
    digest.set([0x39, 0x30, 0, 0, 0, 0, 0, 0]); // 12345 little-endian
    digest.fill(0xff, 8); // the rest is ignored
    expect(digestU64(digest)).toBe(12_345n);
    expect(rollFromDigest(digest)).toBe(45);
    expect(rollFromDigest(new Uint8Array(32).fill(0xff))).toBe(15); // (2^64 − 1) mod 100
  });

  it('wins iff the roll is below the odds', () => {
    expect(fairResult(39, 40)).toBe('Win');
    expect(fairResult(40, 40)).toBe('Loss');
    expect(fairResult(0, 1)).toBe('Win');
    expect(fairResult(95, 95)).toBe('Loss');
  });

  it('takes only 32 bytes of hex as a seed or a slot hash', () => {
    expect(parse32(FAIRNESS_VECTORS[0]!.seed)).toEqual(hexToBytes(FAIRNESS_VECTORS[0]!.seed));
    expect(parse32('ab'.repeat(31))).toBeNull();
    expect(parse32('zz'.repeat(32))).toBeNull();
    expect(parse32(null)).toBeNull();
  });

  it('stops walking a chain when aborted', async () => {
    const abort = new AbortController();
    abort.abort();
    await expect(hashTimes(new Uint8Array(32), 10, { signal: abort.signal })).rejects.toThrow();
  });
});
