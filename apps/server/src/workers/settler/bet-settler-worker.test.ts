/**
 * The bet settler on the real local chain: real bets (init_bet_offchain + create_bet_offchain) by funded
 * players, the `bets` rows the indexer would write, then the worker's runs. Covers settlement and claims,
 * the referral's share, confirmation order, refunds after 60 s, restarts at every step, dry runs, and the
 * re-derivation of 100 results from what the API publishes alone.
 */

import { createHash, createHmac } from 'node:crypto';

import { MIN_BET_LAMPORTS } from '@arcade/sdk/constants';
import { betFee, betStake, referralShare } from '@arcade/sdk/wager/bet-math';
import { BetResult, BetState, decodeBet } from '@arcade/sdk/wager/accounts';
import {
  getClaimBetInstructionAsync,
  getCreateBetOffchainInstructionAsync,
  getInitBetOffchainInstructionAsync,
} from '@arcade/sdk/wager/instructions';
import { findBetAddress } from '@arcade/sdk/wager/pda';
import { NATIVE_MINT_ADDRESS, WAGER_PROGRAM_ADDRESS } from '@arcade/sdk/wager/program';
import {
  address,
  generateKeyPairSigner,
  getBase58Encoder,
  lamports,
  type Address,
  type KeyPairSigner,
  type Signature,
} from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { sendAndConfirm } from '../../chain/send-transaction.ts';
import { createBetSettlerWorker, InjectedFailure, type BetSettlerOptions } from './bet-settler-worker.ts';

let t: TestServer;
const CHAIN_LENGTH = 30;
/** A prize whose stake is at least the 0.01 SOL minimum at these odds. */
function listingFor(odds: number): bigint {
  const least = (MIN_BET_LAMPORTS * 100n + BigInt(odds) - 1n) / BigInt(odds);
  return least > 50_000_000n ? least : 50_000_000n;
}

beforeAll(async () => {
  t = await startTestServer();
}, 120_000);
afterAll(() => t.close());

const rpc = () => t.chain.context.rpc;
const base58 = getBase58Encoder();

function worker(options: BetSettlerOptions = {}) {
  return createBetSettlerWorker(t.app, { chainLength: CHAIN_LENGTH, batchSize: 500, ...options });
}

async function runOnce(options: BetSettlerOptions = {}): Promise<void> {
  await worker(options).run(new AbortController().signal);
}

async function balance(of: Address): Promise<bigint> {
  return (await rpc().getBalance(of, { commitment: 'confirmed' }).send()).value;
}

async function fundedPlayer(sol = 2n): Promise<KeyPairSigner> {
  const player = await generateKeyPairSigner();
  await rpc()
    .requestAirdrop(player.address, lamports(sol * 1_000_000_000n))
    .send();
  for (let i = 0; i < 50 && (await balance(player.address)) === 0n; i += 1) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return player;
}

interface PlacedBet {
  readonly id: number;
  readonly player: KeyPairSigner;
  readonly signature: Signature;
  readonly betAddress: Address;
  readonly slot: number;
  readonly txIndex: number;
  readonly odds: number;
}

/** Sends a real bet (creating the record first when `init`); returns what the indexer would record. */
async function sendBet(
  player: KeyPairSigner,
  options: { odds: number; init?: boolean; referral?: Address },
): Promise<Omit<PlacedBet, 'id'>> {
  const instructions = [];
  if (options.init ?? true) {
    instructions.push(
      await getInitBetOffchainInstructionAsync({ user: player, referral: options.referral ?? null }),
    );
  }
  instructions.push(
    await getCreateBetOffchainInstructionAsync({
      user: player,
      odds: options.odds,
      listingPrice: listingFor(options.odds),
      betType: 'sol',
    }),
  );
  const signature = await sendAndConfirm(rpc(), player, instructions);
  const tx = await rpc()
    .getTransaction(signature, {
      encoding: 'json',
      maxSupportedTransactionVersion: 0,
      commitment: 'confirmed',
    })
    .send();
  if (tx === null) throw new Error('bet transaction not found');
  // The indexer's tx_index: position among the program's transactions in the slot, in block order.
  const history = await rpc().getSignaturesForAddress(WAGER_PROGRAM_ADDRESS, { limit: 1_000 }).send();
  const position = history.findIndex((entry) => entry.signature === signature);
  const txIndex = history.slice(position + 1).filter((entry) => entry.slot === tx.slot).length;
  const [betAddress] = await findBetAddress(player.address);
  return { player, signature, betAddress, slot: Number(tx.slot), txIndex, odds: options.odds };
}

