/**
 * A Wager deployment in LiteSVM with its actors (authority, settler, treasury and a separate fee payer), a
 * controllable clock and a funded house wallet, so tests and the benchmark drive bets and markets the way
 * the server, the settler and players do on a real cluster.
 *
 * Every helper sends with the harness's payer as fee payer unless told otherwise: the users, the settler
 * and the authority still sign, but their balances move only by what the program does, to the lamport.
 *
 * The send/outcome logic is Foresight's harness's, kept local: importing it from `programs/foresight/test`
 * would make one program's tests depend on the other's.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  appendTransactionMessageInstructions,
  createKeyPairSignerFromPrivateKeyBytes,
  createTransactionMessage,
  generateKeyPairSigner,
  lamports,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
  type Address,
  type Instruction,
  type KeyPairSigner,
} from '@solana/kit';
import { FailedTransactionMetadata, LiteSVM } from 'litesvm';
import { setUpgradeAuthority } from '@arcade/sbf/testing';
import { InstructionErrorCustom, TransactionErrorInstructionError } from 'litesvm/dist/internal.js';
import {
  decodeBet,
  decodeHouse,
  decodeMarket,
  decodePrediction,
  HOUSE_ACCOUNT_SIZE,
  type BetAccount,
  type HouseAccount,
  type MarketAccount,
  type PredictionAccount,
} from '@arcade/sdk/wager/accounts';
import { findProgramDataAddress } from '@arcade/sdk/anchor/program-data';
import { houseFreeBalance, maxPrize } from '@arcade/sdk/wager/bet-math';
import { decodeWagerError, type WagerErrorName } from '@arcade/sdk/wager/errors';
import { parseWagerEvents, type WagerEvent } from '@arcade/sdk/wager/events';
import {
  getClaimBetInstruction,
  getCloseMarketInstruction,
  getCreateBetOffchainInstruction,
  getCreateMarketInstruction,
  getCreatePredictionInstruction,
  getInitBetOffchainInstruction,
  getInitializeHouseInstruction,
  getRefundBetInstruction,
  getResolveMarketInstruction,
  getSettleBetOffchainInstruction,
  getSettlePredictionInstruction,
  getUpdateHouseInstruction,
  getUpdateMarketInstruction,
  getUpdatePredictionInstruction,
  getWithdrawInstruction,
  type BetTypeInput,
  type MarketResultInput,
} from '@arcade/sdk/wager/instructions';
import {
  findBetAddress,
  findHouseAddress,
  findMarketAuthorityAddress,
  findPredictionAddress,
} from '@arcade/sdk/wager/pda';
import { WAGER_PROGRAM_ADDRESS } from '@arcade/sdk/wager/program';

export const PROGRAM_SO = join(import.meta.dirname, '..', 'dist', 'wager.so');
/** 2027-01-15T08:00:00Z: an arbitrary, fixed start so every run sees the same times. */
export const T0 = 1_800_000_000n;
export const SOL = 1_000_000_000n;
/** What the harness puts in the house wallet on top of its rent: the bankroll. */
export const HOUSE_BANKROLL = 1_000n * SOL;

/**
 * The runtime's own instruction errors the tests meet, by litesvm's `InstructionErrorFieldless` number (a
 * const enum, so not importable as values).
 */
export const BUILTIN_ERRORS = Object.freeze({
  InvalidArgument: 1,
  InsufficientFunds: 5,
  UnbalancedInstruction: 10,
  ArithmeticOverflow: 45,
} as const);
export type BuiltinErrorName = keyof typeof BUILTIN_ERRORS;

function builtinName(code: number): BuiltinErrorName | null {
  const entry = Object.entries(BUILTIN_ERRORS).find(([, value]) => value === code);
  return entry === undefined ? null : (entry[0] as BuiltinErrorName);
}

/**
 * What a transaction did. A failure carries the custom code of the failing instruction with its Wager name
 * (null for Anchor's framework codes and the System Program's), or the runtime's builtin error.
 */
export type Outcome =
  | { ok: true; cu: bigint; logs: string[]; events: WagerEvent[] }
  | {
      ok: false;
      code: number | null;
      name: WagerErrorName | null;
      builtin: number | null;
      builtinName: BuiltinErrorName | null;
      logs: string[];
      error: string;
    };
export type Success = Extract<Outcome, { ok: true }>;
export type Failure = Extract<Outcome, { ok: false }>;

