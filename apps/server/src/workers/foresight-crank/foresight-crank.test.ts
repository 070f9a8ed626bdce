/**
 * The Foresight crank on the real embedded chain. The chain's Clock follows a clock the test can move ahead
 * (the wall clock plus a skew), and the crank runs on the same clock. Every tick reads the one Pyth update for
 * its planned time through the price-update port (the local chain's `getPythPriceUpdate`).
 *
 * With 3-second rounds: the crank catches up the rounds the boot left behind, ticks at each planned time
 * (never before), keeps the next round pre-created, waits for an update not published yet, still gets the
 * prices of t when it ticks late and then catches up one round per tick on the planned schedule, restarts
 * without skipping or sticking (two instances never tick twice), and its rounds are playable: a winner is
 * paid, an invalid round refunds. With 10-minute rounds (so an outage longer than the settle buffer leaves
 * a handful of rounds to catch up, not a thousand): after such an outage its ticks end the rounds past their
 * buffer Invalid without asking for any price, read the update for each later round's time, and are current
 * again.
 *
 * Each `describe` starts its own server; the helpers act on the current one.
 */
import { FORESIGHT_SETTLE_BUFFER_SECS, ORACLE_MAX_LATE_SECS } from '@arcade/sdk/constants';
import {
  decodeBet,
  decodeConfig,
  decodeEvent,
  Prediction,
  type ConfigAccount,
  type EventAccount,
} from '@arcade/sdk/foresight/accounts';
import {
  getLockAndSettleEventsInstruction,
  getPlaceBetInstructionAsync,
  getSettleBetInstructionAsync,
  getWithdrawBetInstructionAsync,
} from '@arcade/sdk/foresight/instructions';
import { findBetAddress, findConfigAddress, findEventAddress } from '@arcade/sdk/foresight/pda';
import { SOL_USD_FEED_ID } from '@arcade/sdk/foresight/program';
import { foresightPayout } from '@arcade/sdk/payout';
import { generateKeyPairSigner, lamports, type Address, type KeyPairSigner } from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { sendAndConfirm } from '../../chain/send-transaction.ts';
import type { PostedPriceUpdate, PriceUpdatesPort } from '../../ports/price-updates-port.ts';
import { WorkerRunner, type Worker } from '../worker.ts';
import { createForesightCrankWorker, type ForesightCrankDetails } from './foresight-crank.ts';

let t: TestServer;
let configAddress: Address;
/** The current server's round length. */
let timelock = 0;
/** How far the chain's clock (and the crank's) is ahead of the wall clock. */
let skewMs = 0;
const clock = (): number => Date.now() + skewMs;

/** Every update the crank's port posted, in order. */
const posted: PostedPriceUpdate[] = [];
/** Every planned time the crank asked the port for, in order. */
const asked: number[] = [];
/** Calls that should answer "not published yet" before asking the chain. */
let unpublishedCalls = 0;

/** The local adapter, recording what it is asked for and posts (and answering null when told to). */
const spyPort = (): PriceUpdatesPort => ({
  postUpdateAt: async (request) => {
    asked.push(request.t);
    if (unpublishedCalls > 0) {
      unpublishedCalls -= 1;
      return null;
    }
    const update = await t.app.ports.priceUpdates.postUpdateAt(request);
    if (update !== null) posted.push(update);
    return update;
  },
  close: (update, payer) => t.app.ports.priceUpdates.close(update, payer),
});

/** A fresh server with `timelockSecs`-second rounds for the enclosing `describe`. */
function useServer(timelockSecs: number): void {
  beforeAll(async () => {
    skewMs = 0;
    posted.length = 0;
    asked.length = 0;
    unpublishedCalls = 0;
    timelock = timelockSecs;
    t = await startTestServer({ foresightTimelock: timelockSecs, chainNow: clock });
    [configAddress] = await findConfigAddress(SOL_USD_FEED_ID);
  });
  afterAll(async () => {
    await t.close();
  });
}

/** Moves the chain's clock (and the crank's) ahead, and waits for a slot so the chain's Clock shows it. */
async function moveClock(ms: number): Promise<void> {
  const target = Math.floor((clock() + ms) / 1000);
  skewMs += ms;
  await waitFor(
    async () => t.chain.chain.blockTime,
    (blockTime) => blockTime >= target,
    5_000,
  );
}

