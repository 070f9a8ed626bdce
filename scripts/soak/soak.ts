/**
 * `npm run soak`: simulated players play all four games against the product, then the run's bets are
 * reconciled between the chain and the database. See docs/soak.md.
 *
 * ```sh
 * npm run soak                                   # 200 players, 10 minutes
 * npm run soak -- --duration 60 --players 50    # the CI run
 * npm run soak -- --chaos --duration 90          # 2 instances behind HAProxy, with faults
 * ```
 *
 * Exit code 0 when every confirmed bet was indexed and settled and every win paid exactly once; 1 when any
 * bet was lost or paid twice (or no bet was confirmed at all), and with `--chaos` also when a worker stayed
 * without a leader for more than 10 s or a fault could not be injected or undone; 2 on a usage or start-up
 * error.
 *
 * @module
 */

import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

import type { Health, WorkerHealthJson } from '@arcade/sdk/api/health';
import { findConfigAddress } from '@arcade/sdk/foresight/pda';
import { decodePriceUpdateV2 } from '@arcade/sdk/pyth/price-update-v2';
import {
  createKeyPairSignerFromBytes,
  createSolanaRpc,
  generateKeyPairSigner,
  type Address,
} from '@solana/kit';

import { freshRandom, seededRandom } from '../../apps/server/src/demo/random.ts';
import { ApiClient } from './api.ts';
import { parseSoakArgs, type SoakOptions } from './args.ts';
import { gather, mapLimit } from './audit.ts';
import { Ledger, SoakPlayer } from './player.ts';
import {
  startSoakProduct,
  SOAK_FORESIGHT_TIMELOCK,
  type MemoryReading,
  type SoakProduct,
} from './product.ts';
import { GAMES, reconcile, revealStats, type Reconciliation, type RevealStats } from './reconcile.ts';
import { LatencyRecorder, type LatencySummary } from './stats.ts';
import { Chaos, MAX_LEADER_GAP_MS, SETTLE_MS } from './chaos.ts';
import { startStackProduct, type StackProduct } from './stack-product.ts';

