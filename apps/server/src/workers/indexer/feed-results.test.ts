/**
 * Every result reaches the live feed, under the id of the item it settles: a client connected to
 * `/activity` receives the placed item (no result yet) and then the same kind and id again with its
 * result, for TailSpin SOL and token bets, ReTail (NFT) bets, a bet rolled after its refund, both sides
 * of a Foresight round and both sides of a Prophecy market; a bet whose reveal the settler recorded
 * first, and a market whose result the market settler recorded first, included. A client that connects
 * afterwards reads the results in its history (`feed`).
 *
 * Real transactions on the embedded chain, indexed by the real indexer; the reveals use a seed chain the
 * test holds (anyone may reveal with the seed).
 */

import { decodeConfig, decodeEvent, Prediction } from '@arcade/sdk/foresight/accounts';
import { getPlaceBetInstructionAsync } from '@arcade/sdk/foresight/instructions';
import { findConfigAddress, findEventAddress } from '@arcade/sdk/foresight/pda';
import { SOL_USD_FEED_ID } from '@arcade/sdk/foresight/program';
import { bytesToHex, randomPlayerSeed } from '@arcade/sdk/wager/fairness';
import {
  getCreateBetInstructionAsync,
  getCreatePredictionInstructionAsync,
  getInitBetOffchainInstructionAsync,
  getRefundBetInstructionAsync,
} from '@arcade/sdk/wager/instructions';
import { findBetAddress } from '@arcade/sdk/wager/pda';
import {
  generateKeyPairSigner,
  lamports,
  type Address,
  type Instruction,
  type KeyPairSigner,
} from '@solana/kit';
import { io as connect, type Socket as ClientSocket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startTestServer, type TestServer } from '../../../test/harness.ts';
import {
  backdateBet,
  endSlot,
  listingFor,
  readBetAccount,
  TestSeedChain,
  type PlacedBet,
} from '../../../test/wager-bets.ts';
import { sendAndConfirm } from '../../chain/send-transaction.ts';
import type { FeedItem } from '../../events/feed-items.ts';
import { createForesightCrankWorker } from '../foresight-crank/foresight-crank.ts';
import { readTransaction } from '../settler/bet-chain.ts';
import { applyReveal } from './apply-actions.ts';
import { decodeTransaction } from './decode-transaction.ts';
import { createIndexerWorker } from './indexer-worker.ts';

const SOL = 1_000_000_000n;
let t: TestServer;
let baseUrl: string;
let chain: TestSeedChain;
let carol: KeyPairSigner;
/** What the watching client received live, in order: [event, item]. */
const received: [string, FeedItem][] = [];
const sockets: ClientSocket[] = [];

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

async function watch(): Promise<{ socket: ClientSocket; history: Promise<FeedItem[]> }> {
  const socket = connect(baseUrl, { path: '/activity', transports: ['websocket'], forceNew: true });
  sockets.push(socket);
  const history = new Promise<FeedItem[]>((resolve) => socket.once('feed', resolve));
  await new Promise<void>((resolve) => {
    socket.once('connect', () => {
      resolve();
    });
  });
  return { socket, history };
}

async function funded(sol = 10n): Promise<KeyPairSigner> {
  const who = await generateKeyPairSigner();
  await t.chain.context.rpc.requestAirdrop(who.address, lamports(sol * SOL)).send();
  while ((await t.chain.context.rpc.getBalance(who.address).send()).value === 0n) await sleep(25);
  return who;
}

async function send(signer: KeyPairSigner, instructions: readonly Instruction[]): Promise<string> {
  return sendAndConfirm(t.chain.context.rpc, signer, instructions);
}

/** Runs the indexer to the chain's tip, then lets the socket deliver what it published. */
async function index(): Promise<void> {
  await createIndexerWorker(t.app).run(new AbortController().signal);
  // A round trip on a fresh connection: whatever was emitted before has reached the watcher by then.
  const probe = await watch();
  await probe.history;
  probe.socket.disconnect();
}

/** What the watcher received for the item placed by `signature`, in order. */
function itemsOf(signature: string): [string, FeedItem][] {
  return received.filter(([, item]) => item.signature === signature);
}

/** A `create_bet` of `type` (a prize of `mint` for token and NFT bets), as the chain recorded it. */
async function placeTypedBet(
  player: KeyPairSigner,
  odds: number,
  type: 'sol' | 'token' | 'nft',
  mint?: Address,
): Promise<PlacedBet> {
  const playerSeed = randomPlayerSeed();
  const listingPrice = listingFor(odds);
  const signature = await send(player, [
    await getInitBetOffchainInstructionAsync({ user: player, referral: null }),
    await getCreateBetInstructionAsync({
      user: player,
      odds,
      listingPrice,
      betType: type,
      ...(mint === undefined ? {} : { mint }),
      playerSeed,
    }),
  ]);
  const [betAddress] = await findBetAddress(player.address);
  const account = await readBetAccount(t.chain.context.rpc, betAddress);
  return {
    player,
    signature: signature as PlacedBet['signature'],
    betAddress,
    odds,
    listingPrice,
    referral: account.referral,
    sequence: account.sequence,
    slot: account.slot,
    playerSeed: bytesToHex(playerSeed),
  };
}

