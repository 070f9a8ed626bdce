/**
 * Foresight as a state machine under random play: 2–6 players bet random sides and amounts (with repeat
 * bets) over consecutive rounds; each tick lands on time, late, after the grace (by a stranger), more than a
 * timelock late (the next round then opens past its lock and takes no bets, and the ticks catch up) or past
 * a round's buffer, with the one Pyth update for its planned time t published 0–60 s after t, sometimes
 * after a wrong update (an earlier one, or a later one of those near t) was offered and refused; bets are
 * claimed now or later, sometimes first with the wrong instruction. Before a tick the authority may rotate
 * the treasury: to the funded one, to an empty wallet, or to an account that cannot be credited (the Clock
 * sysvar, the System program, an executable program, the round the tick settles). At a random step the
 * event signer may vanish (time moves on): then nobody ticks and the players withdraw alone after the
 * buffer, or a stranger ticks once after a long outage without any price account, or a stranger cranks the
 * rest of the game.
 *
 * A model computes what every account must hold with the SDK's payout formulas, and after every step:
 *   (a) each round holds exactly rent + what it has not paid out, which covers what it still owes;
 *   (b) a closed round paid out exactly its pot: payouts + fee + dust, the treasury getting fee + dust
 *       (when the treasury cannot take them, an empty wallet too small for them or an account that cannot be
 *       credited, a fee waits in its round and they go to the event signer with the rent at close_event, as
 *       docs/foresight.md says; the treasury starts empty or funded at random); an account that cannot be
 *       credited never changes, and no tick fails because of the treasury;
 *   (c) a bet is never paid twice: a second claim is BetSettled and changes nothing;
 *   (d) lamports are conserved: players + treasury + event signer + stranger + the program's accounts move
 *       by exactly nothing but the signature fees;
 *   (e) every round's times, prices and result are the model's, which depends neither on who ticks nor
 *       when: round k locks at T0 + k × timelock and settles a timelock later, whenever the ticks land (a
 *       late tick only shortens the next round's betting), and a stranger's tick after the grace gives what
 *       the event signer's would;
 *   (f) once the event signer is gone, every player's money is paid, or withdrawable by the player alone
 *       (the player pays the fee, nobody else signs) at the round's planned settle time +
 *       SETTLE_BUFFER_SECS (one hour), and not a second before.
 */
import fc from 'fast-check';
import {
  address,
  generateKeyPairSigner,
  lamports,
  type Address,
  type Instruction,
  type KeyPairSigner,
} from '@solana/kit';
import { describe, expect, it } from 'vitest';
import { Prediction } from '@arcade/sdk/foresight/accounts';
import { parseOracleReading } from '@arcade/sdk/foresight/events';
import { foresightFee, foresightPayout } from '@arcade/sdk/payout';
import {
  FORESIGHT_SETTLE_BUFFER_SECS,
  FORESIGHT_TICK_GRACE_SECS,
  ORACLE_MAX_LATE_SECS,
} from '@arcade/sdk/constants';
import { ForesightHarness, SOL, T0, TIMELOCK, type Outcome } from './harness.ts';
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
  updateConfigIx,
  withdrawBetIx,
  type ExpectedError,
} from './support.ts';

type Side = 'up' | 'down';

const BUFFER = BigInt(FORESIGHT_SETTLE_BUFFER_SECS);
const GRACE = BigInt(FORESIGHT_TICK_GRACE_SECS);
/** An address holding nothing: the price account of a tick that must not need one. */
const NO_PRICE_ACCOUNT = address('NoPrice111111111111111111111111111111111111');
/** Accounts the runtime will not let the program credit: demoted to read-only, or executable. */
const UNCREDITABLE = {
  clock: address('SysvarC1ock11111111111111111111111111111111'),
  system: address('11111111111111111111111111111111'),
  token: address('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA'),
} as const;

/**
 * Where the authority points the treasury before a tick: the harness's treasury, a second wallet (empty at
 * first), an account that cannot be credited, or the round the tick settles (which cannot pay itself).
 */
type TreasuryChoice = 'main' | 'second' | keyof typeof UNCREDITABLE | 'locked';

interface PriceStep {
  /** Direction of the price against the previous tick's. */
  move: -1n | 0n | 1n;
  size: bigint;
  /** Seconds after the planned time t (the live round's lock time) the crank would tick. */
  lateBy: bigint;
  /** A rotation of the treasury by the authority just before the tick, or none. */
  treasury: TreasuryChoice | null;
  /** Seconds after t the first update at or after t was published (over ORACLE_MAX_LATE_SECS: missing). */
  publishDelay: bigint;
  /** Who ticks: the event signer, or a stranger (who must wait for the grace period). */
  cranker: 'signer' | 'stranger';
  /** A wrong update offered first: the last one before t, or the one after the update for t. */
  decoy: 'none' | 'before' | 'after';
}

