/**
 * The `bet-settler` worker: settles TailSpin and ReTail bets with provably fair rolls
 * (`./provably-fair.ts`), and refunds the ones that cannot be settled.
 *
 * Each run:
 * 1. makes sure a current hash chain and a published next one exist;
 * 2. reads the open bets the indexer wrote, in confirmation order (slot, then index in block);
 * 3. gives each bet without a seed the next seed, recording every assignment in one database transaction
 *    BEFORE anything is sent, so a restart reuses the same seed and no seed is given twice;
 * 4. for each bet: looks at the bet record's history after the bet's creating transaction; if a settle or
 *    refund is already there (an earlier run sent it, then died before writing it down) it records that
 *    instead of sending anything. Otherwise it sends `settle_bet_offchain` with the bet's roll, then marks
 *    the bet Settled (Win iff roll < odds). A bet whose settle fails and which is still open
 *    `refundAfterMs` (60 s) after its confirmation is refunded with `refund_bet` and marked Refunded, after
 *    the same history check, so a settled bet is never refunded.
 *
 * Latency from a bet's confirmation to its settlement: the indexer's delay in writing the row (it should
 * call this worker's runner's `wake()` after writing bets), at most `intervalMs` (250 ms) until the next
 * run when not woken, one database transaction for the assignment, one `getSignaturesForAddress` for the
 * history check, then the settle transaction's send and confirmation (one slot, ~400 ms on a cluster;
 * immediate on the local chain), then one `getTransaction` (only with a referral) and the database update.
 * With the indexer within ~200 ms this stays under 1 s.
 *
 * Database writes are idempotent and only move a bet out of Open, so the indexer, which sees the same
 * settle transactions, may write them too, in either order.
 *
 * @module
 */

import { WAGER_ERROR_CODES } from '@arcade/sdk/wager/errors';
import type { Signature } from '@solana/kit';
import type { FastifyInstance } from 'fastify';

import { ChainTransactionError } from '../../chain/send-transaction.ts';
import type { Worker } from '../worker.ts';
import {
  findClosingTransaction,
  readClosingTransaction,
  sendRefund,
  sendSettle,
  type ClosingTransaction,
} from './bet-chain.ts';
import {
  FairnessRepository,
  type AssignedSeed,
  type FairnessRepositoryOptions,
  type OpenBet,
} from './fairness-repository.ts';
import {
  deterministicChainSecret,
  fairMessage,
  fairResult,
  fromHex,
  randomValueFor,
} from './provably-fair.ts';

/** The worker's name (its leader lock and health record). */
export const BET_SETTLER_WORKER_NAME = 'bet-settler';

/** Seeds per hash chain by default. */
export const DEFAULT_CHAIN_LENGTH = 10_000;

/** A bet still open this long after its confirmation, whose settle fails, is refunded. */
export const REFUND_AFTER_MS = 60_000;

/** Where a test may make a run die, to check what a fresh worker does next. */
export type SettlerFailPoint = 'assigned' | 'settle-sent' | 'refund-sent';

/** The error a fail point throws: it aborts the whole run, as a crash would. */
export class InjectedFailure extends Error {
  override readonly name = 'InjectedFailure';
}

/**
 * The repository options for a master secret (`FAIRNESS_SECRET_HEX`): chain `k`'s secret is
 * {@link deterministicChainSecret}(master, k). None (random secrets) without one.
 */
export function chainSecretOptions(masterHex: string | undefined): FairnessRepositoryOptions {
  if (masterHex === undefined) return {};
  const master = fromHex(masterHex);
  return { secretFor: (ordinal) => deterministicChainSecret(master, ordinal) };
}

/** Options of {@link createBetSettlerWorker}. */
export interface BetSettlerOptions {
  /** Seeds per new hash chain; default {@link DEFAULT_CHAIN_LENGTH}. */
  readonly chainLength?: number;
  /** Default 250 ms. */
  readonly intervalMs?: number;
  /** Default {@link REFUND_AFTER_MS}. */
  readonly refundAfterMs?: number;
  /** Open bets looked at per run; default 100. */
  readonly batchSize?: number;
  /** Bets settled at once; default 8. */
  readonly concurrency?: number;
  /** Log what would be done (seeds, rolls, results) without writing or sending anything. */
  readonly dryRun?: boolean;
  /**
   * Tests: called at each {@link SettlerFailPoint}; throwing an {@link InjectedFailure} there aborts the run
   * like a crash (with `concurrency: 1`, nothing else is in flight).
   */
  readonly failPoint?: (point: SettlerFailPoint, betId: number) => void;
}

