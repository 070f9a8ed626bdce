/**
 * The demo seeder on the real local chain: the market mix it leaves (open, closed awaiting a result,
 * resolved; several categories), the predictions on chain, a second run that adds nothing, leaves
 * resolved markets resolved and moves a stale open market forward (before its cutoff), and a run that
 * finds an open market past its cutoff (which nothing may move) resolves it Invalid and opens a fresh one.
 */

import { decodeMarket, MarketResult } from '@arcade/sdk/wager/accounts';
import type { Address } from '@solana/kit';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startTestServer, type TestServer } from '../../test/harness.ts';
import { DEMO_MARKETS, plannedPredictions } from './market-plan.ts';
import { loadOrCreateDemoWallets } from './demo-wallets.ts';
import {
  DEMO_WALLET_COUNT,
  DEMO_WALLET_NAMES,
  findDemoMarkets,
  MIN_OPEN_SECS,
  seedDemo,
  type SeedReport,
} from './seeder.ts';

let t: TestServer;
let first: SeedReport;

/** Long enough for a closing market's predictions to land on a busy machine. */
const SHORT_CUTOFF_SECS = 15;

beforeAll(async () => {
  t = await startTestServer();
  first = await seedDemo(t.app, { shortCutoffSecs: SHORT_CUTOFF_SECS });
}, 240_000);
afterAll(() => t.close());

async function onChain(address: string) {
  const { value } = await t.chain.context.rpc
    .getAccountInfo(address as Address, { encoding: 'base64', commitment: 'confirmed' })
    .send();
  if (value === null) throw new Error(`no market at ${address}`);
  return decodeMarket(Buffer.from(value.data[0], 'base64'));
}

const nowSecs = () => Math.floor(Date.now() / 1000);

