/**
 * Foresight as a state machine under random play: 2–6 players bet random sides and amounts (with repeat
 * bets) over consecutive rounds, the crank ticks with random prices (up, down, equal, missing, published
 * early or late, ticks late), and bets are claimed now or later, sometimes first with the wrong instruction.
 * A model computes what every account must hold with the SDK's payout formulas, and after every step:
 *   (a) each round holds exactly rent + what it has not paid out, which covers what it still owes;
 *   (b) a closed round paid out exactly its pot: payouts + fee + dust, the treasury getting fee + dust
 *       (when the treasury is an empty wallet that cannot hold them yet, they go to the event signer with
 *       the rent, as docs/foresight.md says; the treasury starts empty or funded at random);
 *   (c) a bet is never paid twice: a second claim is BetSettled and changes nothing;
 *   (d) lamports are conserved: players + treasury + event signer + the program's accounts move by
 *       exactly nothing, and the separate fee payer by exactly the signature fees.
 */
import fc from 'fast-check';
import { lamports, type Address, type Instruction, type KeyPairSigner } from '@solana/kit';
import { describe, expect, it } from 'vitest';
import { Prediction } from '@arcade/sdk/foresight/accounts';
import { foresightFee, foresightPayout } from '@arcade/sdk/payout';
import { ORACLE_MAX_EARLY_SECS, ORACLE_MAX_LATE_SECS } from '@arcade/sdk/constants';
import { ForesightHarness, SOL } from './harness.ts';
import {
  betRent,
  closeBetIx,
  closeEventIx,
  createEventIx,
  eventRent,
  expectRefused,
  placeBetIx,
  SIGNATURE_FEE,
  settleBetIx,
  signerCount,
  tickIx,
  withdrawBetIx,
} from './support.ts';

type Side = 'up' | 'down';

interface PriceStep {
  /** Direction of the price against the previous tick's. */
  move: -1n | 0n | 1n;
  size: bigint;
  /** Seconds after the live round's lock time the crank ticks. */
  lateBy: bigint;
  /** Seconds after the lock time the update was published (capped at the tick), or null: no new update. */
  publishOffset: bigint | null;
}

interface RoundPlan {
  bets: { player: number; side: Side; amount: bigint }[];
  /** The tick that locks this round. */
  price: PriceStep;
  /** Per player: claim as soon as the round settles (else at the end), and try the wrong claim first. */
  claims: { now: boolean; wrongFirst: boolean }[];
}

interface Scenario {
  players: number;
  /** The treasury starts as an empty wallet (else it holds 1 SOL). */
  emptyTreasury: boolean;
  rounds: RoundPlan[];
  /** Ticks with no bets after the last round, so every round with bets gets settled. */
  tail: PriceStep[];
}

const priceStep: fc.Arbitrary<PriceStep> = fc.record({
  move: fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom<(-1n | 1n)[]>(-1n, 1n) },
    { weight: 1, arbitrary: fc.constant<0n>(0n) },
  ),
  size: fc.bigInt({ min: 1n, max: 50_000_000n }),
  lateBy: fc.oneof(fc.constant(0n), fc.bigInt({ min: 0n, max: 45n })),
  publishOffset: fc.oneof(
    { weight: 1, arbitrary: fc.constant(null) },
    // In the window (10 s early to 30 s late), or just outside it.
    { weight: 8, arbitrary: fc.bigInt({ min: -10n, max: 30n }) },
    {
      weight: 2,
      arbitrary: fc.oneof(fc.bigInt({ min: -15n, max: -11n }), fc.bigInt({ min: 31n, max: 45n })),
    },
  ),
});

type BetPlan = RoundPlan['bets'][number];

function randomBets(players: number): fc.Arbitrary<BetPlan[]> {
  return fc.array(
    fc.record({
      player: fc.integer({ min: 0, max: players - 1 }),
      side: fc.constantFrom<Side[]>('up', 'down'),
      amount: fc.oneof(
        fc.bigInt({ min: SOL / 100n, max: 5n * SOL }),
        // Near the minimum, with odd lamports: rounding dust.
        fc.bigInt({ min: SOL / 100n, max: SOL / 50n }),
        fc.constantFrom(SOL / 100n, SOL, 5n * SOL),
      ),
    }),
    { minLength: 1, maxLength: 8 },
  );
}