/** Moves the clocks ahead to unix ms `at` (not back). */
const moveClockTo = (at: number): Promise<void> => moveClock(Math.max(0, at - clock()));

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

async function accountData(address: Address): Promise<Buffer | null> {
  const { value } = await t.chain.context.rpc
    .getAccountInfo(address, { encoding: 'base64', commitment: 'confirmed' })
    .send();
  return value === null ? null : Buffer.from(value.data[0], 'base64');
}

async function readConfig(): Promise<ConfigAccount> {
  const data = await accountData(configAddress);
  if (data === null) throw new Error('no config');
  return decodeConfig(data);
}

async function readEvent(id: number): Promise<EventAccount | null> {
  const [event] = await findEventAddress(configAddress, id);
  const data = await accountData(event);
  return data === null ? null : decodeEvent(data);
}

async function mustReadEvent(id: number): Promise<EventAccount> {
  const event = await readEvent(id);
  if (event === null) throw new Error(`round ${id} does not exist`);
  return event;
}

async function waitFor<T>(read: () => Promise<T>, ok: (value: T) => boolean, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await sleep(100);
  }
}

const balance = async (address: Address): Promise<bigint> =>
  (await t.chain.context.rpc.getBalance(address, { commitment: 'confirmed' }).send()).value;

async function fundedPlayer(): Promise<KeyPairSigner> {
  const player = await generateKeyPairSigner();
  await t.chain.context.rpc.requestAirdrop(player.address, lamports(10_000_000_000n)).send();
  await waitFor(
    () => balance(player.address),
    (value) => value > 0n,
    5_000,
  );
  return player;
}

async function placeBet(
  player: KeyPairSigner,
  round: number,
  prediction: 'up' | 'down',
  amount: bigint,
): Promise<void> {
  const [event] = await findEventAddress(configAddress, round);
  await sendAndConfirm(t.chain.context.rpc, player, [
    await getPlaceBetInstructionAsync({ user: player, config: configAddress, event, prediction, amount }),
  ]);
}

/** `withdraw_bet` for `player` in `round`, sent by the event signer; returns what the player got back. */
async function withdraw(player: Address, round: number): Promise<bigint> {
  const [event] = await findEventAddress(configAddress, round);
  const before = await balance(player);
  await sendAndConfirm(t.chain.context.rpc, t.chain.context.signers.eventSigner, [
    await getWithdrawBetInstructionAsync({ user: player, config: configAddress, event }),
  ]);
  return (await balance(player)) - before;
}

function crank(options: { dryRun?: boolean; missingPriceRetryMs?: number } = {}): Worker {
  return createForesightCrankWorker(t.app, { now: clock, priceUpdates: spyPort(), ...options });
}

/** The update the port posted for planned time `t` (unix seconds). */
function updateFor(plannedSecs: bigint): PostedPriceUpdate | undefined {
  return posted.find((update) => BigInt(update.t) === plannedSecs);
}

/** The price `update` gives a round: its own, or none when published more than the oracle window after t. */
const priceOf = (update: PostedPriceUpdate): bigint | null =>
  update.publishTime - update.t <= ORACLE_MAX_LATE_SECS ? update.price : null;

function runner(worker: Worker): WorkerRunner {
  return new WorkerRunner({ db: t.db, worker, leaderRetryMs: 50 });
}

const detailsOf = (worker: Worker): ForesightCrankDetails => worker.details?.() as ForesightCrankDetails;

/**
 * Runs `worker` (each run makes a bounded number of moves) until the live round locks in the future and
 * its successor exists: the rounds are current again.
 */
async function runUntilCurrent(worker: Worker): Promise<ConfigAccount> {
  for (let run = 0; run < 100; run++) {
    const config = await readConfig();
    const live = await mustReadEvent(config.liveEvent);
    if (Number(live.lockTime) * 1000 > clock() && (await readEvent(config.liveEvent + 1)) !== null) {
      return config;
    }
    await worker.run(new AbortController().signal);
  }
  throw new Error('the crank did not catch up within 100 runs');
}

/** Every round before the locked one is settled, the locked one is locked, live and next exist. */
async function expectNothingStuck(): Promise<ConfigAccount> {
  const config = await readConfig();
  for (let id = 1; id < config.lockedEvent; id++) {
    expect((await mustReadEvent(id)).isSettled, `round ${id} settled`).toBe(true);
  }
  const locked = await mustReadEvent(config.lockedEvent);
  expect(locked.isSettled).toBe(false);
  const live = await mustReadEvent(config.liveEvent);
  expect(config.liveEvent).toBe(config.lockedEvent + 1);
  expect(live.startTime).toBeGreaterThan(0n);
  expect(await readEvent(config.liveEvent + 1)).not.toBeNull();
  expect(await readEvent(config.liveEvent + 2)).toBeNull();
  return config;
}