const started = Date.now();
const log = (line: string): void => {
  console.log(`[soak ${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s] ${line}`);
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const mib = (bytes: number | null) => (bytes === null ? 'n/a' : `${(bytes / 2 ** 20).toFixed(1)} MiB`);
const ms = (value: number) => (Number.isNaN(value) ? 'n/a' : `${value.toFixed(1)} ms`);

let options: SoakOptions;
try {
  options = parseSoakArgs(process.argv.slice(2));
} catch (error) {
  console.error((error as Error).message);
  process.exit(2);
}

/** The soak's Prophecy markets: cutoffs spread over the run, resolved yes, no, invalid in turn. */
interface SoakMarket {
  readonly address: string;
  readonly cutoffMs: number;
  readonly result: 'yes' | 'no' | 'invalid';
  resolved: boolean;
}

async function createMarkets(admin: ApiClient, startMs: number, durationS: number): Promise<SoakMarket[]> {
  const count = Math.min(8, Math.max(2, Math.round(durationS / 75)));
  const results = ['yes', 'no', 'invalid'] as const;
  const markets: SoakMarket[] = [];
  for (let i = 1; i <= count; i++) {
    const cutoffS = Math.floor((startMs + (durationS * 1000 * i) / count) / 1000) - 5;
    const { market } = await admin.call<{ market: { key: string } }>('/api/prophecy/createMarket', {
      name: `Soak market ${i}: will the soak close this one ${results[(i - 1) % 3]}?`,
      shortName: `Soak ${i}`,
      category: 'Crypto',
      rules: 'A market of the soak test, resolved by the soak itself after its cutoff.',
      endTime: cutoffS,
      cutoffTime: cutoffS,
    });
    markets.push({
      address: market.key,
      cutoffMs: cutoffS * 1000,
      result: results[(i - 1) % 3]!,
      resolved: false,
    });
  }
  return markets;
}

/** Resolves each market whose cutoff has passed (a few seconds late, for the chain's clock). */
let resolving = false;
async function resolveDue(admin: ApiClient, markets: readonly SoakMarket[], ledger: Ledger): Promise<void> {
  if (resolving) return; // one pass at a time: a slow resolution must not be sent twice
  resolving = true;
  try {
    await resolveEach(admin, markets, ledger);
  } finally {
    resolving = false;
  }
}

async function resolveEach(admin: ApiClient, markets: readonly SoakMarket[], ledger: Ledger): Promise<void> {
  for (const market of markets) {
    if (market.resolved || Date.now() < market.cutoffMs + 3_000) continue;
    try {
      await admin.call('/api/prophecy/resolveMarket', { market: market.address, result: market.result });
      market.resolved = true;
    } catch (error) {
      ledger.count(ledger.failures, `resolveMarket: ${(error as Error).message.slice(0, 80)}`);
    }
  }
}

async function main(product: SoakProduct, chaosStack: StackProduct | null): Promise<number> {
  const latencies = new LatencyRecorder();
  const rpc = createSolanaRpc(`${product.url}/rpc`);
  const ledger = new Ledger();

  // The admin, the Foresight config and the markets.
  // The admin's calls (market creation and resolution, the audit's reads) are not players' requests.
  const admin = new ApiClient(product.url, new LatencyRecorder());
  const adminKey = Uint8Array.from(
    JSON.parse(readFileSync(join(product.dataDir, 'server', 'admins', 'admin-1.json'), 'utf8')) as number[],
  );
  await admin.signIn(await createKeyPairSignerFromBytes(adminKey));
  const config = await admin.call<{ priceAccount: Address }>('/api/config');
  const price = await rpc
    .getAccountInfo(config.priceAccount, { encoding: 'base64', commitment: 'confirmed' })
    .send();
  if (price.value === null) throw new Error('no price account');
  const [foresightConfig] = await findConfigAddress(
    decodePriceUpdateV2(Buffer.from(price.value.data[0], 'base64')).priceMessage.feedId,
  );

  // The players: funded, signed in, named. Every odd one is referred by the one before it.
  const seedRandom = options.seed === null ? freshRandom() : seededRandom(options.seed);
  const signers = await Promise.all(Array.from({ length: options.players }, () => generateKeyPairSigner()));
  const referrers = signers.filter((_, index) => index % 2 === 0 && index + 1 < signers.length);
  const players: SoakPlayer[] = [];
  for (let index = 0; index < options.players; index++) {
    players.push(
      new SoakPlayer({
        index,
        signer: signers[index]!,
        api: new ApiClient(product.url, latencies),
        rpc,
        random: seededRandom(Math.floor(seedRandom() * 2 ** 32)),
        ledger,
        foresightConfig,
        referral: index % 2 === 1 ? signers[index - 1]!.address : null,
      }),
    );
  }
  log(`preparing ${players.length} players (airdrop, sign-in, username)…`);
  const ready = (
    await mapLimit(players, 10, async (player) => {
      try {
        await player.prepare();
        return player;
      } catch (error) {
        ledger.count(ledger.failures, `prepare: ${(error as Error).message.slice(0, 80)}`);
        return null;
      }
    })
  ).filter((player) => player !== null);
  log(`${ready.length} players ready`);

  const memoryStart = await product.memory();
  log(`memory at start: RSS ${mib(memoryStart.rss)}, heap after GC ${mib(memoryStart.heapUsed)}`);
  const playStart = Date.now();
  const slotAtStart = await rpc.getSlot({ commitment: 'confirmed' }).send();
  const markets = await createMarkets(admin, playStart, options.durationS);
  log(`${markets.length} Prophecy markets created; playing for ${options.durationS} s…`);
  const chaos =
    chaosStack === null
      ? null
      : new Chaos(chaosStack.stack, log, seededRandom(Math.floor(seedRandom() * 2 ** 32)));
  chaos?.start(options.durationS * 1000);
  running.chaos = chaos;

  // Play.
  const stop = new AbortController();
  const deadline = playStart + options.durationS * 1000;
  const { min, max } = options.paceS;
  const loops = ready.map(async (player, index) => {
    const random = seededRandom(index + 1);
    await sleep(random() * max * 1000);
    while (Date.now() < deadline) {
      await player.turn(stop.signal);
      await sleep((min + random() * (max - min)) * 1000);
    }
  });
  const ticker = setInterval(() => {
    void resolveDue(admin, markets, ledger);
  }, 2_000);
  // Memory once the product has warmed up (caches filled, every player active): what the end is compared with.
  const warmUpMs = Math.min(120_000, (options.durationS * 1000) / 5);
  let memoryWarm: { reading: MemoryReading; atS: number } | null = null;
  // Set in a timer's callback: an object, so the reads below are not narrowed to its first value.
  const stateFile: { warm: number | null } = { warm: null };
  const warmUp = setTimeout(() => {
    void product.memory().then((reading) => {
      memoryWarm = { reading, atS: Math.round(warmUpMs / 1000) };
      stateFile.warm = stateFileSize(chaosStack === null ? product.dataDir : null);
      log(`memory after warm-up: RSS ${mib(reading.rss)}, heap after GC ${mib(reading.heapUsed)}`);
    });
  }, warmUpMs);
  const progress = setInterval(() => {
    const api = latencies.overall();
    log(
      `${ledger.confirmed.length} bets confirmed, ${ledger.claims} claims, ${[...ledger.failures.values()].reduce((a, b) => a + b, 0)} failed actions; API ${api.count} requests, p99 ${ms(api.p99)}`,
    );
  }, 30_000);
  await sleep(deadline - Date.now());
  stop.abort();
  log('time is up; waiting for the turns in flight…');
  await Promise.all([...loops, chaos?.stop()]);
  running.chaos = null;
  clearInterval(progress);
  clearInterval(ticker);
  clearTimeout(warmUp);
  latencies.recording = false;
  const playedMs = Date.now() - playStart;

  // Drain: markets resolved, then every bet settled, then wins collected, then the indexer caught up.
  log('draining: resolving markets, waiting for settlement…');
  const drainStart = Date.now();
  const drainDeadline = drainStart + 300_000 + 2 * SOAK_FORESIGHT_TIMELOCK * 1000;
  const addresses = ready.map((player) => player.address);
  const readyReferrers = referrers
    .map((signer) => signer.address)
    .filter((address) => addresses.includes(address));
  let reveals: RevealStats | null = null;
  const reconcileNow = async (): Promise<Reconciliation> => {
    const gathered = await gather(admin, rpc, addresses, readyReferrers);
    reveals = revealStats(gathered.wager, ledger.confirmed);
    return reconcile({ confirmed: ledger.confirmed, ...gathered });
  };
  // Sends whose outcome was unknown: the chain decides.
  for (let i = 0; i < ledger.uncertain.length; i += 100) {
    const batch = ledger.uncertain.slice(i, i + 100);
    const { value } = await rpc.getSignatureStatuses(batch.map((entry) => entry.signature as never)).send();
    value.forEach((status, index) => {
      if (status !== null && status.err === null) ledger.confirmed.push(batch[index]!);
    });
  }
  let collected = false;
  let result: Reconciliation;
  for (;;) {
    await resolveDue(admin, markets, ledger);
    const pendingMarkets = markets.filter((market) => !market.resolved).length;
    if (pendingMarkets === 0 && !collected) {
      // Rounds the players bet on settle within two round lengths; then collect, once.
      if (Date.now() - drainStart >= 2 * SOAK_FORESIGHT_TIMELOCK * 1000 + 5_000) {
        log('collecting wins the players left (claims, Foresight settle/withdraw)…');
        await mapLimit(ready, 10, async (player) => {
          try {
            await player.collect();
          } catch (error) {
            ledger.count(ledger.failures, `collect: ${(error as Error).message.slice(0, 80)}`);
          }
        });
        collected = true;
      }
    }
    if (collected) {
      result = await reconcileNow();
      const done = result.lost.length === 0;
      if (done || Date.now() > drainDeadline) break;
      log(`${result.lost.length} bets not yet indexed, settled or paid; waiting…`);
      // A bet nobody revealed: past its deadline its player takes the stake and fee back.
      if (result.lost.some((line) => line.includes('still Open'))) {
        await mapLimit(ready, 10, (player) => player.refundIfDue().catch(() => undefined));
      }
    }
    await sleep(5_000);
  }
  const drainMs = Date.now() - drainStart;
  const slotAtEnd = await rpc.getSlot({ commitment: 'confirmed' }).send();
  // The chain's own pace over the run, to give reveal latencies in ms as well as slots.
  const msPerSlot = (Date.now() - playStart) / Math.max(1, Number(slotAtEnd - slotAtStart));
  const memoryEnd = await product.memory();
  const stateFileEnd = stateFileSize(chaosStack === null ? product.dataDir : null);
  const stateFileWarm = stateFile.warm;
  if (stateFileWarm !== null && stateFileEnd !== null) {
    log(
      `the chain's saved state: ${mib(stateFileWarm)} after warm-up, ${mib(stateFileEnd)} at the end (${(((stateFileEnd - stateFileWarm) / stateFileWarm) * 100).toFixed(1)}%)`,
    );
  }
  // Behind the load balancer each instance runs only the workers it leads: add every instance's runs up.
  const workers =
    chaosStack === null
      ? await workerHealth(product.url)
      : sumWorkerRuns(await Promise.all(chaosStack.stack.state.instances.map((i) => workerHealth(i.url))));
  report({
    result,
    reveals,
    msPerSlot,
    latencies,
    ledger,
    memoryStart,
    memoryWarm,
    memoryEnd,
    workers,
    playedMs,
    drainMs,
    players: ready.length,
    product,
  });
  const chaosFailed = chaos === null ? false : reportChaos(chaos, latencies);
  const failed =
    result.lost.length > 0 || result.paidTwice.length > 0 || result.total.confirmed === 0 || chaosFailed;
  if (chaos !== null) console.log(failed ? '  CHAOS RESULT: FAIL' : '  CHAOS RESULT: PASS');
  return failed ? 1 : 0;
}

/** The size of the embedded chain's saved state under the product's data directory, or null. */
function stateFileSize(dataDir: string | null): number | null {
  if (dataDir === null) return null;
  try {
    return statSync(join(dataDir, 'localnet', 'chain-state.bin')).size;
  } catch {
    return null;
  }
}

/** A worker's runs as `GET /api/health` lists them. */
type WorkerRuns = Pick<WorkerHealthJson, 'name' | 'runs' | 'failures' | 'lastError'>;

/** The product's workers' run counts, or null when the health route does not answer within 2 s. */
async function workerHealth(url: string): Promise<WorkerRuns[] | null> {
  try {
    const response = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2_000) });
    const body = (await response.json()) as Partial<Health>;
    return (body.workers ?? []).map(({ name, runs, failures, lastError }) => ({
      name,
      runs,
      failures,
      lastError,
    }));
  } catch {
    return null;
  }
}

