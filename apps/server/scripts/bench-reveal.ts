/**
 * How soon a TailSpin bet is revealed after it lands, with the workers as `main.ts` wires them: the indexer
 * (woken by its log subscription) and the settler (woken by its House subscription, waking the indexer
 * when the bet's row is missing, waiting on its slot subscription for the bet's slot to end).
 *
 * On the embedded local chain (400 ms slots) and PGlite, BETS players (default 40) each place one bet with
 * `create_bet`, one after the other. For each, the script takes the time from the bet's confirmation (what
 * the player's client sees) to the reveal's (the bet record settled or refunded on chain, polled every
 * 5 ms), and the slots between the bet's and the reveal's. A reveal cannot land before the slot after the
 * bet's: the bet's slot hash is part of its roll and exists only once that slot has ended.
 *
 * Run: `npx node apps/server/scripts/bench-reveal.ts` (BETS=… to change the 40).
 */

import { BetState } from '@arcade/sdk/wager/accounts';

import { createIndexerWorker } from '../src/workers/indexer/indexer-worker.ts';
import { createBetSettlerWorker } from '../src/workers/settler/bet-settler-worker.ts';
import { WorkerRunner } from '../src/workers/worker.ts';
import { startTestServer } from '../test/harness.ts';
import { fundedPlayer, placeBet, readBetAccount } from '../test/wager-bets.ts';

const BETS = Number(process.env.BETS ?? 40);

const t = await startTestServer();
const rpc = t.chain.context.rpc;
const runners: WorkerRunner[] = [];
const wake = (name: string): void => {
  runners.find((runner) => runner.worker.name === name)?.wake();
};
runners.push(
  new WorkerRunner({
    db: t.db,
    worker: createIndexerWorker(t.app, {
      onActivity: () => {
        wake('indexer');
      },
    }),
  }),
  new WorkerRunner({
    db: t.db,
    worker: createBetSettlerWorker(t.app, {
      onActivity: () => {
        wake('bet-settler');
      },
      wakeIndexer: () => {
        wake('indexer');
      },
    }),
  }),
);

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

try {
  const players = await Promise.all(Array.from({ length: BETS }, () => fundedPlayer(rpc)));
  for (const runner of runners) runner.start();
  // The first runs commit the seed chain and open the subscriptions (the process's first send is slow).
  const started = performance.now();
  while (runners[1]?.health().details.nextChainId == null) {
    if (performance.now() - started > 30_000) throw new Error('the settler committed no seed chain');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await new Promise((resolve) => setTimeout(resolve, 500));

  const latencies: number[] = [];
  const slotGaps = new Map<string, number>();
  for (const player of players) {
    const bet = await placeBet(rpc, player, { odds: 50 });
    const confirmed = performance.now();
    let account = await readBetAccount(rpc, bet.betAddress);
    while (account.state === BetState.Open) {
      if (performance.now() - confirmed > 30_000) throw new Error('a bet was not revealed within 30 s');
      await new Promise((resolve) => setTimeout(resolve, 5));
      account = await readBetAccount(rpc, bet.betAddress);
    }
    latencies.push(performance.now() - confirmed);
    const history = await rpc
      .getSignaturesForAddress(bet.betAddress, { until: bet.signature, commitment: 'confirmed' })
      .send();
    const reveal = history.at(-1);
    const gap = reveal === undefined ? 'unknown' : String(reveal.slot - bet.slot);
    slotGaps.set(gap, (slotGaps.get(gap) ?? 0) + 1);
  }

  const fmt = (ms: number): string => `${ms.toFixed(0)} ms`;
  console.log(`${BETS} bets, each from its confirmation to its reveal's (400 ms slots):`);
  console.log(
    `  median ${fmt(percentile(latencies, 50))}, p90 ${fmt(percentile(latencies, 90))}, max ${fmt(Math.max(...latencies))}, mean ${fmt(latencies.reduce((a, b) => a + b, 0) / latencies.length)}`,
  );
  console.log(
    `  slots from the bet's to the reveal's: ${[...slotGaps.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([gap, count]) => `+${gap}: ${String(count)}`)
      .join(', ')}`,
  );
  console.log('  settler:', JSON.stringify(runners[1].health().details));
} finally {
  await Promise.all(runners.map((runner) => runner.stop()));
  await t.close();
}
