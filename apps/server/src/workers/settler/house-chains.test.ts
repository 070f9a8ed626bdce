/**
 * Matching the House's seed chains to the database's, on Houses built from real hash chains: every state a
 * chain goes through (committed ahead, in use at each reveal, used up), a next chain the database lacks
 * (replaceable until a bet uses it, lost after), and a current chain the database lacks (lost while it has
 * seeds left).
 */

import { bytesToHex } from '@arcade/sdk/wager/fairness';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { chainFor, matchHouse, type HouseSeeds, type KnownChain } from './house-chains.ts';
import { hashChain, toHex } from './provably-fair.ts';

const ZERO = '00'.repeat(32);

interface TestChain extends KnownChain {
  readonly seeds: readonly string[];
}

let ids = 0;
function chain(length: number, startSequence: bigint | null, secretByte = ids + 1): TestChain {
  ids += 1;
  const seeds = hashChain(
    new Uint8Array(32).fill(secretByte % 256).map((b, i) => (b + i * 7) % 256),
    length,
  ).map(toHex);
  return { id: ids, head: seeds[0]!, length, startSequence, seeds };
}

function seedAt(chains: readonly TestChain[]) {
  return (known: KnownChain, index: number) => chains.find((c) => c.id === known.id)?.seeds[index] ?? null;
}

/** A House whose current chain is `current` (from `start`, `revealed` seeds revealed) and next is `next`. */
function houseWith(options: {
  current?: { chain: TestChain; start: bigint; revealed: number } | null;
  next?: TestChain | null;
  betSequence?: bigint;
}): HouseSeeds {
  const current = options.current ?? null;
  const seedChainEnd = current === null ? 0n : current.start + BigInt(current.chain.length);
  const revealSequence = current === null ? 0n : current.start + BigInt(current.revealed);
  return {
    seedCommitment: current === null ? ZERO : current.chain.seeds[current.revealed]!,
    seedChainEnd,
    nextSeedCommitment: options.next?.head ?? ZERO,
    nextSeedChainLength: BigInt(options.next?.length ?? 0),
    betSequence: options.betSequence ?? revealSequence,
    revealSequence,
    openBets: (options.betSequence ?? revealSequence) - revealSequence,
    paused: false,
  };
}

describe('matchHouse', () => {
  it('asks for a commit on a fresh House (no chain yet), with nothing lost', () => {
    expect(matchHouse(houseWith({}), [], () => null)).toEqual({
      current: null,
      next: null,
      commitNeeded: true,
      lost: null,
    });
  });

  it('finds the committed next chain by its head and length; it starts at seed_chain_end', () => {
    const next = chain(5, null);
    const match = matchHouse(houseWith({ next }), [next], seedAt([next]));
    expect(match).toEqual({
      current: null,
      next: { id: next.id, start: 0n, length: 5 },
      commitNeeded: false,
      lost: null,
    });
  });

  it('finds the current chain at every reveal, from its head to its last seed', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 30 }),
        fc.bigInt({ min: 0n, max: 1_000_000n }),
        fc.nat(),
        fc.boolean(),
        (length, start, at, recorded) => {
          const current = chain(length, recorded ? start : null);
          const other = chain(length, null);
          const revealed = at % (length + 1);
          const house = houseWith({
            current: { chain: current, start, revealed },
            betSequence: start + BigInt(length),
          });
          const match = matchHouse(house, [other, current], seedAt([other, current]));
          expect(match.current).toEqual({ id: current.id, start, length });
          expect(match.lost).toBeNull();
          expect(match.commitNeeded).toBe(true);
          // Every unrevealed sequence of it has a seed, in its chain.
          for (let q = start + BigInt(revealed); q < start + BigInt(length); q += 1n) {
            expect(chainFor(match, q)?.id).toBe(current.id);
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it('reports seeds lost when the current chain has seeds left and the database lacks it', () => {
    const current = chain(6, 0n);
    const house = houseWith({ current: { chain: current, start: 0n, revealed: 2 }, betSequence: 3n });
    const match = matchHouse(house, [chain(6, 0n)], seedAt([]));
    expect(match.current).toBeNull();
    expect(match.lost).toMatch(
      /^Seeds lost: the House's seed commitment [0-9a-f]{16}… \(sequences 2–5\) matches no seed chain/,
    );
  });

  it('loses nothing when the unknown current chain is used up and the next one is ours', () => {
    const current = chain(4, 0n);
    const next = chain(4, null);
    const house = houseWith({ current: { chain: current, start: 0n, revealed: 4 }, next, betSequence: 6n });
    const match = matchHouse(house, [next], seedAt([next]));
    expect(match).toMatchObject({
      current: null,
      next: { id: next.id, start: 4n },
      lost: null,
      commitNeeded: false,
    });
    expect(chainFor(match, 5n)?.id).toBe(next.id);
  });

  it('replaces an unknown next chain no bet uses, and reports seeds lost once a bet uses it', () => {
    const current = chain(4, 0n);
    const unknown = chain(4, null);
    const unused = houseWith({
      current: { chain: current, start: 0n, revealed: 1 },
      next: unknown,
      betSequence: 4n,
    });
    expect(matchHouse(unused, [current], seedAt([current]))).toMatchObject({
      commitNeeded: true,
      lost: null,
    });
    const used = { ...unused, betSequence: 5n };
    expect(matchHouse(used, [current], seedAt([current])).lost).toMatch(
      /bets from sequence 4 take seeds of the House's next chain [0-9a-f]{16}…, which is not in the database/,
    );
  });

  it('never matches a chain whose recorded start disagrees with the House', () => {
    const current = chain(4, 7n);
    const house = houseWith({ current: { chain: current, start: 0n, revealed: 1 }, betSequence: 2n });
    expect(matchHouse(house, [current], seedAt([current])).current).toBeNull();
  });

  it('never matches a chain with other seeds, whatever its head', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10 }), fc.integer({ min: 0, max: 10 }), (length, at) => {
        const real = chain(length, null);
        const impostor = { ...chain(length, null), head: real.head };
        const revealed = at % (length + 1);
        const house = houseWith({
          current: { chain: real, start: 0n, revealed },
          betSequence: BigInt(length),
        });
        // Its seeds come from its own secret: a borrowed head alone matches nothing.
        expect(matchHouse(house, [impostor], seedAt([impostor])).current).toBeNull();
      }),
      { numRuns: 100 },
    );
  });

  it('gives the chain of a sequence from the current or the next chain, or none', () => {
    const current = chain(3, 0n);
    const next = chain(5, null);
    const house = houseWith({ current: { chain: current, start: 0n, revealed: 1 }, next, betSequence: 4n });
    const match = matchHouse(house, [current, next], seedAt([current, next]));
    expect([0n, 2n, 3n, 7n, 8n].map((q) => chainFor(match, q)?.id ?? null)).toEqual([
      current.id,
      current.id,
      next.id,
      next.id,
      null,
    ]);
    expect(bytesToHex(new Uint8Array(32))).toBe(ZERO);
  });
});