/** Each worker's runs and failures over several instances (those that answered). */
function sumWorkerRuns(perInstance: readonly (WorkerRuns[] | null)[]): WorkerRuns[] | null {
  const answered = perInstance.filter((runs) => runs !== null);
  if (answered.length === 0) return null;
  const byName = new Map<string, WorkerRuns>();
  for (const runs of answered) {
    for (const run of runs) {
      const seen = byName.get(run.name);
      byName.set(
        run.name,
        seen === undefined
          ? run
          : {
              name: run.name,
              runs: seen.runs + run.runs,
              failures: seen.failures + run.failures,
              lastError: seen.lastError ?? run.lastError,
            },
      );
    }
  }
  return [...byName.values()];
}

function report(input: {
  result: Reconciliation;
  reveals: RevealStats | null;
  msPerSlot: number;
  latencies: LatencyRecorder;
  ledger: Ledger;
  memoryStart: MemoryReading;
  memoryWarm: { reading: MemoryReading; atS: number } | null;
  memoryEnd: MemoryReading;
  workers: readonly WorkerRuns[] | null;
  playedMs: number;
  drainMs: number;
  players: number;
  product: SoakProduct;
}): void {
  const { result, latencies, ledger } = input;
  const api: LatencySummary = latencies.overall();
  const row = (label: string, values: (string | number)[]) => {
    console.log(`  ${label.padEnd(22)}${values.map((v) => String(v).padStart(11)).join('')}`);
  };
  console.log('\n=== soak ===');
  console.log(
    `  ${input.players} players, played ${(input.playedMs / 1000).toFixed(0)} s, drained in ${(input.drainMs / 1000).toFixed(0)} s, pace ${options.paceS.min}-${options.paceS.max} s`,
  );
  row('', [...GAMES, 'total']);
  for (const key of ['confirmed', 'indexed', 'settled', 'owed', 'paid'] as const) {
    row(key === 'owed' ? 'wins/refunds owed' : `${key} bets`, [
      ...GAMES.map((game) => result.byGame[game][key]),
      result.total[key],
    ]);
  }
  if (input.reveals !== null) {
    const { revealed, afterRefund, refunded, latencySlots } = input.reveals;
    const inMs = (slots: number) =>
      Number.isNaN(slots) ? 'n/a' : `${(slots * input.msPerSlot).toFixed(0)} ms`;
    const slotsOf = (slots: number) => `${slots} slot${slots === 1 ? '' : 's'}`;
    console.log(
      `  TailSpin/ReTail: ${revealed} revealed, ${refunded.total} refunded past the deadline (refund_bet: ${refunded.byPlayer} by the player, ${refunded.byOthers} by others; ${refunded.byExpiredReveal} by a reveal after their slot hash expired); ${afterRefund.rolled} rolled after their refund (${afterRefund.lateWinsPaid} late wins paid by the reveal)`,
    );
    console.log(
      `  reveal latency (create slot → reveal slot): p50 ${slotsOf(latencySlots.p50)} (${inMs(latencySlots.p50)}), p95 ${slotsOf(latencySlots.p95)} (${inMs(latencySlots.p95)}), max ${slotsOf(latencySlots.max)}; ${input.msPerSlot.toFixed(0)} ms a slot`,
    );
  }
  console.log(`  lost bets:            ${result.lost.length}`);
  for (const line of result.lost.slice(0, 20)) console.log(`    - ${line}`);
  console.log(`  paid twice:           ${result.paidTwice.length}`);
  for (const line of result.paidTwice.slice(0, 20)) console.log(`    - ${line}`);
  console.log(
    `  API: ${api.count} requests, p50 ${ms(api.p50)}, p99 ${ms(api.p99)}, max ${ms(api.max)}, ${latencies.errors} non-2xx`,
  );
  for (const { route, summary } of latencies.routes().slice(0, 10)) {
    console.log(
      `    ${route.padEnd(40)} ${String(summary.count).padStart(6)}  p50 ${ms(summary.p50).padStart(9)}  p99 ${ms(summary.p99).padStart(9)}`,
    );
  }
  console.log(
    `  memory (product pid ${input.product.pid}): start RSS ${mib(input.memoryStart.rss)}, heap ${mib(input.memoryStart.heapUsed)}; end RSS ${mib(input.memoryEnd.rss)}, heap ${mib(input.memoryEnd.heapUsed)}; peak RSS ${mib(input.memoryEnd.peakRss)}`,
  );
  const warm = input.memoryWarm;
  if (warm !== null) {
    const change = (end: number | null, from: number | null) =>
      end === null || from === null
        ? 'n/a'
        : `${end >= from ? '+' : ''}${(((end - from) / from) * 100).toFixed(1)}%`;
    console.log(
      `  memory after warm-up (${warm.atS} s of play): RSS ${mib(warm.reading.rss)}, heap ${mib(warm.reading.heapUsed)}; at the end RSS ${change(input.memoryEnd.rss, warm.reading.rss)}, heap ${change(input.memoryEnd.heapUsed, warm.reading.heapUsed)}`,
    );
  }
  if (input.workers === null) console.log('  workers: GET /api/health did not answer');
  else {
    // A worker failing run after run (while the players only wait) shows here, not in the players' failures.
    const line = input.workers
      .map(
        (w) =>
          `${w.name} ${w.runs} runs, ${w.failures} failed${w.lastError === null ? '' : ` (last: ${w.lastError.slice(0, 80)})`}`,
      )
      .join('; ');
    console.log(`  workers: ${line}`);
  }
  const actions = [...ledger.actions].map(([k, v]) => `${k} ${v}`).join(', ');
  console.log(
    `  turns: ${actions}; claims ${ledger.claims}; refunds sent by players ${ledger.refunds}; referral claims ${ledger.referralClaims}; turns waiting for a reveal ${ledger.waitingForReveal}; Foresight collections ${ledger.foresightCollections}`,
  );
  const failures = [...ledger.failures].sort((a, b) => b[1] - a[1]);
  console.log(
    `  failed actions (not bets lost: refused or timed out before confirming): ${failures.reduce((a, [, n]) => a + n, 0)}`,
  );
  for (const [reason, count] of failures.slice(0, 12))
    console.log(`    ${String(count).padStart(5)}  ${reason}`);
  console.log(
    result.lost.length === 0 && result.paidTwice.length === 0 && result.total.confirmed > 0
      ? '  RESULT: PASS (no bet lost, none paid twice)'
      : '  RESULT: FAIL',
  );
}

