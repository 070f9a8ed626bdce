/**
 * Wager as a state machine under random play. 2–6 users, each referred by a funded wallet, by an empty one
 * or by nobody, run random sequences of bet-record creation (sometimes twice, sometimes never), bets (random
 * odds, prizes near the minimum, near and over the cap, SOL, token and NFT prizes, sometimes the wrong mint),
 * settlements (wins, losses, rolls out of range, a wrong referrer), claims (sometimes with sol = false),
 * refunds, withdrawals (a share of the free balance, or a lamport too much) and pauses, interleaved with
 * markets: creation (with or without a referrer), time updates, predictions, additions, the clock moving
 * past cutoffs, resolutions (Yes, No or Invalid, before or after the cutoff), settlements and closes. Most
 * steps move one bet or market along its life; the rest are random, so many are refused. The treasury starts
 * as an empty wallet, so small fees sometimes have to wait in the pool.
 *
 * A model predicts every outcome: which error, or exactly what moves where, with the SDK's maths. After
 * every step:
 *   (a) the house holds exactly what the model says, at least rent + outstanding, and `outstanding` is the
 *       model's exact sum: prizes of open bets and unclaimed wins, and referral shares of open bets;
 *   (b) every market's pool holds exactly what the model says, at least rent + what it still owes, and its
 *       record matches (pools, counts, settled count, result);
 *   (c) no bet or prediction is paid twice: every user's balance is exactly the model's, and a second
 *       claim or settlement is refused;
 *   (d) lamports are conserved: the sum over every account involved moves only by the transaction fees,
 *       all paid by the separate fee payer.
 */
import fc from 'fast-check';
import { address, type Address, type Instruction, type KeyPairSigner } from '@solana/kit';
import { describe, expect, it } from 'vitest';
import { BetResult, BetState, MarketResult } from '@arcade/sdk/wager/accounts';
import {
  betCost,
  betFee,
  betStake,
  houseFreeBalance,
  marketFee,
  maxPrize,
  predictionPayout,
  referralShare,
  resolvedMarketResult,
} from '@arcade/sdk/wager/bet-math';
import type { WagerErrorName } from '@arcade/sdk/wager/errors';
import { NATIVE_MINT_ADDRESS } from '@arcade/sdk/wager/program';
import { SOL, WagerHarness, type Outcome } from './harness.ts';
import {
  anchor,
  betRent,
  expectError,
  feeOf,
  marketRent,
  predictionRent,
  walletRent,
  wager,
  type ExpectedError,
} from './support.ts';

const MIN = 10_000_000n;
const PRIZE_MINT = address('PrizeMint1111111111111111111111111111111111');

type Referral = 'none' | 'funded' | 'empty';
type BetTypeName = 'sol' | 'token' | 'nft';
type Side = 'yes' | 'no';

type Prize =
  { kind: 'lamports'; lamports: bigint } | { kind: 'cap' } | { kind: 'overCap' } | { kind: 'zero' };

type Op =
  | { kind: 'init'; user: number }
  | { kind: 'bet'; user: number; odds: number; prize: Prize; betType: BetTypeName; wrongMint: boolean }
  | { kind: 'settle'; user: number; roll: number; wrongReferrer: boolean }
  | { kind: 'claim'; user: number; sol: boolean }
  | { kind: 'refund'; user: number }
  | { kind: 'withdraw'; percent: number; over: boolean }
  | { kind: 'pause'; paused: boolean }
  | { kind: 'market'; referrer: boolean; cutoffIn: bigint }
  | { kind: 'updateMarket'; market: number; cutoffIn: bigint; endAfter: bigint }
  | { kind: 'predict'; user: number; market: number; amount: bigint; side: Side | 'invalid' }
  | { kind: 'add'; user: number; market: number; amount: bigint }
  | { kind: 'wait'; seconds: bigint }
  | { kind: 'resolve'; market: number; result: Side | 'invalid' }
  | { kind: 'settlePrediction'; user: number; market: number }
  | { kind: 'close'; market: number }
  /** Moves `user`'s bet one step along its happy path, whatever its state: bet, settle (or refund), claim. */
  | {
      kind: 'betFlow';
      user: number;
      odds: number;
      prize: bigint;
      roll: number;
      refund: boolean;
      betType: BetTypeName;
      sol: boolean;
    }
  /**
   * Moves market `market` one step along its life: a prediction (or an addition) while open (or, with
   * `toCutoff` and two predictions, the clock to its cutoff), the resolution once past its cutoff, then
   * settlements, then the close; a new market when there is none to move.
   */
  | {
      kind: 'marketFlow';
      market: number;
      user: number;
      amount: bigint;
      side: Side;
      result: Side | 'invalid';
      cutoffIn: bigint;
      toCutoff: boolean;
    };

