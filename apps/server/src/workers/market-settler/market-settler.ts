/**
 * The Prophecy market settler: once a market is resolved, cranks `settle_prediction` (permissionless; the
 * money always goes to the predictor) for every prediction not yet claimed, several per transaction, then
 * marks the market settled in the database when its on-chain `settled_count` reaches its prediction count.
 *
 * It is also the keeper of overdue markets: a market the authority has not resolved
 * `MARKET_RESOLVE_GRACE_SECS` (7 days) after its end gets `expire_market` (anyone may send it; the program
 * resolves it Invalid), and its predictions are then settled for a refund like any resolved market's. So no
 * pot waits on the authority longer than that, even if nobody else cranks it (docs/trust.md, "No frozen
 * pots").
 *
 * Markets come from the database (resolved, not yet settled) and are confirmed on chain; predictions come
 * from the chain (`getProgramAccounts` on the Prediction discriminator and market), so a prediction the
 * indexer has not seen yet is still paid. Idempotent: claimed predictions are filtered out, and one claimed
 * by someone else between the read and the send fails its batch, which is then retried one by one, the
 * claimed one skipped.
 *
 * @module
 */

import { MARKET_RESOLVE_GRACE_SECS } from '@arcade/sdk/constants';
import {
  decodeMarket,
  decodePrediction,
  MarketResult,
  PREDICTION_ACCOUNT_SIZE,
  PREDICTION_DISCRIMINATOR,
  PREDICTION_MARKET_OFFSET,
  type MarketAccount,
  type PredictionAccount,
} from '@arcade/sdk/wager/accounts';
import { decodeWagerError } from '@arcade/sdk/wager/errors';
import { getExpireMarketInstruction, getSettlePredictionInstruction } from '@arcade/sdk/wager/instructions';
import { WAGER_PROGRAM_ADDRESS } from '@arcade/sdk/wager/program';
import { getBase58Decoder, type Address, type Base58EncodedBytes } from '@solana/kit';
import type { FastifyInstance } from 'fastify';

import { ChainTransactionError, sendAndConfirm } from '../../chain/send-transaction.ts';
import { MarketChainRepository } from '../../repositories/market-chain-repository.ts';
import type { Worker } from '../worker.ts';
import type { WorkerLag } from '../worker-lag.ts';

/** The worker's name: its leader lock and health record. */
export const MARKET_SETTLER_WORKER = 'market-settler';

/**
 * Predictions settled per transaction. Each adds two new accounts (prediction, user) and a 15-byte
 * instruction to the message, about 80 bytes: eight stay well inside the 1,232-byte limit, and far inside
 * the compute budget.
 */
export const SETTLE_BATCH_SIZE = 8;

/** Options of {@link createMarketSettlerWorker}. */
export interface MarketSettlerOptions {
  /** Time between runs; default 1,000 ms. */
  readonly intervalMs?: number;
  /** Predictions per transaction; default {@link SETTLE_BATCH_SIZE}. */
  readonly batchSize?: number;
  /** Markets looked at per run; default 20. */
  readonly maxMarketsPerRun?: number;
  /** Stop a run after this many predictions (bounded runs; tests stop mid-way with it). Default no limit. */
  readonly maxPredictionsPerRun?: number;
  /** Find and report, send nothing and change nothing. */
  readonly dryRun?: boolean;
  /** Milliseconds since the epoch (which markets are overdue); default `app.now`. */
  readonly now?: () => number;
}

/**
 * How far past end + grace the server's clock must be before it sends `expire_market`: the chain's Clock
 * moves once a slot, in whole seconds, and may lag it.
 */
export const EXPIRE_MARGIN_SECS = 2;

/** An unclaimed prediction found on chain. */
export interface PendingPrediction {
  readonly address: Address;
  readonly prediction: PredictionAccount;
}

/** What {@link settlePredictions} did. */
export interface SettleOutcome {
  /** Predictions claimed by this call. */
  readonly settled: number;
  /** Predictions the program refused (already claimed meanwhile), with the error's name. */
  readonly skipped: readonly { readonly address: Address; readonly error: string }[];
  readonly signatures: readonly string[];
}

/** The market settler's health figures. */
export type MarketSettlerDetails = {
  readonly dryRun: boolean;
  /** Resolved markets waiting for settlement at the last run. */
  readonly pendingMarkets: number;
  readonly marketsSettled: number;
  readonly predictionsSettled: number;
  readonly predictionsSkipped: number;
  readonly lastMarketSettledAt: number | null;
  /** In dry-run mode, what the last run would have settled: market → unclaimed predictions. */
  readonly lastPlanned: Readonly<Record<string, number>>;
  /** Unresolved markets past their end + grace at the last run. */
  readonly overdueMarkets: number;
  /** Markets this worker resolved Invalid with `expire_market`. */
  readonly marketsExpired: number;
  /** In dry-run mode, the overdue markets the last run would have expired. */
  readonly lastPlannedExpiries: readonly string[];
};

