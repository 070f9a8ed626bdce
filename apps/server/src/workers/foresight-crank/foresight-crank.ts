/**
 * The Foresight crank: keeps the SOL/USD rounds turning. Each run reads the config and its rounds, then
 * creates the next round when it is missing and ticks (`lock_and_settle_events`) once the live round's lock
 * time t has come, pre-creating the round after next in the same transaction.
 *
 * A tick at t takes exactly one Pyth update: the first published at or after t (docs/trust.md, "One
 * price"). The crank gets it from the price-update port (`app.ports.priceUpdates`: Hermes and the Pyth
 * receiver on mainnet, the local chain's `getPythPriceUpdate` locally), which waits the second or two the
 * update takes to appear after t, and passes the account it is written to. A tick that lands late still
 * reads the update for t, so lateness changes no price; the crank reports when that update itself was
 * published more than `ORACLE_MAX_LATE_SECS` after t (its price then does not count).
 *
 * Rounds keep the planned schedule whenever the ticks land (t, t + timelock, …), so after an outage the
 * live round's lock time has passed already: the crank ticks again at once, one round per tick, each for its
 * own planned time, until the live round locks in the future (`ticksDue` in its health). A round still
 * unsettled `FORESIGHT_SETTLE_BUFFER_SECS` after its settle time ends Invalid at its tick without a price:
 * when both rounds a tick touches are past it, the crank asks for no update and passes the live feed
 * account, so rounds from long ago need no historical update. Each run makes a bounded number of moves; the
 * next run goes on.
 *
 * A run that finds the tick due within one interval waits for it, so ticks land within a slot or two of
 * their planned time. A move that another crank made meanwhile (`InvalidEventID`, `EventNotLocked`,
 * `EventSettled`) or that the chain's clock is not ready for (`EventActive`) is read again, never fatal.
 *
 * @module
 */

import { decodeConfig, decodeEvent, type ConfigAccount } from '@arcade/sdk/foresight/accounts';
import { decodeForesightError, type ForesightErrorName } from '@arcade/sdk/foresight/errors';
import { getCreateEventInstructionAsync } from '@arcade/sdk/foresight/instructions';
import { findConfigAddress, findEventAddress } from '@arcade/sdk/foresight/pda';
import { decodePriceUpdateV2 } from '@arcade/sdk/pyth/price-update-v2';
import type { Address, Base64EncodedDataResponse, ReadonlyUint8Array } from '@solana/kit';
import type { FastifyInstance } from 'fastify';

import { ChainTransactionError, sendAndConfirm } from '../../chain/send-transaction.ts';
import {
  DEFAULT_UPDATE_WAIT_MS,
  pause,
  type PostedPriceUpdate,
  type PriceUpdatesPort,
} from '../../ports/price-updates-port.ts';
import type { Worker } from '../worker.ts';
import type { WorkerLag } from '../worker-lag.ts';
import {
  isLateUpdate,
  planCrankAction,
  tickLagMs,
  ticksDue,
  type CrankAction,
  type CrankState,
  type RoundTimes,
} from './crank-plan.ts';
import { tickInstructions } from './tick-transaction.ts';

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
  /** Where the update for t comes from; default `app.ports.priceUpdates`. */
  readonly priceUpdates?: PriceUpdatesPort;
  /** How long one run waits for the update for t to be published; default 10 s. */
  readonly priceWaitMs?: number;
  /** After an update could not be had, how long before asking for it again; default 5 s. */
  readonly missingPriceRetryMs?: number;
}