/** One line of a dry run's plan. */
export interface SettlerPlanItem {
  readonly betId: number;
  readonly signature: string;
  readonly action: 'settle' | 'assign-later';
  readonly chainId: number | null;
  readonly seedIndex: number | null;
  readonly randomValue: number | null;
  readonly result: 'Win' | 'Loss' | null;
}

/** The settler, with what its last dry run planned. */
export interface BetSettlerWorker extends Worker {
  /** The last dry run's plan (empty unless `dryRun`). */
  lastPlan(): readonly SettlerPlanItem[];
}

interface Counters {
  settled: number;
  refunded: number;
  reconciled: number;
  failed: number;
  skippedInvalid: number;
}

type WorkBet = OpenBet & { readonly seed: AssignedSeed };

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function isBetNotOpen(error: unknown): boolean {
  return error instanceof ChainTransactionError && error.programErrorCode === WAGER_ERROR_CODES.BetNotOpen;
}

/** Whether the row's address and signature can make an HMAC message (bad rows must not stop the queue). */
function hasValidKeys(bet: Pick<OpenBet, 'betAddress' | 'signature'>): boolean {
  try {
    fairMessage(bet.betAddress, bet.signature);
    return true;
  } catch {
    return false;
  }
}

async function inPool<T>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const item = items[next];
      next += 1;
      if (item !== undefined) await work(item);
    }
  });
  await Promise.all(lanes);
}

/**
 * The `bet-settler` worker for `app` (its database, chain, settler key and clock).
 *
 * @example
 * ```ts
 * const worker = createBetSettlerWorker(app);           // what main.ts runs
 * await createBetSettlerWorker(app, { dryRun: true }).run(new AbortController().signal); // logs a plan
 * ```
 */
