/**
 * The indexer's view of its cursors: where each program's indexing stands, as this instance last read or
 * wrote it. A stored cursor different from that view means another leader moved it (or this is the first
 * run): what this instance discovered since may be stale and is dropped.
 *
 * In dry-run the store reads the stored cursors once, then only moves its own view as transactions are
 * planned, never writing: a production indexer beside it moves the stored ones, which is expected.
 *
 * @module
 */

import type { Queryable } from '../../db/database.ts';
import type { IndexerRepository } from '../../repositories/indexer-repository.ts';
import type { Cursor, PendingSignature, ProgramKey } from './signature-backlog.ts';

/** The programs the indexer follows, in the order they are reported. */
export const PROGRAM_KEYS: readonly ProgramKey[] = ['wager', 'foresight'];

/** Options of {@link CursorStore}. */
export interface CursorStoreOptions {
  /** Read the stored cursors once and never write them. */
  readonly dryRun?: boolean;
}

/** Each program's cursor as this instance knows it. */
export class CursorStore {
  readonly #repository: IndexerRepository;
  readonly #dryRun: boolean;
  #known: Record<ProgramKey, Cursor | null> = { wager: null, foresight: null };
  #loaded = false;

  constructor(repository: IndexerRepository, options: CursorStoreOptions = {}) {
    this.#repository = repository;
    this.#dryRun = options.dryRun ?? false;
  }

  /** A program's cursor as known here (null: from the start). */
  get(key: ProgramKey): Cursor | null {
    return this.#known[key];
  }

  /** Every program's cursor as known here, for the health record. */
  snapshot(): Record<ProgramKey, Cursor | null> {
    return {
      wager: this.#known.wager === null ? null : { ...this.#known.wager },
      foresight: this.#known.foresight === null ? null : { ...this.#known.foresight },
    };
  }

  /**
   * Reads the stored cursors.
   *
   * @returns the programs whose view was replaced (first run, or another leader moved them): their
   *   discovered backlog is stale.
   */
  async sync(): Promise<ProgramKey[]> {
    if (this.#dryRun && this.#loaded) return [];
    const stored = await this.#repository.cursors();
    const replaced: ProgramKey[] = [];
    for (const key of PROGRAM_KEYS) {
      const cursor = stored.get(key) ?? null;
      if (!this.#loaded || cursor?.signature !== this.#known[key]?.signature) {
        this.#known[key] = cursor;
        replaced.push(key);
      }
    }
    this.#loaded = true;
    return replaced;
  }

  /** The cursors `items` (in order) move the programs to: the last of each program's. */
  static after(items: readonly PendingSignature[]): Map<ProgramKey, Cursor> {
    const cursors = new Map<ProgramKey, Cursor>();
    for (const item of items) {
      for (const key of PROGRAM_KEYS) {
        const position = item.positions[key];
        if (position !== undefined)
          cursors.set(key, { signature: item.signature, slot: item.slot, txIndex: position });
      }
    }
    return cursors;
  }

  /** Writes `cursors` in the applying transaction `tx` (never in dry-run). */
  async save(tx: Queryable, cursors: ReadonlyMap<ProgramKey, Cursor>): Promise<void> {
    if (this.#dryRun) throw new Error('a dry-run indexer writes no cursor');
    for (const [key, cursor] of cursors) await this.#repository.saveCursor(tx, key, cursor);
  }

  /** Moves this instance's view of a program (once its transaction committed, or was planned). */
  advance(key: ProgramKey, cursor: Cursor): void {
    this.#known[key] = cursor;
  }
}
