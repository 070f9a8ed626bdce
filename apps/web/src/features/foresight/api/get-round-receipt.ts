/**
 * A round's oracle receipt: the two crank transactions that read the oracle for it, the one that locked
 * it (its lock price) and the one that settled it (its final price), found on the chain itself. Every
 * transaction that touches the round's account is listed by `getSignaturesForAddress`; the tick
 * (`lock_and_settle_events`) takes the locked round as its 3rd account and the live round as its 4th, so
 * the first successful tick with the round 4th locked it and the one with it 3rd settled it. Bets are
 * refused from the lock time on, so only transactions from then are read (two or three of them).
 * Each tick logs the oracle update it read (price and publish time), so the receipt shows exactly which
 * update stood for the round's lock and final prices.
 *
 * @module
 */

import { RPC_COMMITMENT } from '@arcade/sdk/constants';
import { parseOracleReading, type OracleReading } from '@arcade/sdk/foresight/events';
import { identifyForesightInstruction } from '@arcade/sdk/foresight/instructions';
import { getBase58Encoder, type Address, type Signature } from '@solana/kit';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { getRpc } from '../../../lib/wallet/rpc.ts';
import { foresightProgram } from '../../../lib/programs.ts';

/** One crank transaction of the receipt. */
export interface ReceiptTransaction {
  readonly signature: Signature;
  /** Unix seconds, when the RPC knows. */
  readonly blockTime: number | null;
  /** The oracle update the tick read, from its logs (null if the logs do not carry it). */
  readonly reading: OracleReading | null;
}

/** The transactions that locked and settled a round (null until they happened). */
export interface RoundReceipt {
  readonly lock: ReceiptTransaction | null;
  readonly settle: ReceiptTransaction | null;
}

/** Positions of the rounds among `lock_and_settle_events`' accounts (SDK builder order). */
export const TICK_LOCKED_ROUND_INDEX = 2;
export const TICK_LIVE_ROUND_INDEX = 3;

/** Block times are whole seconds and the clock may lag a slot: look this much before the lock time. */
const LOCK_TIME_SLACK_SECS = 2;

/** Most transactions read for one receipt. */
const MAX_TRANSACTIONS_READ = 8;

/** The part of a `getTransaction` (json) answer this reads. */
export interface JsonTransaction {
  /** kit's RPC answers integers as bigint. */
  readonly blockTime: bigint | number | null;
  readonly meta: {
    readonly err: unknown;
    readonly logMessages?: readonly string[] | null;
    readonly loadedAddresses?: { readonly writable: readonly string[]; readonly readonly: readonly string[] };
  } | null;
  readonly transaction: {
    readonly message: {
      readonly accountKeys: readonly string[];
      readonly instructions: readonly {
        readonly programIdIndex: number;
        readonly accounts: readonly number[];
        readonly data: string;
      }[];
    };
  };
}

/**
 * What a transaction did to `round`: `lock` or `settle` when it is a Foresight tick with the round as its
 * live or locked account, null otherwise.
 */
export function tickRole(tx: JsonTransaction, round: Address, program: Address): 'lock' | 'settle' | null {
  if (tx.meta === null || tx.meta.err !== null) return null;
  const keys = [
    ...tx.transaction.message.accountKeys,
    ...(tx.meta.loadedAddresses?.writable ?? []),
    ...(tx.meta.loadedAddresses?.readonly ?? []),
  ];
  const base58 = getBase58Encoder();
  for (const instruction of tx.transaction.message.instructions) {
    if (keys[instruction.programIdIndex] !== program) continue;
    let name: string | null;
    try {
      name = identifyForesightInstruction(base58.encode(instruction.data));
    } catch {
      name = null;
    }
    if (name !== 'lock_and_settle_events') continue;
    const account = (index: number) => {
      const keyIndex = instruction.accounts[index];
      return keyIndex === undefined ? undefined : keys[keyIndex];
    };
    if (account(TICK_LIVE_ROUND_INDEX) === round) return 'lock';
    if (account(TICK_LOCKED_ROUND_INDEX) === round) return 'settle';
  }
  return null;
}

/** Finds the lock and settle transactions of the round at `round`, locked at `lockTime` (unix seconds). */
export async function fetchRoundReceipt(
  round: Address,
  lockTime: bigint,
  settled: boolean,
  signal?: AbortSignal,
): Promise<RoundReceipt> {
  const rpc = getRpc();
  const { programAddress } = foresightProgram();
  const abort = signal === undefined ? undefined : { abortSignal: signal };
  const signatures = await rpc
    .getSignaturesForAddress(round, { commitment: RPC_COMMITMENT, limit: 1_000 })
    .send(abort);
  const from = Number(lockTime) - LOCK_TIME_SLACK_SECS;
  // Oldest first: the lock comes before the settle.
  const candidates = signatures
    .filter((entry) => entry.err === null && (entry.blockTime === null || Number(entry.blockTime) >= from))
    .sort((a, b) => Number(a.slot - b.slot))
    .slice(0, MAX_TRANSACTIONS_READ);
  let lock: ReceiptTransaction | null = null;
  let settle: ReceiptTransaction | null = null;
  for (const entry of candidates) {
    if (lock !== null && (settle !== null || !settled)) break;
    const tx = (await rpc
      .getTransaction(entry.signature, {
        commitment: RPC_COMMITMENT,
        encoding: 'json',
        maxSupportedTransactionVersion: 0,
      })
      .send(abort)) as unknown as JsonTransaction | null;
    if (tx === null) continue;
    const role = tickRole(tx, round, programAddress);
    const found = {
      signature: entry.signature,
      blockTime: tx.blockTime === null ? null : Number(tx.blockTime),
      reading: parseOracleReading(tx.meta?.logMessages ?? [], { programAddress }),
    };
    if (role === 'lock' && lock === null) lock = found;
    else if (role === 'settle' && settle === null) settle = found;
  }
  return { lock, settle };
}

/** The receipt of a round, read when `enabled` (the receipt is opened); kept once complete. */
export function useRoundReceipt(
  round: {
    readonly pubkey: Address;
    readonly lockTime: bigint;
    readonly isSettled: boolean;
    readonly locked: boolean;
  },
  enabled: boolean,
) {
  return useQuery(
    queryOptions({
      queryKey: ['foresight', 'receipt', round.pubkey, round.isSettled] as const,
      queryFn: ({ signal }) => fetchRoundReceipt(round.pubkey, round.lockTime, round.isSettled, signal),
      enabled: enabled && round.locked,
      // Once both transactions are found nothing can change; until then, look again on each open.
      staleTime: (query) => {
        const data = query.state.data;
        return data !== undefined && data.lock !== null && (data.settle !== null || !round.isSettled)
          ? Infinity
          : 0;
      },
    }),
  );
}
