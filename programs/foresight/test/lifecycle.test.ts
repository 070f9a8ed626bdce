/**
 * Consecutive rounds driven the way the crank and players drive them on a cluster, one round per result:
 * Up wins, Down wins, a tie, a one-sided round, an oracle too late for the planned time, a lock price that
 * could not be had, and cranks 20 s and two minutes late (which change no price and no time: the price is
 * the update for the planned time, and rounds keep the planned schedule). Each asserts balances, the result,
 * the fee and events.
 */
import type { KeyPairSigner } from '@solana/kit';
import { Prediction } from '@arcade/sdk/foresight/accounts';
import { parseOracleReading } from '@arcade/sdk/foresight/events';
import { foresightFee, foresightPayout } from '@arcade/sdk/payout';
import { beforeAll, describe, expect, it } from 'vitest';
import { ForesightHarness, SOL, T0, TIMELOCK, type Outcome } from './harness.ts';

const TX_FEE = 5_000n;
const PRICE = (usd: number): bigint => BigInt(Math.round(usd * 100)) * 1_000_000n; // exponent -8

let h: ForesightHarness;
let alice: KeyPairSigner;
let bob: KeyPairSigner;
let carol: KeyPairSigner;
let betRent: bigint;
let eventRent: bigint;

function ok(outcome: Outcome): Extract<Outcome, { ok: true }> {
  return h.expectOk(outcome);
}

/** Places a bet and checks the player paid exactly the stake (plus rent for a new bet record, plus the fee). */
async function bet(player: KeyPairSigner, round: number, side: 'up' | 'down', amount: bigint): Promise<void> {
  const isNew = !h.exists(await h.betAddress(round, player.address));
  const before = h.balance(player.address);
  const outcome = ok(await h.placeBet(player, round, side, amount));
  expect(h.balance(player.address)).toBe(before - amount - TX_FEE - (isNew ? betRent : 0n));
  expect(outcome.events).toMatchObject([
    {
      name: 'UpdateBet',
      data: {
        amount,
        winAmount: 0n,
        user: player.address,
        isSettled: false,
        won: false,
      },
    },
  ]);
}

/**
 * The tick at the live round's lock time t (+ lateBy), with the update for t published `publishDelay` after
 * it; returns what the treasury received.
 */
async function tick(
  price: bigint | null,
  lateBy = 0n,
  publishDelay = 0n,
): Promise<{ fee: bigint; outcome: Extract<Outcome, { ok: true }> }> {
  const before = h.balance(h.treasury.address);
  const outcome = ok(await h.advance(price, lateBy, { publishDelay }));
  return { fee: h.balance(h.treasury.address) - before, outcome };
}

/** settle_bet sent by a keeper: the player's balance moves by exactly the payout. */
async function settle(player: KeyPairSigner, round: number, expected: bigint, won: boolean): Promise<void> {
  const before = h.balance(player.address);
  const outcome = ok(await h.settleBet(player.address, round));
  expect(h.balance(player.address) - before).toBe(expected);
  expect(outcome.events).toMatchObject([
    { name: 'UpdateBet', data: { winAmount: expected, isSettled: true, won } },
  ]);
}

async function refund(player: KeyPairSigner, round: number, amount: bigint): Promise<void> {
  const before = h.balance(player.address);
  const outcome = ok(await h.withdrawBet(player.address, round));
  expect(h.balance(player.address) - before).toBe(amount);
  expect(outcome.events).toMatchObject([
    { name: 'UpdateBet', data: { amount, winAmount: amount, isSettled: true, won: false } },
  ]);
}

function settledEvent(outcome: Outcome, round: number): unknown {
  if (!outcome.ok) throw new Error('tick failed');
  return outcome.events.find((e) => e.name === 'UpdateEvent' && e.data.id === round)?.data;
}

beforeAll(async () => {
  h = await ForesightHarness.create();
  alice = await h.player(1_000n);
  bob = await h.player(1_000n);
  carol = await h.player(1_000n);
  betRent = h.svm.minimumBalanceForRentExemption(82n);
  eventRent = h.svm.minimumBalanceForRentExemption(116n);
  await h.start();
});

