/**
 * A Wager deployment in LiteSVM with its actors (authority, settler, treasury and a separate fee payer), a
 * controllable clock, a slot model with the SlotHashes sysvar, the settler's seed chains and a funded house
 * wallet, so tests and the benchmark drive bets and markets the way the server, the settler and players do
 * on a real cluster.
 *
 * Every helper sends with the harness's payer as fee payer unless told otherwise: the users, the settler
 * and the authority still sign, but their balances move only by what the program does, to the lamport.
 *
 * Slots: LiteSVM does not produce SlotHashes by itself, so the harness does what a validator does when a
 * slot ends: the ended slot's hash (fresh random bytes, which nobody can know before) goes to the front of
 * the SlotHashes sysvar (newest first, at most 512), and the Clock moves to the next slot. The current slot
 * is never listed. A bet's roll depends on the hash of the slot it landed in, so a test that wants a given
 * result ends the bet's slot with a hash that gives it (`createBet(…, { want })`), as only the slot's
 * producer could; the program computes the roll either way, and every reveal is checked against the SDK's
 * `rollFor` for the hash the harness put in SlotHashes (for a bet refunded before its reveal, the hash its
 * refund captured, which must be that same hash). Every refund sent through {@link WagerHarness.refundBet}
 * is checked to capture exactly the hash SlotHashes held for the bet's slot, or none once it had left.
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
  getBase58Decoder,
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
import { SEED_CHAIN_LENGTH } from '@arcade/sdk/constants';
import {
  betPlayerSeed,
  BetResult,
  BetState,
  decodeBet,
  decodeHouse,
  decodeMarket,
  decodePrediction,
  decodeReferral,
  encodeBet,
  encodeHouse,
  LEGACY_BET_ACCOUNT_SIZE,
  LEGACY_HOUSE_ACCOUNT_SIZE,
  type BetAccount,
  type BetAccountArgs,
  type HouseAccount,
  type HouseAccountArgs,
  type MarketAccount,
  type PredictionAccount,
  type ReferralAccount,
} from '@arcade/sdk/wager/accounts';
import { findProgramDataAddress } from '@arcade/sdk/anchor/program-data';
import { houseFreeBalance, lateWinAmount, maxPrize } from '@arcade/sdk/wager/bet-math';
import { decodeWagerError, type WagerErrorName } from '@arcade/sdk/wager/errors';
import { parseWagerEvents, type WagerEvent } from '@arcade/sdk/wager/events';
import { bytesToHex, parseRevealLog, rollFor, type RevealLog } from '@arcade/sdk/wager/fairness';
import {
  getAcceptAuthorityInstruction,
  getClaimBetInstruction,
  getClaimReferralInstruction,
  getCloseMarketInstruction,
  getCommitSeedChainInstruction,
  getCreateBetInstruction,
  getCreateBetOffchainInstruction,
  getCreateMarketInstruction,
  getCreatePredictionInstruction,
  getExpireMarketInstruction,
  getInitBetOffchainInstruction,
  getInitializeHouseInstruction,
  getInitReferralInstruction,
  getProposeAuthorityInstruction,
  getRefundBetInstruction,
  getResetSeedChainInstruction,
  getResolveMarketInstruction,
  getRevealBetInstruction,
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
  findReferralAddress,
} from '@arcade/sdk/wager/pda';
import { SLOT_HASHES_SYSVAR_ADDRESS, WAGER_PROGRAM_ADDRESS } from '@arcade/sdk/wager/program';
import { SeedBook, SeedChain, sha256 } from './seed-chain.ts';

export const PROGRAM_SO = join(import.meta.dirname, '..', 'dist', 'wager.so');
/** 2027-01-15T08:00:00Z: an arbitrary, fixed start so every run sees the same times. */
export const T0 = 1_800_000_000n;
export const SOL = 1_000_000_000n;
/** What the harness puts in the house wallet on top of its rent: the bankroll. */
export const HOUSE_BANKROLL = 1_000n * SOL;
/** The first slot of every harness (any slot would do; a fixed one keeps runs alike). */
export const FIRST_SLOT = 1_000n;
/** Slots of hashes the SlotHashes sysvar keeps, as on a validator. */
export const SLOT_HASHES_MAX = 512;

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
 * (null for Anchor's framework codes and the System Program's), or the runtime's builtin error. A success
 * carries the first reveal line Wager logged (`parseRevealLog`), if any.
 */