interface RoundPlan {
  bets: { player: number; side: Side; amount: bigint }[];
  /** The tick that locks this round. */
  price: PriceStep;
  /** Per player: claim as soon as the round settles (else at the end), and try the wrong claim first. */
  claims: { now: boolean; wrongFirst: boolean }[];
}

/** What happens once the event signer is gone. */
type Vanish =
  /** Nobody ticks: at each round's deadline its players withdraw alone; a stranger's tick comes after. */
  | 'withdraw'
  /** Nobody ticks until every running round is past its deadline; then a stranger ticks, with no price. */
  | 'late-tick'
  /** A stranger cranks the rest of the game after the grace of every tick. */
  | 'stranger-cranks';

interface Scenario {
  players: number;
  /** The treasury starts as an empty wallet (else it holds 1 SOL). */
  emptyTreasury: boolean;
  rounds: RoundPlan[];
  /** Ticks with no bets after the last round, so every round with bets gets settled. */
  tail: PriceStep[];
  /** The event signer vanishes before the tick of this step (after its bets), or never (null). */
  vanishAt: number | null;
  vanish: Vanish;
}

const priceStep: fc.Arbitrary<PriceStep> = fc.record({
  move: fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom<(-1n | 1n)[]>(-1n, 1n) },
    { weight: 1, arbitrary: fc.constant<0n>(0n) },
  ),
  size: fc.bigInt({ min: 1n, max: 50_000_000n }),
  lateBy: fc.oneof(
    { weight: 6, arbitrary: fc.oneof(fc.constant(0n), fc.bigInt({ min: 0n, max: 45n })) },
    // After the grace; around a timelock (the next round opens at or past its lock time) and beyond, so the
    // next ticks catch up; around the locked round's deadline (t + 3,600) and the live round's (t + 3,900);
    // past both.
    { weight: 2, arbitrary: fc.bigInt({ min: 55n, max: 150n }) },
    { weight: 1, arbitrary: fc.bigInt({ min: 295n, max: 305n }) },
    { weight: 1, arbitrary: fc.bigInt({ min: 306n, max: 1_000n }) },
    { weight: 1, arbitrary: fc.bigInt({ min: 3_595n, max: 3_605n }) },
    { weight: 1, arbitrary: fc.bigInt({ min: 3_895n, max: 3_905n }) },
    { weight: 1, arbitrary: fc.bigInt({ min: 3_906n, max: 5_000n }) },
  ),
  treasury: fc.oneof(
    { weight: 4, arbitrary: fc.constant(null) },
    {
      weight: 3,
      arbitrary: fc.constantFrom<TreasuryChoice[]>('main', 'second', 'clock', 'system', 'token', 'locked'),
    },
  ),
  publishDelay: fc.oneof(
    { weight: 6, arbitrary: fc.bigInt({ min: 0n, max: 3n }) },
    { weight: 3, arbitrary: fc.bigInt({ min: 0n, max: 30n }) },
    { weight: 2, arbitrary: fc.bigInt({ min: 31n, max: 60n }) },
  ),
  cranker: fc.oneof(
    { weight: 3, arbitrary: fc.constant<'signer'>('signer') },
    { weight: 1, arbitrary: fc.constant<'stranger'>('stranger') },
  ),
  decoy: fc.constantFrom<PriceStep['decoy'][]>('none', 'none', 'before', 'after'),
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
  fc
    .record({
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
      vanish: fc.constantFrom<Vanish[]>('withdraw', 'late-tick', 'stranger-cranks'),
      vanishWhere: fc.option(fc.nat(), { freq: 2 }),
    })
    .map(({ vanishWhere, ...s }) => ({
      ...s,
      vanishAt: vanishWhere === null ? null : vanishWhere % (s.rounds.length + s.tail.length),
    })),
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
  /** Who paid the round's rent with create_event. */
  rentPayer: 'signer' | 'stranger';
  /** 0 until the round goes live (when it is opened: at its creation for round 1, else by a tick). */
  startTime: bigint;
  lockTime: bigint;
  settleTime: bigint;
  lockPrice?: bigint | null;
  finalPrice?: bigint | null;
  settled: boolean;
  result: Side | 'invalid' | null;
  /** 3% of the pot if valid. */
  fee: bigint;
  /** The part of the fee the tick moved to the treasury: all of it, or none if the treasury could not take it. */
  feeTaken: bigint;
  /** Its claims have been handled (now, or deferred to the end). */
  claimed: boolean;
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

/** A round that went live and is past its settle time + SETTLE_BUFFER_SECS unsettled: it is Invalid. */
function isExpired(r: RoundModel, now: bigint): boolean {
  return !r.settled && r.lockTime !== 0n && now >= r.settleTime + BUFFER;
}

