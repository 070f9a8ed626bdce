/**
 * Wager as a state machine under random play, operators included, and operators that disappear.
 *
 * 2–6 users, each referred by a funded wallet, an empty one, a reserved key (a sysvar, the Feature program)
 * or nobody, run random sequences of: bet-record creation (sometimes twice, sometimes never); create_bet
 * (random odds, prizes near the minimum, near and over the cap, SOL, token and NFT prizes, sometimes the
 * wrong mint, sometimes revealed in its own slot); the settler's reveals (in order, or of any bet, sometimes
 * with a wrong seed), chain commits (short chains, so they roll over and run out) and resets; refunds by the
 * player, the settler or a stranger, before and after the deadline; claims; the spec's off-chain bets
 * (refused while off; the authority turns them on and off; the settler's rolls); referral vaults created by
 * anyone and claimed by their referrers; withdrawals and pauses; the two-step authority hand-over; and
 * markets: creation (with or without a referrer), time updates, predictions, additions, the clock moving past
 * cutoffs and grace periods, resolutions, expiries, settlements and closes. At any step the settler and/or
 * the authority may disappear: from then on they do nothing, and time moves on. At the end both are gone,
 * and the players alone take back what is theirs: every open bet refunded after its deadline, every win
 * claimed, every overdue market expired and every prediction settled, every vault claimed.
 *
 * A model predicts every outcome: which error, or exactly what moves where, with the SDK's maths and the
 * SDK's `rollFor` for every reveal. After every step:
 *   (a) the house holds exactly what the model says, at least rent + outstanding; `outstanding` is the sum of
 *       open bets' prizes and referral shares, unclaimed wins, and what refunds that captured their slot
 *       hash keep for the late reveal (`refund_reserve`, also checked); `open_bets` is the number of open
 *       bets made with create_bet; the seed-chain counters are the model's;
 *   (b) every market's pool holds exactly what the model says, at least rent + what it still owes;
 *   (c) no bet or prediction is paid twice: every balance is exactly the model's, and a second claim,
 *       refund, reveal or settlement is refused;
 *   (d) lamports are conserved: the sum over every account involved moves only by the fees, all paid by the
 *       separate fee payer.
 * At the end, every player is whole: nothing is owed to anyone (no open bet, no unclaimed win, no unsettled
 * prediction, no unresolved market), every balance is the model's, and outstanding is only the reserve for
 * late wins a returning settler would reveal.
 */
import fc from 'fast-check';
import { address, type Address, type Instruction, type KeyPairSigner } from '@solana/kit';
import { describe, expect, it } from 'vitest';
import {
  BET_REFUND_DELAY_SECS,
  MARKET_RESOLVE_GRACE_SECS,
  SEED_RESET_DELAY_SECS,
} from '@arcade/sdk/constants';
import { betPlayerSeed, BetResult, BetState, MarketResult } from '@arcade/sdk/wager/accounts';
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
import { rollFor } from '@arcade/sdk/wager/fairness';
import type { WagerErrorName } from '@arcade/sdk/wager/errors';
import { NATIVE_MINT_ADDRESS } from '@arcade/sdk/wager/program';
import { SOL, WagerHarness, type Outcome } from './harness.ts';
import {
  anchor,
  betRent,
  expectError,
  feeOf,
  lateReserve,
  lateWin,
  marketRent,
  predictionRent,
  vaultRent,
  walletRent,
  wager,
  type ExpectedError,
} from './support.ts';

const MIN = 10_000_000n;
const DELAY = BigInt(BET_REFUND_DELAY_SECS);
const GRACE = BigInt(MARKET_RESOLVE_GRACE_SECS);
const PRIZE_MINT = address('PrizeMint1111111111111111111111111111111111');
const RESERVED = [
  address('Feature111111111111111111111111111111111111'),
  address('SysvarC1ock11111111111111111111111111111111'),
] as const;

type ReferralKind = 'none' | 'funded' | 'empty' | 'reserved';
type BetTypeName = 'sol' | 'token' | 'nft';
type Side = 'yes' | 'no';
type Caller = 'player' | 'settler' | 'stranger';

type Prize =
  { kind: 'lamports'; lamports: bigint } | { kind: 'cap' } | { kind: 'overCap' } | { kind: 'zero' };

type Op =
  | { kind: 'init'; user: number }
  | {
      kind: 'bet';
      user: number;
      odds: number;
      prize: Prize;
      betType: BetTypeName;
      wrongMint: boolean;
      revealAtOnce: boolean;
    }
  | { kind: 'betOffchain'; user: number; odds: number; prize: bigint }
  | { kind: 'settleOffchain'; user: number; roll: number }
  | { kind: 'toggleOffchain'; on: boolean }
  | { kind: 'reveal'; user: number; wrongSeed: boolean }
  | { kind: 'revealNext' }
  | { kind: 'commit'; length: number }
  | { kind: 'reset'; length: number }
  | { kind: 'claim'; user: number; sol: boolean }
  | { kind: 'refund'; user: number; caller: Caller }
  | { kind: 'initReferral'; referrer: number }
  | { kind: 'claimReferral'; referrer: number }
  | { kind: 'withdraw'; percent: number; over: boolean }
  | { kind: 'pause'; paused: boolean }
  | { kind: 'propose'; candidate: number }
  | { kind: 'accept'; candidate: number }
  | { kind: 'disappear'; settler: boolean; authority: boolean }
  | { kind: 'market'; referrer: number; cutoffIn: bigint }
  | { kind: 'updateMarket'; market: number; cutoffIn: bigint; endAfter: bigint }
  | { kind: 'predict'; user: number; market: number; amount: bigint; side: Side | 'invalid' }
  | { kind: 'add'; user: number; market: number; amount: bigint }
  | { kind: 'wait'; seconds: bigint }
  | { kind: 'resolve'; market: number; result: Side | 'invalid' }
  | { kind: 'expire'; market: number }
  | { kind: 'settlePrediction'; user: number; market: number }
  | { kind: 'close'; market: number }
  /** Moves `user`'s bet one step along its life, whatever its state, as its player and the operators would. */
  | {
      kind: 'betFlow';
      user: number;
      odds: number;
      prize: bigint;
      betType: BetTypeName;
      sol: boolean;
      /** The settler is slow this time: the player waits out the deadline and refunds. */
      slow: boolean;
    }
  /** Moves market `market` one step along its life (see {@link Game.marketFlow}). */
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
  referrals: ReferralKind[];
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
const chainLength = weighted<number>([
  [8, fc.integer({ min: 1, max: 6 })],
  [1, fc.constant(0)],
]);

