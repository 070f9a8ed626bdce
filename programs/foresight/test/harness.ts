/**
 * A Foresight deployment in LiteSVM with its actors, a controllable clock and a Pyth price account, so
 * tests and the benchmark drive rounds the way the crank and players do on a real cluster.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  address,
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
import { FailedTransactionMetadata, FeatureSet, LiteSVM } from 'litesvm';
import { setUpgradeAuthority } from '@arcade/sbf/testing';
import { InstructionErrorCustom, TransactionErrorInstructionError } from 'litesvm/dist/internal.js';
import {
  decodeBet,
  decodeConfig,
  decodeEvent,
  type BetAccount,
  type ConfigAccount,
  type EventAccount,
} from '@arcade/sdk/foresight/accounts';
import { decodeForesightError } from '@arcade/sdk/foresight/errors';
import { parseForesightEvents, type ForesightEvent } from '@arcade/sdk/foresight/events';
import {
  getAcceptAuthorityInstruction,
  getCloseBetInstruction,
  getCloseEventInstruction,
  getCreateConfigInstruction,
  getCreateEventInstruction,
  getLockAndSettleEventsInstruction,
  getPlaceBetInstruction,
  getProposeAuthorityInstruction,
  getSettleBetInstruction,
  getUpdateConfigInstruction,
  getWithdrawBetInstruction,
  type PredictionInput,
} from '@arcade/sdk/foresight/instructions';
import { findProgramDataAddress } from '@arcade/sdk/anchor/program-data';
import { findBetAddress, findConfigAddress, findEventAddress } from '@arcade/sdk/foresight/pda';
import {
  FORESIGHT_PROGRAM_ADDRESS,
  PYTH_RECEIVER_PROGRAM_ADDRESS,
  SOL_USD_FEED_ID,
} from '@arcade/sdk/foresight/program';
import { encodePriceUpdateV2, PRICE_UPDATE_V2_ACCOUNT_SIZE } from '@arcade/sdk/pyth/price-update-v2';

/**
 * The program under test. FORESIGHT_PROGRAM_SO points the suites at another build (e.g. the previous
 * version's, to see the trust tests fail on it).
 */
export const PROGRAM_SO =
  process.env['FORESIGHT_PROGRAM_SO'] ?? join(import.meta.dirname, '..', 'dist', 'foresight.so');
export const TIMELOCK = 300n;
/** 2027-01-15T08:00:00Z: an arbitrary, fixed start so every run sees the same times. */
export const T0 = 1_800_000_000n;
export const SOL = 1_000_000_000n;

export type Outcome =
  | { ok: true; cu: bigint; logs: string[]; events: ForesightEvent[] }
  | { ok: false; code: number | null; name: string | null; logs: string[]; error: string };

/** A deterministic signer, so compute units (which depend on PDA bumps) repeat from run to run. */
export async function fixedSigner(label: string): Promise<KeyPairSigner> {
  const seed = new Uint8Array(32);
  seed.set(new TextEncoder().encode(label).subarray(0, 32));
  return createKeyPairSignerFromPrivateKeyBytes(seed);
}

/**
 * How {@link ForesightHarness.setPrice} writes an update. A Pyth feed's updates form a chain: each carries
 * the publish time of the one before it, and a tick at planned time t takes only the update with
 * `publishTime ≥ t > prevPublishTime`.
 */
export interface PriceOptions {
  /** Default: the clock's time. */
  publishTime?: bigint;
  /** Default: publishTime − 1, an update a second after the previous one (Pyth's steady rate). */
  prevPublishTime?: bigint;
  level?: 'full' | 'partial';
  feedId?: Uint8Array;
  owner?: Address;
  /** Where to write it; default the harness's price account. */
  at?: Address;
}

export class ForesightHarness {
  readonly svm: LiteSVM;
  readonly programId: Address = FORESIGHT_PROGRAM_ADDRESS;
  readonly priceUpdate: Address;
  readonly feedId: Uint8Array;
  config!: Address;
  programData!: Address;
  authority!: KeyPairSigner;
  eventSigner!: KeyPairSigner;
  treasury!: KeyPairSigner;
  payer!: KeyPairSigner;