/**
 * Rounds `from` up to (not including) `to` were locked by the crank on the planned schedule: each locks one
 * timelock after its predecessor and settles one timelock after its lock, was locked no earlier than its
 * lock time, with the price of the update for its lock time, and (once settled) settled with the price of
 * the update for its settle time. Returns the rounds.
 */
async function expectPlannedSchedule(from: number, to: number): Promise<EventAccount[]> {
  const rounds: EventAccount[] = [];
  for (let id = from; id < to; id++) {
    const round = await mustReadEvent(id);
    const next = await mustReadEvent(id + 1);
    rounds.push(round);
    expect(next.lockTime - round.lockTime, `round ${id + 1} locks a timelock after ${id}`).toBe(
      BigInt(timelock),
    );
    expect(round.settleTime, `round ${id} settles a timelock after its lock`).toBe(
      round.lockTime + BigInt(timelock),
    );
    // The tick that locked round `id` opened round `id + 1`: never before the planned time.
    expect(next.startTime, `round ${id} locked no earlier than its lock time`).toBeGreaterThanOrEqual(
      round.lockTime,
    );
    const atLock = updateFor(round.lockTime);
    expect(atLock, `the update for round ${id}'s lock`).toBeDefined();
    expect(round.lockPrice, `round ${id} lock price`).toBe(priceOf(atLock!));
    if (round.isSettled) {
      const atSettle = updateFor(round.settleTime);
      expect(atSettle, `the update for round ${id}'s settle`).toBeDefined();
      expect(round.finalPrice, `round ${id} final price`).toBe(priceOf(atSettle!));
    }
  }
  for (const update of posted) {
    expect(update.publishTime).toBeGreaterThanOrEqual(update.t);
    expect(update.prevPublishTime).toBeLessThan(update.t);
  }
  return rounds;
}