/**
 * Two players on opposite sides with a pot under 0.0297 SOL: its fee is below an empty wallet's rent-exempt
 * minimum, so with an empty treasury it has to wait in the round.
 */
function tinyRound(players: number): fc.Arbitrary<BetPlan[]> {
  const amount = fc.bigInt({ min: SOL / 100n, max: 14_500_000n });
  return fc
    .tuple(
      fc.integer({ min: 0, max: players - 1 }),
      fc.integer({ min: 1, max: players - 1 }),
      fc.constantFrom<Side[]>('up', 'down'),
      amount,
      amount,
    )
    .map(([first, offset, side, a, b]) => [
      { player: first, side, amount: a },
      { player: (first + offset) % players, side: side === 'up' ? 'down' : 'up', amount: b },
    ]);
}

const scenario: fc.Arbitrary<Scenario> = fc.integer({ min: 2, max: 6 }).chain((players) =>
  fc.record({
    players: fc.constant(players),
    emptyTreasury: fc.boolean(),
    rounds: fc.array(
      fc.record({
        bets: fc.oneof(
          { weight: 3, arbitrary: randomBets(players) },
          { weight: 1, arbitrary: tinyRound(players) },
        ),
        price: priceStep,
        claims: fc.array(fc.record({ now: fc.boolean(), wrongFirst: fc.boolean() }), {
          minLength: players,
          maxLength: players,
        }),
      }),
      { minLength: 2, maxLength: 4 },
    ),
    tail: fc.array(priceStep, { minLength: 2, maxLength: 2 }),
  }),
);

interface BetModel {
  player: number;
  side: Side;
  amount: bigint;
  address: Address;
  paid: bigint | null;
  closed: boolean;
}

interface RoundModel {
  id: number;
  address: Address;
  bets: Map<number, BetModel>;
  lockPrice?: bigint | null;
  finalPrice?: bigint | null;
  settled: boolean;
  result: Side | 'invalid' | null;
  /** 3% of the pot if valid. */
  fee: bigint;
  /** The part of the fee the tick moved to the treasury: all of it, or none if the treasury could not take it. */
  feeTaken: bigint;
  closed: boolean;
}

const pot = (r: RoundModel) => pool(r, 'up') + pool(r, 'down');
function pool(r: RoundModel, side: Side): bigint {
  let sum = 0n;
  for (const b of r.bets.values()) if (b.side === side) sum += b.amount;
  return sum;
}
const count = (r: RoundModel, side: Side) => [...r.bets.values()].filter((b) => b.side === side).length;
const paidOut = (r: RoundModel) => [...r.bets.values()].reduce((s, b) => s + (b.paid ?? 0n), 0n);

/** What a bet of a settled round is owed in all (0 for a loser). */
function owedTo(r: RoundModel, b: BetModel): bigint {
  if (r.result === 'invalid') return b.amount;
  if (r.result !== b.side) return 0n;
  return foresightPayout(b.amount, pool(r, 'up'), pool(r, 'down'), b.side);
}

function isPayable(r: RoundModel, b: BetModel): boolean {
  return r.result === 'invalid' || r.result === b.side;
}

const PREDICTION = { up: Prediction.Up, down: Prediction.Down, invalid: Prediction.Invalid } as const;

/** One random game, driven through the harness, checked against the model after every step. */
class Game {
  readonly rounds = new Map<number, RoundModel>();
  /** Every account whose lamports are conserved (besides the fee payer). */
  readonly accounts = new Set<Address>();
  fees = 0n;
  /** Lamports the treasury received, and the event signer received beyond rent, from closed rounds. */
  treasuryGain = 0n;
  signerExtra = 0n;
  private initialTotal = 0n;
  private lastPublish = 0n;
  private price = 100_00000000n;
  /** Each player's expected balance change: payouts less stakes (rent comes back with close_bet). */
  readonly netOf: bigint[];
  readonly h: ForesightHarness;
  readonly players: KeyPairSigner[];

  constructor(h: ForesightHarness, players: KeyPairSigner[]) {
    this.h = h;
    this.players = players;
    this.netOf = players.map(() => 0n);
    for (const a of [h.treasury.address, h.eventSigner.address, ...players.map((p) => p.address)]) {
      this.accounts.add(a);
    }
    this.lastPublish = h.now();
    this.initialTotal = this.total();
  }

