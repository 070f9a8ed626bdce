/**
 * The roll the program computed for a bet, read from the chain itself: the `reveal_bet` transaction that
 * settled it logs `Reveal sequence=<n> roll=<r> slot=<s> slot_hash=<hex>` (the SDK's `parseRevealLog`).
 * The fast way is the record's logs subscription ({@link waitForRevealLog}: the line arrives with the
 * reveal's notification); the bet record keeps no roll, so the fallback ({@link getRevealRoll}) reads the
 * newest transactions that touched the record, newest first, until the reveal of the bet's sequence turns up.
 *
 * @module
 */

import { RPC_COMMITMENT } from '@arcade/sdk/constants';
import { parseRevealLogs } from '@arcade/sdk/wager/fairness';
import type { Address, Signature } from '@solana/kit';

import { getRpc } from '../../wallet/rpc.ts';
import type { LogsEvent, LogsWatcher } from '../../wallet/watch-logs.ts';
import { wagerProgram } from '../../programs.ts';

/** The newest transactions of the record looked at: the reveal, and perhaps a claim after it. */
const SIGNATURES_READ = 5;
/** Most transactions read for one roll. */
const TRANSACTIONS_READ = 3;

/** A reveal as the chain recorded it. */
export interface RevealRoll {
  /** 0–99, computed by the program. */
  readonly roll: number;
  /** The `reveal_bet` transaction. */
  readonly signature: Signature;
}

/** The part of a `getTransaction` answer this reads. */
interface LoggedTransaction {
  readonly meta: { readonly err: unknown; readonly logMessages?: readonly string[] | null } | null;
}

/**
 * The reveal of the bet with `sequence` on the record at `record`, or null when none of the record's
 * newest transactions is it (not revealed yet, or an RPC without the history).
 */
export async function getRevealRoll(
  record: Address,
  sequence: bigint,
  signal?: AbortSignal,
): Promise<RevealRoll | null> {
  const rpc = getRpc();
  const abort = signal === undefined ? undefined : { abortSignal: signal };
  const signatures = await rpc
    .getSignaturesForAddress(record, { commitment: RPC_COMMITMENT, limit: SIGNATURES_READ })
    .send(abort);
  const candidates = signatures.filter((entry) => entry.err === null).slice(0, TRANSACTIONS_READ);
  for (const entry of candidates) {
    const tx = (await rpc
      .getTransaction(entry.signature, {
        commitment: RPC_COMMITMENT,
        encoding: 'json',
        maxSupportedTransactionVersion: 0,
      })
      .send(abort)) as unknown as LoggedTransaction | null;
    if (tx?.meta == null || tx.meta.err !== null) continue;
    const reveal = parseRevealLogs(tx.meta.logMessages ?? [], wagerProgram()).find(
      (line) => line.sequence === sequence,
    );
    if (reveal?.kind === 'settled') return { roll: reveal.roll, signature: entry.signature };
    if (reveal !== undefined) return null;
  }
  return null;
}

/**
 * The reveal of the bet with `sequence` in one logs notification: its roll and the transaction, or null
 * when the transaction failed, reveals other bets only, or revealed this one without a roll (refunded).
 */
export function revealRollOf(event: LogsEvent, sequence: bigint): RevealRoll | null {
  if (event.err !== null) return null;
  const reveal = parseRevealLogs(event.logs, wagerProgram()).find((line) => line.sequence === sequence);
  return reveal?.kind === 'settled' ? { roll: reveal.roll, signature: event.signature as Signature } : null;
}

/** Whether a logs notification holds any reveal line of the wager program (of whichever bet). */
export function hasRevealLog(event: LogsEvent): boolean {
  return event.err === null && parseRevealLogs(event.logs, wagerProgram()).length > 0;
}

/**
 * Resolves with the reveal of the bet with `sequence` as soon as `watcher` (the record's logs) sees it, at
 * once when it already did; null when `signal` aborts first.
 */
export function waitForRevealLog(
  watcher: LogsWatcher,
  sequence: bigint,
  signal: AbortSignal,
): Promise<RevealRoll | null> {
  for (const event of [...watcher.recent()].reverse()) {
    const found = revealRollOf(event, sequence);
    if (found !== null) return Promise.resolve(found);
  }
  if (signal.aborted) return Promise.resolve(null);
  return new Promise((resolve) => {
    const stop = watcher.onLogs((event) => {
      const found = revealRollOf(event, sequence);
      if (found === null) return;
      done(found);
    });
    const onAbort = () => {
      done(null);
    };
    function done(value: RevealRoll | null) {
      stop();
      signal.removeEventListener('abort', onAbort);
      resolve(value);
    }
    signal.addEventListener('abort', onAbort);
  });
}
