/**
 * The SDK's u128 helpers (include/sol/math.h), run on-chain in the fixture and checked against BigInt:
 * u64 x u64 -> u128, u128 / u64 with remainder, mul_div_floor and mul_div_ceil, division by zero.
 * Each transaction carries 40 cases; the fixture writes 64 bytes of results per case into an account.
 */
import fc from 'fast-check';
import { generateKeyPairSigner, lamports, type Address } from '@solana/kit';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  concat,
  FIXTURE_ID,
  fixtureInstruction,
  u64le,
  withFixture,
  writable,
  type Sender,
} from './fixture-harness.ts';

const U64_MAX = 2n ** 64n - 1n;
const BATCH = 40;
const RESULT_WORDS = 8;
/** Always among the cases: the boundaries where carries, normalisation shifts and overflow checks turn. */
const EDGES = [0n, 1n, 2n, 3n, 2n ** 32n - 1n, 2n ** 32n, 2n ** 63n, U64_MAX - 1n, U64_MAX];

type Case = readonly [a: bigint, b: bigint, c: bigint];

/** What the fixture must write for one case (layout in fixture.c, ix_u128). */
function expected([a, b, c]: Case): bigint[] {
  const product = a * b;
  const lo = product & U64_MAX;
  const hi = product >> 64n;
  if (c === 0n) return [lo, hi, 0n, 0n, 0n, 0n, 0n, 0n];
  const q = product / c;
  const r = product % c;
  const ceil = q + (r === 0n ? 0n : 1n);
  const floorOk = q <= U64_MAX;
  const ceilOk = ceil <= U64_MAX;
  const flags = 1n | (floorOk ? 2n : 0n) | (ceilOk ? 4n : 0n);
  return [lo, hi, q & U64_MAX, q >> 64n, r, flags, floorOk ? q : 0n, ceilOk ? ceil : 0n];
}

const u64 = fc.oneof(
  fc.constantFrom(...EDGES),
  fc.bigInt({ min: 0n, max: U64_MAX }),
  fc.bigInt({ min: 0n, max: 2n ** 32n }),
  // Near the top, where products overflow u64 and quotients overflow it again.
  fc.bigInt({ min: U64_MAX - 2n ** 20n, max: U64_MAX }),
);
const divisor = fc.oneof({ weight: 1, arbitrary: fc.constant(0n) }, { weight: 9, arbitrary: u64 });
const batch = fc.array(fc.tuple(u64, u64, divisor), { minLength: BATCH, maxLength: BATCH });

describe.each(['v3', 'v0'] as const)('u128 helpers on-chain (%s)', (version) => {
  let sender: Sender;
  let results: Address;

  beforeAll(async () => {
    sender = await withFixture(version);
    results = (await generateKeyPairSigner()).address;
    const size = BATCH * RESULT_WORDS * 8;
    sender.svm.setAccount({
      address: results,
      data: new Uint8Array(size),
      executable: false,
      lamports: lamports(sender.svm.minimumBalanceForRentExemption(BigInt(size))),
      programAddress: FIXTURE_ID,
      space: BigInt(size),
    });
  });

  /** Runs up to 40 cases in one transaction; returns the fixture's result words per case, and its CU. */
  async function run(cases: readonly Case[]): Promise<{ words: bigint[][]; units: bigint }> {
    const args = concat(...cases.flatMap(([a, b, c]) => [u64le(a), u64le(b), u64le(c)]));
    const r = await sender.sendOk(fixtureInstruction('u128', args, [writable(results)]));
    const account = sender.svm.getAccount(results);
    if (!account.exists) throw new Error('results account vanished');
    const view = new DataView(account.data.buffer, account.data.byteOffset);
    const words = cases.map((_, i) =>
      Array.from({ length: RESULT_WORDS }, (_, w) => view.getBigUint64((i * RESULT_WORDS + w) * 8, true)),
    );
    return { words, units: r.computeUnitsConsumed() };
  }

  async function check(cases: readonly Case[]): Promise<bigint> {
    const { words, units } = await run(cases);
    cases.forEach((c, i) => {
      expect({ case: c, result: words[i] }).toEqual({ case: c, result: expected(c) });
    });
    return units;
  }

  it(`matches BigInt on every combination of ${EDGES.length} edge values (${EDGES.length ** 3} cases)`, async () => {
    const cases = EDGES.flatMap((a) => EDGES.flatMap((b) => EDGES.map((c): Case => [a, b, c])));
    const units: bigint[] = [];
    for (let i = 0; i < cases.length; i += BATCH) units.push(await check(cases.slice(i, i + BATCH)));
    console.log(`u128 (${version}): the first batch of ${BATCH} edge cases took ${units[0]} CU`);
  });

  it('matches BigInt on 10,000 generated cases', async () => {
    await fc.assert(
      fc.asyncProperty(batch, async (cases) => {
        await check(cases);
      }),
      { numRuns: 10_000 / BATCH },
    );
  });

  it('reports division by zero as a failure, leaving the outputs at zero', async () => {
    const [result] = (await run([[U64_MAX, U64_MAX, 0n]])).words;
    expect(result).toEqual([1n, U64_MAX - 1n, 0n, 0n, 0n, 0n, 0n, 0n]);
  });

  it('reports a quotient beyond u64 as a failure of mul_div only', async () => {
    const [result] = (await run([[U64_MAX, U64_MAX, 1n]])).words;
    // (2^64 - 1)^2 = 2^128 - 2^65 + 1: the division succeeds (flag 1), floor and ceil do not fit.
    expect(result).toEqual([1n, U64_MAX - 1n, 1n, U64_MAX - 1n, 0n, 1n, 0n, 0n]);
  });
});
