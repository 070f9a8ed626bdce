/**
 * The market settler on the real embedded chain: markets created and resolved through the Prophecy
 * service, predictions placed by funded players with the SDK, then settled by the worker. Every prediction
 * ends claimed, each player's balance moves by exactly the SDK's payout (winners), nothing (losers) or the
 * stake (an Invalid market), once, however the work is split across runs and restarts. Last, as a keeper:
 * the chain's clock is moved 8 days ahead, and a market the authority never resolved is expired
 * (`expire_market`) and its predictions refunded, while one not yet overdue is left alone.
 */
import { MARKET_RESOLVE_GRACE_SECS } from '@arcade/sdk/constants';
import { decodePrediction, MarketResult, type MarketAccount } from '@arcade/sdk/wager/accounts';
import { predictionPayout } from '@arcade/sdk/wager/bet-math';
import {
  getCreatePredictionInstructionAsync,
  getSettlePredictionInstructionAsync,
} from '@arcade/sdk/wager/instructions';
import { findPredictionAddress } from '@arcade/sdk/wager/pda';
import { generateKeyPairSigner, lamports, type Address, type KeyPairSigner } from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { sendAndConfirm } from '../../chain/send-transaction.ts';
import type { MarketResultLabel } from '@arcade/sdk/api/prophecy';
import { WorkerRunner } from '../worker.ts';
import {
  createMarketSettlerWorker,
  findMarketPredictions,
  isMarketOverdue,
  readMarket,
  settlePredictions,
  type MarketSettlerDetails,
} from './market-settler.ts';

interface Player {
  readonly signer: KeyPairSigner;
  readonly side: 'yes' | 'no';
  readonly amount: bigint;
}

interface TestMarket {
  readonly address: Address;
  readonly result: MarketResultLabel;
  readonly players: readonly Player[];
}

let t: TestServer;
/** How far the chain's clock is ahead of the wall clock (the last tests move it days ahead). */
let skewMs = 0;
const markets = new Map<string, TestMarket>();
/** Every player's balance once the predictions are placed (before any settlement). */
const placedBalances = new Map<Address, bigint>();

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

const balance = async (address: Address): Promise<bigint> =>
  (await t.chain.context.rpc.getBalance(address, { commitment: 'confirmed' }).send()).value;

async function fundedPlayer(): Promise<KeyPairSigner> {
  const player = await generateKeyPairSigner();
  await t.chain.context.rpc.requestAirdrop(player.address, lamports(10_000_000_000n)).send();
  const deadline = Date.now() + 5_000;
  while ((await balance(player.address)) === 0n) {
    if (Date.now() > deadline) throw new Error('airdrop not seen');
    await sleep(50);
  }
  return player;
}

const SOL = 1_000_000_000n;

/** Sides and stakes of each market's players; amounts differ so rounding shows. */
const PLANS: Readonly<Record<string, { result: MarketResultLabel; bets: readonly [string, bigint][] }>> = {
  // Ten predictions: two transactions of the default batch.
  big: {
    result: 'yes',
    bets: [
      ['yes', SOL],
      ['yes', 333_333_333n],
      ['yes', 10_000_000n],
      ['yes', 2n * SOL],
      ['yes', 777_777_777n],
      ['no', 1_234_567_891n],
      ['no', 50_000_000n],
      ['no', 3n * SOL],
      ['no', 99_999_999n],
      ['no', 420_000_000n],
    ],
  },
  noWins: {
    result: 'no',
    bets: [
      ['yes', 500_000_000n],
      ['no', 300_000_000n],
      ['no', 700_000_001n],
      ['yes', 20_000_000n],
    ],
  },
  stale: {
    result: 'yes',
    bets: [
      ['yes', 400_000_000n],
      ['yes', 600_000_000n],
      ['no', 900_000_000n],
    ],
  },
  invalid: {
    result: 'invalid',
    bets: [
      ['yes', 250_000_000n],
      ['no', 130_000_000n],
    ],
  },
};