describe('a fresh config', () => {
  it('opens round 1 at once and pre-creates round 2', async () => {
    const config = h.fetchConfig();
    expect([config.liveEvent, config.lockedEvent, config.timelock, config.disabled]).toEqual([
      1,
      0,
      300,
      false,
    ]);
    const one = await h.fetchEvent(1);
    expect([one.startTime, one.lockTime, one.settleTime]).toEqual([T0, T0 + TIMELOCK, T0 + 2n * TIMELOCK]);
    const two = await h.fetchEvent(2);
    expect([two.id, two.startTime, two.lockTime, two.isSettled]).toEqual([2, 0n, 0n, false]);
    expect(two.config).toBe(h.config);
  });
});

/**
 * Tick k happens at the live round's lock time: it settles round k−1 with the price then and locks round k
 * at the same price. Players bet on the live round while the locked one runs, so the test for round r first
 * places the bets of round r+1, then runs the tick that settles round r.
 */
const BETS: Record<number, [() => KeyPairSigner, 'up' | 'down', bigint][]> = {
  2: [
    [() => alice, 'down', 1n * SOL],
    [() => bob, 'up', 3n * SOL],
  ],
  3: [
    [() => alice, 'up', 1n * SOL],
    [() => bob, 'down', 1n * SOL],
  ],
  4: [
    [() => alice, 'up', 1n * SOL],
    [() => carol, 'up', 2n * SOL],
  ],
  5: [
    [() => alice, 'up', 1n * SOL],
    [() => bob, 'down', 1n * SOL],
  ],
  6: [
    [() => alice, 'up', 1n * SOL],
    [() => bob, 'down', 1n * SOL],
  ],
  7: [
    [() => alice, 'up', 2n * SOL],
    [() => bob, 'down', 2n * SOL],
  ],
  8: [
    [() => alice, 'up', 1n * SOL],
    [() => bob, 'down', 3n * SOL],
  ],
};

async function betsFor(round: number): Promise<void> {
  for (const [player, side, amount] of BETS[round] ?? []) await bet(player(), round, side, amount);
}

