/**
 * The chain indexer: reads every Wager and Foresight transaction from a stored cursor per program and
 * writes the chain record tables, Juice accruals and referral attributions, then publishes the live feed.
 *
 * Transactions are applied in batches, each in one database transaction together with their rows in
 * `indexed_signatures` (inserted first, all in one statement, `ON CONFLICT DO NOTHING`: already there means
 * already applied, so nothing else is done for that one) and the cursor update. A crash at any point
 * therefore resumes after the last batch committed, with nothing missed and nothing applied twice. Failed
 * transactions are recorded with no effects.
 *
 * The tables are written through repositories (`indexer-repository.ts` for the signatures and cursors,
 * the chain record tables' own through `applyActions`); this instance's view of the cursors is a
 * {@link CursorStore}, its figures the worker's counters.
 *
 * In dry-run (`dryRun`) it reads and decodes as usual and logs what it would apply, writing nothing: no
 * row, no cursor, no feed item, no cache invalidated. It follows the chain from the stored cursors in
 * memory, so each transaction is planned once.
 *
 * @module
 */

import { decodeEvent, type EventAccount } from '@arcade/sdk/foresight/accounts';
import { FORESIGHT_PROGRAM_ADDRESS } from '@arcade/sdk/foresight/program';
import { decodeBet, type BetAccount } from '@arcade/sdk/wager/accounts';
import { WAGER_PROGRAM_ADDRESS } from '@arcade/sdk/wager/program';
import { getBase64Encoder, type Address, type ReadonlyUint8Array, type Signature } from '@solana/kit';
import type { FastifyInstance } from 'fastify';

import type { Queryable } from '../../db/database.ts';
import type { FeedItem } from '../../events/feed-items.ts';
import { ForesightRepository } from '../../repositories/foresight-repository.ts';
import { IndexerRepository } from '../../repositories/indexer-repository.ts';
import { MarketChainRepository } from '../../repositories/market-chain-repository.ts';
import { ReferralVaultRepository } from '../../repositories/referral-vault-repository.ts';
import { WagerBetRepository } from '../../repositories/wager-bet-repository.ts';
import { FairnessRepository } from '../settler/fairness-repository.ts';
import type { Worker } from '../worker.ts';
import type { WorkerLag } from '../worker-lag.ts';
import {
  applyActions,
  type ApplyDeps,
  type Effects,
  type PendingFeedItem,
  type Prefetched,
  type TransactionContext,
} from './apply-actions.ts';
import { CursorStore, PROGRAM_KEYS } from './cursor-store.ts';
import {
  decodeTransaction,
  roundsOf,
  type DecodedTransaction,
  type JsonTransaction,
} from './decode-transaction.ts';
import { LogsWaker } from './logs-waker.ts';
import {
  fetchNewSignatures,
  mergeBacklogs,
  numberInSlot,
  type PendingItem,
  type PendingSignature,
  type ProgramKey,
} from './signature-backlog.ts';

/** The worker's name: its advisory lock and health record. */
export const INDEXER_WORKER_NAME = 'indexer';

/** Options of {@link createIndexerWorker}. */
export interface IndexerOptions {
  /** Time between runs; default 1,000 ms. */
  readonly intervalMs?: number;
  /** Transactions applied per run at most; default 500. */
  readonly maxTransactionsPerRun?: number;
  /** `getTransaction` calls in flight at once; default 64. */
  readonly fetchConcurrency?: number;
  /**
   * Chain transactions applied per database transaction; default 64. A batch commits whole or not at all
   * (its cursor moves with it), so a crash still leaves nothing missed or doubled; fewer commits make
   * catching up several times faster.
   */
  readonly applyBatchSize?: number;
  /**
   * Called when a log subscription sees one of the programs (connect it to the runner's `wake()`). The
   * subscriptions are opened on the first run only when this is given.
   */
  readonly onActivity?: () => void;
  /**
   * Called inside the batch's database transaction after each chain transaction is applied, before the
   * batch commits; throwing rolls the whole batch back, cursor included (tests).
   */
  readonly beforeCommit?: (signature: string) => void | Promise<void>;
  /**
   * Plan only: read and decode, log what would be applied, write nothing (no row, no cursor, no feed
   * item). Such an indexer takes no leader lock, so it can run beside the production one.
   */
  readonly dryRun?: boolean;
  /** The programs' addresses; default the SDK's. */
  readonly programs?: Readonly<Record<ProgramKey, Address>>;
}