/** The moment after which a round's players can take their money alone (f): its planned settle time + buffer. */
function deadline(r: RoundModel): bigint {
  return r.lockTime + TIMELOCK + BUFFER;
}

const PREDICTION = { up: Prediction.Up, down: Prediction.Down, invalid: Prediction.Invalid } as const;

const hasOne: ExpectedError = { code: 2001, name: null, anchor: 'ConstraintHasOne' };
const pythError: ExpectedError = { code: 6001, name: 'PythError' };

type Ok = Extract<Outcome, { ok: true }>;

/** One random game, driven through the harness, checked against the model after every step. */
class Game {
  readonly rounds = new Map<number, RoundModel>();
  /** Every account whose lamports are conserved (besides the fee payer). */
  readonly accounts = new Set<Address>();
  fees = 0n;
  /** Lamports each wallet the treasury has been received: fees at ticks, dust (and waiting fees) at close_event. */
  readonly treasuryGain = new Map<Address, bigint>();
  /** The treasury the config names. */
  treasury: Address;
  /** The two wallets the treasury may be: the harness's, and a second one, empty at first. */
  readonly wallets: { main: Address; second: Address };
  /** What each account that cannot be credited holds; it must never change. */
  private readonly uncreditable = new Map<Address, bigint>();
  /** Lamports the event signer received beyond rent from closed rounds (what the treasury could not hold). */
  signerExtra = 0n;
  /** Signature fees the players paid themselves (claims sent alone). */
  playerFees = 0n;
  /** Once set, the event signer signs nothing more: no tick, no create_event, no close_event. */
  vanished = false;
  private initialTotal = 0n;
  private price = 100_00000000n;
  /** Each player's expected balance change: payouts less stakes and the fees it paid (rent comes back). */
  readonly netOf: bigint[];
  readonly h: ForesightHarness;
  readonly players: KeyPairSigner[];
  /** Someone with no key of the deployment: ticks after the grace and pays for rounds. */
  readonly stranger: KeyPairSigner;

  constructor(h: ForesightHarness, players: KeyPairSigner[], stranger: KeyPairSigner, second: Address) {
    this.h = h;
    this.players = players;
    this.stranger = stranger;
    this.netOf = players.map(() => 0n);
    this.wallets = { main: h.treasury.address, second };
    this.treasury = h.treasury.address;
    for (const a of [
      h.treasury.address,
      second,
      h.eventSigner.address,
      stranger.address,
      ...players.map((p) => p.address),
    ]) {
      this.accounts.add(a);
    }
    for (const a of Object.values(UNCREDITABLE)) this.uncreditable.set(a, h.balance(a));
    this.initialTotal = this.total();
  }

  /** What the treasury `at` received so far. */
  gainOf(at: Address): bigint {
    return this.treasuryGain.get(at) ?? 0n;
  }

  private gain(at: Address, amount: bigint): void {
    if (amount === 0n) return;
    this.treasuryGain.set(at, this.gainOf(at) + amount);
  }

  /**
   * Whether the treasury can take `amount` from the round at `from` (docs/foresight.md): a wallet can unless
   * it is empty and `amount` is below its rent-exempt minimum; an account that cannot be credited, or the
   * paying round itself, never can.
   */
  canTake(treasury: Address, amount: bigint, from: Address): boolean {
    if (treasury !== this.wallets.main && treasury !== this.wallets.second) return false;
    expect(treasury).not.toBe(from);
    return this.canReceiveAt(this.h.balance(treasury), amount);
  }

