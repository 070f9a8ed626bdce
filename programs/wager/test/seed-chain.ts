/**
 * The settler's seed chains, as the settler keeps them off chain (docs/trust.md, "Rolls nobody chooses"): a
 * secret `s_N`, hashed N times (`s_i = sha256(s_{i+1})`), committed on chain by its head `s_0`. The bet
 * with sequence `q` in a chain that starts at sequence `c` uses `s_(q − c + 1)`.
 *
 * The harness keeps every chain it committed, in order, so `reveal` sends the right seed for any bet's
 * sequence, across rollovers and resets.
 */
import { createHash } from 'node:crypto';

/** sha256 of `bytes`. */
export function sha256(bytes: Uint8Array): Uint8Array {
  return new Uint8Array(createHash('sha256').update(bytes).digest());
}

/** One hash chain: `seeds[0]` is the head, `seeds[i]` the seed of the chain's i-th bet (1-based). */
export class SeedChain {
  readonly seeds: readonly Uint8Array[];

  private constructor(seeds: Uint8Array[]) {
    this.seeds = seeds;
  }

  /**
   * A chain of `length` seeds from `secret` (32 bytes): `s_length = secret`, each earlier seed the sha256 of
   * the next, and the head `s_0 = sha256(s_1)`.
   */
  static from(secret: Uint8Array, length: number): SeedChain {
    if (!Number.isSafeInteger(length) || length < 1)
      throw new RangeError(`a chain has ≥ 1 seed, not ${length}`);
    if (secret.length !== 32) throw new RangeError('the secret is 32 bytes');
    const seeds = new Array<Uint8Array>(length + 1);
    seeds[length] = Uint8Array.from(secret);
    for (let i = length - 1; i >= 0; i--) seeds[i] = sha256(seeds[i + 1]!);
    return new SeedChain(seeds);
  }

  /** `s_0`, what `commit_seed_chain` and `reset_seed_chain` publish. */
  get head(): Uint8Array {
    return this.seeds[0]!;
  }

  /** Seeds in the chain (not counting the head). */
  get length(): number {
    return this.seeds.length - 1;
  }

  /** `s_i`, 1 ≤ i ≤ length. */
  seed(i: number): Uint8Array {
    if (i < 1 || i > this.length) throw new RangeError(`seed ${i} is outside the chain of ${this.length}`);
    return this.seeds[i]!;
  }
}

/** A chain the House accepted, with the sequence of the bet that takes its first seed. */
export interface CommittedChain {
  readonly chain: SeedChain;
  readonly start: bigint;
}

/** Every chain the settler committed, latest last: a later commit for the same sequences replaces an earlier one. */
export class SeedBook {
  private readonly chains: CommittedChain[] = [];

  add(chain: SeedChain, start: bigint): void {
    this.chains.push({ chain, start });
  }

  /** The seed `reveal_bet` needs for the bet with `sequence`. */
  seedFor(sequence: bigint): Uint8Array {
    for (let i = this.chains.length - 1; i >= 0; i--) {
      const { chain, start } = this.chains[i]!;
      if (sequence >= start && sequence < start + BigInt(chain.length)) {
        return chain.seed(Number(sequence - start) + 1);
      }
    }
    throw new Error(`no committed chain holds a seed for sequence ${sequence}`);
  }
}