/** Inserts the `bets` row the indexer would write for `bet` (fields may be overridden). */
async function indexBet(
  bet: Omit<PlacedBet, 'id'>,
  overrides: { referral?: string | null; slot?: number; txIndex?: number } = {},
): Promise<PlacedBet> {
  const stake = betStake(listingFor(bet.odds), bet.odds);
  const slot = overrides.slot ?? bet.slot;
  const txIndex = overrides.txIndex ?? bet.txIndex;
  const [row] = await t.db.query<{ id: number }>(
    `INSERT INTO bets (signature, slot, tx_index, bet_address, user_address, bet_type, mint, odds, bet_amount,
       fee, listing_price, referral, placed_at)
     VALUES ($1, $2, $3, $4, $5, 'sol', $6, $7, $8, $9, $10, $11, $12) RETURNING id`,
    [
      bet.signature,
      slot,
      txIndex,
      bet.betAddress,
      bet.player.address,
      NATIVE_MINT_ADDRESS,
      bet.odds,
      stake,
      betFee(stake),
      listingFor(bet.odds),
      overrides.referral ?? null,
      new Date(t.clock.now()),
    ],
  );
  if (row === undefined) throw new Error('insert failed');
  return { ...bet, id: row.id, slot, txIndex };
}

async function placeBet(odds: number, options: { referral?: Address } = {}): Promise<PlacedBet> {
  const bet = await sendBet(await fundedPlayer(), { odds, ...options });
  return indexBet(bet, { referral: options.referral ?? null });
}

interface BetRow {
  state: string;
  result: string;
  random_value: number | null;
  settle_signature: string | null;
  refund_signature: string | null;
  referral_fee: bigint;
}

async function betRow(id: number): Promise<BetRow> {
  const [row] = await t.db.query<BetRow>(
    'SELECT state, result, random_value, settle_signature, refund_signature, referral_fee FROM bets WHERE id = $1',
    [id],
  );
  if (row === undefined) throw new Error(`no bet ${String(id)}`);
  return row;
}

async function seedRow(id: number) {
  const [row] = await t.db.query<{
    chain_id: number;
    seed_index: number;
    seed: string;
    random_value: number;
  }>('SELECT chain_id, seed_index, seed, random_value FROM bet_seeds WHERE bet_id = $1', [id]);
  return row ?? null;
}

async function onChainBet(bet: Address) {
  const { value } = await rpc().getAccountInfo(bet, { encoding: 'base64', commitment: 'confirmed' }).send();
  if (value === null) throw new Error('no bet account');
  return decodeBet(Buffer.from(value.data[0], 'base64'));
}

/** Successful transactions on the bet record after its creation, oldest first. */
async function laterTransactions(bet: PlacedBet): Promise<string[]> {
  const history = await rpc()
    .getSignaturesForAddress(bet.betAddress, { until: bet.signature, commitment: 'confirmed' })
    .send();
  return history
    .filter((entry) => entry.err === null)
    .map((entry) => entry.signature)
    .reverse();
}

interface FairnessBody {
  success: true;
  bet: {
    signature: string;
    betAddress: string;
    odds: number;
    state: string;
    result: string;
    randomValue: number | null;
    settleSignature: string | null;
  };
  message: string | null;
  seed: {
    chainId: number;
    chainHead: string;
    seedIndex: number;
    seed: string | null;
    previousSeed: string | null;
    revealed: boolean;
  } | null;
}

interface ChainsBody {
  success: true;
  current: { id: number; head: string; nextIndex: number; length: number } | null;
  next: { id: number; head: string } | null;
  chains: { id: number; head: string; length: number; status: string }[];
}