beforeAll(async () => {
  t = await startTestServer({ foresightTimelock: 2 });
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const watcher = await watch();
  for (const name of ['new_bet', 'new_prediction', 'new_marketbet']) {
    watcher.socket.on(name, (item: FeedItem) => received.push([name, item]));
  }
  await watcher.history;
  carol = await funded(100n);
  chain = new TestSeedChain(40);
  await t.db.query(
    `INSERT INTO fairness_chains (head, secret, length, status, published_at, on_chain)
     VALUES ($1, $2, 40, 'next', now(), true)`,
    [chain.head, bytesToHex(chain.seeds[40]!)],
  );
  await chain.commit(t, 0n);
}, 180_000);
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await t.close();
}, 60_000);

describe('TailSpin and ReTail results in the live feed', () => {
  it('pushes the result of SOL, token and NFT bets under the id of their new_bet, the settler recording first', async () => {
    const [sol, token, nft] = await Promise.all([funded(), funded(), funded()]);
    const usdc = (await generateKeyPairSigner()).address;
    const collectible = (await generateKeyPairSigner()).address;
    const bets = [
      await placeTypedBet(sol, 50, 'sol'),
      await placeTypedBet(token, 50, 'token', usdc),
      await placeTypedBet(nft, 50, 'nft', collectible),
    ];
    await index();
    const revealed = await chain.reveal(t, carol, bets);
    // The settler records its own reveals at once, before the indexer reads the transaction (its code:
    // `applyReveal` on each reveal of the transaction).
    const tx = await readTransaction(t.chain.context.rpc, revealed.signature);
    const decoded = decodeTransaction(revealed.signature, tx!);
    for (const action of decoded.actions) {
      if (action.kind === 'reveal_bet') {
        await applyReveal(t.db, { signature: revealed.signature, timeMs: Date.now() }, action);
      }
    }
    await index();

    for (const [index, bet] of bets.entries()) {
      const line = revealed.reveals[index];
      if (line?.kind !== 'settled') throw new Error('not rolled');
      const events = itemsOf(bet.signature);
      expect(events.map(([name]) => name)).toEqual(['new_bet', 'new_bet']);
      const [placed, settled] = events.map(([, item]) => item);
      expect(placed).toMatchObject({ kind: 'bet', type: ['sol', 'token', 'nft'][index], result: null });
      expect(settled).toMatchObject({
        kind: 'bet',
        id: placed!.id,
        type: ['sol', 'token', 'nft'][index],
        result: line.roll < bet.odds ? 'Win' : 'Loss',
      });
    }
  });

  it("pushes the result of a bet rolled after its refund (the late reveal), under its new_bet's id", async () => {
    const player = await funded();
    const bet = await placeTypedBet(player, 95, 'sol');
    await index();
    backdateBet(t, bet.betAddress, 200);
    endSlot(t);
    await send(player, [
      await getRefundBetInstructionAsync({ caller: player, bet: bet.betAddress, user: player.address }),
    ]);
    await index();
    expect(itemsOf(bet.signature).map(([, item]) => (item.kind === 'bet' ? item.result : 'x'))).toEqual([
      null,
    ]);

    const revealed = await chain.reveal(t, carol, [bet]);
    const line = revealed.reveals[0];
    if (line?.kind !== 'settled' || !line.afterRefund) throw new Error('not rolled after the refund');
    await index();
    const events = itemsOf(bet.signature).map(([, item]) => item);
    expect(events).toHaveLength(2);
    expect(events[1]).toMatchObject({ id: events[0]!.id, result: line.roll < 95 ? 'Win' : 'Loss' });
  });
});

