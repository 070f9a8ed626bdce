/**
 * The indexer on the real local chain: TailSpin bets (with a referral), a Prophecy prediction and a
 * Foresight bet, sent as real transactions, indexed into every table; Juice, referrals and the feed;
 * idempotency, resuming from the cursor, and runs cut short; resolved markets, and what their referrer was
 * actually paid.
 */

import { decodeConfig } from '@arcade/sdk/foresight/accounts';
import { getPlaceBetInstructionAsync } from '@arcade/sdk/foresight/instructions';
import { findConfigAddress, findEventAddress } from '@arcade/sdk/foresight/pda';
import { SOL_USD_FEED_ID } from '@arcade/sdk/foresight/program';
import {
  getClaimBetInstructionAsync,
  getCreateBetOffchainInstructionAsync,
  getCreatePredictionInstructionAsync,
  getInitBetOffchainInstructionAsync,
  getSettleBetOffchainInstructionAsync,
  getSettlePredictionInstructionAsync,
  getUpdatePredictionInstructionAsync,
} from '@arcade/sdk/wager/instructions';
import { MarketResult } from '@arcade/sdk/wager/accounts';
import { marketFee, referralShare } from '@arcade/sdk/wager/bet-math';
import { findBetAddress, findPredictionAddress } from '@arcade/sdk/wager/pda';
import {
  appendTransactionMessageInstructions,
  createTransactionMessage,
  getBase64EncodedWireTransaction,
  getBase64Encoder,
  getSignatureFromTransaction,
  lamports,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
  type Address,
  type Instruction,
  type KeyPairSigner,
  generateKeyPairSigner,
} from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { sendAndConfirm } from '../../chain/send-transaction.ts';
import type { FeedItem } from '../../events/feed-items.ts';
import { createIndexerWorker } from './indexer-worker.ts';

let t: TestServer;
let alice: KeyPairSigner;
let bob: KeyPairSigner;
let carol: KeyPairSigner;
let market: Address;
let config: Address;
let liveRound: Address;
const feed: FeedItem[] = [];
const SOL = 1_000_000_000n;

const sigs: Record<string, string> = {};

async function send(signer: KeyPairSigner, instructions: readonly Instruction[]): Promise<string> {
  return sendAndConfirm(t.chain.context.rpc, signer, instructions);
}

/** Sends without preflight, so a failing transaction lands (with its error) instead of being refused. */
async function sendFailing(signer: KeyPairSigner, instructions: readonly Instruction[]): Promise<string> {
  const { rpc } = t.chain.context;
  const { value: blockhash } = await rpc.getLatestBlockhash().send();
  const tx = await signTransactionMessageWithSigners(
    pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayerSigner(signer, m),
      (m) => setTransactionMessageLifetimeUsingBlockhash(blockhash, m),
      (m) => appendTransactionMessageInstructions(instructions, m),
    ),
  );
  await rpc
    .sendTransaction(getBase64EncodedWireTransaction(tx), { encoding: 'base64', skipPreflight: true })
    .send();
  const signature = getSignatureFromTransaction(tx);
  for (let i = 0; i < 100; i += 1) {
    const { value } = await rpc.getSignatureStatuses([signature]).send();
    if (value[0] != null) return signature;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('not landed');
}

async function count(table: string): Promise<number> {
  const rows = await t.db.query<{ n: number }>(`SELECT count(*)::int8 AS n FROM ${table}`);
  return rows[0]?.n ?? 0;
}

async function snapshot(): Promise<Record<string, number>> {
  const tables = [
    'indexed_signatures',
    'bets',
    'market_bets',
    'predictions',
    'foresight_bets',
    'foresight_placements',
    'foresight_rounds',
    'juice_accruals',
  ];
  const counts = await Promise.all(tables.map((table) => count(table)));
  const juice = await t.db.query<{ total: bigint }>(
    'SELECT COALESCE(sum(accrued), 0)::numeric AS total FROM juice_accounts',
  );
  return {
    ...Object.fromEntries(tables.map((table, i) => [table, counts[i] ?? 0])),
    juice: Number(juice[0]?.total ?? 0n),
  };
}