  private constructor(svm: LiteSVM, priceUpdate: Address, feedId: Uint8Array) {
    this.svm = svm;
    this.priceUpdate = priceUpdate;
    this.feedId = feedId;
  }

  /**
   * A deployed program, a config for SOL/USD with a 300 s timelock, and the clock at T0. `featureSet`
   * runs the cluster with other runtime features than LiteSVM's default (all enabled).
   */
  static async create(
    options: { deterministic?: boolean; createConfig?: boolean; featureSet?: FeatureSet } = {},
  ): Promise<ForesightHarness> {
    const svm = options.featureSet
      ? LiteSVM.default()
          .withFeatureSet(options.featureSet)
          .withBuiltins()
          .withSysvars()
          .withPrecompiles()
          .withDefaultPrograms()
          .withLamports(1_000_000_000n * SOL)
      : new LiteSVM();
    svm.addProgram(FORESIGHT_PROGRAM_ADDRESS, readFileSync(PROGRAM_SO));
    const h = new ForesightHarness(
      svm,
      address('PythPrice1111111111111111111111111111111111'),
      Uint8Array.from(SOL_USD_FEED_ID),
    );
    const signer = (label: string) => (options.deterministic ? fixedSigner(label) : generateKeyPairSigner());
    h.authority = await signer('authority');
    h.eventSigner = await signer('event signer');
    h.treasury = await signer('treasury');
    h.payer = await signer('payer');
    for (const s of [h.authority, h.eventSigner, h.payer]) svm.airdrop(s.address, lamports(1_000n * SOL));
    [h.config] = await findConfigAddress(h.feedId);
    [h.programData] = await findProgramDataAddress(FORESIGHT_PROGRAM_ADDRESS);
    h.setUpgradeAuthority(h.authority.address);
    h.setTime(T0);
    h.setPrice(100_00000000n);
    if (options.createConfig !== false) {
      h.expectOk(await h.send([h.createConfigIx()], h.authority));
    }
    return h;
  }

  createConfigIx(overrides: Partial<Parameters<typeof getCreateConfigInstruction>[0]> = {}): Instruction {
    return getCreateConfigInstruction({
      authority: this.authority,
      config: this.config,
      priceUpdate: this.priceUpdate,
      eventSigner: this.eventSigner.address,
      treasury: this.treasury.address,
      programData: this.programData,
      timelock: Number(TIMELOCK),
      ...overrides,
    });
  }

  /**
   * Sets the program's upgrade authority. addProgram deploys with none; on a cluster the deployer holds it,
   * and only it may create configs.
   */
  setUpgradeAuthority(authority: Address | null): void {
    setUpgradeAuthority(this.svm, this.programData, authority);
  }

  now(): bigint {
    return this.svm.getClock().unixTimestamp;
  }

  /**
   * Writes THE update for planned time `t` (what the crank fetches from Hermes): the first one published at
   * or after t, `delay` seconds after it, its predecessor published before t.
   */
  setPriceFor(t: bigint, price: bigint, delay = 0n, options: Omit<PriceOptions, 'publishTime'> = {}): void {
    this.setPrice(price, { prevPublishTime: t - 1n, ...options, publishTime: t + delay });
  }

  /** Moves the cluster clock (and the slot, so repeated transactions stay distinct). */
  setTime(unix: bigint): void {
    const clock = this.svm.getClock();
    clock.unixTimestamp = unix;
    clock.slot += 1n;
    this.svm.setClock(clock);
    this.svm.expireBlockhash();
  }