function op(users: number): fc.Arbitrary<Op> {
  const user = fc.integer({ min: 0, max: users - 1 });
  const market = fc.integer({ min: 0, max: 7 });
  const betType = fc.constantFrom<BetTypeName[]>('sol', 'token', 'nft');
  return weighted<Op>([
    [
      4,
      fc.record({
        kind: fc.constant('bet'),
        user,
        odds,
        prize,
        betType,
        wrongMint: rarely,
        revealAtOnce: rarely,
      }),
    ],
    [
      2,
      fc.record({
        kind: fc.constant('betOffchain'),
        user,
        odds: fc.integer({ min: 1, max: 95 }),
        prize: fc.bigInt({ min: 2n * MIN, max: 2n * SOL }),
      }),
    ],
    [2, fc.record({ kind: fc.constant('settleOffchain'), user, roll })],
    [1, fc.record({ kind: fc.constant('toggleOffchain'), on: fc.boolean() })],
    [3, fc.record({ kind: fc.constant('reveal'), user, wrongSeed: rarely })],
    [6, fc.record({ kind: fc.constant('revealNext') })],
    [3, fc.record({ kind: fc.constant('commit'), length: chainLength })],
    [1, fc.record({ kind: fc.constant('reset'), length: chainLength })],
    [
      2,
      fc.record({
        kind: fc.constant('claim'),
        user,
        sol: weighted([
          [4, fc.constant(true)],
          [1, fc.constant(false)],
        ]),
      }),
    ],
    [
      3,
      fc.record({
        kind: fc.constant('refund'),
        user,
        caller: fc.constantFrom<Caller[]>('player', 'settler', 'stranger'),
      }),
    ],
    [1, fc.record({ kind: fc.constant('initReferral'), referrer: fc.integer({ min: 0, max: 9 }) })],
    [1, fc.record({ kind: fc.constant('claimReferral'), referrer: fc.integer({ min: 0, max: 9 }) })],
    [
      1,
      fc.record({ kind: fc.constant('withdraw'), percent: fc.integer({ min: 0, max: 100 }), over: rarely }),
    ],
    [1, fc.record({ kind: fc.constant('pause'), paused: fc.boolean() })],
    [1, fc.record({ kind: fc.constant('propose'), candidate: fc.integer({ min: 0, max: 1 }) })],
    [1, fc.record({ kind: fc.constant('accept'), candidate: fc.integer({ min: 0, max: 1 }) })],
    [1, fc.record({ kind: fc.constant('disappear'), settler: fc.boolean(), authority: fc.boolean() })],
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
        referrer: fc.integer({ min: 0, max: 2 }),
        cutoffIn: fc.bigInt({ min: 1n, max: 300n }),
      }),
    ],
    [3, fc.record({ kind: fc.constant('predict'), user, market, amount: predictionAmount, side })],
    [2, fc.record({ kind: fc.constant('add'), user, market, amount: predictionAmount })],
    [
      3,
      fc.record({
        kind: fc.constant('wait'),
        seconds: weighted<bigint>([
          [8, fc.bigInt({ min: 1n, max: 200n })],
          [1, fc.constant(GRACE + 400n)],
        ]),
      }),
    ],
    [
      2,
      fc.record({
        kind: fc.constant('resolve'),
        market,
        result: fc.constantFrom<(Side | 'invalid')[]>('yes', 'no', 'invalid'),
      }),
    ],
    [1, fc.record({ kind: fc.constant('expire'), market })],
    [3, fc.record({ kind: fc.constant('settlePrediction'), user, market })],
    [1, fc.record({ kind: fc.constant('close'), market })],
    [
      14,
      fc.record({
        kind: fc.constant('betFlow'),
        user,
        odds: fc.integer({ min: 1, max: 95 }),
        prize: fc.bigInt({ min: MIN, max: 2n * SOL }),
        betType,
        sol: fc.boolean(),
        slow: weighted([
          [5, fc.constant(false)],
          [1, fc.constant(true)],
        ]),
      }),
    ],
    [
      14,
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
    referrals: fc.array(fc.constantFrom<ReferralKind[]>('none', 'funded', 'empty', 'reserved'), {
      minLength: users,
      maxLength: users,
    }),
    ops: fc.array(op(users), { minLength: 30, maxLength: 80 }),
  }),
);

// ---- the model ----

type BetModelState = 'uninit' | 'none' | 'open' | 'win' | 'loss' | 'claimed' | 'refunded';

interface BetModel {
  state: BetModelState;
  /** The record's `off_chain` flag: true from init_bet_offchain and create_bet_offchain, false from create_bet. */
  offChain: boolean;
  odds: number;
  prize: bigint;
  stake: bigint;
  fee: bigint;
  betType: BetTypeName;
  /** The referral's share reserved while open: 0 without a referral. */
  share: bigint;
  sequence: bigint;
  slot: bigint;
  timestamp: bigint;
  /** The slot hash a refund captured (a create_bet bet refunded while SlotHashes listed its slot), else null. */
  captured: Uint8Array | null;
  /** What the refund keeps reserved for the late reveal (late win + share), 0 once revealed or forfeited. */
  lateReserve: bigint;
  /** A late win the wallet could not take at its reveal: claim_bet pays this instead of the prize. */
  lateClaim: bigint | null;
}

interface UserModel {
  signer: KeyPairSigner;
  referral: Address | null;
  bet: BetModel;
}

/** A referrer whose vault the model tracks: the signer is null for keys nobody holds. */
interface ReferrerModel {
  address: Address;
  signer: KeyPairSigner | null;
  vault: Address;
  vaultExists: boolean;
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
  end: bigint;
  referrer: Address | null;
  predictions: Map<number, PredictionModel>;
  result: MarketResult | null;
  closed: boolean;
  /** Lamports the model says the pool holds. */
  lamports: bigint;
}

