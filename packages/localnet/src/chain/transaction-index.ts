/**
 * The transactions that landed, by signature and by the addresses it loaded (the oldest pruned past a bound).
 *
 * The validator answers `getSignaturesForAddress` from an address→signature index over its ledger; this
 * is that index over the history the node keeps (bounded, see {@link TransactionIndex.prune}), newest
 * last in each list (queries walk it backwards). Each transaction is kept packed
 * ({@link PackedTransactionRecord}): its summary as is, the rest deflated until `getTransaction` asks.
 *
 * @module
 */

import type { TransactionErrorJson } from '../wire/transaction-error.ts';
import {
  isPacked,
  packRecord,
  unpackRecord,
  type PackedTransactionRecord,
  type TransactionSummary,
} from './packed-transaction.ts';

/** A token balance of one account of a transaction, before or after it. */
export interface TokenBalanceRecord {
  readonly accountIndex: number;
  readonly mint: string;
  readonly owner: string;
  readonly programId: string;
  readonly amount: bigint;
  readonly decimals: number;
}

/** An instruction a program invoked, as LiteSVM recorded it. */
export interface InnerInstructionRecord {
  readonly programIdIndex: number;
  readonly accounts: readonly number[];
  readonly data: Uint8Array;
  readonly stackHeight: number;
}

/** What the node keeps of a landed transaction: its bytes and its status meta. */
export interface TransactionRecord {
  /** Position in the node's history, from 0. */
  readonly sequence: number;
  readonly signature: string;
  readonly slot: bigint;
  readonly blockTime: number;
  /** The transaction exactly as sent. */
  readonly wire: Uint8Array;
  readonly version: 'legacy' | 0;
  readonly err: TransactionErrorJson | null;
  readonly fee: bigint;
  readonly logs: readonly string[];
  readonly preBalances: readonly bigint[];
  readonly postBalances: readonly bigint[];
  readonly preTokenBalances: readonly TokenBalanceRecord[];
  readonly postTokenBalances: readonly TokenBalanceRecord[];
  readonly computeUnitsConsumed: bigint;
  /** Per top-level instruction index, the instructions it invoked (only non-empty entries). */
  readonly innerInstructions: readonly {
    readonly index: number;
    readonly instructions: readonly InnerInstructionRecord[];
  }[];
  readonly returnData: { readonly programId: string; readonly data: Uint8Array } | null;
  readonly loadedAddresses: { readonly writable: readonly string[]; readonly readonly: readonly string[] };
  /** The memos of SPL Memo instructions, formatted as the validator does, or `null`. */
  readonly memo: string | null;
}

/** Paging of `getSignaturesForAddress`. */
export interface SignatureQuery {
  /** Start strictly before this signature. */
  readonly before?: string;
  /** Stop at (and exclude) this signature. */
  readonly until?: string;
  readonly limit: number;
}

/** A {@link TransactionIndex} as plain data, for saving the chain. */
export interface TransactionIndexData {
  /**
   * Every record kept, oldest first, with consecutive sequences (older ones were pruned): packed as the
   * index keeps them, or full (a state saved before records were packed; packed when restored).
   */
  readonly records: readonly (PackedTransactionRecord | TransactionRecord)[];
  /** Per address, the sequences of the kept transactions that loaded it, oldest first. */
  readonly byAddress: readonly (readonly [string, readonly number[]])[];
  /** The newest slot whose transactions were pruned; absent (or `null`) when none was. */
  readonly prunedThroughSlot?: bigint | null;
  /** The sequence the next transaction gets; absent in a file saved before pruning existed. */
  readonly nextSequence?: number;
}

/** A kept transaction and the addresses it is listed under (the strings of their {@link AddressList}s). */
interface Entry {
  readonly record: PackedTransactionRecord;
  readonly addresses: readonly string[];
}

/**
 * The kept transactions that loaded an address, oldest first, and the address: one string for every entry
 * that lists it, rather than each transaction's own copy.
 */
interface AddressList {
  readonly address: string;
  readonly records: PackedTransactionRecord[];
}

/**
 * The node's transaction history, bounded like the validator's `--limit-ledger-size`: {@link prune}
 * drops the oldest whole slots, and what was dropped is answered as a validator answers for a cleaned-up
 * ledger (no transaction, no status, not listed).
 */
export class TransactionIndex {
  /** Oldest first (a Map iterates in insertion order, so the oldest are dropped from its front). */
  readonly #bySignature = new Map<string, Entry>();
  readonly #byAddress = new Map<string, AddressList>();
  #nextSequence = 0;
  #prunedThroughSlot: bigint | null = null;

  /** How many transactions are kept. */
  get size(): number {
    return this.#bySignature.size;
  }

  /** The next record's `sequence`. */
  get nextSequence(): number {
    return this.#nextSequence;
  }

  /** The oldest slot whose transactions are all kept: 0 until anything was pruned. */
  get firstAvailableSlot(): bigint {
    return this.#prunedThroughSlot === null ? 0n : this.#prunedThroughSlot + 1n;
  }

  /** Adds a landed transaction (packed) under its signature and every address it loaded. */
  add(landed: TransactionRecord, addresses: Iterable<string>): void {
    if (landed.sequence !== this.#nextSequence) {
      throw new Error(
        `transaction ${landed.signature} has sequence ${landed.sequence}, expected ${this.#nextSequence}`,
      );
    }
    const record = packRecord(landed);
    const listed: string[] = [];
    for (const address of addresses) {
      const list = this.#byAddress.get(address);
      if (list) {
        // A key listed twice (only possible across lookups) must not list the transaction twice.
        if (list.records.at(-1) === record) continue;
        list.records.push(record);
        listed.push(list.address);
      } else {
        this.#byAddress.set(address, { address, records: [record] });
        listed.push(address);
      }
    }
    this.#bySignature.set(record.signature, { record, addresses: listed });
    this.#nextSequence += 1;
  }