  /** Writes the Pyth price account as the receiver program would: SOL/USD, exponent -8, fully verified. */
  setPrice(price: bigint, options: PriceOptions = {}): void {
    const publishTime = options.publishTime ?? this.now();
    const prevPublishTime = options.prevPublishTime ?? publishTime - 1n;
    const data = encodePriceUpdateV2({
      writeAuthority: this.authority.address,
      verificationLevel:
        options.level === 'partial' ? { __kind: 'Partial', numSignatures: 5 } : { __kind: 'Full' },
      priceMessage: {
        feedId: options.feedId ?? this.feedId,
        price,
        conf: 1_000_000n,
        exponent: -8,
        publishTime,
        prevPublishTime,
        emaPrice: price,
        emaConf: 1_000_000n,
      },
      postedSlot: this.svm.getClock().slot,
    });
    this.svm.setAccount({
      address: options.at ?? this.priceUpdate,
      data,
      executable: false,
      lamports: lamports(this.svm.minimumBalanceForRentExemption(BigInt(PRICE_UPDATE_V2_ACCOUNT_SIZE))),
      programAddress: options.owner ?? PYTH_RECEIVER_PROGRAM_ADDRESS,
      space: BigInt(data.length),
    });
  }

  async player(sol = 100n): Promise<KeyPairSigner> {
    const s = await generateKeyPairSigner();
    this.svm.airdrop(s.address, lamports(sol * SOL));
    return s;
  }