beforeAll(async () => {
  t = await startTestServer({ chainNow: () => Date.now() + skewMs });
  const cutoffTime = Math.floor(Date.now() / 1000) + 8;
  await Promise.all(
    Object.entries(PLANS).map(async ([label, plan]) => {
      const market = await t.app.services.prophecy.createMarket(
        {
          name: `Settler test ${label}`,
          shortName: label,
          yesOption: 'Yes',
          noOption: 'No',
          invalidOption: 'Void',
          category: 'Crypto',
          image: '',
          rules: 'Test market.',
          endTime: cutoffTime + 3_600,
          cutoffTime,
          referrer: null,
        },
        t.admins[0]!.address,
      );
      const players = await Promise.all(
        plan.bets.map(async ([side, amount]) => {
          const signer = await fundedPlayer();
          await sendAndConfirm(t.chain.context.rpc, signer, [
            await getCreatePredictionInstructionAsync({
              user: signer,
              market: market.address as Address,
              amount,
              result: side as 'yes' | 'no',
            }),
          ]);
          placedBalances.set(signer.address, await balance(signer.address));
          return { signer, side: side as 'yes' | 'no', amount };
        }),
      );
      markets.set(label, { address: market.address as Address, result: plan.result, players });
    }),
  );
  // Resolve after the cutoff on the chain's clock (it follows the wall clock).
  await sleep(Math.max(0, (cutoffTime + 1) * 1000 - Date.now()));
  for (const market of markets.values()) {
    await t.app.services.prophecy.resolveMarket(market.address, market.result);
  }
}, 60_000);

afterAll(async () => {
  await t.close();
});

function market(label: string): TestMarket {
  const found = markets.get(label);
  if (found === undefined) throw new Error(`no market ${label}`);
  return found;
}

async function chainMarket(label: string): Promise<MarketAccount> {
  const account = await readMarket(t.app, market(label).address);
  if (account === null) throw new Error(`market ${label} is gone`);
  return account;
}

async function dbRow(label: string): Promise<{ is_settled: boolean; settled_count: number }> {
  const [row] = await t.db.query<{ is_settled: boolean; settled_count: number }>(
    'SELECT is_settled, settled_count FROM markets WHERE address = $1',
    [market(label).address],
  );
  if (row === undefined) throw new Error(`no row for ${label}`);
  return row;
}

async function claimedCount(label: string): Promise<number> {
  const predictions = await findMarketPredictions(t.app, market(label).address);
  return predictions.filter(({ prediction }) => prediction.isClaimed).length;
}

const detailsOf = (worker: { details?: () => Readonly<Record<string, unknown>> }): MarketSettlerDetails =>
  worker.details?.() as MarketSettlerDetails;

async function listSettled(): Promise<Map<string, boolean>> {
  const response = await t.app.inject({ method: 'GET', url: '/api/prophecy/markets' });
  expect(response.statusCode).toBe(200);
  const body = response.json<{ markets: { key: string; isSettled: boolean }[] }>();
  return new Map(body.markets.map((item) => [item.key, item.isSettled]));
}

