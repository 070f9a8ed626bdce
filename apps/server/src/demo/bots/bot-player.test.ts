/**
 * Demo bots on the real local chain with the indexer, the bet settler and the Foresight crank running:
 * one bot signs in with a username, plays TailSpin to a settled (and claimed, when won) bet, bets on a
 * Foresight round and collects it, predicts on an open market and chats through the `/chat` socket; then
 * a small swarm fills the feed and the chat and stops on request.
 */

import { LAMPORTS_PER_SOL } from '@arcade/sdk/constants';
import { decodeBet as decodeForesightBet, decodeConfig, decodeEvent } from '@arcade/sdk/foresight/accounts';
import {
  findBetAddress as findForesightBet,
  findConfigAddress,
  findEventAddress,
} from '@arcade/sdk/foresight/pda';
import { decodePriceUpdateV2 } from '@arcade/sdk/pyth/price-update-v2';
import { BetResult, BetState, decodeBet, decodePrediction } from '@arcade/sdk/wager/accounts';
import { findBetAddress, findPredictionAddress } from '@arcade/sdk/wager/pda';
import { generateKeyPairSigner, type Address } from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { ChatRepository } from '../../repositories/chat-repository.ts';
import { createWorkers } from '../../workers/create-workers.ts';
import { balanceOf } from '../demo-wallets.ts';
import { seededRandom } from '../random.ts';
import { sleep } from '../sleep.ts';
import { FORESIGHT_AMOUNTS, PREDICTION_AMOUNTS, TAILSPIN_STAKES } from './bot-decisions.ts';
import { BOT_USERNAMES, BotPlayer } from './bot-player.ts';
import { startDemoBots } from './demo-bots.ts';

/** Rounds long enough for a bot's 12 s margin, short enough to see one settle. */
const TIMELOCK_SECS = 16;

let t: TestServer;
let url: string;
let bot: BotPlayer;
let ticker: NodeJS.Timeout;
const stop = new AbortController();

beforeAll(async () => {
  t = await startTestServer({
    foresightTimelock: TIMELOCK_SECS,
    workers: createWorkers,
    env: { WORKERS: 'indexer,bet-settler,foresight-crank' },
  });
  // The crank and the chain run on real time: so does the app's clock here.
  ticker = setInterval(() => {
    t.clock.advance(Date.now() - t.clock.now());
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

  it('plays TailSpin: a small bet, settled by the settler, claimed when it wins', async () => {
    await bot.playTailSpin(stop.signal);
    const [betAddress] = await findBetAddress(bot.address);
    const bet = decodeBet((await account(betAddress))!);
    expect(TAILSPIN_STAKES).toContain(bet.betAmount);
    // Watched to its end: a win is claimed at once, a loss stays a settled loss.
    expect(
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
