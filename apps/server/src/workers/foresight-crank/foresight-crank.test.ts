/**
 * The Foresight crank on the real embedded chain with 3-second rounds (the chain's Clock follows the wall
 * clock, so the crank runs on `Date.now`). It catches up the rounds the boot left behind, ticks on time,
 * keeps the next round pre-created, survives downtime (rounds it was too late for end Invalid), restarts
 * without skipping or sticking, and its rounds are playable: a winner is paid, an invalid round refunds.
 */
import { ORACLE_MAX_LATE_SECS } from '@arcade/sdk/constants';
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
import { WorkerRunner, type Worker } from '../worker.ts';
import { createForesightCrankWorker, type ForesightCrankDetails } from './foresight-crank.ts';

const TIMELOCK_SECS = 3;

let t: TestServer;
let configAddress: Address;

beforeAll(async () => {
  t = await startTestServer({ foresightTimelock: TIMELOCK_SECS });
  [configAddress] = await findConfigAddress(SOL_USD_FEED_ID);
});

afterAll(async () => {
  await t.close();
});

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

function crank(options: { dryRun?: boolean } = {}): Worker {
  return createForesightCrankWorker(t.app, { now: Date.now, ...options });
}

function runner(worker: Worker): WorkerRunner {
  return new WorkerRunner({ db: t.db, worker, leaderRetryMs: 50 });
}

const detailsOf = (worker: Worker): ForesightCrankDetails => worker.details?.() as ForesightCrankDetails;

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