describe('market-settler', () => {
  it('finds every prediction of a market on chain', async () => {
    for (const [label, plan] of Object.entries(PLANS)) {
      const found = await findMarketPredictions(t.app, market(label).address);
      expect(found).toHaveLength(plan.bets.length);
      const owners = new Set(found.map(({ prediction }) => prediction.user));
      for (const player of market(label).players) expect(owners.has(player.signer.address)).toBe(true);
      for (const { address, prediction } of found) {
        expect(prediction.market).toBe(market(label).address);
        expect(prediction.isClaimed).toBe(false);
        expect(address).toBe((await findPredictionAddress(prediction.market, prediction.user))[0]);
      }
    }
  });

  it('in dry-run mode lists the work and changes nothing', async () => {
    const listed = await listSettled();
    for (const { address } of markets.values()) expect(listed.get(address)).toBe(false);
    const worker = createMarketSettlerWorker(t.app, { dryRun: true });
    expect(worker.name).toBe('market-settler');
    await worker.run(new AbortController().signal);
    const details = detailsOf(worker);
    expect(details).toMatchObject({
      dryRun: true,
      pendingMarkets: 4,
      marketsSettled: 0,
      predictionsSettled: 0,
    });
    for (const [label, plan] of Object.entries(PLANS)) {
      expect(details.lastPlanned[market(label).address]).toBe(plan.bets.length);
      expect(await claimedCount(label)).toBe(0);
      expect(await dbRow(label)).toEqual({ is_settled: false, settled_count: 0 });
    }
  });

  it('skips a prediction claimed meanwhile (program error) and settles the rest of a stale list', async () => {
    const stale = market('stale');
    const listed = await findMarketPredictions(t.app, stale.address);
    const first = stale.players[0]!;
    // A keeper claims one prediction after the list was read.
    const keeper = await fundedPlayer();
    await sendAndConfirm(t.chain.context.rpc, keeper, [
      await getSettlePredictionInstructionAsync({ market: stale.address, user: first.signer.address }),
    ]);
    const outcome = await settlePredictions(t.app, stale.address, await chainMarket('stale'), listed);
    expect(outcome.settled).toBe(2);
    expect(outcome.skipped).toEqual([
      {
        address: (await findPredictionAddress(stale.address, first.signer.address))[0],
        error: 'InvalidPrediction',
      },
    ]);
    expect((await chainMarket('stale')).settledCount).toBe(3);
  });

  it('stops mid-way, and a fresh worker completes every market without paying anyone twice', async () => {
    const settler = t.chain.context.signers.settler.address;
    const partial = createMarketSettlerWorker(t.app, { maxPredictionsPerRun: 3, batchSize: 2 });
    await partial.run(new AbortController().signal);
    expect(detailsOf(partial).predictionsSettled).toBe(3);
    let claimed = 0;
    for (const label of Object.keys(PLANS)) claimed += await claimedCount(label);
    // The stale market's three, plus the three of this run.
    expect(claimed).toBe(6);

    // The stale market was already complete on chain: the run marked it settled.
    expect(await dbRow('stale')).toEqual({ is_settled: true, settled_count: 3 });

    // Depending on the order, the partial run may have completed a small market too.
    let unsettled = 0;
    for (const label of Object.keys(PLANS)) if (!(await dbRow(label)).is_settled) unsettled += 1;
    expect(unsettled).toBeGreaterThanOrEqual(2);

    const fresh = createMarketSettlerWorker(t.app);
    const runner = new WorkerRunner({ db: t.db, worker: fresh });
    await runner.runOnce();
    expect(runner.health()).toMatchObject({ failures: 0, lastError: null });
    expect(detailsOf(fresh)).toMatchObject({
      predictionsSettled: 19 - 6,
      predictionsSkipped: 0,
      pendingMarkets: unsettled,
    });

    const listed = await listSettled();
    for (const [label, plan] of Object.entries(PLANS)) {
      const { address, players } = market(label);
      const account = await chainMarket(label);
      expect(account.settledCount).toBe(plan.bets.length);
      expect(account.settledCount).toBe(account.yesCount + account.noCount);
      expect(await claimedCount(label)).toBe(plan.bets.length);
      expect(await dbRow(label)).toEqual({ is_settled: true, settled_count: plan.bets.length });
      expect(listed.get(address)).toBe(true);
      let paid = 0n;
      for (const player of players) {
        const side = player.side === 'yes' ? MarketResult.Yes : MarketResult.No;
        const expected = predictionPayout(account, player.amount, side);
        const delta = (await balance(player.signer.address)) - placedBalances.get(player.signer.address)!;
        expect(delta, `${label} ${player.side} ${player.amount}`).toBe(expected);
        if (label === 'invalid') expect(expected).toBe(player.amount);
        if (plan.result !== 'invalid' && player.side !== plan.result) expect(expected).toBe(0n);
        if (plan.result !== 'invalid' && player.side === plan.result)
          expect(expected).toBeGreaterThan(player.amount);
        paid += expected;
        const [predictionAddress] = await findPredictionAddress(address, player.signer.address);
        const { value } = await t.chain.context.rpc
          .getAccountInfo(predictionAddress, { encoding: 'base64', commitment: 'confirmed' })
          .send();
        expect(decodePrediction(Buffer.from(value!.data[0], 'base64')).isClaimed).toBe(true);
      }
      // Winners share the pot less the fee, rounded down (less than a lamport of dust per winner).
      const pot = account.yesPool + account.noPool;
      expect(paid).toBeLessThanOrEqual(pot);
    }

    // A second run does nothing: no transaction (the settler's balance is unchanged), no change.
    const settlerBefore = await balance(settler);
    const again = createMarketSettlerWorker(t.app);
    await again.run(new AbortController().signal);
    expect(detailsOf(again)).toMatchObject({ pendingMarkets: 0, predictionsSettled: 0, marketsSettled: 0 });
    expect(await balance(settler)).toBe(settlerBefore);
  }, 60_000);
});