interface Scenario {
  bankroll: bigint;
  referrals: Referral[];
  ops: Op[];
}

const weighted = <T>(pairs: [number, fc.Arbitrary<T>][]) =>
  fc.oneof(...pairs.map(([weight, arbitrary]) => ({ weight, arbitrary })));

const lamportsNearMin = fc.bigInt({ min: MIN - 2n, max: 3n * MIN });
const prize: fc.Arbitrary<Prize> = weighted<Prize>([
  [6, fc.bigInt({ min: MIN, max: 5n * SOL }).map((lamports) => ({ kind: 'lamports', lamports }))],
  [2, fc.bigInt({ min: MIN, max: 4n * MIN }).map((lamports) => ({ kind: 'lamports', lamports }))],
  [1, fc.constant({ kind: 'cap' })],
  [1, fc.constant({ kind: 'overCap' })],
  [1, fc.constant({ kind: 'zero' })],
]);
const odds = weighted<number>([
  [12, fc.integer({ min: 1, max: 95 })],
  [1, fc.constantFrom(0, 96, 255)],
]);
const roll = weighted<number>([
  [12, fc.integer({ min: 0, max: 99 })],
  [1, fc.constantFrom(100, 255)],
]);
const rarely = weighted<boolean>([
  [12, fc.constant(false)],
  [1, fc.constant(true)],
]);
const side = weighted<Side | 'invalid'>([
  [10, fc.constantFrom<Side[]>('yes', 'no')],
  [1, fc.constant('invalid')],
]);
const predictionAmount = weighted<bigint>([
  [4, fc.bigInt({ min: MIN, max: 3n * SOL })],
  [2, lamportsNearMin],
]);

function op(users: number): fc.Arbitrary<Op> {
  const user = fc.integer({ min: 0, max: users - 1 });
  const market = fc.integer({ min: 0, max: 7 });
  return weighted<Op>([
    [
      4,
      fc.record({
        kind: fc.constant('bet'),
        user,
        odds,
        prize,
        betType: fc.constantFrom<BetTypeName[]>('sol', 'token', 'nft'),
        wrongMint: rarely,
      }),
    ],
    [3, fc.record({ kind: fc.constant('settle'), user, roll, wrongReferrer: rarely })],
    [
      3,
      fc.record({
        kind: fc.constant('claim'),
        user,
        sol: weighted([
          [4, fc.constant(true)],
          [1, fc.constant(false)],
        ]),
      }),
    ],
    [1, fc.record({ kind: fc.constant('refund'), user })],
    [
      1,
      fc.record({ kind: fc.constant('withdraw'), percent: fc.integer({ min: 0, max: 100 }), over: rarely }),
    ],
    [1, fc.record({ kind: fc.constant('pause'), paused: fc.boolean() })],
    [2, fc.record({ kind: fc.constant('init'), user })],
    [
      1,
      fc.record({
        kind: fc.constant('updateMarket'),
        market,
        cutoffIn: fc.bigInt({ min: -50n, max: 300n }),
        endAfter: fc.bigInt({ min: -10n, max: 100n }),
      }),
    ],
    [
      2,
      fc.record({
        kind: fc.constant('market'),
        referrer: fc.boolean(),
        cutoffIn: fc.bigInt({ min: 1n, max: 300n }),
      }),
    ],
    [4, fc.record({ kind: fc.constant('predict'), user, market, amount: predictionAmount, side })],
    [2, fc.record({ kind: fc.constant('add'), user, market, amount: predictionAmount })],
    [3, fc.record({ kind: fc.constant('wait'), seconds: fc.bigInt({ min: 1n, max: 200n }) })],
    [
      2,
      fc.record({
        kind: fc.constant('resolve'),
        market,
        result: fc.constantFrom<(Side | 'invalid')[]>('yes', 'no', 'invalid'),
      }),
    ],
    [3, fc.record({ kind: fc.constant('settlePrediction'), user, market })],
    [1, fc.record({ kind: fc.constant('close'), market })],
    [
      14,
      fc.record({
        kind: fc.constant('betFlow'),
        user,
        odds: fc.integer({ min: 1, max: 95 }),
        prize: fc.bigInt({ min: MIN, max: 2n * SOL }),
        roll: fc.integer({ min: 0, max: 99 }),
        refund: rarely,
        betType: fc.constantFrom<BetTypeName[]>('sol', 'token', 'nft'),
        sol: fc.boolean(),
      }),
    ],
    [
      18,
      fc.record({
        kind: fc.constant('marketFlow'),
        market,
        user,
        amount: predictionAmount.filter((a) => a >= MIN),
        side: fc.constantFrom<Side[]>('yes', 'no'),
        result: fc.constantFrom<(Side | 'invalid')[]>('yes', 'yes', 'no', 'no', 'invalid'),
        cutoffIn: fc.bigInt({ min: 30n, max: 300n }),
        toCutoff: fc.boolean(),
      }),
    ],
  ]);
}