describe('foresight-crank', () => {
  it('in dry-run mode plans the due tick and sends nothing', async () => {
    const before = await readConfig();
    expect(before).toMatchObject({ liveEvent: 1, lockedEvent: 0 });
    const round1 = await mustReadEvent(1);
    await waitFor(
      async () => Date.now(),
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
      lastPlannedAction: { kind: 'tick', plannedMs: Number(round1.lockTime) * 1000 },
    });
    expect(worker.lagMs?.()).toBeGreaterThanOrEqual(0);
    expect(await readConfig()).toEqual(before);
    expect(await readEvent(3)).toBeNull();
  });

  it('catches up the boot rounds, then ticks on time with prices, keeping the next round pre-created', async () => {
    const worker = crank();
    const run = runner(worker);
    run.start();
    try {
      const config = await waitFor(readConfig, (c) => c.liveEvent >= 5, 20_000);
      // Ticks after the catch-up one: each within 2 s of the lock time, with both prices in the window.
      for (let id = 2; id < config.lockedEvent; id++) {
        const round = await mustReadEvent(id);
        const next = await mustReadEvent(id + 1);
        const tickTime = next.startTime;
        expect(tickTime - round.lockTime, `round ${id} locked on time`).toBeGreaterThanOrEqual(0n);
        expect(tickTime - round.lockTime, `round ${id} locked on time`).toBeLessThanOrEqual(2n);
        expect(round.lockPrice, `round ${id} lock price`).not.toBeNull();
      }
      for (let id = 2; id < config.lockedEvent; id++) {
        const round = await mustReadEvent(id);
        expect(round.isSettled).toBe(true);
        expect(round.finalPrice, `round ${id} final price`).not.toBeNull();
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
      expect(details.lastTickLagMs).not.toBeNull();
      expect(details.lastTickLagMs).toBeLessThan(2_000);
      expect(details.lastTickMissedLockPrice).toBe(false);
      expect(details.lastTickAt).toBeGreaterThan(0);
      expect(details.liveRound).toBeGreaterThanOrEqual(5);
      expect(details.lockedRound).toBe((details.liveRound ?? 0) - 1);
      expect(health.lagMs).toBeLessThan(2_000);
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

  it('after downtime longer than the oracle window, the missed rounds end Invalid and one run catches up', async () => {
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
    const liveRound = await mustReadEvent(liveAtStop);

    // Down for more than the oracle's late window after the live round's lock: both its lock price and the
    // locked round's final price can no longer be proven. That is 10+ rounds of 3 s.
    const downUntil = (Number(liveRound.lockTime) + ORACLE_MAX_LATE_SECS + TIMELOCK_SECS + 2) * 1000;
    await sleep(Math.max(0, downUntil - Date.now()));
    // The stopped worker knows how late the due tick is.
    expect(first.lagMs?.()).toBeGreaterThan(ORACLE_MAX_LATE_SECS * 1000);
    expect(await readConfig()).toEqual(stopped);

    // A fresh instance (a restart) catches up in one run.
    const restarted = crank();
    const startedAt = Date.now();
    await restarted.run(new AbortController().signal);
    const after = await readConfig();
    expect(after).toMatchObject({ lockedEvent: liveAtStop, liveEvent: liveAtStop + 1 });
    const missedSettle = await mustReadEvent(lockedAtStop);
    expect(missedSettle.isSettled).toBe(true);
    expect(missedSettle.finalPrice).toBeNull();
    expect(missedSettle.result).toBe(Prediction.Invalid);
    const missedLock = await mustReadEvent(liveAtStop);
    expect(missedLock.isSettled).toBe(false);
    expect(missedLock.lockPrice).toBeNull();
    const current = await mustReadEvent(after.liveEvent);
    // The new live round started at the catch-up tick: current, not stuck in the past.
    expect(Number(current.startTime) * 1000).toBeGreaterThanOrEqual(
      Math.floor(startedAt / 1000) * 1000 - 1000,
    );
    expect(current.lockTime - current.startTime).toBe(BigInt(TIMELOCK_SECS));
    expect(await readEvent(after.liveEvent + 1)).not.toBeNull();
    const details = detailsOf(restarted);
    expect(details.ticks).toBe(1);
    expect(details.lastTickMissedLockPrice).toBe(true);
    expect(details.lastTickLagMs).toBeGreaterThan(ORACLE_MAX_LATE_SECS * 1000);
    expect(restarted.lagMs?.()).toBe(0);

    // The next tick is on time again: the round locked without a price settles Invalid.
    await waitFor(
      async () => Date.now(),
      (now) => now >= Number(current.lockTime) * 1000,
      10_000,
    );
    await restarted.run(new AbortController().signal);
    const settledMissed = await waitFor(
      () => mustReadEvent(liveAtStop),
      (e) => e.isSettled,
      5_000,
    );
    expect(settledMissed.result).toBe(Prediction.Invalid);
    expect(settledMissed.finalPrice).not.toBeNull();
    expect((await mustReadEvent(after.liveEvent)).lockPrice).not.toBeNull();
    expect(detailsOf(restarted).lastTickMissedLockPrice).toBe(false);
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
      async () => Date.now(),
      (now) => now >= Number(live.lockTime) * 1000 + 500,
      10_000,
    );
    const eventSigner = t.chain.context.signers.eventSigner;
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
            eventSigner,
            config: configAddress,
            lockedEvent,
            liveEvent,
            nextEvent,
            priceUpdate: t.chain.context.addresses.priceAccount,
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

    // Two fresh instances at once: one pre-creates and ticks, the other finds the state moved and rereads.
    const b = crank();
    const c = crank();
    await Promise.all([b.run(new AbortController().signal), c.run(new AbortController().signal)]);
    expect(await readEvent(halfway.liveEvent + 1)).not.toBeNull();

    const runB = runner(b);
    runB.start();
    try {
      const target = halfway.liveEvent + 3;
      await waitFor(readConfig, (c2) => c2.liveEvent >= target, 20_000);
      expect(runB.health().failures).toBe(0);
    } finally {
      await runB.stop();
    }
    const final = await expectNothingStuck();
    // No id skipped: every round up to the pre-created one exists, each round's start is its predecessor's
    // tick time (its successor's start), so the chain of rounds is unbroken.
    for (let id = halfway.liveEvent; id < final.liveEvent; id++) {
      const round = await mustReadEvent(id);
      const next = await mustReadEvent(id + 1);
      expect(round.isSettled || id === final.lockedEvent).toBe(true);
      expect(next.startTime).toBeGreaterThanOrEqual(round.lockTime);
      expect(next.startTime - round.lockTime).toBeLessThanOrEqual(2n);
      expect(round.lockPrice, `round ${id} lock price`).not.toBeNull();
    }
  }, 60_000);
});