async function runToTip(worker = createIndexerWorker(t.app)): Promise<void> {
  await worker.run(new AbortController().signal);
}

beforeAll(async () => {
  t = await startTestServer();
  t.app.feed.subscribe((item) => feed.push(item));
  [alice, bob, carol] = await Promise.all([
    generateKeyPairSigner(),
    generateKeyPairSigner(),
    generateKeyPairSigner(),
  ]);
  const { rpc } = t.chain.context;
  for (const who of [alice, bob, carol]) {
    await rpc.requestAirdrop(who.address, lamports(100n * SOL)).send();
  }
  await t.db.query(`INSERT INTO users (address, username) VALUES ($1, 'alice')`, [alice.address]);

  // TailSpin: Alice, referred by Bob, bets 0.5 SOL at 50% on a 1 SOL prize, wins (roll 10), claims.
  sigs.init = await send(alice, [
    await getInitBetOffchainInstructionAsync({ user: alice, referral: bob.address }),
  ]);
  sigs.create = await send(alice, [
    await getCreateBetOffchainInstructionAsync({ user: alice, odds: 50, listingPrice: SOL, betType: 'sol' }),
  ]);
  const [aliceBet] = await findBetAddress(alice.address);
  sigs.settle = await send(t.chain.context.signers.settler, [
    await getSettleBetOffchainInstructionAsync({
      settler: t.chain.context.signers.settler,
      bet: aliceBet,
      referrer: bob.address,
      randomValue: 10,
    }),
  ]);
  sigs.claim = await send(alice, [await getClaimBetInstructionAsync({ user: alice })]);

  // Prophecy: Carol predicts Yes with 0.5 SOL, then adds 0.25 SOL.
  const wall = Math.floor(Date.now() / 1000);
  const created = await t.app.services.prophecy.createMarket(
    {
      name: 'Will the indexer keep up?',
      shortName: 'Indexer',
      yesOption: 'Yes',
      noOption: 'No',
      invalidOption: 'Unclear',
      category: 'Solana',
      image: '',
      rules: 'Resolves yes if it does.',
      endTime: wall + 7_200,
      cutoffTime: wall + 3_600,
      referrer: null,
    },
    t.admins[0]!.address,
  );
  market = created.address as Address;
  sigs.predict = await send(carol, [
    await getCreatePredictionInstructionAsync({ user: carol, market, amount: SOL / 2n, result: 'yes' }),
  ]);
  sigs.topUp = await send(carol, [
    await getUpdatePredictionInstructionAsync({ user: carol, market, amount: SOL / 4n }),
  ]);

  // Foresight: Alice bets 0.1 SOL up on the live round.
  [config] = await findConfigAddress(SOL_USD_FEED_ID);
  const info = await rpc.getAccountInfo(config, { encoding: 'base64' }).send();
  const decoded = decodeConfig(getBase64Encoder().encode(info.value!.data[0]));
  [liveRound] = await findEventAddress(config, decoded.liveEvent);
  sigs.foresight = await send(alice, [
    await getPlaceBetInstructionAsync({
      user: alice,
      config,
      event: liveRound,
      prediction: 'up',
      amount: SOL / 10n,
    }),
  ]);
}, 180_000);
afterAll(() => t.close(), 60_000);