const scenario: fc.Arbitrary<Scenario> = fc.integer({ min: 2, max: 6 }).chain((users) =>
  fc.record({
    // A small bankroll makes the 5% cap bind: 20 SOL caps prizes at 1 SOL.
    bankroll: fc.bigInt({ min: 20n * SOL, max: 300n * SOL }),
    referrals: fc.array(fc.constantFrom<Referral[]>('none', 'funded', 'empty'), {
      minLength: users,
      maxLength: users,
    }),
    ops: fc.array(op(users), { minLength: 20, maxLength: 60 }),
  }),
);

// ---- the model ----

type BetModelState = 'uninit' | 'none' | 'open' | 'win' | 'loss' | 'claimed' | 'refunded';

interface BetModel {
  state: BetModelState;
  odds: number;
  prize: bigint;
  stake: bigint;
  fee: bigint;
  betType: BetTypeName;
  /** The referral's share reserved while open: 0 without a referral. */
  share: bigint;
}

interface UserModel {
  signer: KeyPairSigner;
  referral: Address | null;
  bet: BetModel;
}

interface PredictionModel {
  amount: bigint;
  side: Side;
  settled: boolean;
}

interface MarketModel {
  address: Address;
  pool: Address;
  cutoff: bigint;
  referrer: Address | null;
  predictions: Map<number, PredictionModel>;
  result: MarketResult | null;
  closed: boolean;
  /** Lamports the model says the pool holds. */
  lamports: bigint;
}

const SIDE = { yes: MarketResult.Yes, no: MarketResult.No } as const;
const RESULT = { yes: MarketResult.Yes, no: MarketResult.No, invalid: MarketResult.Invalid } as const;

class Game {
  readonly h: WagerHarness;
  readonly users: UserModel[];
  readonly markets: MarketModel[] = [];
  /** Every account whose lamports are tracked exactly, with the model's balance. */
  readonly balances = new Map<Address, bigint>();
  paused = false;
  fees = 0n;
  private readonly initialTotal: bigint;

  constructor(h: WagerHarness, users: UserModel[], wallets: Address[]) {
    this.h = h;
    this.users = users;
    for (const a of [
      h.house,
      h.authority.address,
      h.settler.address,
      h.treasury.address,
      h.payer.address,
      ...wallets,
    ]) {
      this.balances.set(a, h.balance(a));
    }
    this.initialTotal = this.total();
  }

  private total(): bigint {
    let sum = 0n;
    for (const a of this.balances.keys()) sum += this.h.balance(a);
    return sum;
  }

  private move(from: Address, to: Address, amount: bigint): void {
    this.balances.set(from, this.balances.get(from)! - amount);
    this.balances.set(to, (this.balances.get(to) ?? 0n) + amount);
  }

  private track(account: Address): void {
    if (!this.balances.has(account)) this.balances.set(account, 0n);
  }

