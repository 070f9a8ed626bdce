/**
 * Every transaction that landed, by signature and by the addresses it loaded.
 *
 * The validator answers `getSignaturesForAddress` from an address→signature index over its ledger; this
 * is that index for the node's whole history, newest last in each list (queries walk it backwards).
 *
 * @module
 */

import type { TransactionErrorJson } from '../wire/transaction-error.ts';

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
  /** Every record, by `sequence` (record `i` has sequence `i`). */
  readonly records: readonly TransactionRecord[];
  /** Per address, the sequences of the transactions that loaded it, oldest first. */
  readonly byAddress: readonly (readonly [string, readonly number[]])[];
}

/** The node's transaction history. */
export class TransactionIndex {
  readonly #bySignature = new Map<string, TransactionRecord>();
  readonly #byAddress = new Map<string, TransactionRecord[]>();

  /** How many transactions have landed. */
  get size(): number {
    return this.#bySignature.size;
  }

  /** The next record's `sequence`. */
  get nextSequence(): number {
    return this.#bySignature.size;
  }

  /** Adds a landed transaction under its signature and every address it loaded. */
  add(record: TransactionRecord, addresses: Iterable<string>): void {
    this.#bySignature.set(record.signature, record);
    for (const address of addresses) {
      const list = this.#byAddress.get(address);
      if (list) {
        // A key listed twice (only possible across lookups) must not list the transaction twice.
        if (list.at(-1) !== record) list.push(record);
      } else {
        this.#byAddress.set(address, [record]);
      }
    }
  }

  /** The whole index as plain data (the records are shared, not copied). */
  export(): TransactionIndexData {
    const records = [...this.#bySignature.values()];
    const byAddress = [...this.#byAddress].map(
      ([address, list]) => [address, list.map((record) => record.sequence)] as const,
    );
    return { records, byAddress };
  }

  /**
   * The index {@link export} described.
   *
   * @throws Error when a record is out of sequence or an address lists an unknown sequence.
   */
  static from(data: TransactionIndexData): TransactionIndex {
    const index = new TransactionIndex();
    data.records.forEach((record, position) => {
      if (record.sequence !== position) {
        throw new Error(
          `transaction ${record.signature} has sequence ${record.sequence}, expected ${position}`,
        );
      }
      index.#bySignature.set(record.signature, record);
    });
    for (const [address, sequences] of data.byAddress) {
      index.#byAddress.set(
        address,
        sequences.map((sequence) => {
          const record = data.records[sequence];
          if (!record) throw new Error(`address ${address} lists unknown transaction ${sequence}`);
          return record;
        }),
      );
    }
    return index;
  }

  /** The transaction with this (first) signature. */
  get(signature: string): TransactionRecord | undefined {
    return this.#bySignature.get(signature);
  }

  /** Whether a transaction with this signature has landed. */
  has(signature: string): boolean {
    return this.#bySignature.has(signature);
  }

  /**
   * Transactions that loaded `address`, newest first.
   *
   * `before` and `until` are positions in the node's history (they need not involve `address`), as on
   * the validator: an unknown `before` gives no results and an unknown `until` does not stop the walk.
   */
  signaturesForAddress(address: string, query: SignatureQuery): TransactionRecord[] {
    const list = this.#byAddress.get(address);
    if (!list) return [];
    let start = list.length - 1;
    if (query.before !== undefined) {
      const before = this.#bySignature.get(query.before);
      if (!before) return [];
      start = positionBefore(list, before.sequence);
    }
    const until = query.until === undefined ? undefined : this.#bySignature.get(query.until);
    const results: TransactionRecord[] = [];
    for (let i = start; i >= 0 && results.length < query.limit; i--) {
      const record = list[i]!;
      if (until && record.sequence <= until.sequence) break;
      results.push(record);
    }
    return results;
  }
}

/** Index of the last record in `list` (ordered by sequence) older than `sequence`, or -1. */
function positionBefore(list: readonly TransactionRecord[], sequence: number): number {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (list[middle]!.sequence < sequence) low = middle + 1;
    else high = middle;
  }
  return low - 1;
}