describe('consecutive rounds', () => {
  it('round 1 takes bets and locks at the first tick', async () => {
    await bet(alice, 1, 'up', 1n * SOL);
    await bet(alice, 1, 'up', SOL / 2n); // a second bet on the same side adds to the first
    await bet(bob, 1, 'down', 2n * SOL);
    await bet(carol, 1, 'up', SOL / 2n);
    expect(await h.fetchBet(1, alice.address)).toMatchObject({
      amount: (3n * SOL) / 2n,
      prediction: Prediction.Up,
    });

    const lock = await tick(PRICE(100));
    expect(lock.fee).toBe(0n); // nothing was locked before round 1: nothing settles
    const locked = await h.fetchEvent(1);
    // The tick's logs say which oracle update it read: the receipt's publish time, from the transaction alone.
    expect(parseOracleReading(lock.outcome.logs)).toEqual({
      price: PRICE(100),
      publishTime: locked.lockTime,
    });
    expect(lock.outcome.logs).toContain(
      `Program log: Oracle price ${PRICE(100)} published ${locked.lockTime}`,
    );
    expect([locked.lockPrice, locked.upPool, locked.downPool, locked.upCount, locked.downCount]).toEqual([
      PRICE(100),
      2n * SOL,
      2n * SOL,
      2,
      1,
    ]);
    expect(h.fetchConfig()).toMatchObject({ lockedEvent: 1, liveEvent: 2 });
    expect(await h.placeBet(carol, 1, 'up', SOL)).toMatchObject({ ok: false, name: 'EventInactive' });
  });

  it('round 1: Up wins; 3% of the pot goes to the treasury and winners share the rest', async () => {
    await betsFor(2);
    const settleTick = await tick(PRICE(101));
    expect(settleTick.fee).toBe(120_000_000n); // 3% of 4 SOL
    expect(settledEvent(settleTick.outcome, 1)).toMatchObject({
      result: Prediction.Up,
      upPool: 2n * SOL,
      downPool: 2n * SOL,
      totalCount: 3,
    });
    const settled = await h.fetchEvent(1);
    expect([settled.isSettled, settled.result, settled.finalPrice]).toEqual([
      true,
      Prediction.Up,
      PRICE(101),
    ]);

    // (4 − 0.12) SOL shared by the Up pool of 2 SOL: 1.5 → 2.91 SOL, 0.5 → 0.97 SOL.
    await settle(alice, 1, 2_910_000_000n, true);
    await settle(carol, 1, 970_000_000n, true);
    expect(foresightPayout((3n * SOL) / 2n, 2n * SOL, 2n * SOL, 'up')).toBe(2_910_000_000n);
    expect(await h.settleBet(bob.address, 1)).toMatchObject({ ok: false, code: 6005, name: 'BetLost' });
    // Paid out exactly: the round keeps only its rent.
    expect(h.balance(await h.eventAddress(1))).toBe(eventRent);
  });

  it('round 2: Down wins', async () => {
    await betsFor(3);
    const settleTick = await tick(PRICE(99)); // round 2 was locked at 101
    expect(settleTick.fee).toBe(foresightFee(4n * SOL));
    expect(settledEvent(settleTick.outcome, 2)).toMatchObject({ result: Prediction.Down });
    await settle(alice, 2, 3_880_000_000n, true);
    expect(await h.settleBet(bob.address, 2)).toMatchObject({ ok: false, name: 'BetLost' });
  });

  it('round 3: equal prices make the round invalid: no fee, every bet refunded', async () => {
    await betsFor(4);
    const settleTick = await tick(PRICE(99)); // locked at 99, final 99
    expect(settleTick.fee).toBe(0n);
    expect(settledEvent(settleTick.outcome, 3)).toMatchObject({ result: Prediction.Invalid });
    await refund(alice, 3, 1n * SOL);
    await refund(bob, 3, 1n * SOL);
  });

  it('round 4: a one-sided round is invalid whatever the price does', async () => {
    await betsFor(5);
    const settleTick = await tick(PRICE(105)); // up from 99, but nobody took the other side
    expect(settleTick.fee).toBe(0n);
    expect(settledEvent(settleTick.outcome, 4)).toMatchObject({ result: Prediction.Invalid, totalCount: 2 });
    // settle_bet on an invalid round refunds too: the bet is owed its stake.
    await settle(alice, 4, 1n * SOL, false);
    await refund(carol, 4, 2n * SOL);
  });

  it('round 5: the oracle published nothing for 31 s after the planned time: no final price, invalid', async () => {
    await betsFor(6);
    const live = await h.fetchEvent(h.fetchConfig().liveEvent);
    // The first update at or after t came 31 s after it (one more than ORACLE_MAX_LATE_SECS): it is the
    // only update the tick may use, and its price cannot stand for t.
    const settleTick = await tick(PRICE(120), 31n, 31n);
    // The logged reading shows why no price was taken: it was published 31 s after the planned time.
    expect(parseOracleReading(settleTick.outcome.logs)).toEqual({
      price: PRICE(120),
      publishTime: live.lockTime + 31n,
    });
    expect(settleTick.fee).toBe(0n);
    expect(settledEvent(settleTick.outcome, 5)).toMatchObject({ result: Prediction.Invalid });
    expect((await h.fetchEvent(5)).finalPrice).toBeNull();
    // The same update could not lock round 6 either.
    expect((await h.fetchEvent(6)).lockPrice).toBeNull();
    await refund(alice, 5, 1n * SOL);
    await refund(bob, 5, 1n * SOL);
  });

  it('round 6: without a lock price the round is invalid even with a good final price', async () => {
    await betsFor(7);
    const settleTick = await tick(PRICE(110));
    expect(settleTick.fee).toBe(0n);
    expect(settledEvent(settleTick.outcome, 6)).toMatchObject({ result: Prediction.Invalid });
    expect((await h.fetchEvent(6)).finalPrice).toBe(PRICE(110));
    await refund(alice, 6, 1n * SOL);
    await refund(bob, 6, 1n * SOL);
  });

  it('round 7: a crank 20 s late uses the update for the planned time', async () => {
    await betsFor(8);
    const planned = (await h.fetchEvent(7)).settleTime;
    const settleTick = await tick(PRICE(111), 20n); // round 7 was locked at 110
    expect(settleTick.fee).toBe(foresightFee(4n * SOL));
    expect(settledEvent(settleTick.outcome, 7)).toMatchObject({ result: Prediction.Up });
    // No time moves with the tick: round 8 settles a timelock after its planned lock, and round 9 opens at
    // the tick but locks then, on the planned schedule. Its betting is 20 s shorter.
    expect((await h.fetchEvent(8)).settleTime).toBe(planned + TIMELOCK);
    const nine = await h.fetchEvent(9);
    expect([nine.startTime, nine.lockTime, nine.settleTime]).toEqual([
      planned + 20n,
      planned + TIMELOCK,
      planned + 2n * TIMELOCK,
    ]);
    expect((await h.fetchEvent(8)).lockPrice).toBe(PRICE(111));
    await settle(alice, 7, 3_880_000_000n, true);
  });

  it('round 8: a crank two minutes late still settles on the price at the planned time', async () => {
    const planned = (await h.fetchEvent(8)).settleTime;
    const settleTick = await tick(PRICE(90), 120n); // round 8 was locked at 111
    expect(parseOracleReading(settleTick.outcome.logs)).toEqual({ price: PRICE(90), publishTime: planned });
    expect(settleTick.fee).toBe(foresightFee(4n * SOL));
    expect(settledEvent(settleTick.outcome, 8)).toMatchObject({ result: Prediction.Down });
    // Round 10 opens two minutes into its betting window and still locks on the planned schedule.
    const ten = await h.fetchEvent(10);
    expect([ten.startTime, ten.lockTime]).toEqual([planned + 120n, planned + TIMELOCK]);
    expect(ten.lockTime).toBe(T0 + 10n * TIMELOCK);
    expect((await h.fetchEvent(8)).finalPrice).toBe(PRICE(90));
    expect((await h.fetchEvent(9)).lockPrice).toBe(PRICE(90));
    // (4 − 0.12) SOL to the Down pool of 3 SOL, all bob's.
    await settle(bob, 8, 3_880_000_000n, true);
    expect(await h.settleBet(alice.address, 8)).toMatchObject({ ok: false, code: 6005, name: 'BetLost' });
  });
});