describe('Foresight results in the live feed', () => {
  it("pushes won/lost for both sides of a settled round under their placements' ids, and the history has them", async () => {
    const [config] = await findConfigAddress(SOL_USD_FEED_ID);
    const account = async (address: Address) => {
      const { value } = await t.chain.context.rpc
        .getAccountInfo(address, { encoding: 'base64', commitment: 'confirmed' })
        .send();
      return Buffer.from(value!.data[0], 'base64');
    };
    const crank = createForesightCrankWorker(t.app, { now: Date.now });
    const [up, down] = await Promise.all([funded(), funded()]);
    // An unchanged price makes a round Invalid (a refund, neither won nor lost): play another one then.
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      let event: Address;
      for (const deadline = Date.now() + 30_000; ;) {
        [event] = await findEventAddress(config, decodeConfig(await account(config)).liveEvent);
        if (Number(decodeEvent(await account(event)).lockTime) * 1000 - Date.now() >= 1_200) break;
        if (Date.now() > deadline) throw new Error('no live round to bet on');
        await crank.run(new AbortController().signal);
        await sleep(100);
      }
      const bet = (user: KeyPairSigner, prediction: 'up' | 'down') =>
        getPlaceBetInstructionAsync({ user, config, event, prediction, amount: SOL / 10n });
      const [upSig, downSig] = await Promise.all([
        send(up, [await bet(up, 'up')]),
        send(down, [await bet(down, 'down')]),
      ]);
      await index();
      for (const deadline = Date.now() + 60_000; ;) {
        await crank.run(new AbortController().signal);
        if (decodeEvent(await account(event)).isSettled) break;
        if (Date.now() > deadline) throw new Error('round not settled');
        await sleep(250);
      }
      const result = decodeEvent(await account(event)).result;
      await index();
      if (result === Prediction.Invalid) continue;
      const upWon = result === Prediction.Up;
      for (const [signature, won] of [
        [upSig, upWon],
        [downSig, !upWon],
      ] as const) {
        const events = itemsOf(signature);
        expect(events.map(([name]) => name)).toEqual(['new_prediction', 'new_prediction']);
        expect(events[0]![1]).toMatchObject({ kind: 'prediction', won: null });
        expect(events[1]![1]).toMatchObject({ kind: 'prediction', id: events[0]![1].id, won });
      }
      // A client connecting now reads the results in its history.
      const late = await watch();
      const history = await late.history;
      expect(history.find((item) => item.signature === upSig)).toMatchObject({ won: upWon });
      expect(history.find((item) => item.signature === downSig)).toMatchObject({ won: !upWon });
      late.socket.disconnect();
      return;
    }
    throw new Error('four Foresight rounds in a row were Invalid');
  });
});

describe('Prophecy results in the live feed', () => {
  /** A market whose cutoff passes in 2 seconds, with `yes` on Yes and `no` on No (0.1 SOL each). */
  const quickMarket = async (yes: KeyPairSigner, no: KeyPairSigner) => {
    const wall = Math.floor(Date.now() / 1000);
    const created = await t.app.services.prophecy.createMarket(
      {
        name: 'Will the feed show this result?',
        shortName: 'Feed',
        yesOption: 'Yes',
        noOption: 'No',
        invalidOption: 'Unclear',
        category: 'Solana',
        image: '',
        rules: 'Resolves as the test says.',
        endTime: wall + 60,
        cutoffTime: wall + 2,
        referrer: null,
      },
      t.admins[0]!.address,
    );
    const market = created.address as Address;
    const predict = async (user: KeyPairSigner, result: 'yes' | 'no') =>
      send(user, [await getCreatePredictionInstructionAsync({ user, market, amount: SOL / 10n, result })]);
    const yesSig = await predict(yes, 'yes');
    const noSig = await predict(no, 'no');
    await index();
    return { market, yesSig, noSig };
  };

  it('pushes won/lost for both sides when the market resolves, under their new_marketbet ids', async () => {
    const [yes, no] = await Promise.all([funded(), funded()]);
    const { market, yesSig, noSig } = await quickMarket(yes, no);
    for (const signature of [yesSig, noSig]) {
      expect(itemsOf(signature).map(([, item]) => item)).toMatchObject([{ kind: 'marketbet', won: null }]);
    }
    await sleep(3_500);
    await t.app.services.prophecy.resolveMarket(market, 'no');
    await index();
    for (const [signature, won] of [
      [yesSig, false],
      [noSig, true],
    ] as const) {
      const events = itemsOf(signature);
      expect(events.map(([name]) => name)).toEqual(['new_marketbet', 'new_marketbet']);
      expect(events[1]![1]).toMatchObject({ kind: 'marketbet', id: events[0]![1].id, won });
    }
    const history = await t.app.repositories.feed.latest(50);
    expect(history.find((item) => item.signature === noSig)).toMatchObject({ won: true });
  });

  it('pushes them too when the market settler recorded the result before the indexer read it', async () => {
    const [yes, no] = await Promise.all([funded(), funded()]);
    const { market, yesSig, noSig } = await quickMarket(yes, no);
    await sleep(3_500);
    await t.app.services.prophecy.resolveMarket(market, 'yes');
    // As the market settler's #recordResult does for a result it finds on chain first.
    await t.db.query(`UPDATE markets SET result = 'Yes' WHERE address = $1`, [market]);
    await index();
    expect(itemsOf(yesSig).at(-1)?.[1]).toMatchObject({ won: true });
    expect(itemsOf(noSig).at(-1)?.[1]).toMatchObject({ won: false });
  });
});
