/**
 * The demo seeder: on the embedded local chain, fills Prophecy with the markets of `market-plan.ts`, open,
 * closed and resolved, with predictions from a handful of funded demo wallets on both sides, through the
 * server's own service (real `create_market`, `create_prediction` and `resolve_market` transactions; the
 * indexer and the market settler then do what they do for any market).
 *
 * Idempotent: a market the seeder made is found again by its name (and `created_by`), a prediction by its
 * address on chain, so a restart on the same data adds nothing, and one interrupted half-way finishes the
 * job: missing predictions are placed while the market is open, a market meant to be resolved is resolved.
 * An open demo market whose cutoff comes soon is moved forward with `update_market`, so the demo stays
 * alive; the program moves a market only before its cutoff (and within its lifetime), so one whose cutoff
 * has passed meanwhile (the demo was stopped for days) is resolved Invalid, its predictors refunded, and
 * replaced by a fresh market of the same plan. It runs in the background after the server listens: every
 * step logs, and a failed step is logged and skipped.
 *
 * @module
 */

import { LAMPORTS_PER_SOL } from '@arcade/sdk/constants';
import { findPredictionAddress } from '@arcade/sdk/wager/pda';
import { getCreatePredictionInstructionAsync } from '@arcade/sdk/wager/instructions';
import type { Address, KeyPairSigner } from '@solana/kit';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

import { sendAndConfirm } from '../chain/send-transaction.ts';
import { HttpError } from '../http/errors.ts';
import type { MarketRecord } from '../repositories/market-repository.ts';
import { PROPHECY_MESSAGES } from '../services/prophecy-service.ts';
import { ensureUsername, signInWallet } from './demo-accounts.ts';
import { loadOrCreateDemoWallets, topUp } from './demo-wallets.ts';
import { marketArt } from './market-art.ts';
import {
  DEMO_MARKETS,
  fitsLifetime,
  plannedPredictions,
  plannedTimes,
  type DemoMarketPlan,
} from './market-plan.ts';
import { seededRandom, seedOf } from './random.ts';
import { sleep } from './sleep.ts';

/** `markets.created_by` of the demo's markets. */
export const DEMO_CREATED_BY = 'demo-seed';

/** The demo wallets that predict, by the usernames they take (a taken one gets a number). */
export const DEMO_WALLET_NAMES: readonly string[] = Object.freeze([
  'whale_watcher',
  'satoshi_fan',
  'oracle_olivia',
  'pundit_pat',
  'stats_sam',
  'early_eve',
  'quant_quinn',
  'mm_mike',
]);

/** How many demo wallets predict. */
export const DEMO_WALLET_COUNT = DEMO_WALLET_NAMES.length;

/**
 * Seconds a closed or resolved market stays open after it is created: long enough for its predictions to
 * land on a busy machine, short enough that the demo shows them closed within a minute.
 */
export const SHORT_CUTOFF_SECS = 45;

/** An open market whose cutoff is nearer than this is moved forward on the next start. */
export const MIN_OPEN_SECS = 15 * 60;

/**
 * A market is moved forward only while its cutoff is at least this far ahead: the program refuses any
 * change from the cutoff on (MarketClosed), and the chain's clock may be a second ahead of the server's.
 */
export const UPDATE_MARGIN_SECS = 5;

/** Each demo wallet is topped up to this when it falls under a fifth of it. */
export const DEMO_WALLET_FUNDS = 250n * LAMPORTS_PER_SOL;

/** Tries at resolving a market the chain's clock (one reading a slot) still sees before its cutoff. */
const RESOLVE_TRIES = 20;
const RESOLVE_RETRY_MS = 1_500;

/** Options of {@link seedDemo}. */
export interface SeedDemoOptions {
  readonly markets?: readonly DemoMarketPlan[];
  readonly walletCount?: number;
  readonly shortCutoffSecs?: number;
  /** Milliseconds since the epoch: the chain's clock, which the program checks times against. */
  readonly now?: () => number;
  /** Aborting stops the seeder between steps; a later start finishes the job. */
  readonly signal?: AbortSignal;
  readonly log?: FastifyBaseLogger;
}

/** What a run did. */
export interface SeedReport {
  /** Names of the markets created. */
  readonly created: string[];
  /** Names of the open markets moved forward. */
  readonly movedForward: string[];
  /**
   * Names of the open markets whose cutoff had passed (too late to move): resolved Invalid, their
   * predictors refunded, and created afresh.
   */
  readonly replaced: string[];
  readonly predictions: number;
  /** Names of the markets resolved. */
  readonly resolved: string[];
  /** Steps that failed (logged). */
  readonly failures: number;
}

/** The seeder stopped because its signal aborted. */
class SeedAborted extends Error {
  override readonly name = 'SeedAborted';
}