  /** Whether the runtime lets `to` receive `amount`: an empty wallet must end rent-exempt. */
  private receivable(to: Address, amount: bigint): boolean {
    return amount === 0n || this.balances.get(to)! !== 0n || amount >= walletRent(this.h);
  }

  private outstanding(): bigint {
    let sum = 0n;
    for (const u of this.users) {
      if (u.bet.state === 'open') sum += u.bet.prize + u.bet.share;
      if (u.bet.state === 'win') sum += u.bet.prize;
    }
    return sum;
  }

  private freeBalance(): bigint {
    return houseFreeBalance(this.balances.get(this.h.house)!, this.h.houseRent(), this.outstanding());
  }

  private payFee(instructions: Instruction[]): void {
    const fee = feeOf(instructions, this.h.payer.address);
    this.fees += fee;
    this.balances.set(this.h.payer.address, this.balances.get(this.h.payer.address)! - fee);
  }

  /** Sends; on a predicted refusal checks it exactly; pays the fees either way. */
  private async send(instructions: Instruction[], expected: ExpectedError | null): Promise<boolean> {
    const outcome: Outcome = await this.h.send(instructions);
    this.payFee(instructions);
    if (expected === null) {
      this.h.expectOk(outcome);
      return true;
    }
    expectError(this.h, outcome, expected);
    return false;
  }

  /**
   * init_bet_offchain: the user pays the record's rent; a second one is refused by the System Program
   * (its error 0, "already in use"), as Anchor's `init` is.
   */
  private async init(o: Extract<Op, { kind: 'init' }>): Promise<void> {
    const u = this.users[o.user]!;
    const ix = await this.h.initBetIx(u.signer, u.referral);
    if (u.bet.state !== 'uninit') {
      const outcome = await this.h.send([ix]);
      this.payFee([ix]);
      expect(outcome).toMatchObject({ ok: false, code: 0, name: null });
      if (!outcome.ok) expect(outcome.logs.some((l) => l.endsWith('already in use'))).toBe(true);
      return;
    }
    await this.send([ix], null);
    const bet = await this.h.betAddress(u.signer.address);
    this.track(bet);
    this.move(u.signer.address, bet, betRent(this.h));
    u.bet.state = 'none';
  }

  async run(o: Op): Promise<void> {
    switch (o.kind) {
      case 'init':
        return this.init(o);
      case 'bet':
        return this.bet(o);
      case 'settle':
        return this.settle(o);
      case 'claim':
        return this.claim(o);
      case 'refund':
        return this.refund(o);
      case 'withdraw':
        return this.withdraw(o);
      case 'pause':
        if (await this.send([this.h.updateHouseIx({ paused: o.paused })], null)) this.paused = o.paused;
        return;
      case 'market':
        return this.createMarket(o);
      case 'updateMarket':
        return this.updateMarket(o);
      case 'predict':
        return this.predict(o);
      case 'add':
        return this.add(o);
      case 'wait':
        this.h.setTime(this.h.now() + o.seconds);
        return;
      case 'resolve':
        return this.resolve(o);
      case 'settlePrediction':
        return this.settlePrediction(o);
      case 'close':
        return this.close(o);
      case 'betFlow':
        return this.betFlow(o);
      case 'marketFlow':
        return this.marketFlow(o);
    }
  }

  private async betFlow(o: Extract<Op, { kind: 'betFlow' }>): Promise<void> {
    const b = this.users[o.user]!.bet;
    switch (b.state) {
      case 'uninit':
        return this.init({ kind: 'init', user: o.user });
      case 'open':
        if (o.refund) return this.refund({ kind: 'refund', user: o.user });
        return this.settle({ kind: 'settle', user: o.user, roll: o.roll, wrongReferrer: false });
      case 'win':
        return this.claim({ kind: 'claim', user: o.user, sol: o.betType === 'sol' || o.sol });
      default: {
        if (this.paused) await this.run({ kind: 'pause', paused: false });
        // Within the cap, and at least the minimum stake, so the bet is taken.
        const cap = maxPrize(this.freeBalance());
        const floor = (MIN * 100n + BigInt(o.odds) - 1n) / BigInt(o.odds);
        const prize = o.prize < floor ? floor : o.prize > cap ? cap : o.prize;
        return this.bet({
          kind: 'bet',
          user: o.user,
          odds: o.odds,
          prize: { kind: 'lamports', lamports: prize },
          betType: o.betType,
          wrongMint: false,
        });
      }
    }
  }

