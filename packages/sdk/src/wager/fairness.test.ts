import { createHash, createHmac } from 'node:crypto';

import { getBase16Encoder } from '@solana/kit';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { bytes32, u64 } from '../../test/arbitraries.ts';
import { SYSTEM_PROGRAM_ADDRESS } from '../anchor/instructions.ts';
import { RANDOM_VALUE_RANGE } from '../constants.ts';
import {
  FAIRNESS_BYTES,
  bytesToHex,
  formatRevealLog,
  hexToBytes,
  parseRevealLog,
  parseRevealLogs,
  randomPlayerSeed,
  rollFor,
  rollMessage,
  seedLinksTo,
  type RevealLog,
} from './fairness.ts';
import { WAGER_PROGRAM_ADDRESS } from './program.ts';

const WAGER = WAGER_PROGRAM_ADDRESS;
const OTHER = 'Stake11111111111111111111111111111111111111';

/** The roll computed independently with node:crypto, as programs/wager/src/fairness.c does. */
function nodeRoll(seed: Uint8Array, sequence: bigint, playerSeed: Uint8Array, slotHash: Uint8Array): number {
  const sequenceLe = Buffer.alloc(8);
  sequenceLe.writeBigUInt64LE(sequence);
  const digest = createHmac('sha256', seed).update(sequenceLe).update(playerSeed).update(slotHash).digest();
  return Number(digest.readBigUInt64LE(0) % 100n);
}

const sha256 = (bytes: Uint8Array) => new Uint8Array(createHash('sha256').update(bytes).digest());
const filled = (byte: number) => new Uint8Array(32).fill(byte);
const counting = (from: number) => Uint8Array.from({ length: 32 }, (_, i) => (from + i) & 0xff);

/** A transaction's logs with `messages` logged by Wager itself. */
const wagerLogs = (...messages: string[]) => [
  `Program ${WAGER} invoke [1]`,
  ...messages.map((m) => `Program log: ${m}`),
  `Program ${WAGER} consumed 21000 of 200000 compute units`,
  `Program ${WAGER} success`,
];