const base58 = getBase58Decoder();

const STORED_RESULT: Readonly<Record<MarketResult, 'Yes' | 'No' | 'Invalid'>> = {
  [MarketResult.Yes]: 'Yes',
  [MarketResult.No]: 'No',
  [MarketResult.Invalid]: 'Invalid',
};

/**
 * Whether a market that ends at `endTime` (unix seconds) may be expired at `nowMs`, with a margin for the
 * chain's clock: the program's rule is now > end and now − end ≥ {@link MARKET_RESOLVE_GRACE_SECS}.
 *
 * @example isMarketOverdue(1_000, (1_000 + 604_800 + 2) * 1000) === true
 */
export function isMarketOverdue(endTime: number | bigint, nowMs: number): boolean {
  return Math.floor(nowMs / 1000) >= Number(endTime) + MARKET_RESOLVE_GRACE_SECS + EXPIRE_MARGIN_SECS;
}

/** The Wager error name of a failed send, decoded from its custom code by the SDK, or null. */
function wagerErrorName(error: unknown): string | null {
  if (!(error instanceof ChainTransactionError) || error.programErrorCode === null) return null;
  return decodeWagerError(error.programErrorCode)?.name ?? null;
}

/**
 * The market's predictions on chain, claimed or not: Prediction accounts of the Wager program whose
 * `market` field is `market`.
 */
export async function findMarketPredictions(
  app: FastifyInstance,
  market: Address,
): Promise<PendingPrediction[]> {
  const accounts = await app.chain.rpc
    .getProgramAccounts(WAGER_PROGRAM_ADDRESS, {
      encoding: 'base64',
      commitment: 'confirmed',
      filters: [
        { dataSize: BigInt(PREDICTION_ACCOUNT_SIZE) },
        {
          memcmp: {
            offset: 0n,
            bytes: base58.decode(PREDICTION_DISCRIMINATOR) as Base58EncodedBytes,
            encoding: 'base58',
          },
        },
        {
          memcmp: {
            offset: BigInt(PREDICTION_MARKET_OFFSET),
            bytes: market as string as Base58EncodedBytes,
            encoding: 'base58',
          },
        },
      ],
    })
    .send();
  return accounts.map(({ pubkey, account }) => ({
    address: pubkey,
    prediction: decodePrediction(Buffer.from(account.data[0], 'base64')),
  }));
}

/** The market account, or null when it does not exist (closed after settlement). */
export async function readMarket(app: FastifyInstance, market: Address): Promise<MarketAccount | null> {
  const { value } = await app.chain.rpc
    .getAccountInfo(market, { encoding: 'base64', commitment: 'confirmed' })
    .send();
  return value === null ? null : decodeMarket(Buffer.from(value.data[0], 'base64'));
}

/**
 * Sends `settle_prediction` for `predictions` of a resolved market, `batchSize` per transaction, paid by
 * the settler key. A batch the program refuses is retried one by one; a prediction it still refuses
 * (claimed meanwhile) is skipped. Anything else (RPC down, not confirmed) is thrown.
 */
export async function settlePredictions(
  app: FastifyInstance,
  market: Address,
  marketAccount: Pick<MarketAccount, 'marketAuthority'>,
  predictions: readonly PendingPrediction[],
  options: { readonly batchSize?: number; readonly signal?: AbortSignal } = {},
): Promise<SettleOutcome> {
  const payer = app.chain.signers.settler;
  const batchSize = Math.max(1, options.batchSize ?? SETTLE_BATCH_SIZE);
  const instructionOf = ({ address, prediction }: PendingPrediction) =>
    getSettlePredictionInstruction({
      prediction: address,
      market,
      marketAuthority: marketAccount.marketAuthority,
      user: prediction.user,
    });
  let settled = 0;
  const skipped: { address: Address; error: string }[] = [];
  const signatures: string[] = [];
  for (let start = 0; start < predictions.length; start += batchSize) {
    if (options.signal?.aborted === true) break;
    const batch = predictions.slice(start, start + batchSize);
    try {
      signatures.push(await sendAndConfirm(app.chain.rpc, payer, batch.map(instructionOf)));
      settled += batch.length;
      continue;
    } catch (error) {
      if (wagerErrorName(error) === null) throw error;
    }
    // One of the batch was refused: a whole transaction fails with it, so find which by sending each.
    for (const pending of batch) {
      try {
        signatures.push(await sendAndConfirm(app.chain.rpc, payer, [instructionOf(pending)]));
        settled += 1;
      } catch (error) {
        const name = wagerErrorName(error);
        if (name === null) throw error;
        skipped.push({ address: pending.address, error: name });
      }
    }
  }
  return { settled, skipped, signatures };
}

