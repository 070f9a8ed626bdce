/**
 * The `bet-settler` worker: reveals the seeds of TailSpin and ReTail bets (`reveal_bet`), whose rolls the
 * wager program computes (`docs/trust.md`, "Rolls nobody chooses"), and keeps a seed chain committed on
 * chain at all times.
 *
 * Each run decodes the House (the chain is the truth, the database a record) and matches its chains to the
 * ones the database holds (`house-chains.ts`), then:
 * 1. **Seeds lost** (the House depends on a chain the database does not hold): never guesses. It reports
 *    `failing` with the reason and runs the recovery of `docs/workers.md`: the authority pauses the house,
 *    the settler refunds every open bet once past its deadline (`refund_bet`, as any keeper may), then with
 *    no bet open sends `reset_seed_chain` with a new chain, and unpauses (only a house it paused). The
 *    program allows the reset only while no bet is open and, while refunded bets may still be owed a late
 *    win (`refundReserve` > 0), only `SEED_RESET_DELAY_SECS` (7 days) after the first of them: until then
 *    each run waits (its details and one log line say for what) instead of failing.
 * 2. **Commit**: when the House has no next chain (or one no bet uses and the database lacks), it writes a
 *    new chain's row, THEN sends `commit_seed_chain(head, length)` (signed and paid by the settler), so a
 *    crash in between finds the row and commits it rather than a second chain.
 * 3. **Reveal**: while `revealSequence < betSequence`, the bets in sequence order, found in the database
 *    (the indexer records `sequence`, `slot` and `player_seed`; it is woken, and waited for briefly, when a
 *    row is missing), each with seed `s_(q − start + 1)` of its chain, as many `reveal_bet`s per transaction
 *    as fit 1,232 bytes (each changes the House, so they go in order in one transaction). A bet's slot hash
 *    exists once its slot has ended: a reveal waits for that (SlotHashUnavailable otherwise) and is never
 *    skipped. The outcome is recorded from the transaction's log lines (the program's roll; never one the
 *    server computed, though the SDK's `rollFor` checks each and a mismatch is logged as an error), by the
 *    same code as the indexer's, so either may record it first.
 *
 * Every bet is revealed in order, whatever happened to it: a late reveal of an open bet still rolls it
 * (while its slot is in SlotHashes; after that the program refunds it, `expired`), and a bet refunded past
 * its deadline is rolled with the slot hash its refund captured, a win paid the rest of its prize by that
 * very reveal (`docs/trust.md`). The settler never refunds at will (only the lost-seed recovery does, as any
 * keeper may past the deadline). Latency: the House subscription wakes the worker when a bet lands, and the slot
 * subscription tells it when the bet's slot has ended, so the reveal goes out in the first slot after the
 * bet's (`docs/workers.md` has the measured figures).
 *
 * @module
 */

import { BET_REFUND_DELAY_SECS, SEED_CHAIN_LENGTH, SEED_RESET_DELAY_SECS } from '@arcade/sdk/constants';
import { BetState, type HouseAccount } from '@arcade/sdk/wager/accounts';
import { WAGER_ERROR_CODES } from '@arcade/sdk/wager/errors';
import { hexToBytes, rollFor } from '@arcade/sdk/wager/fairness';
import type { Instruction, Signature } from '@solana/kit';
import type { FastifyInstance } from 'fastify';

import { ChainTransactionError } from '../../chain/send-transaction.ts';
import { applyReveal, betFeedItem, type RevealAction } from '../indexer/apply-actions.ts';
import { decodeTransaction } from '../indexer/decode-transaction.ts';
import { publishFeedItems } from '../indexer/indexer-worker.ts';
import type { Worker } from '../worker.ts';
import {
  confirmedSlot,
  fittingPrefix,
  readBet,
  readHouse,
  readTransaction,
  revealInstruction,
  sendCommit,
  sendPause,
  sendRefund,
  sendReset,
  send,
  transactionsAfter,
} from './bet-chain.ts';
import { ChainWatcher } from './chain-watcher.ts';
import {
  FairnessRepository,
  type FairnessRepositoryOptions,
  type Recovery,
  type RevealBet,
  type SettlerChain,
} from './fairness-repository.ts';
import { chainFor, houseSeeds, matchHouse, type HouseMatch, type HouseSeeds } from './house-chains.ts';
import { deterministicChainSecret, fromHex, seedIndexOf } from './provably-fair.ts';

