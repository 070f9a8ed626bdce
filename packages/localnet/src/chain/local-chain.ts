/**
 * A single-node Solana chain on one LiteSVM: slots that follow wall time, a Clock sysvar at wall time,
 * blockhashes that expire after 150 slots, a SlotHashes sysvar of the slots that ended (each hash fixed,
 * unpredictably, when its slot ends), and an index of the transactions that landed (bounded).
 *
 * The RPC server (`../rpc/rpc-server.ts`) is a thin layer over this class; in-process users (the
 * server's boot, tests) can use it directly. docs/localnet.md explains the choices.
 *
 * @example
 * const chain = new LocalChain();
 * chain.start(); // a slot every 400 ms
 * const { blockhash } = chain.latestBlockhash();
 * chain.stop();
 *
 * @module
 */

// First: keeps ws (loaded through litesvm's kit) off its native add-ons.
import '../no-native-ws.ts';

import { createHash, randomBytes, type Hash } from 'node:crypto';

import { Clock, LiteSVM } from 'litesvm';
import { Account, type SlotHashInput } from 'litesvm/dist/internal.js';

import { decodeBase58, encodeBase58 } from '../wire/base58.ts';
import { computeBudgetOf } from '../wire/compute-budget.ts';
import { bytesEqual, SYSTEM_PROGRAM_BYTES } from '../wire/program-ids.ts';
import type { TransactionErrorJson } from '../wire/transaction-error.ts';
import { parseTransaction, type ParsedTransaction } from '../wire/wire-transaction.ts';
import {
  involvesTokenProgram,
  snapshotBalances,
  totalLamports,
  type BalanceSnapshot,
} from './account-snapshot.ts';
import { viewOf, type AccountView } from './account-view.ts';
import { BlockhashQueue, MAX_PROCESSING_AGE, MAX_RECENT_BLOCKHASHES } from './blockhash-queue.ts';
import { isValidNonceTransaction } from './durable-nonce.ts';
import { epochPosition, type EpochPosition, type EpochScheduleConfig } from './epoch-schedule.ts';
import { outcomeOf, type ExecutionOutcome } from './execution-outcome.ts';
import { Faucet } from './faucet.ts';
import { isWritable, loadTransaction, type LoadedTransaction } from './loaded-transaction.ts';
import { PriorityFeeStats, type SlotFeesData } from './priority-fee-stats.ts';
import { sharedSigverifyStage } from './sigverify-stage.ts';
import { notExecuted, simulationOutcome, type SimulationOutcome } from './simulation-outcome.ts';
import { svmBinding, type SvmBinding } from './svm-binding.ts';
import { TransactionIndex, type TransactionIndexData, type TransactionRecord } from './transaction-index.ts';
import { recordOf } from './transaction-record.ts';

/** Options of a {@link LocalChain}. */
export interface LocalChainOptions {
  /** Milliseconds per slot while started. Default 400, as on mainnet. */
  readonly slotMs?: number;
  /** The wall clock in milliseconds since the epoch, for the Clock sysvar and block times. Default `Date.now`. */
  readonly now?: () => number;
  /**
   * A prepared LiteSVM (programs, accounts); by default `new LiteSVM()` with the SPL programs and native
   * mints. The chain turns its blockhash check and transaction history off (the chain keeps both).
   */
  readonly svm?: LiteSVM;
  /** The genesis hash to report, base58. Default: 32 random bytes, so every fresh chain is distinct. */
  readonly genesisHash?: string;
  /** Seed of the airdrop faucet's keypair. Default: random. */
  readonly faucetSeed?: Uint8Array;
  /**
   * Most transactions the history keeps, as the validator's `--limit-ledger-size` bounds its ledger: past
   * it, the oldest whole slots are pruned when a slot ends, except the slots whose blockhashes are still
   * remembered (so no kept-out transaction can land twice and the status cache stays whole). Default
   * {@link DEFAULT_LEDGER_LIMIT}; `Infinity` keeps everything.
   */
  readonly ledgerLimit?: number;
  /**
   * A state saved by {@link LocalChain.exportState} to continue from (`svm`, `genesisHash` and
   * `faucetSeed` are then ignored). The chain opens the slot after the saved one.
   */
  readonly state?: LocalChainState | undefined;
}