/** A deterministic signer, so compute units (which depend on PDA bumps) repeat from run to run. */
export async function fixedSigner(label: string): Promise<KeyPairSigner> {
  const seed = new Uint8Array(32);
  seed.set(new TextEncoder().encode(label).subarray(0, 32));
  return createKeyPairSignerFromPrivateKeyBytes(seed);
}

export interface HarnessOptions {
  /** Fixed keys for every actor, user and market the harness makes (for the benchmark). */
  deterministic?: boolean;
  /** Send initialize_house (default true). */
  initializeHouse?: boolean;
  /** Lamports airdropped to the house wallet after initialize_house (default {@link HOUSE_BANKROLL}). */
  bankroll?: bigint;
}

export interface BetInput {
  odds: number;
  /** The prize (`listing_price`) in lamports. */
  prize: bigint;
  betType?: BetTypeInput;
  /** The prize's mint; the SDK defaults to the native mint for a SOL bet. */
  mint?: Address;
}

export class WagerHarness {
  readonly svm: LiteSVM;
  readonly programId: Address = WAGER_PROGRAM_ADDRESS;
  readonly deterministic: boolean;
  house!: Address;
  programData!: Address;
  authority!: KeyPairSigner;
  settler!: KeyPairSigner;
  treasury!: KeyPairSigner;
  payer!: KeyPairSigner;
  private labels = 0;

  private constructor(svm: LiteSVM, deterministic: boolean) {
    this.svm = svm;
    this.deterministic = deterministic;
  }

  /** A deployed program, the house initialized and funded with {@link HOUSE_BANKROLL}, the clock at T0. */
  static async create(options: HarnessOptions = {}): Promise<WagerHarness> {
    const svm = new LiteSVM();
    svm.addProgram(WAGER_PROGRAM_ADDRESS, readFileSync(PROGRAM_SO));
    const h = new WagerHarness(svm, options.deterministic ?? false);
    h.authority = await h.signer('authority');
    h.settler = await h.signer('settler');
    h.treasury = await h.signer('treasury');
    h.payer = await h.signer('payer');
    for (const s of [h.authority, h.settler, h.payer]) svm.airdrop(s.address, lamports(1_000n * SOL));
    [h.house] = await findHouseAddress();
    [h.programData] = await findProgramDataAddress(WAGER_PROGRAM_ADDRESS);
    h.setUpgradeAuthority(h.authority.address);
    h.setTime(T0);
    if (options.initializeHouse !== false) {
      h.expectOk(await h.initializeHouse());
      h.fundHouse(options.bankroll ?? HOUSE_BANKROLL);
    }
    return h;
  }

  /** A fixed signer for `label` in a deterministic harness, else a fresh one. */
  async signer(label?: string): Promise<KeyPairSigner> {
    if (!this.deterministic) return generateKeyPairSigner();
    return fixedSigner(label ?? `signer ${++this.labels}`);
  }

  /** A funded wallet (100 SOL unless told otherwise; 0 leaves it empty). */
  async user(sol = 100n, label?: string): Promise<KeyPairSigner> {
    const s = await this.signer(label);
    if (sol > 0n) this.svm.airdrop(s.address, lamports(sol * SOL));
    return s;
  }

  /**
   * Sets the program's upgrade authority. addProgram deploys with none; on a cluster the deployer holds it,
   * and only it may initialize the house.
   */
  setUpgradeAuthority(authority: Address | null): void {
    setUpgradeAuthority(this.svm, this.programData, authority);
  }

  /** Adds lamports to the house wallet, as a deposit to the bankroll would. */
  fundHouse(amount: bigint): void {
    if (amount > 0n) this.svm.airdrop(this.house, lamports(amount));
  }

  initializeHouseIx(
    overrides: Partial<Parameters<typeof getInitializeHouseInstruction>[0]> = {},
  ): Instruction {
    return getInitializeHouseInstruction({
      authority: this.authority,
      house: this.house,
      settler: this.settler.address,
      treasury: this.treasury.address,
      programData: this.programData,
      ...overrides,
    });
  }

  // ---- clock and balances ----

  now(): bigint {
    return this.svm.getClock().unixTimestamp;
  }

  /** Moves the cluster clock (and the slot, so repeated transactions stay distinct). */
  setTime(unix: bigint): void {
    const clock = this.svm.getClock();
    clock.unixTimestamp = unix;
    clock.slot += 1n;
    this.svm.setClock(clock);
    this.svm.expireBlockhash();
  }