export function createBetSettlerWorker(
  app: FastifyInstance,
  options: BetSettlerOptions = {},
): BetSettlerWorker {
  const repo = new FairnessRepository(app.db, chainSecretOptions(app.env.FAIRNESS_SECRET_HEX));
  if (app.env.FAIRNESS_SECRET_HEX !== undefined) {
    app.log.warn('FAIRNESS_SECRET_HEX is set: every roll is predictable (local tests only)');
  }
  const chainLength = options.chainLength ?? DEFAULT_CHAIN_LENGTH;
  const refundAfterMs = options.refundAfterMs ?? REFUND_AFTER_MS;
  const batchSize = options.batchSize ?? 100;
  const concurrency = Math.max(1, options.concurrency ?? 8);
  const dryRun = options.dryRun ?? false;
  const failPoint = options.failPoint ?? (() => undefined);
  const rpc = app.chain.rpc;
  const settler = app.chain.signers.settler;
  const log = app.log.child({ worker: BET_SETTLER_WORKER_NAME });
  const counters: Counters = { settled: 0, refunded: 0, reconciled: 0, failed: 0, skippedInvalid: 0 };
  let oldestOpenAt: number | null = null;
  let plan: SettlerPlanItem[] = [];
  let chainState: { id: number; nextIndex: number } | null = null;

  const now = (): Date => new Date(app.now());

  async function record(bet: WorkBet, closing: ClosingTransaction, reconciled: boolean): Promise<void> {
    if (closing.kind === 'refund') {
      await repo.markRefunded(bet.id, closing.signature, now());
      counters.refunded += 1;
    } else {
      if (closing.randomValue !== bet.seed.randomValue) {
        log.error(
          { betId: bet.id, onChain: closing.randomValue, assigned: bet.seed.randomValue },
          'bet settled on chain with a roll other than its assigned seed gives',
        );
      }
      await repo.markSettled(bet.id, {
        randomValue: closing.randomValue,
        result: fairResult(closing.randomValue, bet.odds),
        signature: closing.signature,
        referralFee: closing.referralFee,
        at: now(),
      });
      counters.settled += 1;
    }
    if (reconciled) counters.reconciled += 1;
  }

  /** Closes what the chain already closed; true when it did. */
  async function reconcile(bet: WorkBet): Promise<boolean> {
    const closing = await findClosingTransaction(rpc, bet);
    if (closing === null) return false;
    await record(bet, closing, true);
    return true;
  }

  async function refund(bet: WorkBet): Promise<void> {
    if (await reconcile(bet)) return;
    await repo.recordAttempt(bet.id, now());
    let sig: Signature;
    try {
      sig = await sendRefund(rpc, settler, bet);
    } catch (error) {
      if (isBetNotOpen(error) && (await reconcile(bet))) return;
      counters.failed += 1;
      await repo.recordError(bet.id, `refund: ${errorMessage(error)}`);
      log.warn({ betId: bet.id, err: error }, 'refund failed');
      return;
    }
    failPoint('refund-sent', bet.id);
    await repo.markRefunded(bet.id, sig, now());
    counters.refunded += 1;
    log.info({ betId: bet.id, signature: sig }, 'bet refunded');
  }

  async function settle(bet: WorkBet, signal: AbortSignal): Promise<void> {
    if (signal.aborted) return;
    // Before every send: an earlier run may have settled (or refunded) it and died before writing it down.
    if (await reconcile(bet)) return;
    await repo.recordAttempt(bet.id, now());
    let sig: Signature;
    try {
      sig = await sendSettle(rpc, settler, bet, bet.seed.randomValue);
    } catch (error) {
      if (isBetNotOpen(error) && (await reconcile(bet))) return;
      counters.failed += 1;
      await repo.recordError(bet.id, `settle: ${errorMessage(error)}`);
      log.warn({ betId: bet.id, err: error }, 'settle failed');
      if (app.now() - bet.placedAt.getTime() >= refundAfterMs) await refund(bet);
      return;
    }
    failPoint('settle-sent', bet.id);
    const closing = bet.referral === null ? null : await readClosingTransaction(rpc, sig, bet);
    await record(
      bet,
      closing ?? { kind: 'settle', signature: sig, randomValue: bet.seed.randomValue, referralFee: 0n },
      false,
    );
  }

  async function planRun(bets: readonly OpenBet[]): Promise<void> {
    const chain = await repo.currentChain();
    let nextIndex = chain?.nextIndex ?? 1;
    plan = [];
    for (const bet of bets) {
      if (!hasValidKeys(bet)) continue;
      let seed: { chainId: number; seedIndex: number; seed: string } | null = bet.seed;
      if (seed === null && chain !== null && nextIndex <= chain.length) {
        const hex = await repo.seedAt(chain.id, chain.head, nextIndex);
        if (hex !== null) seed = { chainId: chain.id, seedIndex: nextIndex, seed: hex };
        nextIndex += 1;
      }
      const randomValue =
        seed === null ? null : randomValueFor(fromHex(seed.seed), bet.betAddress, bet.signature);
      plan.push({
        betId: bet.id,
        signature: bet.signature,
        action: seed === null ? 'assign-later' : 'settle',
        chainId: seed?.chainId ?? null,
        seedIndex: seed?.seedIndex ?? null,
        randomValue,
        result: randomValue === null ? null : fairResult(randomValue, bet.odds),
      });
    }
    log.info({ plan }, 'bet-settler dry run: nothing written or sent');
  }

  return {
    name: BET_SETTLER_WORKER_NAME,
    intervalMs: options.intervalMs ?? 250,

    async run(signal) {
      const bets = await repo.openBets(batchSize);
      const first = bets.reduce<number | null>(
        (oldest, bet) => Math.min(oldest ?? Number.POSITIVE_INFINITY, bet.placedAt.getTime()),
        null,
      );
      oldestOpenAt = first;
      if (dryRun) {
        await planRun(bets);
        return;
      }
      const current = await repo.ensureChains(chainLength, now());
      chainState = { id: current.id, nextIndex: current.nextIndex };
      const valid = bets.filter((bet) => {
        if (hasValidKeys(bet)) return true;
        counters.skippedInvalid += 1;
        log.error({ betId: bet.id }, 'bet row has an invalid address or signature: skipped');
        return false;
      });
      const assigned = await repo.assignSeeds(
        valid.filter((bet) => bet.seed === null),
        chainLength,
        now(),
        (seed, bet) => randomValueFor(seed, bet.betAddress, bet.signature),
      );
      for (const betId of assigned.keys()) failPoint('assigned', betId);
      const work: WorkBet[] = [];
      for (const bet of valid) {
        const seed = bet.seed ?? assigned.get(bet.id);
        if (seed !== undefined) work.push({ ...bet, seed });
      }
      await inPool(work, concurrency, async (bet) => {
        try {
          await settle(bet, signal);
        } catch (error) {
          if (error instanceof InjectedFailure) throw error;
          counters.failed += 1;
          log.error({ betId: bet.id, err: error }, 'settling a bet failed');
          await repo.recordError(bet.id, errorMessage(error)).catch(() => undefined);
        }
      });
      const latest = await repo.currentChain();
      if (latest !== null) chainState = { id: latest.id, nextIndex: latest.nextIndex };
    },

    lagMs() {
      return oldestOpenAt === null ? 0 : Math.max(0, app.now() - oldestOpenAt);
    },

    details() {
      return {
        dryRun,
        chainId: chainState?.id ?? null,
        nextIndex: chainState?.nextIndex ?? null,
        ...counters,
      };
    },

    lastPlan() {
      return plan;
    },
  };
}