  balance(who: Address): bigint {
    return this.svm.getBalance(who) ?? 0n;
  }

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
      if (err instanceof TransactionErrorInstructionError) {
        const inner = err.err();
        if (inner instanceof InstructionErrorCustom) code = inner.code;
      }
      return {
        ok: false,
        code,
        name: code === null ? null : (decodeForesightError(code)?.name ?? null),
        logs: result.meta().logs(),
        error: result.toString(),
      };
    }
    const meta = result;
    return {
      ok: true,
      cu: meta.computeUnitsConsumed(),
      logs: meta.logs(),
      events: parseForesightEvents(meta.logs()),
    };
  }

  expectOk(outcome: Outcome): Extract<Outcome, { ok: true }> {
    if (!outcome.ok) throw new Error(`expected success, got ${outcome.error}\n${outcome.logs.join('\n')}`);
    return outcome;
  }

  async eventAddress(id: number): Promise<Address> {
    return (await findEventAddress(this.config, id))[0];
  }

  async betAddress(id: number, user: Address): Promise<Address> {
    return (await findBetAddress(await this.eventAddress(id), user))[0];
  }

  fetchConfig(): ConfigAccount {
    return decodeConfig(this.data(this.config));
  }

  async fetchEvent(id: number): Promise<EventAccount> {
    return decodeEvent(this.data(await this.eventAddress(id)));
  }

  async fetchBet(id: number, user: Address): Promise<BetAccount> {
    return decodeBet(this.data(await this.betAddress(id, user)));
  }

  exists(account: Address): boolean {
    const a = this.svm.getAccount(account);
    return a.exists && a.lamports > 0n;
  }

  private data(account: Address): Uint8Array {
    const a = this.svm.getAccount(account);
    if (!a.exists) throw new Error(`account ${account} does not exist`);
    return Uint8Array.from(a.data);
  }

  // ---- instructions as the crank and players send them ----

  /** create_event paid (and signed) by `payer`: the event signer, or anyone. */
  async createEvent(id: number, payer: KeyPairSigner = this.eventSigner): Promise<Outcome> {
    const ix = getCreateEventInstruction({
      payer,
      config: this.config,
      event: await this.eventAddress(id),
      id,
    });
    return this.send([ix], payer);
  }

  /** The tick, with the rounds the config names (or the ones given, to test refusals). */
  async tick(
    overrides: {
      locked?: Address | null;
      live?: Address;
      next?: Address;
      cranker?: KeyPairSigner | undefined;
      treasury?: Address;
      priceUpdate?: Address;
    } = {},
  ): Promise<Outcome> {
    const c = this.fetchConfig();
    const cranker = overrides.cranker ?? this.eventSigner;
    const ix = getLockAndSettleEventsInstruction({
      cranker,
      config: this.config,
      lockedEvent:
        overrides.locked !== undefined
          ? overrides.locked
          : c.lockedEvent === 0
            ? null
            : await this.eventAddress(c.lockedEvent),
      liveEvent: overrides.live ?? (await this.eventAddress(c.liveEvent)),
      nextEvent: overrides.next ?? (await this.eventAddress(c.liveEvent + 1)),
      priceUpdate: overrides.priceUpdate ?? this.priceUpdate,
      treasury: overrides.treasury ?? c.treasury,
    });
    return this.send([ix], cranker);
  }

  async placeBet(
    user: KeyPairSigner,
    id: number,
    prediction: PredictionInput,
    amount: bigint,
  ): Promise<Outcome> {
    const event = await this.eventAddress(id);
    const ix = getPlaceBetInstruction({
      user,
      config: this.config,
      event,
      bet: (await findBetAddress(event, user.address))[0],
      prediction,
      amount,
    });
    return this.send([ix], user);
  }

  async settleBet(user: Address, id: number, feePayer: KeyPairSigner = this.payer): Promise<Outcome> {
    const event = await this.eventAddress(id);
    const ix = getSettleBetInstruction({
      user,
      config: this.config,
      event,
      bet: (await findBetAddress(event, user))[0],
    });
    return this.send([ix], feePayer);
  }

  async withdrawBet(user: Address, id: number, feePayer: KeyPairSigner = this.payer): Promise<Outcome> {
    const event = await this.eventAddress(id);
    const ix = getWithdrawBetInstruction({
      user,
      config: this.config,
      event,
      bet: (await findBetAddress(event, user))[0],
    });
    return this.send([ix], feePayer);
  }

  async closeBet(user: KeyPairSigner, id: number): Promise<Outcome> {
    const event = await this.eventAddress(id);
    const ix = getCloseBetInstruction({ user, event, bet: (await findBetAddress(event, user.address))[0] });
    return this.send([ix], user);
  }

  async closeEvent(id: number, eventSigner: KeyPairSigner = this.eventSigner): Promise<Outcome> {
    const ix = getCloseEventInstruction({
      eventSigner,
      config: this.config,
      event: await this.eventAddress(id),
      treasury: this.fetchConfig().treasury,
    });
    return this.send([ix], eventSigner);
  }

  /** update_config; `rotate` names a new event signer and treasury (omitted: kept). */
  async updateConfig(
    disabled: boolean,
    authority: KeyPairSigner = this.authority,
    rotate: { eventSigner?: Address; treasury?: Address } = {},
  ): Promise<Outcome> {
    const ix = getUpdateConfigInstruction({ authority, config: this.config, disabled, ...rotate });
    return this.send([ix], authority);
  }

  /** propose_authority by `authority`, who pays the fee (and any rent the config's growth needs). */
  async proposeAuthority(newAuthority: Address, authority: KeyPairSigner = this.authority): Promise<Outcome> {
    const ix = getProposeAuthorityInstruction({ authority, config: this.config, newAuthority });
    return this.send([ix], authority);
  }

  /** accept_authority signed by `newAuthority`; the harness's payer pays the fee. */
  async acceptAuthority(newAuthority: KeyPairSigner): Promise<Outcome> {
    return this.send([getAcceptAuthorityInstruction({ newAuthority, config: this.config })], this.payer);
  }

  /**
   * Runs the crank to a steady state: round 1 live (opened at once), round 2 pre-created.
   */
  async start(): Promise<void> {
    this.expectOk(await this.createEvent(1));
    this.expectOk(await this.createEvent(2));
  }

  /**
   * Advances to the live round's lock time t (plus `lateBy`; the clock never goes back, so after an outage
   * the tick comes now), writes the update for t with `price` (the first one published at or after t,
   * `publishDelay` seconds after it; null keeps the account as it is), ticks and pre-creates the next round.
   */
  async advance(
    price: bigint | null,
    lateBy = 0n,
    options: { publishDelay?: bigint; cranker?: KeyPairSigner | undefined } = {},
  ): Promise<Outcome> {
    const live = await this.fetchEvent(this.fetchConfig().liveEvent);
    const at = live.lockTime + lateBy;
    this.setTime(at > this.now() ? at : this.now());
    if (price !== null) this.setPriceFor(live.lockTime, price, options.publishDelay ?? 0n);
    const outcome = await this.tick({ cranker: options.cranker });
    if (outcome.ok) {
      this.expectOk(await this.createEvent(this.fetchConfig().liveEvent + 1, options.cranker));
    }
    return outcome;
  }
}