export type Outcome =
  | { ok: true; cu: bigint; logs: string[]; events: WagerEvent[]; reveal: RevealLog | null }
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
  /** Fixed keys, seeds and slot hashes for every actor, user, market and slot (for the benchmark). */
  deterministic?: boolean;
  /** Send initialize_house (default true). */
  initializeHouse?: boolean;
  /** Lamports airdropped to the house wallet after initialize_house (default {@link HOUSE_BANKROLL}). */
  bankroll?: bigint;
  /**
   * Seeds in the chain the settler commits after initialize_house (default {@link SEED_CHAIN_LENGTH}); 0
   * commits none.
   */
  seedChain?: number;
}

/** A bet's result as a test wants it: a win, a loss, or an exact roll 0–99. */
export type Want = 'win' | 'loss' | number;

export interface BetInput {
  odds: number;
  /** The prize (`listing_price`) in lamports. */
  prize: bigint;
  betType?: BetTypeInput;
  /** The prize's mint; the SDK defaults to the native mint for a SOL bet. */
  mint?: Address;
  /** create_bet's player seed (32 bytes); fresh random bytes unless given. */
  playerSeed?: Uint8Array;
}

/** How a test names the referral vault of a settlement: the bet's or market's own by default. */
export interface VaultChoice {
  /** The referrer whose vault is passed (its PDA); null passes none. Default: the record's referral. */
  referrer?: Address | null;
  /** An account passed as the vault as is (overrides `referrer`). */
  vault?: Address | null;
}

const base58 = getBase58Decoder();

