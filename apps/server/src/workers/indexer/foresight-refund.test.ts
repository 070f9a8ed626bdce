/**
 * An Invalid Foresight round (here: nobody on the other side) refunds every bet. The indexer must record
 * such a bet as neither won nor lost (`won` NULL), before and after the player withdraws, so the feed and the
 * history never call a refund a loss.
 */
import { decodeConfig, decodeEvent, Prediction } from '@arcade/sdk/foresight/accounts';
import {
  getPlaceBetInstructionAsync,
  getWithdrawBetInstructionAsync,
} from '@arcade/sdk/foresight/instructions';
import { findBetAddress, findConfigAddress, findEventAddress } from '@arcade/sdk/foresight/pda';
import { SOL_USD_FEED_ID } from '@arcade/sdk/foresight/program';
import { generateKeyPairSigner, lamports, type Address } from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { sendAndConfirm } from '../../chain/send-transaction.ts';
import { createForesightCrankWorker } from '../foresight-crank/foresight-crank.ts';
import { createIndexerWorker } from './indexer-worker.ts';

const SOL = 1_000_000_000n;
let t: TestServer;

beforeAll(async () => {
  t = await startTestServer({ foresightTimelock: 2 });
}, 120_000);
afterAll(() => t.close(), 60_000);

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

async function account(address: Address): Promise<Buffer | null> {
  const { value } = await t.chain.context.rpc
    .getAccountInfo(address, { encoding: 'base64', commitment: 'confirmed' })
    .send();
  return value === null ? null : Buffer.from(value.data[0], 'base64');
}

describe('a refunded Foresight bet', () => {
  it('is neither won nor lost once its round is Invalid, and stays so after the withdrawal', async () => {
    const [config] = await findConfigAddress(SOL_USD_FEED_ID);
    const player = await generateKeyPairSigner();
    await t.chain.context.rpc.requestAirdrop(player.address, lamports(10n * SOL)).send();
    while ((await t.chain.context.rpc.getBalance(player.address).send()).value === 0n) await sleep(50);

    // A live round with time left to bet in: the boot's may have locked already (2 s rounds), so the crank
    // moves them on until one has at least a second to go.
    const crank = createForesightCrankWorker(t.app, { now: Date.now });
    let event: Address;
    for (const deadline = Date.now() + 30_000; ;) {
      const { liveEvent } = decodeConfig((await account(config))!);
      [event] = await findEventAddress(config, liveEvent);
      const { lockTime } = decodeEvent((await account(event))!);
      if (Number(lockTime) * 1000 - Date.now() >= 1_000) break;
      if (Date.now() > deadline) throw new Error('no live round to bet on');
      await crank.run(new AbortController().signal);
      await sleep(100);
    }
    await sendAndConfirm(t.chain.context.rpc, player, [
      await getPlaceBetInstructionAsync({ user: player, config, event, prediction: 'up', amount: SOL / 10n }),
    ]);

    // The crank locks the round, then settles it: Invalid, since nobody bet down.
    const deadline = Date.now() + 60_000;
    for (;;) {
      await crank.run(new AbortController().signal);
      if (decodeEvent((await account(event))!).isSettled) break;
      if (Date.now() > deadline) throw new Error('round not settled');
      await sleep(250);
    }
    expect(decodeEvent((await account(event))!).result).toBe(Prediction.Invalid);

    const [bet] = await findBetAddress(event, player.address);
    const row = async () =>
      (
        await t.db.query<{ won: boolean | null; is_settled: boolean }>(
          'SELECT won, is_settled FROM foresight_bets WHERE address = $1',
          [bet],
        )
      )[0];
    const indexer = createIndexerWorker(t.app);
    await indexer.run(new AbortController().signal);
    expect(await row()).toEqual({ won: null, is_settled: false });

    await sendAndConfirm(t.chain.context.rpc, player, [
      await getWithdrawBetInstructionAsync({ user: player.address, config, event }),
    ]);
    await indexer.run(new AbortController().signal);
    expect(await row()).toEqual({ won: null, is_settled: true });
  });
});