/** The chaos section of the report; true when the chaos criteria failed. */
function reportChaos(chaos: Chaos, latencies: LatencyRecorder): boolean {
  const now = Date.now();
  console.log('\n=== chaos ===');
  const byKind = new Map<string, number[]>();
  for (const fault of chaos.faults) {
    const list = byKind.get(fault.kind) ?? [];
    list.push(((fault.endedAt ?? now) - fault.startedAt) / 1000);
    byKind.set(fault.kind, list);
  }
  for (const [kind, spans] of byKind) {
    console.log(
      `  ${kind.padEnd(20)} ${String(spans.length).padStart(3)}×, back in ${spans.map((s) => `${s.toFixed(1)} s`).join(', ')}`,
    );
  }
  const broken = chaos.faults.filter((fault) => fault.error !== null);
  for (const fault of broken)
    console.log(`  fault not carried out: ${fault.kind} ${fault.target}: ${fault.error}`);
  const calm = latencies.outside(chaos.windows());
  console.log(
    `  API outside fault windows (each fault + ${String(SETTLE_MS / 1000)} s): ${calm.count} requests, p50 ${ms(calm.p50)}, p99 ${ms(calm.p99)}`,
  );
  const workers = [...new Set(chaos.leaders.gaps.map((gap) => gap.worker))].sort();
  for (const worker of workers) {
    const gaps = chaos.leaders.gaps.filter((gap) => gap.worker === worker);
    const spans = gaps.map((gap) => ((gap.end ?? now) - gap.start) / 1000);
    console.log(
      `  ${worker.padEnd(20)} lost its leader ${String(gaps.length)}×, led again in ${spans.map((s) => `${s.toFixed(1)} s`).join(', ')}${gaps.some((gap) => gap.end === null) ? ' (still unled)' : ''}`,
    );
  }
  if (workers.length === 0) console.log('  every worker kept a leader throughout');
  console.log(`  most instances seen leading one worker at once: ${String(chaos.leaders.maxLeaders)}`);
  const slow = chaos.leaders.failures(now, MAX_LEADER_GAP_MS);
  for (const gap of slow) {
    console.log(
      `  ${gap.worker} went without a leader for more than ${String(MAX_LEADER_GAP_MS / 1000)} s (from ${new Date(gap.start).toISOString()})`,
    );
  }
  return slow.length > 0 || broken.length > 0 || chaos.faults.length === 0;
}