async function fairness(signature: string): Promise<FairnessBody> {
  const response = await t.app.inject({ method: 'GET', url: `/api/fairness/${signature}` });
  expect(response.statusCode).toBe(200);
  return response.json<FairnessBody>();
}

async function chains(): Promise<ChainsBody> {
  const response = await t.app.inject({ method: 'GET', url: '/api/fairness' });
  expect(response.statusCode).toBe(200);
  return response.json<ChainsBody>();
}

describe('hash chains', () => {
  it('publishes nothing before the first run, then a current and a next head', async () => {
    expect((await chains()).current).toBeNull();
    await runOnce();
    const body = await chains();
    expect(body.current).toMatchObject({ length: CHAIN_LENGTH, nextIndex: 1 });
    expect(body.next).not.toBeNull();
    expect(body.current?.head).toMatch(/^[0-9a-f]{64}$/);
    expect(body.next?.head).not.toBe(body.current?.head);
    expect(body.chains).toHaveLength(2);
  });
});

describe('settling', () => {
  it('settles open bets on chain, records them, and lets winners claim', async () => {
    const bets = await Promise.all([95, 95, 95, 95, 95, 1].map((odds) => placeBet(odds)));
    for (const bet of bets) {
      const view = await fairness(bet.signature);
      expect(view.bet.state).toBe('Open');
      expect(view.seed).toBeNull();
    }
    await runOnce();
    let winners = 0;
    for (const bet of bets) {
      const row = await betRow(bet.id);
      const seed = await seedRow(bet.id);
      expect(row.state).toBe('Settled');
      expect(row.random_value).toBe(seed?.random_value);
      expect(row.result).toBe((row.random_value ?? 100) < bet.odds ? 'Win' : 'Loss');
      expect(row.settle_signature).toBe((await laterTransactions(bet))[0]);
      const account = await onChainBet(bet.betAddress);
      expect(account.state).toBe(BetState.Settled);
      expect(account.result).toBe(row.result === 'Win' ? BetResult.Win : BetResult.Loss);
      if (row.result === 'Win') {
        winners += 1;
        const before = await balance(bet.player.address);
        const claim = await sendAndConfirm(rpc(), bet.player, [
          await getClaimBetInstructionAsync({ user: bet.player }),
        ]);
        const tx = await rpc()
          .getTransaction(claim, {
            encoding: 'json',
            maxSupportedTransactionVersion: 0,
            commitment: 'confirmed',
          })
          .send();
        expect((await balance(bet.player.address)) - before).toBe(
          listingFor(bet.odds) - (tx?.meta?.fee ?? 0n),
        );
        expect((await onChainBet(bet.betAddress)).state).toBe(BetState.Claimed);
      }
    }
    // Five bets at 95%: all losing has odds of 3 in 10 million.
    expect(winners).toBeGreaterThan(0);
    // A second run sends nothing more.
    await runOnce();
    for (const bet of bets) {
      const won = (await betRow(bet.id)).result === 'Win';
      expect(await laterTransactions(bet)).toHaveLength(won ? 2 : 1);
    }
  }, 60_000);

  it('pays the referral its share of the fee on settlement', async () => {
    const referrer = await fundedPlayer(1n);
    const before = await balance(referrer.address);
    const bet = await placeBet(50, { referral: referrer.address });
    await runOnce();
    const share = referralShare(betFee(betStake(listingFor(50), 50)));
    expect(share).toBeGreaterThan(0n);
    expect((await balance(referrer.address)) - before).toBe(share);
    const row = await betRow(bet.id);
    expect(row.state).toBe('Settled');
    expect(row.referral_fee).toBe(share);
  }, 30_000);

  it('gives seeds in confirmation order: slot, then index in block, whatever the row order', async () => {
    const [a, b, c, d] = await Promise.all([fundedPlayer(), fundedPlayer(), fundedPlayer(), fundedPlayer()]);
    const first = await sendBet(a, { odds: 50 });
    const second = await sendBet(b, { odds: 50 });
    const third = await sendBet(c, { odds: 50 });
    const fourth = await sendBet(d, { odds: 50 });
    // The indexer wrote them out of order; third and fourth share a slot, fourth first in the block.
    const rows = {
      second: await indexBet(second, { slot: first.slot + 1_000 }),
      first: await indexBet(first, { slot: first.slot + 999 }),
      third: await indexBet(third, { slot: first.slot + 1_001, txIndex: 1 }),
      fourth: await indexBet(fourth, { slot: first.slot + 1_001, txIndex: 0 }),
    };
    await runOnce();
    const index = async (bet: PlacedBet) => (await seedRow(bet.id))?.seed_index ?? -1;
    const order = [rows.first, rows.second, rows.fourth, rows.third];
    const indices = await Promise.all(order.map(index));
    const chainIds = await Promise.all(order.map(async (bet) => (await seedRow(bet.id))?.chain_id));
    // Consecutive seeds (a chain may roll over in between).
    for (let i = 1; i < indices.length; i += 1) {
      const previous = indices[i - 1] ?? -1;
      const current = indices[i] ?? -1;
      if (chainIds[i] === chainIds[i - 1]) expect(current).toBe(previous + 1);
      else expect(current).toBe(1);
    }
    for (const bet of order) expect((await betRow(bet.id)).state).toBe('Settled');
  }, 30_000);
});