  private async marketFlow(o: Extract<Op, { kind: 'marketFlow' }>): Promise<void> {
    const m = this.market(o.market);
    if (m === undefined || m.closed) {
      return this.createMarket({ kind: 'market', referrer: o.market % 2 === 0, cutoffIn: o.cutoffIn });
    }
    if (m.result === null && this.h.now() < m.cutoff && o.toCutoff && m.predictions.size >= 2) {
      // Predictions close: the clock jumps to the cutoff.
      this.h.setTime(m.cutoff);
    }
    if (m.result === null && this.h.now() < m.cutoff) {
      const p = m.predictions.get(o.user);
      if (p === undefined) return this.predict({ ...o, kind: 'predict' });
      return this.add({ kind: 'add', user: o.user, market: o.market, amount: o.amount });
    }
    if (m.result === null) return this.resolve({ kind: 'resolve', market: o.market, result: o.result });
    const unsettled = [...m.predictions].find(([, p]) => !p.settled);
    if (unsettled !== undefined) {
      return this.settlePrediction({ kind: 'settlePrediction', user: unsettled[0], market: o.market });
    }
    return this.close({ kind: 'close', market: o.market });
  }

  private async bet(o: Extract<Op, { kind: 'bet' }>): Promise<void> {
    const u = this.users[o.user]!;
    const b = u.bet;
    const cap = maxPrize(this.freeBalance());
    const prize =
      o.prize.kind === 'lamports'
        ? o.prize.lamports
        : o.prize.kind === 'cap'
          ? cap
          : o.prize.kind === 'overCap'
            ? cap + 1n
            : 0n;
    const nativeMint = (o.betType === 'sol') !== o.wrongMint;
    const ix = await this.h.createBetIx(u.signer, {
      odds: o.odds,
      prize,
      betType: o.betType,
      mint: nativeMint ? NATIVE_MINT_ADDRESS : PRIZE_MINT,
    });
    const available = ['none', 'claimed', 'refunded', 'loss'].includes(b.state);
    const stake = betStake(prize, o.odds);
    if (b.state === 'uninit') return this.refuseUninit([ix]);
    let error: WagerErrorName | null = null;
    if (this.paused || !available) error = 'BetNotAvailable';
    else if (o.wrongMint) error = 'InvalidMarketplace';
    else if (o.odds < 1 || o.odds > 95) error = 'InvalidOdds';
    else if (prize === 0n) error = 'InvalidListingPrice';
    else if (stake < MIN) error = 'BetTooLow';
    else if (prize > cap) error = 'InvalidListingPrice';
    if (!(await this.send([ix], error === null ? null : wager(error)))) return;
    const fee = betFee(stake);
    u.bet = {
      state: 'open',
      odds: o.odds,
      prize,
      stake,
      fee,
      betType: o.betType,
      share: u.referral === null ? 0n : referralShare(fee),
    };
    this.move(u.signer.address, this.h.house, betCost(prize, o.odds));
  }

  private async settle(o: Extract<Op, { kind: 'settle' }>): Promise<void> {
    const u = this.users[o.user]!;
    const b = u.bet;
    if (b.state === 'uninit') {
      return this.refuseUninit([await this.h.settleBetIx(u.signer.address, o.roll, { referrer: null })]);
    }
    const wrong = o.wrongReferrer ? (u.referral === null ? this.h.authority.address : null) : undefined;
    const ix = await this.h.settleBetIx(
      u.signer.address,
      o.roll,
      wrong === undefined ? {} : { referrer: wrong },
    );
    let error: WagerErrorName | null = null;
    if (b.state !== 'open') error = 'BetNotOpen';
    else if (o.roll > 99) error = 'InvalidOdds';
    else if (o.wrongReferrer) error = 'InvalidReferrer';
    if (!(await this.send([ix], error === null ? null : wager(error)))) return;
    b.state = o.roll < b.odds ? 'win' : 'loss';
    if (u.referral !== null && this.receivable(u.referral, b.share))
      this.move(this.h.house, u.referral, b.share);
    b.share = 0n;
    const record = await this.h.fetchBet(u.signer.address);
    expect(record).toMatchObject({
      state: BetState.Settled,
      result: b.state === 'win' ? BetResult.Win : BetResult.Loss,
    });
  }

