/**
 * Which transactions the indexer has still to apply: each program's new signatures since its cursor,
 * oldest first, numbered by their position in their slot, and merged across the two programs.
 *
 * Ordering. The local chain has no `getBlock`, so a transaction's place in its block is derived from the
 * order `getSignaturesForAddress` returns (newest first, in block order within a slot): `txIndex` is the
 * transaction's position among the program's transactions in its slot. Fairness takes (slot, txIndex) as
 * "confirmation order": bets take the settler's seeds in that order. A slot split between two runs keeps
 * counting from the cursor's index, so the numbering does not depend on where a run stopped.
 *
 * @module
 */

import type { Address, Rpc, Signature, SolanaRpcApi } from '@solana/kit';

/** The programs the indexer follows, by the name their cursor is stored under. */
export type ProgramKey = 'wager' | 'foresight';

/** One program's indexing position. */
export interface Cursor {
  readonly signature: string;
  readonly slot: number;
  readonly txIndex: number;
}

/** A signature waiting to be applied. */
export interface PendingSignature {
  readonly signature: string;
  readonly slot: number;
  readonly blockTime: number | null;
  /** The signature list says it failed: it is recorded without fetching it. */
  readonly failed: boolean;
  /** Its position in its slot among each program's transactions that list it. */
  readonly positions: Readonly<Partial<Record<ProgramKey, number>>>;
}

/** Signatures asked for per `getSignaturesForAddress` call (the RPC's maximum). */
export const SIGNATURE_PAGE_LIMIT = 1_000;

/**
 * Every signature of `program` newer than `until` (all of them when null), oldest first: pages backwards
 * with `before` until a page comes back short.
 */
export async function fetchNewSignatures(
  rpc: Rpc<SolanaRpcApi>,
  program: Address,
  until: string | null,
  signal?: AbortSignal,
): Promise<{ signature: string; slot: number; blockTime: number | null; failed: boolean }[]> {
  const newestFirst: { signature: string; slot: number; blockTime: number | null; failed: boolean }[] = [];
  let before: string | undefined;
  for (;;) {
    signal?.throwIfAborted();
    const page = await rpc
      .getSignaturesForAddress(program, {
        limit: SIGNATURE_PAGE_LIMIT,
        commitment: 'confirmed',
        ...(until === null ? {} : { until: until as Signature }),
        ...(before === undefined ? {} : { before: before as Signature }),
      })
      .send();
    for (const info of page) {
      newestFirst.push({
        signature: info.signature,
        slot: Number(info.slot),
        blockTime: info.blockTime === null ? null : Number(info.blockTime),
        failed: info.err !== null,
      });
    }
    const last = page.at(-1);
    if (page.length < SIGNATURE_PAGE_LIMIT || last === undefined) break;
    before = last.signature;
  }
  return newestFirst.reverse();
}

/**
 * Numbers oldest-first signatures of one program by their position in their slot, continuing from
 * `after` (the last one numbered, e.g. the cursor) when it is in the same slot.
 */
export function numberInSlot<T extends { readonly slot: number }>(
  oldestFirst: readonly T[],
  after: { readonly slot: number; readonly txIndex: number } | null,
): (T & { readonly txIndex: number })[] {
  let previous = after;
  return oldestFirst.map((item) => {
    const txIndex = previous !== null && previous.slot === item.slot ? previous.txIndex + 1 : 0;
    previous = { slot: item.slot, txIndex };
    return { ...item, txIndex };
  });
}

/**
 * Merges two programs' oldest-first lists into one order that keeps each list's order: by slot, and
 * within a slot a transaction listed by both programs waits until it heads both lists. A signature in both
 * lists comes out once, with both positions.
 */
export function mergeBacklogs(
  lists: Readonly<Record<ProgramKey, readonly (PendingItem & { readonly txIndex: number })[]>>,
): PendingSignature[] {
  // Copies: a signature taken early from one list is removed from the other.
  const wager = [...lists.wager];
  const foresight = [...lists.foresight];
  const inWager = new Set(wager.map((item) => item.signature));
  const inForesight = new Set(foresight.map((item) => item.signature));
  const out: PendingSignature[] = [];
  let i = 0;
  let j = 0;
  const emit = (item: PendingItem, positions: Partial<Record<ProgramKey, number>>): void => {
    out.push({
      signature: item.signature,
      slot: item.slot,
      blockTime: item.blockTime,
      failed: item.failed,
      positions,
    });
  };
  while (i < wager.length || j < foresight.length) {
    const a = wager[i];
    const b = foresight[j];
    if (a !== undefined && b !== undefined && a.signature === b.signature) {
      emit(a, { wager: a.txIndex, foresight: b.txIndex });
      i += 1;
      j += 1;
    } else if (b === undefined || (a !== undefined && takeFirst(a, b, inForesight, inWager))) {
      if (a === undefined) break;
      if (inForesight.has(a.signature)) {
        // Listed by both but not yet at the head of the other list: only reachable if the lists disagree
        // on order; emit it here with both positions and skip it there.
        const other = foresight.findIndex((item, index) => index >= j && item.signature === a.signature);
        const position = foresight[other]?.txIndex;
        emit(a, position === undefined ? { wager: a.txIndex } : { wager: a.txIndex, foresight: position });
        inForesight.delete(a.signature);
        if (other >= 0) foresight.splice(other, 1);
      } else {
        emit(a, { wager: a.txIndex });
      }
      i += 1;
    } else {
      if (inWager.has(b.signature)) {
        const other = wager.findIndex((item, index) => index >= i && item.signature === b.signature);
        const position = wager[other]?.txIndex;
        emit(
          b,
          position === undefined ? { foresight: b.txIndex } : { wager: position, foresight: b.txIndex },
        );
        inWager.delete(b.signature);
        if (other >= 0) wager.splice(other, 1);
      } else {
        emit(b, { foresight: b.txIndex });
      }
      j += 1;
    }
  }
  return out;
}

/** A discovered signature before merging. */
export interface PendingItem {
  readonly signature: string;
  readonly slot: number;
  readonly blockTime: number | null;
  readonly failed: boolean;
}

/** Whether the wager head `a` goes before the foresight head `b`. */
function takeFirst(
  a: PendingItem,
  b: PendingItem,
  inForesight: ReadonlySet<string>,
  inWager: ReadonlySet<string>,
): boolean {
  if (a.slot !== b.slot) return a.slot < b.slot;
  // Same slot: a shared transaction waits for the other list to reach it.
  if (inForesight.has(a.signature)) return false;
  if (inWager.has(b.signature)) return true;
  return true;
}
