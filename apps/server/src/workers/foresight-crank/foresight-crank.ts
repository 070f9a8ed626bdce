/**
 * The Foresight crank: keeps the SOL/USD rounds turning. Each run reads the config and its rounds, then
 * creates the next round when it is missing and ticks (`lock_and_settle_events`) once the live round's lock
 * time has come, pre-creating the round after next in the same transaction.
 *
 * A run that finds the tick due within one interval waits for it, so ticks land within a slot or two of
 * their planned time rather than up to an interval late. After downtime the first tick settles and locks
 * the stale rounds (Invalid when their prices are out of the oracle window) and opens a round at once, so
 * one run catches up. A move that another crank made meanwhile (`InvalidEventID`, `EventNotLocked`,
 * `EventSettled`) or that the chain's clock is not ready for (`EventActive`) is read again, never fatal.
 *
 * @module
 */

import { decodeConfig, decodeEvent, type ConfigAccount } from '@arcade/sdk/foresight/accounts';
import { decodeForesightError, type ForesightErrorName } from '@arcade/sdk/foresight/errors';
import {
  getCreateEventInstructionAsync,
  getLockAndSettleEventsInstruction,
  type ForesightInstruction,
} from '@arcade/sdk/foresight/instructions';
import { findConfigAddress, findEventAddress } from '@arcade/sdk/foresight/pda';
import { decodePriceUpdateV2 } from '@arcade/sdk/pyth/price-update-v2';
import type { Address, Base64EncodedDataResponse } from '@solana/kit';
import type { FastifyInstance } from 'fastify';

import { ChainTransactionError, sendAndConfirm } from '../../chain/send-transaction.ts';
import type { Worker } from '../worker.ts';
import {
  missesLockPrice,
  planCrankAction,
  tickLagMs,
  type CrankAction,
  type CrankState,
} from './crank-plan.ts';

/** The worker's name: its leader lock and health record. */
export const FORESIGHT_CRANK_WORKER = 'foresight-crank';

/** Options of {@link createForesightCrankWorker}. */
export interface ForesightCrankOptions {
  /** Time between runs; default 500 ms. */
  readonly intervalMs?: number;
  /** Plan and report, send nothing. */
  readonly dryRun?: boolean;
  /** Milliseconds since the epoch; default `app.now`. */
  readonly now?: () => number;
  /**
   * How long a run keeps retrying a tick the chain refuses as early (`EventActive`: its clock moves once a
   * slot, in whole seconds); default 1,500 ms.
   */
  readonly earlyRetryMs?: number;
}

/** The crank's health figures. */
export type ForesightCrankDetails = {
  readonly dryRun: boolean;
  readonly config: Address | null;
  readonly liveRound: number | null;
  readonly lockedRound: number | null;
  readonly nextRoundReady: boolean | null;
  /** The live round's lock time, unix ms: when the next tick is due. */
  readonly nextTickDueAt: number | null;
  /** When the last tick confirmed, unix ms. */
  readonly lastTickAt: number | null;
  /** Last tick's confirmation time minus its planned time, ms. */
  readonly lastTickLagMs: number | null;
  /** Whether the last tick came too late for the live round's lock price (that round ends Invalid). */
  readonly lastTickMissedLockPrice: boolean | null;
  readonly ticks: number;
  readonly roundsCreated: number;
  /** In dry-run mode, the move the last run would have made. */
  readonly lastPlannedAction: CrankAction | null;
};

/** Program errors that mean the state moved under the crank: read it again. */
const STALE_STATE_ERRORS: ReadonlySet<ForesightErrorName> = new Set([
  'InvalidEventID',
  'EventNotLocked',
  'EventSettled',
]);

/** At most this many moves per run: create, tick, create is the longest useful sequence. */
const MAX_MOVES_PER_RUN = 6;
const EARLY_RETRY_PAUSE_MS = 200;

/** The Foresight error name in a failed send, decoded from its custom code by the SDK, or null. */
function foresightErrorName(error: unknown): ForesightErrorName | null {
  if (!(error instanceof ChainTransactionError) || error.programErrorCode === null) return null;
  return decodeForesightError(error.programErrorCode)?.name ?? null;
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) {
      resolve();
      return;
    }
    const timer = setTimeout(done, ms);
    function done(): void {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}

/** Whether the config or its next round changed between two reads. */
function stateMoved(before: CrankState, after: CrankState): boolean {
  return (
    before.liveEvent !== after.liveEvent ||
    before.lockedEvent !== after.lockedEvent ||
    before.nextExists !== after.nextExists
  );
}

