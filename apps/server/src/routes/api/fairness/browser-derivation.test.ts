/**
 * The web app re-derives TailSpin and ReTail rolls in the browser with WebCrypto
 * (`apps/web/src/features/fairness/utils/derive.ts`). This holds it to the server's own implementation
 * (`workers/settler/provably-fair.ts`): the recorded vectors, and random seeds, bets and chains.
 */

import { getBase58Decoder } from '@solana/kit';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import * as browser from '../../../../../web/src/features/fairness/utils/derive.ts';
import {
  FAIRNESS_VECTORS,
  VECTOR_CHAIN,
} from '../../../../../web/src/features/fairness/testing/fairness-vectors.ts';
import {
  fairHmac,
  fairMessage,
  fairResult,
  fromHex,
  hashChain,
  randomValueFor,
  sha256,
  toHex,
} from '../../../workers/settler/provably-fair.ts';

const base58 = getBase58Decoder();

describe('the recorded vectors', () => {
  it('are what the server computes', () => {
    const seeds = hashChain(fromHex(VECTOR_CHAIN.secret), VECTOR_CHAIN.length);
    expect(toHex(seeds[0]!)).toBe(VECTOR_CHAIN.head);
    for (const vector of FAIRNESS_VECTORS) {
      const seed = fromHex(vector.seed);
      expect(toHex(seeds[vector.seedIndex]!)).toBe(vector.seed);
      expect(toHex(sha256(seed))).toBe(vector.previousSeed);
      const message = fairMessage(vector.betAddress, vector.signature);
      expect(toHex(message)).toBe(vector.message);
      expect(toHex(fairHmac(seed, message))).toBe(vector.hmac);
      expect(randomValueFor(seed, vector.betAddress, vector.signature)).toBe(vector.randomValue);
    }
  });

  it('are what the browser computes', async () => {
    for (const vector of FAIRNESS_VECTORS) {
      const seed = browser.fromHex(vector.seed);
      expect(browser.toHex(await browser.sha256(seed))).toBe(vector.previousSeed);
      expect(browser.toHex(await browser.hashTimes(seed, vector.seedIndex))).toBe(VECTOR_CHAIN.head);
      expect(browser.toHex(browser.fairMessage(vector.betAddress, vector.signature))).toBe(vector.message);
      const roll = await browser.rollFor(seed, vector.betAddress, vector.signature);
      expect(browser.toHex(roll.hmac)).toBe(vector.hmac);
      expect(roll.randomValue).toBe(vector.randomValue);
    }
  });
});

describe('browser and server agree', () => {
  const bytes = (length: number) => fc.uint8Array({ minLength: length, maxLength: length });

  it('on every roll, message and result', async () => {
    await fc.assert(
      fc.asyncProperty(
        bytes(32),
        bytes(32),
        bytes(64),
        fc.integer({ min: 1, max: 95 }),
        async (seed, bet, sig, odds) => {
          const betAddress = base58.decode(bet);
          const signature = base58.decode(sig);
          expect(browser.toHex(browser.fairMessage(betAddress, signature))).toBe(
            toHex(fairMessage(betAddress, signature)),
          );
          const roll = await browser.rollFor(seed, betAddress, signature);
          const expected = randomValueFor(seed, betAddress, signature);
          expect(roll.randomValue).toBe(expected);
          expect(browser.fairResult(roll.randomValue, odds)).toBe(fairResult(expected, odds));
        },
      ),
      { numRuns: 200 },
    );
  });

  it('on walking a chain back to its head', async () => {
    await fc.assert(
      fc.asyncProperty(bytes(32), fc.integer({ min: 1, max: 40 }), async (secret, length) => {
        const seeds = hashChain(secret, length);
        const index = 1 + (secret[0]! % length);
        expect(browser.toHex(await browser.hashTimes(seeds[index]!, index))).toBe(toHex(seeds[0]!));
      }),
      { numRuns: 50 },
    );
  });

  it('on what is not a bet address or a signature', () => {
    const address = base58.decode(new Uint8Array(32).fill(9));
    const signature = base58.decode(new Uint8Array(64).fill(9));
    for (const [bet, sig] of [
      [signature, signature],
      [address, address],
      ['0OIl', signature],
    ] as const) {
      expect(() => fairMessage(bet, sig)).toThrow();
      expect(() => browser.fairMessage(bet, sig)).toThrow(RangeError);
    }
  });
});