/** A slot's nominal length, for the lag estimate. */
const SLOT_MS = 400;
/** Planned transactions the health record shows at most (the newest). */
const PLAN_SHOWN = 50;

type Numbered = PendingItem & { readonly txIndex: number };

/** A fetched transaction, ready to apply. */
interface Fetched {
  readonly item: PendingSignature;
  readonly decoded: DecodedTransaction;
  readonly prefetched: Prefetched;
}

/** What applying one transaction of a batch did. */
interface Outcome {
  /** Not applied before. */
  readonly fresh: boolean;
  /** Null for a transaction already applied or failed. */
  readonly effects: Effects | null;
}

/** What a dry run would do with one transaction. */
export interface PlannedTransaction {
  readonly signature: string;
  readonly slot: number;
  /** Applied already (it would be skipped). */
  readonly alreadyIndexed: boolean;
  readonly failed: boolean;
  /** The actions it would apply, by kind, in order. */
  readonly actions: readonly string[];
}

/** The indexer's figures for the health record. */
interface Counters {
  applied: number;
  alreadyIndexed: number;
  failedTransactions: number;
  events: number;
  /** Transactions planned in dry-run. */
  planned: number;
}

/** The indexer {@link Worker}. */
export class IndexerWorker implements Worker {
  readonly name = INDEXER_WORKER_NAME;
  readonly intervalMs: number;
  readonly #app: FastifyInstance;
  readonly #max: number;
  readonly #concurrency: number;
  readonly #batchSize: number;
  readonly dryRun: boolean;
  readonly #beforeCommit: IndexerOptions['beforeCommit'];
  readonly #programs: Readonly<Record<ProgramKey, Address>>;
  readonly #waker: LogsWaker | null;
  readonly #indexed: IndexerRepository;
  readonly #cursors: CursorStore;
  readonly #repositories: ApplyDeps;
  /** Discovered, not yet applied, per program, oldest first. */
  #backlog: Record<ProgramKey, Numbered[]> = { wager: [], foresight: [] };
  readonly #counters: Counters = {
    applied: 0,
    alreadyIndexed: 0,
    failedTransactions: 0,
    events: 0,
    planned: 0,
  };
  #lastRunMs = 0;
  /** In dry-run, what the last run planned, oldest first. */
  #lastPlan: PlannedTransaction[] = [];
  #lastPlannedAt: number | null = null;
  /** The chain's tip as the last run read it, and when (the app's clock). */
  #tip: { readonly slot: number; readonly at: number } | null = null;
  /** The newest tip a run ended with nothing left to apply: everything up to it is indexed. */
  #indexedThrough: number | null = null;

  constructor(app: FastifyInstance, options: IndexerOptions = {}) {
    this.#app = app;
    this.intervalMs = options.intervalMs ?? 1_000;
    this.#max = options.maxTransactionsPerRun ?? 500;
    this.#concurrency = options.fetchConcurrency ?? 64;
    this.#batchSize = Math.max(1, options.applyBatchSize ?? 64);
    this.#beforeCommit = options.beforeCommit;
    this.dryRun = options.dryRun ?? false;
    this.#indexed = new IndexerRepository(app.db);
    this.#cursors = new CursorStore(this.#indexed, { dryRun: this.dryRun });
    this.#repositories = {
      juice: app.repositories.juice,
      referrals: app.repositories.referrals,
      bets: new WagerBetRepository(app.db),
      vaults: new ReferralVaultRepository(app.db),
      foresight: new ForesightRepository(app.db),
      markets: new MarketChainRepository(app.db),
      fairness: new FairnessRepository(app.db),
    };
    this.#programs = options.programs ?? {
      wager: WAGER_PROGRAM_ADDRESS,
      foresight: FORESIGHT_PROGRAM_ADDRESS,
    };
    const onActivity = options.onActivity;
    this.#waker =
      onActivity === undefined
        ? null
        : new LogsWaker({
            wsUrl: app.chain.wsUrl,
            programs: PROGRAM_KEYS.map((key) => this.#programs[key]),
            onActivity,
            onError: (error) => {
              app.log.warn({ err: error }, 'indexer log subscription failed; reconnecting');
            },
          });
  }

  /** One run: discover new signatures, then apply up to the run's bound, oldest first. */
  async run(signal: AbortSignal): Promise<void> {
    const started = performance.now();
    if (this.#waker !== null && !this.#waker.isOpen && !signal.aborted) {
      this.#waker.open();
      signal.addEventListener('abort', () => this.#waker?.close(), { once: true });
    }
    const planning = this.dryRun ? ([] as PlannedTransaction[]) : null;
    const tip = await this.#readTip();
    for (const key of await this.#cursors.sync()) this.#backlog[key] = [];
    await this.#discover(signal);
    const queue = mergeBacklogs(this.#backlog).slice(0, this.#max);
    // Fetching the next chunk overlaps applying this one: RPC round trips and database writes interleave.
    const fetchChunk = (start: number) => this.#fetchChunk(queue.slice(start, start + this.#concurrency));
    let next = queue.length > 0 ? fetchChunk(0) : null;
    for (let start = 0; start < queue.length && next !== null; start += this.#concurrency) {
      if (aborted(signal)) break;
      const chunk = queue.slice(start, start + this.#concurrency);
      const fetched = await next;
      const following = start + this.#concurrency;
      next = following < queue.length ? fetchChunk(following) : null;
      // A prefetch left behind by an early exit must not surface as an unhandled rejection.
      next?.catch(() => undefined);
      for (let k = 0; k < chunk.length; k += this.#batchSize) {
        // Between batches: a stop (or the test's abort) leaves every applied one committed.
        if (aborted(signal)) break;
        const items = chunk.slice(k, k + this.#batchSize);
        const batch = items.map((item, i) => ({ item, ...fetched[k + i]! }));
        if (planning === null) await this.#apply(batch);
        else planning.push(...(await this.#plan(batch)));
      }
    }
    if (planning !== null && planning.length > 0) {
      this.#lastPlan = planning;
      this.#lastPlannedAt = this.#app.now();
    }
    if (tip !== null && !aborted(signal) && this.#pendingCount() === 0) {
      this.#indexedThrough = Math.max(this.#indexedThrough ?? 0, tip);
    }
    this.#lastRunMs = performance.now() - started;
  }

  /**
   * `slotsBehind`: from the oldest transaction not yet applied (or, with none, the last tip a run ended
   * caught up with) to the tip the last run read, plus a slot per 400 ms since that read, so that the
   * figure keeps growing while no run completes (a hung or stopped indexer). Null before the first tip.
   */
  lag(): WorkerLag {
    const tip = this.#tip;
    if (tip === null) return { slotsBehind: null };
    const pending = [...this.#backlog.wager, ...this.#backlog.foresight].map((item) => item.slot);
    const from = pending.length > 0 ? Math.min(...pending) - 1 : this.#indexedThrough;
    if (from === null) return { slotsBehind: null };
    const since = Math.max(0, Math.floor((this.#app.now() - tip.at) / SLOT_MS));
    return { slotsBehind: Math.max(0, tip.slot - from) + since };
  }

  /** Slots between the oldest transaction not yet applied and the newest discovered, × 400 ms. */
  lagMs(): number {
    const pending = [...this.#backlog.wager, ...this.#backlog.foresight];
    if (pending.length === 0) return 0;
    const slots = pending.map((item) => item.slot);
    return (Math.max(...slots) - Math.min(...slots) + 1) * SLOT_MS;
  }

  /**
   * Cursors and counts for the health record. In dry-run the cursors are this instance's planning
   * position (never stored), `planned` counts the transactions planned, `lastPlanned` shows the newest of
   * the last run's plan and `lastPlannedAt` when it was made.
   */
  details(): Readonly<Record<string, unknown>> {
    return {
      dryRun: this.dryRun,
      cursors: this.#cursors.snapshot(),
      pending: this.#backlog.wager.length + this.#backlog.foresight.length,
      applied: this.#counters.applied,
      alreadyIndexed: this.#counters.alreadyIndexed,
      failedTransactions: this.#counters.failedTransactions,
      events: this.#counters.events,
      planned: this.#counters.planned,
      lastPlanned: this.#lastPlan.slice(-PLAN_SHOWN),
      lastPlannedAt: this.#lastPlannedAt,
      lastRunMs: Math.round(this.#lastRunMs),
      subscription:
        this.#waker === null
          ? null
          : {
              open: this.#waker.isOpen,
              notifications: this.#waker.notifications,
              reconnects: this.#waker.reconnects,
            },
    };
  }

  /** The chain's tip now (`confirmed`), remembered for {@link lag}; null when the RPC does not answer. */
  async #readTip(): Promise<number | null> {
    try {
      const slot = Number(await this.#app.chain.rpc.getSlot({ commitment: 'confirmed' }).send());
      this.#tip = { slot, at: this.#app.now() };
      return slot;
    } catch {
      // The discovery that follows meets the same failure and reports it.
      return null;
    }
  }

  #pendingCount(): number {
    return this.#backlog.wager.length + this.#backlog.foresight.length;
  }

  /** In dry-run, what the last run that found anything planned, oldest first (empty otherwise). */
  lastPlan(): readonly PlannedTransaction[] {
    return this.#lastPlan;
  }

  /** Closes the log subscriptions. */
  close(): void {
    this.#waker?.close();
  }

  async #discover(signal: AbortSignal): Promise<void> {
    await Promise.all(
      PROGRAM_KEYS.map(async (key) => {
        const tail = this.#backlog[key].at(-1) ?? null;
        const known = this.#cursors.get(key);
        const after = tail ?? known;
        const fresh = await fetchNewSignatures(
          this.#app.chain.rpc,
          this.#programs[key],
          tail?.signature ?? known?.signature ?? null,
          signal,
        );
        this.#backlog[key].push(...numberInSlot(fresh, after));
      }),
    );
  }

  /**
   * Fetches `items` with one JSON-RPC batch request when it can (one HTTP round trip, plain JSON parsing),
   * falling back to one kit call per transaction if the endpoint refuses batches or answers oddly.
   */
  async #fetchChunk(
    items: readonly PendingSignature[],
  ): Promise<{ decoded: DecodedTransaction; prefetched: Prefetched }[]> {
    const live = items.filter((item) => !item.failed).map((item) => item.signature);
    let batch: ReadonlyMap<string, JsonTransaction> | null = null;
    if (live.length > 1) {
      try {
        batch = await getTransactionsBatch(this.#app.chain.rpcUrl, live);
      } catch {
        batch = null;
      }
    }
    const decoded = await Promise.all(items.map((item) => this.#fetch(item, batch?.get(item.signature))));
    const prefetched = await this.#prefetch(decoded);
    return decoded.map((transaction, index) => ({ decoded: transaction, prefetched: prefetched[index]! }));
  }

  async #fetch(item: PendingSignature, preloaded?: JsonTransaction): Promise<DecodedTransaction> {
    if (item.failed) return { failed: true, actions: [], eventCount: 0, blockTime: item.blockTime };
    const tx =
      preloaded ??
      (await this.#app.chain.rpc
        .getTransaction(item.signature as Signature, {
          maxSupportedTransactionVersion: 0,
          encoding: 'json',
          commitment: 'confirmed',
        })
        .send());
    if (tx === null) throw new Error(`transaction ${item.signature} not found`);
    return decodeTransaction(item.signature, tx);
  }

  /**
   * Chain state the actions of each of `transactions` need and the database may lack: round accounts, old
   * bet records (their referral), and the records of bets made with `create_bet` (their sequence:
   * `betSequence` in `apply-actions.ts` explains why the record as it is now is the robust source). One
   * query per table and one account request (per 100 addresses) serve the whole chunk.
   */
  async #prefetch(transactions: readonly DecodedTransaction[]): Promise<Prefetched[]> {
    const candidates = transactions.map((decoded) => roundsOf(decoded.actions));
    const created = transactions.map((decoded) => {
      const initialised = new Set(
        decoded.actions.flatMap((action) => (action.kind === 'init_bet' ? [action.bet] : [])),
      );
      return decoded.actions.flatMap((action) =>
        action.kind === 'create_bet' && !initialised.has(action.bet) ? [action.bet] : [],
      );
    });
    const allRounds = [...new Set(candidates.flat())];
    const allBets = [...new Set(created.flat())];
    const [presentRounds, presentBets] = await Promise.all([
      this.#repositories.foresight.knownRounds(allRounds),
      this.#repositories.bets.knownAccounts(allBets),
    ]);
    const wanted = transactions.map((decoded, index) => {
      // A round update carries no times or prices: always read them. A bet needs the round only when missing.
      const ticks = new Set(
        decoded.actions.flatMap((action) => (action.kind === 'round_update' ? [action.round] : [])),
      );
      const sequenced = decoded.actions.flatMap((action) =>
        action.kind === 'create_bet' && action.playerSeed !== null ? [action.bet] : [],
      );
      return {
        rounds: new Set(candidates[index]!.filter((round) => ticks.has(round) || !presentRounds.has(round))),
        bets: new Set([...created[index]!.filter((bet) => !presentBets.has(bet)), ...sequenced]),
      };
    });
    const wantedRounds = [...new Set(wanted.flatMap((want) => [...want.rounds]))];
    const wantedBets = [...new Set(wanted.flatMap((want) => [...want.bets]))];
    const accounts = await this.#readAccounts([...wantedRounds, ...wantedBets] as Address[]);
    const rounds = new Map<string, EventAccount | null>();
    const bets = new Map<string, BetAccount | null>();
    for (const address of wantedRounds) rounds.set(address, decodeOrNull(accounts.get(address), decodeEvent));
    for (const address of wantedBets) bets.set(address, decodeOrNull(accounts.get(address), decodeBet));
    return wanted.map((want) => ({
      rounds: new Map([...want.rounds].map((address) => [address, rounds.get(address) ?? null])),
      bets: new Map([...want.bets].map((address) => [address, bets.get(address) ?? null])),
    }));
  }

  /** The raw data of each of `addresses` (null: no account), 100 per request. */
  async #readAccounts(addresses: readonly Address[]): Promise<Map<string, ReadonlyUint8Array | null>> {
    const found = new Map<string, ReadonlyUint8Array | null>();
    const base64 = getBase64Encoder();
    for (let start = 0; start < addresses.length; start += 100) {
      const slice = addresses.slice(start, start + 100);
      const { value } = await this.#app.chain.rpc
        .getMultipleAccounts(slice, { encoding: 'base64', commitment: 'confirmed' })
        .send();
      slice.forEach((address, index) => {
        const info = value[index];
        found.set(address, info === null || info === undefined ? null : base64.encode(info.data[0]));
      });
    }
    return found;
  }

  /** Applies `batch` (in order) in one database transaction, then announces what changed. */
  async #apply(batch: readonly Fetched[]): Promise<void> {
    const outcomes = await this.#app.db.transaction((tx) => this.#write(tx, batch));
    this.#committed(batch);
    const announced: Effects[] = [];
    batch.forEach(({ decoded }, index) => {
      const outcome = outcomes[index]!;
      this.#count(decoded, outcome.fresh);
      if (outcome.effects !== null) announced.push(outcome.effects);
    });
    if (announced.length > 0) {
      await this.#announce({
        juice: new Set(announced.flatMap((effects) => [...effects.juice])),
        marketsChanged: announced.some((effects) => effects.marketsChanged),
        feed: announced.flatMap((effects) => effects.feed),
      });
    }
  }

  /**
   * The batch's writes, in `tx`: its rows in `indexed_signatures` (one statement; what it returns is new,
   * consumed in order: a signature repeated in the batch is fresh only the first time), the actions of each
   * fresh transaction that did not fail, and the cursors.
   */
  async #write(tx: Queryable, batch: readonly Fetched[]): Promise<Outcome[]> {
    const contexts = batch.map(({ item, decoded }) => this.#context(item, decoded));
    const unapplied = await this.#indexed.recordSignatures(
      tx,
      contexts.map((ctx, index) => ({
        signature: ctx.signature,
        slot: ctx.slot,
        txIndex: ctx.wagerIndex,
        failed: batch[index]!.decoded.failed,
        events: batch[index]!.decoded.eventCount,
        blockTime: ctx.blockTime,
      })),
    );
    const outcomes: Outcome[] = [];
    for (const [index, { item, decoded, prefetched }] of batch.entries()) {
      const fresh = unapplied.delete(item.signature);
      const effects =
        fresh && !decoded.failed
          ? await applyActions(tx, this.#repositories, contexts[index]!, decoded.actions, prefetched)
          : null;
      await this.#beforeCommit?.(item.signature);
      outcomes.push({ fresh, effects });
    }
    await this.#cursors.save(tx, CursorStore.after(batch.map(({ item }) => item)));
    return outcomes;
  }

  /** Where a transaction sits and when it was confirmed (block time, else now). */
  #context(
    item: PendingSignature,
    decoded: DecodedTransaction,
  ): TransactionContext & { blockTime: number | null } {
    const blockTime = decoded.blockTime ?? item.blockTime;
    return {
      signature: item.signature,
      slot: item.slot,
      wagerIndex: item.positions.wager ?? item.positions.foresight ?? 0,
      foresightIndex: item.positions.foresight ?? item.positions.wager ?? 0,
      blockTime,
      timeMs: blockTime === null ? this.#app.now() : blockTime * 1000,
    };
  }

  /** Committed (or planned): moves this instance's view of the cursors and drops the items from the backlog. */
  #committed(batch: readonly Fetched[]): void {
    for (const { item } of batch) {
      for (const key of PROGRAM_KEYS) {
        const position = item.positions[key];
        if (position === undefined) continue;
        this.#cursors.advance(key, { signature: item.signature, slot: item.slot, txIndex: position });
        const backlog = this.#backlog[key];
        const at = backlog.findIndex((entry) => entry.signature === item.signature);
        if (at >= 0) backlog.splice(0, at + 1);
      }
    }
  }

  #count(decoded: DecodedTransaction, fresh: boolean): void {
    if (!fresh) {
      this.#counters.alreadyIndexed += 1;
      return;
    }
    this.#counters.applied += 1;
    this.#counters.events += decoded.eventCount;
    if (decoded.failed) this.#counters.failedTransactions += 1;
  }

  /**
   * Dry-run: what applying `batch` would do, logged, with nothing written. Which transactions were applied
   * already is read; the plan's position moves in memory only.
   */
  async #plan(batch: readonly Fetched[]): Promise<PlannedTransaction[]> {
    const applied = await this.#indexed.applied(batch.map(({ item }) => item.signature));
    const seen = new Set<string>();
    const plan = batch.map(({ item, decoded }): PlannedTransaction => {
      const alreadyIndexed = applied.has(item.signature) || seen.has(item.signature);
      seen.add(item.signature);
      return {
        signature: item.signature,
        slot: item.slot,
        alreadyIndexed,
        failed: decoded.failed,
        actions: alreadyIndexed || decoded.failed ? [] : decoded.actions.map((action) => action.kind),
      };
    });
    this.#committed(batch);
    this.#counters.planned += plan.length;
    this.#app.log.info(
      { worker: this.name, plan },
      `indexer dry run: would apply ${plan.filter((entry) => !entry.alreadyIndexed).length} transaction(s)`,
    );
    return plan;
  }

  async #announce(effects: Effects): Promise<void> {
    for (const address of effects.juice) this.#app.juiceCache.delete(address);
    if (effects.marketsChanged) this.#app.marketListCache.clear();
    await publishFeedItems(this.#app, effects.feed);
  }
}

/**
 * Publishes committed feed items with their players' usernames, in order. Whoever records a result
 * first (the indexer, or the settler recording its own reveals) publishes it; a second publication of the
 * same item is harmless (clients replace items by kind and id).
 */
export async function publishFeedItems(
  app: FastifyInstance,
  items: readonly PendingFeedItem[],
): Promise<void> {
  if (items.length === 0) return;
  let names = new Map<string, string | null>();
  try {
    names = await app.repositories.users.usernamesOf(items.map((item) => item.userId));
  } catch (error) {
    // The items are committed; a feed without usernames beats no feed.
    app.log.warn({ err: error }, 'could not read usernames for the feed');
  }
  for (const item of items) app.feed.publish(toFeedItem(item, names.get(item.userId) ?? null));
}

/**
 * `getTransaction` (json, confirmed) for every signature in one JSON-RPC batch request. Integers too large
 * for a double (lamport balances above 2^53) come back as `bigint`, read from their source text.
 *
 * @throws Error when the request fails, or any answer is an error or missing (the caller falls back).
 */
export async function getTransactionsBatch(
  rpcUrl: string,
  signatures: readonly string[],
): Promise<ReadonlyMap<string, JsonTransaction>> {
  const response = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(
      signatures.map((signature, id) => ({
        jsonrpc: '2.0',
        id,
        method: 'getTransaction',
        params: [signature, { encoding: 'json', maxSupportedTransactionVersion: 0, commitment: 'confirmed' }],
      })),
    ),
    signal: AbortSignal.timeout(30_000),
  });
  if (!response.ok) throw new Error(`batch getTransaction answered ${response.status}`);
  const parsed: unknown = JSON.parse(await response.text(), bigIntReviver);
  if (!Array.isArray(parsed)) throw new Error('batch getTransaction answered with no array');
  const found = new Map<string, JsonTransaction>();
  for (const entry of parsed as { id?: unknown; result?: unknown }[]) {
    const signature = typeof entry.id === 'number' ? signatures[entry.id] : undefined;
    if (signature === undefined || entry.result === null || typeof entry.result !== 'object') {
      throw new Error('batch getTransaction answered without a transaction');
    }
    found.set(signature, entry.result as JsonTransaction);
  }
  if (found.size !== signatures.length) throw new Error('batch getTransaction answered partly');
  return found;
}