describe('market-settler as the keeper of overdue markets', () => {
  const DAY_MS = 86_400_000;

  it('knows when a market is overdue: end + 7 days, with a margin for the chain clock', () => {
    const end = 1_700_000_000;
    const due = (end + MARKET_RESOLVE_GRACE_SECS) * 1000;
    expect(isMarketOverdue(end, due)).toBe(false);
    expect(isMarketOverdue(end, due + 1_999)).toBe(false);
    expect(isMarketOverdue(end, due + 2_000)).toBe(true);
  });

  it('expires a market the authority never resolved, refunds every prediction, and leaves the rest alone', async () => {
    const nowSecs = Math.floor(Date.now() / 1000);
    const create = async (label: string, endTime: number) =>
      t.app.services.prophecy.createMarket(
        {
          name: `Keeper test ${label}`,
          shortName: label,
          yesOption: 'Yes',
          noOption: 'No',
          invalidOption: 'Void',
          category: 'Crypto',
          image: '',
          rules: 'Never resolved by the authority.',
          endTime,
          cutoffTime: nowSecs + 30,
          referrer: null,
        },
        t.admins[0]!.address,
      );
    // Ends in a minute: overdue once the clock is 8 days ahead. The other ends in 30 days: not yet.
    const [abandoned, later] = await Promise.all([
      create('abandoned', nowSecs + 60),
      create('later', nowSecs + 30 * 86_400),
    ]);
    const bets = [
      { signer: await fundedPlayer(), side: 'yes' as const, amount: 420_000_000n },
      { signer: await fundedPlayer(), side: 'no' as const, amount: 130_000_001n },
    ];
    const placed = new Map<Address, bigint>();
    for (const bet of bets) {
      await sendAndConfirm(t.chain.context.rpc, bet.signer, [
        await getCreatePredictionInstructionAsync({
          user: bet.signer,
          market: abandoned.address as Address,
          amount: bet.amount,
          result: bet.side,
        }),
      ]);
      placed.set(bet.signer.address, await balance(bet.signer.address));
    }

    // Nothing is overdue yet.
    const early = createMarketSettlerWorker(t.app, { dryRun: true });
    await early.run(new AbortController().signal);
    expect(detailsOf(early)).toMatchObject({ overdueMarkets: 0, lastPlannedExpiries: [] });

    // Eight days later (the chain's clock and the server's), the authority still silent.
    skewMs += 8 * DAY_MS;
    t.clock.advance(8 * DAY_MS);
    const target = Math.floor((Date.now() + skewMs) / 1000);
    while (t.chain.chain.blockTime < target) await sleep(100);

    const dry = createMarketSettlerWorker(t.app, { dryRun: true });
    await dry.run(new AbortController().signal);
    expect(detailsOf(dry)).toMatchObject({
      overdueMarkets: 1,
      lastPlannedExpiries: [abandoned.address],
      marketsExpired: 0,
    });
    expect((await readMarket(t.app, abandoned.address as Address))!.isSettled).toBe(false);

    const keeper = createMarketSettlerWorker(t.app);
    const runner = new WorkerRunner({ db: t.db, worker: keeper });
    await runner.runOnce();
    expect(runner.health()).toMatchObject({ failures: 0, lastError: null });
    expect(detailsOf(keeper)).toMatchObject({ marketsExpired: 1, marketsSettled: 1, predictionsSettled: 2 });

    const expired = (await readMarket(t.app, abandoned.address as Address))!;
    expect(expired).toMatchObject({ isSettled: true, result: MarketResult.Invalid, settledCount: 2 });
    for (const bet of bets) {
      // Refunded exactly the stake: no fee on an Invalid market.
      expect((await balance(bet.signer.address)) - placed.get(bet.signer.address)!).toBe(bet.amount);
    }
    const [row] = await t.db.query<{ result: string; is_settled: boolean; resolve_signature: string | null }>(
      'SELECT result, is_settled, resolve_signature FROM markets WHERE address = $1',
      [abandoned.address],
    );
    expect(row).toMatchObject({ result: 'Invalid', is_settled: true });
    expect(row!.resolve_signature).not.toBeNull();

    // The market that ends later is left for its authority.
    expect((await readMarket(t.app, later.address as Address))!.isSettled).toBe(false);
    const [laterRow] = await t.db.query<{ result: string | null }>(
      'SELECT result FROM markets WHERE address = $1',
      [later.address],
    );
    expect(laterRow!.result).toBeNull();

    // Another run finds nothing to do.
    const again = createMarketSettlerWorker(t.app);
    await again.run(new AbortController().signal);
    expect(detailsOf(again)).toMatchObject({ overdueMarkets: 0, marketsExpired: 0, predictionsSettled: 0 });
  }, 60_000);
});