describe('indexing real activity', () => {
  it('writes every table, Juice, the referral and the feed', async () => {
    await runToTip();

    const [bet] = await t.db.query('SELECT * FROM bets WHERE user_address = $1', [alice.address]);
    const [aliceBet] = await findBetAddress(alice.address);
    expect(bet).toMatchObject({
      signature: sigs.create,
      bet_address: aliceBet,
      bet_type: 'sol',
      mint: 'So11111111111111111111111111111111111111112',
      odds: 50,
      bet_amount: 500_000_000n,
      fee: 20_000_000n,
      listing_price: SOL,
      referral: bob.address,
      state: 'Claimed',
      result: 'Win',
      random_value: 10,
      // 10% of the 4% fee, as Bob's balance actually grew.
      referral_fee: 2_000_000n,
      settle_signature: sigs.settle,
      claim_signature: sigs.claim,
      refund_signature: null,
    });
    expect(bet?.settled_at).toBeInstanceOf(Date);

    const [referred] = await t.db.query<{ referred_by: string }>(
      'SELECT referred_by FROM users WHERE address = $1',
      [alice.address],
    );
    expect(referred?.referred_by).toBe(bob.address);
    expect(await t.app.repositories.referrals.stats(bob.address)).toEqual({
      fees: 2_000_000n,
      referredUserCount: 1,
    });

    const [prediction] = await findPredictionAddress(market, carol.address);
    expect(
      await t.db.query('SELECT market, user_address, result, amount, is_claimed FROM predictions'),
    ).toEqual([
      { market, user_address: carol.address, result: 'Yes', amount: 750_000_000n, is_claimed: false },
    ]);
    expect(
      await t.db.query('SELECT signature, market, prediction, result, amount FROM market_bets ORDER BY id'),
    ).toEqual([
      { signature: sigs.predict, market, prediction, result: 'Yes', amount: 500_000_000n },
      { signature: sigs.topUp, market, prediction, result: 'Yes', amount: 250_000_000n },
    ]);
    const [marketRow] = await t.db.query(
      'SELECT yes_count, no_count, yes_pool, no_pool FROM markets WHERE address = $1',
      [market],
    );
    expect(marketRow).toEqual({ yes_count: 1, no_count: 0, yes_pool: 750_000_000n, no_pool: 0n });

    expect(
      await t.db.query(
        'SELECT config, event, user_address, prediction, amount, won, first_signature FROM foresight_bets',
      ),
    ).toEqual([
      {
        config,
        event: liveRound,
        user_address: alice.address,
        prediction: 'Up',
        amount: 100_000_000n,
        won: null,
        first_signature: sigs.foresight,
      },
    ]);
    const [round] = await t.db.query(
      'SELECT config, up_count, down_count, up_pool, down_pool, result FROM foresight_rounds WHERE address = $1',
      [liveRound],
    );
    expect(round).toEqual({
      config,
      up_count: 1,
      down_count: 0,
      up_pool: 100_000_000n,
      down_pool: 0n,
      result: 'None',
    });

    // Juice: wagered SOL × 2,400 (6 decimals): 0.5 SOL bet, 0.5 + 0.25 SOL predictions, 0.1 SOL Foresight.
    expect(await t.app.repositories.juice.find(alice.address)).toMatchObject({ accrued: 1_440_000_000n });
    expect(await t.app.repositories.juice.find(carol.address)).toMatchObject({ accrued: 1_800_000_000n });
    expect(await t.app.repositories.juice.find(bob.address)).toBeNull();

    // The feed: the bet (then its settlement, same id), both market bets, the Foresight bet.
    const bets = feed.filter((item) => item.kind === 'bet');
    expect(bets).toHaveLength(2);
    expect(bets[0]).toMatchObject({
      signature: sigs.create,
      amount: '500000000',
      odds: 50,
      type: 'sol',
      metadata: { listingPrice: '1000000000' },
      tokenPrice: 1,
      user: 'alice',
      userId: alice.address,
      result: null,
    });
    expect(bets[1]).toMatchObject({ id: bets[0]?.id, result: 'Win' });
    expect(feed.filter((item) => item.kind === 'marketbet')).toMatchObject([
      {
        signature: sigs.predict,
        market,
        result: 'yes',
        amount: '500000000',
        user: null,
        userId: carol.address,
      },
      { signature: sigs.topUp, amount: '250000000' },
    ]);
    expect(feed.filter((item) => item.kind === 'prediction')).toMatchObject([
      {
        signature: sigs.foresight,
        prediction: 'up',
        amount: '100000000',
        won: null,
        config,
        event: liveRound,
        user: 'alice',
      },
    ]);

    const latest = await t.app.repositories.feed.latest(50);
    // Newest first. Within one program the order is the chain's; across programs within a slot it is not
    // knowable without getBlock, so only each program's order is asserted.
    expect(latest.filter((item) => item.kind !== 'prediction').map((item) => item.signature)).toEqual([
      sigs.topUp,
      sigs.predict,
      sigs.create,
    ]);
    expect(latest.map((item) => item.signature).sort()).toEqual(
      [sigs.foresight, sigs.topUp, sigs.predict, sigs.create].sort(),
    );
    const create = latest.find((item) => item.signature === sigs.create);
    expect(create).toMatchObject({ kind: 'bet', result: 'Win', user: 'alice' });
    expect(await t.app.repositories.feed.latest(2)).toHaveLength(2);
    expect(await t.app.repositories.feed.latest(0)).toEqual([]);
  });

  it('is idempotent: a second run and a new instance change nothing', async () => {
    const before = await snapshot();
    const published = feed.length;
    await runToTip();
    await runToTip(createIndexerWorker(t.app));
    expect(await snapshot()).toEqual(before);
    expect(feed.length).toBe(published);
  });

  it("keeps every bet of a transaction that opens several players' bets", async () => {
    const [dave, erin] = await Promise.all([generateKeyPairSigner(), generateKeyPairSigner()]);
    for (const who of [dave, erin]) {
      await t.chain.context.rpc.requestAirdrop(who.address, lamports(10n * SOL)).send();
    }
    const signature = await send(dave, [
      await getInitBetOffchainInstructionAsync({ user: dave }),
      await getCreateBetOffchainInstructionAsync({ user: dave, odds: 40, listingPrice: SOL, betType: 'sol' }),
      await getInitBetOffchainInstructionAsync({ user: erin }),
      await getCreateBetOffchainInstructionAsync({ user: erin, odds: 60, listingPrice: SOL, betType: 'sol' }),
    ]);
    await runToTip();
    const rows = await t.db.query<{ user_address: string; odds: number }>(
      'SELECT user_address, odds FROM bets WHERE signature = $1 ORDER BY odds',
      [signature],
    );
    expect(rows).toEqual([
      { user_address: dave.address, odds: 40 },
      { user_address: erin.address, odds: 60 },
    ]);
    // Indexed again: still one row each.
    await runToTip(createIndexerWorker(t.app));
    expect(await t.db.query('SELECT 1 FROM bets WHERE signature = $1', [signature])).toHaveLength(2);
  });

  it('records a failed transaction with no effects', async () => {
    // Alice's bet is claimed, so a new one works; a second create while it is open fails (BetNotAvailable).
    sigs.second = await send(alice, [
      await getCreateBetOffchainInstructionAsync({
        user: alice,
        odds: 20,
        listingPrice: SOL,
        betType: 'sol',
      }),
    ]);
    const failed = await sendFailing(alice, [
      await getCreateBetOffchainInstructionAsync({
        user: alice,
        odds: 30,
        listingPrice: SOL,
        betType: 'sol',
      }),
    ]);
    await runToTip();
    expect(await t.db.query('SELECT failed FROM indexed_signatures WHERE signature = $1', [failed])).toEqual([
      { failed: true },
    ]);
    expect(
      await t.db.query('SELECT signature, state FROM bets WHERE signature IN ($1, $2)', [
        sigs.second,
        failed,
      ]),
    ).toEqual([{ signature: sigs.second, state: 'Open' }]);
    expect(await t.app.repositories.juice.find(alice.address)).toMatchObject({
      accrued: 1_440_000_000n + 480_000_000n,
    });
    const [cursor] = await t.db.query<{ last_signature: string }>(
      `SELECT last_signature FROM indexer_cursors WHERE program = 'wager'`,
    );
    expect(cursor?.last_signature).toBe(failed);
  });

  it('resumes after a failure in the middle of a batch, and after an abort, with nothing missed or doubled', async () => {
    const placed: string[] = [];
    for (let i = 0; i < 4; i += 1) {
      placed.push(
        await send(carol, [
          await getUpdatePredictionInstructionAsync({ user: carol, market, amount: SOL / 100n + BigInt(i) }),
        ]),
      );
    }
    const before = await snapshot();
    const third = placed[2]!;
    // Batched (the default): the crash rolls the whole batch back, cursor included.
    const batched = createIndexerWorker(t.app, {
      beforeCommit: (signature) => {
        if (signature === third) throw new Error('crash before commit');
      },
    });
    await expect(batched.run(new AbortController().signal)).rejects.toThrow('crash before commit');
    expect((await snapshot()).market_bets).toBe(before.market_bets);
    // One chain transaction per database transaction: the two before the crash stay committed.
    const failing = createIndexerWorker(t.app, {
      applyBatchSize: 1,
      beforeCommit: (signature) => {
        if (signature === third) throw new Error('crash before commit');
      },
    });
    await expect(failing.run(new AbortController().signal)).rejects.toThrow('crash before commit');
    expect((await snapshot()).market_bets).toBe(before.market_bets! + 2);

    // A stop after the next transaction: the run returns, leaving the rest for later.
    const abort = new AbortController();
    const stopping = createIndexerWorker(t.app, {
      applyBatchSize: 1,
      beforeCommit: () => {
        abort.abort();
      },
    });
    await stopping.run(abort.signal);
    expect((await snapshot()).market_bets).toBe(before.market_bets! + 3);

    await runToTip();
    const after = await snapshot();
    expect(after.market_bets).toBe(before.market_bets! + 4);
    expect(after.indexed_signatures).toBe(before.indexed_signatures! + 4);
    expect(after.juice_accruals).toBe(before.juice_accruals! + 4);
    expect(
      await t.db.query<{ signature: string }>(
        'SELECT signature FROM market_bets WHERE signature = ANY($1::text[]) ORDER BY id',
        [placed],
      ),
    ).toEqual(placed.map((signature) => ({ signature })));
    const [row] = await t.db.query('SELECT amount FROM predictions WHERE user_address = $1', [carol.address]);
    expect(row).toEqual({ amount: 750_000_000n + 4n * 10_000_000n + 6n });
    const [marketRow] = await t.db.query('SELECT yes_pool FROM markets WHERE address = $1', [market]);
    expect(marketRow).toEqual({ yes_pool: 790_000_006n });
  });

  it('numbers transactions by their position in the slot and reports its health', async () => {
    const rows = await t.db.query<{ slot: number; tx_index: number }>(
      'SELECT slot, tx_index FROM bets ORDER BY slot, tx_index',
    );
    expect(rows.every((row) => row.tx_index >= 0)).toBe(true);
    const worker = createIndexerWorker(t.app);
    await runToTip(worker);
    expect(worker.lagMs()).toBe(0);
    const [cursor] = await t.db.query<{ last_signature: string }>(
      `SELECT last_signature FROM indexer_cursors WHERE program = 'wager'`,
    );
    expect(worker.details()).toMatchObject({
      pending: 0,
      cursors: { wager: { signature: cursor?.last_signature } },
    });
  });
});