/** The worker's name (its leader lock and health record). */
export const BET_SETTLER_WORKER_NAME = 'bet-settler';

/** Seeds per new chain by default. */
export const DEFAULT_CHAIN_LENGTH = SEED_CHAIN_LENGTH;

/** How often a keeper refund is tried again while the server's clock says the deadline is not near. */
const REFUND_RETRY_MS = 5_000;

/** Reveals tried per transaction before the size cut (1,232 bytes decides the real number). */
export const MAX_REVEALS_PER_TRANSACTION = 32;

/**
 * Where a test may make a run die, to check what a fresh worker does next:
 * - `chain-written`: a new chain's row is written, `commit_seed_chain` not sent;
 * - `chain-committed`: `commit_seed_chain` confirmed, not recorded;
 * - `reveal-sent`: a reveal transaction confirmed, its outcome not recorded;
 * - `recovery-started`, `paused`, `refund-sent`, `reset-written`, `reset-sent`, `unpaused`: each step of a
 *   lost-seed recovery done on chain (or in the database), the next not started.
 */
export type SettlerFailPoint =
  | 'chain-written'
  | 'chain-committed'
  | 'reveal-sent'
  | 'recovery-started'
  | 'paused'
  | 'refund-sent'
  | 'reset-written'
  | 'reset-sent'
  | 'unpaused';

/** The error a fail point throws: it aborts the whole run, as a crash would. */
export class InjectedFailure extends Error {
  override readonly name = 'InjectedFailure';
}

/** A run that could not reveal because the seeds the House depends on are lost; its message says why. */
export class LostSeedsError extends Error {
  override readonly name = 'LostSeedsError';
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
  /** Seeds per new chain; default {@link DEFAULT_CHAIN_LENGTH}. */
  readonly chainLength?: number;
  /** Default 250 ms. */
  readonly intervalMs?: number;
  /** Plan (and log) the commits and reveals without writing or sending anything. */
  readonly dryRun?: boolean;
  /** Reveals per transaction at most; default {@link MAX_REVEALS_PER_TRANSACTION} (then what fits). */
  readonly maxRevealsPerTransaction?: number;
  /** How long a run waits for the indexer to record the next bet; default 1,500 ms. */
  readonly rowWaitMs?: number;
  /** How long a run waits for the next bet's slot to end; default 2,000 ms. */
  readonly slotWaitMs?: number;
  /** How long one run keeps revealing before it returns (the next starts at once when woken); default 10 s. */
  readonly runBudgetMs?: number;
  /** Run the lost-seed recovery (pause, keeper refunds, reset, unpause); default true. */
  readonly recoverLostSeeds?: boolean;
  /** Called when the House changes (connect it to the runner's `wake()`); opens the subscriptions. */
  readonly onActivity?: () => void;
  /** Asks the indexer for a run now (the next bet's row is not there yet). */
  readonly wakeIndexer?: () => void;
  /** Tests: called at each {@link SettlerFailPoint}; throwing an {@link InjectedFailure} aborts the run. */
  readonly failPoint?: (point: SettlerFailPoint) => void;
}

/** One line of a dry run's plan (seeds are never in it). */
export type SettlerPlanItem =
  | { readonly action: 'recover'; readonly reason: string }
  | { readonly action: 'commit-chain'; readonly chainId: number | null; readonly startSequence: bigint }
  | {
      readonly action: 'reveal';
      readonly sequence: bigint;
      readonly betId: number;
      readonly signature: string;
      readonly chainId: number;
      readonly seedIndex: number;
    }
  | { readonly action: 'wait-for-row'; readonly sequence: bigint };

