/**
 * The indexer on the real local chain: TailSpin bets made with `create_bet` (one with a referral whose vault
 * exists) and revealed with `reveal_bet`, a Prophecy prediction and a Foresight bet, sent as real
 * transactions, indexed into every table; Juice, referrals, vaults and claims, and the feed; several reveals
 * in one transaction, refunds (by anyone) and what the reveals did to them (a roll after the refund, a late
 * win paid by the reveal or by claim_bet, expired, earlier), the seed chain's commit; idempotency, resuming
 * from the cursor, and runs cut short; resolved and expired markets, and what their referrer's vault was
 * actually credited; the spec's off-chain pair when the authority turns it on.
 */

import { decodeConfig } from '@arcade/sdk/foresight/accounts';
import { getPlaceBetInstructionAsync } from '@arcade/sdk/foresight/instructions';
import { findConfigAddress, findEventAddress } from '@arcade/sdk/foresight/pda';
import { SOL_USD_FEED_ID } from '@arcade/sdk/foresight/program';
import {
  getClaimBetInstructionAsync,
  getClaimReferralInstructionAsync,
  getCreateBetOffchainInstructionAsync,
  getCreatePredictionInstructionAsync,
  getExpireMarketInstruction,
  getInitBetOffchainInstructionAsync,
  getRefundBetInstructionAsync,
  getSettleBetOffchainInstructionAsync,
  getSettlePredictionInstructionAsync,
  getUpdateHouseInstructionAsync,
  getUpdatePredictionInstructionAsync,
} from '@arcade/sdk/wager/instructions';
import { MarketResult } from '@arcade/sdk/wager/accounts';
import { betFee, betStake, lateWinAmount, marketFee, referralShare } from '@arcade/sdk/wager/bet-math';
import { bytesToHex, type RevealLog } from '@arcade/sdk/wager/fairness';
import { findBetAddress, findPredictionAddress, findReferralAddress } from '@arcade/sdk/wager/pda';
import { MARKET_RESOLVE_GRACE_SECS } from '@arcade/sdk/constants';
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
import { getTransferSolInstruction } from '@solana-program/system';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startTestServer, type TestServer } from '../../../test/harness.ts';
import {
  backdateBet,
  endSlot,
  expireSlotHashes,
  backdateMarket,
  betInstructions,
  createReferralVault,
  placeBet,
  readBetAccount,
  TestSeedChain,
  type PlacedBet,
} from '../../../test/wager-bets.ts';
import { sendAndConfirm } from '../../chain/send-transaction.ts';
import type { FeedItem } from '../../events/feed-items.ts';
import { REFERRAL_VAULT_RENT_LAMPORTS } from '../../repositories/referral-repository.ts';
import { readHouse } from '../settler/bet-chain.ts';
import { createIndexerWorker } from './indexer-worker.ts';