interface HouseModel {
  paused: boolean;
  offchainBets: boolean;
  seedChainEnd: bigint;
  nextLength: bigint;
  betSequence: bigint;
  revealSequence: bigint;
  openBets: bigint;
  refundReserve: bigint;
  reserveSince: bigint;
}

const SIDE = { yes: MarketResult.Yes, no: MarketResult.No } as const;
const RESULT = { yes: MarketResult.Yes, no: MarketResult.No, invalid: MarketResult.Invalid } as const;
const STATE = {
  uninit: BetState.None,
  none: BetState.None,
  open: BetState.Open,
  win: BetState.Settled,
  loss: BetState.Settled,
  claimed: BetState.Claimed,
  refunded: BetState.Refunded,
} as const;

function emptyBet(): BetModel {
  return {
    state: 'uninit',
    offChain: true,
    odds: 0,
    prize: 0n,
    stake: 0n,
    fee: 0n,
    betType: 'sol',
    share: 0n,
    sequence: 0n,
    slot: 0n,
    timestamp: 0n,
    captured: null,
    lateReserve: 0n,
    lateClaim: null,
  };
}

class Game {
  readonly h: WagerHarness;
  readonly users: UserModel[];
  readonly referrers: ReferrerModel[];
  readonly candidates: KeyPairSigner[];
  readonly stranger: KeyPairSigner;
  readonly markets: MarketModel[] = [];
  /** Every account whose lamports are tracked exactly, with the model's balance. */
  readonly balances = new Map<Address, bigint>();
  readonly house: HouseModel;
  authority: KeyPairSigner;
  pending: number | null = null;
  settlerGone = false;
  authorityGone = false;
  fees = 0n;
  private readonly initialTotal: bigint;