const bytesOf = (data: Base64EncodedDataResponse): Buffer => Buffer.from(data[0], 'base64');

/** What a run read from the chain. */
interface ChainSnapshot extends CrankState {
  readonly config: ConfigAccount;
}

class ForesightCrank implements Worker {
  readonly name = FORESIGHT_CRANK_WORKER;
  readonly intervalMs: number;
  readonly #app: FastifyInstance;
  readonly #dryRun: boolean;
  readonly #now: () => number;
  readonly #earlyRetryMs: number;
  #configAddress: Address | null = null;
  #snapshot: ChainSnapshot | null = null;
  #lastTickAt: number | null = null;
  #lastTickLagMs: number | null = null;
  #lastTickMissedLockPrice: boolean | null = null;
  #ticks = 0;
  #roundsCreated = 0;
  #lastPlannedAction: CrankAction | null = null;

  constructor(app: FastifyInstance, options: ForesightCrankOptions) {
    this.#app = app;
    this.intervalMs = options.intervalMs ?? 500;
    this.#dryRun = options.dryRun ?? false;
    this.#now = options.now ?? app.now;
    this.#earlyRetryMs = options.earlyRetryMs ?? 1_500;
  }

  async run(signal: AbortSignal): Promise<void> {
    let earlyUntil: number | null = null;
    for (let move = 0; move < MAX_MOVES_PER_RUN && !signal.aborted; move++) {
      const snapshot = await this.#read();
      const action = planCrankAction(snapshot, this.#now());
      if (this.#dryRun) {
        this.#lastPlannedAction = action;
        if (action.kind !== 'wait') this.#app.log.info({ action }, 'foresight crank (dry run) would act');
        return;
      }
      if (action.kind === 'wait') {
        const waitMs = action.dueMs === null ? Infinity : action.dueMs - this.#now();
        // Due within this interval: wait here so the tick is not an interval late.
        if (waitMs > this.intervalMs) return;
        await sleep(Math.max(0, waitMs), signal);
        continue;
      }
      try {
        if (action.kind === 'create') await this.#createEvent(snapshot, action.id);
        else await this.#tick(snapshot, action.plannedMs);
      } catch (error) {
        const name = foresightErrorName(error);
        if (name === 'EventActive') {
          // The app's clock says due, the chain's Clock (one reading a slot, whole seconds) not yet.
          earlyUntil ??= this.#now() + this.#earlyRetryMs;
          if (this.#now() >= earlyUntil) return;
          await sleep(EARLY_RETRY_PAUSE_MS, signal);
          continue;
        }
        if (name !== null && STALE_STATE_ERRORS.has(name)) {
          this.#app.log.info({ error: name }, 'foresight crank: state moved meanwhile, reading it again');
          continue;
        }
        // A failure without a program error (e.g. the same move, hence the same transaction, already
        // landed from another instance): fine if the move happened anyway.
        if (name === null && stateMoved(snapshot, await this.#read())) continue;
        throw error;
      }
    }
  }

  lagMs(): number {
    const due = this.#nextTickDueAt();
    return due === null ? 0 : tickLagMs(due, this.#now());
  }

  details(): ForesightCrankDetails {
    const snapshot = this.#snapshot;
    return {
      dryRun: this.#dryRun,
      config: this.#configAddress,
      liveRound: snapshot?.liveEvent ?? null,
      lockedRound: snapshot?.lockedEvent ?? null,
      nextRoundReady: snapshot?.nextExists ?? null,
      nextTickDueAt: this.#nextTickDueAt(),
      lastTickAt: this.#lastTickAt,
      lastTickLagMs: this.#lastTickLagMs,
      lastTickMissedLockPrice: this.#lastTickMissedLockPrice,
      ticks: this.#ticks,
      roundsCreated: this.#roundsCreated,
      lastPlannedAction: this.#lastPlannedAction,
    };
  }

  #nextTickDueAt(): number | null {
    const lockTime = this.#snapshot?.liveLockTime ?? null;
    return lockTime === null ? null : Number(lockTime) * 1000;
  }

  /** The SOL/USD config: the PDA of the feed the price account carries. */
  async #config(): Promise<Address> {
    if (this.#configAddress !== null) return this.#configAddress;
    const priceAccount = this.#app.chain.addresses.priceAccount;
    const { value } = await this.#app.chain.rpc
      .getAccountInfo(priceAccount, { encoding: 'base64', commitment: 'confirmed' })
      .send();
    if (value === null) throw new Error(`the price account ${priceAccount} does not exist`);
    const { feedId } = decodePriceUpdateV2(bytesOf(value.data)).priceMessage;
    const [config] = await findConfigAddress(feedId);
    this.#configAddress = config;
    return config;
  }

  async #read(): Promise<ChainSnapshot> {
    const configAddress = await this.#config();
    const rpc = this.#app.chain.rpc;
    const { value: configInfo } = await rpc
      .getAccountInfo(configAddress, { encoding: 'base64', commitment: 'confirmed' })
      .send();
    if (configInfo === null) throw new Error(`the Foresight config ${configAddress} does not exist`);
    const config = decodeConfig(bytesOf(configInfo.data));
    let liveLockTime: bigint | null = null;
    let nextExists = false;
    if (config.liveEvent !== 0) {
      const [[live], [next]] = await Promise.all([
        findEventAddress(configAddress, config.liveEvent),
        findEventAddress(configAddress, config.liveEvent + 1),
      ]);
      const { value } = await rpc
        .getMultipleAccounts([live, next], { encoding: 'base64', commitment: 'confirmed' })
        .send();
      const [liveInfo, nextInfo] = value;
      if (liveInfo) liveLockTime = decodeEvent(bytesOf(liveInfo.data)).lockTime;
      nextExists = nextInfo !== null && nextInfo !== undefined;
    }
    const snapshot: ChainSnapshot = {
      config,
      liveEvent: config.liveEvent,
      lockedEvent: config.lockedEvent,
      liveLockTime,
      nextExists,
      disabled: config.disabled,
    };
    this.#snapshot = snapshot;
    return snapshot;
  }

  async #createInstruction(id: number): Promise<ForesightInstruction> {
    return getCreateEventInstructionAsync({
      eventSigner: this.#app.chain.signers.eventSigner,
      config: await this.#config(),
      id,
    });
  }

  async #createEvent(snapshot: ChainSnapshot, id: number): Promise<void> {
    const signer = this.#app.chain.signers.eventSigner;
    await sendAndConfirm(this.#app.chain.rpc, signer, [await this.#createInstruction(id)]);
    this.#roundsCreated += 1;
    this.#app.log.info({ round: id, liveRound: snapshot.liveEvent }, 'foresight crank created a round');
  }

  async #tick(snapshot: ChainSnapshot, plannedMs: number): Promise<void> {
    const signer = this.#app.chain.signers.eventSigner;
    const configAddress = await this.#config();
    const { liveEvent, lockedEvent } = snapshot;
    const [[live], [next], locked] = await Promise.all([
      findEventAddress(configAddress, liveEvent),
      findEventAddress(configAddress, liveEvent + 1),
      lockedEvent === 0 ? Promise.resolve(null) : findEventAddress(configAddress, lockedEvent),
    ]);
    const tick = getLockAndSettleEventsInstruction({
      eventSigner: signer,
      config: configAddress,
      lockedEvent: locked?.[0] ?? null,
      liveEvent: live,
      nextEvent: next,
      priceUpdate: this.#app.chain.addresses.priceAccount,
      treasury: snapshot.config.treasury,
    });
    // The tick makes round live + 1 live, so live + 2 is the one to pre-create, in the same transaction:
    // bettors never see a live round without its successor.
    await sendAndConfirm(this.#app.chain.rpc, signer, [tick, await this.#createInstruction(liveEvent + 2)]);
    const at = this.#now();
    const lag = tickLagMs(plannedMs, at);
    this.#ticks += 1;
    this.#roundsCreated += 1;
    this.#lastTickAt = at;
    this.#lastTickLagMs = lag;
    this.#lastTickMissedLockPrice = missesLockPrice(lag);
    const record = { settled: lockedEvent, locked: liveEvent, live: liveEvent + 1, lagMs: lag };
    if (this.#lastTickMissedLockPrice) {
      this.#app.log.warn(record, 'foresight crank ticked late: the locked round has no lock price');
    } else {
      this.#app.log.info(record, 'foresight crank ticked');
    }
  }
}

/**
 * The `foresight-crank` worker for the SOL/USD config of `app.chain.addresses.priceAccount`, signing with
 * the event signer. Run it under a {@link WorkerRunner} (one leader across instances).
 *
 * @example app.workers … createForesightCrankWorker(app, { dryRun: true })
 */
export function createForesightCrankWorker(
  app: FastifyInstance,
  options: ForesightCrankOptions = {},
): Worker {
  return new ForesightCrank(app, options);
}