/** The price a tick read: the update for its planned time t. */
export interface TickPrice {
  /** The planned time, unix seconds. */
  readonly t: number;
  readonly account: Address;
  readonly publishTime: number;
  /** Pyth's integer price, decimal. */
  readonly price: string;
  /** Published more than `ORACLE_MAX_LATE_SECS` after t: the price does not count (those rounds are Invalid). */
  readonly late: boolean;
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
  /**
   * How many ticks the planned schedule has made due: 0 while the live round is open, 1 when its tick is
   * due, more while catching up after an outage (one round per tick).
   */
  readonly ticksDue: number | null;
  /** When the last tick confirmed, unix ms. */
  readonly lastTickAt: number | null;
  /** Last tick's confirmation time minus its planned time, ms (it changes no price). */
  readonly lastTickLagMs: number | null;
  /** The update the last tick read; null when it needed none (both rounds past their buffer) or none yet. */
  readonly lastTickPrice: TickPrice | null;
  /** Whether the last tick's update was published more than `ORACLE_MAX_LATE_SECS` after t. */
  readonly lastTickPriceLate: boolean | null;
  /** Whether the last tick ended its rounds without any price (past their buffer). */
  readonly lastTickWithoutPrice: boolean | null;
  /** The planned time whose update could not be had yet, and since when (unix ms); null when none. */
  readonly waitingForPrice: { readonly t: number; readonly sinceMs: number } | null;
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

/** Whether the config or its next round changed between two reads. */
function stateMoved(before: CrankState, after: CrankState): boolean {
  return (
    before.liveEvent !== after.liveEvent ||
    before.lockedEvent !== after.lockedEvent ||
    before.nextExists !== after.nextExists
  );
}

const bytesOf = (data: Base64EncodedDataResponse): Buffer => Buffer.from(data[0], 'base64');

const timesOf = (data: Base64EncodedDataResponse): RoundTimes & { readonly lockTime: bigint } => {
  const round = decodeEvent(bytesOf(data));
  return {
    startTime: round.startTime,
    settleTime: round.settleTime,
    isSettled: round.isSettled,
    lockTime: round.lockTime,
  };
};

/** What a run read from the chain. */
interface ChainSnapshot extends CrankState {
  readonly config: ConfigAccount;
}

class ForesightCrank implements Worker {
  readonly name = FORESIGHT_CRANK_WORKER;
  readonly intervalMs: number;
  readonly #app: FastifyInstance;
  /** Plans only (see the options' `dryRun`); the runner then takes no leader lock. */
  readonly dryRun: boolean;
  readonly #now: () => number;
  readonly #earlyRetryMs: number;
  readonly #prices: PriceUpdatesPort;
  readonly #priceWaitMs: number;
  readonly #missingRetryMs: number;
  #configAddress: Address | null = null;
  #feedId: ReadonlyUint8Array | null = null;
  #snapshot: ChainSnapshot | null = null;
  /** The update posted for a tick that has not landed yet (reused by the next attempt at the same t). */
  #pending: PostedPriceUpdate | null = null;
  /** The planned time whose update could not be had, since when, and when to ask again. */
  #missing: { t: number; sinceMs: number; retryAtMs: number } | null = null;
  #lastTickAt: number | null = null;
  #lastTickLagMs: number | null = null;
  #lastTickPrice: TickPrice | null = null;
  #lastTickWithoutPrice: boolean | null = null;
  #ticks = 0;
  #roundsCreated = 0;
  #lastPlannedAction: CrankAction | null = null;
  /** While catching up after an outage: the planned time it started from and the ticks made since. */
  #catchUp: { fromT: number; ticks: number } | null = null;

  constructor(app: FastifyInstance, options: ForesightCrankOptions) {
    this.#app = app;
    this.intervalMs = options.intervalMs ?? 500;
    this.dryRun = options.dryRun ?? false;
    this.#now = options.now ?? app.now;
    this.#earlyRetryMs = options.earlyRetryMs ?? 1_500;
    this.#prices = options.priceUpdates ?? app.ports.priceUpdates;
    this.#priceWaitMs = options.priceWaitMs ?? DEFAULT_UPDATE_WAIT_MS;
    this.#missingRetryMs = options.missingPriceRetryMs ?? 5_000;
  }