  /** The authority points the treasury at `choice` (the round the next tick settles, for 'locked'). */
  async rotate(choice: TreasuryChoice): Promise<void> {
    const { lockedEvent } = this.h.fetchConfig();
    let to: Address;
    if (choice === 'main' || choice === 'second') to = this.wallets[choice];
    else if (choice === 'locked') {
      // With no locked round yet (the first tick) there is no round to pay a fee: keep the treasury.
      if (lockedEvent === 0) return;
      to = this.rounds.get(lockedEvent)!.address;
    } else to = UNCREDITABLE[choice];
    await this.send([updateConfigIx(this.h, false, this.h.authority, { treasury: to })]);
    this.treasury = to;
    expect(this.h.fetchConfig().treasury).toBe(to);
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

  /** Sends paid by the harness's payer (a keeper), or by player `player` alone when given. */
  async send(instructions: Instruction[], player?: number): Promise<Ok> {
    const feePayer = player === undefined ? this.h.payer : this.players[player]!;
    const outcome = await this.h.send(instructions, feePayer);
    this.chargeFees(instructions, feePayer, player);
    return this.h.expectOk(outcome);
  }

  async refuse(instructions: Instruction[], expected: ExpectedError, player?: number): Promise<void> {
    const feePayer = player === undefined ? this.h.payer : this.players[player]!;
    await expectRefused(this.h, instructions, expected, { feePayer });
    this.chargeFees(instructions, feePayer, player);
  }

  private chargeFees(instructions: Instruction[], feePayer: KeyPairSigner, player?: number): void {
    const fee = SIGNATURE_FEE * BigInt(signerCount(instructions, feePayer.address));
    this.fees += fee;
    if (player !== undefined) {
      this.netOf[player]! -= fee;
      this.playerFees += fee;
    }
  }

  async createRound(id: number, payer: 'signer' | 'stranger'): Promise<void> {
    const h = this.h;
    const who = payer === 'signer' ? h.eventSigner : this.stranger;
    if (payer === 'signer') expect(this.vanished).toBe(false);
    const address = await h.eventAddress(id);
    expect(h.balance(address)).toBe(0n);
    this.accounts.add(address);
    const before = h.balance(who.address);
    await this.send([await createEventIx(h, id, who)]);
    expect(h.balance(who.address)).toBe(before - eventRent(h));
    // A fresh config's first round goes live at once; every other one waits for a tick.
    const fresh = this.rounds.size === 0;
    this.rounds.set(id, {
      id,
      address,
      bets: new Map(),
      rentPayer: payer,
      startTime: fresh ? h.now() : 0n,
      lockTime: fresh ? h.now() + TIMELOCK : 0n,
      settleTime: fresh ? h.now() + 2n * TIMELOCK : 0n,
      settled: false,
      result: null,
      fee: 0n,
      feeTaken: 0n,
      claimed: false,
      closed: false,
    });
    await this.check();
  }

  async bet(id: number, player: number, side: Side, amount: bigint): Promise<void> {
    const r = this.rounds.get(id)!;
    const user = this.players[player]!;
    const existing = r.bets.get(player);
    const ix = await placeBetIx(this.h, user, id, side, amount);
    if (this.h.now() >= r.lockTime) {
      // Opened by a tick that came after its planned lock time (the ticks are catching up): no bets.
      await this.refuse([ix], { code: 6009, name: 'EventLocked' });
      return;
    }
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

  /** The rounds a tick now would touch: the locked one (if any), the live one and the pre-created one. */
  private tickRounds(): { locked: RoundModel | undefined; live: RoundModel; next: RoundModel } {
    const config = this.h.fetchConfig();
    return {
      locked: config.lockedEvent === 0 ? undefined : this.rounds.get(config.lockedEvent)!,
      live: this.rounds.get(config.liveEvent)!,
      next: this.rounds.get(config.liveEvent + 1)!,
    };
  }

  /** Whether a tick at `now` reads the price: some round it touches is neither settled nor expired. */
  private needsPrice(now: bigint): boolean {
    const { locked, live } = this.tickRounds();
    const pending = (r: RoundModel | undefined) => r !== undefined && !r.settled && !isExpired(r, now);
    return pending(locked) || pending(live);
  }

  /** Ends a round Invalid without prices, as a tick, withdraw_bet or settle_bet past its buffer does. */
  private expire(r: RoundModel): void {
    r.settled = true;
    r.result = 'invalid';
    r.fee = 0n;
    r.feeTaken = 0n;
    r.lockPrice ??= null;
    r.finalPrice ??= null;
  }

  /**
   * The model of a tick at `now` whose price for t is `seen` (null: missing), run before the tick (the
   * treasury's balance is the one it sees); returns the UpdateEvents it must log, in order.
   */
  private applyTick(
    { locked, live, next }: ReturnType<Game['tickRounds']>,
    now: bigint,
    seen: bigint | null,
  ): [number, Prediction][] {
    // t: the live round's lock time, planned, whenever the tick comes.
    const t = live.lockTime;
    const logged: [number, Prediction][] = [];
    if (locked !== undefined && !locked.settled) {
      if (isExpired(locked, now)) {
        this.expire(locked);
      } else {
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
        // A fee the treasury cannot take waits in the round (docs/foresight.md).
        locked.feeTaken =
          locked.fee > 0n && this.canTake(this.treasury, locked.fee, locked.address) ? locked.fee : 0n;
        this.gain(this.treasury, locked.feeTaken);
      }
      logged.push([locked.id, PREDICTION[locked.result!]]);
    }
    if (!live.settled) {
      if (isExpired(live, now)) {
        this.expire(live);
        logged.push([live.id, Prediction.Invalid]);
      } else {
        live.lockPrice = seen;
        // Settles a timelock after its planned lock time: the tick's lateness moves nothing.
        expect(live.settleTime).toBe(t + TIMELOCK);
        logged.push([live.id, Prediction.None]);
      }
    }
    // The next round opens now and keeps the planned schedule: a late tick only shortens its betting.
    next.startTime = now;
    next.lockTime = t + TIMELOCK;
    next.settleTime = t + 2n * TIMELOCK;
    logged.push([next.id, Prediction.None]);
    return logged;
  }

  /**
   * One tick of `step` at the live round's lock time t: by the event signer at t + lateBy (or when the update
   * for t exists, if later), or by a stranger, who is refused before t + TICK_GRACE_SECS and ticks then. The
   * next round is pre-created by whoever ticked.
   */
  async tick(step: PriceStep): Promise<void> {
    const h = this.h;
    const { locked, live } = this.tickRounds();
    const t = live.lockTime;
    // Both prices of this tick stand for one moment: the live round's lock time, which is also the locked
    // round's settle time (both were set by the previous tick).
    if (locked !== undefined && !locked.settled) expect(locked.settleTime).toBe(t);
    const byStranger = this.vanished || step.cranker === 'stranger';
    const cranker = byStranger ? this.stranger : h.eventSigner;
    this.price += step.move * step.size;
    let now = t + (step.lateBy > step.publishDelay ? step.lateBy : step.publishDelay);
    // After a late tick the next planned time may be past already: the ticks then catch up, one each.
    if (now < h.now()) now = h.now();
    if (step.treasury !== null) await this.rotate(step.treasury);
    h.setPriceFor(t, this.price, step.publishDelay);
    if (byStranger && now < t + GRACE) {
      h.setTime(now);
      await this.refuse([await tickIx(h, { cranker })], hasOne);
      now = t + GRACE;
    }
    h.setTime(now);
    const needsPrice = this.needsPrice(now);
    if (needsPrice && step.decoy !== 'none') {
      // Another verified update of the feed, with the other move: the last one before t, or the one after
      // the update for t. Neither may be used.
      const other = this.price - 2n * step.move * step.size - 1n;
      const publishTime = step.decoy === 'before' ? t - 1n : t + step.publishDelay + 1n;
      h.setPrice(other, { publishTime, prevPublishTime: publishTime - 1n });
      await this.refuse([await tickIx(h, { cranker })], pythError);
      h.setPriceFor(t, this.price, step.publishDelay);
    }
    const seen = step.publishDelay <= BigInt(ORACLE_MAX_LATE_SECS) ? this.price : null;
    await this.sendTick(now, cranker, needsPrice, seen, {
      price: this.price,
      publishTime: t + step.publishDelay,
    });
    // A round as the treasury is only for the tick it pays: the authority rotates it away at once (a round
    // the tick does not settle could be credited, which trust.test.ts looks at).
    if ([...this.rounds.values()].some((r) => r.address === this.treasury)) await this.rotate('main');
    await this.createRound(this.h.fetchConfig().liveEvent + 1, byStranger ? 'stranger' : 'signer');
  }

  /** Sends the tick and checks fees, the oracle line and the UpdateEvents against the model. */
  private async sendTick(
    now: bigint,
    cranker: KeyPairSigner,
    needsPrice: boolean,
    seen: bigint | null,
    reading: { price: bigint; publishTime: bigint } | null,
    priceUpdate?: Address,
  ): Promise<void> {
    const h = this.h;
    const treasury = this.treasury;
    const before = h.balance(treasury);
    const ix = await tickIx(h, priceUpdate === undefined ? { cranker } : { cranker, priceUpdate });
    const rounds = this.tickRounds();
    const gained = this.gainOf(treasury);
    // The model runs first: whether the treasury can take the fee depends on its balance before the tick.
    const logged = this.applyTick(rounds, now, seen);
    const outcome = await this.send([ix]);
    if (rounds.locked?.address !== treasury) {
      expect(h.balance(treasury)).toBe(before + this.gainOf(treasury) - gained);
    }
    // The oracle line is there exactly when the tick read the price.
    expect(parseOracleReadingOrNull(outcome, needsPrice ? reading : null)).toBe(true);
    expect(
      outcome.events.map((e) => (e.name === 'UpdateEvent' ? [e.data.id, e.data.result] : e.name)),
    ).toEqual(logged);
    await this.check();
  }

  /**
   * The event signer is gone and time moves on. `withdraw`: nobody ticks; a second before each running
   * round's deadline its players cannot withdraw, at the deadline each withdraws alone; then a stranger's
   * tick, with no price account, moves the rounds on. `late-tick`: the stranger's tick comes once every
   * running round is past its deadline, and ends them Invalid; the players withdraw alone afterwards.
   */
  async outage(mode: 'withdraw' | 'late-tick', plan: (id: number) => RoundPlan | undefined): Promise<void> {
    const h = this.h;
    const { locked, live } = this.tickRounds();
    const running = [locked, live].filter((r): r is RoundModel => r !== undefined && !r.settled);
    for (const r of running) {
      // (f) the chain's deadline is the model's: lock (as it happened) + timelock + buffer.
      expect((await h.fetchEvent(r.id)).settleTime + BUFFER).toBe(deadline(r));
    }
    const later = (time: bigint) => {
      if (time > h.now()) h.setTime(time);
    };
    if (mode === 'withdraw') {
      for (const r of running.sort((a, b) => (deadline(a) < deadline(b) ? -1 : 1))) {
        const bets = [...r.bets.values()];
        if (bets.length === 0) continue;
        later(deadline(r) - 1n);
        await this.refuse(
          [await withdrawBetIx(h, this.players[bets[0]!.player]!.address, r.id)],
          { code: 6002, name: 'EventUnsettled' },
          bets[0]!.player,
        );
        later(deadline(r));
        for (const b of bets) {
          await this.claim(r, b, plan(r.id)?.claims[b.player]?.wrongFirst ?? false, 'player');
          await this.closeBet(r, b, 'player');
        }
        r.claimed = true;
      }
    }
    for (const r of running) later(deadline(r));
    expect(this.needsPrice(h.now())).toBe(false);
    await this.sendTick(h.now(), this.stranger, false, null, null, NO_PRICE_ACCOUNT);
    await this.createRound(h.fetchConfig().liveEvent + 1, 'stranger');
  }

  /**
   * Pays (or refunds) a bet, first trying the wrong instruction if asked, then checks a second claim fails.
   * `by`: a keeper sends it, or the player alone. A round past its buffer that nobody settled ends Invalid
   * at its first claim.
   */
  async claim(r: RoundModel, b: BetModel, wrongFirst: boolean, by: 'keeper' | 'player'): Promise<void> {
    const h = this.h;
    const user = this.players[b.player]!.address;
    const payer = by === 'player' ? b.player : undefined;
    const expiring = isExpired(r, h.now());
    if (!expiring && !r.settled) throw new Error(`round ${r.id} is still running`);
    if (!expiring && !isPayable(r, b)) {
      if (r.closed) {
        // Every payable bet was paid and the round closed: a loser has nothing left to claim from.
        await this.refuse(
          [await settleBetIx(h, user, r.id)],
          { code: 3007, name: null, anchor: 'AccountOwnedByWrongProgram' },
          payer,
        );
        return;
      }
      await this.refuse([await settleBetIx(h, user, r.id)], { code: 6005, name: 'BetLost' }, payer);
      if (wrongFirst) {
        await this.refuse([await withdrawBetIx(h, user, r.id)], { code: 6003, name: 'EventSettled' }, payer);
      }
      return;
    }
    if (wrongFirst && !expiring && r.result !== 'invalid') {
      await this.refuse([await withdrawBetIx(h, user, r.id)], { code: 6003, name: 'EventSettled' }, payer);
    }
    if (wrongFirst) {
      // Closing first is refused while the bet is owed money (or its round is not settled yet on chain).
      await this.refuse(
        [await closeBetIx(h, this.players[b.player]!, r.id)],
        expiring ? { code: 6002, name: 'EventUnsettled' } : { code: 6012, name: 'BetUnsettled' },
        payer,
      );
    }
    if (expiring) this.expire(r);
    // In an invalid round settle_bet refunds as withdraw_bet does; use either.
    const ix =
      r.result === 'invalid' && !wrongFirst
        ? await withdrawBetIx(h, user, r.id)
        : await settleBetIx(h, user, r.id);
    const before = h.balance(user);
    const outcome = await this.send([ix], payer);
    const fee = payer === undefined ? 0n : SIGNATURE_FEE;
    b.paid = h.balance(user) - before + fee;
    expect(b.paid).toBe(owedTo(r, b));
    this.netOf[b.player]! += b.paid;
    expect(outcome.events).toMatchObject([
      ...(expiring
        ? [{ name: 'UpdateEvent', data: { id: r.id, result: Prediction.Invalid, totalCount: r.bets.size } }]
        : []),
      { name: 'UpdateBet', data: { amount: b.amount, winAmount: b.paid, isSettled: true } },
    ]);
    await this.check();
    // (c) never twice, by either instruction.
    await this.refuse([ix], { code: 6010, name: 'BetSettled' }, payer);
    await this.refuse([await settleBetIx(h, user, r.id)], { code: 6010, name: 'BetSettled' }, payer);
  }

  async closeBet(r: RoundModel, b: BetModel, by: 'keeper' | 'player'): Promise<void> {
    const user = this.players[b.player]!;
    const before = this.h.balance(user.address);
    const rent = this.h.balance(b.address);
    expect(rent).toBe(betRent(this.h));
    await this.send([await closeBetIx(this.h, user, r.id)], by === 'player' ? b.player : undefined);
    const fee = by === 'player' ? SIGNATURE_FEE : 0n;
    expect(this.h.balance(user.address)).toBe(before + rent - fee);
    expect(this.h.exists(b.address)).toBe(false);
    b.closed = true;
    await this.check();
  }

  /**
   * Whether the config still names the round as its locked or live one. A round can be settled while it is
   * (ended Invalid past its buffer, by a tick or a claim), and the next tick needs its account: the crank
   * must not close it yet (trust.test.ts, "a settled round the config still names").
   */
  namedByConfig(r: RoundModel): boolean {
    const c = this.h.fetchConfig();
    return r.id >= (c.lockedEvent === 0 ? c.liveEvent : c.lockedEvent);
  }

  /** Closes a settled round once everything payable is paid; checks (b) on it. */
  async closeRound(r: RoundModel): Promise<void> {
    expect(this.vanished).toBe(false);
    const pending = [...r.bets.values()].some((b) => isPayable(r, b) && b.paid === null);
    if (pending) {
      await this.refuse([await closeEventIx(this.h, r.id)], { code: 6013, name: 'EventPendingBets' });
      return;
    }
    const at = this.treasury;
    const treasury = this.h.balance(at);
    const signer = this.h.balance(this.h.eventSigner.address);
    const leftover = pot(r) - r.feeTaken - paidOut(r);
    expect(this.h.balance(r.address)).toBe(eventRent(this.h) + leftover);
    // What the treasury cannot take (an empty wallet too small for it, an account that cannot be credited)
    // goes to the event signer with the rent.
    const toTreasury = leftover > 0n && this.canTake(at, leftover, r.address);
    await this.send([await closeEventIx(this.h, r.id)]);
    r.closed = true;
    expect(this.h.exists(r.address)).toBe(false);
    const treasuryGot = this.h.balance(at) - treasury;
    const signerGot = this.h.balance(this.h.eventSigner.address) - signer - eventRent(this.h);
    expect([treasuryGot, signerGot]).toEqual(toTreasury ? [leftover, 0n] : [0n, leftover]);
    this.gain(at, treasuryGot);
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
      // (e) the schedule: round k locks at T0 + k × timelock and settles a timelock later, however late the
      // ticks came; only its opening moves with the tick that opened it.
      if (r.lockTime !== 0n) {
        expect([r.lockTime, r.settleTime]).toEqual([
          T0 + BigInt(r.id) * TIMELOCK,
          T0 + BigInt(r.id + 1) * TIMELOCK,
        ]);
      }
      expect(chain).toMatchObject({
        startTime: r.startTime,
        lockTime: r.lockTime,
        settleTime: r.settleTime,
        upPool: pool(r, 'up'),
        downPool: pool(r, 'down'),
        upCount: count(r, 'up'),
        downCount: count(r, 'down'),
        isSettled: r.settled,
        settledCount: [...r.bets.values()].filter((b) => b.paid !== null).length,
      });
      // (e) prices and results are the model's, whoever ticked and whenever.
      if (r.lockPrice !== undefined) expect(chain.lockPrice).toBe(r.lockPrice);
      if (r.finalPrice !== undefined) expect(chain.finalPrice).toBe(r.finalPrice);
      expect(chain.result).toBe(r.result === null ? Prediction.None : PREDICTION[r.result]);
      // (a) the round holds exactly rent + pot − the fee taken − what it paid, which covers what it owes.
      const lamports = h.balance(r.address);
      expect(lamports).toBe(eventRent(h) + pot(r) - r.feeTaken - paidOut(r));
      const stillOwed = r.settled
        ? [...r.bets.values()].reduce((s, b) => s + (b.paid === null ? owedTo(r, b) : 0n), 0n)
        : pot(r);
      expect(lamports >= eventRent(h) + stillOwed).toBe(true);
    }
    // (d) conservation: nothing appears or vanishes but the signature fees.
    expect(this.total() + this.fees).toBe(this.initialTotal);
    // (b) an account that cannot be credited never is.
    for (const [a, lamports] of this.uncreditable) expect(h.balance(a)).toBe(lamports);
  }
}

/** Whether the tick's logs carry exactly `expected` as the oracle line (or none when null). */
function parseOracleReadingOrNull(
  outcome: Ok,
  expected: { price: bigint; publishTime: bigint } | null,
): boolean {
  const reading = parseOracleReading(outcome.logs);
  if (expected === null) return reading === null;
  return reading !== null && reading.price === expected.price && reading.publishTime === expected.publishTime;
}

async function play(s: Scenario): Promise<void> {
  const h = await ForesightHarness.create();
  if (!s.emptyTreasury) h.svm.airdrop(h.treasury.address, lamports(SOL));
  const players: KeyPairSigner[] = [];
  for (let i = 0; i < s.players; i++) players.push(await h.player(1_000n));
  const stranger = await h.player(1_000n);
  const second = (await generateKeyPairSigner()).address;
  const start = players.map((p) => h.balance(p.address));
  const treasuryStart = h.balance(h.treasury.address);
  const signerStart = h.balance(h.eventSigner.address);
  const strangerStart = h.balance(stranger.address);
  const game = new Game(h, players, stranger, second);
  await game.createRound(1, 'signer');
  await game.createRound(2, 'signer');

  const plan = (id: number) => s.rounds[id - 1];
  const deferred: { r: RoundModel; b: BetModel; wrongFirst: boolean }[] = [];
  /** Claims of every newly settled round: now, or at the end; then the event signer closes what it can. */
  const settleClaims = async () => {
    for (const r of game.rounds.values()) {
      if (!r.settled || r.claimed) continue;
      r.claimed = true;
      const by = game.vanished ? 'player' : 'keeper';
      for (const b of r.bets.values()) {
        const claim = plan(r.id)?.claims[b.player] ?? { now: false, wrongFirst: false };
        if (claim.now) {
          await game.claim(r, b, claim.wrongFirst, by);
          await game.closeBet(r, b, by);
        } else {
          deferred.push({ r, b, wrongFirst: claim.wrongFirst });
        }
      }
      // Closing is tried at once: it succeeds only when nothing payable is left unpaid.
      if (!game.vanished && !game.namedByConfig(r)) await game.closeRound(r);
    }
  };

  const steps = [...s.rounds.map((r) => r.price), ...s.tail];
  for (let k = 0; k < steps.length; k++) {
    const id = k + 1;
    for (const bet of plan(id)?.bets ?? []) await game.bet(id, bet.player, bet.side, bet.amount);
    if (k === s.vanishAt) {
      game.vanished = true;
      if (s.vanish !== 'stranger-cranks') {
        await game.outage(s.vanish, plan);
        break;
      }
    }
    await game.tick(steps[k]!);
    await settleClaims();
  }
  await settleClaims();
  const by = game.vanished ? 'player' : 'keeper';
  for (const { r, b, wrongFirst } of deferred) {
    await game.claim(r, b, wrongFirst, by);
    await game.closeBet(r, b, by);
  }
  if (!game.vanished)
    for (const r of game.rounds.values()) {
      if (r.settled && !r.closed && !game.namedByConfig(r)) await game.closeRound(r);
    }

  // Every round with bets is settled and every bet is paid what it is owed (and closed), whether or not
  // the event signer stayed.
  for (const r of game.rounds.values()) {
    if (r.bets.size === 0) continue;
    expect(r.settled).toBe(true);
    for (const b of r.bets.values()) {
      expect(b.closed).toBe(true);
      if (isPayable(r, b)) expect(b.paid).toBe(owedTo(r, b));
    }
    if (!game.vanished) expect(r.closed).toBe(true);
  }
  players.forEach((p, i) => {
    expect(h.balance(p.address) - start[i]!).toBe(game.netOf[i]);
  });
  // (d) at the end: the rounds still open hold their rent and what nobody is owed (a fee the treasury could
  // not take yet, rounding dust); the treasury gained the fees and the dust of closed rounds; the event
  // signer and the stranger are out the rent of the rounds they created and got back that of closed ones.
  const open = [...game.rounds.values()].filter((r) => !r.closed);
  let held = 0n;
  for (const r of open) {
    const leftover = pot(r) - r.feeTaken - paidOut(r);
    expect(h.balance(r.address)).toBe(eventRent(h) + leftover);
    held += leftover;
  }
  // What the players lost beyond their own fees is exactly what the treasury and the event signer gained
  // and what the open rounds still hold.
  const playersNet = game.netOf.reduce((a, b) => a + b, 0n) + game.playerFees;
  const treasuriesGain = game.gainOf(h.treasury.address) + game.gainOf(second);
  expect([...game.treasuryGain.keys()].every((a) => a === h.treasury.address || a === second)).toBe(true);
  expect(playersNet + treasuriesGain + game.signerExtra + held).toBe(0n);
  expect(h.balance(h.treasury.address) - treasuryStart).toBe(game.gainOf(h.treasury.address));
  expect(h.balance(second)).toBe(game.gainOf(second));
  const rounds = [...game.rounds.values()];
  const paidBy = (who: RoundModel['rentPayer']) => BigInt(rounds.filter((r) => r.rentPayer === who).length);
  const closed = BigInt(rounds.length - open.length);
  expect(h.balance(h.eventSigner.address) - signerStart).toBe(
    game.signerExtra + eventRent(h) * (closed - paidBy('signer')),
  );
  expect(h.balance(stranger.address) - strangerStart).toBe(-eventRent(h) * paidBy('stranger'));
}

describe('Foresight under random play', () => {
  it('keeps rounds solvent, pays each bet once and exactly, and conserves lamports, with or without the event signer', async () => {
    await fc.assert(fc.asyncProperty(scenario, play), { numRuns: 200 });
    // 200 random plays in LiteSVM: about 30 s alone, more on a machine shared with the browser suites.
  }, 240_000);

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