describe('foresight-crank (3-second rounds)', () => {
  useServer(3);

  it('in dry-run mode plans the due tick and sends nothing', async () => {
    const before = await readConfig();
    expect(before).toMatchObject({ liveEvent: 1, lockedEvent: 0 });
    const round1 = await mustReadEvent(1);
    await waitFor(
      async () => clock(),
      (now) => now >= Number(round1.lockTime) * 1000,
      10_000,
    );
    const worker = crank({ dryRun: true });
    expect(worker.name).toBe('foresight-crank');
    await worker.run(new AbortController().signal);
    const details = detailsOf(worker);
    expect(details).toMatchObject({
      dryRun: true,
      config: configAddress,
      liveRound: 1,
      lockedRound: 0,
      nextRoundReady: true,
      nextTickDueAt: Number(round1.lockTime) * 1000,
      ticks: 0,
      lastTickAt: null,
      lastPlannedAction: { kind: 'tick', plannedMs: Number(round1.lockTime) * 1000, needsPrice: true },
    });
    expect(details.ticksDue).toBeGreaterThanOrEqual(1);
    expect(worker.lagMs?.()).toBeGreaterThanOrEqual(0);
    expect(await readConfig()).toEqual(before);
    expect(await readEvent(3)).toBeNull();
    expect(posted).toHaveLength(0);
  });

  it('waits for an update not published yet, and ticks with it once it is', async () => {
    unpublishedCalls = 1;
    const worker = crank({ missingPriceRetryMs: 0 });
    await worker.run(new AbortController().signal);
    const round1 = await mustReadEvent(1);
    expect(detailsOf(worker)).toMatchObject({
      ticks: 0,
      waitingForPrice: { t: Number(round1.lockTime) },
    });
    expect((await readConfig()).liveEvent).toBe(1);
    await worker.run(new AbortController().signal);
    const details = detailsOf(worker);
    expect(details.ticks).toBeGreaterThanOrEqual(1);
    expect(details.waitingForPrice).toBeNull();
    const update = updateFor(round1.lockTime)!;
    expect(update.publishTime).toBeGreaterThanOrEqual(Number(round1.lockTime));
    expect(update.prevPublishTime).toBeLessThan(Number(round1.lockTime));
    // Round 1 locked with the price of the one update for its lock time.
    expect((await mustReadEvent(1)).lockPrice).toBe(update.price);
    expect(asked.filter((plannedSecs) => plannedSecs === Number(round1.lockTime))).toHaveLength(2);
  });

  it('ticks at each planned time, never before, with the prices of the update for it, keeping the next round pre-created', async () => {
    const worker = crank();
    const run = runner(worker);
    run.start();
    try {
      const config = await waitFor(readConfig, (c) => c.liveEvent >= 6, 20_000);
      const rounds = await expectPlannedSchedule(1, config.lockedEvent);
      for (const round of rounds) {
        expect(round.isSettled).toBe(true);
        // Nobody played: a round with an empty side is Invalid whatever the prices.
        expect(round.result).toBe(Prediction.Invalid);
      }
      await expectNothingStuck();
      const health = run.health();
      expect(health.status).toBe('leader');
      expect(health.failures).toBe(0);
      // The crank records a tick once its sender returns, which can be a status poll after the chain shows it.
      const details = await waitFor(
        () => Promise.resolve(detailsOf(worker)),
        (d) => (d.liveRound ?? 0) >= 5,
        5_000,
      );
      expect(details.ticks).toBeGreaterThanOrEqual(3);
      expect(details.lastTickLagMs).toBeGreaterThanOrEqual(0);
      expect(details.lastTickPrice).toMatchObject({ late: false });
      expect(details.lastTickPriceLate).toBe(false);
      expect(details.lastTickWithoutPrice).toBe(false);
      expect(details.lastTickAt).toBeGreaterThan(0);
      expect(details.liveRound).toBeGreaterThanOrEqual(5);
      expect(details.lockedRound).toBe((details.liveRound ?? 0) - 1);
    } finally {
      await run.stop();
    }
  }, 40_000);

  it("runs rounds players can use: a winner is paid by settle_bet, an invalid round's bet withdrawn", async () => {
    const [up, down, solo] = await Promise.all([fundedPlayer(), fundedPlayer(), fundedPlayer()]);
    const eventSigner = t.chain.context.signers.eventSigner;
    const run = runner(crank());
    run.start();
    try {
      // A fresh live round, with time to bet before it locks.
      const start = await readConfig();
      const first = await waitFor(readConfig, (c) => c.liveEvent > start.liveEvent, 10_000);
      const pairRound = first.liveEvent;
      const [pairEvent] = await findEventAddress(configAddress, pairRound);
      const upAmount = 1_000_000_000n;
      const downAmount = 300_000_000n;
      await Promise.all([
        sendAndConfirm(t.chain.context.rpc, up, [
          await getPlaceBetInstructionAsync({
            user: up,
            config: configAddress,
            event: pairEvent,
            prediction: 'up',
            amount: upAmount,
          }),
        ]),
        sendAndConfirm(t.chain.context.rpc, down, [
          await getPlaceBetInstructionAsync({
            user: down,
            config: configAddress,
            event: pairEvent,
            prediction: 'down',
            amount: downAmount,
          }),
        ]),
      ]);
      const soloRound = pairRound + 1;
      await waitFor(readConfig, (c) => c.liveEvent === soloRound, 10_000);
      const [soloEvent] = await findEventAddress(configAddress, soloRound);
      const soloAmount = 200_000_000n;
      await sendAndConfirm(t.chain.context.rpc, solo, [
        await getPlaceBetInstructionAsync({
          user: solo,
          config: configAddress,
          event: soloEvent,
          prediction: 'up',
          amount: soloAmount,
        }),
      ]);

      const pair = await waitFor(
        () => mustReadEvent(pairRound),
        (e) => e.isSettled,
        15_000,
      );
      expect(pair).toMatchObject({ upCount: 1, downCount: 1, upPool: upAmount, downPool: downAmount });
      expect(pair.lockPrice).not.toBeNull();
      expect(pair.finalPrice).not.toBeNull();
      if (pair.result === Prediction.Invalid) {
        // Equal prices: both refunded.
        expect(pair.finalPrice).toBe(pair.lockPrice);
        for (const [player, amount] of [
          [up, upAmount],
          [down, downAmount],
        ] as const) {
          const before = await balance(player.address);
          await sendAndConfirm(t.chain.context.rpc, eventSigner, [
            await getWithdrawBetInstructionAsync({
              user: player.address,
              config: configAddress,
              event: pairEvent,
            }),
          ]);
          expect((await balance(player.address)) - before).toBe(amount);
        }
      } else {
        const upWon = pair.result === Prediction.Up;
        expect(upWon ? pair.finalPrice! > pair.lockPrice! : pair.finalPrice! < pair.lockPrice!).toBe(true);
        const [winner, amount] = upWon ? [up, upAmount] : [down, downAmount];
        const before = await balance(winner.address);
        // A keeper (here the event signer) pays: the winner's balance moves by exactly the payout.
        await sendAndConfirm(t.chain.context.rpc, eventSigner, [
          await getSettleBetInstructionAsync({
            user: winner.address,
            config: configAddress,
            event: pairEvent,
          }),
        ]);
        const expected = foresightPayout(amount, pair.upPool, pair.downPool, upWon ? 'up' : 'down');
        expect(expected).toBeGreaterThan(amount);
        expect((await balance(winner.address)) - before).toBe(expected);
        expect((await mustReadEvent(pairRound)).settledCount).toBe(1);
      }

      const soloSettled = await waitFor(
        () => mustReadEvent(soloRound),
        (e) => e.isSettled,
        15_000,
      );
      expect(soloSettled.result).toBe(Prediction.Invalid);
      const before = await balance(solo.address);
      await sendAndConfirm(t.chain.context.rpc, eventSigner, [
        await getWithdrawBetInstructionAsync({ user: solo.address, config: configAddress, event: soloEvent }),
      ]);
      expect((await balance(solo.address)) - before).toBe(soloAmount);
      const [soloBet] = await findBetAddress(soloEvent, solo.address);
      expect(decodeBet((await accountData(soloBet))!).isSettled).toBe(true);
      expect(run.health().failures).toBe(0);
    } finally {
      await run.stop();
    }
  }, 60_000);

  it('ticking 40 s late (past the oracle window) still settles and locks with the prices of the update for t, then catches up one round per tick', async () => {
    const first = crank();
    const run = runner(first);
    run.start();
    await waitFor(
      async () => detailsOf(first).ticks,
      (ticks) => ticks >= 1,
      10_000,
    );
    await run.stop();
    const stopped = await readConfig();
    const lockedAtStop = stopped.lockedEvent;
    const liveAtStop = stopped.liveEvent;
    const plannedSecs = (await mustReadEvent(liveAtStop)).lockTime;
    // The update for t is published at t; the crank comes back 40 s after it, and nothing was published
    // in between (the clock jumps).
    await waitFor(
      async () => clock(),
      (now) => now >= Number(plannedSecs) * 1000 + 1_500,
      10_000,
    );
    await moveClock((ORACLE_MAX_LATE_SECS + 10) * 1000);
    expect(first.lagMs?.()).toBeGreaterThan(ORACLE_MAX_LATE_SECS * 1000);
    expect(await readConfig()).toEqual(stopped);

    const askedBefore = asked.length;
    const restarted = crank();
    await restarted.run(new AbortController().signal);
    // The first tick, 40 s late, read the update for t: it settled and locked with that update's price.
    const update = updateFor(plannedSecs)!;
    expect(update.publishTime - Number(plannedSecs)).toBeLessThanOrEqual(ORACLE_MAX_LATE_SECS);
    const settled = await mustReadEvent(lockedAtStop);
    expect(settled.isSettled).toBe(true);
    expect(settled.finalPrice).toBe(update.price);
    const locked = await mustReadEvent(liveAtStop);
    expect(locked.lockPrice).toBe(update.price);
    expect(asked[askedBefore]).toBe(Number(plannedSecs));

    // Then one round per tick, each for its own planned time t + k × timelock, until current.
    const current = await runUntilCurrent(restarted);
    expect(current.liveEvent - liveAtStop).toBeGreaterThan(1);
    expect(detailsOf(restarted).ticks).toBe(current.liveEvent - liveAtStop);
    const rounds = await expectPlannedSchedule(liveAtStop, current.liveEvent);
    expect(rounds[0]!.lockTime).toBe(plannedSecs);
    // It asked for the update of each of those times, in order, and for no other.
    expect([...new Set(asked.slice(askedBefore))]).toEqual(rounds.map((round) => Number(round.lockTime)));
    // The next round's time fell in the jump: its update came more than 30 s after it, so that round has
    // no lock price (it ends Invalid), whoever ticks.
    const nextRound = rounds[1]!;
    expect(updateFor(nextRound.lockTime)!.publishTime - Number(nextRound.lockTime)).toBeGreaterThan(
      ORACLE_MAX_LATE_SECS,
    );
    expect(nextRound.lockPrice).toBeNull();
    expect((await mustReadEvent(liveAtStop)).result).toBe(Prediction.Invalid);
    await expectNothingStuck();
  }, 60_000);

  it('restarts mid-way (a new instance, a tick sent without its pre-created round) without skipping or sticking', async () => {
    const a = crank();
    const runA = runner(a);
    runA.start();
    await waitFor(
      async () => detailsOf(a).ticks,
      (ticks) => ticks >= 1,
      10_000,
    );
    await runA.stop();

    // A crank that died between its tick and the pre-creation: tick alone, by hand.
    const config = await readConfig();
    const live = await mustReadEvent(config.liveEvent);
    await waitFor(
      async () => clock(),
      (now) => now >= Number(live.lockTime) * 1000 + 500,
      10_000,
    );
    const eventSigner = t.chain.context.signers.eventSigner;
    const update = await t.app.ports.priceUpdates.postUpdateAt({
      feedId: SOL_USD_FEED_ID,
      t: Number(live.lockTime),
      payer: eventSigner,
    });
    expect(update).not.toBeNull();
    const [[lockedEvent], [liveEvent], [nextEvent]] = await Promise.all([
      findEventAddress(configAddress, config.lockedEvent),
      findEventAddress(configAddress, config.liveEvent),
      findEventAddress(configAddress, config.liveEvent + 1),
    ]);
    let ticked = false;
    for (let attempt = 0; attempt < 10 && !ticked; attempt++) {
      try {
        await sendAndConfirm(t.chain.context.rpc, eventSigner, [
          getLockAndSettleEventsInstruction({
            cranker: eventSigner,
            config: configAddress,
            lockedEvent,
            liveEvent,
            nextEvent,
            priceUpdate: update!.address,
            treasury: config.treasury,
          }),
        ]);
        ticked = true;
      } catch {
        await sleep(200); // EventActive until the chain's Clock reaches the lock time.
      }
    }
    expect(ticked).toBe(true);
    const halfway = await readConfig();
    expect(halfway.liveEvent).toBe(config.liveEvent + 1);
    expect(await readEvent(halfway.liveEvent + 1)).toBeNull();
    expect((await mustReadEvent(config.liveEvent)).lockPrice).toBe(priceOf(update!));

    // Two fresh instances at once: one pre-creates and ticks, the other finds the state moved and rereads.
    const b = crank();
    const c = crank();
    await Promise.all([b.run(new AbortController().signal), c.run(new AbortController().signal)]);
    expect(await readEvent(halfway.liveEvent + 1)).not.toBeNull();

    // Two instances running together (on PostgreSQL one leads and the other stands by; PGlite is one
    // process, where both lead and the program refuses the second tick of each t).
    const runB = runner(b);
    const runC = runner(c);
    runB.start();
    runC.start();
    try {
      const target = halfway.liveEvent + 3;
      await waitFor(readConfig, (c2) => c2.liveEvent >= target, 20_000);
      expect(runB.health().failures).toBe(0);
      expect(runC.health().failures).toBe(0);
    } finally {
      await Promise.all([runB.stop(), runC.stop()]);
    }
    const final = await expectNothingStuck();
    // No id skipped and no time moved: every round from the one the hand-made tick opened is on the planned
    // schedule, locked with the update for its own lock time.
    const rounds = await expectPlannedSchedule(halfway.liveEvent, final.liveEvent);
    expect(rounds[0]!.lockTime).toBe(live.lockTime + BigInt(timelock));
  }, 60_000);
});