  private async claim(o: Extract<Op, { kind: 'claim' }>): Promise<void> {
    const u = this.users[o.user]!;
    const b = u.bet;
    if (b.state === 'uninit') return this.refuseUninit([await this.h.claimBetIx(u.signer, o.sol)]);
    let error: WagerErrorName | null = null;
    if (b.state !== 'win') error = 'BetNotWon';
    else if (!o.sol && b.betType === 'sol') error = 'InvalidMarketplace';
    if (
      !(await this.send([await this.h.claimBetIx(u.signer, o.sol)], error === null ? null : wager(error)))
    ) {
      return;
    }
    b.state = 'claimed';
    this.move(this.h.house, u.signer.address, b.prize);
    // (c) never twice.
    await this.send([await this.h.claimBetIx(u.signer, true)], wager('BetNotWon'));
  }

  private async refund(o: Extract<Op, { kind: 'refund' }>): Promise<void> {
    const u = this.users[o.user]!;
    const b = u.bet;
    if (b.state === 'uninit') return this.refuseUninit([await this.h.refundBetIx(u.signer.address)]);
    const error = b.state === 'open' ? null : wager('BetNotOpen');
    if (!(await this.send([await this.h.refundBetIx(u.signer.address)], error))) return;
    b.state = 'refunded';
    b.share = 0n;
    this.move(this.h.house, u.signer.address, b.stake + b.fee);
  }

  /** A user without a bet record: the record is not the program's (it does not exist). */
  private async refuseUninit(instructions: Instruction[]): Promise<void> {
    await this.send(instructions, anchor('AccountOwnedByWrongProgram'));
  }

  private async withdraw(o: Extract<Op, { kind: 'withdraw' }>): Promise<void> {
    const free = this.freeBalance();
    const amount = o.over ? free + 1n : (free * BigInt(o.percent)) / 100n;
    const to = this.h.authority.address;
    if (
      !(await this.send([this.h.withdrawIx(amount, to)], o.over ? { builtin: 'InsufficientFunds' } : null))
    ) {
      return;
    }
    this.move(this.h.house, to, amount);
  }

  private async createMarket(o: Extract<Op, { kind: 'market' }>): Promise<void> {
    if (this.markets.length >= 8) return;
    const signer = await this.h.signer();
    const referrer = o.referrer ? this.users[0]!.signer.address : null;
    const cutoff = this.h.now() + o.cutoffIn;
    const ix = await this.h.createMarketIx(signer, { cutoff, end: cutoff + 60n }, { referrer });
    await this.send([ix], null);
    const pool = await this.h.poolAddress(signer.address);
    this.track(signer.address);
    this.track(pool);
    this.move(this.h.authority.address, signer.address, marketRent(this.h));
    this.move(this.h.authority.address, pool, walletRent(this.h));
    this.markets.push({
      address: signer.address,
      pool,
      cutoff,
      referrer,
      predictions: new Map(),
      result: null,
      closed: false,
      lamports: walletRent(this.h),
    });
  }

  private async updateMarket(o: Extract<Op, { kind: 'updateMarket' }>): Promise<void> {
    const m = this.market(o.market);
    if (m === undefined) return;
    const cutoff = this.h.now() + o.cutoffIn;
    const end = cutoff + o.endAfter;
    let error: ExpectedError | null = null;
    if (m.closed) error = anchor('AccountOwnedByWrongProgram');
    else if (m.result !== null) error = wager('MarketClosed');
    else if (cutoff > end) error = wager('InvalidMarket');
    if (!(await this.send([this.h.updateMarketIx(m.address, { cutoff, end })], error))) return;
    m.cutoff = cutoff;
  }

  private market(index: number): MarketModel | undefined {
    return this.markets.length === 0 ? undefined : this.markets[index % this.markets.length];
  }