describe('refunds', () => {
  it('refunds a bet whose settle keeps failing once it is 60 s old, and not before', async () => {
    const player = await fundedPlayer();
    const sent = await sendBet(player, { odds: 40 });
    // A referral the record does not have: every settle fails with InvalidReferrer.
    const bet = await indexBet(sent, { referral: (await generateKeyPairSigner()).address });
    const afterBet = await balance(player.address);
    await runOnce();
    expect((await betRow(bet.id)).state).toBe('Open');
    expect((await onChainBet(bet.betAddress)).state).toBe(BetState.Open);
    const seed = await seedRow(bet.id);
    expect(seed).not.toBeNull();
    expect((await fairness(bet.signature)).seed?.seed).toBeNull();

    t.clock.advance(59_000);
    await runOnce();
    expect((await betRow(bet.id)).state).toBe('Open');

    t.clock.advance(1_000);
    await runOnce();
    const row = await betRow(bet.id);
    expect(row.state).toBe('Refunded');
    expect(row.settle_signature).toBeNull();
    expect(row.refund_signature).toBe((await laterTransactions(bet))[0]);
    expect((await onChainBet(bet.betAddress)).state).toBe(BetState.Refunded);
    const stake = betStake(listingFor(40), 40);
    expect((await balance(player.address)) - afterBet).toBe(stake + betFee(stake));
    // The seed stays the one it took.
    expect((await seedRow(bet.id))?.seed_index).toBe(seed?.seed_index);
  }, 30_000);
});

describe('restarts', () => {
  const crashAt =
    (point: 'assigned' | 'settle-sent') =>
    (at: string): void => {
      if (at === point) throw new InjectedFailure(`killed at ${point}`);
    };

  it('killed after assigning a seed: a fresh worker settles once, with the same seed', async () => {
    const bet = await placeBet(50);
    await expect(runOnce({ concurrency: 1, failPoint: crashAt('assigned') })).rejects.toThrow(
      InjectedFailure,
    );
    const assigned = await seedRow(bet.id);
    expect(assigned).not.toBeNull();
    expect((await betRow(bet.id)).state).toBe('Open');
    expect(await laterTransactions(bet)).toHaveLength(0);

    await runOnce();
    expect(await seedRow(bet.id)).toEqual(assigned);
    const row = await betRow(bet.id);
    expect(row.state).toBe('Settled');
    expect(row.random_value).toBe(assigned?.random_value);
    expect(await laterTransactions(bet)).toEqual([row.settle_signature]);
  }, 30_000);

  it('killed between the settle and the database update: a fresh worker records it and sends nothing', async () => {
    const bet = await placeBet(50);
    await expect(runOnce({ concurrency: 1, failPoint: crashAt('settle-sent') })).rejects.toThrow(
      InjectedFailure,
    );
    const assigned = await seedRow(bet.id);
    expect((await betRow(bet.id)).state).toBe('Open');
    const sent = await laterTransactions(bet);
    expect(sent).toHaveLength(1);
    expect((await onChainBet(bet.betAddress)).state).toBe(BetState.Settled);

    // Even past the refund deadline, a settled bet is recorded, never refunded.
    t.clock.advance(61_000);
    await runOnce();
    const row = await betRow(bet.id);
    expect(row.state).toBe('Settled');
    expect(row.settle_signature).toBe(sent[0]);
    expect(row.random_value).toBe(assigned?.random_value);
    expect(row.refund_signature).toBeNull();
    expect(await laterTransactions(bet)).toEqual(sent);
    expect(await seedRow(bet.id)).toEqual(assigned);
  }, 30_000);
});