describe('rollFor', () => {
  const vectors = [
    { seed: filled(0), sequence: 0n, playerSeed: filled(0), slotHash: filled(0) },
    { seed: filled(1), sequence: 1n, playerSeed: filled(2), slotHash: filled(3) },
    { seed: counting(0), sequence: 9_999n, playerSeed: counting(100), slotHash: counting(200) },
    { seed: filled(0xff), sequence: 2n ** 64n - 1n, playerSeed: filled(0xab), slotHash: filled(0xcd) },
    { seed: sha256(filled(7)), sequence: 0x0102_0304_0506_0708n, playerSeed: filled(9), slotHash: filled(8) },
  ];

  it.each(vectors)('matches HMAC-SHA256 by node:crypto (sequence $sequence)', async (vector) => {
    const expected = nodeRoll(vector.seed, vector.sequence, vector.playerSeed, vector.slotHash);
    expect(await rollFor(vector)).toBe(expected);
    expect(await rollFor({ ...vector, sequence: vector.sequence })).toBeLessThan(RANDOM_VALUE_RANGE);
  });

  it('pins one vector to its digest bytes', async () => {
    // HMAC-SHA256(key = 32 × 0x01, message = u64le(1) ‖ 32 × 0x02 ‖ 32 × 0x03).
    const message = Buffer.concat([Buffer.from([1, 0, 0, 0, 0, 0, 0, 0]), filled(2), filled(3)]);
    const digest = createHmac('sha256', filled(1)).update(message).digest();
    const input = { seed: filled(1), sequence: 1n, playerSeed: filled(2), slotHash: filled(3) };
    expect(rollMessage(input)).toEqual(new Uint8Array(message));
    expect(await rollFor(input)).toBe(Number(digest.readBigUInt64LE(0) % 100n));
  });

  it('is in 0..99 and agrees with node:crypto for any input', async () => {
    await fc.assert(
      fc.asyncProperty(
        bytes32(),
        u64(),
        bytes32(),
        bytes32(),
        async (seed, sequence, playerSeed, slotHash) => {
          const roll = await rollFor({ seed, sequence, playerSeed, slotHash });
          expect(Number.isInteger(roll)).toBe(true);
          expect(roll).toBeGreaterThanOrEqual(0);
          expect(roll).toBeLessThan(RANDOM_VALUE_RANGE);
          expect(roll).toBe(nodeRoll(seed, sequence, playerSeed, slotHash));
        },
      ),
      { numRuns: 200 },
    );
  });

  it('takes a number sequence, and read-only bytes as kit decodes them', async () => {
    const input = { seed: counting(3), sequence: 42n, playerSeed: counting(4), slotHash: counting(5) };
    const expected = await rollFor(input);
    expect(await rollFor({ ...input, sequence: 42 })).toBe(expected);
    const hex = (b: Uint8Array) => getBase16Encoder().encode(bytesToHex(b));
    expect(await rollFor({ ...input, seed: hex(input.seed), slotHash: hex(input.slotHash) })).toBe(expected);
  });

  it('refuses inputs of the wrong size or range', async () => {
    const input = { seed: filled(1), sequence: 1n, playerSeed: filled(2), slotHash: filled(3) };
    await expect(rollFor({ ...input, seed: new Uint8Array(31) })).rejects.toThrow(RangeError);
    await expect(rollFor({ ...input, playerSeed: new Uint8Array(33) })).rejects.toThrow(/playerSeed/);
    await expect(rollFor({ ...input, slotHash: new Uint8Array(0) })).rejects.toThrow(/slotHash/);
    await expect(rollFor({ ...input, sequence: -1n })).rejects.toThrow(/sequence/);
    await expect(rollFor({ ...input, sequence: 2n ** 64n })).rejects.toThrow(RangeError);
    await expect(rollFor({ ...input, sequence: 1.5 })).rejects.toThrow(RangeError);
  });
});

describe('seedLinksTo', () => {
  it('holds exactly when sha256(seed) is the previous commitment', async () => {
    await fc.assert(
      fc.asyncProperty(bytes32(), bytes32(), async (seed, other) => {
        expect(await seedLinksTo(seed, sha256(seed))).toBe(true);
        expect(await seedLinksTo(seed, other)).toBe(bytesToHex(other) === bytesToHex(sha256(seed)));
      }),
      { numRuns: 50 },
    );
  });

  it('walks a hash chain back to its head', async () => {
    // s_3 → s_2 → s_1 → s_0 (the head), s_i = sha256(s_{i+1}).
    const s3 = counting(9);
    const s2 = sha256(s3);
    const s1 = sha256(s2);
    const head = sha256(s1);
    expect(await seedLinksTo(s1, head)).toBe(true);
    expect(await seedLinksTo(s2, s1)).toBe(true);
    expect(await seedLinksTo(s3, s2)).toBe(true);
    expect(await seedLinksTo(s3, s1)).toBe(false);
    expect(await seedLinksTo(s1, head.subarray(0, 31))).toBe(false);
  });
});

describe('bytes', () => {
  it('hex round-trips any bytes, lower case', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), (bytes) => {
        const hex = bytesToHex(bytes);
        expect(hex).toMatch(/^[0-9a-f]*$/);
        expect(hex).toBe(Buffer.from(bytes).toString('hex'));
        expect(hexToBytes(hex)).toEqual(bytes);
        expect(hexToBytes(hex.toUpperCase())).toEqual(bytes);
      }),
    );
    expect(() => hexToBytes('abc')).toThrow(RangeError);
    expect(() => hexToBytes('0x00')).toThrow(RangeError);
    expect(() => hexToBytes('zz')).toThrow(RangeError);
  });

  it('makes a fresh 32-byte random player seed each time', () => {
    const a = randomPlayerSeed();
    const b = randomPlayerSeed();
    expect(a).toBeInstanceOf(Uint8Array);
    expect(a).toHaveLength(FAIRNESS_BYTES);
    expect(bytesToHex(a)).not.toBe(bytesToHex(b));
  });
});