/** The settler, with what its last dry run planned. */
export interface BetSettlerWorker extends Worker {
  /**
   * Its health details: `status` (`ok`, or `failing` with `reason` while seeds are lost), what it waits
   * for, the House's sequences, the chains in use and its counts.
   */
  details(): Readonly<Record<string, unknown>>;
  /** The last dry run's plan (empty unless `dryRun`). */
  lastPlan(): readonly SettlerPlanItem[];
  /** Closes the chain subscriptions. */
  close(): void;
}

interface Counters {
  /** Bets rolled by a reveal (on time, late, or after their refund). */
  revealed: number;
  /** Of those, bets rolled after their refund. */
  revealedAfterRefund: number;
  /** Reveals that did not roll their bet: refunded it (`expired`), or found it refunded (`earlier`). */
  refundedByReveal: number;
  revealTransactions: number;
  lastBatchSize: number;
  largestBatch: number;
  reconciled: number;
  commits: number;
  keeperRefunds: number;
  rollMismatches: number;
  retries: number;
}

/** The House and how its chains match ours. */
interface Synced {
  readonly house: HouseAccount;
  readonly view: HouseSeeds;
  readonly match: HouseMatch;
  readonly chains: readonly SettlerChain[];
}

function programError(error: unknown): number | null {
  return error instanceof ChainTransactionError ? error.programErrorCode : null;
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) {
      resolve();
      return;
    }
    const timer = setTimeout(done, ms);
    timer.unref();
    function done(): void {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}

/**
 * The `bet-settler` worker for `app` (its database, chain, settler and authority keys, and clock).
 *
 * @example
 * ```ts
 * const worker = createBetSettlerWorker(app, { onActivity: () => runner.wake() }); // what main.ts runs
 * await createBetSettlerWorker(app, { dryRun: true }).run(new AbortController().signal); // logs a plan
 * ```
 */
