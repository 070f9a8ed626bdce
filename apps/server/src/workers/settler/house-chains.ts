/**
 * Which of the settler's seed chains the House on chain is using, decided from the House alone: the chain is
 * the truth, the database a record of what the settler made.
 *
 * The House holds two chains at most (`docs/wager.md`):
 * - the **current** one, ending at `seedChainEnd`: `seedCommitment` is sha256 of the next seed to reveal,
 *   that is seed `revealSequence − start` of the chain (its head s_0 before any reveal, then each revealed
 *   seed in turn). A chain the database holds is the current one when that seed of it is the commitment.
 * - the **next** one, committed ahead (`nextSeedCommitment` = its head, `nextSeedChainLength` > 0), which
 *   takes over at `seedChainEnd` (the first reveal past the current chain swaps it in).
 *
 * Pure: the seeds come from a callback, so every case is tested without a database or a chain.
 *
 * @module
 */

import type { HouseAccount } from '@arcade/sdk/wager/accounts';
import { bytesToHex } from '@arcade/sdk/wager/fairness';

/** The House's seed-chain fields, hashes as lowercase hex. */
export interface HouseSeeds {
  readonly seedCommitment: string;
  readonly seedChainEnd: bigint;
  readonly nextSeedCommitment: string;
  readonly nextSeedChainLength: bigint;
  readonly betSequence: bigint;
  readonly revealSequence: bigint;
  readonly openBets: bigint;
  readonly paused: boolean;
}

/** The seed-chain fields of a decoded House. */
export function houseSeeds(house: HouseAccount): HouseSeeds {
  return {
    seedCommitment: bytesToHex(house.seedCommitment),
    seedChainEnd: house.seedChainEnd,
    nextSeedCommitment: bytesToHex(house.nextSeedCommitment),
    nextSeedChainLength: house.nextSeedChainLength,
    betSequence: house.betSequence,
    revealSequence: house.revealSequence,
    openBets: house.openBets,
    paused: house.paused,
  };
}

/** A chain the database holds (never its secret). */
export interface KnownChain {
  readonly id: number;
  /** s_0, lowercase hex. */
  readonly head: string;
  readonly length: number;
  /** Where it starts, when the settler recorded it; null for a chain written but not seen on chain yet. */
  readonly startSequence: bigint | null;
}

/** One of the House's chains, matched to a chain the database holds. */
export interface MatchedChain {
  readonly id: number;
  /** The sequence whose bet takes s_1. */
  readonly start: bigint;
  readonly length: number;
}

/** What {@link matchHouse} found. */
export interface HouseMatch {
  /** The House's current chain, if it has one and the database holds it. */
  readonly current: MatchedChain | null;
  /** The House's next chain, if it has one and the database holds it. */
  readonly next: MatchedChain | null;
  /**
   * `commit_seed_chain` is due: the House has no next chain, or one no bet takes a seed from yet and the
   * database does not hold (the program lets the settler replace it then).
   */
  readonly commitNeeded: boolean;
  /**
   * Why the House depends on seeds the database does not hold (seeds lost: recover, never guess), or null.
   */
  readonly lost: string | null;
}

/**
 * Matches the House's chains to `chains`. `seedAt(chain, index)` gives seed `index` of a chain (0 = head),
 * lowercase hex, or null past its end.
 *
 * @example
 * ```ts
 * const match = matchHouse(houseSeeds(house), chains, (chain, i) => seeds.get(chain.id)?.[i] ?? null);
 * if (match.lost !== null) startRecovery(match.lost);
 * ```
 */
export function matchHouse(
  house: HouseSeeds,
  chains: readonly KnownChain[],
  seedAt: (chain: KnownChain, index: number) => string | null,
): HouseMatch {
  const reasons: string[] = [];
  let current: MatchedChain | null = null;
  if (house.seedChainEnd > 0n) {
    for (const chain of chains) {
      const start = house.seedChainEnd - BigInt(chain.length);
      if (start < 0n || (chain.startSequence !== null && chain.startSequence !== start)) continue;
      const index = house.revealSequence - start;
      if (index < 0n || index > BigInt(chain.length)) continue;
      if (seedAt(chain, Number(index)) === house.seedCommitment) {
        current = { id: chain.id, start, length: chain.length };
        break;
      }
    }
    // Seeds left to reveal in a chain nobody here holds: every bet that takes one could never settle.
    if (current === null && house.revealSequence < house.seedChainEnd) {
      reasons.push(
        `the House's seed commitment ${house.seedCommitment.slice(0, 16)}… (sequences ${String(house.revealSequence)}–${String(house.seedChainEnd - 1n)}) matches no seed chain in the database`,
      );
    }
  }
  let next: MatchedChain | null = null;
  let commitNeeded = house.nextSeedChainLength === 0n;
  if (house.nextSeedChainLength > 0n) {
    const known = chains.find(
      (chain) =>
        chain.head === house.nextSeedCommitment &&
        BigInt(chain.length) === house.nextSeedChainLength &&
        (chain.startSequence === null || chain.startSequence === house.seedChainEnd),
    );
    if (known !== undefined) {
      next = { id: known.id, start: house.seedChainEnd, length: known.length };
    } else if (house.betSequence > house.seedChainEnd) {
      reasons.push(
        `bets from sequence ${String(house.seedChainEnd)} take seeds of the House's next chain ${house.nextSeedCommitment.slice(0, 16)}…, which is not in the database`,
      );
    } else {
      // No bet depends on it yet: commit_seed_chain replaces it with one of ours.
      commitNeeded = true;
    }
  }
  const lost =
    reasons.length === 0
      ? null
      : `Seeds lost: ${reasons.join('; ')}. Reveals are impossible; recovering (docs/workers.md, "Lost seeds")`;
  return { current, next, commitNeeded, lost };
}

/** The matched chain holding the seed of sequence `sequence`, if any. */
export function chainFor(match: HouseMatch, sequence: bigint): MatchedChain | null {
  for (const chain of [match.current, match.next]) {
    if (chain !== null && sequence >= chain.start && sequence < chain.start + BigInt(chain.length))
      return chain;
  }
  return null;
}