  private async predict(o: Extract<Op, { kind: 'predict' }>): Promise<void> {
    const m = this.market(o.market);
    if (m === undefined) return;
    const u = this.users[o.user]!;
    const ix = await this.h.predictIx(u.signer, m.address, o.amount, o.side);
    let error: ExpectedError | null = null;
    if (m.closed) error = anchor('AccountOwnedByWrongProgram');
    else if (m.result !== null || this.h.now() >= m.cutoff) error = wager('MarketClosed');
    else if (o.side === 'invalid') error = wager('InvalidPrediction');
    else if (o.amount < MIN) error = wager('BetTooLow');
    else if (m.predictions.has(o.user)) error = wager('InvalidPrediction');
    if (!(await this.send([ix], error)) || o.side === 'invalid') return;
    const prediction = await this.h.predictionAddress(m.address, u.signer.address);
    this.track(prediction);
    this.move(u.signer.address, prediction, predictionRent(this.h));
    this.move(u.signer.address, m.pool, o.amount);
    m.lamports += o.amount;
    m.predictions.set(o.user, { amount: o.amount, side: o.side, settled: false });
  }

  private async add(o: Extract<Op, { kind: 'add' }>): Promise<void> {
    const m = this.market(o.market);
    if (m === undefined) return;
    const u = this.users[o.user]!;
    const p = m.predictions.get(o.user);
    let error: ExpectedError | null = null;
    if (p === undefined || m.closed) error = anchor('AccountOwnedByWrongProgram');
    else if (m.result !== null || this.h.now() >= m.cutoff) error = wager('MarketClosed');
    else if (o.amount < MIN) error = wager('BetTooLow');
    if (!(await this.send([await this.h.updatePredictionIx(u.signer, m.address, o.amount)], error))) return;
    p!.amount += o.amount;
    this.move(u.signer.address, m.pool, o.amount);
    m.lamports += o.amount;
  }

  private pools(m: MarketModel): { yesPool: bigint; noPool: bigint } {
    let yesPool = 0n;
    let noPool = 0n;
    for (const p of m.predictions.values()) {
      if (p.side === 'yes') yesPool += p.amount;
      else noPool += p.amount;
    }
    return { yesPool, noPool };
  }

  private async resolve(o: Extract<Op, { kind: 'resolve' }>): Promise<void> {
    const m = this.market(o.market);
    if (m === undefined) return;
    let error: ExpectedError | null = null;
    if (m.closed) error = anchor('AccountOwnedByWrongProgram');
    else if (m.result !== null) error = wager('MarketClosed');
    else if (this.h.now() < m.cutoff) error = wager('InvalidMarket');
    const ix = await this.h.resolveMarketIx(m.address, o.result, { referrer: m.referrer });
    if (!(await this.send([ix], error))) return;
    const pools = this.pools(m);
    m.result = resolvedMarketResult(pools, RESULT[o.result]);
    const fee = marketFee({ ...pools, result: m.result });
    const share = m.referrer === null ? 0n : referralShare(fee);
    const treasury = this.h.treasury.address;
    if (this.receivable(treasury, fee - share)) {
      this.move(m.pool, treasury, fee - share);
      m.lamports -= fee - share;
    }
    if (m.referrer !== null && this.receivable(m.referrer, share)) {
      this.move(m.pool, m.referrer, share);
      m.lamports -= share;
    }
  }

  private owed(m: MarketModel, p: PredictionModel): bigint {
    if (m.result === null) return p.amount;
    return predictionPayout({ ...this.pools(m), result: m.result }, p.amount, SIDE[p.side]);
  }

  private async settlePrediction(o: Extract<Op, { kind: 'settlePrediction' }>): Promise<void> {
    const m = this.market(o.market);
    if (m === undefined) return;
    const u = this.users[o.user]!;
    const p = m.predictions.get(o.user);
    let error: ExpectedError | null = null;
    if (p === undefined || m.closed) error = anchor('AccountOwnedByWrongProgram');
    else if (m.result === null) error = wager('InvalidMarket');
    else if (p.settled) error = wager('InvalidPrediction');
    if (!(await this.send([await this.h.settlePredictionIx(m.address, u.signer.address)], error))) return;
    const payout = this.owed(m, p!);
    p!.settled = true;
    this.move(m.pool, u.signer.address, payout);
    m.lamports -= payout;
    // (c) never twice.
    await this.send(
      [await this.h.settlePredictionIx(m.address, u.signer.address)],
      wager('InvalidPrediction'),
    );
  }