export function createBetSettlerWorker(
  app: FastifyInstance,
  options: BetSettlerOptions = {},
): BetSettlerWorker {
  const repo = new FairnessRepository(app.db, chainSecretOptions(app.env.FAIRNESS_SECRET_HEX));
  if (app.env.FAIRNESS_SECRET_HEX !== undefined) {
    app.log.warn(
      'FAIRNESS_SECRET_HEX is set: every seed chain is derived from it, so whoever knows it knows each seed in advance (rolls still depend on the hash of the bet slot, known to nobody before the bet lands); local tests only',
    );
  }
  const chainLength = options.chainLength ?? DEFAULT_CHAIN_LENGTH;
  const dryRun = options.dryRun ?? false;
  const maxPerTransaction = Math.max(1, options.maxRevealsPerTransaction ?? MAX_REVEALS_PER_TRANSACTION);
  const rowWaitMs = options.rowWaitMs ?? 1_500;
  const slotWaitMs = options.slotWaitMs ?? 2_000;
  const runBudgetMs = options.runBudgetMs ?? 10_000;
  const recoverLostSeeds = options.recoverLostSeeds ?? true;
  const failPoint = options.failPoint ?? (() => undefined);
  const rpc = app.chain.rpc;
  const { settler, authority } = app.chain.signers;
  const log = app.log.child({ worker: BET_SETTLER_WORKER_NAME });
  const watcher =
    options.onActivity === undefined
      ? null
      : new ChainWatcher({
          wsUrl: app.chain.wsUrl,
          onActivity: options.onActivity,
          onError: (error) => {
            log.warn({ err: error }, 'settler chain subscription failed; reconnecting');
          },
        });
  const counters: Counters = {
    revealed: 0,
    revealedAfterRefund: 0,
    refundedByReveal: 0,
    revealTransactions: 0,
    lastBatchSize: 0,
    largestBatch: 0,
    reconciled: 0,
    commits: 0,
    keeperRefunds: 0,
    rollMismatches: 0,
    retries: 0,
  };
  /** Bets whose unrecorded reveal was searched for once already (never searched again by this worker). */
  const searched = new Set<number>();
  /** When a keeper refund of a bet was last tried (its deadline is the program's to judge). */
  const refundTried = new Map<number, number>();
  let plan: SettlerPlanItem[] = [];
  let lost: string | null = null;
  let waiting: string | null = null;
  let lastView: HouseSeeds | null = null;
  let lastMatch: HouseMatch | null = null;
  let appliedKey = '';
  let oldestPendingAt: number | null = null;
  /** How long the oldest bet still to reveal has waited, in milliseconds (0 when none waits). */
  const oldestWaitMs = (): number =>
    oldestPendingAt === null ? 0 : Math.max(0, app.now() - oldestPendingAt);

  const now = (): Date => new Date(app.now());

  async function sync(apply: boolean): Promise<Synced> {
    const house = await readHouse(rpc);
    const view = houseSeeds(house);
    const chains = await repo.settlerChains();
    const seeds = new Map<number, readonly string[]>();
    for (const chain of chains) {
      try {
        seeds.set(chain.id, await repo.seeds(chain));
      } catch (error) {
        // A row whose secret does not give its head can never be revealed from: it matches nothing.
        log.error({ chainId: chain.id, err: error }, 'seed chain row is damaged');
      }
    }
    const match = matchHouse(view, chains, (chain, index) => seeds.get(chain.id)?.[index] ?? null);
    lastView = view;
    lastMatch = match;
    if (apply && match.lost === null) {
      const key = [match.current?.id, match.current?.start, match.next?.id, view.betSequence].join(':');
      if (key !== appliedKey) {
        await repo.applyHouse(view, match, now());
        appliedKey = key;
      }
    }
    return { house, view, match, chains };
  }

  // ------------------------------------------------------------------------------------------------------
  // Committing the next chain
  // ------------------------------------------------------------------------------------------------------

  async function commitNext(state: Synced): Promise<Synced> {
    // A chain written by a run that died before (or while) committing it: commit that one, never another.
    const pending = state.chains.find(
      (chain) =>
        chain.status === 'next' &&
        chain.startSequence === null &&
        chain.commitSignature === null &&
        chain.id !== state.match.current?.id,
    );
    const chain = pending ?? (await repo.createChain(chainLength, 'next', now()));
    failPoint('chain-written');
    let sig: Signature;
    try {
      sig = await sendCommit(rpc, settler, chain.head, chain.length);
    } catch (error) {
      // Bets took seeds of the House's next chain since it was read: the next sync sees why.
      if (programError(error) === WAGER_ERROR_CODES.SeedChainInUse) return sync(true);
      throw error;
    }
    failPoint('chain-committed');
    await repo.recordCommit(chain.id, sig, now());
    counters.commits += 1;
    log.info(
      {
        chainId: chain.id,
        head: chain.head,
        length: chain.length,
        startSequence: String(state.view.seedChainEnd),
        signature: sig,
      },
      'seed chain committed',
    );
    return sync(true);
  }

  // ------------------------------------------------------------------------------------------------------
  // Reveals
  // ------------------------------------------------------------------------------------------------------

  /** The bets from `from` on (up to `to`), waiting briefly for the indexer when the first is missing. */
  async function rowsFrom(from: bigint, to: bigint, signal: AbortSignal): Promise<Map<bigint, RevealBet>> {
    let rows = await repo.revealBets(from, to);
    if (rows.has(from)) return rows;
    options.wakeIndexer?.();
    const deadline = performance.now() + rowWaitMs;
    while (!rows.has(from) && performance.now() < deadline && !signal.aborted) {
      await sleep(20, signal);
      rows = await repo.revealBets(from, to);
    }
    return rows;
  }

  /** Waits (briefly) until slot `slot` has ended; the newest ended slot. */
  async function slotEnded(slot: bigint, signal: AbortSignal, waitMs: number): Promise<bigint> {
    const deadline = performance.now() + waitMs;
    for (;;) {
      const ended = await confirmedSlot(rpc);
      if (ended >= slot || performance.now() >= deadline || signal.aborted) return ended;
      if (watcher?.isOpen === true) await watcher.nextSlot(100);
      else await sleep(40, signal);
    }
  }

  /** The seed (hex) of the bet with sequence `sequence`: never logged. */
  async function seedFor(state: Synced, sequence: bigint): Promise<string | null> {
    const matched = chainFor(state.match, sequence);
    const chain = state.chains.find((candidate) => candidate.id === matched?.id);
    if (matched === null || chain === undefined) return null;
    return (await repo.seeds(chain))[seedIndexOf(sequence, matched.start)] ?? null;
  }

  /** Records the reveals of transaction `sig` from its logs, checking each roll with the SDK's `rollFor`. */
  async function recordRevealTransaction(sig: string, bets: readonly RevealBet[]): Promise<number> {
    let tx = await readTransaction(rpc, sig);
    for (let attempt = 0; tx === null && attempt < 20; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      tx = await readTransaction(rpc, sig);
    }
    if (tx === null) {
      log.warn({ signature: sig }, 'reveal transaction not readable yet: the indexer will record it');
      return 0;
    }
    const decoded = decodeTransaction(sig, tx);
    const timeMs = decoded.blockTime === null ? app.now() : decoded.blockTime * 1000;
    let recorded = 0;
    for (const action of decoded.actions) {
      if (action.kind !== 'reveal_bet') continue;
      const rolled = await applyReveal(app.db, { signature: sig, timeMs }, action);
      // The feed hears the result as soon as it is recorded, without waiting for the indexer's pass.
      if (rolled !== null) await publishFeedItems(app, [betFeedItem(rolled)]);
      recorded += 1;
      await checkRoll(action, bets);
      if (action.reveal?.kind === 'settled') {
        counters.revealed += 1;
        if (action.reveal.afterRefund) counters.revealedAfterRefund += 1;
      } else counters.refundedByReveal += 1;
    }
    return recorded;
  }

  /** Logs an error when the server's own `rollFor` disagrees with the program's line (never recorded). */
  async function checkRoll(action: RevealAction, bets: readonly RevealBet[]): Promise<void> {
    const { reveal } = action;
    if (reveal?.kind !== 'settled') return;
    const bet = bets.find((candidate) => candidate.sequence === reveal.sequence);
    if (bet === undefined) return;
    const own = await rollFor({
      seed: hexToBytes(action.seed),
      sequence: reveal.sequence,
      playerSeed: hexToBytes(bet.playerSeed),
      slotHash: reveal.slotHash,
    });
    if (own !== reveal.roll) {
      counters.rollMismatches += 1;
      log.error(
        { sequence: String(reveal.sequence), betId: bet.id, program: reveal.roll, server: own },
        "the program's roll differs from the SDK's rollFor: the program's is recorded",
      );
    }
  }

  /** Records reveals made by a run that died before recording them (the indexer would, later). */
  async function reconcile(state: Synced): Promise<void> {
    const current = state.match.current;
    if (current === null) return;
    const rows = await repo.unrecordedReveals(current.start, state.view.revealSequence, 8);
    for (const row of rows) {
      if (searched.has(row.id)) continue;
      searched.add(row.id);
      for (const sig of await transactionsAfter(rpc, row.betAddress, row.signature)) {
        const tx = await readTransaction(rpc, sig);
        if (tx === null) continue;
        const found = decodeTransaction(sig, tx).actions.some(
          (action) =>
            action.kind === 'reveal_bet' &&
            action.bet === row.betAddress &&
            (action.reveal === null || action.reveal.sequence === row.sequence),
        );
        if (!found) continue;
        counters.reconciled += await recordRevealTransaction(sig, [row]);
        break;
      }
    }
  }

  /** Reveals what it can within the run's budget; the House as last read. */
  async function reveal(initial: Synced, signal: AbortSignal): Promise<Synced> {
    let state = initial;
    const deadline = performance.now() + runBudgetMs;
    let retries = 0;
    waiting = null;
    while (!signal.aborted && performance.now() < deadline && retries < 20) {
      const { view } = state;
      if (view.revealSequence >= view.betSequence) {
        oldestPendingAt = null;
        return state;
      }
      if (state.match.lost !== null) return state;
      if (state.match.commitNeeded) state = await commitNext(state);
      const from = view.revealSequence;
      const to =
        view.betSequence < from + BigInt(maxPerTransaction)
          ? view.betSequence
          : from + BigInt(maxPerTransaction);
      const rows = await rowsFrom(from, to, signal);
      const first = rows.get(from);
      if (first === undefined) {
        waiting = `the bet with sequence ${String(from)} is not in the database yet (indexer)`;
        return state;
      }
      if (chainFor(state.match, from) === null) {
        waiting = `no seed chain the database holds covers sequence ${String(from)}`;
        return state;
      }
      oldestPendingAt = first.placedAt.getTime();
      const ended = await slotEnded(first.slot, signal, slotWaitMs);
      const batch: RevealBet[] = [];
      const instructions: Instruction[] = [];
      for (let q = from; q < to; q += 1n) {
        const bet = rows.get(q);
        // In order only, and only bets whose slot has ended (the program reads its hash).
        if (bet === undefined || bet.slot > ended) break;
        const seed = await seedFor(state, q);
        if (seed === null) break;
        batch.push(bet);
        instructions.push(await revealInstruction(bet, seed));
      }
      if (batch.length === 0) {
        waiting = `the slot of the bet with sequence ${String(from)} has not ended yet`;
        retries += 1;
        continue;
      }
      const count = fittingPrefix(settler, instructions, maxPerTransaction);
      let sig: Signature;
      try {
        sig = await send(rpc, settler, instructions.slice(0, count));
      } catch (error) {
        const code = programError(error);
        retries += 1;
        counters.retries += 1;
        if (code === WAGER_ERROR_CODES.SlotHashUnavailable) {
          // The slot has not ended where the transaction was simulated: the next slot will do.
          await slotEnded((batch.at(-1)?.slot ?? first.slot) + 1n, signal, slotWaitMs);
        } else if (code === WAGER_ERROR_CODES.RevealOutOfOrder || code === WAGER_ERROR_CODES.InvalidSeed) {
          // Another instance revealed meanwhile (the House moved on): read it again.
          log.info({ code, from: String(from) }, 'reveal refused; reading the House again');
        } else if (code !== WAGER_ERROR_CODES.NoSeedCommitted) {
          throw error;
        }
        state = await sync(true);
        continue;
      }
      failPoint('reveal-sent');
      counters.revealTransactions += 1;
      counters.lastBatchSize = count;
      counters.largestBatch = Math.max(counters.largestBatch, count);
      await recordRevealTransaction(sig, batch.slice(0, count));
      log.info({ from: String(from), count, signature: sig }, 'bets revealed');
      state = await sync(true);
    }
    return state;
  }

  // ------------------------------------------------------------------------------------------------------
  // Lost seeds
  // ------------------------------------------------------------------------------------------------------

  /**
   * Refunds, as a keeper, every open bet in [revealSequence, betSequence) once past its deadline. The
   * program is the judge of the deadline (chain time): a refund it refuses as RefundTooEarly in the
   * simulation costs nothing and is tried again on a later run.
   */
  async function refundOverdue(view: HouseSeeds): Promise<void> {
    const rows = await repo.revealBets(view.revealSequence, view.betSequence);
    for (const row of rows.values()) {
      const account = await readBet(rpc, row.betAddress);
      if (account === null || account.offChain || account.sequence !== row.sequence) continue;
      if (account.state !== BetState.Open) continue;
      // Not every run: when the server's clock says the deadline is near, else every few seconds.
      const due = app.now() / 1000 >= Number(account.timestamp) + BET_REFUND_DELAY_SECS - 5;
      const tried = refundTried.get(row.id);
      if (!due && tried !== undefined && performance.now() - tried < REFUND_RETRY_MS) continue;
      refundTried.set(row.id, performance.now());
      let sig: Signature;
      try {
        sig = await sendRefund(rpc, settler, row);
      } catch (error) {
        const code = programError(error);
        if (code === WAGER_ERROR_CODES.RefundTooEarly || code === WAGER_ERROR_CODES.BetNotOpen) continue;
        throw error;
      }
      counters.keeperRefunds += 1;
      failPoint('refund-sent');
      // As the indexer records it from the same transaction (either may come first).
      await repo.markRefunded(row.id, sig);
    }
  }

  async function finishRecovery(state: Synced, recovery: Recovery): Promise<void> {
    let unpause: Signature | null = null;
    if (!recovery.houseWasPaused && state.house.paused) {
      unpause = await sendPause(rpc, authority, state.house, false);
      failPoint('unpaused');
    }
    await repo.finishRecovery(recovery.id, unpause, now());
    log.warn({ recoveryId: recovery.id, unpause }, 'lost-seed recovery finished: the house takes bets again');
  }

  /**
   * Why `reset_seed_chain` cannot go yet, by the program's rule (`docs/wager.md`), or null when it can: a bet
   * is open (it waits for its refund deadline), or refunded bets may still be owed a late win and the
   * first of them was refunded less than `SEED_RESET_DELAY_SECS` ago (by the server's clock; the program
   * judges by the chain's, and a reset it refuses is waited for the same way).
   */
  function resetBlocked(house: HouseAccount): string | null {
    if (house.openBets > 0n) {
      return `${String(house.openBets)} open bet(s) wait for their refund deadline (${String(BET_REFUND_DELAY_SECS)} s after placement) or for the indexer to record them`;
    }
    if (house.refundReserve === 0n) return null;
    const allowedAt = house.reserveSince + BigInt(SEED_RESET_DELAY_SECS);
    if (BigInt(Math.floor(app.now() / 1000)) >= allowedAt) return null;
    return `refunded bets may still be owed ${String(house.refundReserve)} lamports of late wins (refund_reserve): reset_seed_chain forfeits them only from ${new Date(Number(allowedAt) * 1000).toISOString()}, ${String(SEED_RESET_DELAY_SECS)} s after the first such refund`;
  }

  /** Ends a recovery run that must wait: says why in the details, and logs it once per reason. */
  function waitToReset(reason: string, why: string): null {
    const message = `${reason}. Recovery: the house is paused; ${why}`;
    if (message !== waiting)
      log.warn({ reason, waiting: why }, 'lost-seed recovery waiting to reset the seed chain');
    waiting = message;
    return null;
  }

  /**
   * The lost-seed recovery, step by step (each one done once, whatever crashes between them): pause, refund
   * the open bets once past their deadline, reset the chain, unpause.
   *
   * @returns the House after the reset, or null while the reset must wait (`waiting` says why).
   */
  async function recover(state: Synced, reason: string): Promise<Synced | null> {
    if (reason !== lost) log.error({ reason }, 'seeds lost');
    lost = reason;
    if (!recoverLostSeeds) throw new LostSeedsError(reason);
    const recovery =
      (await repo.openRecovery()) ?? (await repo.startRecovery(reason, state.house.paused, now()));
    failPoint('recovery-started');
    let current = state;
    if (!current.house.paused) {
      const sig = await sendPause(rpc, authority, current.house, true);
      failPoint('paused');
      await repo.updateRecovery(recovery.id, { pauseSignature: sig });
      current = await sync(false);
    }
    if (current.house.openBets > 0n) {
      await refundOverdue(current.view);
      current = await sync(false);
    }
    const blocked = resetBlocked(current.house);
    if (blocked !== null) return waitToReset(reason, blocked);
    let chain = recovery.resetChainId === null ? null : await repo.chain(recovery.resetChainId);
    if (chain === null) {
      chain = await repo.createChain(chainLength, 'current', now());
      await repo.updateRecovery(recovery.id, { resetChainId: chain.id });
    }
    failPoint('reset-written');
    let sig: Signature;
    try {
      sig = await sendReset(rpc, settler, chain.head, chain.length);
    } catch (error) {
      if (programError(error) !== WAGER_ERROR_CODES.SeedChainInUse) throw error;
      return waitToReset(
        reason,
        'reset_seed_chain refused (SeedChainInUse): a bet is open, or the reserve delay has not passed by the chain clock',
      );
    }
    failPoint('reset-sent');
    await repo.updateRecovery(recovery.id, { resetSignature: sig });
    await repo.recordCommit(chain.id, sig, now());
    waiting = null;
    log.warn(
      { chainId: chain.id, startSequence: String(current.view.betSequence), signature: sig },
      'seed chain reset',
    );
    const after = await sync(true);
    if (after.match.lost !== null) throw new LostSeedsError(after.match.lost);
    await finishRecovery(after, { ...recovery, resetChainId: chain.id });
    return sync(true);
  }

  // ------------------------------------------------------------------------------------------------------
  // Dry run
  // ------------------------------------------------------------------------------------------------------

  async function planRun(state: Synced): Promise<void> {
    plan = [];
    const { view, match } = state;
    if (match.lost !== null) {
      plan.push({ action: 'recover', reason: match.lost });
    } else {
      if (match.commitNeeded) {
        const pending = state.chains.find((chain) => chain.status === 'next' && chain.startSequence === null);
        plan.push({ action: 'commit-chain', chainId: pending?.id ?? null, startSequence: view.seedChainEnd });
      }
      const to =
        view.betSequence < view.revealSequence + 100n ? view.betSequence : view.revealSequence + 100n;
      const rows = await repo.revealBets(view.revealSequence, to);
      for (let q = view.revealSequence; q < to; q += 1n) {
        const bet = rows.get(q);
        const chain = chainFor(match, q);
        if (bet === undefined || chain === null) {
          plan.push({ action: 'wait-for-row', sequence: q });
          break;
        }
        plan.push({
          action: 'reveal',
          sequence: q,
          betId: bet.id,
          signature: bet.signature,
          chainId: chain.id,
          seedIndex: seedIndexOf(q, chain.start),
        });
      }
    }
    log.info(
      {
        plan: plan.map(
          (item) =>
            JSON.parse(
              JSON.stringify(item, (_, v: unknown) => (typeof v === 'bigint' ? String(v) : v)),
            ) as unknown,
        ),
      },
      'bet-settler dry run: nothing written or sent',
    );
  }

  return {
    name: BET_SETTLER_WORKER_NAME,
    dryRun,
    intervalMs: options.intervalMs ?? 250,

    async run(signal) {
      if (watcher !== null && !watcher.isOpen && !signal.aborted) {
        watcher.open();
        signal.addEventListener(
          'abort',
          () => {
            watcher.close();
          },
          { once: true },
        );
      }
      let state = await sync(!dryRun);
      if (dryRun) {
        await planRun(state);
        return;
      }
      if (state.match.lost !== null) {
        const recovered = await recover(state, state.match.lost);
        // Still lost: the reset waits (for a refund deadline, or the reserve delay); `waiting` says why.
        if (recovered === null) return;
        state = recovered;
      }
      lost = null;
      const recovery = await repo.openRecovery();
      if (recovery !== null) {
        // Reset done by a run that died before unpausing: finish it.
        await finishRecovery(state, recovery);
        state = await sync(true);
      }
      await reconcile(state);
      if (state.match.commitNeeded) state = await commitNext(state);
      state = await reveal(state, signal);
      // The first reveal past the current chain swaps the next one in: commit another at once.
      if (state.match.lost === null && state.match.commitNeeded) await commitNext(state);
    },

    lagMs: oldestWaitMs,

    lag() {
      return {
        openBets: lastView === null ? null : Number(lastView.openBets),
        oldestOpenBetSeconds: oldestWaitMs() / 1000,
      };
    },

    details() {
      return {
        dryRun,
        status: lost === null ? 'ok' : 'failing',
        seeds: lost === null ? 'ok' : 'lost',
        reason: lost,
        waiting,
        house:
          lastView === null
            ? null
            : {
                betSequence: String(lastView.betSequence),
                revealSequence: String(lastView.revealSequence),
                seedChainEnd: String(lastView.seedChainEnd),
                openBets: String(lastView.openBets),
                paused: lastView.paused,
              },
        currentChainId: lastMatch?.current?.id ?? null,
        nextChainId: lastMatch?.next?.id ?? null,
        subscription:
          watcher === null ? null : { open: watcher.isOpen, notifications: watcher.notifications },
        ...counters,
      };
    },

    lastPlan() {
      return plan;
    },

    close() {
      watcher?.close();
    },
  };
}