  constructor(
    h: WagerHarness,
    users: UserModel[],
    referrers: ReferrerModel[],
    candidates: KeyPairSigner[],
    stranger: KeyPairSigner,
    wallets: Address[],
  ) {
    this.h = h;
    this.users = users;
    this.referrers = referrers;
    this.candidates = candidates;
    this.stranger = stranger;
    this.authority = h.authority;
    const record = h.fetchHouse();
    this.house = {
      paused: false,
      offchainBets: false,
      seedChainEnd: record.seedChainEnd,
      nextLength: record.nextSeedChainLength,
      betSequence: 0n,
      revealSequence: 0n,
      openBets: 0n,
      refundReserve: 0n,
      reserveSince: 0n,
    };
    for (const a of [
      h.house,
      h.authority.address,
      h.settler.address,
      h.treasury.address,
      h.payer.address,
      stranger.address,
      ...candidates.map((c) => c.address),
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
    return amount === 0n || (this.balances.get(to) ?? 0n) !== 0n || amount >= walletRent(this.h);
  }

  private outstanding(): bigint {
    let sum = 0n;
    for (const u of this.users) {
      if (u.bet.state === 'open') sum += u.bet.prize + u.bet.share;
      if (u.bet.state === 'win') sum += u.bet.lateClaim ?? u.bet.prize;
      sum += u.bet.lateReserve;
    }
    return sum;
  }

  private freeBalance(): bigint {
    return houseFreeBalance(this.balances.get(this.h.house)!, this.h.houseRent(), this.outstanding());
  }

  private referrerOf(address: Address | null): ReferrerModel | null {
    return address === null ? null : (this.referrers.find((r) => r.address === address) ?? null);
  }

  private payFee(instructions: Instruction[]): void {
    const fee = feeOf(instructions, this.h.payer.address);
    this.fees += fee;
    this.balances.set(this.h.payer.address, this.balances.get(this.h.payer.address)! - fee);
  }

  /** Sends; on a predicted refusal checks it exactly; pays the fees either way. */
  private async send(instructions: Instruction[], expected: ExpectedError | null): Promise<Outcome> {
    const outcome: Outcome = await this.h.send(instructions);
    this.payFee(instructions);
    if (expected === null) return this.h.expectOk(outcome);
    expectError(this.h, outcome, expected);
    return outcome;
  }

  async run(o: Op): Promise<void> {
    // Each step lands in a slot of its own, so the slots of earlier bets have ended.
    this.h.advanceSlot();
    switch (o.kind) {
      case 'init':
        return this.init(o.user);
      case 'bet':
        return this.bet(o);
      case 'betOffchain':
        return this.betOffchain(o);
      case 'settleOffchain':
        return this.settleOffchain(o);
      case 'toggleOffchain':
        return this.updateHouse({ offchainBets: o.on });
      case 'reveal':
        return this.reveal(o.user, o.wrongSeed);
      case 'revealNext':
        return this.revealNext();
      case 'commit':
        return this.commit(o.length);
      case 'reset':
        return this.reset(o.length);
      case 'claim':
        return this.claim(o.user, o.sol);
      case 'refund':
        return this.refund(o.user, o.caller);
      case 'initReferral':
        return this.initReferral(o.referrer);
      case 'claimReferral':
        return this.claimReferral(o.referrer);
      case 'withdraw':
        return this.withdraw(o);
      case 'pause':
        return this.updateHouse({ paused: o.paused });
      case 'propose':
        return this.propose(o.candidate);
      case 'accept':
        return this.accept(o.candidate);
      case 'disappear':
        this.settlerGone ||= o.settler;
        this.authorityGone ||= o.authority;
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
      case 'expire':
        return this.expire(o.market);
      case 'settlePrediction':
        return this.settlePrediction(o.user, o.market);
      case 'close':
        return this.close(o.market);
      case 'betFlow':
        return this.betFlow(o);
      case 'marketFlow':
        return this.marketFlow(o);
    }
  }

  // ---- bets ----

  /**
   * init_bet_offchain: the user pays the record's rent; a second one is refused by the System Program (its
   * error 0, "already in use"), as Anchor's `init` is.
   */
  private async init(user: number): Promise<void> {
    const u = this.users[user]!;
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
    u.bet = { ...emptyBet(), state: 'none' };
  }

  /** The program's bet_available: free, and (for a create_bet bet) its seed revealed. */
  private available(b: BetModel): boolean {
    if (b.state !== 'none' && !b.offChain && b.sequence >= this.house.revealSequence) return false;
    return ['none', 'claimed', 'refunded', 'loss'].includes(b.state);
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
    const playerSeed = this.h.randomBytes();
    const ix = await this.h.createBetIx(u.signer, {
      odds: o.odds,
      prize,
      betType: o.betType,
      mint: nativeMint ? NATIVE_MINT_ADDRESS : PRIZE_MINT,
      playerSeed,
    });
    if (b.state === 'uninit') return this.refuseUninit([ix]);
    const stake = betStake(prize, o.odds);
    let error: WagerErrorName | null = null;
    if (this.house.paused || !this.available(b)) error = 'BetNotAvailable';
    else if (o.wrongMint) error = 'InvalidMarketplace';
    else if (o.odds < 1 || o.odds > 95) error = 'InvalidOdds';
    else if (prize === 0n) error = 'InvalidListingPrice';
    else if (stake < MIN) error = 'BetTooLow';
    else if (prize > cap) error = 'InvalidListingPrice';
    else if (this.house.betSequence >= this.house.seedChainEnd + this.house.nextLength) {
      error = 'NoSeedCommitted';
    }
    const outcome = await this.send([ix], error === null ? null : wager(error));
    if (!outcome.ok) return;
    const fee = betFee(stake);
    u.bet = {
      state: 'open',
      offChain: false,
      odds: o.odds,
      prize,
      stake,
      fee,
      betType: o.betType,
      share: u.referral === null ? 0n : referralShare(fee),
      sequence: this.house.betSequence,
      slot: this.h.slot(),
      timestamp: this.h.now(),
      captured: null,
      lateReserve: 0n,
      lateClaim: null,
    };
    this.house.betSequence += 1n;
    this.house.openBets += 1n;
    this.move(u.signer.address, this.h.house, betCost(prize, o.odds));
    const record = await this.h.fetchBet(u.signer.address);
    expect(record).toMatchObject({ sequence: u.bet.sequence, slot: u.bet.slot, offChain: false });
    expect(betPlayerSeed(record)).toEqual(playerSeed);
    if (o.revealAtOnce && !this.settlerGone) {
      // In its own slot its hash does not exist yet; a bet that is not next is out of order anyway.
      const next = u.bet.sequence === this.house.revealSequence;
      await this.send(
        [await this.h.revealIx(u.signer.address)],
        wager(next ? 'SlotHashUnavailable' : 'RevealOutOfOrder'),
      );
    }
  }

  private async betOffchain(o: Extract<Op, { kind: 'betOffchain' }>): Promise<void> {
    const u = this.users[o.user]!;
    const b = u.bet;
    const ix = await this.h.createBetOffchainIx(u.signer, { odds: o.odds, prize: o.prize });
    if (b.state === 'uninit') return this.refuseUninit([ix]);
    const stake = betStake(o.prize, o.odds);
    let error: WagerErrorName | null = null;
    if (this.house.paused || !this.available(b) || !this.house.offchainBets) error = 'BetNotAvailable';
    else if (stake < MIN) error = 'BetTooLow';
    else if (o.prize > maxPrize(this.freeBalance())) error = 'InvalidListingPrice';
    const outcome = await this.send([ix], error === null ? null : wager(error));
    if (!outcome.ok) return;
    const fee = betFee(stake);
    u.bet = {
      state: 'open',
      offChain: true,
      odds: o.odds,
      prize: o.prize,
      stake,
      fee,
      betType: 'sol',
      share: u.referral === null ? 0n : referralShare(fee),
      sequence: 0n,
      slot: 0n,
      timestamp: this.h.now(),
      captured: null,
      lateReserve: 0n,
      lateClaim: null,
    };
    this.move(u.signer.address, this.h.house, betCost(o.prize, o.odds));
  }

  /** Releases a settled bet's reserve and credits its referral's vault, if created. */
  private settleModel(u: UserModel, won: boolean): void {
    const b = u.bet;
    b.state = won ? 'win' : 'loss';
    const vault = this.referrerOf(u.referral);
    if (vault !== null && vault.vaultExists && b.share > 0n) this.move(this.h.house, vault.vault, b.share);
    b.share = 0n;
  }

  private async settleOffchain(o: Extract<Op, { kind: 'settleOffchain' }>): Promise<void> {
    if (this.settlerGone) return;
    const u = this.users[o.user]!;
    const b = u.bet;
    if (b.state === 'uninit') {
      return this.refuseUninit([await this.h.settleBetIx(u.signer.address, o.roll, { referrer: null })]);
    }
    let error: WagerErrorName | null = null;
    if (b.state !== 'open') error = 'BetNotOpen';
    else if (!b.offChain) error = 'BetOnChain';
    else if (o.roll > 99) error = 'InvalidOdds';
    const outcome = await this.send(
      [await this.h.settleBetIx(u.signer.address, o.roll)],
      error === null ? null : wager(error),
    );
    if (!outcome.ok) return;
    this.settleModel(u, o.roll < b.odds);
  }

  /** The bet that is next in chain order, if any record holds it. */
  private nextInChain(): number | null {
    const i = this.users.findIndex(
      (u) =>
        !u.bet.offChain &&
        u.bet.sequence === this.house.revealSequence &&
        (u.bet.state === 'open' || u.bet.state === 'refunded'),
    );
    return i < 0 ? null : i;
  }

  private async revealNext(): Promise<void> {
    const next = this.nextInChain();
    if (next !== null) await this.reveal(next, false);
  }

  /** reveal_bet by the settler (who holds the seeds), predicted as the program decides it. */
  private async reveal(user: number, wrongSeed: boolean): Promise<void> {
    if (this.settlerGone) return;
    const u = this.users[user]!;
    const b = u.bet;
    const seedless = { seed: new Uint8Array(32) };
    if (b.state === 'uninit') return this.refuseUninit([await this.h.revealIx(u.signer.address, seedless)]);
    const inOrder =
      !b.offChain &&
      b.sequence === this.house.revealSequence &&
      (b.state === 'open' || b.state === 'refunded');
    if (!inOrder) {
      await this.send([await this.h.revealIx(u.signer.address, seedless)], wager('RevealOutOfOrder'));
      return;
    }
    const seed = wrongSeed ? this.h.randomBytes() : this.h.seeds.seedFor(b.sequence);
    const ix = await this.h.revealIx(u.signer.address, { seed });
    if (wrongSeed) {
      await this.send([ix], wager('InvalidSeed'));
      return;
    }
    const afterRollover = (): void => {
      if (this.house.revealSequence === this.house.seedChainEnd) {
        this.house.seedChainEnd += this.house.nextLength;
        this.house.nextLength = 0n;
      }
      this.house.revealSequence += 1n;
    };
    if (b.state === 'refunded' && b.captured === null) {
      const outcome = await this.send([ix], null);
      expect(outcome.ok && outcome.reveal).toEqual({
        kind: 'refunded',
        sequence: b.sequence,
        reason: 'earlier',
      });
      afterRollover();
      return;
    }
    const listed = this.h.slotHash(b.slot);
    if (b.state === 'open' && listed === undefined) {
      // Withheld until SlotHashes dropped its slot: nobody can compute the roll, so it is refunded.
      const outcome = await this.send([ix], null);
      expect(outcome.ok && outcome.reveal).toEqual({
        kind: 'refunded',
        sequence: b.sequence,
        reason: 'expired',
      });
      afterRollover();
      this.refundModel(u);
      return;
    }
    const slotHash = b.state === 'refunded' ? b.captured! : listed!;
    const record = await this.h.fetchBet(u.signer.address);
    const roll = await rollFor({
      seed,
      sequence: b.sequence,
      playerSeed: betPlayerSeed(record),
      slotHash,
    });
    const outcome = await this.send([ix], null);
    expect(outcome.ok && outcome.reveal).toMatchObject({
      kind: 'settled',
      sequence: b.sequence,
      roll,
      slot: b.slot,
      slotHash,
      afterRefund: b.state === 'refunded',
    });
    afterRollover();
    if (b.state === 'refunded') {
      this.lateModel(u, roll < b.odds);
    } else {
      this.house.openBets -= 1n;
      this.settleModel(u, roll < b.odds);
    }
    // (c) never twice.
    await this.send([await this.h.revealIx(u.signer.address, { seed })], wager('RevealOutOfOrder'));
  }

  private async commit(length: number): Promise<void> {
    if (this.settlerGone) return;
    const chain = this.h.newSeedChain(Math.max(length, 1));
    const ix = this.h.commitSeedChainIx(chain);
    if (length === 0) {
      const data = Uint8Array.from(ix.data!);
      data.fill(0, 40, 48);
      await this.send([{ ...ix, data }], { builtin: 'InvalidArgument' });
      return;
    }
    const inUse = this.house.betSequence > this.house.seedChainEnd;
    const { outcome } = await this.h.commitSeedChain(length, { chain });
    this.payFee([ix]);
    if (inUse) {
      expectError(this.h, outcome, wager('SeedChainInUse'));
      return;
    }
    this.h.expectOk(outcome);
    this.house.nextLength = BigInt(length);
  }

  private async reset(length: number): Promise<void> {
    if (this.settlerGone) return;
    const chain = this.h.newSeedChain(Math.max(length, 1));
    const ix = this.h.resetSeedChainIx(chain);
    if (length === 0) {
      const data = Uint8Array.from(ix.data!);
      data.fill(0, 40, 48);
      await this.send([{ ...ix, data }], { builtin: 'InvalidArgument' });
      return;
    }
    const { outcome } = await this.h.resetSeedChain(length, { chain });
    this.payFee([ix]);
    const reserveHeld =
      this.house.refundReserve !== 0n &&
      this.h.now() < this.house.reserveSince + BigInt(SEED_RESET_DELAY_SECS);
    if (this.house.openBets !== 0n || reserveHeld) {
      expectError(this.h, outcome, wager('SeedChainInUse'));
      return;
    }
    this.h.expectOk(outcome);
    // A reserve held past SEED_RESET_DELAY_SECS is forfeited: its refunded bets are never revealed.
    for (const u of this.users) u.bet.lateReserve = 0n;
    this.house.refundReserve = 0n;
    this.house.reserveSince = 0n;
    this.house.seedChainEnd = this.house.betSequence + BigInt(length);
    this.house.revealSequence = this.house.betSequence;
    this.house.nextLength = 0n;
  }

  private async claim(user: number, sol: boolean): Promise<void> {
    const u = this.users[user]!;
    const b = u.bet;
    if (b.state === 'uninit') return this.refuseUninit([await this.h.claimBetIx(u.signer, sol)]);
    let error: WagerErrorName | null = null;
    if (b.state !== 'win') error = 'BetNotWon';
    else if (!sol && b.betType === 'sol' && b.lateClaim === null) error = 'InvalidMarketplace';
    // An empty wallet cannot take less than its rent: the win waits on the record (nothing sent).
    else if (!this.receivable(u.signer.address, b.lateClaim ?? b.prize)) return;
    const outcome = await this.send(
      [await this.h.claimBetIx(u.signer, sol)],
      error === null ? null : wager(error),
    );
    if (!outcome.ok) return;
    b.state = 'claimed';
    this.move(this.h.house, u.signer.address, b.lateClaim ?? b.prize);
    b.lateClaim = null;
    // (c) never twice.
    await this.send([await this.h.claimBetIx(u.signer, true)], wager('BetNotWon'));
  }

  /** An open bet refunded (by refund_bet, or by a reveal too late to roll it): stake and fee back. */
  private refundModel(u: UserModel, captured: Uint8Array | null = null): void {
    const b = u.bet;
    const share = b.share;
    b.state = 'refunded';
    b.share = 0n;
    if (!b.offChain) this.house.openBets -= 1n;
    this.move(this.h.house, u.signer.address, b.stake + b.fee);
    if (captured === null) return;
    // Its roll can still be computed: the rest of the prize and the share stay reserved for the reveal.
    b.captured = captured;
    b.lateReserve = lateReserve(b.prize, b.odds, u.referral !== null);
    expect(b.lateReserve).toBe(lateWin(b.prize, b.odds) + share);
    if (this.house.refundReserve === 0n) this.house.reserveSince = this.h.now();
    this.house.refundReserve += b.lateReserve;
  }

  /**
   * The late reveal of a refunded bet whose hash was captured: a win credits the referral its share and
   * pays the rest of the prize, at once or (to a wallet that cannot take it) by claim_bet; a loss stays
   * Refunded. The reserve is released either way.
   */
  private lateModel(u: UserModel, won: boolean): void {
    const b = u.bet;
    this.house.refundReserve -= b.lateReserve;
    if (this.house.refundReserve === 0n) this.house.reserveSince = 0n;
    b.lateReserve = 0n;
    if (!won) return;
    const owed = lateWin(b.prize, b.odds);
    const share = lateReserve(b.prize, b.odds, u.referral !== null) - owed;
    const vault = this.referrerOf(u.referral);
    if (vault !== null && vault.vaultExists && share > 0n) this.move(this.h.house, vault.vault, share);
    if (this.receivable(u.signer.address, owed)) {
      this.move(this.h.house, u.signer.address, owed);
      b.state = 'claimed';
    } else {
      b.state = 'win';
      b.lateClaim = owed;
    }
  }

  private async refund(user: number, caller: Caller): Promise<void> {
    if (caller === 'settler' && this.settlerGone) return;
    const u = this.users[user]!;
    const b = u.bet;
    const signer = { player: u.signer, settler: this.h.settler, stranger: this.stranger }[caller];
    const ix = await this.h.refundBetIx(u.signer.address, signer);
    if (b.state === 'uninit') return this.refuseUninit([ix]);
    let error: WagerErrorName | null = null;
    if (b.state !== 'open') error = 'BetNotOpen';
    else if (this.h.now() - b.timestamp < DELAY) error = 'RefundTooEarly';
    const outcome = await this.send([ix], error === null ? null : wager(error));
    if (!outcome.ok) return;
    this.refundModel(u, b.offChain ? null : (this.h.slotHash(b.slot) ?? null));
    // (c) never twice.
    await this.send([await this.h.refundBetIx(u.signer.address, u.signer)], wager('BetNotOpen'));
  }

  /** A user without a bet record: the record is not the program's (it does not exist). */
  private async refuseUninit(instructions: Instruction[]): Promise<void> {
    await this.send(instructions, anchor('AccountOwnedByWrongProgram'));
  }

  // ---- referrals ----

  private referrerAt(index: number): ReferrerModel {
    return this.referrers[index % this.referrers.length]!;
  }

  /** init_referral, paid by the harness's payer (anyone may); idempotent. */
  private async initReferral(index: number): Promise<void> {
    const r = this.referrerAt(index);
    await this.send([await this.h.initReferralIx(r.address)], null);
    if (r.vaultExists) return;
    r.vaultExists = true;
    this.track(r.vault);
    this.move(this.h.payer.address, r.vault, vaultRent(this.h));
  }

  private async claimReferral(index: number): Promise<void> {
    const r = this.referrerAt(index);
    if (r.signer === null) return;
    const ix = await this.h.claimReferralIx(r.signer);
    if (!r.vaultExists) {
      await this.send([ix], anchor('AccountOwnedByWrongProgram'));
      return;
    }
    const amount = this.balances.get(r.vault)! - vaultRent(this.h);
    // An empty wallet cannot take less than its rent: the share waits in the vault (nothing sent).
    if (!this.receivable(r.address, amount)) return;
    await this.send([ix], null);
    this.move(r.vault, r.address, amount);
  }

  // ---- the authority ----

  private async updateHouse(changes: { paused?: boolean; offchainBets?: boolean }): Promise<void> {
    if (this.authorityGone) return;
    await this.send([this.h.updateHouseIx(changes, this.authority)], null);
    if (changes.paused !== undefined) this.house.paused = changes.paused;
    if (changes.offchainBets !== undefined) this.house.offchainBets = changes.offchainBets;
  }

  private async withdraw(o: Extract<Op, { kind: 'withdraw' }>): Promise<void> {
    if (this.authorityGone) return;
    const free = this.freeBalance();
    const amount = o.over ? free + 1n : (free * BigInt(o.percent)) / 100n;
    const to = this.authority.address;
    const outcome = await this.send(
      [this.h.withdrawIx(amount, to, this.authority)],
      o.over ? { builtin: 'InsufficientFunds' } : null,
    );
    if (outcome.ok) this.move(this.h.house, to, amount);
  }

  private async propose(candidate: number): Promise<void> {
    if (this.authorityGone) return;
    await this.send([this.h.proposeAuthorityIx(this.candidates[candidate]!.address, this.authority)], null);
    this.pending = candidate;
  }

  private async accept(candidate: number): Promise<void> {
    if (this.authorityGone) return;
    const signer = this.candidates[candidate]!;
    const ok = this.pending === candidate;
    await this.send([this.h.acceptAuthorityIx(signer)], ok ? null : anchor('ConstraintHasOne'));
    if (!ok) return;
    this.authority = signer;
    this.pending = null;
  }

  // ---- markets ----

  private async createMarket(o: Extract<Op, { kind: 'market' }>): Promise<void> {
    if (this.authorityGone || this.markets.length >= 8) return;
    const signer = await this.h.signer();
    const referrer = [null, this.referrers[0]!.address, RESERVED[0]][o.referrer] ?? null;
    const cutoff = this.h.now() + o.cutoffIn;
    const ix = await this.h.createMarketIx(
      signer,
      { cutoff, end: cutoff + 60n },
      { referrer, authority: this.authority },
    );
    await this.send([ix], null);
    const pool = await this.h.poolAddress(signer.address);
    this.track(signer.address);
    this.track(pool);
    this.move(this.authority.address, signer.address, marketRent(this.h));
    this.move(this.authority.address, pool, walletRent(this.h));
    this.markets.push({
      address: signer.address,
      pool,
      cutoff,
      end: cutoff + 60n,
      referrer,
      predictions: new Map(),
      result: null,
      closed: false,
      lamports: walletRent(this.h),
    });
  }

  private async updateMarket(o: Extract<Op, { kind: 'updateMarket' }>): Promise<void> {
    const m = this.market(o.market);
    if (m === undefined || this.authorityGone) return;
    const now = this.h.now();
    const cutoff = now + o.cutoffIn;
    const end = cutoff + o.endAfter;
    let error: ExpectedError | null = null;
    if (m.closed) error = anchor('AccountOwnedByWrongProgram');
    else if (m.result !== null || now >= m.cutoff) error = wager('MarketClosed');
    else if (!(now < cutoff && cutoff <= end)) error = wager('InvalidMarket');
    const outcome = await this.send(
      [this.h.updateMarketIx(m.address, { cutoff, end }, this.authority)],
      error,
    );
    if (!outcome.ok) return;
    m.cutoff = cutoff;
    m.end = end;
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
    const outcome = await this.send([ix], error);
    if (!outcome.ok || o.side === 'invalid') return;
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
    const outcome = await this.send([await this.h.updatePredictionIx(u.signer, m.address, o.amount)], error);
    if (!outcome.ok) return;
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
    if (m === undefined || this.authorityGone) return;
    let error: ExpectedError | null = null;
    if (m.closed) error = anchor('AccountOwnedByWrongProgram');
    else if (m.result !== null) error = wager('MarketClosed');
    else if (this.h.now() < m.cutoff) error = wager('InvalidMarket');
    const ix = await this.h.resolveMarketIx(m.address, o.result, {
      referrer: m.referrer,
      authority: this.authority,
    });
    const outcome = await this.send([ix], error);
    if (!outcome.ok) return;
    const pools = this.pools(m);
    m.result = resolvedMarketResult(pools, RESULT[o.result]);
    const fee = marketFee({ ...pools, result: m.result });
    const share = m.referrer === null ? 0n : referralShare(fee);
    const treasury = this.h.treasury.address;
    if (this.receivable(treasury, fee - share)) {
      this.move(m.pool, treasury, fee - share);
      m.lamports -= fee - share;
    }
    const vault = this.referrerOf(m.referrer);
    if (vault !== null && vault.vaultExists && share > 0n) {
      this.move(m.pool, vault.vault, share);
      m.lamports -= share;
    }
  }

  /** expire_market, by anyone (the harness's payer). */
  private async expire(index: number): Promise<void> {
    const m = this.market(index);
    if (m === undefined) return;
    const now = this.h.now();
    let error: ExpectedError | null = null;
    if (m.closed) error = anchor('AccountOwnedByWrongProgram');
    else if (m.result !== null) error = wager('MarketClosed');
    else if (now <= m.end || now - m.end < GRACE) error = wager('MarketNotOverdue');
    const outcome = await this.send([this.h.expireMarketIx(m.address)], error);
    if (outcome.ok) m.result = MarketResult.Invalid;
  }

  private owed(m: MarketModel, p: PredictionModel): bigint {
    if (m.result === null) return p.amount;
    return predictionPayout({ ...this.pools(m), result: m.result }, p.amount, SIDE[p.side]);
  }

  private async settlePrediction(user: number, index: number): Promise<void> {
    const m = this.market(index);
    if (m === undefined) return;
    const u = this.users[user]!;
    const p = m.predictions.get(user);
    let error: ExpectedError | null = null;
    if (p === undefined || m.closed) error = anchor('AccountOwnedByWrongProgram');
    else if (m.result === null) error = wager('InvalidMarket');
    else if (p.settled) error = wager('InvalidPrediction');
    const outcome = await this.send([await this.h.settlePredictionIx(m.address, u.signer.address)], error);
    if (!outcome.ok) return;
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

  private async close(index: number): Promise<void> {
    const m = this.market(index);
    if (m === undefined || this.authorityGone) return;
    let error: ExpectedError | null = null;
    if (m.closed) error = anchor('AccountOwnedByWrongProgram');
    else if (m.result === null || [...m.predictions.values()].some((p) => !p.settled)) {
      error = wager('InvalidMarket');
    }
    const outcome = await this.send(
      [await this.h.closeMarketIx(m.address, { authority: this.authority })],
      error,
    );
    if (!outcome.ok) return;
    this.move(m.pool, this.h.treasury.address, m.lamports);
    this.move(m.address, this.authority.address, marketRent(this.h));
    m.lamports = 0n;
    m.closed = true;
  }

  // ---- the happy paths ----

  private async betFlow(o: Extract<Op, { kind: 'betFlow' }>): Promise<void> {
    const u = this.users[o.user]!;
    const b = u.bet;
    switch (b.state) {
      case 'uninit':
        return this.init(o.user);
      case 'open':
        // The settler reveals (in order); without it, the player waits for the deadline and refunds.
        if (!this.settlerGone && !o.slow && !b.offChain) return this.revealNext();
        if (!this.settlerGone && !o.slow) {
          return this.settleOffchain({ kind: 'settleOffchain', user: o.user, roll: o.odds });
        }
        if (this.h.now() - b.timestamp < DELAY) this.h.setTime(b.timestamp + DELAY);
        return this.refund(o.user, 'player');
      case 'win':
        return this.claim(o.user, o.betType === 'sol' || o.sol);
      default: {
        if (!this.available(b)) return this.revealNext();
        if (this.house.paused && !this.authorityGone) await this.updateHouse({ paused: false });
        if (this.house.betSequence >= this.house.seedChainEnd + this.house.nextLength) {
          await this.commit(6);
        }
        // Within the cap, and at least the minimum stake, so the bet is taken if nothing else stands in the way.
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
          revealAtOnce: false,
        });
      }
    }
  }

  private async marketFlow(o: Extract<Op, { kind: 'marketFlow' }>): Promise<void> {
    const m = this.market(o.market);
    if (m === undefined || m.closed) {
      return this.createMarket({ kind: 'market', referrer: o.market % 3, cutoffIn: o.cutoffIn });
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
    if (m.result === null) {
      if (!this.authorityGone) return this.resolve({ kind: 'resolve', market: o.market, result: o.result });
      // Without the authority, the market waits out its grace period and anyone expires it.
      if (this.h.now() < m.end + GRACE) this.h.setTime(m.end + GRACE);
      return this.expire(o.market);
    }
    const unsettled = [...m.predictions].find(([, p]) => !p.settled);
    if (unsettled !== undefined) return this.settlePrediction(unsettled[0], o.market);
    return this.close(o.market);
  }

  // ---- the end: the operators are gone, the players help themselves ----

  /** Every player takes back what is theirs, with no operator: refunds, claims, expiries, settlements. */
  async endgame(): Promise<void> {
    this.settlerGone = true;
    this.authorityGone = true;
    let until = this.h.now() + DELAY;
    for (const m of this.markets)
      if (m.result === null && !m.closed && m.end + GRACE > until) until = m.end + GRACE;
    this.h.setTime(until);
    for (const [i, u] of this.users.entries()) {
      if (u.bet.state === 'open') await this.refund(i, 'player');
      if (u.bet.state === 'win') await this.claim(i, true);
      await this.check();
    }
    for (const [index, m] of this.markets.entries()) {
      if (m.closed) continue;
      if (m.result === null) await this.expire(index);
      for (const [user, p] of m.predictions) if (!p.settled) await this.settlePrediction(user, index);
      await this.check();
    }
    for (const [index, r] of this.referrers.entries()) {
      if (r.vaultExists && r.signer !== null) await this.claimReferral(index);
    }
    await this.check();

    // Every player is whole: nothing is owed to anyone any more. What outstanding still holds is only the
    // reserve of refunded bets (their stakes and fees are back) whose late wins a returning settler's
    // reveals would pay; without it, a new authority forfeits it after SEED_RESET_DELAY_SECS.
    const house = this.h.fetchHouse();
    expect(house).toMatchObject({ outstanding: this.house.refundReserve, openBets: 0n });
    expect(this.house.refundReserve).toBe(this.users.reduce((sum, u) => sum + u.bet.lateReserve, 0n));
    expect(this.h.balance(this.h.house) >= this.h.houseRent()).toBe(true);
    for (const u of this.users)
      expect(['uninit', 'none', 'loss', 'claimed', 'refunded']).toContain(u.bet.state);
    for (const m of this.markets) {
      if (m.closed) continue;
      expect(m.result).not.toBeNull();
      for (const p of m.predictions.values()) expect(p.settled).toBe(true);
      // What is left in a pool is its rent, rounding dust and unpaid fee shares: no player's money.
      expect(m.lamports >= walletRent(this.h)).toBe(true);
    }
  }

  /** The invariants of the module note, after every step. */
  async check(): Promise<void> {
    const h = this.h;
    // (a) the house.
    const house = h.fetchHouse();
    expect(house).toMatchObject({
      outstanding: this.outstanding(),
      paused: this.house.paused,
      offchainBets: this.house.offchainBets,
      seedChainEnd: this.house.seedChainEnd,
      nextSeedChainLength: this.house.nextLength,
      betSequence: this.house.betSequence,
      revealSequence: this.house.revealSequence,
      refundReserve: this.house.refundReserve,
      reserveSince: this.house.reserveSince,
      openBets: BigInt(this.users.filter((u) => u.bet.state === 'open' && !u.bet.offChain).length),
      authority: this.authority.address,
    });
    expect(house.openBets).toBe(this.house.openBets);
    expect(h.balance(h.house) >= h.houseRent() + house.outstanding).toBe(true);
    for (const u of this.users) {
      if (u.bet.state === 'uninit') {
        expect(h.exists(await h.betAddress(u.signer.address))).toBe(false);
        continue;
      }
      const record = await h.fetchBet(u.signer.address);
      expect(record).toMatchObject({ state: STATE[u.bet.state], offChain: u.bet.offChain });
      if (u.bet.state === 'win' || u.bet.state === 'loss') {
        expect(record.result).toBe(u.bet.state === 'win' ? BetResult.Win : BetResult.Loss);
      }
      if (!u.bet.offChain && u.bet.state !== 'none') expect(record.sequence).toBe(u.bet.sequence);
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
        cutoffTime: m.cutoff,
        endTime: m.end,
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
  // Short chains, so bets run out of seeds and chains roll over.
  const h = await WagerHarness.create({ bankroll: s.bankroll, seedChain: 4 });
  const funded = await h.user(1n);
  const stranger = await h.user(1n);
  const candidates = [await h.user(100n), await h.user(100n)];
  const wallets: Address[] = [funded.address];
  const referrers: ReferrerModel[] = [
    {
      address: funded.address,
      signer: funded,
      vault: await h.vaultAddress(funded.address),
      vaultExists: false,
    },
  ];
  for (const key of RESERVED) {
    referrers.push({ address: key, signer: null, vault: await h.vaultAddress(key), vaultExists: false });
  }
  const users: UserModel[] = [];
  for (const [i, kind] of s.referrals.entries()) {
    const signer = await h.user(1_000n);
    let referral: Address | null = null;
    if (kind === 'funded') referral = funded.address;
    if (kind === 'reserved') referral = RESERVED[i % RESERVED.length]!;
    if (kind === 'empty') {
      const empty = await h.signer();
      referral = empty.address;
      wallets.push(empty.address);
      referrers.push({
        address: empty.address,
        signer: empty,
        vault: await h.vaultAddress(empty.address),
        vaultExists: false,
      });
    }
    wallets.push(signer.address);
    users.push({ signer, referral, bet: emptyBet() });
  }
  const game = new Game(h, users, referrers, candidates, stranger, wallets);
  await game.check();
  for (const o of s.ops) {
    await game.run(o);
    await game.check();
  }
  await game.endgame();
}

describe('Wager under random play, with operators that may disappear', () => {
  it('keeps the house and every pool solvent, pays each bet and prediction once and exactly, conserves lamports, and leaves every player whole', async () => {
    await fc.assert(fc.asyncProperty(scenario, play), { numRuns: 20 });
  });
});