  private async close(o: Extract<Op, { kind: 'close' }>): Promise<void> {
    const m = this.market(o.market);
    if (m === undefined) return;
    let error: ExpectedError | null = null;
    if (m.closed) error = anchor('AccountOwnedByWrongProgram');
    else if (m.result === null || [...m.predictions.values()].some((p) => !p.settled)) {
      error = wager('InvalidMarket');
    }
    if (!(await this.send([await this.h.closeMarketIx(m.address)], error))) return;
    this.move(m.pool, this.h.treasury.address, m.lamports);
    this.move(m.address, this.h.authority.address, marketRent(this.h));
    m.lamports = 0n;
    m.closed = true;
  }

  /** The invariants of the module note, after every step. */
  async check(): Promise<void> {
    const h = this.h;
    // (a) the house.
    const house = h.fetchHouse();
    expect(house.outstanding).toBe(this.outstanding());
    expect(house.paused).toBe(this.paused);
    expect(h.balance(h.house) >= h.houseRent() + house.outstanding).toBe(true);
    for (const u of this.users) {
      if (u.bet.state === 'uninit') {
        expect(h.exists(await h.betAddress(u.signer.address))).toBe(false);
        continue;
      }
      const record = await h.fetchBet(u.signer.address);
      const state = {
        uninit: BetState.None,
        none: BetState.None,
        open: BetState.Open,
        win: BetState.Settled,
        loss: BetState.Settled,
        claimed: BetState.Claimed,
        refunded: BetState.Refunded,
      }[u.bet.state];
      expect(record.state).toBe(state);
    }
    // (b) the markets.
    for (const m of this.markets) {
      if (m.closed) {
        expect(h.exists(m.address) || h.exists(m.pool)).toBe(false);
        continue;
      }
      const pools = this.pools(m);
      const preds = [...m.predictions.values()];
      expect(h.fetchMarket(m.address)).toMatchObject({
        ...pools,
        yesCount: preds.filter((p) => p.side === 'yes').length,
        noCount: preds.filter((p) => p.side === 'no').length,
        settledCount: preds.filter((p) => p.settled).length,
        isSettled: m.result !== null,
        result: m.result,
      });
      const stillOwed = preds.reduce((s, p) => s + (p.settled ? 0n : this.owed(m, p)), 0n);
      expect(m.lamports >= walletRent(h) + stillOwed).toBe(true);
    }
    // (a), (b), (c) every tracked balance is exactly the model's; (d) and their sum moved only by the fees.
    for (const [a, lamports] of this.balances) expect(h.balance(a), `balance of ${a}`).toBe(lamports);
    for (const m of this.markets) expect(this.balances.get(m.pool)).toBe(m.lamports);
    expect(this.total() + this.fees).toBe(this.initialTotal);
  }
}

async function play(s: Scenario): Promise<void> {
  const h = await WagerHarness.create({ bankroll: s.bankroll });
  const funded = await h.user(1n);
  const wallets: Address[] = [funded.address];
  const users: UserModel[] = [];
  for (const kind of s.referrals) {
    const signer = await h.user(1_000n);
    let referral: Address | null = null;
    if (kind === 'funded') referral = funded.address;
    if (kind === 'empty') {
      referral = (await h.signer()).address;
      wallets.push(referral);
    }
    wallets.push(signer.address);
    users.push({
      signer,
      referral,
      bet: { state: 'uninit', odds: 0, prize: 0n, stake: 0n, fee: 0n, betType: 'sol', share: 0n },
    });
  }
  const game = new Game(h, users, wallets);
  await game.check();
  for (const o of s.ops) {
    await game.run(o);
    await game.check();
  }
}

describe('Wager under random play', () => {
  it('keeps the house and every pool solvent, pays each bet and prediction once and exactly, conserves lamports', async () => {
    await fc.assert(fc.asyncProperty(scenario, play), { numRuns: 20 });
  });
});