describe('seedDemo', () => {
  it('creates every planned market, with no failed step', () => {
    expect(first.failures).toBe(0);
    expect([...first.created].sort()).toEqual(DEMO_MARKETS.map((plan) => plan.name).sort());
    expect(first.resolved.sort()).toEqual(
      DEMO_MARKETS.filter((plan) => plan.kind === 'resolved')
        .map((plan) => plan.name)
        .sort(),
    );
  });

  it('names its wallets, so the feed shows who predicted', async () => {
    const wallets = await loadOrCreateDemoWallets(t.app.env.DATA_DIR, 'wallets', 'demo', DEMO_WALLET_COUNT);
    const names = await Promise.all(
      wallets.map(async (wallet) => {
        const response = await t.app.inject({ url: `/api/user/${wallet.address}` });
        return response.json<{ username: string | null }>().username;
      }),
    );
    expect(names).toEqual(DEMO_WALLET_NAMES);
  });

  it('leaves open, closed and resolved markets across at least five categories', async () => {
    const markets = [...(await findDemoMarkets(t.app)).values()];
    expect(markets).toHaveLength(DEMO_MARKETS.length);
    const now = nowSecs();
    const open = markets.filter((market) => market.result === null && market.cutoffTime > now);
    const closed = markets.filter((market) => market.result === null && market.cutoffTime <= now);
    const resolved = markets.filter((market) => market.result !== null);
    expect(open.length).toBeGreaterThanOrEqual(6);
    expect(closed).toHaveLength(2);
    expect(resolved).toHaveLength(2);
    // Open markets close hours to days ahead; closed ones still have their event to come.
    for (const market of open) expect(market.cutoffTime).toBeGreaterThan(now + 3_600);
    for (const market of closed) expect(market.endTime).toBeGreaterThan(now);
    expect(new Set(markets.map((market) => market.category)).size).toBeGreaterThanOrEqual(5);
    for (const market of markets) {
      expect(market.image).toMatch(/^data:image\/svg\+xml,/);
      expect(market.rules.length).toBeGreaterThan(40);
    }
    const byName = new Map(markets.map((market) => [market.name, market]));
    for (const plan of DEMO_MARKETS.filter((item) => item.kind === 'resolved')) {
      expect(byName.get(plan.name)?.result).toBe(plan.result === 'yes' ? 'Yes' : 'No');
    }
  });

  it('puts the planned predictions on chain, on both sides of every market', async () => {
    const markets = await findDemoMarkets(t.app);
    for (const plan of DEMO_MARKETS) {
      const market = await onChain(markets.get(plan.name)!.address);
      const planned = plannedPredictions(plan, DEMO_WALLET_COUNT);
      const sum = (side: 'yes' | 'no') =>
        planned.filter((item) => item.side === side).reduce((total, item) => total + item.amount, 0n);
      expect(market.yesCount).toBe(planned.filter((item) => item.side === 'yes').length);
      expect(market.noCount).toBe(planned.filter((item) => item.side === 'no').length);
      expect(market.yesCount).toBeGreaterThan(0);
      expect(market.noCount).toBeGreaterThan(0);
      expect(market.yesPool).toBe(sum('yes'));
      expect(market.noPool).toBe(sum('no'));
      if (plan.kind === 'resolved') {
        expect(market.result).toBe(plan.result === 'yes' ? MarketResult.Yes : MarketResult.No);
      } else {
        expect(market.result).toBeNull();
      }
    }
  });

  it('shows the mix through the market list', async () => {
    t.clock.advance(Date.now() - t.clock.now());
    const response = await t.app.inject({ url: '/api/prophecy/markets?limit=100' });
    expect(response.statusCode).toBe(200);
    const { markets } = response.json<{
      markets: { cutOffTime: number; result: string | null; marketMetadata: { name: string } }[];
    }>();
    const demo = markets.filter((market) =>
      DEMO_MARKETS.some((plan) => plan.name === market.marketMetadata.name),
    );
    expect(demo).toHaveLength(DEMO_MARKETS.length);
    expect(
      demo
        .filter((market) => market.result !== null)
        .map((market) => market.result)
        .sort(),
    ).toEqual(['no', 'yes']);
    expect(demo.filter((market) => market.result === null && market.cutOffTime <= nowSecs())).toHaveLength(2);
  });

  it('adds nothing on a second run, keeps resolved markets resolved and moves a stale open market forward', async () => {
    const before = await findDemoMarkets(t.app);
    const stalePlan = DEMO_MARKETS.find((plan) => plan.kind === 'open')!;
    const stale = before.get(stalePlan.name)!;
    // As if the demo had been stopped until this market was about to close.
    await t.app.services.prophecy.updateMarket(stale.address as Address, nowSecs() + 120, nowSecs() + 60);
    const chainBefore = await Promise.all([...before.values()].map((market) => onChain(market.address)));

    const second = await seedDemo(t.app, { shortCutoffSecs: SHORT_CUTOFF_SECS });
    expect(second).toEqual({
      created: [],
      movedForward: [stalePlan.name],
      replaced: [],
      predictions: 0,
      resolved: [],
      failures: 0,
    });
    const after = await findDemoMarkets(t.app);
    expect([...after.keys()].sort()).toEqual([...before.keys()].sort());
    for (const [name, market] of after) {
      expect(market.address).toBe(before.get(name)!.address);
      expect(market.result).toBe(before.get(name)!.result);
    }
    expect(after.get(stalePlan.name)!.cutoffTime).toBeGreaterThan(nowSecs() + MIN_OPEN_SECS);
    const chainAfter = await Promise.all([...before.values()].map((market) => onChain(market.address)));
    chainAfter.forEach((market, index) => {
      expect(market.yesPool + market.noPool).toBe(chainBefore[index]!.yesPool + chainBefore[index]!.noPool);
      expect(market.result).toBe(chainBefore[index]!.result);
    });
  });

  it('replaces an open market whose cutoff passed while the demo was off: resolved Invalid, opened afresh', async () => {
    const lapsedPlan = DEMO_MARKETS.filter((plan) => plan.kind === 'open')[1]!;
    const lapsed = (await findDemoMarkets(t.app)).get(lapsedPlan.name)!;
    const cutoff = nowSecs() + 3;
    await t.app.services.prophecy.updateMarket(lapsed.address as Address, cutoff + 3_600, cutoff);
    while (nowSecs() <= cutoff + 1) await new Promise((resolve) => setTimeout(resolve, 200));

    const third = await seedDemo(t.app, { shortCutoffSecs: SHORT_CUTOFF_SECS });
    expect(third).toMatchObject({
      created: [lapsedPlan.name],
      movedForward: [],
      replaced: [lapsedPlan.name],
      resolved: [],
      failures: 0,
    });
    // The old one: nothing moved, everyone refunded by an Invalid result.
    const old = await onChain(lapsed.address);
    expect(old.cutoffTime).toBe(BigInt(cutoff));
    expect(old.result).toBe(MarketResult.Invalid);
    // The fresh one is the demo's market of that name now, open, with the plan's predictions.
    const fresh = (await findDemoMarkets(t.app)).get(lapsedPlan.name)!;
    expect(fresh.address).not.toBe(lapsed.address);
    expect(fresh.cutoffTime).toBeGreaterThan(nowSecs() + MIN_OPEN_SECS);
    expect(third.predictions).toBe(plannedPredictions(lapsedPlan, DEMO_WALLET_COUNT).length);
    expect(await findDemoMarkets(t.app)).toHaveProperty('size', DEMO_MARKETS.length);
  }, 120_000);

  it('refuses anything but the embedded local chain', async () => {
    const remote = { chain: { cluster: 'mainnet-beta', local: null } } as unknown as FastifyInstance;
    await expect(seedDemo(remote)).rejects.toThrow('the demo seeds the embedded local chain only');
  });
});
