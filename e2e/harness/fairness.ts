/**
 * Honest checks of TailSpin and ReTail rolls. Nothing here knows or chooses a roll in advance: the wager
 * program computes it in `reveal_bet` as HMAC-SHA256(key = the settler's committed seed, message =
 * sequence ‖ player seed ‖ hash of the slot the bet landed in) mod 100 (`docs/trust.md`, "Rolls nobody
 * chooses"), and the slot hash does not exist before the bet lands. The suites reach a wanted outcome by
 * playing at odds that make it likely and spinning again until it comes (`suites/helpers.ts`,
 * `spinUntil`); every bet they play is then checked here, from `GET /api/fairness/{signature}`, with the
 * SDK's own code:
 *
 * - the revealed seed hashes to the commitment it replaced (`seedLinksTo(seed, previousSeed)`);
 * - the message is `sequence ‖ playerSeed ‖ slotHash` (`rollMessage`), as the server sends it;
 * - `rollFor` of the seed, the sequence, the player's seed and the reveal's slot hash equals the program's
 *   roll (the reveal's log line) and the server's `randomValue`;
 * - the result is Win iff roll < odds.
 *
 * @module
 */

import type { BetFairnessJson } from '@arcade/sdk/api/history';
import { bytesToHex, hexToBytes, rollFor, rollMessage, seedLinksTo } from '@arcade/sdk/wager/fairness';

import { product } from './index.ts';

export type { BetFairnessJson } from '@arcade/sdk/api/history';

const POLL_MS = 250;

/** `GET /api/fairness/{signature}`, or null while the server does not know the bet. */
export async function fairnessRecord(signature: string): Promise<BetFairnessJson | null> {
  const response = await fetch(`${product().url}/api/fairness/${encodeURIComponent(signature)}`);
  if (response.status === 404) return null;
  if (!response.ok) {
    throw new Error(`GET /api/fairness/${signature}: ${response.status} ${await response.text()}`);
  }
  return (await response.json()) as BetFairnessJson;
}

/**
 * Waits until the bet created by `signature` is closed: revealed (its `reveal` and seed known) or
 * refunded. Resolves with its fairness record.
 *
 * @throws Error after `timeoutMs`, with the last record seen.
 */
export async function closedFairness(signature: string, timeoutMs = 60_000): Promise<BetFairnessJson> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const last = await fairnessRecord(signature);
    if (last !== null) {
      if (last.bet.state === 'Refunded') return last;
      if (last.bet.state !== 'Open' && last.reveal !== null && last.seed?.revealed === true) return last;
    }
    if (Date.now() > deadline) {
      throw new Error(
        `The bet ${signature} was not revealed within ${timeoutMs / 1000} s; last record: ${JSON.stringify(last)}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** A bet's roll, recomputed from its fairness record. */
export interface RollRecomputation {
  /** `rollFor(seed, sequence, playerSeed, slotHash)`. */
  readonly roll: number;
  /** sha256(revealed seed) = the commitment it replaced. */
  readonly seedLinked: boolean;
  /** `rollMessage(sequence, playerSeed, slotHash)`, lowercase hex. */
  readonly message: string;
  /** Win iff roll < odds. */
  readonly expectedResult: 'Win' | 'Loss';
}

/**
 * Recomputes a revealed bet's roll with the SDK from its record: the revealed seed, the bet's `sequence`
 * and `playerSeed`, and the reveal's `slotHash`.
 *
 * @throws Error when the record lacks one of them (an open, refunded or off-chain bet).
 */
export async function recomputeRoll(record: BetFairnessJson): Promise<RollRecomputation> {
  const { bet, seed, reveal } = record;
  const missing = [
    bet.sequence === null ? 'bet.sequence' : null,
    bet.playerSeed === null ? 'bet.playerSeed' : null,
    seed?.seed == null ? 'seed.seed' : null,
    seed?.previousSeed == null ? 'seed.previousSeed' : null,
    reveal?.slotHash == null ? 'reveal.slotHash' : null,
  ].filter((name) => name !== null);
  if (missing.length > 0) {
    throw new Error(`The fairness record of ${bet.signature} has no ${missing.join(', ')}`);
  }
  const seedBytes = hexToBytes(seed!.seed!);
  const playerSeed = hexToBytes(bet.playerSeed!);
  const slotHash = hexToBytes(reveal!.slotHash!);
  const roll = await rollFor({ seed: seedBytes, sequence: bet.sequence!, playerSeed, slotHash });
  return {
    roll,
    seedLinked: await seedLinksTo(seedBytes, hexToBytes(seed!.previousSeed!)),
    message: bytesToHex(rollMessage({ sequence: bet.sequence!, playerSeed, slotHash })),
    expectedResult: roll < bet.odds ? 'Win' : 'Loss',
  };
}
