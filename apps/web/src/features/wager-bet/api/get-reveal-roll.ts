/**
 * The roll the program computed for a bet, read from the chain itself: the `reveal_bet` transaction that
 * settled it logs `Reveal sequence=<n> roll=<r> slot=<s> slot_hash=<hex>` (the SDK's `parseRevealLog`).
 * The bet record keeps no roll, so the newest transactions that touched the record are read, newest first,
 * until the reveal of the bet's sequence turns up.
 *
 * @module
 */

import { RPC_COMMITMENT } from '@arcade/sdk/constants';
import { parseRevealLogs } from '@arcade/sdk/wager/fairness';
import type { Address, Signature } from '@solana/kit';

import { getRpc } from '../../../lib/wallet/rpc.ts';
import { wagerProgram } from '../../account-status/api/get-unclaimed-wins.ts';

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