  /**
   * Whether the runtime lets a wallet holding `balance` receive `amount`: an empty wallet must end with at
   * least its rent-exempt minimum.
   */
  private canReceiveAt(balance: bigint, amount: bigint): boolean {
    return amount === 0n || balance !== 0n || amount >= this.h.svm.minimumBalanceForRentExemption(0n);
  }

  total(): bigint {
    let sum = this.h.balance(this.h.payer.address);
    for (const a of this.accounts) sum += this.h.balance(a);
    return sum;
  }

  async send(instructions: Instruction[]) {
    const outcome = await this.h.send(instructions, this.h.payer);
    this.fees += SIGNATURE_FEE * BigInt(signerCount(instructions, this.h.payer.address));
    return this.h.expectOk(outcome);
  }

  async refuse(instructions: Instruction[], expected: Parameters<typeof expectRefused>[2]) {
    await expectRefused(this.h, instructions, expected);
    this.fees += SIGNATURE_FEE * BigInt(signerCount(instructions, this.h.payer.address));
  }

  async createRound(id: number): Promise<void> {
    const address = await this.h.eventAddress(id);
    expect(this.h.balance(address)).toBe(0n);
    this.accounts.add(address);
    const signer = this.h.balance(this.h.eventSigner.address);
    await this.send([await createEventIx(this.h, id)]);
    expect(this.h.balance(this.h.eventSigner.address)).toBe(signer - eventRent(this.h));
    this.rounds.set(id, {
      id,
      address,
      bets: new Map(),
      settled: false,
      result: null,
      fee: 0n,
      feeTaken: 0n,
      closed: false,
    });
    await this.check();
  }

  async bet(id: number, player: number, side: Side, amount: bigint): Promise<void> {
    const r = this.rounds.get(id)!;
    const user = this.players[player]!;
    const existing = r.bets.get(player);
    const ix = await placeBetIx(this.h, user, id, side, amount);
    if (existing !== undefined && existing.side !== side) {
      await this.refuse([ix], { code: 6008, name: 'InvalidPrediction' });
      return;
    }
    const before = this.h.balance(user.address);
    await this.send([ix]);
    if (existing === undefined) {
      const address = await this.h.betAddress(id, user.address);
      this.accounts.add(address);
      r.bets.set(player, { player, side, amount, address, paid: null, closed: false });
      expect(this.h.balance(user.address)).toBe(before - amount - betRent(this.h));
    } else {
      existing.amount += amount;
      expect(this.h.balance(user.address)).toBe(before - amount);
    }
    this.netOf[player]! -= amount;
    await this.check();
  }

  /** Ticks at the live round's lock time + lateBy with `step`'s price, then pre-creates the next round. */
  async tick(step: PriceStep): Promise<void> {
    const h = this.h;
    const config = h.fetchConfig();
    const live = await h.fetchEvent(config.liveEvent);
    const now = live.lockTime + step.lateBy;
    h.setTime(now);
    this.price += step.move * step.size;
    if (step.publishOffset !== null) {
      const publishOffset = step.publishOffset < step.lateBy ? step.publishOffset : step.lateBy;
      this.lastPublish = live.lockTime + publishOffset;
      h.setPrice(this.price, { publishTime: this.lastPublish });
    }
    // Both prices of this tick stand for the same moment: the live round's lock time, which is also the
    // locked round's settle time (both were set by the previous tick).
    const inWindow =
      this.lastPublish >= live.lockTime - BigInt(ORACLE_MAX_EARLY_SECS) &&
      this.lastPublish <= live.lockTime + BigInt(ORACLE_MAX_LATE_SECS);
    const seen = inWindow ? this.price : null;

    const locked = config.lockedEvent === 0 ? undefined : this.rounds.get(config.lockedEvent)!;
    if (locked !== undefined) expect((await h.fetchEvent(locked.id)).settleTime).toBe(live.lockTime);
    const treasury = h.balance(h.treasury.address);
    await this.send([await tickIx(h)]);

    this.rounds.get(config.liveEvent)!.lockPrice = seen;
    if (locked !== undefined) {
      locked.finalPrice = seen;
      locked.settled = true;
      const lock = locked.lockPrice ?? null;
      locked.result =
        lock === null || seen === null || count(locked, 'up') === 0 || count(locked, 'down') === 0
          ? 'invalid'
          : seen > lock
            ? 'up'
            : seen < lock
              ? 'down'
              : 'invalid';
      locked.fee = locked.result === 'invalid' ? 0n : foresightFee(pot(locked));
      // A fee too small for an empty treasury waits in the round (docs/foresight.md).
      locked.feeTaken = this.canReceiveAt(treasury, locked.fee) ? locked.fee : 0n;
    }
    expect(h.balance(h.treasury.address)).toBe(treasury + (locked?.feeTaken ?? 0n));
    await this.createRound(config.liveEvent + 2);
  }