/**
 * Everything a chain holds, as plain data: the LiteSVM snapshot (accounts, sysvars, features) and what
 * the chain keeps beside it. `./chain-state.ts` writes it to disk.
 */
export interface LocalChainState {
  /** `LiteSVM.toBytes()`. */
  readonly svm: Uint8Array;
  readonly genesisHash: string;
  /** The faucet's 32-byte Ed25519 seed. */
  readonly faucetSeed: Uint8Array;
  /** The slot (= block height) the chain was at. */
  readonly slot: bigint;
  readonly epoch: bigint;
  readonly epochStartTimestamp: bigint;
  readonly transactionCount: bigint;
  /**
   * The SlotHashes sysvar's entries, newest first: the slots that ended. The slot the chain was at
   * (`slot`) is still open, so it is not listed; the restored chain ends it (its hash is made from the
   * transactions the index holds for it) before it opens the next. A state written before SlotHashes
   * listed only ended slots lists `slot` too: that slot then counts as ended already.
   */
  readonly slotHashes: readonly { readonly slot: bigint; readonly hash: string }[];
  /** The blockhash queue, oldest first. */
  readonly blockhashes: readonly { readonly hash: string; readonly slot: bigint }[];
  readonly index: TransactionIndexData;
  readonly fees: readonly SlotFeesData[];
}

/** The result of offering a transaction to the chain. */
export type SendOutcome =
  | { readonly landed: true; readonly record: TransactionRecord }
  /** The transaction was dropped before it could pay a fee (nothing is recorded, as on the validator). */
  | { readonly landed: false; readonly err: TransactionErrorJson };

/** A writable account a transaction changed (lamports, owner or data), as it is afterwards. */
export interface ChangedAccount {
  readonly address: Uint8Array;
  /** `address` in base58. */
  readonly addressText: string;
  /** The account after the transaction; a closed account reads as empty, system-owned, 0 lamports. */
  readonly account: AccountView;
}

/** What observers hear after a transaction lands. */
export interface LandedTransactionEvent {
  readonly record: TransactionRecord;
  /** Every account the transaction loaded, base58 (static, then loaded writable, then loaded readonly). */
  readonly addresses: readonly string[];
  /**
   * The writable accounts whose lamports, owner or data changed. Empty unless an observer's
   * `watchesAccounts()` was true when the transaction started (reading them costs time).
   */
  readonly changedAccounts: readonly ChangedAccount[];
}

/** Listens to the chain: the PubSub server is one. Its callbacks must not throw. */
export interface ChainObserver {
  /** Whether {@link LandedTransactionEvent.changedAccounts} is wanted now. Default false. */
  readonly watchesAccounts?: () => boolean;
  /** After a transaction landed (failed or not), synchronously. */
  readonly onTransaction?: (event: LandedTransactionEvent) => void;
  /** After a new slot opened (by {@link LocalChain.advanceSlot} or the timer). */
  readonly onSlot?: (slot: bigint) => void;
  /**
   * After {@link LocalChain.writeAccount} changed an account (lamports, owner or data), outside any
   * transaction, in slot `slot`.
   */
  readonly onAccountWrite?: (event: AccountWriteEvent) => void;
}

/** What observers hear after {@link LocalChain.writeAccount} changed an account. */
export interface AccountWriteEvent {
  /** The slot the write happened in. */
  readonly slot: bigint;
  readonly changed: ChangedAccount;
}

