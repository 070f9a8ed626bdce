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
 * @module
 */

import { decodeEvent, type EventAccount } from '@arcade/sdk/foresight/accounts';
import { FORESIGHT_PROGRAM_ADDRESS } from '@arcade/sdk/foresight/program';
import { decodeBet, type BetAccount } from '@arcade/sdk/wager/accounts';
import { WAGER_PROGRAM_ADDRESS } from '@arcade/sdk/wager/program';
import { getBase64Encoder, type Address, type ReadonlyUint8Array, type Signature } from '@solana/kit';
import type { FastifyInstance } from 'fastify';

import type { FeedItem } from '../../events/feed-items.ts';
import type { Worker } from '../worker.ts';
import { applyActions, type Effects, type PendingFeedItem, type Prefetched } from './apply-actions.ts';
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
  type Cursor,
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
  /** Called inside each transaction's database transaction before it commits; throwing rolls it back (tests). */
  readonly beforeCommit?: (signature: string) => void | Promise<void>;
  /** The programs' addresses; default the SDK's. */
  readonly programs?: Readonly<Record<ProgramKey, Address>>;
}

const PROGRAM_KEYS: readonly ProgramKey[] = ['wager', 'foresight'];
/** A slot's nominal length, for the lag estimate. */
const SLOT_MS = 400;

type Numbered = PendingItem & { readonly txIndex: number };

/** The indexer {@link Worker}. */
export class IndexerWorker implements Worker {
  readonly name = INDEXER_WORKER_NAME;
  readonly intervalMs: number;
  readonly #app: FastifyInstance;
  readonly #max: number;
  readonly #concurrency: number;
  readonly #batchSize: number;
  readonly #beforeCommit: IndexerOptions['beforeCommit'];
  readonly #programs: Readonly<Record<ProgramKey, Address>>;
  readonly #waker: LogsWaker | null;
  /** Discovered, not yet applied, per program, oldest first. */
  #backlog: Record<ProgramKey, Numbered[]> = { wager: [], foresight: [] };
  /** The cursor this instance last read or wrote, per program: a different stored one means another leader. */
  #known: Record<ProgramKey, Cursor | null> = { wager: null, foresight: null };
  #loaded = false;
  #applied = 0;
  #skipped = 0;
  #failed = 0;
  #events = 0;
  #lastRunMs = 0;

