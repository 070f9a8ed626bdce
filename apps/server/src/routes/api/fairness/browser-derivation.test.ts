/**
 * What a browser does on the fairness page, with nothing but the API's answers and the SDK's isomorphic
 * `wager/fairness` (WebCrypto only: the web app runs the same code): for real bets made with `create_bet`
 * and revealed by the settler on the local chain, re-derive each served roll with `rollFor`, check each seed
 * with `seedLinksTo` against the one before it and back to the chain's head that `GET /api/fairness` lists,
 * and rebuild the served message.
 */

import type { BetFairnessJson, FairnessChainsJson } from '@arcade/sdk/api/history';
import { hexToBytes, rollFor, rollMessage, seedLinksTo, bytesToHex } from '@arcade/sdk/wager/fairness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startTestServer, type TestServer } from '../../../../test/harness.ts';
import { fundedPlayer, placeBet, waitForSlotEnd, type PlacedBet } from '../../../../test/wager-bets.ts';
import { createIndexerWorker } from '../../../workers/indexer/indexer-worker.ts';
import { createBetSettlerWorker } from '../../../workers/settler/bet-settler-worker.ts';

let t: TestServer;
const bets: PlacedBet[] = [];

beforeAll(async () => {
  t = await startTestServer();
  const rpc = t.chain.context.rpc;
  const signal = new AbortController().signal;
  // Chains of 4 seeds, so the 10 bets span three of them.
  const settler = createBetSettlerWorker(t.app, { chainLength: 4, rowWaitMs: 2_000 });
  await settler.run(signal);
  for (let round = 0; round < 5; round += 1) {
    const players = await Promise.all([fundedPlayer(rpc), fundedPlayer(rpc)]);
    for (const [i, player] of players.entries()) {
      bets.push(await placeBet(rpc, player, { odds: 10 + 20 * i + round }));
    }
    await waitForSlotEnd(rpc, bets.at(-1)!.slot);
    await createIndexerWorker(t.app).run(signal);
    await settler.run(signal);
  }
}, 180_000);
afterAll(() => t.close());

async function hashTimes(seed: Uint8Array, times: number): Promise<Uint8Array> {
  let walk = seed;
  for (let i = 0; i < times; i += 1) {
    walk = new Uint8Array(await globalThis.crypto.subtle.digest('SHA-256', Uint8Array.from(walk)));
  }
  return walk;
}

describe("re-deriving served bets' rolls with the SDK alone", () => {
  it('rebuilds the message, re-derives the roll and the result, and links each seed back to its head', async () => {
    const chains = (await t.app.inject({ method: 'GET', url: '/api/fairness' })).json<FairnessChainsJson>();
    const heads = new Map(chains.chains.map((chain) => [chain.id, chain]));
    expect(new Set(bets.map((bet) => bet.sequence)).size).toBe(bets.length);

    for (const bet of bets) {
      const response = await t.app.inject({ method: 'GET', url: `/api/fairness/${bet.signature}` });
      expect(response.statusCode).toBe(200);
      const served = response.json<BetFairnessJson>();
      const { seed, reveal } = served;
      if (
        seed?.seed == null ||
        seed.previousSeed === null ||
        reveal?.roll == null ||
        reveal.slotHash === null
      ) {
        throw new Error(`bet ${String(bet.sequence)} is not revealed`);
      }
      expect(served.bet).toMatchObject({
        sequence: Number(bet.sequence),
        playerSeed: bet.playerSeed,
        offChain: false,
      });

      // 1. The message: sequence (u64 LE) ‖ player seed ‖ slot hash.
      const message = rollMessage({
        sequence: BigInt(served.bet.sequence!),
        playerSeed: hexToBytes(served.bet.playerSeed!),
        slotHash: hexToBytes(reveal.slotHash),
      });
      expect(bytesToHex(message)).toBe(served.message);

      // 2. The roll the program computed, re-derived; the result follows from it.
      const roll = await rollFor({
        seed: hexToBytes(seed.seed),
        sequence: BigInt(served.bet.sequence!),
        playerSeed: hexToBytes(served.bet.playerSeed!),
        slotHash: hexToBytes(reveal.slotHash),
      });
      expect(roll).toBe(reveal.roll);
      expect(served.bet.randomValue).toBe(roll);
      expect(served.bet.result).toBe(roll < served.bet.odds ? 'Win' : 'Loss');

      // 3. The seed links to the one before it, and walks back to the head GET /api/fairness lists.
      expect(await seedLinksTo(hexToBytes(seed.seed), hexToBytes(seed.previousSeed))).toBe(true);
      const chain = heads.get(seed.chainId);
      expect(chain?.head).toBe(seed.chainHead);
      expect(bytesToHex(await hashTimes(hexToBytes(seed.seed), seed.seedIndex))).toBe(chain?.head);
      expect(Number(bet.sequence)).toBe((chain?.startSequence ?? -1) + seed.seedIndex - 1);
      // A seed that does not link is caught.
      const tampered = hexToBytes(seed.seed);
      tampered[0] = tampered[0]! ^ 1;
      expect(await seedLinksTo(tampered, hexToBytes(seed.previousSeed))).toBe(false);
    }
    // The bets span several chains, each committed on chain before its first bet.
    const used = new Set<number>();
    for (const bet of bets) {
      used.add(
        (await t.app.inject({ method: 'GET', url: `/api/fairness/${bet.signature}` })).json<BetFairnessJson>()
          .seed!.chainId,
      );
    }
    expect(used.size).toBeGreaterThanOrEqual(3);
    for (const id of used) expect(heads.get(id)?.commitSignature).toMatch(/^[1-9A-HJ-NP-Za-km-z]+$/);
  });
});