let t: TestServer;
let alice: KeyPairSigner;
let bob: KeyPairSigner;
let carol: KeyPairSigner;
let market: Address;
let config: Address;
let liveRound: Address;
let chain: TestSeedChain;
let aliceBet: PlacedBet;
let aliceReveal: Extract<RevealLog, { kind: 'settled' }>;
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

  // The seed chain: the test holds it (anyone may reveal), the database knows its head as the settler's.
  chain = new TestSeedChain(20);
  await t.db.query(
    `INSERT INTO fairness_chains (head, secret, length, status, published_at, on_chain)
     VALUES ($1, $2, 20, 'next', now(), true)`,
    [chain.head, bytesToHex(chain.seeds[20]!)],
  );
  sigs.commit = await chain.commit(t, 0n);

  // TailSpin: Alice, referred by Bob (whose vault exists), bets at 50% on a 1 SOL prize; Carol reveals it.
  sigs.vault = await createReferralVault(rpc, bob, bob.address);
  aliceBet = await placeBet(rpc, alice, { odds: 50, listingPrice: SOL, referral: bob.address });
  sigs.create = aliceBet.signature;
  const revealed = await chain.reveal(t, carol, [aliceBet]);
  sigs.reveal = revealed.signature;
  const line = revealed.reveals[0];
  if (line?.kind !== 'settled') throw new Error('the reveal did not settle');
  aliceReveal = line;
  if (line.roll < 50) sigs.claim = await send(alice, [await getClaimBetInstructionAsync({ user: alice })]);

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
  it('writes every table, Juice, the referral, its vault and the feed', async () => {
    await runToTip();

    const won = aliceReveal.roll < 50;
    const [bet] = await t.db.query('SELECT * FROM bets WHERE user_address = $1', [alice.address]);
    const [aliceRecord] = await findBetAddress(alice.address);
    expect(bet).toMatchObject({
      signature: sigs.create,
      bet_address: aliceRecord,
      bet_type: 'sol',
      mint: 'So11111111111111111111111111111111111111112',
      odds: 50,
      bet_amount: 500_000_000n,
      fee: 20_000_000n,
      listing_price: SOL,
      referral: bob.address,
      state: won ? 'Claimed' : 'Settled',
      result: won ? 'Win' : 'Loss',
      // The program's roll, from the reveal's log line.
      random_value: aliceReveal.roll,
      // 10% of the 4% fee, as Bob's vault actually grew.
      referral_fee: 2_000_000n,
      settle_signature: sigs.reveal,
      claim_signature: won ? sigs.claim : null,
      refund_signature: null,
      // create_bet: its place in the chain (read from the record), the player's seed.
      sequence: 0,
      player_seed: aliceBet.playerSeed,
      slot: Number(aliceBet.slot),
      // reveal_bet: the seed (from the instruction), the slot hash the program read, the outcome.
      reveal_signature: sigs.reveal,
      reveal_seed: bytesToHex(chain.seedFor(0n)),
      slot_hash: bytesToHex(aliceReveal.slotHash),
      reveal_outcome: 'settled',
    });
    expect(bet?.settled_at).toBeInstanceOf(Date);
    // The commit of the settler's chain, found by its head.
    expect(
      await t.db.query('SELECT commit_signature FROM fairness_chains WHERE head = $1', [chain.head]),
    ).toEqual([{ commit_signature: sigs.commit }]);

    const [referred] = await t.db.query<{ referred_by: string }>(
      'SELECT referred_by FROM users WHERE address = $1',
      [alice.address],
    );
    expect(referred?.referred_by).toBe(bob.address);
    const [vault] = await findReferralAddress(bob.address);
    expect(await t.db.query('SELECT referrer, vault, lamports FROM referral_vaults')).toEqual([
      { referrer: bob.address, vault, lamports: REFERRAL_VAULT_RENT_LAMPORTS + 2_000_000n },
    ]);
    expect(await t.app.repositories.referrals.stats(bob.address)).toEqual({
      fees: 2_000_000n,
      referredUserCount: 1,
      claimable: 2_000_000n,
      claimed: 0n,
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
    expect(bets[1]).toMatchObject({ id: bets[0]?.id, result: won ? 'Win' : 'Loss' });
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
    expect(create).toMatchObject({ kind: 'bet', result: won ? 'Win' : 'Loss', user: 'alice' });
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

  it("keeps every bet of a transaction that opens several players' bets, and records several reveals of one transaction", async () => {
    const [dave, erin] = await Promise.all([generateKeyPairSigner(), generateKeyPairSigner()]);
    for (const who of [dave, erin]) {
      await t.chain.context.rpc.requestAirdrop(who.address, lamports(10n * SOL)).send();
    }
    const daveBet = await betInstructions(dave, { odds: 40, listingPrice: SOL });
    const erinBet = await betInstructions(erin, { odds: 60, listingPrice: SOL });
    const signature = await send(dave, [...daveBet.instructions, ...erinBet.instructions]);
    await runToTip();
    const rows = await t.db.query<{
      user_address: string;
      odds: number;
      sequence: number;
      player_seed: string;
    }>('SELECT user_address, odds, sequence, player_seed FROM bets WHERE signature = $1 ORDER BY odds', [
      signature,
    ]);
    // In instruction order: Dave's bet took the next sequence, Erin's the one after.
    const first = aliceBet.sequence + 1n;
    expect(rows).toEqual([
      {
        user_address: dave.address,
        odds: 40,
        sequence: Number(first),
        player_seed: bytesToHex(daveBet.playerSeed),
      },
      {
        user_address: erin.address,
        odds: 60,
        sequence: Number(first + 1n),
        player_seed: bytesToHex(erinBet.playerSeed),
      },
    ]);
    // Indexed again: still one row each.
    await runToTip(createIndexerWorker(t.app));
    expect(await t.db.query('SELECT 1 FROM bets WHERE signature = $1', [signature])).toHaveLength(2);

    // Both revealed in one transaction: each row gets its own line's roll.
    const slot = (await readBetAccount(t.chain.context.rpc, (await findBetAddress(dave.address))[0])).slot;
    const revealed = await chain.reveal(t, carol, [
      { player: dave, referral: null, sequence: first, slot },
      { player: erin, referral: null, sequence: first + 1n, slot },
    ]);
    await runToTip();
    const after = await t.db.query<{
      sequence: number;
      random_value: number;
      result: string;
      reveal_signature: string;
    }>(
      'SELECT sequence, random_value, result, reveal_signature FROM bets WHERE signature = $1 ORDER BY sequence',
      [signature],
    );
    expect(revealed.reveals).toHaveLength(2);
    expect(after).toEqual(
      revealed.reveals.map((line, i) => {
        if (line.kind !== 'settled') throw new Error('not settled');
        return {
          sequence: Number(first) + i,
          random_value: line.roll,
          result: line.roll < (i === 0 ? 40 : 60) ? 'Win' : 'Loss',
          reveal_signature: revealed.signature,
        };
      }),
    );
  });

  it('records refunds and what the reveals did to them: rolled after the refund (a late win paid at once or by claim_bet, a loss), expired, earlier', async () => {
    const { rpc } = t.chain.context;
    const [frank, henry, jack, gina, ivan] = await Promise.all([
      generateKeyPairSigner(),
      generateKeyPairSigner(),
      generateKeyPairSigner(),
      generateKeyPairSigner(),
      generateKeyPairSigner(),
    ]);
    for (const who of [frank, henry, jack, gina, ivan]) {
      await rpc.requestAirdrop(who.address, lamports(10n * SOL)).send();
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
    // Frank: a 1 SOL prize at 95%. Henry: 0.05 SOL at 95%, whose late win (0.0006 SOL) an emptied wallet
    // cannot take (under the rent-exempt minimum). Jack: 1 SOL at 1%, most likely a loss.
    const frankBet = await placeBet(rpc, frank, { odds: 95, listingPrice: SOL });
    const henryBet = await placeBet(rpc, henry, { odds: 95 });
    const jackBet = await placeBet(rpc, jack, { odds: 1 });
    const ginaBet = await placeBet(rpc, gina, { odds: 30 });
    const ivanBet = await placeBet(rpc, ivan, { odds: 30 });
    const bets = [frankBet, henryBet, jackBet, ginaBet, ivanBet];
    // All placed more than BET_REFUND_DELAY_SECS ago, as far as the program can tell.
    for (const bet of bets) backdateBet(t, bet.betAddress, 200);
    // Their slots ended (their hashes are in SlotHashes), as long before any real refund deadline.
    endSlot(t);
    // Carol, a keeper, refunds Frank's, Henry's and Jack's bets while their slots are in SlotHashes: each
    // refund captures its slot hash (the money goes to the owner). Henry then empties his wallet.
    const refund = async (bet: PlacedBet) =>
      send(carol, [
        await getRefundBetInstructionAsync({ caller: carol, bet: bet.betAddress, user: bet.player.address }),
      ]);
    const frankRefund = await refund(frankBet);
    const henryRefund = await refund(henryBet);
    const jackRefund = await refund(jackBet);
    const emptied = (await rpc.getBalance(henry.address, { commitment: 'confirmed' }).send()).value;
    await send(carol, [
      getTransferSolInstruction({ source: henry, destination: carol.address, amount: emptied }),
    ]);
    // Over 512 slots later every slot hash of theirs has left SlotHashes: Ivan's refund captures none, and
    // Gina's bet, never refunded, can no longer be rolled.
    expireSlotHashes(t);
    const ivanRefund = await refund(ivanBet);
    const before = new Map(
      await Promise.all(
        bets.map(
          async (bet) =>
            [
              bet.player.address,
              (await rpc.getBalance(bet.player.address, { commitment: 'confirmed' }).send()).value,
            ] as const,
        ),
      ),
    );
    const received = async (bet: PlacedBet) =>
      (await rpc.getBalance(bet.player.address, { commitment: 'confirmed' }).send()).value -
      (before.get(bet.player.address) ?? 0n);

    // The seeds are revealed in order, in one transaction.
    const revealed = await chain.reveal(t, carol, bets);
    expect(revealed.reveals).toMatchObject([
      { kind: 'settled', sequence: frankBet.sequence, afterRefund: true },
      { kind: 'settled', sequence: henryBet.sequence, afterRefund: true },
      { kind: 'settled', sequence: jackBet.sequence, afterRefund: true },
      { kind: 'refunded', sequence: ginaBet.sequence, reason: 'expired' },
      { kind: 'refunded', sequence: ivanBet.sequence, reason: 'earlier' },
    ]);
    const [frankLine, henryLine, jackLine] = revealed.reveals;
    if (frankLine?.kind !== 'settled' || henryLine?.kind !== 'settled' || jackLine?.kind !== 'settled') {
      throw new Error('not rolled');
    }
    const frankWon = frankLine.roll < 95;
    const henryWon = henryLine.roll < 95;
    const jackWon = jackLine.roll < 1;
    const late = (bet: PlacedBet) =>
      lateWinAmount({ prize: bet.listingPrice, stake: betStake(bet.listingPrice, bet.odds) });
    const refundOf = (bet: PlacedBet) => {
      const stake = betStake(bet.listingPrice, bet.odds);
      return stake + betFee(stake);
    };
    await runToTip();

    const rows = await t.db.query(
      `SELECT sequence, state, result, random_value, refund_signature, settle_signature, claim_signature,
              reveal_signature, reveal_outcome, after_refund, reveal_seed
         FROM bets WHERE signature = ANY($1::text[]) ORDER BY sequence`,
      [bets.map((bet) => bet.signature)],
    );
    const common = (bet: PlacedBet) => ({
      sequence: Number(bet.sequence),
      reveal_signature: revealed.signature,
      reveal_seed: bytesToHex(chain.seedFor(bet.sequence)),
    });
    expect(rows).toEqual([
      // Rolled with the hash its refund captured: a win paid the rest of its prize by this reveal (its
      // claim), a loss nothing more.
      {
        ...common(frankBet),
        state: frankWon ? 'Claimed' : 'Refunded',
        result: frankWon ? 'Win' : 'Loss',
        random_value: frankLine.roll,
        refund_signature: frankRefund,
        settle_signature: revealed.signature,
        claim_signature: frankWon ? revealed.signature : null,
        reveal_outcome: 'settled',
        after_refund: true,
      },
      // The emptied wallet could not take it: the win waits for claim_bet.
      {
        ...common(henryBet),
        state: henryWon ? 'Settled' : 'Refunded',
        result: henryWon ? 'Win' : 'Loss',
        random_value: henryLine.roll,
        refund_signature: henryRefund,
        settle_signature: revealed.signature,
        claim_signature: null,
        reveal_outcome: 'settled',
        after_refund: true,
      },
      // A loss rolled after its refund stays Refunded: the refund was all it gets.
      {
        ...common(jackBet),
        state: jackWon ? 'Claimed' : 'Refunded',
        result: jackWon ? 'Win' : 'Loss',
        random_value: jackLine.roll,
        refund_signature: jackRefund,
        settle_signature: revealed.signature,
        claim_signature: jackWon ? revealed.signature : null,
        reveal_outcome: 'settled',
        after_refund: true,
      },
      // Still open with its slot gone from SlotHashes: this reveal refunded it.
      {
        ...common(ginaBet),
        state: 'Refunded',
        result: 'None',
        random_value: null,
        refund_signature: revealed.signature,
        settle_signature: null,
        claim_signature: null,
        reveal_outcome: 'expired',
        after_refund: false,
      },
      // Refunded too late to capture its hash: the reveal only moved the chain on.
      {
        ...common(ivanBet),
        state: 'Refunded',
        result: 'None',
        random_value: null,
        refund_signature: ivanRefund,
        settle_signature: null,
        claim_signature: null,
        reveal_outcome: 'earlier',
        after_refund: false,
      },
    ]);
    // What each wallet received from the reveal: Frank's late win, Gina's refund; nothing else.
    expect(await received(frankBet)).toBe(frankWon ? late(frankBet) : 0n);
    expect(await received(henryBet)).toBe(0n);
    expect(await received(jackBet)).toBe(jackWon ? late(jackBet) : 0n);
    expect(await received(ginaBet)).toBe(refundOf(ginaBet));
    expect(await received(ivanBet)).toBe(0n);
    expect(late(henryBet)).toBe(600_000n);

    // Henry, funded again, claims his late win: claim_bet pays the rest of the prize, not the prize.
    if (henryWon) {
      await rpc.requestAirdrop(henry.address, lamports(SOL)).send();
      await new Promise((resolve) => setTimeout(resolve, 200));
      const funded = (await rpc.getBalance(henry.address, { commitment: 'confirmed' }).send()).value;
      const claim = await send(carol, [await getClaimBetInstructionAsync({ user: henry })]);
      expect((await rpc.getBalance(henry.address, { commitment: 'confirmed' }).send()).value - funded).toBe(
        late(henryBet),
      );
      await runToTip();
      expect(
        await t.db.query('SELECT state, claim_signature FROM bets WHERE signature = $1', [
          henryBet.signature,
        ]),
      ).toEqual([{ state: 'Claimed', claim_signature: claim }]);
    }

    // Profit and loss: the refunds, and a late win's rest of the prize (refund + rest = the prize).
    const pnl = async (bet: PlacedBet) =>
      (await t.app.repositories.history.pnl(bet.player.address)).games.tailspin;
    expect(await pnl(frankBet)).toMatchObject({
      refunds: refundOf(frankBet),
      payouts: frankWon ? late(frankBet) : 0n,
      unclaimed: 0n,
      wins: frankWon ? 1 : 0,
      losses: frankWon ? 0 : 1,
    });
    expect(await pnl(henryBet)).toMatchObject({
      refunds: refundOf(henryBet),
      payouts: henryWon ? late(henryBet) : 0n,
      unclaimed: 0n,
    });
    expect(await pnl(jackBet)).toMatchObject({
      refunds: refundOf(jackBet),
      payouts: jackWon ? late(jackBet) : 0n,
      wins: jackWon ? 1 : 0,
      losses: jackWon ? 0 : 1,
    });
    expect(await pnl(ginaBet)).toMatchObject({ refunds: refundOf(ginaBet), payouts: 0n, wins: 0, losses: 0 });
    // The history and the fairness record say Frank's bet was rolled after its refund.
    const history = await t.app.inject({
      method: 'POST',
      url: '/api/user/bets',
      payload: { address: frank.address },
    });
    expect(
      history.json<{ items: { afterRefund: boolean; claimSignature: string | null }[] }>().items,
    ).toMatchObject([{ afterRefund: true, claimSignature: frankWon ? revealed.signature : null }]);
    const fairness = await t.app.inject({ method: 'GET', url: `/api/fairness/${frankBet.signature}` });
    expect(fairness.json<{ reveal: unknown }>().reveal).toEqual({
      signature: revealed.signature,
      outcome: 'settled',
      reason: null,
      roll: frankLine.roll,
      slotHash: bytesToHex(frankLine.slotHash),
      afterRefund: true,
      lateWinAmount: frankWon ? String(late(frankBet)) : null,
    });
    const expired = await t.app.inject({ method: 'GET', url: `/api/fairness/${ginaBet.signature}` });
    expect(expired.json<{ reveal: unknown }>().reveal).toEqual({
      signature: revealed.signature,
      outcome: 'refunded',
      reason: 'expired',
      roll: null,
      slotHash: null,
      afterRefund: false,
      lateWinAmount: null,
    });
  });

  it("records Bob's claim: what the vault paid out, and nothing left to claim", async () => {
    const signature = await send(bob, [await getClaimReferralInstructionAsync({ referrer: bob })]);
    await runToTip();
    expect(await t.db.query('SELECT signature, referrer, amount FROM referral_claims')).toEqual([
      { signature, referrer: bob.address, amount: 2_000_000n },
    ]);
    expect(await t.app.repositories.referrals.stats(bob.address)).toEqual({
      fees: 2_000_000n,
      referredUserCount: 1,
      claimable: 0n,
      claimed: 2_000_000n,
    });
    const response = await t.app.inject({ method: 'GET', url: `/api/user/referralStats/${bob.address}` });
    expect(response.json()).toEqual({
      success: true,
      fees: '2000000',
      referredUserCount: 1,
      claimable: '0',
      claimed: '2000000',
    });
  });

  it('records a failed transaction with no effects', async () => {
    // Alice's bet is closed (claimed, or a settled loss) and revealed, so a new one works; a second create
    // while it is open fails (BetNotAvailable).
    const second = await placeBet(t.chain.context.rpc, alice, { odds: 20, listingPrice: SOL, init: false });
    sigs.second = second.signature;
    const failed = await sendFailing(
      alice,
      (await betInstructions(alice, { odds: 30, listingPrice: SOL, init: false })).instructions,
    );
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

  it('in dry-run plans what it would apply and writes nothing: no row, no cursor, no feed item', async () => {
    await runToTip();
    const placed: string[] = [];
    // Amounts no earlier test sent: the same instruction under the same blockhash would be the same
    // transaction, answered as already processed instead of landing again.
    for (let i = 0; i < 2; i += 1) {
      placed.push(
        await send(carol, [
          await getUpdatePredictionInstructionAsync({
            user: carol,
            market,
            amount: SOL / 100n + 100n + BigInt(i),
          }),
        ]),
      );
    }
    const cursors = () =>
      t.db.query(
        'SELECT program, last_signature, last_slot, last_tx_index FROM indexer_cursors ORDER BY program',
      );
    const state = async () => ({
      tables: await snapshot(),
      cursors: await cursors(),
      vaults: await t.db.query('SELECT * FROM referral_vaults ORDER BY referrer'),
      markets: await t.db.query(
        'SELECT address, yes_pool, no_pool, yes_count, no_count FROM markets ORDER BY address',
      ),
    });
    const before = await state();
    const published = feed.length;

    const dry = createIndexerWorker(t.app, { dryRun: true });
    expect(dry.dryRun).toBe(true);
    await dry.run(new AbortController().signal);
    expect(await state()).toEqual(before);
    expect(feed.length).toBe(published);
    const plan = dry.lastPlan();
    expect(plan.map((entry) => entry.signature)).toEqual(placed);
    for (const entry of plan) {
      expect(entry).toMatchObject({ alreadyIndexed: false, failed: false });
      expect(entry.actions).toContain('prediction');
    }
    const details = dry.details();
    expect(details).toMatchObject({ dryRun: true, applied: 0, planned: 2, pending: 0 });
    expect(details.lastPlanned).toEqual(plan);
    expect(typeof details.lastPlannedAt).toBe('number');
    // Its position moved in memory only: the stored cursors did not, and a second run plans nothing again.
    expect((details.cursors as { wager: { signature: string } }).wager.signature).toBe(placed[1]);
    await dry.run(new AbortController().signal);
    expect(dry.details()).toMatchObject({ planned: 2 });
    expect(await state()).toEqual(before);

    // The real indexer applies exactly what was planned; a new dry run then finds nothing left to plan.
    await runToTip();
    expect((await snapshot()).market_bets).toBe(before.tables.market_bets! + 2);
    const after = createIndexerWorker(t.app, { dryRun: true });
    await after.run(new AbortController().signal);
    expect(after.lastPlan()).toEqual([]);
    expect(after.details()).toMatchObject({ planned: 0 });
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

  it("records what the referrer's vault was credited: its share of the fee", async () => {
    const paid = await generateKeyPairSigner();
    const { rpc } = t.chain.context;
    // Anyone may pay for a vault: Carol creates it; the market's own init_referral then finds it there.
    // (A referrer without a vault is credited nothing: decode-transaction.test.ts.)
    await createReferralVault(rpc, carol, paid.address);
    const [paidVault] = await findReferralAddress(paid.address);
    // Pot 0.1 SOL: a 3_000_000-lamport fee, 300_000 of it to the referrer's vault.
    const toPaid = await quickMarket(paid.address);
    const share = referralShare(marketFee({ yesPool: SOL / 10n, noPool: 0n, result: MarketResult.Yes }));
    expect(share).toBe(300_000n);
    const before = (await rpc.getBalance(paidVault, { commitment: 'confirmed' }).send()).value;
    await new Promise((resolve) => setTimeout(resolve, 3_500));
    await t.app.services.prophecy.resolveMarket(toPaid, 'yes');
    await runToTip();

    const after = (await rpc.getBalance(paidVault, { commitment: 'confirmed' }).send()).value;
    expect(after - before).toBe(share);
    expect(await t.db.query('SELECT referrer_fee FROM markets WHERE address = $1', [toPaid])).toEqual([
      { referrer_fee: share },
    ]);
    expect(await t.app.repositories.referrals.stats(paid.address)).toEqual({
      fees: share,
      referredUserCount: 0,
      claimable: share,
      claimed: 0n,
    });
  });

  it('records a market expired by anyone a week after its end: resolved Invalid', async () => {
    const overdue = await quickMarket(null);
    await runToTip();
    // Its times moved back past end + MARKET_RESOLVE_GRACE_SECS (rewriting the account, not waiting a week).
    backdateMarket(t, overdue, MARKET_RESOLVE_GRACE_SECS + 3_600);
    const signature = await send(carol, [getExpireMarketInstruction({ market: overdue })]);
    await runToTip();
    expect(
      await t.db.query('SELECT result, referrer_fee FROM markets WHERE address = $1', [overdue]),
    ).toEqual([{ result: 'Invalid', referrer_fee: null }]);
    expect(
      await t.db.query('SELECT failed FROM indexed_signatures WHERE signature = $1', [signature]),
    ).toEqual([{ failed: false }]);
  });
});

describe("the spec's off-chain pair, when the authority turns it on", () => {
  it("records create_bet_offchain and settle_bet_offchain, the referral's share credited to its vault", async () => {
    const { rpc } = t.chain.context;
    const { authority, settler } = t.chain.context.signers;
    const setOffchain = async (on: boolean) => {
      // update_house writes every field: the settler and treasury stay as they are.
      const house = await readHouse(rpc);
      await send(authority, [
        await getUpdateHouseInstructionAsync({
          authority,
          settler: house.settler,
          treasury: house.treasury,
          paused: house.paused,
          offchainBets: on,
        }),
      ]);
    };
    const henry = await generateKeyPairSigner();
    await rpc.requestAirdrop(henry.address, lamports(10n * SOL)).send();
    await new Promise((resolve) => setTimeout(resolve, 200));
    await setOffchain(true);
    try {
      const created = await send(henry, [
        await getInitBetOffchainInstructionAsync({ user: henry, referral: bob.address }),
        await getCreateBetOffchainInstructionAsync({
          user: henry,
          odds: 50,
          listingPrice: SOL,
          betType: 'sol',
        }),
      ]);
      const [henryBet] = await findBetAddress(henry.address);
      const settled = await send(settler, [
        await getSettleBetOffchainInstructionAsync({
          settler,
          bet: henryBet,
          referral: bob.address,
          randomValue: 10,
        }),
      ]);
      await runToTip();
      expect(
        await t.db.query(
          `SELECT state, result, random_value, referral_fee, settle_signature, sequence, player_seed
             FROM bets WHERE signature = $1`,
          [created],
        ),
      ).toEqual([
        {
          state: 'Settled',
          result: 'Win',
          random_value: 10,
          referral_fee: referralShare(betFee(betStake(SOL, 50))),
          settle_signature: settled,
          sequence: null,
          player_seed: null,
        },
      ]);
    } finally {
      await setOffchain(false);
    }
  });
});