  constructor(app: FastifyInstance, options: IndexerOptions = {}) {
    this.#app = app;
    this.intervalMs = options.intervalMs ?? 1_000;
    this.#max = options.maxTransactionsPerRun ?? 500;
    this.#concurrency = options.fetchConcurrency ?? 64;
    this.#batchSize = Math.max(1, options.applyBatchSize ?? 64);
    this.#beforeCommit = options.beforeCommit;
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
    await this.#syncCursors();
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
        await this.#apply(items.map((item, i) => ({ item, ...fetched[k + i]! })));
      }
    }
    this.#lastRunMs = performance.now() - started;
  }

  /** Slots between the oldest transaction not yet applied and the newest discovered, × 400 ms. */
  lagMs(): number {
    const pending = [...this.#backlog.wager, ...this.#backlog.foresight];
    if (pending.length === 0) return 0;
    const slots = pending.map((item) => item.slot);
    return (Math.max(...slots) - Math.min(...slots) + 1) * SLOT_MS;
  }

  /** Cursors and counts for the health record. */
  details(): Readonly<Record<string, unknown>> {
    return {
      cursors: Object.fromEntries(
        PROGRAM_KEYS.map((key) => [key, this.#known[key] === null ? null : { ...this.#known[key] }]),
      ),
      pending: this.#backlog.wager.length + this.#backlog.foresight.length,
      applied: this.#applied,
      alreadyIndexed: this.#skipped,
      failedTransactions: this.#failed,
      events: this.#events,
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

  /** Closes the log subscriptions. */
  close(): void {
    this.#waker?.close();
  }

  async #syncCursors(): Promise<void> {
    const rows = await this.#app.db.query<{
      program: ProgramKey;
      last_signature: string;
      last_slot: number;
      last_tx_index: number;
    }>('SELECT program, last_signature, last_slot, last_tx_index FROM indexer_cursors');
    for (const key of PROGRAM_KEYS) {
      const row = rows.find((candidate) => candidate.program === key);
      const stored: Cursor | null =
        row === undefined
          ? null
          : { signature: row.last_signature, slot: row.last_slot, txIndex: row.last_tx_index };
      // Another leader moved the cursor (or this is the first run): what was discovered may be stale.
      if (!this.#loaded || stored?.signature !== this.#known[key]?.signature) {
        this.#backlog[key] = [];
        this.#known[key] = stored;
      }
    }
    this.#loaded = true;
  }

  async #discover(signal: AbortSignal): Promise<void> {
    await Promise.all(
      PROGRAM_KEYS.map(async (key) => {
        const tail = this.#backlog[key].at(-1) ?? null;
        const after = tail ?? this.#known[key];
        const fresh = await fetchNewSignatures(
          this.#app.chain.rpc,
          this.#programs[key],
          tail?.signature ?? this.#known[key]?.signature ?? null,
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
    const [knownRounds, knownBets] = await Promise.all([
      allRounds.length === 0
        ? []
        : this.#app.db.query<{ address: string }>(
            'SELECT address FROM foresight_rounds WHERE address = ANY($1::text[])',
            [allRounds],
          ),
      allBets.length === 0
        ? []
        : this.#app.db.query<{ bet_address: string }>(
            'SELECT bet_address FROM indexed_bet_accounts WHERE bet_address = ANY($1::text[])',
            [allBets],
          ),
    ]);
    const presentRounds = new Set(knownRounds.map((row) => row.address));
    const presentBets = new Set(knownBets.map((row) => row.bet_address));
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
  async #apply(
    batch: readonly { item: PendingSignature; decoded: DecodedTransaction; prefetched: Prefetched }[],
  ): Promise<void> {
    const { juice, referrals } = this.#app.repositories;
    const outcomes = await this.#app.db.transaction(async (tx) => {
      const rows = batch.map(({ item, decoded }) => {
        const blockTime = decoded.blockTime ?? item.blockTime;
        return {
          signature: item.signature,
          slot: item.slot,
          wagerIndex: item.positions.wager ?? item.positions.foresight ?? 0,
          foresightIndex: item.positions.foresight ?? item.positions.wager ?? 0,
          failed: decoded.failed,
          events: decoded.eventCount,
          blockTime,
          timeMs: blockTime === null ? this.#app.now() : blockTime * 1000,
        };
      });
      // One statement records the whole batch (a repeated signature once); what it returns is new.
      const firsts = rows.filter(
        (row, index) => rows.findIndex((other) => other.signature === row.signature) === index,
      );
      const inserted = await tx.query<{ signature: string }>(
        `INSERT INTO indexed_signatures (signature, slot, tx_index, failed, events, block_time)
         SELECT * FROM unnest($1::text[], $2::int8[], $3::int[], $4::bool[], $5::int[], $6::int8[])
         ON CONFLICT (signature) DO NOTHING RETURNING signature`,
        [
          firsts.map((row) => row.signature),
          firsts.map((row) => row.slot),
          firsts.map((row) => row.wagerIndex),
          firsts.map((row) => row.failed),
          firsts.map((row) => row.events),
          firsts.map((row) => row.blockTime),
        ],
      );
      // Consumed in order: a signature repeated in the batch is fresh only the first time.
      const unapplied = new Set(inserted.map((row) => row.signature));
      const results: { fresh: boolean; effects: Effects | null }[] = [];
      const cursors = new Map<ProgramKey, { signature: string; slot: number; position: number }>();
      for (const [index, { item, decoded, prefetched }] of batch.entries()) {
        const { wagerIndex, foresightIndex, timeMs } = rows[index]!;
        const fresh = unapplied.delete(item.signature);
        let effects: Effects | null = null;
        if (fresh && !decoded.failed) {
          effects = await applyActions(
            tx,
            { juice, referrals },
            { signature: item.signature, slot: item.slot, wagerIndex, foresightIndex, timeMs },
            decoded.actions,
            prefetched,
          );
        }
        for (const key of PROGRAM_KEYS) {
          const position = item.positions[key];
          if (position !== undefined)
            cursors.set(key, { signature: item.signature, slot: item.slot, position });
        }
        await this.#beforeCommit?.(item.signature);
        results.push({ fresh, effects });
      }
      for (const [key, cursor] of cursors) {
        await tx.query(
          `INSERT INTO indexer_cursors (program, last_signature, last_slot, last_tx_index) VALUES ($1, $2, $3, $4)
           ON CONFLICT (program) DO UPDATE SET last_signature = EXCLUDED.last_signature,
             last_slot = EXCLUDED.last_slot, last_tx_index = EXCLUDED.last_tx_index, updated_at = now()`,
          [key, cursor.signature, cursor.slot, cursor.position],
        );
      }
      return results;
    });
    // Committed: move this instance's view of the cursors and drop the items from the backlog.
    const announced: Effects[] = [];
    batch.forEach(({ item, decoded }, index) => {
      for (const key of PROGRAM_KEYS) {
        const position = item.positions[key];
        if (position === undefined) continue;
        this.#known[key] = { signature: item.signature, slot: item.slot, txIndex: position };
        const backlog = this.#backlog[key];
        const at = backlog.findIndex((entry) => entry.signature === item.signature);
        if (at >= 0) backlog.splice(0, at + 1);
      }
      const outcome = outcomes[index]!;
      if (!outcome.fresh) {
        this.#skipped += 1;
        return;
      }
      this.#applied += 1;
      this.#events += decoded.eventCount;
      if (decoded.failed) this.#failed += 1;
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
  const users = [...new Set(items.map((item) => item.userId))];
  let names = new Map<string, string | null>();
  try {
    const rows = await app.db.query<{ address: string; username: string | null }>(
      'SELECT address, username FROM users WHERE address = ANY($1::text[])',
      [users],
    );
    names = new Map(rows.map((row) => [row.address, row.username]));
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