/** Round length of the outage test: long enough that an outage past the settle buffer spans a few rounds. */
const OUTAGE_TIMELOCK_SECS = 600;

describe('foresight-crank after an outage (10-minute rounds)', () => {
  useServer(OUTAGE_TIMELOCK_SECS);

  it('after an outage longer than the settle buffer, ticks end the stuck rounds Invalid without a price and catch up one round per tick', async () => {
    const T = BigInt(OUTAGE_TIMELOCK_SECS);
    const buffer = BigInt(FORESIGHT_SETTLE_BUFFER_SECS);
    const amount = 150_000_000n;
    const [early, late] = await Promise.all([fundedPlayer(), fundedPlayer()]);
    expect(await readConfig()).toMatchObject({ liveEvent: 1, lockedEvent: 0 });
    // A bet in round 1 (live since the boot), then its lock time t1 comes and the crank ticks.
    await placeBet(early, 1, 'up', amount);
    const t1 = (await mustReadEvent(1)).lockTime;
    await moveClockTo(Number(t1) * 1000 + 1_000);
    const first = crank();
    await first.run(new AbortController().signal);
    expect(await readConfig()).toMatchObject({ lockedEvent: 1, liveEvent: 2 });
    expect((await mustReadEvent(1)).lockPrice).toBe(priceOf(updateFor(t1)!));
    await placeBet(late, 2, 'down', amount);

    // The crank is down from here. Round k locks at t1 + (k − 1) × T and settles a timelock later; it is past
    // its buffer from its settle time + 1 hour. It comes back 15 s after round 3's buffer ended (rounds 1–3
    // are past it, round 4 is not) and nothing was published meanwhile (the clock jumps).
    const restartAt = t1 + 3n * T + buffer + 15n;
    await moveClockTo(Number(restartAt) * 1000);
    const askedBefore = asked.length;
    const restarted = crank();
    const current = await runUntilCurrent(restarted);

    // One round per tick until round 11, which locks at t1 + 10 T, after the restart.
    expect(current).toMatchObject({ lockedEvent: 10, liveEvent: 11 });
    expect(detailsOf(restarted).ticks).toBe(9);
    for (let id = 1; id <= 11; id++) {
      const round = await mustReadEvent(id);
      expect(round.lockTime, `round ${id} lock time`).toBe(t1 + BigInt(id - 1) * T);
      expect(round.settleTime, `round ${id} settle time`).toBe(round.lockTime + T);
    }
    // Rounds 1–3 ended Invalid without any price: the crank asked for no update for their ticks (t1 + T,
    // t1 + 2T) and passed the live feed account.
    for (const id of [1, 2, 3]) {
      const round = await mustReadEvent(id);
      expect(round.isSettled, `round ${id} ended`).toBe(true);
      expect(round.result, `round ${id} Invalid`).toBe(Prediction.Invalid);
      expect(round.finalPrice, `round ${id} final price`).toBeNull();
    }
    expect((await mustReadEvent(2)).lockPrice).toBeNull();
    expect((await mustReadEvent(3)).lockPrice).toBeNull();
    // Rounds 4–10 still took prices: the crank asked for the update of each one's lock time (t1 + 3T …
    // t1 + 9T), in order. The first update after the jump is the one for each of them; only round 10's time
    // is within 30 s of it, so only round 10 has a lock price.
    const priced = [4, 5, 6, 7, 8, 9, 10].map((id) => t1 + BigInt(id - 1) * T);
    expect([...new Set(asked.slice(askedBefore))]).toEqual(priced.map(Number));
    for (let id = 4; id <= 10; id++) {
      const round = await mustReadEvent(id);
      const update = updateFor(round.lockTime)!;
      expect(round.lockPrice, `round ${id} lock price`).toBe(priceOf(update));
      expect(round.lockPrice === null, `round ${id} without a lock price`).toBe(id < 10);
      if (id < 10) {
        expect(round.isSettled).toBe(true);
        expect(round.result).toBe(Prediction.Invalid);
        expect(round.finalPrice).toBe(priceOf(updateFor(round.settleTime)!));
      }
    }
    expect(detailsOf(restarted)).toMatchObject({
      lastTickWithoutPrice: false,
      lastTickPriceLate: false,
      lastTickPrice: { t: Number(t1 + 9n * T) },
    });

    // The players' stakes come back in full.
    expect(await withdraw(early.address, 1)).toBe(amount);
    expect(await withdraw(late.address, 2)).toBe(amount);

    // The next tick is on time again, with the update for its planned time.
    await moveClockTo(Number(t1 + 10n * T) * 1000 + 1_000);
    await restarted.run(new AbortController().signal);
    expect(detailsOf(restarted)).toMatchObject({
      ticks: 10,
      ticksDue: 0,
      lastTickWithoutPrice: false,
      lastTickPriceLate: false,
    });
    const update = updateFor(t1 + 10n * T)!;
    expect(priceOf(update)).not.toBeNull();
    expect((await mustReadEvent(11)).lockPrice).toBe(update.price);
    expect((await mustReadEvent(10)).finalPrice).toBe(update.price);
    await expectNothingStuck();
  }, 60_000);
});