const revealLog = (): fc.Arbitrary<RevealLog> =>
  fc.oneof(
    fc.record({
      kind: fc.constant('settled' as const),
      sequence: u64(),
      roll: fc.integer({ min: 0, max: 99 }),
      slot: u64(),
      slotHash: bytes32(),
      afterRefund: fc.boolean(),
    }),
    fc.record({
      kind: fc.constant('refunded' as const),
      sequence: u64(),
      reason: fc.constantFrom('earlier' as const, 'expired' as const),
    }),
  );

describe('parseRevealLog', () => {
  const slotHash = hexToBytes('00ff'.repeat(16));

  it("reads the program's four lines", () => {
    expect(
      parseRevealLog(wagerLogs(`Reveal sequence=7 roll=42 slot=345678 slot_hash=${'00ff'.repeat(16)}`)),
    ).toEqual({ kind: 'settled', sequence: 7n, roll: 42, slot: 345_678n, slotHash, afterRefund: false });
    // A bet refunded earlier whose refund captured its slot hash: rolled with that hash.
    expect(
      parseRevealLog(
        wagerLogs(`Reveal sequence=8 roll=3 slot=345679 slot_hash=${'00ff'.repeat(16)} refunded=earlier`),
      ),
    ).toEqual({ kind: 'settled', sequence: 8n, roll: 3, slot: 345_679n, slotHash, afterRefund: true });
    expect(parseRevealLog(wagerLogs('Reveal sequence=0 refunded=expired'))).toEqual({
      kind: 'refunded',
      sequence: 0n,
      reason: 'expired',
    });
    expect(parseRevealLog(wagerLogs('Reveal sequence=18446744073709551615 refunded=earlier'))).toEqual({
      kind: 'refunded',
      sequence: 2n ** 64n - 1n,
      reason: 'earlier',
    });
  });

  it('parses what it formats, for every reveal', () => {
    fc.assert(
      fc.property(revealLog(), (reveal) => {
        expect(parseRevealLog(wagerLogs(formatRevealLog(reveal)))).toEqual(reveal);
      }),
    );
  });

  it('reads every reveal of a transaction, in order, skipping other lines', () => {
    fc.assert(
      fc.property(fc.array(revealLog(), { maxLength: 5 }), (reveals) => {
        const logs = wagerLogs('Instruction: RevealBet', ...reveals.map(formatRevealLog), 'Reveal done');
        expect(parseRevealLogs(logs)).toEqual(reveals);
        expect(parseRevealLog(logs)).toEqual(reveals[0] ?? null);
      }),
    );
  });

  it("counts only Wager's own lines: not another program's, nor a program Wager calls", () => {
    const line = 'Reveal sequence=3 roll=5 slot=9 slot_hash=' + '11'.repeat(32);
    const other = [`Program ${OTHER} invoke [1]`, `Program log: ${line}`, `Program ${OTHER} success`];
    expect(parseRevealLog(other)).toBeNull();
    const inCpi = [
      `Program ${WAGER} invoke [1]`,
      `Program ${SYSTEM_PROGRAM_ADDRESS} invoke [2]`,
      `Program log: ${line}`,
      `Program ${SYSTEM_PROGRAM_ADDRESS} success`,
      `Program ${WAGER} success`,
    ];
    expect(parseRevealLog(inCpi)).toBeNull();
    expect(parseRevealLog(other, { programAddress: OTHER as typeof WAGER })).toMatchObject({ sequence: 3n });
    expect(parseRevealLog([`Program log: ${line}`])).toBeNull();
  });

  it('rejects malformed and out-of-range lines', () => {
    const hash = 'ab'.repeat(32);
    for (const message of [
      `Reveal sequence=1 roll=100 slot=9 slot_hash=${hash}`,
      `Reveal sequence=1 roll=05 slot=9 slot_hash=${hash}`,
      `Reveal sequence=01 roll=5 slot=9 slot_hash=${hash}`,
      `Reveal sequence=1 roll=5 slot=9 slot_hash=${hash.toUpperCase()}`,
      `Reveal sequence=1 roll=5 slot=9 slot_hash=${hash.slice(2)}`,
      `Reveal sequence=1 roll=5 slot=18446744073709551616 slot_hash=${hash}`,
      `Reveal sequence=18446744073709551616 refunded=expired`,
      `Reveal sequence=1 refunded=later`,
      // The deadline no longer refunds a bet; the program never logs it.
      `Reveal sequence=1 refunded=deadline`,
      // Only a rolled line may say it came after a refund, and only as `earlier`.
      `Reveal sequence=1 roll=5 slot=9 slot_hash=${hash} refunded=expired`,
      `Reveal sequence=1 roll=5 slot=9 slot_hash=${hash} refunded=earlier extra`,
      `Reveal sequence=1 roll=5 slot=9 slot_hash=${hash}  refunded=earlier`,
      `Reveal sequence=1 refunded=earlier roll=5`,
      `Reveal sequence=-1 refunded=earlier`,
      `Reveal sequence=1 roll=5 slot=9 slot_hash=${hash} extra`,
      `Reveal sequence=1 roll=5`,
    ]) {
      expect(parseRevealLog(wagerLogs(message))).toBeNull();
    }
    expect(parseRevealLog([])).toBeNull();
  });

  it('formats only what the program could log', () => {
    const settled = {
      kind: 'settled',
      sequence: 1n,
      roll: 5,
      slot: 9n,
      slotHash: filled(1),
      afterRefund: false,
    } as const;
    expect(formatRevealLog(settled)).toBe(`Reveal sequence=1 roll=5 slot=9 slot_hash=${'01'.repeat(32)}`);
    expect(formatRevealLog({ ...settled, afterRefund: true })).toBe(
      `Reveal sequence=1 roll=5 slot=9 slot_hash=${'01'.repeat(32)} refunded=earlier`,
    );
    expect(formatRevealLog({ kind: 'refunded', sequence: 4n, reason: 'earlier' })).toBe(
      'Reveal sequence=4 refunded=earlier',
    );
    expect(formatRevealLog({ kind: 'refunded', sequence: 4n, reason: 'expired' })).toBe(
      'Reveal sequence=4 refunded=expired',
    );
    expect(() => formatRevealLog({ kind: 'refunded', sequence: -1n, reason: 'expired' })).toThrow(RangeError);
    expect(() => formatRevealLog({ ...settled, roll: 100 })).toThrow(RangeError);
    expect(() => formatRevealLog({ ...settled, slotHash: new Uint8Array(31) })).toThrow(RangeError);
    expect(() => formatRevealLog({ ...settled, slot: -1n })).toThrow(RangeError);
  });

  it("recomputes the roll a reveal logged from the seed, the bet's player seed and the logged hash", async () => {
    const seed = counting(1);
    const playerSeed = counting(50);
    const logged = { sequence: 12n, slot: 777n, slotHash: counting(90) };
    const roll = nodeRoll(seed, logged.sequence, playerSeed, logged.slotHash);
    for (const afterRefund of [false, true]) {
      const reveal = parseRevealLog(
        wagerLogs(formatRevealLog({ kind: 'settled', roll, ...logged, afterRefund })),
      );
      expect(reveal?.kind).toBe('settled');
      if (reveal?.kind !== 'settled') return;
      expect(reveal.afterRefund).toBe(afterRefund);
      expect(await rollFor({ seed, sequence: reveal.sequence, playerSeed, slotHash: reveal.slotHash })).toBe(
        reveal.roll,
      );
    }
  });
});