/** An account to write with {@link LocalChain.writeAccount}. */
export interface AccountToWrite {
  readonly lamports: bigint;
  readonly data: Uint8Array;
  /** 32 bytes. */
  readonly owner: Uint8Array;
  /** Default false. */
  readonly executable?: boolean;
  /** Default 0. */
  readonly rentEpoch?: bigint;
}

/** Lamports the faucet starts with: half a billion SOL. */
const FAUCET_LAMPORTS = 500_000_000n * 1_000_000_000n;
/** How a missing (closed) account reads to observers, as the validator reports a closed account. */
const CLOSED_ACCOUNT: AccountView = {
  lamports: 0n,
  data: new Uint8Array(0),
  owner: SYSTEM_PROGRAM_BYTES,
  executable: false,
  rentEpoch: 0n,
};
/**
 * Transactions the history keeps by default: minutes of heavy play, so the server's indexer can be down a
 * while and still catch up, while memory and the saved state stay bounded.
 */
export const DEFAULT_LEDGER_LIMIT = 10_000;
/** Slots of hashes the SlotHashes sysvar holds. */
const SLOT_HASHES_MAX = 512;
/** Fresh random bytes mixed into each slot's hash when the slot ends. */
const SLOT_HASH_ENTROPY_BYTES = 32;

/** A single-node chain on LiteSVM. See the module documentation. */
export class LocalChain {
  /** The SVM itself, for seeding accounts and programs. Transactions should go through {@link send}. */
  readonly svm: LiteSVM;
  readonly genesisHash: string;
  /** The transactions that landed, bounded by {@link ledgerLimit}. */
  readonly index: TransactionIndex;
  /** Compute-unit prices of recent slots. */
  readonly fees: PriorityFeeStats;
  readonly faucet: Faucet;
  readonly slotMs: number;
  /** See {@link LocalChainOptions.ledgerLimit}. */
  readonly ledgerLimit: number;

  readonly #binding: SvmBinding;
  readonly #now: () => number;
  readonly #blockhashes: BlockhashQueue;
  readonly #schedule: EpochScheduleConfig;
  #slotHashes: SlotHashInput[] = [];
  /**
   * The open slot's hash so far: the parent slot's hash and the slot, then each landed transaction's
   * signature. {@link #endSlot} adds the slot's blockhash and fresh random bytes and seals it.
   */
  #slotDigest: Hash | undefined;
  #slot = 0n;
  #blockTime = 0;
  #epoch = -1n;
  #epochStartTimestamp = 0n;
  #transactionCount = 0n;
  #timer: NodeJS.Timeout | undefined;
  readonly #sigverify = sharedSigverifyStage();
  #pending = 0;
  readonly #settledWaiters: (() => void)[] = [];
  readonly #observers = new Set<ChainObserver>();