  /**
   * Drops the oldest slots while more than `limit` transactions are kept, whole slots at a time, but never
   * a slot at or after `keepFromSlot` (the slots whose blockhashes are still valid: a transaction whose
   * record is kept cannot land twice).
   *
   * @returns how many transactions were dropped.
   */
  prune(limit: number, keepFromSlot: bigint): number {
    let excess = this.#bySignature.size - limit;
    if (excess <= 0) return 0;
    // The newest slot to drop: the slot of the oldest transaction that has to go to get under the limit.
    let cutoff: bigint | null = null;
    for (const { record } of this.#bySignature.values()) {
      if (record.slot >= keepFromSlot) break;
      cutoff = record.slot;
      excess -= 1;
      if (excess <= 0) break;
    }
    if (cutoff === null) return 0;
    const dropped = new Map<string, number>();
    let count = 0;
    for (const [signature, { record, addresses }] of this.#bySignature) {
      if (record.slot > cutoff) break;
      this.#bySignature.delete(signature);
      for (const address of addresses) dropped.set(address, (dropped.get(address) ?? 0) + 1);
      count += 1;
    }
    // The dropped transactions are the oldest of every list they are in.
    for (const [address, n] of dropped) {
      const { records } = this.#byAddress.get(address)!;
      if (n >= records.length) this.#byAddress.delete(address);
      else records.splice(0, n);
    }
    this.#prunedThroughSlot = cutoff;
    return count;
  }

  /** The whole index as plain data, records packed (shared, not copied). */
  export(): TransactionIndexData {
    const records = [...this.#bySignature.values()].map(({ record }) => record);
    const byAddress = [...this.#byAddress].map(
      ([address, { records }]) => [address, records.map((record) => record.sequence)] as const,
    );
    return {
      records,
      byAddress,
      prunedThroughSlot: this.#prunedThroughSlot,
      nextSequence: this.#nextSequence,
    };
  }

  /**
   * The index {@link export} described.
   *
   * @throws Error when the records' sequences are not consecutive or an address lists an unknown sequence.
   */
  static from(data: TransactionIndexData): TransactionIndex {
    const index = new TransactionIndex();
    const first = data.records[0]?.sequence ?? 0;
    const bySequence = new Map<number, PackedTransactionRecord>();
    const records = data.records.map((record) => (isPacked(record) ? record : packRecord(record)));
    records.forEach((record, position) => {
      if (record.sequence !== first + position) {
        throw new Error(
          `transaction ${record.signature} has sequence ${record.sequence}, expected ${first + position}`,
        );
      }
      bySequence.set(record.sequence, record);
    });
    const addressesOf = new Map<PackedTransactionRecord, string[]>();
    for (const [address, sequences] of data.byAddress) {
      index.#byAddress.set(address, {
        address,
        records: sequences.map((sequence) => {
          const record = bySequence.get(sequence);
          if (!record) throw new Error(`address ${address} lists unknown transaction ${sequence}`);
          const addresses = addressesOf.get(record);
          if (addresses) addresses.push(address);
          else addressesOf.set(record, [address]);
          return record;
        }),
      });
    }
    for (const record of records) {
      index.#bySignature.set(record.signature, { record, addresses: addressesOf.get(record) ?? [] });
    }
    index.#nextSequence = data.nextSequence ?? first + records.length;
    index.#prunedThroughSlot = data.prunedThroughSlot ?? null;
    return index;
  }

  /** The transaction with this (first) signature, unpacked, unless it was pruned. */
  get(signature: string): TransactionRecord | undefined {
    const entry = this.#bySignature.get(signature);
    return entry === undefined ? undefined : unpackRecord(entry.record);
  }

  /** Where and how the transaction with this (first) signature landed, unless it was pruned. */
  status(signature: string): TransactionSummary | undefined {
    return this.#bySignature.get(signature)?.record;
  }

  /** Whether a transaction with this signature landed and is kept. */
  has(signature: string): boolean {
    return this.#bySignature.has(signature);
  }

  /**
   * Kept transactions that loaded `address`, newest first.
   *
   * `before` and `until` are positions in the node's history (they need not involve `address`), as on
   * the validator: an unknown (or pruned) `before` gives no results and an unknown `until` does not stop
   * the walk.
   */
  signaturesForAddress(address: string, query: SignatureQuery): TransactionSummary[] {
    const list = this.#byAddress.get(address)?.records;
    if (!list) return [];
    let start = list.length - 1;
    if (query.before !== undefined) {
      const before = this.status(query.before);
      if (!before) return [];
      start = positionBefore(list, before.sequence);
    }
    const until = query.until === undefined ? undefined : this.status(query.until);
    const results: TransactionSummary[] = [];
    for (let i = start; i >= 0 && results.length < query.limit; i--) {
      const record = list[i]!;
      if (until && record.sequence <= until.sequence) break;
      results.push(record);
    }
    return results;
  }
}

/** Index of the last record in `list` (ordered by sequence) older than `sequence`, or -1. */
function positionBefore(list: readonly TransactionSummary[], sequence: number): number {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (list[middle]!.sequence < sequence) low = middle + 1;
    else high = middle;
  }
  return low - 1;
}
