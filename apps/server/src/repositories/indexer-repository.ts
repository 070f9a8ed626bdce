/**
 * The indexer's bookkeeping: every chain transaction it applied (`indexed_signatures`, failed ones too)
 * and where it stands per program (`indexer_cursors`). Both are written in the database transaction that
 * applies the transactions, so a crash resumes after the last batch committed with nothing missed and
 * nothing applied twice.
 *
 * @module
 */

import type { Queryable } from '../db/database.ts';

/** A program the indexer follows. */
export type IndexedProgram = 'wager' | 'foresight';

/** The last transaction applied for a program. */
export interface StoredCursor {
  readonly signature: string;
  readonly slot: number;
  /** Its position among the program's transactions in the slot. */
  readonly txIndex: number;
}

/** A transaction as `indexed_signatures` records it. */
export interface IndexedSignature {
  readonly signature: string;
  readonly slot: number;
  readonly txIndex: number;
  readonly failed: boolean;
  /** Events its logs carried. */
  readonly events: number;
  /** Unix seconds, when the chain told. */
  readonly blockTime: number | null;
}

/** The indexer's applied transactions and cursors. */
export class IndexerRepository {
  readonly #db: Queryable;

  constructor(db: Queryable) {
    this.#db = db;
  }

  /**
   * Records `transactions` in one statement (a signature repeated in them once, the first); recorded
   * already means applied already.
   *
   * @returns the signatures recorded now, i.e. not applied before.
   */
  async recordSignatures(tx: Queryable, transactions: readonly IndexedSignature[]): Promise<Set<string>> {
    const firsts = transactions.filter(
      (row, index) => transactions.findIndex((other) => other.signature === row.signature) === index,
    );
    if (firsts.length === 0) return new Set();
    const inserted = await tx.query<{ signature: string }>(
      `INSERT INTO indexed_signatures (signature, slot, tx_index, failed, events, block_time)
       SELECT * FROM unnest($1::text[], $2::int8[], $3::int[], $4::bool[], $5::int[], $6::int8[])
       ON CONFLICT (signature) DO NOTHING RETURNING signature`,
      [
        firsts.map((row) => row.signature),
        firsts.map((row) => row.slot),
        firsts.map((row) => row.txIndex),
        firsts.map((row) => row.failed),
        firsts.map((row) => row.events),
        firsts.map((row) => row.blockTime),
      ],
    );
    return new Set(inserted.map((row) => row.signature));
  }

  /** Which of `signatures` were applied. */
  async applied(signatures: readonly string[], q: Queryable = this.#db): Promise<Set<string>> {
    if (signatures.length === 0) return new Set();
    const rows = await q.query<{ signature: string }>(
      'SELECT signature FROM indexed_signatures WHERE signature = ANY($1::text[])',
      [[...new Set(signatures)]],
    );
    return new Set(rows.map((row) => row.signature));
  }

  /** The stored cursors, by program. */
  async cursors(q: Queryable = this.#db): Promise<Map<IndexedProgram, StoredCursor>> {
    const rows = await q.query<{
      program: IndexedProgram;
      last_signature: string;
      last_slot: number;
      last_tx_index: number;
    }>('SELECT program, last_signature, last_slot, last_tx_index FROM indexer_cursors');
    return new Map(
      rows.map((row) => [
        row.program,
        { signature: row.last_signature, slot: row.last_slot, txIndex: row.last_tx_index },
      ]),
    );
  }

  /** Moves a program's cursor. */
  async saveCursor(tx: Queryable, program: IndexedProgram, cursor: StoredCursor): Promise<void> {
    await tx.query(
      `INSERT INTO indexer_cursors (program, last_signature, last_slot, last_tx_index) VALUES ($1, $2, $3, $4)
       ON CONFLICT (program) DO UPDATE SET last_signature = EXCLUDED.last_signature,
         last_slot = EXCLUDED.last_slot, last_tx_index = EXCLUDED.last_tx_index, updated_at = now()`,
      [program, cursor.signature, cursor.slot, cursor.txIndex],
    );
  }
}