  balance(who: Address): bigint {
    return this.svm.getBalance(who) ?? 0n;
  }

  rent(space: number | bigint): bigint {
    return this.svm.minimumBalanceForRentExemption(BigInt(space));
  }

  /** The house wallet's rent-exempt minimum. */
  houseRent(): bigint {
    return this.rent(HOUSE_ACCOUNT_SIZE);
  }

  /** lamports − rent − outstanding, as the program computes it (via the SDK). */
  freeBalance(): bigint {
    return houseFreeBalance(this.balance(this.house), this.houseRent(), this.fetchHouse().outstanding);
  }

  /** The largest prize the house takes now. */
  maxPrize(): bigint {
    return maxPrize(this.freeBalance());
  }

  exists(account: Address): boolean {
    const a = this.svm.getAccount(account);
    return a.exists && a.lamports > 0n;
  }

  // ---- sending ----

  /** Sends one transaction paid by `feePayer`; the outcome carries compute units, logs and decoded events. */
  async send(instructions: Instruction[], feePayer: KeyPairSigner = this.payer): Promise<Outcome> {
    this.svm.expireBlockhash();
    const message = pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayerSigner(feePayer, m),
      (m) =>
        setTransactionMessageLifetimeUsingBlockhash(
          { blockhash: this.svm.latestBlockhash(), lastValidBlockHeight: 0n },
          m,
        ),
      (m) => appendTransactionMessageInstructions(instructions, m),
    );
    const result = this.svm.sendTransaction(await signTransactionMessageWithSigners(message));
    if (result instanceof FailedTransactionMetadata) {
      const err = result.err();
      let code: number | null = null;
      let builtin: number | null = null;
      if (err instanceof TransactionErrorInstructionError) {
        const inner = err.err();
        if (inner instanceof InstructionErrorCustom) code = inner.code;
        else if (typeof inner === 'number') builtin = inner;
      }
      return {
        ok: false,
        code,
        name: code === null ? null : (decodeWagerError(code)?.name ?? null),
        builtin,
        builtinName: builtin === null ? null : builtinName(builtin),
        logs: result.meta().logs(),
        error: result.toString(),
      };
    }
    return {
      ok: true,
      cu: result.computeUnitsConsumed(),
      logs: result.logs(),
      events: parseWagerEvents(result.logs()),
    };
  }

  expectOk(outcome: Outcome): Success {
    if (!outcome.ok) throw new Error(`expected success, got ${outcome.error}\n${outcome.logs.join('\n')}`);
    return outcome;
  }

  // ---- addresses and records ----

  async betAddress(user: Address): Promise<Address> {
    return (await findBetAddress(user))[0];
  }

  async poolAddress(market: Address): Promise<Address> {
    return (await findMarketAuthorityAddress(market))[0];
  }

  async predictionAddress(market: Address, user: Address): Promise<Address> {
    return (await findPredictionAddress(market, user))[0];
  }

  fetchHouse(): HouseAccount {
    return decodeHouse(this.data(this.house));
  }

  async fetchBet(user: Address): Promise<BetAccount> {
    return decodeBet(this.data(await this.betAddress(user)));
  }

  fetchMarket(market: Address): MarketAccount {
    return decodeMarket(this.data(market));
  }

  async fetchPrediction(market: Address, user: Address): Promise<PredictionAccount> {
    return decodePrediction(this.data(await this.predictionAddress(market, user)));
  }

  private data(account: Address): Uint8Array {
    const a = this.svm.getAccount(account);
    if (!a.exists) throw new Error(`account ${account} does not exist`);
    return Uint8Array.from(a.data);
  }

  // ---- instructions, as the SDK builds them (the hostile tests rewrite these) ----

  updateHouseIx(
    changes: { settler?: Address; treasury?: Address; paused?: boolean } = {},
    authority: KeyPairSigner = this.authority,
  ): Instruction {
    const current = this.fetchHouse();
    return getUpdateHouseInstruction({
      authority,
      house: this.house,
      settler: changes.settler ?? current.settler,
      treasury: changes.treasury ?? current.treasury,
      paused: changes.paused ?? current.paused,
    });
  }

  withdrawIx(amount: bigint, destination: Address, authority: KeyPairSigner = this.authority): Instruction {
    return getWithdrawInstruction({ authority, house: this.house, destination, amount });
  }

  async initBetIx(user: KeyPairSigner, referral: Address | null = null): Promise<Instruction> {
    return getInitBetOffchainInstruction({ user, bet: await this.betAddress(user.address), referral });
  }

  async createBetIx(user: KeyPairSigner, bet: BetInput): Promise<Instruction> {
    return getCreateBetOffchainInstruction({
      user,
      bet: await this.betAddress(user.address),
      house: this.house,
      odds: bet.odds,
      listingPrice: bet.prize,
      betType: bet.betType ?? 'sol',
      ...(bet.mint === undefined ? {} : { mint: bet.mint }),
    });
  }

  /**
   * settle_bet_offchain for `user`'s bet. The referrer defaults to the bet's referral as stored, as the
   * settler passes it; give `null` to omit it, or an address to pass another.
   */
  async settleBetIx(
    user: Address,
    roll: number,
    options: { referrer?: Address | null; settler?: KeyPairSigner } = {},
  ): Promise<Instruction> {
    const referrer = options.referrer !== undefined ? options.referrer : (await this.fetchBet(user)).referral;
    return getSettleBetOffchainInstruction({
      settler: options.settler ?? this.settler,
      house: this.house,
      bet: await this.betAddress(user),
      referrer,
      randomValue: roll,
    });
  }

  async claimBetIx(user: KeyPairSigner, sol = true): Promise<Instruction> {
    return getClaimBetInstruction({ user, bet: await this.betAddress(user.address), house: this.house, sol });
  }

  async refundBetIx(user: Address, settler: KeyPairSigner = this.settler): Promise<Instruction> {
    return getRefundBetInstruction({ settler, house: this.house, bet: await this.betAddress(user), user });
  }

  async createMarketIx(
    market: KeyPairSigner,
    times: { end: bigint; cutoff: bigint },
    options: { referrer?: Address | null; authority?: KeyPairSigner } = {},
  ): Promise<Instruction> {
    return getCreateMarketInstruction({
      authority: options.authority ?? this.authority,
      house: this.house,
      market,
      marketAuthority: await this.poolAddress(market.address),
      endTime: times.end,
      cutoffTime: times.cutoff,
      referrer: options.referrer ?? null,
    });
  }

  updateMarketIx(
    market: Address,
    times: { end: bigint; cutoff: bigint },
    authority: KeyPairSigner = this.authority,
  ): Instruction {
    return getUpdateMarketInstruction({
      authority,
      house: this.house,
      market,
      endTime: times.end,
      cutoffTime: times.cutoff,
    });
  }

  /** resolve_market; the referrer defaults to the market's, as stored (null omits it). */
  async resolveMarketIx(
    market: Address,
    result: MarketResultInput,
    options: { referrer?: Address | null; treasury?: Address; authority?: KeyPairSigner } = {},
  ): Promise<Instruction> {
    const referrer = options.referrer !== undefined ? options.referrer : this.fetchMarket(market).referrer;
    return getResolveMarketInstruction({
      authority: options.authority ?? this.authority,
      house: this.house,
      market,
      marketAuthority: await this.poolAddress(market),
      treasury: options.treasury ?? this.treasury.address,
      referrer,
      result,
    });
  }

  async closeMarketIx(
    market: Address,
    options: { treasury?: Address; authority?: KeyPairSigner } = {},
  ): Promise<Instruction> {
    return getCloseMarketInstruction({
      authority: options.authority ?? this.authority,
      house: this.house,
      market,
      marketAuthority: await this.poolAddress(market),
      treasury: options.treasury ?? this.treasury.address,
    });
  }

  async predictIx(
    user: KeyPairSigner,
    market: Address,
    amount: bigint,
    side: MarketResultInput,
  ): Promise<Instruction> {
    return getCreatePredictionInstruction({
      user,
      market,
      marketAuthority: await this.poolAddress(market),
      prediction: await this.predictionAddress(market, user.address),
      amount,
      result: side,
    });
  }

  async updatePredictionIx(user: KeyPairSigner, market: Address, amount: bigint): Promise<Instruction> {
    return getUpdatePredictionInstruction({
      user,
      market,
      marketAuthority: await this.poolAddress(market),
      prediction: await this.predictionAddress(market, user.address),
      amount,
    });
  }

  async settlePredictionIx(market: Address, user: Address): Promise<Instruction> {
    return getSettlePredictionInstruction({
      prediction: await this.predictionAddress(market, user),
      market,
      marketAuthority: await this.poolAddress(market),
      user,
    });
  }

  // ---- instructions sent, each paid by the harness's payer ----

  async initializeHouse(
    overrides: Partial<Parameters<typeof getInitializeHouseInstruction>[0]> = {},
  ): Promise<Outcome> {
    return this.send([this.initializeHouseIx(overrides)]);
  }

  async updateHouse(
    changes: { settler?: Address; treasury?: Address; paused?: boolean },
    authority: KeyPairSigner = this.authority,
  ): Promise<Outcome> {
    return this.send([this.updateHouseIx(changes, authority)]);
  }

  async withdraw(amount: bigint, destination: Address, authority?: KeyPairSigner): Promise<Outcome> {
    return this.send([this.withdrawIx(amount, destination, authority)]);
  }

  async initBet(user: KeyPairSigner, referral: Address | null = null): Promise<Outcome> {
    return this.send([await this.initBetIx(user, referral)]);
  }

  async createBet(user: KeyPairSigner, bet: BetInput): Promise<Outcome> {
    return this.send([await this.createBetIx(user, bet)]);
  }

  async settleBet(
    user: Address,
    roll: number,
    options: { referrer?: Address | null; settler?: KeyPairSigner } = {},
  ): Promise<Outcome> {
    return this.send([await this.settleBetIx(user, roll, options)]);
  }

  async claimBet(user: KeyPairSigner, sol = true): Promise<Outcome> {
    return this.send([await this.claimBetIx(user, sol)]);
  }

  async refundBet(user: Address, settler?: KeyPairSigner): Promise<Outcome> {
    return this.send([await this.refundBetIx(user, settler)]);
  }

  /**
   * create_market with a fresh market keypair (fixed in a deterministic harness); by default predictions
   * close an hour from now and the market ends an hour later.
   */
  async createMarket(
    options: {
      end?: bigint;
      cutoff?: bigint;
      referrer?: Address | null;
      authority?: KeyPairSigner;
      market?: KeyPairSigner;
    } = {},
  ): Promise<{ market: Address; outcome: Outcome }> {
    const market = options.market ?? (await this.signer());
    const cutoff = options.cutoff ?? this.now() + 3_600n;
    const end = options.end ?? cutoff + 3_600n;
    const ix = await this.createMarketIx(
      market,
      { end, cutoff },
      {
        referrer: options.referrer ?? null,
        ...(options.authority === undefined ? {} : { authority: options.authority }),
      },
    );
    return { market: market.address, outcome: await this.send([ix]) };
  }

  async updateMarket(
    market: Address,
    times: { end: bigint; cutoff: bigint },
    authority?: KeyPairSigner,
  ): Promise<Outcome> {
    return this.send([this.updateMarketIx(market, times, authority)]);
  }

  async resolveMarket(
    market: Address,
    result: MarketResultInput,
    options: { referrer?: Address | null; treasury?: Address; authority?: KeyPairSigner } = {},
  ): Promise<Outcome> {
    return this.send([await this.resolveMarketIx(market, result, options)]);
  }

  async closeMarket(
    market: Address,
    options: { treasury?: Address; authority?: KeyPairSigner } = {},
  ): Promise<Outcome> {
    return this.send([await this.closeMarketIx(market, options)]);
  }

  async predict(
    user: KeyPairSigner,
    market: Address,
    amount: bigint,
    side: MarketResultInput,
  ): Promise<Outcome> {
    return this.send([await this.predictIx(user, market, amount, side)]);
  }

  async updatePrediction(user: KeyPairSigner, market: Address, amount: bigint): Promise<Outcome> {
    return this.send([await this.updatePredictionIx(user, market, amount)]);
  }

  /** settle_prediction, cranked by `feePayer` (the harness's payer unless given): nobody else signs. */
  async settlePrediction(market: Address, user: Address, feePayer?: KeyPairSigner): Promise<Outcome> {
    return this.send([await this.settlePredictionIx(market, user)], feePayer);
  }

  /** Moves the clock to the market's cutoff (plus `delta` seconds). */
  toCutoff(market: Address, delta = 0n): void {
    this.setTime(this.fetchMarket(market).cutoffTime + delta);
  }
}