  /** Pays (or refunds) a bet, first trying the wrong instruction if asked, then checks a second claim fails. */
  async claim(r: RoundModel, b: BetModel, wrongFirst: boolean): Promise<void> {
    const user = this.players[b.player]!.address;
    if (!isPayable(r, b)) {
      if (r.closed) {
        // Every payable bet was paid and the round closed: a loser has nothing left to claim from.
        await this.refuse([await settleBetIx(this.h, user, r.id)], {
          code: 3007,
          name: null,
          anchor: 'AccountOwnedByWrongProgram',
        });
        return;
      }
      await this.refuse([await settleBetIx(this.h, user, r.id)], { code: 6005, name: 'BetLost' });
      if (wrongFirst) {
        await this.refuse([await withdrawBetIx(this.h, user, r.id)], { code: 6003, name: 'EventSettled' });
      }
      return;
    }
    if (wrongFirst && r.result !== 'invalid') {
      await this.refuse([await withdrawBetIx(this.h, user, r.id)], { code: 6003, name: 'EventSettled' });
    }
    if (wrongFirst) {
      // Closing first is refused while the bet is owed money.
      await this.refuse([await closeBetIx(this.h, this.players[b.player]!, r.id)], {
        code: 6012,
        name: 'BetUnsettled',
      });
    }
    // In an invalid round settle_bet refunds as withdraw_bet does; use either.
    const ix =
      r.result === 'invalid' && !wrongFirst
        ? await withdrawBetIx(this.h, user, r.id)
        : await settleBetIx(this.h, user, r.id);
    const before = this.h.balance(user);
    await this.send([ix]);
    b.paid = this.h.balance(user) - before;
    expect(b.paid).toBe(owedTo(r, b));
    this.netOf[b.player]! += b.paid;
    await this.check();
    // (c) never twice, by either instruction.
    await this.refuse([ix], { code: 6010, name: 'BetSettled' });
    await this.refuse([await settleBetIx(this.h, user, r.id)], { code: 6010, name: 'BetSettled' });
  }

  async closeBet(r: RoundModel, b: BetModel): Promise<void> {
    const user = this.players[b.player]!;
    const before = this.h.balance(user.address);
    const rent = this.h.balance(b.address);
    expect(rent).toBe(betRent(this.h));
    await this.send([await closeBetIx(this.h, user, r.id)]);
    expect(this.h.balance(user.address)).toBe(before + rent);
    expect(this.h.exists(b.address)).toBe(false);
    b.closed = true;
    await this.check();
  }

  /** Closes a settled round once everything payable is paid; checks (b) on it. */
  async closeRound(r: RoundModel): Promise<void> {
    const pending = [...r.bets.values()].some((b) => isPayable(r, b) && b.paid === null);
    if (pending) {
      await this.refuse([await closeEventIx(this.h, r.id)], { code: 6013, name: 'EventPendingBets' });
      return;
    }
    const treasury = this.h.balance(this.h.treasury.address);
    const signer = this.h.balance(this.h.eventSigner.address);
    const leftover = pot(r) - r.feeTaken - paidOut(r);
    expect(this.h.balance(r.address)).toBe(eventRent(this.h) + leftover);
    const toTreasury = this.canReceiveAt(treasury, leftover);
    await this.send([await closeEventIx(this.h, r.id)]);
    r.closed = true;
    expect(this.h.exists(r.address)).toBe(false);
    const treasuryGot = this.h.balance(this.h.treasury.address) - treasury;
    const signerGot = this.h.balance(this.h.eventSigner.address) - signer - eventRent(this.h);
    expect([treasuryGot, signerGot]).toEqual(toTreasury ? [leftover, 0n] : [0n, leftover]);
    this.treasuryGain += r.feeTaken + treasuryGot;
    this.signerExtra += signerGot;
    // (b) the pot is paid out exactly: payouts + fee + rounding dust, less than a lamport per winner.
    const dust = pot(r) - r.fee - paidOut(r);
    expect(paidOut(r) + r.fee + dust).toBe(pot(r));
    expect(dust >= 0n).toBe(true);
    if (r.result === 'invalid') expect(dust).toBe(0n);
    else expect(dust < BigInt(Math.max(count(r, r.result!), 1))).toBe(true);
    // The fee and the dust went together to one place: the treasury, unless it could not hold them yet.
    expect(r.feeTaken + treasuryGot + signerGot).toBe(r.fee + dust);
    if (toTreasury) expect(r.feeTaken + treasuryGot).toBe(r.fee + dust);
    await this.check();
  }