  constructor(options: LocalChainOptions = {}) {
    this.slotMs = options.slotMs ?? 400;
    if (!(this.slotMs > 0)) throw new RangeError(`slotMs must be positive, got ${this.slotMs}`);
    this.ledgerLimit = options.ledgerLimit ?? DEFAULT_LEDGER_LIMIT;
    if (!(this.ledgerLimit >= 0))
      throw new RangeError(`ledgerLimit must be at least 0, got ${this.ledgerLimit}`);
    this.#now = options.now ?? Date.now;
    // The chain enforces blockhash age itself (150 slots); LiteSVM would accept only its latest hash.
    // Its own history is off because the chain's index detects duplicates for as long as a blockhash is
    // valid (pruning never drops those slots) and beyond, while the history reaches.
    const { state } = options;
    const svm = state ? LiteSVM.fromBytes(state.svm) : (options.svm ?? new LiteSVM().withNativeMints());
    this.svm = svm.withBlockhashCheck(false).withTransactionHistory(0n);
    this.#binding = svmBinding(this.svm);
    this.genesisHash = state?.genesisHash ?? options.genesisHash ?? encodeBase58(randomBytes(32));
    const schedule = this.svm.getEpochSchedule();
    this.#schedule = {
      slotsPerEpoch: schedule.slotsPerEpoch,
      firstNormalEpoch: schedule.firstNormalEpoch,
      firstNormalSlot: schedule.firstNormalSlot,
    };
    this.faucet = new Faucet(state?.faucetSeed ?? options.faucetSeed);
    if (state) {
      this.index = TransactionIndex.from(state.index);
      this.fees = PriorityFeeStats.from(state.fees);
      this.#blockhashes = BlockhashQueue.from(state.blockhashes);
      this.#slotHashes = state.slotHashes.map(({ slot, hash }) => ({ slot, hash }));
      this.#epoch = state.epoch;
      this.#epochStartTimestamp = state.epochStartTimestamp;
      this.#transactionCount = state.transactionCount;
      this.#slot = state.slot;
      // The saved slot was still open: it ends now, with the transactions that landed in it. (A state
      // written when SlotHashes listed the open slot too has it listed already.)
      if (this.#slotHashes[0]?.slot !== state.slot) {
        this.#startSlotDigest();
        for (const signature of signaturesInSlot(state.index.records, state.slot)) {
          this.#slotDigest!.update(signature);
        }
        this.#endSlot();
      }
      // A new slot, so the Clock follows the wall time again; the slot never goes backwards.
      this.#slot = state.slot + 1n;
    } else {
      this.index = new TransactionIndex();
      this.fees = new PriorityFeeStats();
      this.#blockhashes = new BlockhashQueue();
      this.#binding.setAccount(
        this.faucet.publicKey,
        new Account(FAUCET_LAMPORTS, new Uint8Array(0), SYSTEM_PROGRAM_BYTES, false, 0n),
      );
    }
    // Exactly the chain's entries (LiteSVM starts with one of its own; a fresh chain has none yet).
    this.#binding.setSlotHashes(this.#slotHashes);
    this.#openSlot();
  }

  /**
   * The whole state as plain data, to restore with the `state` option. Transactions still in the
   * sigverify stage ({@link submit}) are not in it: await {@link settled} first to include them.
   */
  exportState(): LocalChainState {
    return {
      svm: this.svm.toBytes(),
      genesisHash: this.genesisHash,
      faucetSeed: this.faucet.seed,
      slot: this.#slot,
      epoch: this.#epoch,
      epochStartTimestamp: this.#epochStartTimestamp,
      transactionCount: this.#transactionCount,
      slotHashes: this.#slotHashes.map(({ slot, hash }) => ({ slot, hash })),
      blockhashes: this.#blockhashes.entries(),
      index: this.index.export(),
      fees: this.fees.export(),
    };
  }

  /** Starts producing a slot every `slotMs`. */
  start(): void {
    if (this.#timer) return;
    this.#timer = setInterval(() => {
      this.advanceSlot();
    }, this.slotMs);
    // The chain alone never keeps the process alive: its servers (or the caller) do.
    this.#timer.unref();
  }

  /** Stops producing slots. The chain keeps its state and can be started again. */
  stop(): void {
    clearInterval(this.#timer);
    this.#timer = undefined;
  }

  /** Whether slots are being produced. */
  get running(): boolean {
    return this.#timer !== undefined;
  }

  /**
   * Ends the current slot (its hash joins SlotHashes) and opens the next: a new blockhash and Clock.
   */
  advanceSlot(): void {
    this.#endSlot();
    this.#slot += 1n;
    this.#openSlot();
    for (const observer of this.#observers) this.#notify(() => observer.onSlot?.(this.#slot));
  }

  /**
   * Adds an observer of landed transactions and new slots.
   *
   * @returns a function that removes it.
   */
  observe(observer: ChainObserver): () => void {
    this.#observers.add(observer);
    return () => {
      this.#observers.delete(observer);
    };
  }

  /**
   * Writes an account outside any transaction, as an oracle or a test would, and tells the observers of
   * the change (`onAccountWrite`) as a landed transaction's changed accounts are: PubSub subscribers of
   * the account or of its owner are notified. Nothing is notified when nothing changed.
   */
  writeAccount(address: Uint8Array, account: AccountToWrite): void {
    const before = this.#observers.size > 0 ? (this.getAccount(address) ?? CLOSED_ACCOUNT) : null;
    this.#binding.setAccount(
      address,
      new Account(
        account.lamports,
        account.data,
        account.owner,
        account.executable ?? false,
        account.rentEpoch ?? 0n,
      ),
    );
    if (before === null) return;
    const after = this.getAccount(address) ?? CLOSED_ACCOUNT;
    if (
      after.lamports === before.lamports &&
      bytesEqual(after.owner, before.owner) &&
      bytesEqual(after.data, before.data)
    ) {
      return;
    }
    const event: AccountWriteEvent = {
      slot: this.#slot,
      changed: { address, addressText: encodeBase58(address), account: after },
    };
    for (const observer of this.#observers) this.#notify(() => observer.onAccountWrite?.(event));
  }

  /** The current slot, where transactions land. */
  get slot(): bigint {
    return this.#slot;
  }

  /**
   * The newest slot that has ended (the current slot − 1; 0 before any slot ended): what `confirmed`
   * and `finalized` read as the slot, and the newest slot SlotHashes lists.
   */
  get lastEndedSlot(): bigint {
    return this.#slot > 0n ? this.#slot - 1n : 0n;
  }

  /** The SlotHashes sysvar's entries: the slots that ended, newest first (at most 512). */
  slotHashes(): { readonly slot: bigint; readonly hash: string }[] {
    return this.#slotHashes.map(({ slot, hash }) => ({ slot, hash }));
  }

  /** The current block height; every slot has a block, so it equals the slot. */
  get blockHeight(): bigint {
    return this.#slot;
  }

  /** The current slot's block time (Unix seconds). */
  get blockTime(): number {
    return this.#blockTime;
  }

  /** How many transactions have landed, failed ones included. */
  get transactionCount(): bigint {
    return this.#transactionCount;
  }

  /** The epoch of the current slot and the slot's place in it. */
  epochPosition(): EpochPosition {
    return epochPosition(this.#schedule, this.#slot);
  }

  /** The newest blockhash and the last block height a transaction using it can land at. */
  latestBlockhash(): { readonly blockhash: string; readonly lastValidBlockHeight: bigint } {
    const { hash, slot } = this.#blockhashes.latest();
    return { blockhash: hash, lastValidBlockHeight: slot + MAX_PROCESSING_AGE };
  }

  /** Whether a transaction using `blockhash` can still land. */
  isBlockhashValid(blockhash: string): boolean {
    return this.#blockhashes.isValid(blockhash, this.#slot);
  }

  /** Whether the chain still knows `blockhash` well enough to price a message with it. */
  knowsBlockhash(blockhash: string): boolean {
    return this.#blockhashes.slotOf(blockhash) !== undefined;
  }

  /** The account at `address` (32 bytes), or `null`. */
  getAccount(address: Uint8Array): AccountView | null {
    const account = this.#binding.getAccount(address);
    return account ? viewOf(account) : null;
  }

  /** Every account owned by `program` (32 bytes), with its address. */
  programAccounts(program: Uint8Array): { address: Uint8Array; account: AccountView }[] {
    return this.#binding
      .getProgramAccounts(program)
      .map((entry) => ({ address: entry.address, account: viewOf(entry.account()) }));
  }

  /** Lamports an account of `dataLength` bytes needs to be rent exempt. */
  minimumBalanceForRentExemption(dataLength: bigint): bigint {
    return this.#binding.minimumBalanceForRentExemption(dataLength);
  }

  /**
   * Sanitizes a parsed transaction and resolves its lookup tables.
   *
   * @throws TransactionRejected (from `./loaded-transaction.ts`) as the validator would.
   */
  load(parsed: ParsedTransaction): LoadedTransaction {
    return loadTransaction(parsed, this.#slot, (address) => this.getAccount(address));
  }

  /**
   * Processes a transaction in the current slot, as the leader would after it arrives.
   *
   * A transaction whose blockhash has expired, that already landed, or that cannot pay its fee is
   * dropped; one that fails while executing lands with its error and pays its fee.
   */
  send(transaction: LoadedTransaction, options: { readonly verifySignatures: boolean }): SendOutcome {
    const lifetimeError = this.#lifetimeError(transaction);
    if (lifetimeError) return { landed: false, err: lifetimeError };
    const { parsed, accountKeys } = transaction;
    const withTokens = involvesTokenProgram(accountKeys);
    const pre = snapshotBalances(this.#binding, accountKeys, withTokens);
    const watched = this.#watchedAccounts(transaction);
    const result = this.#withSigverify(options.verifySignatures, () =>
      parsed.message.version === 'legacy'
        ? this.#binding.sendLegacyTransaction(parsed.bytes)
        : this.#binding.sendVersionedTransaction(parsed.bytes),
    );
    const outcome = outcomeOf(result);
    const post = snapshotBalances(this.#binding, accountKeys, withTokens);
    const fee = totalLamports(pre.lamports) - totalLamports(post.lamports);
    // LiteSVM commits nothing for a transaction it could not charge; neither does a validator.
    if (outcome.err !== null && fee === 0n) return { landed: false, err: outcome.err };
    const { record, addresses } = this.#record(transaction, outcome, fee, pre, post);
    if (this.#observers.size > 0) {
      const event: LandedTransactionEvent = {
        record,
        addresses,
        changedAccounts: watched ? this.#changedAccounts(watched) : [],
      };
      for (const observer of this.#observers) this.#notify(() => observer.onTransaction?.(event));
    }
    return { landed: true, record };
  }

  /**
   * Accepts a transaction the way a leader's TPU does: its signatures are verified off the main thread
   * (`./sigverify-stage.ts`), then it is processed as {@link send} would, in the order submitted. Nothing
   * is reported back: like `sendTransaction` with `skipPreflight`, the caller watches its signature.
   */
  submit(transaction: LoadedTransaction): void {
    this.#pending++;
    const { parsed } = transaction;
    const tables = parsed.message.lookups.map((lookup) => {
      const table = this.getAccount(lookup.accountKey);
      return {
        address: lookup.accountKey,
        lamports: table?.lamports ?? 0n,
        owner: table?.owner ?? new Uint8Array(32),
        data: table?.data ?? new Uint8Array(0),
      };
    });
    void this.#sigverify
      .verify({ bytes: parsed.bytes, legacy: parsed.message.version === 'legacy', tables })
      .then((verdict) => {
        if (verdict !== 'invalid') this.send(transaction, { verifySignatures: verdict === 'unknown' });
      })
      .finally(() => {
        this.#pending--;
        if (this.#pending === 0) {
          for (const resolve of this.#settledWaiters.splice(0)) resolve();
        }
      });
  }

  /** Resolves once every {@link submit}ted transaction has been processed (or dropped). */
  settled(): Promise<void> {
    if (this.#pending === 0) return Promise.resolve();
    return new Promise((resolve) => this.#settledWaiters.push(resolve));
  }

  /** Runs a transaction against the current state without committing anything. */
  simulate(
    transaction: LoadedTransaction,
    options: { readonly verifySignatures: boolean },
  ): SimulationOutcome {
    const lifetimeError = this.#lifetimeError(transaction);
    if (lifetimeError) {
      // The validator verifies signatures before it looks at the blockhash.
      if (options.verifySignatures) {
        const checked = outcomeOf(this.#simulateRaw(transaction, true));
        if (checked.err === 'SignatureFailure') return notExecuted('SignatureFailure');
      }
      return notExecuted(lifetimeError);
    }
    const withTokens = involvesTokenProgram(transaction.accountKeys);
    const pre = snapshotBalances(this.#binding, transaction.accountKeys, withTokens);
    const result = this.#simulateRaw(transaction, options.verifySignatures);
    return simulationOutcome(this.#binding, transaction, result, outcomeOf(result), pre, withTokens);
  }

  /**
   * Transfers `lamports` from the faucet to `to` in a real transaction, and returns its signature.
   *
   * @throws RangeError when the faucet cannot pay.
   */
  requestAirdrop(to: Uint8Array, lamports: bigint): string {
    const faucetBalance = this.#binding.getBalance(this.faucet.publicKey) ?? 0n;
    if (lamports + 5000n > faucetBalance) throw new RangeError('The faucet cannot pay this airdrop');
    const { blockhash } = this.latestBlockhash();
    const wire = this.faucet.transfer(to, lamports, decodeBase58(blockhash)!);
    const transaction = this.load(parseTransaction(wire));
    const outcome = this.send(transaction, { verifySignatures: false });
    if (!outcome.landed) throw new RangeError(`The airdrop did not land: ${JSON.stringify(outcome.err)}`);
    return outcome.record.signature;
  }

  #simulateRaw(
    transaction: LoadedTransaction,
    verifySignatures: boolean,
  ): ReturnType<SvmBinding['simulateLegacyTransaction']> {
    const { parsed } = transaction;
    return this.#withSigverify(verifySignatures, () =>
      parsed.message.version === 'legacy'
        ? this.#binding.simulateLegacyTransaction(parsed.bytes)
        : this.#binding.simulateVersionedTransaction(parsed.bytes),
    );
  }

  #withSigverify<T>(verify: boolean, run: () => T): T {
    const previous = this.#binding.getSigverify();
    if (verify === previous) return run();
    this.#binding.setSigverify(verify);
    try {
      return run();
    } finally {
      this.#binding.setSigverify(previous);
    }
  }

  /** Why the transaction cannot land now (expired blockhash, or already landed), or `null`. */
  #lifetimeError(transaction: LoadedTransaction): TransactionErrorJson | null {
    if (
      !this.#blockhashes.isValid(transaction.blockhash, this.#slot) &&
      !isValidNonceTransaction(transaction, (address) => this.getAccount(address))
    ) {
      return 'BlockhashNotFound';
    }
    if (this.index.has(transaction.signature)) return 'AlreadyProcessed';
    return null;
  }

  #record(
    transaction: LoadedTransaction,
    outcome: ExecutionOutcome,
    fee: bigint,
    pre: BalanceSnapshot,
    post: BalanceSnapshot,
  ): { record: TransactionRecord; addresses: string[] } {
    const { record, addresses } = recordOf(transaction, outcome, fee, pre, post, {
      sequence: this.index.nextSequence,
      slot: this.#slot,
      blockTime: this.#blockTime,
    });
    this.index.add(record, addresses);
    this.#slotDigest!.update(transaction.parsed.signatures[0]!);
    this.#transactionCount++;
    const writable = addresses.filter((_, index) => isWritable(transaction, index));
    this.fees.record(computeBudgetOf(transaction.parsed.message).unitPrice, writable);
    return { record, addresses };
  }

  /** The writable accounts of `transaction` as they are now, when an observer watches accounts. */
  #watchedAccounts(
    transaction: LoadedTransaction,
  ): { address: Uint8Array; before: AccountView | null }[] | null {
    let watching = false;
    for (const observer of this.#observers) if (observer.watchesAccounts?.()) watching = true;
    if (!watching) return null;
    const watched: { address: Uint8Array; before: AccountView | null }[] = [];
    transaction.accountKeys.forEach((address, index) => {
      if (isWritable(transaction, index)) watched.push({ address, before: this.getAccount(address) });
    });
    return watched;
  }

  #changedAccounts(watched: { address: Uint8Array; before: AccountView | null }[]): ChangedAccount[] {
    const changed: ChangedAccount[] = [];
    for (const { address, before } of watched) {
      const after = this.getAccount(address) ?? CLOSED_ACCOUNT;
      const previous = before ?? CLOSED_ACCOUNT;
      if (
        after.lamports !== previous.lamports ||
        !bytesEqual(after.owner, previous.owner) ||
        !bytesEqual(after.data, previous.data)
      ) {
        changed.push({ address, addressText: encodeBase58(address), account: after });
      }
    }
    return changed;
  }

  /** Runs an observer callback; one that throws is reported and does not disturb the chain. */
  #notify(callback: () => void): void {
    try {
      callback();
    } catch (error) {
      console.error('localnet: a chain observer failed', error);
    }
  }

  #openSlot(): void {
    const slot = this.#slot;
    this.svm.expireBlockhash();
    const hash = this.svm.latestBlockhash();
    this.#blockhashes.push(slot, hash);
    const unixTimestamp = BigInt(Math.floor(this.#now() / 1000));
    this.#blockTime = Number(unixTimestamp);
    const { epoch } = epochPosition(this.#schedule, slot);
    if (epoch !== this.#epoch) {
      this.#epoch = epoch;
      this.#epochStartTimestamp = unixTimestamp;
    }
    this.svm.setClock(new Clock(slot, this.#epochStartTimestamp, epoch, epoch + 1n, unixTimestamp));
    // SlotHashes does not list the open slot: as in a validator's bank, its hash exists once it ends.
    this.#startSlotDigest();
    this.fees.openSlot(slot);
  }

  /** Starts the current slot's hash: its parent's hash (the genesis hash for the first slot) and the slot. */
  #startSlotDigest(): void {
    const parent = this.#slotHashes[0]?.hash ?? this.genesisHash;
    const slot = Buffer.alloc(8);
    slot.writeBigUInt64LE(this.#slot);
    this.#slotDigest = createHash('sha256')
      .update(decodeBase58(parent) ?? new Uint8Array(32))
      .update(slot);
  }

  /**
   * Ends the current slot: its hash is fixed now and listed first in SlotHashes (512 at most).
   *
   * hash(S) = sha256(hash(parent) ‖ S as u64 LE ‖ the first signature of every transaction that landed
   * in S, in landing order ‖ S's blockhash ‖ 32 random bytes drawn now). The random bytes make it
   * unknowable while S is open, whatever a client knows of the rest (LiteSVM's blockhashes are a
   * deterministic chain); the parent and the transactions tie it to the chain's history.
   */
  #endSlot(): void {
    const slot = this.#slot;
    const { hash: blockhash, slot: blockhashSlot } = this.#blockhashes.latest();
    const digest = this.#slotDigest!;
    if (blockhashSlot === slot) digest.update(decodeBase58(blockhash)!);
    digest.update(randomBytes(SLOT_HASH_ENTROPY_BYTES));
    this.#slotDigest = undefined;
    this.#slotHashes.unshift({ slot, hash: encodeBase58(digest.digest()) });
    if (this.#slotHashes.length > SLOT_HASHES_MAX) this.#slotHashes.length = SLOT_HASHES_MAX;
    this.#binding.setSlotHashes(this.#slotHashes);
    this.index.prune(this.ledgerLimit, slot - MAX_RECENT_BLOCKHASHES);
  }
}

/**
 * The first signatures of the transactions that landed in `slot`, in landing order. `slot` is the newest
 * slot of `records` (which are in landing order), so they are the last records.
 */
function signaturesInSlot(
  records: readonly { readonly slot: bigint; readonly signature: string }[],
  slot: bigint,
): Uint8Array[] {
  let start = records.length;
  while (start > 0 && records[start - 1]!.slot === slot) start--;
  return records.slice(start).map((record) => decodeBase58(record.signature)!);
}
