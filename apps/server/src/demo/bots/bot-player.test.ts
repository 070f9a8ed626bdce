/**
 * Demo bots on the real local chain with the indexer, the bet settler and the Foresight crank running:
 * one bot signs in with a username, plays TailSpin with `create_bet` and its own player seed (claimed when
 * won), bets on a Foresight round and collects it, predicts on an open market, chats through the `/chat`
 * socket, and refunds its own bet the settler never revealed once the refund deadline has passed (the
 * chain's clock moved ahead); then a small swarm fills the feed and the chat and stops on request.
 */

import { BET_REFUND_DELAY_SECS, LAMPORTS_PER_SOL, MAX_TRANSACTION_FEE_LAMPORTS } from '@arcade/sdk/constants';
import { decodeBet as decodeForesightBet, decodeConfig, decodeEvent } from '@arcade/sdk/foresight/accounts';
import {
  findBetAddress as findForesightBet,
  findConfigAddress,
  findEventAddress,
} from '@arcade/sdk/foresight/pda';
import { decodePriceUpdateV2 } from '@arcade/sdk/pyth/price-update-v2';
import { BetResult, BetState, decodeBet, decodeHouse, decodePrediction } from '@arcade/sdk/wager/accounts';
import { betFee } from '@arcade/sdk/wager/bet-math';
import { findBetAddress, findHouseAddress, findPredictionAddress } from '@arcade/sdk/wager/pda';
import { generateKeyPairSigner, type Address } from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { ChatRepository } from '../../repositories/chat-repository.ts';
import { createWorkers } from '../../workers/create-workers.ts';
import { balanceOf } from '../demo-wallets.ts';
import { seededRandom } from '../random.ts';
import { sleep } from '../sleep.ts';
import { FORESIGHT_AMOUNTS, houseTakesBets, PREDICTION_AMOUNTS, TAILSPIN_STAKES } from './bot-decisions.ts';
import { BOT_USERNAMES, BotPlayer } from './bot-player.ts';
import { startDemoBots } from './demo-bots.ts';

/** Rounds long enough for a bot's 12 s margin, short enough to see one settle. */
const TIMELOCK_SECS = 16;

let t: TestServer;
/** How far the chain's clock (and the app's) is ahead of the wall clock. */
let skewMs = 0;
let url: string;
let bot: BotPlayer;
let ticker: NodeJS.Timeout;
const stop = new AbortController();

beforeAll(async () => {
  t = await startTestServer({
    foresightTimelock: TIMELOCK_SECS,
    workers: createWorkers,
    env: { WORKERS: 'indexer,bet-settler,foresight-crank' },
    chainNow: () => Date.now() + skewMs,
  });
  // The crank and the chain run on real time (moved ahead by the refund test): so does the app's clock.
  ticker = setInterval(() => {
    t.clock.advance(Date.now() + skewMs - t.clock.now());
  }, 100);
  url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  bot = new BotPlayer({
    app: t.app,
    signer: await generateKeyPairSigner(),
    index: 0,
    random: seededRandom(2024),
    serverUrl: url,
    log: t.app.log,
  });
  await bot.prepare(stop.signal);
}, 120_000);
afterAll(async () => {
  stop.abort();
  clearInterval(ticker);
  bot.close();
  await t.close();
});

const rpc = () => t.chain.context.rpc;

async function account(address: Address) {
  const { value } = await rpc()
    .getAccountInfo(address, { encoding: 'base64', commitment: 'confirmed' })
    .send();
  return value === null ? null : Buffer.from(value.data[0], 'base64');
}

/** Polls `check` until it returns a value (not undefined), at most `tries` times. */
async function eventually<T>(check: () => Promise<T | undefined>, tries = 60, everyMs = 500): Promise<T> {
  for (let attempt = 0; attempt < tries; attempt++) {
    const value = await check();
    if (value !== undefined) return value;
    await sleep(everyMs);
  }
  throw new Error('gave up waiting');
}