describe('dry run', () => {
  it('plans the seed and roll without writing or sending, and the real run does exactly that', async () => {
    const bet = await placeBet(60);
    const dry = worker({ dryRun: true });
    await dry.run(new AbortController().signal);
    const [plan] = dry.lastPlan().filter((item) => item.betId === bet.id);
    expect(plan?.action).toBe('settle');
    expect(await seedRow(bet.id)).toBeNull();
    expect((await betRow(bet.id)).state).toBe('Open');
    expect(await laterTransactions(bet)).toHaveLength(0);

    await runOnce();
    const seed = await seedRow(bet.id);
    expect(seed?.seed_index).toBe(plan?.seedIndex);
    expect(seed?.random_value).toBe(plan?.randomValue);
    expect((await betRow(bet.id)).result).toBe(plan?.result);
  }, 30_000);
});

describe('re-deriving results from what the API publishes', () => {
  it('re-derives 100 settled on-chain results from the published seeds and heads alone', async () => {
    const bets: PlacedBet[] = [];
    for (let batch = 0; batch < 10; batch += 1) {
      const sent = await Promise.all(
        Array.from({ length: 10 }, async (_, i) =>
          sendBet(await fundedPlayer(), { odds: 5 + ((batch * 10 + i) % 90) }),
        ),
      );
      for (const bet of sent) bets.push(await indexBet(bet));
    }
    await runOnce();

    const published = await chains();
    const heads = new Map(published.chains.map((chain) => [chain.id, chain.head]));
    // 100 bets on chains of 30 seeds: the settler rolled over to fresh, pre-published chains.
    expect(
      new Set((await Promise.all(bets.map((bet) => seedRow(bet.id)))).map((s) => s?.chain_id)).size,
    ).toBeGreaterThan(2);

    for (const bet of bets) {
      const view = await fairness(bet.signature);
      const seedInfo = view.seed;
      if (seedInfo?.seed == null || seedInfo.previousSeed === null) throw new Error('seed not revealed');
      expect(seedInfo.revealed).toBe(true);
      const seed = Buffer.from(seedInfo.seed, 'hex');
      // 1. The seed hashes to the previous one, and back to the head published in GET /api/fairness.
      expect(createHash('sha256').update(seed).digest('hex')).toBe(seedInfo.previousSeed);
      let walk: Buffer = seed;
      for (let i = 0; i < seedInfo.seedIndex; i += 1) walk = createHash('sha256').update(walk).digest();
      expect(walk.toString('hex')).toBe(heads.get(seedInfo.chainId));
      expect(seedInfo.chainHead).toBe(heads.get(seedInfo.chainId));
      // 2. The message: address bytes then signature bytes.
      const message = Buffer.concat([
        Buffer.from(base58.encode(view.bet.betAddress)),
        Buffer.from(base58.encode(view.bet.signature)),
      ]);
      expect(view.message).toBe(message.toString('hex'));
      // 3. HMAC → roll → result.
      const roll = Number(createHmac('sha256', seed).update(message).digest().readBigUInt64LE(0) % 100n);
      expect(view.bet.randomValue).toBe(roll);
      const result = roll < view.bet.odds ? 'Win' : 'Loss';
      expect(view.bet.result).toBe(result);
      // 4. The chain agrees.
      const account = await onChainBet(address(view.bet.betAddress));
      expect(account.state).toBe(BetState.Settled);
      expect(account.result).toBe(result === 'Win' ? BetResult.Win : BetResult.Loss);
      expect(view.bet.settleSignature).toBe((await laterTransactions(bet))[0]);
    }
  }, 180_000);
});