  async run(signal: AbortSignal): Promise<void> {
    let earlyUntil: number | null = null;
    for (let move = 0; move < MAX_MOVES_PER_RUN && !signal.aborted; move++) {
      const snapshot = await this.#read();
      const action = planCrankAction(snapshot, this.#now());
      if (this.dryRun) {
        this.#lastPlannedAction = action;
        if (action.kind !== 'wait') this.#app.log.info({ action }, 'foresight crank (dry run) would act');
        return;
      }
      if (action.kind === 'wait') {
        const waitMs = action.dueMs === null ? Infinity : action.dueMs - this.#now();
        // Due within this interval: wait here so the tick is not an interval late.
        if (waitMs > this.intervalMs) return;
        await pause(Math.max(0, waitMs), signal);
        continue;
      }
      try {
        if (action.kind === 'create') await this.#createEvent(snapshot, action.id);
        else if (!(await this.#tick(snapshot, action, signal))) return; // no update for t yet
      } catch (error) {
        const name = foresightErrorName(error);
        // The app's clock says due (or past the buffer), the chain's Clock (one reading a slot, whole
        // seconds) not yet: a tick without a price meets PythError while the chain still wants one.
        const early =
          name === 'EventActive' || (action.kind === 'tick' && !action.needsPrice && name === 'PythError');
        if (early) {
          earlyUntil ??= this.#now() + this.#earlyRetryMs;
          if (this.#now() >= earlyUntil) return;
          await pause(EARLY_RETRY_PAUSE_MS, signal);
          continue;
        }
        if (name !== null && STALE_STATE_ERRORS.has(name)) {
          this.#app.log.info({ error: name }, 'foresight crank: state moved meanwhile, reading it again');
          // Another crank ticked for this t: the update posted for it has no use left.
          if (action.kind === 'tick') await this.#discardPending();
          continue;
        }
        // A failure without a program error (e.g. the same move, hence the same transaction, already
        // landed from another instance): fine if the move happened anyway.
        if (name === null && stateMoved(snapshot, await this.#read())) continue;
        // The update may be the cause (a mismatch, a closed account): the next attempt fetches it afresh.
        await this.#discardPending();
        throw error;
      }
    }
  }

  lagMs(): number {
    const due = this.#nextTickDueAt();
    return due === null ? 0 : tickLagMs(due, this.#now());
  }

  /** `tickLateSeconds`: how far past the planned time of the next tick (null before the chain was read). */
  lag(): WorkerLag {
    return { tickLateSeconds: this.#snapshot === null ? null : this.lagMs() / 1000 };
  }

  details(): ForesightCrankDetails {
    const snapshot = this.#snapshot;
    const missing = this.#missing;
    return {
      dryRun: this.dryRun,
      config: this.#configAddress,
      liveRound: snapshot?.liveEvent ?? null,
      lockedRound: snapshot?.lockedEvent ?? null,
      nextRoundReady: snapshot?.nextExists ?? null,
      nextTickDueAt: this.#nextTickDueAt(),
      ticksDue: this.#ticksDue(),
      lastTickAt: this.#lastTickAt,
      lastTickLagMs: this.#lastTickLagMs,
      lastTickPrice: this.#lastTickPrice,
      lastTickPriceLate: this.#lastTickPrice?.late ?? null,
      lastTickWithoutPrice: this.#lastTickWithoutPrice,
      waitingForPrice: missing === null ? null : { t: missing.t, sinceMs: missing.sinceMs },
      ticks: this.#ticks,
      roundsCreated: this.#roundsCreated,
      lastPlannedAction: this.#lastPlannedAction,
    };
  }

  #nextTickDueAt(): number | null {
    const lockTime = this.#snapshot?.liveLockTime ?? null;
    return lockTime === null ? null : Number(lockTime) * 1000;
  }

  #ticksDue(): number | null {
    const due = this.#nextTickDueAt();
    const timelock = this.#snapshot?.config.timelock;
    return due === null || timelock === undefined ? null : ticksDue(due, timelock, this.#now());
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
    this.#feedId = feedId;
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
    let live: (RoundTimes & { readonly lockTime: bigint }) | null = null;
    let locked: RoundTimes | null = null;
    let nextExists = false;
    if (config.liveEvent !== 0) {
      const ids = [
        config.liveEvent,
        config.liveEvent + 1,
        ...(config.lockedEvent === 0 ? [] : [config.lockedEvent]),
      ];
      const addresses = await Promise.all(
        ids.map(async (id) => (await findEventAddress(configAddress, id))[0]),
      );
      const { value } = await rpc
        .getMultipleAccounts(addresses, { encoding: 'base64', commitment: 'confirmed' })
        .send();
      const [liveInfo, nextInfo, lockedInfo] = value;
      if (liveInfo) live = timesOf(liveInfo.data);
      if (lockedInfo) locked = timesOf(lockedInfo.data);
      nextExists = nextInfo !== null && nextInfo !== undefined;
    }
    const snapshot: ChainSnapshot = {
      config,
      liveEvent: config.liveEvent,
      lockedEvent: config.lockedEvent,
      liveLockTime: live?.lockTime ?? null,
      nextExists,
      disabled: config.disabled,
      live,
      locked,
    };
    this.#snapshot = snapshot;
    return snapshot;
  }

  async #createEvent(snapshot: ChainSnapshot, id: number): Promise<void> {
    const signer = this.#app.chain.signers.eventSigner;
    const instruction = await getCreateEventInstructionAsync({
      payer: signer,
      config: await this.#config(),
      id,
    });
    await sendAndConfirm(this.#app.chain.rpc, signer, [instruction]);
    this.#roundsCreated += 1;
    this.#app.log.info({ round: id, liveRound: snapshot.liveEvent }, 'foresight crank created a round');
  }

  /**
   * The tick planned for `action.plannedMs`, with the update for that time when a round still takes a
   * price. Returns false when that update cannot be had yet (the next run asks again).
   */
  async #tick(
    snapshot: ChainSnapshot,
    action: Extract<CrankAction, { kind: 'tick' }>,
    signal: AbortSignal,
  ): Promise<boolean> {
    const signer = this.#app.chain.signers.eventSigner;
    const t = Math.floor(action.plannedMs / 1000);
    const timelock = snapshot.config.timelock;
    const due = ticksDue(action.plannedMs, timelock, this.#now());
    if (due > 1 && this.#catchUp === null) {
      this.#catchUp = { fromT: t, ticks: 0 };
      this.#app.log.warn(
        { t, ticksDue: due, liveRound: snapshot.liveEvent, timelock },
        'foresight crank is behind the planned schedule: catching up, one round per tick',
      );
    }
    const update = action.needsPrice ? await this.#updateFor(t, signal) : null;
    if (action.needsPrice && update === null) return false;
    if (!action.needsPrice) await this.#discardPending();
    const instructions = await tickInstructions({
      cranker: signer,
      config: await this.#config(),
      treasury: snapshot.config.treasury,
      liveEvent: snapshot.liveEvent,
      lockedEvent: snapshot.lockedEvent,
      // No round takes a price: the program reads none, and the live feed account is always there.
      priceUpdate: update?.address ?? this.#app.chain.addresses.priceAccount,
      closeInstructions: update?.closeInstructions ?? [],
    });
    await sendAndConfirm(this.#app.chain.rpc, signer, instructions);
    this.#pending = null;
    this.#missing = null;
    const at = this.#now();
    const lag = tickLagMs(action.plannedMs, at);
    this.#ticks += 1;
    this.#roundsCreated += 1;
    this.#lastTickAt = at;
    this.#lastTickLagMs = lag;
    this.#lastTickWithoutPrice = update === null;
    this.#lastTickPrice =
      update === null
        ? null
        : {
            t,
            account: update.address,
            publishTime: update.publishTime,
            price: update.price.toString(),
            late: isLateUpdate(update.publishTime, t),
          };
    // The round it opened locks at t + timelock: still due when the crank is catching up.
    const stillDue = ticksDue((t + timelock) * 1000, timelock, at);
    const record = {
      settled: snapshot.lockedEvent === 0 ? null : snapshot.lockedEvent,
      locked: snapshot.liveEvent,
      live: snapshot.liveEvent + 1,
      t,
      nextT: t + timelock,
      lagMs: lag,
      publishTime: update?.publishTime ?? null,
      price: update?.price.toString() ?? null,
      ticksDue: stillDue,
    };
    if (update === null) {
      this.#app.log.warn(
        record,
        'foresight crank ticked without a price: its rounds were past their settle buffer and ended Invalid',
      );
    } else if (this.#lastTickPrice?.late === true) {
      this.#app.log.warn(
        record,
        'foresight crank ticked: the update for t was published too late, its rounds are Invalid',
      );
    } else {
      this.#app.log.info(record, 'foresight crank ticked');
    }
    this.#noteCatchUp(t, stillDue);
    return true;
  }

  /** Counts a catch-up tick, and reports when the rounds are on schedule again. */
  #noteCatchUp(t: number, stillDue: number): void {
    const catchUp = this.#catchUp;
    if (catchUp === null) return;
    catchUp.ticks += 1;
    if (stillDue > 0) return;
    this.#catchUp = null;
    this.#app.log.info(
      { fromT: catchUp.fromT, toT: t, ticks: catchUp.ticks },
      'foresight crank caught up with the planned schedule',
    );
  }

  /** The posted update for `t`: the one kept from a failed attempt, or a fresh one from the port. */
  async #updateFor(t: number, signal: AbortSignal): Promise<PostedPriceUpdate | null> {
    if (this.#pending?.t === t) return this.#pending;
    await this.#discardPending();
    const missing = this.#missing;
    if (missing?.t === t && this.#now() < missing.retryAtMs) return null;
    if (this.#feedId === null) await this.#config();
    const update = await this.#prices.postUpdateAt({
      feedId: this.#feedId!,
      t,
      payer: this.#app.chain.signers.eventSigner,
      waitMs: this.#priceWaitMs,
      signal,
    });
    if (update === null) {
      const sinceMs = missing?.t === t ? missing.sinceMs : this.#now();
      if (missing?.t !== t) {
        this.#app.log.warn({ t }, 'foresight crank: the Pyth update for the tick is not available yet');
      }
      this.#missing = { t, sinceMs, retryAtMs: this.#now() + this.#missingRetryMs };
      return null;
    }
    this.#missing = null;
    this.#pending = update;
    return update;
  }

  /** Closes an update posted for a tick that will not use it (another crank ticked, or it failed). */
  async #discardPending(): Promise<void> {
    const pending = this.#pending;
    if (pending === null) return;
    this.#pending = null;
    await this.#prices.close(pending, this.#app.chain.signers.eventSigner);
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