describe('BotPlayer', () => {
  it('is funded and signed in with a username', async () => {
    expect(bot.username).toBe(BOT_USERNAMES[0]);
    const profile = await t.app.inject({ url: `/api/user/${bot.address}` });
    expect(profile.json<{ username: string }>().username).toBe(BOT_USERNAMES[0]);
    expect(await balanceOf(rpc(), bot.address)).toBeGreaterThanOrEqual(2n * LAMPORTS_PER_SOL);
  });

  it('plays TailSpin: a small create_bet bet with its own player seed, claimed when it wins', async () => {
    // The settler commits its seed chain on its first run: until then the house takes no bet.
    const [house] = await findHouseAddress();
    await eventually(async () => (houseTakesBets(decodeHouse((await account(house))!)) ? true : undefined));
    await bot.playTailSpin(stop.signal);
    const [betAddress] = await findBetAddress(bot.address);
    const bet = decodeBet((await account(betAddress))!);
    expect(TAILSPIN_STAKES).toContain(bet.betAmount);
    // Made with create_bet: a place in the seed chain and a 32-byte player seed, not an off-chain bet.
    expect(bet.offChain).toBe(false);
    expect(bet.slot).toBeGreaterThan(0n);
    expect(bet.switchboardRequest).not.toBe('11111111111111111111111111111111');
    // Watched while the settler reveals it: a win is claimed at once, a loss stays a settled loss (still
    // open if no reveal came within the watch).
    expect(
      bet.state === BetState.Open ||
        (bet.state === BetState.Claimed && bet.result === BetResult.Win) ||
        (bet.state === BetState.Settled && bet.result === BetResult.Loss),
    ).toBe(true);
  }, 60_000);

  it('bets on the live Foresight round, then collects it once settled', async () => {
    const price = (await account(t.chain.context.addresses.priceAccount))!;
    const [config] = await findConfigAddress(decodePriceUpdateV2(price).priceMessage.feedId);
    // Wait for a round with enough time left for the bot's margin.
    const event = await eventually(async () => {
      const { liveEvent } = decodeConfig((await account(config))!);
      if (liveEvent === 0) return undefined;
      const [address] = await findEventAddress(config, liveEvent);
      const round = decodeEvent((await account(address))!);
      return Number(round.lockTime) * 1000 - Date.now() > 14_000 ? address : undefined;
    });
    const before = await balanceOf(rpc(), bot.address);
    await bot.playForesight();
    const [betAddress] = await findForesightBet(event, bot.address);
    const bet = decodeForesightBet((await account(betAddress))!);
    expect(FORESIGHT_AMOUNTS).toContain(bet.amount);
    expect(bet.user).toBe(bot.address);

    // Alone in the round, one side is empty: the round settles Invalid and the bot withdraws its stake.
    await eventually(async () => (decodeEvent((await account(event))!).isSettled ? true : undefined), 120);
    await bot.playForesight();
    expect(await account(betAddress)).toBeNull();
    const after = await balanceOf(rpc(), bot.address);
    // Stake back and rent back, less a few network fees; a new bet on the next round may be out too.
    expect(after).toBeGreaterThan(before - FORESIGHT_AMOUNTS.at(-1)! - LAMPORTS_PER_SOL / 100n);
  }, 120_000);

  it('predicts on an open market it has not predicted on', async () => {
    const market = await t.app.services.prophecy.createMarket(
      {
        name: 'Will the bot predict?',
        shortName: 'Bot predicts',
        yesOption: 'Yes',
        noOption: 'No',
        invalidOption: 'Invalid',
        category: 'Crypto',
        image: '',
        rules: 'Resolves Yes if it does.',
        endTime: Math.floor(Date.now() / 1000) + 7_200,
        cutoffTime: Math.floor(Date.now() / 1000) + 3_600,
        referrer: null,
      },
      'test',
    );
    await bot.predict();
    const [address] = await findPredictionAddress(market.address as Address, bot.address);
    const prediction = decodePrediction((await account(address))!);
    expect(PREDICTION_AMOUNTS).toContain(prediction.amount);
    // One prediction per market: the next turn finds nothing left to predict on.
    await bot.predict();
    expect(decodePrediction((await account(address))!).amount).toBe(prediction.amount);
  });

  it('chats through the socket under its username', async () => {
    const chat = new ChatRepository(t.app.db);
    const message = await eventually(async () => {
      await bot.chat();
      return (await chat.latest(50)).find((item) => item.userId === bot.address);
    }, 20);
    expect(message.user).toBe(BOT_USERNAMES[0]);
    expect(message.message.length).toBeGreaterThan(0);
  });
});