/** `JSON.parse` reviver: integers beyond 2^53 become `bigint` from their source text (no precision lost). */
function bigIntReviver(this: unknown, _key: string, value: unknown, context?: { source?: string }): unknown {
  if (typeof value === 'number' && !Number.isSafeInteger(value) && context?.source !== undefined) {
    if (/^-?\d+$/.test(context.source)) return BigInt(context.source);
  }
  return value;
}

/** The account decoded, or null when it is missing or not what `decode` reads. */
function decodeOrNull<T>(
  bytes: ReadonlyUint8Array | null | undefined,
  decode: (bytes: ReadonlyUint8Array) => T,
): T | null {
  if (bytes === null || bytes === undefined) return null;
  try {
    return decode(bytes);
  } catch {
    return null;
  }
}

/** Reads the flag afresh (TypeScript narrows `signal.aborted` across awaits). */
function aborted(signal: AbortSignal): boolean {
  return signal.aborted;
}

/** A committed row as the feed shows it. */
export function toFeedItem(item: PendingFeedItem, user: string | null): FeedItem {
  switch (item.kind) {
    case 'bet':
      return {
        kind: 'bet',
        id: String(item.id),
        signature: item.signature,
        amount: item.amount.toString(),
        odds: item.odds,
        type: item.type,
        metadata: { mint: item.mint, listingPrice: item.listingPrice.toString() },
        // The listing price is already in lamports; the token's own price is a display nicety left to 1.
        tokenPrice: 1,
        user,
        userId: item.userId,
        timestamp: item.timestamp,
        result: item.result,
      };
    case 'prediction':
      return {
        kind: 'prediction',
        id: String(item.id),
        signature: item.signature,
        prediction: item.prediction,
        amount: item.amount.toString(),
        won: item.won,
        config: item.config,
        event: item.event,
        user,
        userId: item.userId,
        timestamp: item.timestamp,
      };
    case 'marketbet':
      return {
        kind: 'marketbet',
        id: String(item.id),
        signature: item.signature,
        market: item.market,
        result: item.result,
        amount: item.amount.toString(),
        user,
        userId: item.userId,
        timestamp: item.timestamp,
        won: item.won,
      };
  }
}

/**
 * The indexer worker of `app`, for the standard worker set or a test.
 *
 * @example
 * ```ts
 * let runner: WorkerRunner | undefined;
 * const indexer = createIndexerWorker(app, { onActivity: () => runner?.wake() });
 * ```
 */
export function createIndexerWorker(app: FastifyInstance, options: IndexerOptions = {}): IndexerWorker {
  return new IndexerWorker(app, options);
}