describe('a resolved market', () => {
  /** A market (of `referrer`, if any) whose cutoff passes in 2 seconds, with Carol's 0.1 SOL on yes. */
  const quickMarket = async (referrer: Address | null): Promise<Address> => {
    const wall = Math.floor(Date.now() / 1000);
    const created = await t.app.services.prophecy.createMarket(
      {
        name: 'Will this market resolve in seconds?',
        shortName: 'Seconds',
        yesOption: 'Yes',
        noOption: 'No',
        invalidOption: 'Unclear',
        category: 'Solana',
        image: '',
        rules: 'Resolves yes once its cutoff passes.',
        endTime: wall + 60,
        cutoffTime: wall + 2,
        referrer,
      },
      t.admins[0]!.address,
    );
    const address = created.address as Address;
    await send(carol, [
      await getCreatePredictionInstructionAsync({
        user: carol,
        market: address,
        amount: SOL / 10n,
        result: 'yes',
      }),
    ]);
    return address;
  };

  it('stays unsettled in the database until every prediction is paid, so the market settler picks it up', async () => {
    const quick = await quickMarket(null);
    const row = async () =>
      (
        await t.db.query<{ result: string | null; is_settled: boolean; settled_count: number }>(
          'SELECT result, is_settled, settled_count FROM markets WHERE address = $1',
          [quick],
        )
      )[0];
    // The program resolves only after the cutoff (chain time).
    await new Promise((resolve) => setTimeout(resolve, 3_500));
    await t.app.services.prophecy.resolveMarket(quick, 'yes');
    await runToTip();
    expect(await row()).toEqual({ result: 'Yes', is_settled: false, settled_count: 0 });
    // No referrer: nobody was paid a referrer's share.
    expect(await t.db.query('SELECT referrer_fee FROM markets WHERE address = $1', [quick])).toEqual([
      { referrer_fee: 0n },
    ]);

    await send(carol, [await getSettlePredictionInstructionAsync({ market: quick, user: carol.address })]);
    await runToTip();
    expect(await row()).toEqual({ result: 'Yes', is_settled: true, settled_count: 1 });
  });

  it('records what the referrer was actually paid: its share, or nothing when the program could not credit it', async () => {
    const [paid, empty] = await Promise.all([generateKeyPairSigner(), generateKeyPairSigner()]);
    const { rpc } = t.chain.context;
    await rpc.requestAirdrop(paid.address, lamports(SOL)).send();
    while ((await rpc.getBalance(paid.address).send()).value === 0n) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    // Pot 0.1 SOL each: a 3_000_000-lamport fee, 300_000 of it to the referrer. The wallet that was never
    // funded cannot hold less than its rent minimum (890_880 lamports), so the program leaves it unpaid.
    const toPaid = await quickMarket(paid.address);
    const toEmpty = await quickMarket(empty.address);
    const share = referralShare(marketFee({ yesPool: SOL / 10n, noPool: 0n, result: MarketResult.Yes }));
    expect(share).toBe(300_000n);
    const before = (await rpc.getBalance(paid.address, { commitment: 'confirmed' }).send()).value;
    await new Promise((resolve) => setTimeout(resolve, 3_500));
    await t.app.services.prophecy.resolveMarket(toPaid, 'yes');
    await t.app.services.prophecy.resolveMarket(toEmpty, 'yes');
    await runToTip();

    const after = (await rpc.getBalance(paid.address, { commitment: 'confirmed' }).send()).value;
    expect(after - before).toBe(share);
    expect((await rpc.getBalance(empty.address, { commitment: 'confirmed' }).send()).value).toBe(0n);
    expect(
      await t.db.query<{ address: string; referrer_fee: bigint | null }>(
        'SELECT address, referrer_fee FROM markets WHERE address = ANY($1::text[]) ORDER BY referrer_fee DESC',
        [[toPaid, toEmpty]],
      ),
    ).toEqual([
      { address: toPaid, referrer_fee: share },
      { address: toEmpty, referrer_fee: 0n },
    ]);
    expect(await t.app.repositories.referrals.stats(paid.address)).toEqual({
      fees: share,
      referredUserCount: 0,
    });
    expect(await t.app.repositories.referrals.stats(empty.address)).toEqual({
      fees: 0n,
      referredUserCount: 0,
    });
  });
});