describe('BotPlayer refunds', () => {
  it('refunds its own bet the settler never revealed, once the refund deadline has passed', async () => {
    // The settler is down: nobody reveals.
    const settler = t.app.workers.find((runner) => runner.worker.name === 'bet-settler');
    await settler?.stop();
    try {
      const refunder = new BotPlayer({
        app: t.app,
        signer: await generateKeyPairSigner(),
        index: 1,
        random: seededRandom(7),
        serverUrl: null,
        log: t.app.log,
      });
      await refunder.prepare(stop.signal);
      // Bet without watching it (an aborted watch), then come back later.
      const watchNothing = new AbortController();
      watchNothing.abort();
      await refunder.playTailSpin(watchNothing.signal);
      const [betAddress] = await findBetAddress(refunder.address);
      const open = decodeBet((await account(betAddress))!);
      expect(open.state).toBe(BetState.Open);

      // Before the deadline the bot leaves it to the settler.
      await refunder.playTailSpin(stop.signal);
      expect(decodeBet((await account(betAddress))!).state).toBe(BetState.Open);

      // The chain's clock (and the app's) past the deadline.
      skewMs += (BET_REFUND_DELAY_SECS + 5) * 1000;
      const target = Number(open.timestamp) + BET_REFUND_DELAY_SECS + 3;
      await eventually(async () => (t.chain.chain.blockTime >= target ? true : undefined), 40, 100);
      await sleep(200); // the app's clock follows within 100 ms
      const before = await balanceOf(rpc(), refunder.address);
      await refunder.playTailSpin(stop.signal);
      const refunded = decodeBet((await account(betAddress))!);
      expect(refunded.state).toBe(BetState.Refunded);
      // Stake and fee back, less the network fee of its own refund transaction.
      const owed = open.betAmount + betFee(open.betAmount);
      const delta = (await balanceOf(rpc(), refunder.address)) - before;
      expect(delta).toBeLessThanOrEqual(owed);
      expect(delta).toBeGreaterThan(owed - MAX_TRANSACTION_FEE_LAMPORTS);
      refunder.close();
    } finally {
      settler?.start();
    }
  }, 120_000);
});

describe('startDemoBots', () => {
  it('fills the chat and the bets, and stops on request', async () => {
    const bots = await startDemoBots(t.app, {
      count: 2,
      serverUrl: url,
      pace: { minMs: 200, maxMs: 400 },
      weights: { tailspin: 1, foresight: 0, prophecy: 0, chat: 1 },
      random: (index) => seededRandom(100 + index),
    });
    const addresses = bots.players.map((player) => player.address);
    const chat = new ChatRepository(t.app.db);
    await eventually(async () => {
      const messages = await chat.latest(50);
      const chatted = addresses.every((address) => messages.some((item) => item.userId === address));
      const bets = await t.app.db.query<{ count: number }>(
        'SELECT count(*)::int AS count FROM bets WHERE user_address = ANY($1)',
        [addresses],
      );
      return chatted && bets[0]!.count > 0 ? true : undefined;
    }, 120);
    await bots.stop(30_000);
    for (const player of bots.players) expect(player.username).not.toBeNull();
    // Stopped: nothing new happens.
    const settled = await chat.latest(50);
    await sleep(1_500);
    expect(await chat.latest(50)).toEqual(settled);
  }, 120_000);
});