describe('closing', () => {
  it('returns bet rent to the player once the bet is paid, refunded or lost', async () => {
    for (const [player, round] of [
      [alice, 1],
      [bob, 1], // lost
      [carol, 1],
      [alice, 3],
    ] as const) {
      const before = h.balance(player.address);
      ok(await h.closeBet(player, round));
      expect(h.balance(player.address)).toBe(before + betRent - TX_FEE);
      expect(h.exists(await h.betAddress(round, player.address))).toBe(false);
    }
  });

  it('closes a paid round: rent back to the event signer, rounding dust to the treasury', async () => {
    // Round 1 paid exactly (no dust). Round 7 too. Close both and check where every lamport went.
    for (const round of [1, 7]) {
      const signerBefore = h.balance(h.eventSigner.address);
      const treasuryBefore = h.balance(h.treasury.address);
      const held = h.balance(await h.eventAddress(round));
      ok(await h.closeEvent(round));
      expect(h.exists(await h.eventAddress(round))).toBe(false);
      expect(h.balance(h.eventSigner.address) - signerBefore + TX_FEE).toBe(eventRent);
      expect(h.balance(h.treasury.address) - treasuryBefore).toBe(held - eventRent);
    }
  });

  it('lets a player close a losing bet after its round is closed', async () => {
    const before = h.balance(bob.address);
    ok(await h.closeBet(bob, 7));
    expect(h.balance(bob.address)).toBe(before + betRent - TX_FEE);
  });
});