function sameBytes(a: ArrayLike<number>, b: ArrayLike<number>): boolean {
  return a.length === b.length && Array.from(a).every((byte, i) => byte === b[i]);
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
  /** The seeds of every chain the settler committed, by bet sequence. */
  readonly seeds = new SeedBook();
  /** The SlotHashes sysvar's entries as the harness wrote them, newest first. */
  private slotHashes: { slot: bigint; hash: Uint8Array; text: string }[] = [];
  /** The hash of every slot that ended, kept after it leaves SlotHashes (what a refund captured is checked against it). */
  private readonly endedSlots = new Map<bigint, Uint8Array>();
  private labels = 0;
  private entropy = 0;

  private constructor(svm: LiteSVM, deterministic: boolean) {
    this.svm = svm;
    this.deterministic = deterministic;
  }

  /**
   * A deployed program, the house initialized and funded with {@link HOUSE_BANKROLL}, a seed chain committed,
   * the clock at T0 in slot {@link FIRST_SLOT} (no slot has ended yet).
   */
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
    const clock = svm.getClock();
    clock.slot = FIRST_SLOT;
    clock.unixTimestamp = T0;
    svm.setClock(clock);
    // A fresh chain: no slot has ended (LiteSVM starts with an entry of its own, for its current slot).
    h.writeSlotHashes();
    if (options.initializeHouse !== false) {
      h.expectOk(await h.initializeHouse());
      h.fundHouse(options.bankroll ?? HOUSE_BANKROLL);
      const length = options.seedChain ?? SEED_CHAIN_LENGTH;
      if (length > 0) h.expectOk((await h.commitSeedChain(length)).outcome);
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

  /** 32 unpredictable bytes; in a deterministic harness, the same sequence on every run. */
  randomBytes(): Uint8Array {
    if (!this.deterministic) return globalThis.crypto.getRandomValues(new Uint8Array(32));
    return sha256(new TextEncoder().encode(`wager harness entropy ${++this.entropy}`));
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

  // ---- clock, slots and balances ----

  now(): bigint {
    return this.svm.getClock().unixTimestamp;
  }

  /** The current (open) slot: the slot a transaction sent now lands in. */
  slot(): bigint {
    return this.svm.getClock().slot;
  }

  /**
   * Ends the current slot and opens the next, as a validator does: the ended slot's hash (`hash`, or fresh
   * random bytes) goes to the front of SlotHashes, which keeps the newest {@link SLOT_HASHES_MAX}. The
   * unix time does not move (see {@link setTime}). Returns the ended slot's hash.
   */
  advanceSlot(hash: Uint8Array = this.randomBytes()): Uint8Array {
    if (hash.length !== 32) throw new RangeError('a slot hash is 32 bytes');
    const clock = this.svm.getClock();
    this.slotHashes.unshift({ slot: clock.slot, hash: Uint8Array.from(hash), text: base58.decode(hash) });
    this.endedSlots.set(clock.slot, Uint8Array.from(hash));
    this.slotHashes.length = Math.min(this.slotHashes.length, SLOT_HASHES_MAX);
    this.writeSlotHashes();
    clock.slot += 1n;
    this.svm.setClock(clock);
    this.svm.expireBlockhash();
    return hash;
  }

  /** Ends `count` slots with random hashes. */
  advanceSlots(count: number): void {
    for (let i = 0; i < count; i++) this.advanceSlot();
  }

  /** Ends the current slot and moves the cluster clock to `unix`. */
  setTime(unix: bigint): void {
    this.advanceSlot();
    const clock = this.svm.getClock();
    clock.unixTimestamp = unix;
    this.svm.setClock(clock);
  }

  /** The hash the harness gave `slot` when it ended; undefined while it is open or once it left SlotHashes. */
  slotHash(slot: bigint): Uint8Array | undefined {
    return this.slotHashes.find((entry) => entry.slot === slot)?.hash;
  }

  /** The hash the harness gave `slot` when it ended, even after it left SlotHashes; undefined while open. */
  endedSlotHash(slot: bigint): Uint8Array | undefined {
    return this.endedSlots.get(slot);
  }

  /** Ends slots until `slot` has left SlotHashes (at least one). */
  expireSlot(slot: bigint): void {
    do this.advanceSlot();
    while (this.slotHash(slot) !== undefined || this.slot() <= slot);
  }

  /**
   * The SlotHashes sysvar account's entries as a program reads them: u64 count, then (u64 slot, 32-byte hash)
   * entries, newest first.
   */
  slotHashesAccount(): { slot: bigint; hash: Uint8Array }[] {
    const account = this.svm.getAccount(SLOT_HASHES_SYSVAR_ADDRESS);
    if (!account.exists) throw new Error('no SlotHashes account');
    const data = Uint8Array.from(account.data);
    const view = new DataView(data.buffer);
    const count = Number(view.getBigUint64(0, true));
    return Array.from({ length: count }, (_, i) => ({
      slot: view.getBigUint64(8 + 40 * i, true),
      hash: data.slice(16 + 40 * i, 48 + 40 * i),
    }));
  }

  private writeSlotHashes(): void {
    // litesvm types the entries as its SlotHash class; the binding takes plain { slot, hash (base58) }.
    const entries = this.slotHashes.map(({ slot, text }) => ({ slot, hash: text }));
    (this.svm as unknown as { setSlotHashes(e: { slot: bigint; hash: string }[]): void }).setSlotHashes(
      entries,
    );
  }

  balance(who: Address): bigint {
    return this.svm.getBalance(who) ?? 0n;
  }

  rent(space: number | bigint): bigint {
    return this.svm.minimumBalanceForRentExemption(BigInt(space));
  }

  /** The house wallet's rent-exempt minimum, at its current size (a House of the first version is shorter). */
  houseRent(): bigint {
    return this.rent(this.data(this.house).length);
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
    const logs = result.logs();
    return {
      ok: true,
      cu: result.computeUnitsConsumed(),
      logs,
      events: parseWagerEvents(logs),
      reveal: parseRevealLog(logs),
    };
  }

  /** The success; throws with the logs otherwise, or when a success logged Anchor's error line. */
  expectOk(outcome: Outcome): Success {
    if (!outcome.ok) throw new Error(`expected success, got ${outcome.error}\n${outcome.logs.join('\n')}`);
    // Anchor's error line belongs to the error path only.
    const line = outcome.logs.find((l) => l.includes('AnchorError occurred'));
    if (line !== undefined) throw new Error(`a successful transaction logged "${line}"`);
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

  /** The referral vault of `referrer`, PDA ["referral", referrer]. */
  async vaultAddress(referrer: Address): Promise<Address> {
    return (await findReferralAddress(referrer))[0];
  }

  fetchHouse(): HouseAccount {
    return decodeHouse(this.data(this.house));
  }

  async fetchBet(user: Address): Promise<BetAccount> {
    return decodeBet(this.data(await this.betAddress(user)));
  }

  /** `user`'s bet record, or null before init_bet_offchain (so hostile tests can build instructions for it). */
  async findBet(user: Address): Promise<BetAccount | null> {
    const account = this.svm.getAccount(await this.betAddress(user));
    return account.exists && account.programAddress === this.programId
      ? decodeBet(Uint8Array.from(account.data))
      : null;
  }

  fetchMarket(market: Address): MarketAccount {
    return decodeMarket(this.data(market));
  }

  async fetchPrediction(market: Address, user: Address): Promise<PredictionAccount> {
    return decodePrediction(this.data(await this.predictionAddress(market, user)));
  }

  /** `referrer`'s vault, or null when nobody created it. */
  async fetchReferral(referrer: Address): Promise<ReferralAccount | null> {
    const vault = await this.vaultAddress(referrer);
    const account = this.svm.getAccount(vault);
    if (!account.exists || account.programAddress !== this.programId) return null;
    return decodeReferral(Uint8Array.from(account.data));
  }

  /** An account's data (throws when it does not exist). */
  data(account: Address): Uint8Array {
    const a = this.svm.getAccount(account);
    if (!a.exists) throw new Error(`account ${account} does not exist`);
    return Uint8Array.from(a.data);
  }

  // ---- records of the program's first version ----

  /**
   * Rewrites the House as the program's first version stored it: the current encoding cut to
   * {@link LEGACY_HOUSE_ACCOUNT_SIZE} bytes (the fields appended since must be zero), lamports kept.
   */
  writeLegacyHouse(): void {
    const account = this.svm.getAccount(this.house);
    if (!account.exists) throw new Error('no House');
    const data = encodeHouse(this.fetchHouse()).slice(0, LEGACY_HOUSE_ACCOUNT_SIZE);
    this.svm.setAccount({ ...account, data, space: BigInt(data.length) });
  }

  /**
   * Rewrites House fields in place, keeping the record's size and lamports: how a test stands for state an
   * older program left behind (e.g. what its bets still owe).
   */
  writeHouse(changes: Partial<HouseAccountArgs>): void {
    const account = this.svm.getAccount(this.house);
    if (!account.exists) throw new Error('no House');
    const data = encodeHouse({ ...this.fetchHouse(), ...changes }).slice(0, account.data.length);
    this.svm.setAccount({ ...account, data });
  }

  /**
   * Writes `user`'s bet record as the program's first version stored it (the encoding of `bet` cut to
   * {@link LEGACY_BET_ACCOUNT_SIZE} bytes), holding exactly that size's rent.
   */
  async writeLegacyBet(
    user: Address,
    bet: Omit<BetAccountArgs, 'sequence' | 'slot' | 'slotHash'>,
  ): Promise<Address> {
    const address = await this.betAddress(user);
    const data = encodeBet({ ...bet, sequence: 0n, slot: 0n, slotHash: new Uint8Array(32) }).slice(
      0,
      LEGACY_BET_ACCOUNT_SIZE,
    );
    this.svm.setAccount({
      address,
      data,
      executable: false,
      lamports: lamports(this.rent(LEGACY_BET_ACCOUNT_SIZE)),
      programAddress: this.programId,
      space: BigInt(data.length),
    });
    return address;
  }

  // ---- instructions, as the SDK builds them (the hostile tests rewrite these) ----

  updateHouseIx(
    changes: { settler?: Address; treasury?: Address; paused?: boolean; offchainBets?: boolean } = {},
    authority: KeyPairSigner = this.authority,
  ): Instruction {
    const current = this.fetchHouse();
    return getUpdateHouseInstruction({
      authority,
      house: this.house,
      settler: changes.settler ?? current.settler,
      treasury: changes.treasury ?? current.treasury,
      paused: changes.paused ?? current.paused,
      offchainBets: changes.offchainBets ?? current.offchainBets,
    });
  }

  proposeAuthorityIx(newAuthority: Address, authority: KeyPairSigner = this.authority): Instruction {
    return getProposeAuthorityInstruction({ authority, house: this.house, newAuthority });
  }

  acceptAuthorityIx(newAuthority: KeyPairSigner): Instruction {
    return getAcceptAuthorityInstruction({ newAuthority, house: this.house });
  }

  commitSeedChainIx(chain: SeedChain, settler: KeyPairSigner = this.settler): Instruction {
    return getCommitSeedChainInstruction({
      settler,
      house: this.house,
      head: chain.head,
      length: BigInt(chain.length),
    });
  }

  resetSeedChainIx(chain: SeedChain, settler: KeyPairSigner = this.settler): Instruction {
    return getResetSeedChainInstruction({
      settler,
      house: this.house,
      head: chain.head,
      length: BigInt(chain.length),
    });
  }

  /** A new chain of `length` seeds from a fresh secret. */
  newSeedChain(length: number = SEED_CHAIN_LENGTH): SeedChain {
    return SeedChain.from(this.randomBytes(), length);
  }

  withdrawIx(amount: bigint, destination: Address, authority: KeyPairSigner = this.authority): Instruction {
    return getWithdrawInstruction({ authority, house: this.house, destination, amount });
  }

  async initBetIx(user: KeyPairSigner, referral: Address | null = null): Promise<Instruction> {
    return getInitBetOffchainInstruction({ user, bet: await this.betAddress(user.address), referral });
  }

  /** create_bet: the product's bet, with the player's seed (fresh random bytes unless given). */
  async createBetIx(user: KeyPairSigner, bet: BetInput): Promise<Instruction> {
    return getCreateBetInstruction({
      user,
      bet: await this.betAddress(user.address),
      house: this.house,
      odds: bet.odds,
      listingPrice: bet.prize,
      betType: bet.betType ?? 'sol',
      playerSeed: bet.playerSeed ?? this.randomBytes(),
      ...(bet.mint === undefined ? {} : { mint: bet.mint }),
    });
  }

  /** create_bet_offchain: the spec's off-chain bet, kept for compatibility (refused unless turned on). */
  async createBetOffchainIx(user: KeyPairSigner, bet: BetInput): Promise<Instruction> {
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

  /** The vault a settlement passes: by default that of the record's own referral (read only then). */
  private async vaultOf(
    recorded: () => Promise<Address | null>,
    choice: VaultChoice,
  ): Promise<Address | null> {
    if (choice.vault !== undefined) return choice.vault;
    const referrer = choice.referrer !== undefined ? choice.referrer : await recorded();
    return referrer === null ? null : this.vaultAddress(referrer);
  }

  /**
   * settle_bet_offchain for `user`'s bet. The vault defaults to that of the bet's referral as stored, as the
   * settler passes it.
   */
  async settleBetIx(
    user: Address,
    roll: number,
    options: VaultChoice & { settler?: KeyPairSigner } = {},
  ): Promise<Instruction> {
    const bet = await this.findBet(user);
    return getSettleBetOffchainInstruction({
      settler: options.settler ?? this.settler,
      house: this.house,
      bet: await this.betAddress(user),
      referralVault: await this.vaultOf(() => Promise.resolve(bet?.referral ?? null), options),
      randomValue: roll,
    });
  }

  /**
   * reveal_bet for `user`'s bet: the seed of its sequence from the settler's chains (or `seed`), the vault of
   * its referral as stored (see {@link VaultChoice}).
   */
  async revealIx(user: Address, options: VaultChoice & { seed?: Uint8Array } = {}): Promise<Instruction> {
    const bet = await this.findBet(user);
    return getRevealBetInstruction({
      house: this.house,
      bet: await this.betAddress(user),
      user,
      referralVault: await this.vaultOf(() => Promise.resolve(bet?.referral ?? null), options),
      seed: options.seed ?? this.seeds.seedFor(bet?.sequence ?? 0n),
    });
  }

  async claimBetIx(user: KeyPairSigner, sol = true): Promise<Instruction> {
    return getClaimBetInstruction({ user, bet: await this.betAddress(user.address), house: this.house, sol });
  }

  /** refund_bet sent by `caller` (the settler unless given; anyone may). */
  async refundBetIx(user: Address, caller: KeyPairSigner = this.settler): Promise<Instruction> {
    return getRefundBetInstruction({ caller, house: this.house, bet: await this.betAddress(user), user });
  }

  async initReferralIx(referrer: Address, payer: KeyPairSigner = this.payer): Promise<Instruction> {
    return getInitReferralInstruction({ payer, referral: await this.vaultAddress(referrer), referrer });
  }

  async claimReferralIx(referrer: KeyPairSigner, vault?: Address): Promise<Instruction> {
    return getClaimReferralInstruction({
      referrer,
      referral: vault ?? (await this.vaultAddress(referrer.address)),
    });
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

  /** resolve_market; the vault defaults to that of the market's referrer, as stored (see {@link VaultChoice}). */
  async resolveMarketIx(
    market: Address,
    result: MarketResultInput,
    options: VaultChoice & { treasury?: Address; authority?: KeyPairSigner } = {},
  ): Promise<Instruction> {
    return getResolveMarketInstruction({
      authority: options.authority ?? this.authority,
      house: this.house,
      market,
      marketAuthority: await this.poolAddress(market),
      treasury: options.treasury ?? this.treasury.address,
      referralVault: await this.vaultOf(() => Promise.resolve(this.fetchMarket(market).referrer), options),
      result,
    });
  }

  expireMarketIx(market: Address): Instruction {
    return getExpireMarketInstruction({ market });
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
    changes: { settler?: Address; treasury?: Address; paused?: boolean; offchainBets?: boolean },
    authority: KeyPairSigner = this.authority,
  ): Promise<Outcome> {
    return this.send([this.updateHouseIx(changes, authority)]);
  }

  async proposeAuthority(newAuthority: Address, authority?: KeyPairSigner): Promise<Outcome> {
    return this.send([this.proposeAuthorityIx(newAuthority, authority)]);
  }

  async acceptAuthority(newAuthority: KeyPairSigner): Promise<Outcome> {
    return this.send([this.acceptAuthorityIx(newAuthority)]);
  }

  /**
   * commit_seed_chain of a new chain of `length` seeds (or `chain`). On success the harness keeps its seeds
   * for the sequences it covers: from the current chain's end, where it takes over.
   */
  async commitSeedChain(
    length: number = SEED_CHAIN_LENGTH,
    options: { chain?: SeedChain; settler?: KeyPairSigner } = {},
  ): Promise<{ outcome: Outcome; chain: SeedChain }> {
    const chain = options.chain ?? this.newSeedChain(length);
    const start = this.fetchHouse().seedChainEnd;
    const outcome = await this.send([this.commitSeedChainIx(chain, options.settler)]);
    if (outcome.ok) this.seeds.add(chain, start);
    return { outcome, chain };
  }

  /** reset_seed_chain to a new chain; on success its seeds serve the sequences from the next bet's on. */
  async resetSeedChain(
    length: number = SEED_CHAIN_LENGTH,
    options: { chain?: SeedChain; settler?: KeyPairSigner } = {},
  ): Promise<{ outcome: Outcome; chain: SeedChain }> {
    const chain = options.chain ?? this.newSeedChain(length);
    const start = this.fetchHouse().betSequence;
    const outcome = await this.send([this.resetSeedChainIx(chain, options.settler)]);
    if (outcome.ok) this.seeds.add(chain, start);
    return { outcome, chain };
  }

  async withdraw(amount: bigint, destination: Address, authority?: KeyPairSigner): Promise<Outcome> {
    return this.send([this.withdrawIx(amount, destination, authority)]);
  }

  async initBet(user: KeyPairSigner, referral: Address | null = null): Promise<Outcome> {
    return this.send([await this.initBetIx(user, referral)]);
  }

  /**
   * create_bet in the current slot. With `want`, the slot then ends with a hash that gives the bet that
   * result (see the module note); without, the slot stays open.
   */
  async createBet(user: KeyPairSigner, bet: BetInput, options: { want?: Want } = {}): Promise<Outcome> {
    const outcome = await this.send([await this.createBetIx(user, bet)]);
    if (outcome.ok && options.want !== undefined) await this.endSlotFor(user.address, options.want);
    return outcome;
  }

  /** create_bet_offchain (only while the authority has off-chain bets on). */
  async createBetOffchain(user: KeyPairSigner, bet: BetInput): Promise<Outcome> {
    return this.send([await this.createBetOffchainIx(user, bet)]);
  }

  /**
   * The roll the program will compute for `user`'s open bet if its slot ends with `slotHash`: from the seed
   * of its sequence, its player seed and that hash.
   */
  async rollOf(user: Address, slotHash: Uint8Array): Promise<number> {
    const bet = await this.fetchBet(user);
    return rollFor({
      seed: this.seeds.seedFor(bet.sequence),
      sequence: bet.sequence,
      playerSeed: betPlayerSeed(bet),
      slotHash,
    });
  }

  /** Ends the current slot, where `user`'s bet landed, with a hash that gives it the result `want`. */
  async endSlotFor(user: Address, want: Want): Promise<Uint8Array> {
    const bet = await this.fetchBet(user);
    if (bet.slot !== this.slot())
      throw new Error(`the bet of ${user} landed in slot ${bet.slot}, now ${this.slot()}`);
    const seed = this.seeds.seedFor(bet.sequence);
    const playerSeed = betPlayerSeed(bet);
    for (;;) {
      const hash = this.randomBytes();
      const roll = await rollFor({ seed, sequence: bet.sequence, playerSeed, slotHash: hash });
      const won = roll < bet.odds;
      if (want === 'win' ? won : want === 'loss' ? !won : roll === want) return this.advanceSlot(hash);
    }
  }

  /**
   * reveal_bet for `user`'s bet, by the harness's payer (anyone may send it). When the bet's slot has not
   * ended, it ends first (with a random hash), as the settler reveals from the next slot on; `sameSlot`
   * sends it in the bet's own slot instead. A successful reveal is checked against the SDK and the records:
   * - settled: the logged slot and slot hash are the bet's and the harness's (from SlotHashes for an open
   *   bet; for a bet refunded earlier, the hash its refund captured, which is the one the harness gave that
   *   slot), the roll is `rollFor` of them, and the result is roll < odds (after a refund: a win Claimed, a
   *   loss still Refunded);
   * - `refunded=earlier`: the bet was refunded without a captured hash, and stays as it was;
   * - `refunded=expired`: the bet was open and its slot had left SlotHashes; it is now Refunded.
   */
  async reveal(
    user: Address,
    options: VaultChoice & { seed?: Uint8Array; sameSlot?: boolean; feePayer?: KeyPairSigner } = {},
  ): Promise<Outcome> {
    const before = await this.fetchBet(user);
    if (options.sameSlot !== true && before.slot >= this.slot() && !before.offChain) this.advanceSlot();
    const listed = this.slotHash(before.slot) !== undefined;
    const seed = options.seed ?? this.seeds.seedFor(before.sequence);
    const outcome = await this.send([await this.revealIx(user, { ...options, seed })], options.feePayer);
    if (outcome.ok) await this.checkReveal(user, before, seed, listed, outcome.reveal);
    return outcome;
  }

  private async checkReveal(
    user: Address,
    bet: BetAccount,
    seed: Uint8Array,
    listed: boolean,
    log: RevealLog | null,
  ): Promise<void> {
    const fail = (what: string): never => {
      throw new Error(`reveal of ${user}'s bet (sequence ${bet.sequence}): ${what}`);
    };
    if (log === null) return fail('no reveal line');
    if (log.sequence !== bet.sequence) fail(`logged sequence ${log.sequence}`);
    const after = await this.fetchBet(user);
    const captured = bet.slotHash.some((byte) => byte !== 0);
    if (log.kind === 'refunded') {
      if (log.reason === 'earlier') {
        if (bet.state !== BetState.Refunded || captured) fail('refunded=earlier for a bet it could roll');
        if (after.state !== bet.state || after.result !== bet.result)
          fail('refunded=earlier changed the bet');
      } else {
        if (bet.state !== BetState.Open || listed) fail('refunded=expired for a bet it could roll');
        if (after.state !== BetState.Refunded || after.result !== BetResult.Invalid) {
          fail(`refunded=expired left state ${after.state}, result ${after.result}`);
        }
      }
      return;
    }
    if (log.slot !== bet.slot) fail(`logged slot ${log.slot}, the bet landed in ${bet.slot}`);
    const afterRefund = bet.state === BetState.Refunded;
    if (log.afterRefund !== afterRefund)
      fail(`afterRefund ${log.afterRefund} for a bet in state ${bet.state}`);
    // An open bet is rolled with what SlotHashes holds; a refunded one with what its refund captured, which
    // must be the very hash the harness gave that slot.
    const slotHash = afterRefund ? this.endedSlotHash(bet.slot) : this.slotHash(bet.slot);
    if (afterRefund && (!captured || slotHash === undefined || !sameBytes(bet.slotHash, slotHash))) {
      fail(
        `captured slot hash ${bytesToHex(bet.slotHash)}, the slot's was ${slotHash ? bytesToHex(slotHash) : 'none'}`,
      );
    }
    if (slotHash === undefined || !sameBytes(log.slotHash, slotHash)) {
      fail(
        `logged slot hash ${bytesToHex(log.slotHash)}, the harness had ${slotHash ? bytesToHex(slotHash) : 'none'}`,
      );
    }
    const roll = await rollFor({
      seed,
      sequence: bet.sequence,
      playerSeed: betPlayerSeed(bet),
      slotHash: slotHash!,
    });
    if (log.roll !== roll) fail(`logged roll ${log.roll}, rollFor says ${roll}`);
    const expected = roll < bet.odds ? BetResult.Win : BetResult.Loss;
    if (after.result !== expected) fail(`result ${after.result} for roll ${roll} at odds ${bet.odds}`);
    // After a refund a win is paid at once (Claimed), or stays Settled for claim_bet when the wallet
    // could not take it (its balance plus the win under its rent); a loss stays Refunded. The balance read
    // here is after the reveal: paid, it already holds the win (so the sum is at least the rent); unpaid,
    // it is what the program saw.
    const owed = lateWinAmount({ prize: bet.listingPrice, stake: bet.betAmount });
    const payable = this.balance(user) + owed >= this.rent(0);
    const state = !afterRefund
      ? BetState.Settled
      : expected === BetResult.Win
        ? payable
          ? BetState.Claimed
          : BetState.Settled
        : BetState.Refunded;
    if (after.state !== state) fail(`state ${after.state}, expected ${state}`);
  }

  async settleBet(
    user: Address,
    roll: number,
    options: VaultChoice & { settler?: KeyPairSigner } = {},
  ): Promise<Outcome> {
    return this.send([await this.settleBetIx(user, roll, options)]);
  }

  async claimBet(user: KeyPairSigner, sol = true): Promise<Outcome> {
    return this.send([await this.claimBetIx(user, sol)]);
  }

  /**
   * refund_bet sent (and signed) by `caller`, the settler unless given; the harness's payer pays the fee. A
   * success is checked: a bet made with `create_bet` captured the hash SlotHashes held for its slot, or
   * none (zeros) when the slot had left it; an off-chain bet captures nothing.
   */
  async refundBet(user: Address, caller?: KeyPairSigner): Promise<Outcome> {
    const before = await this.findBet(user);
    const expected = before === null || before.offChain ? undefined : this.slotHash(before.slot);
    const outcome = await this.send([await this.refundBetIx(user, caller)]);
    if (outcome.ok) {
      const after = await this.fetchBet(user);
      const want = expected ?? new Uint8Array(32);
      if (!sameBytes(after.slotHash, want)) {
        throw new Error(
          `refund of ${user}'s bet captured ${bytesToHex(after.slotHash)}, SlotHashes had ${expected ? bytesToHex(expected) : 'none'}`,
        );
      }
    }
    return outcome;
  }

  /** Whether a refund captured `user`'s bet's slot hash (it is not all zeros). */
  async hashCaptured(user: Address): Promise<boolean> {
    return (await this.fetchBet(user)).slotHash.some((byte) => byte !== 0);
  }

  async initReferral(referrer: Address, payer?: KeyPairSigner): Promise<Outcome> {
    return this.send([await this.initReferralIx(referrer, payer)]);
  }

  async claimReferral(referrer: KeyPairSigner, vault?: Address): Promise<Outcome> {
    return this.send([await this.claimReferralIx(referrer, vault)]);
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
    options: VaultChoice & { treasury?: Address; authority?: KeyPairSigner } = {},
  ): Promise<Outcome> {
    return this.send([await this.resolveMarketIx(market, result, options)]);
  }

  /** expire_market, cranked by `feePayer` (the harness's payer unless given): nobody else signs. */
  async expireMarket(market: Address, feePayer?: KeyPairSigner): Promise<Outcome> {
    return this.send([this.expireMarketIx(market)], feePayer);
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