  /** The invariants that hold after every step. */
  async check(): Promise<void> {
    const h = this.h;
    for (const r of this.rounds.values()) {
      if (r.closed) {
        expect(h.balance(r.address)).toBe(0n);
        continue;
      }
      const chain = await h.fetchEvent(r.id);
      expect(chain).toMatchObject({
        upPool: pool(r, 'up'),
        downPool: pool(r, 'down'),
        upCount: count(r, 'up'),
        downCount: count(r, 'down'),
        isSettled: r.settled,
        settledCount: [...r.bets.values()].filter((b) => b.paid !== null).length,
      });
      if (r.lockPrice !== undefined) expect(chain.lockPrice).toBe(r.lockPrice);
      if (r.finalPrice !== undefined) expect(chain.finalPrice).toBe(r.finalPrice);
      if (r.result !== null) expect(chain.result).toBe(PREDICTION[r.result]);
      // (a) the round holds exactly rent + pot − the fee taken − what it paid, which covers what it owes.
      const lamports = h.balance(r.address);
      expect(lamports).toBe(eventRent(h) + pot(r) - r.feeTaken - paidOut(r));
      const stillOwed = r.settled
        ? [...r.bets.values()].reduce((s, b) => s + (b.paid === null ? owedTo(r, b) : 0n), 0n)
        : pot(r);
      expect(lamports >= eventRent(h) + stillOwed).toBe(true);
    }
    // (d) conservation: nothing appears or vanishes but the signature fees, all paid by the fee payer.
    expect(this.total() + this.fees).toBe(this.initialTotal);
  }

  /** After everything is paid and closed: each player's net is exactly what the model says. */
  checkNets(start: bigint[]): void {
    this.players.forEach((p, i) => {
      expect(this.h.balance(p.address) - start[i]!).toBe(this.netOf[i]);
    });
  }
}