/** The demo's markets in the database, by name. */
export async function findDemoMarkets(app: FastifyInstance): Promise<Map<string, MarketRecord>> {
  // Oldest first, so a market replaced by a fresh one of the same name gives way to it.
  const rows = await app.db.query<{ address: string }>(
    'SELECT address FROM markets WHERE created_by = $1 ORDER BY created_at, address',
    [DEMO_CREATED_BY],
  );
  const markets = new Map<string, MarketRecord>();
  for (const { address } of rows) {
    const market = await app.services.prophecy.markets.find(address);
    if (market !== null) markets.set(market.name, market);
  }
  return markets;
}

/**
 * Seeds (or finishes seeding) the demo's markets. Never throws for a failed step: it logs it, counts it
 * and goes on.
 *
 * @throws Error when the app is not on the embedded local chain: the demo never touches a real cluster.
 */
export async function seedDemo(app: FastifyInstance, options: SeedDemoOptions = {}): Promise<SeedReport> {
  if (app.chain.cluster !== 'localnet' || app.chain.local === null) {
    throw new Error('the demo seeds the embedded local chain only');
  }
  const plans = options.markets ?? DEMO_MARKETS;
  const shortCutoffSecs = options.shortCutoffSecs ?? SHORT_CUTOFF_SECS;
  const now = options.now ?? Date.now;
  const nowSecs = () => Math.floor(now() / 1000);
  const signal = options.signal;
  const log = options.log ?? app.log.child({ module: 'demo-seed' });
  const { prophecy } = app.services;
  const rpc = app.chain.rpc;
  const report = {
    created: [] as string[],
    movedForward: [] as string[],
    replaced: [] as string[],
    predictions: 0,
    resolved: [] as string[],
    failures: 0,
  };

  let stopped = false;
  const checkAborted = (): void => {
    if (signal?.aborted === true) throw new SeedAborted('stopped');
  };

  /** Runs a step; a failure is logged and counted, an abort goes up. */
  async function step(what: string, work: () => Promise<void>): Promise<void> {
    checkAborted();
    try {
      await work();
    } catch (error) {
      if (error instanceof SeedAborted || signal?.aborted === true) throw new SeedAborted('stopped');
      report.failures += 1;
      log.warn({ err: error }, `demo seed: ${what} failed, going on`);
    }
  }

  try {
    const wallets = await loadOrCreateDemoWallets(
      app.env.DATA_DIR,
      'wallets',
      'demo',
      options.walletCount ?? DEMO_WALLET_COUNT,
    );
    await step('funding the demo wallets', async () => {
      await Promise.all(
        wallets.map((wallet) =>
          topUp(rpc, wallet.address, {
            below: DEMO_WALLET_FUNDS / 5n,
            upTo: DEMO_WALLET_FUNDS,
            ...(signal === undefined ? {} : { signal }),
          }),
        ),
      );
    });
    await step('naming the demo wallets', async () => {
      await Promise.all(
        wallets.map(async (wallet, index) => {
          const token = await signInWallet(app, wallet);
          await ensureUsername(app, {
            address: wallet.address,
            token,
            wanted: DEMO_WALLET_NAMES[index % DEMO_WALLET_NAMES.length]!,
            random: seededRandom(seedOf(wallet.address)),
          });
        }),
      );
    });
    const existing = await findDemoMarkets(app);
    const ready = new Map<string, MarketRecord>();

    /** Places the plan's predictions that are not on chain yet. */
    async function placeMissing(plan: DemoMarketPlan, market: MarketRecord): Promise<void> {
      const planned = plannedPredictions(plan, wallets.length);
      const addresses = await Promise.all(
        planned.map(
          async ({ wallet }) =>
            (await findPredictionAddress(market.address as Address, wallets[wallet]!.address))[0],
        ),
      );
      const { value } = await rpc
        .getMultipleAccounts(addresses, { encoding: 'base64', commitment: 'confirmed' })
        .send();
      const missing = planned.filter((_, index) => value[index] === null);
      const results = await Promise.allSettled(
        missing.map(async ({ wallet, side, amount }) => {
          const user: KeyPairSigner = wallets[wallet]!;
          const instruction = await getCreatePredictionInstructionAsync({
            user,
            market: market.address as Address,
            amount,
            result: side,
          });
          await sendAndConfirm(rpc, user, [instruction]);
        }),
      );
      for (const result of results) {
        if (result.status === 'fulfilled') report.predictions += 1;
        else {
          report.failures += 1;
          log.warn(
            { err: result.reason, market: market.address },
            'demo seed: a prediction failed, going on',
          );
        }
      }
      if (missing.length > 0) {
        log.info(
          { market: market.address, placed: missing.length },
          `demo seed: predictions on “${plan.shortName}”`,
        );
      }
    }

    /** Resolves `market` once the chain's clock has passed its cutoff (the program refuses earlier). */
    async function resolveWhenDue(
      plan: DemoMarketPlan,
      market: MarketRecord,
      result: 'yes' | 'no' | 'invalid',
    ): Promise<MarketRecord> {
      const waitMs = market.cutoffTime * 1000 - now();
      if (waitMs > 0) {
        log.info(
          { market: market.address, inSecs: Math.ceil(waitMs / 1000) },
          `demo seed: resolving “${plan.shortName}” after its cutoff`,
        );
        await sleep(waitMs + 1_000, signal);
      }
      for (let attempt = 1; ; attempt++) {
        checkAborted();
        try {
          const resolved = await prophecy.resolveMarket(market.address as Address, result);
          app.marketListCache.clear();
          return resolved;
        } catch (error) {
          const early = error instanceof HttpError && error.message === PROPHECY_MESSAGES.resolveBeforeCutoff;
          if (!early || attempt >= RESOLVE_TRIES) throw error;
          await sleep(RESOLVE_RETRY_MS, signal);
        }
      }
    }

    async function ensureMarket(plan: DemoMarketPlan): Promise<void> {
      let market = existing.get(plan.name) ?? null;
      if (market !== null) {
        const { value } = await rpc
          .getAccountInfo(market.address as Address, { encoding: 'base64', commitment: 'confirmed' })
          .send();
        if (value === null) {
          // The database outlived the chain (DATABASE_URL with a fresh data directory): nothing to top up.
          log.warn(
            { market: market.address },
            `demo seed: “${plan.shortName}” is not on this chain, skipping it`,
          );
          return;
        }
      }
      if (market !== null && plan.kind === 'open') {
        if (market.result !== null) {
          // A lapsed market resolved by an earlier run stopped before it made the fresh one.
          market = null;
        } else if (market.cutoffTime < nowSecs() + MIN_OPEN_SECS) {
          const times = plannedTimes(plan, nowSecs(), shortCutoffSecs);
          if (market.cutoffTime > nowSecs() + UPDATE_MARGIN_SECS && fitsLifetime(times, market.startTime)) {
            market = await prophecy.updateMarket(market.address as Address, times.endTime, times.cutoffTime);
            app.marketListCache.clear();
            report.movedForward.push(plan.name);
            log.info({ market: market.address }, `demo seed: moved “${plan.shortName}” forward`);
          } else {
            // Too late to move (nothing reopens once its cutoff has passed): its question lapsed. Everyone
            // is refunded and a fresh market of the plan takes its place.
            await resolveWhenDue(plan, market, 'invalid');
            report.replaced.push(plan.name);
            log.info({ market: market.address }, `demo seed: “${plan.shortName}” lapsed, resolved Invalid`);
            market = null;
          }
        }
      }
      if (market === null) {
        const times = plannedTimes(plan, nowSecs(), shortCutoffSecs);
        market = await prophecy.createMarket(
          {
            name: plan.name,
            shortName: plan.shortName,
            yesOption: 'Yes',
            noOption: 'No',
            invalidOption: 'Invalid',
            category: plan.category,
            image: marketArt(plan.category, plan.name),
            rules: plan.rules,
            endTime: times.endTime,
            cutoffTime: times.cutoffTime,
            referrer: null,
          },
          DEMO_CREATED_BY,
        );
        app.marketListCache.clear();
        report.created.push(plan.name);
        log.info(
          { market: market.address, category: plan.category, kind: plan.kind },
          `demo seed: created “${plan.shortName}”`,
        );
      }
      ready.set(plan.name, market);
      if (market.result === null && market.cutoffTime > nowSecs() + 1) await placeMissing(plan, market);
    }

    // Markets that must close first: their clocks run while the open ones are made.
    const ordered = [
      ...plans.filter((plan) => plan.kind !== 'open'),
      ...plans.filter((plan) => plan.kind === 'open'),
    ];
    for (const plan of ordered) await step(`market “${plan.shortName}”`, () => ensureMarket(plan));

    for (const plan of plans) {
      const market = ready.get(plan.name);
      if (
        plan.kind !== 'resolved' ||
        plan.result === undefined ||
        market === undefined ||
        market.result !== null
      )
        continue;
      await step(`resolving “${plan.shortName}”`, async () => {
        await resolveWhenDue(plan, market, plan.result!);
        report.resolved.push(plan.name);
        log.info({ market: market.address, result: plan.result }, `demo seed: resolved “${plan.shortName}”`);
      });
    }
  } catch (error) {
    if (!(error instanceof SeedAborted)) throw error;
    stopped = true;
  }
  log.info(
    {
      created: report.created.length,
      movedForward: report.movedForward.length,
      replaced: report.replaced.length,
      predictions: report.predictions,
      resolved: report.resolved.length,
      failures: report.failures,
    },
    stopped ? 'demo seed: stopped; the next start finishes it' : 'demo seed: done',
  );
  return report;
}