/** The chaos in progress, stopped before the product on any way out (an error, Ctrl-C). */
const running: { chaos: Chaos | null } = { chaos: null };
let product: SoakProduct;
let stackProduct: StackProduct | null = null;
try {
  if (options.chaos) {
    log(
      `starting the stack (${options.instances} instances; players ${options.players}, duration ${options.durationS} s)…`,
    );
    stackProduct = await startStackProduct(options.instances, log);
    product = stackProduct;
  } else {
    log(`starting the product (players ${options.players}, duration ${options.durationS} s)…`);
    product = await startSoakProduct(log);
  }
} catch (error) {
  console.error((error as Error).message);
  process.exit(2);
}
// The stack's parts run detached (their own process groups): Ctrl-C must stop them, and drop the database.
let interrupted = false;
const onSignal = (): void => {
  if (interrupted) return;
  interrupted = true;
  log('interrupted: stopping the faults and the product…');
  void (async () => {
    await running.chaos?.stop().catch(() => undefined);
    await product.stop().catch(() => undefined);
    process.exit(130);
  })();
};
process.on('SIGINT', onSignal);
process.on('SIGTERM', onSignal);
let code: number;
try {
  code = await main(product, stackProduct);
} catch (error) {
  console.error('soak failed:', error);
  code = 2;
} finally {
  await running.chaos?.stop().catch(() => undefined);
  await product.stop();
}
process.exit(code);