async function play(s: Scenario): Promise<void> {
  const h = await ForesightHarness.create();
  if (!s.emptyTreasury) h.svm.airdrop(h.treasury.address, lamports(SOL));
  const players: KeyPairSigner[] = [];
  for (let i = 0; i < s.players; i++) players.push(await h.player(1_000n));
  const start = players.map((p) => h.balance(p.address));
  const treasuryStart = h.balance(h.treasury.address);
  const signerStart = h.balance(h.eventSigner.address);
  const game = new Game(h, players);
  await game.createRound(1);
  await game.createRound(2);

  const deferred: { r: RoundModel; b: BetModel; wrongFirst: boolean }[] = [];
  const settleClaims = async (id: number, plan: RoundPlan | undefined) => {
    const r = game.rounds.get(id)!;
    for (const b of r.bets.values()) {
      const claim = plan?.claims[b.player] ?? { now: false, wrongFirst: false };
      if (claim.now) {
        await game.claim(r, b, claim.wrongFirst);
        await game.closeBet(r, b);
      } else {
        deferred.push({ r, b, wrongFirst: claim.wrongFirst });
      }
    }
    // Closing is tried at once: it succeeds only when nothing payable is left unpaid.
    await game.closeRound(r);
  };

  const steps = [...s.rounds.map((r) => r.price), ...s.tail];
  for (let k = 0; k < steps.length; k++) {
    const id = k + 1;
    const plan = s.rounds[k];
    for (const bet of plan?.bets ?? []) await game.bet(id, bet.player, bet.side, bet.amount);
    await game.tick(steps[k]!);
    // Tick k + 1 settled round k.
    if (id >= 2) await settleClaims(id - 1, s.rounds[id - 2]);
  }
  for (const { r, b, wrongFirst } of deferred) {
    await game.claim(r, b, wrongFirst);
    await game.closeBet(r, b);
  }
  for (const r of game.rounds.values()) if (r.settled && !r.closed) await game.closeRound(r);

  // Every round with bets is settled, paid and closed; what is left are the empty rounds the crank keeps.
  for (const r of game.rounds.values()) {
    if (r.bets.size > 0) expect(r.closed).toBe(true);
  }
  game.checkNets(start);
  // (d) at the end: what the players lost, the treasury (and, for what an empty treasury could not hold, the
  // event signer) gained; the event signer is otherwise out only the rent of the rounds still open.
  const playersNet = game.netOf.reduce((a, b) => a + b, 0n);
  expect(playersNet + game.treasuryGain + game.signerExtra).toBe(0n);
  expect(h.balance(h.treasury.address) - treasuryStart).toBe(game.treasuryGain);
  const stillOpen = [...game.rounds.values()].filter((r) => !r.closed);
  expect(h.balance(h.eventSigner.address) - signerStart).toBe(
    game.signerExtra - BigInt(stillOpen.length) * eventRent(h),
  );
  for (const r of stillOpen) expect(h.balance(r.address)).toBe(eventRent(h));
}

describe('Foresight under random play', () => {
  it('keeps rounds solvent, pays each bet once and exactly, and conserves lamports', async () => {
    await fc.assert(fc.asyncProperty(scenario, play), { numRuns: 15 });
  });

  it('a fee too small for an empty treasury waits in the round, then goes with the dust or the rent', async () => {
    const h = await ForesightHarness.create();
    await h.start();
    const walletRent = h.svm.minimumBalanceForRentExemption(0n);
    expect(h.balance(h.treasury.address)).toBe(0n);
    const minimum = SOL / 100n;
    // Two rounds of minimum bets: 3% of 0.02 SOL = 600,000 lamports, less than an empty wallet's minimum.
    const fee = foresightFee(2n * minimum);
    expect(fee < walletRent).toBe(true);
    const winners: KeyPairSigner[] = [];
    for (const id of [1, 2]) {
      const up = await h.player();
      const down = await h.player();
      h.expectOk(await h.placeBet(up, id, 'up', minimum));
      h.expectOk(await h.placeBet(down, id, 'down', minimum));
      h.expectOk(await h.advance(100_00000000n + BigInt(id)));
      winners.push(up);
    }
    h.expectOk(await h.advance(100_00000010n));
    // Both rounds settled Up, and the ticks did not fail: each fee stayed in its round.
    for (const id of [1, 2]) {
      expect(await h.fetchEvent(id)).toMatchObject({ isSettled: true, result: Prediction.Up });
      expect(h.balance(await h.eventAddress(id))).toBe(eventRent(h) + 2n * minimum);
      h.expectOk(await h.settleBet(winners[id - 1]!.address, id));
    }
    expect(h.balance(h.treasury.address)).toBe(0n);
    const payout = foresightPayout(minimum, minimum, minimum, 'up');
    const leftover = 2n * minimum - payout;
    expect(leftover).toBe(fee); // 2 × 0.01 SOL × 0.97 divides exactly: no dust
    // Round 1 closes while the treasury still cannot hold its fee: it goes to the event signer with the rent.
    let signer = h.balance(h.eventSigner.address);
    h.expectOk(await h.closeEvent(1));
    expect(h.balance(h.treasury.address)).toBe(0n);
    expect(h.balance(h.eventSigner.address)).toBe(signer - SIGNATURE_FEE + eventRent(h) + leftover);
    // Once the treasury exists, round 2's fee reaches it at close.
    h.svm.airdrop(h.treasury.address, lamports(SOL));
    signer = h.balance(h.eventSigner.address);
    h.expectOk(await h.closeEvent(2));
    expect(h.balance(h.treasury.address)).toBe(SOL + fee);
    expect(h.balance(h.eventSigner.address)).toBe(signer - SIGNATURE_FEE + eventRent(h));
  });
});