class MarketSettler implements Worker {
  readonly name = MARKET_SETTLER_WORKER;
  readonly intervalMs: number;
  readonly #app: FastifyInstance;
  readonly #batchSize: number;
  readonly #maxMarkets: number;
  readonly #maxPredictions: number;
  /** Plans only (see the options' `dryRun`); the runner then takes no leader lock. */
  readonly dryRun: boolean;
  readonly #now: () => number;
  readonly #markets: MarketChainRepository;
  #pendingMarkets = 0;
  #overdueMarkets = 0;
  #marketsExpired = 0;
  #lastPlannedExpiries: string[] = [];
  #marketsSettled = 0;
  #predictionsSettled = 0;
  #predictionsSkipped = 0;
  #lastMarketSettledAt: number | null = null;
  #lastPlanned: Record<string, number> = {};
  /** When this instance first saw each resolved, not yet settled market (the last run's list). */
  #resolvedSince = new Map<string, number>();
  /** Unpaid predictions per resolved market, as the chain last showed them; null before any run. */
  #unpaid: Map<string, number> | null = null;

  constructor(app: FastifyInstance, options: MarketSettlerOptions) {
    this.#app = app;
    this.intervalMs = options.intervalMs ?? 1_000;
    this.#batchSize = options.batchSize ?? SETTLE_BATCH_SIZE;
    this.#maxMarkets = options.maxMarketsPerRun ?? 20;
    this.#maxPredictions = options.maxPredictionsPerRun ?? Infinity;
    this.dryRun = options.dryRun ?? false;
    this.#now = options.now ?? app.now;
    this.#markets = new MarketChainRepository(app.db);
  }

  async run(signal: AbortSignal): Promise<void> {
    await this.#expireOverdue(signal);
    const rows = await this.#markets.resolvedUnsettled(this.#maxMarkets);
    this.#pendingMarkets = rows.length;
    const seenAt = this.#now();
    this.#resolvedSince = new Map(
      rows.map((address) => [address, this.#resolvedSince.get(address) ?? seenAt]),
    );
    // Markets no longer listed are settled; the others keep their count until this run reads them again.
    const unpaid = new Map<string, number>();
    for (const address of rows) unpaid.set(address, this.#unpaid?.get(address) ?? 0);
    this.#unpaid = unpaid;
    const planned: Record<string, number> = {};
    let budget = this.#maxPredictions;
    for (const address of rows) {
      // Past the budget, markets are still looked at: one already complete on chain is marked settled.
      if (signal.aborted) break;
      budget -= await this.#settleMarket(address as Address, budget, planned, signal);
    }
    if (this.dryRun) this.#lastPlanned = planned;
  }

  /**
   * `unsettledPredictions` on the resolved markets the last run looked at (at most `maxMarketsPerRun`), and
   * `oldestUnsettledSeconds`: since this instance first saw the oldest of those with some unpaid.
   */
  lag(): WorkerLag {
    if (this.#unpaid === null) return { unsettledPredictions: null, oldestUnsettledSeconds: null };
    let predictions = 0;
    let oldest: number | null = null;
    for (const [address, count] of this.#unpaid) {
      if (count <= 0) continue;
      predictions += count;
      const since = this.#resolvedSince.get(address);
      if (since !== undefined && (oldest === null || since < oldest)) oldest = since;
    }
    return {
      unsettledPredictions: predictions,
      oldestUnsettledSeconds: oldest === null ? 0 : Math.max(0, this.#now() - oldest) / 1000,
    };
  }

  details(): MarketSettlerDetails {
    return {
      dryRun: this.dryRun,
      pendingMarkets: this.#pendingMarkets,
      marketsSettled: this.#marketsSettled,
      predictionsSettled: this.#predictionsSettled,
      predictionsSkipped: this.#predictionsSkipped,
      lastMarketSettledAt: this.#lastMarketSettledAt,
      lastPlanned: this.#lastPlanned,
      overdueMarkets: this.#overdueMarkets,
      marketsExpired: this.#marketsExpired,
      lastPlannedExpiries: this.#lastPlannedExpiries,
    };
  }

  /**
   * Sends `expire_market` for every unresolved market past its end + grace, and records the result, so the
   * settlement below refunds its predictions in the same run. A market resolved on chain meanwhile (by the
   * authority, or another keeper) has its result recorded instead.
   */
  async #expireOverdue(signal: AbortSignal): Promise<void> {
    const nowMs = this.#now();
    const latestEnd = Math.floor(nowMs / 1000) - MARKET_RESOLVE_GRACE_SECS - EXPIRE_MARGIN_SECS;
    const rows = await this.#markets.unresolvedEndedBy(latestEnd, this.#maxMarkets);
    this.#overdueMarkets = rows.length;
    const planned: string[] = [];
    for (const address of rows) {
      if (signal.aborted) break;
      const market = await readMarket(this.#app, address as Address);
      if (market === null) {
        this.#app.log.warn({ market: address }, 'market settler: an overdue market is not on chain');
        continue;
      }
      if (market.isSettled && market.result !== null) {
        if (!this.dryRun) await this.#recordResult(address, STORED_RESULT[market.result], null);
        continue;
      }
      // The database's end may be stale (an update it has not indexed): the chain's decides.
      if (!isMarketOverdue(market.endTime, nowMs)) continue;
      if (this.dryRun) {
        planned.push(address);
        continue;
      }
      let signature: string;
      try {
        signature = await sendAndConfirm(this.#app.chain.rpc, this.#app.chain.signers.settler, [
          getExpireMarketInstruction({ market: address as Address }),
        ]);
      } catch (error) {
        const name = wagerErrorName(error);
        if (name === 'MarketClosed' || name === 'MarketNotOverdue') {
          // Resolved meanwhile (recorded at the next run), or the chain's clock not there yet.
          this.#app.log.info({ market: address, error: name }, 'market settler: expire_market refused');
          continue;
        }
        throw error;
      }
      await this.#recordResult(address, 'Invalid', signature);
      this.#marketsExpired += 1;
      this.#app.log.info(
        { market: address, signature },
        'market settler expired an overdue market (Invalid)',
      );
    }
    if (this.dryRun) this.#lastPlannedExpiries = planned;
  }

  /** Records a result the chain holds for a market the database still has unresolved. */
  async #recordResult(
    address: string,
    result: 'Yes' | 'No' | 'Invalid',
    signature: string | null,
  ): Promise<void> {
    await this.#markets.recordResultIfUnresolved(address, result, signature);
    this.#app.marketListCache.clear();
  }

  /** Settles what it can of one market within `budget` predictions; returns how many it sent. */
  async #settleMarket(
    address: Address,
    budget: number,
    planned: Record<string, number>,
    signal: AbortSignal,
  ): Promise<number> {
    const market = await readMarket(this.#app, address);
    if (market === null) {
      // close_market only closes a market whose every prediction is settled.
      if (!this.dryRun) await this.#markSettled(address, null);
      return 0;
    }
    if (!market.isSettled || market.result === null) {
      this.#app.log.warn({ market: address }, 'market settler: resolved in the database but not on chain');
      return 0;
    }
    const total = market.yesCount + market.noCount;
    if (market.settledCount >= total) {
      if (!this.dryRun) await this.#markSettled(address, market.settledCount);
      return 0;
    }
    this.#unpaid?.set(address, total - market.settledCount);
    if (budget <= 0) return 0;
    const unclaimed = (await findMarketPredictions(this.#app, address)).filter(
      ({ prediction }) => !prediction.isClaimed,
    );
    const chosen = unclaimed.slice(0, budget);
    if (this.dryRun) {
      planned[address] = unclaimed.length;
      return chosen.length;
    }
    const outcome = await settlePredictions(this.#app, address, market, chosen, {
      batchSize: this.#batchSize,
      signal,
    });
    this.#predictionsSettled += outcome.settled;
    this.#predictionsSkipped += outcome.skipped.length;
    if (outcome.skipped.length > 0) {
      this.#app.log.info({ market: address, skipped: outcome.skipped }, 'market settler skipped predictions');
    }
    const after = await readMarket(this.#app, address);
    this.#unpaid?.set(
      address,
      after === null ? 0 : Math.max(0, after.yesCount + after.noCount - after.settledCount),
    );
    if (after === null || after.settledCount >= after.yesCount + after.noCount) {
      await this.#markSettled(address, after?.settledCount ?? null);
    } else if (after.settledCount !== market.settledCount) {
      await this.#markets.recordSettledCount(address, after.settledCount);
      this.#app.marketListCache.clear();
    }
    return chosen.length;
  }

  async #markSettled(address: Address, settledCount: number | null): Promise<void> {
    if (!(await this.#markets.markSettled(address, settledCount))) return;
    this.#marketsSettled += 1;
    this.#lastMarketSettledAt = this.#app.now();
    this.#app.marketListCache.clear();
    this.#app.log.info({ market: address, settledCount }, 'market settled: every prediction claimed');
  }
}

/**
 * The `market-settler` worker: pays out every resolved Prophecy market and marks it settled. Run it under
 * a {@link WorkerRunner} (one leader across instances).
 */
export function createMarketSettlerWorker(app: FastifyInstance, options: MarketSettlerOptions = {}): Worker {
  return new MarketSettler(app, options);
}
