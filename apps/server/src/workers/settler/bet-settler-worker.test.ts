/**
 * The bet settler on the real local chain: real `create_bet` bets by funded players, the rows the real
 * indexer writes, then the worker's runs. Covers committing seed chains (and recognising them after a
 * crash), reveals in sequence order batched into one transaction, the program's roll recorded and checked,
 * the referral's vault, waiting for a bet's slot and for the indexer, late reveals (an open bet still
 * rolled; a refunded one rolled with its captured hash and a win paid; an expired one refunded), restarts
 * at every step, dry runs, the subscriptions that wake it, and the recovery from lost seeds (waiting for the
 * refund deadlines, and for the reserve delay while refunded bets may be owed a late win).
 */

import { BET_REFUND_DELAY_SECS, MAX_TRANSACTION_SIZE, SEED_RESET_DELAY_SECS } from '@arcade/sdk/constants';
import { BetState, decodeHouse, type HouseAccount } from '@arcade/sdk/wager/accounts';
import { betFee, betStake, lateWinAmount, referralShare } from '@arcade/sdk/wager/bet-math';
import { bytesToHex, hexToBytes, parseRevealLogs, rollFor, seedLinksTo } from '@arcade/sdk/wager/fairness';
import {
  getClaimBetInstructionAsync,
  getRefundBetInstructionAsync,
  getUpdateHouseInstructionAsync,
} from '@arcade/sdk/wager/instructions';
import { findHouseAddress, findReferralAddress } from '@arcade/sdk/wager/pda';
import { generateKeyPairSigner, getBase64Encoder, type Address, type KeyPairSigner } from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { FeedItem } from '../../events/feed-items.ts';

import { startTestServer, type TestServer } from '../../../test/harness.ts';
import {
  backdateBet,
  endSlot,
  expireSlotHashes,
  createReferralVault,
  fundedPlayer,
  placeBet,
  readBetAccount,
  waitForSlotEnd,
  type PlacedBet,
} from '../../../test/wager-bets.ts';
import { sendAndConfirm } from '../../chain/send-transaction.ts';
import { createIndexerWorker } from '../indexer/indexer-worker.ts';
import { WorkerRunner } from '../worker.ts';
import { fittingPrefix, revealInstruction, transactionSize } from './bet-chain.ts';
import {
  createBetSettlerWorker,
  InjectedFailure,
  LostSeedsError,
  MAX_REVEALS_PER_TRANSACTION,
  type BetSettlerOptions,
  type SettlerFailPoint,
} from './bet-settler-worker.ts';

let t: TestServer;
const CHAIN_LENGTH = 6;

/** How far ahead of the wall clock the chain's clock runs (a test moves it to pass a week-long delay). */
let chainShiftMs = 0;

beforeAll(async () => {
  t = await startTestServer({ chainNow: () => Date.now() + chainShiftMs });
}, 120_000);
afterAll(() => t.close());

const rpc = () => t.chain.context.rpc;
const signal = () => new AbortController().signal;

function worker(options: BetSettlerOptions = {}) {
  return createBetSettlerWorker(t.app, { chainLength: CHAIN_LENGTH, rowWaitMs: 300, ...options });
}

async function runOnce(options: BetSettlerOptions = {}): Promise<void> {
  await worker(options).run(signal());
}

async function index(): Promise<void> {
  await createIndexerWorker(t.app).run(signal());
}

const crashAt =
  (point: SettlerFailPoint) =>
  (at: SettlerFailPoint): void => {
    if (at === point) throw new InjectedFailure(`killed at ${point}`);
  };

async function house(): Promise<HouseAccount> {
  const [address] = await findHouseAddress();
  const { value } = await rpc()
    .getAccountInfo(address, { encoding: 'base64', commitment: 'confirmed' })
    .send();
  return decodeHouse(getBase64Encoder().encode(value!.data[0]));
}

async function balance(of: Address): Promise<bigint> {
  return (await rpc().getBalance(of, { commitment: 'confirmed' }).send()).value;
}

interface ChainRow {
  id: number;
  head: string;
  length: number;
  status: string;
  start_sequence: number | null;
  commit_signature: string | null;
}

async function chainRows(): Promise<ChainRow[]> {
  return t.db.query<ChainRow>(
    'SELECT id, head, length, status, start_sequence, commit_signature FROM fairness_chains ORDER BY id',
  );
}

interface BetRow {
  id: number;
  state: string;
  result: string;
  random_value: number | null;
  sequence: number | null;
  settle_signature: string | null;
  refund_signature: string | null;
  reveal_signature: string | null;
  reveal_seed: string | null;
  slot_hash: string | null;
  reveal_outcome: string | null;
  after_refund: boolean;
  claim_signature: string | null;
  referral_fee: bigint;
}

async function betRow(bet: PlacedBet): Promise<BetRow> {
  const [row] = await t.db.query<BetRow>(
    `SELECT id, state, result, random_value, sequence, settle_signature, refund_signature, reveal_signature,
            reveal_seed, slot_hash, reveal_outcome, after_refund, claim_signature, referral_fee
       FROM bets WHERE signature = $1`,
    [bet.signature],
  );
  if (row === undefined) throw new Error(`no row for ${bet.signature}`);
  return row;
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

async function players(count: number): Promise<KeyPairSigner[]> {
  return Promise.all(Array.from({ length: count }, () => fundedPlayer(rpc())));
}

/** `count` bets (odds cycling through `odds`), placed one after the other, indexed. */
async function placeBets(count: number, odds: readonly number[] = [50]): Promise<PlacedBet[]> {
  const bets: PlacedBet[] = [];
  for (const [i, player] of (await players(count)).entries()) {
    bets.push(await placeBet(rpc(), player, { odds: odds[i % odds.length]! }));
  }
  await index();
  return bets;
}

/** Checks a revealed bet against the reveal's log line and the SDK's re-derivation. */
async function expectRevealed(bet: PlacedBet): Promise<BetRow> {
  const row = await betRow(bet);
  expect(row.reveal_signature).not.toBeNull();
  const tx = await rpc()
    .getTransaction(row.reveal_signature as never, {
      encoding: 'json',
      maxSupportedTransactionVersion: 0,
      commitment: 'confirmed',
    })
    .send();
  const line = parseRevealLogs(tx?.meta?.logMessages ?? []).find((r) => r.sequence === bet.sequence);
  if (line?.kind !== 'settled') throw new Error('not settled by its reveal');
  expect(row).toMatchObject({
    state: expect.stringMatching(/^(Settled|Claimed)$/) as unknown,
    result: line.roll < bet.odds ? 'Win' : 'Loss',
    random_value: line.roll,
    sequence: Number(bet.sequence),
    settle_signature: row.reveal_signature,
    slot_hash: bytesToHex(line.slotHash),
    reveal_outcome: 'settled',
  });
  // The program's roll is what the SDK re-derives from the public values.
  const roll = await rollFor({
    seed: hexToBytes(row.reveal_seed!),
    sequence: bet.sequence,
    playerSeed: hexToBytes(bet.playerSeed),
    slotHash: line.slotHash,
  });
  expect(roll).toBe(line.roll);
  const account = await readBetAccount(rpc(), bet.betAddress);
  if (account.sequence === bet.sequence) {
    expect(account.state === BetState.Settled || account.state === BetState.Claimed).toBe(true);
  }
  return row;
}

describe('seed chains', () => {
  it('writes a chain before committing it, and commits exactly that one after crashes at every step', async () => {
    expect(await chainRows()).toEqual([]);
    expect((await house()).nextSeedChainLength).toBe(0n);

    // Killed after writing the row: nothing on chain yet.
    await expect(runOnce({ failPoint: crashAt('chain-written') })).rejects.toThrow(InjectedFailure);
    const [written] = await chainRows();
    expect(written).toMatchObject({ status: 'next', start_sequence: null, commit_signature: null });
    expect((await house()).nextSeedChainLength).toBe(0n);

    // A fresh worker commits that same row (no second chain), and is killed before recording it.
    await expect(runOnce({ failPoint: crashAt('chain-committed') })).rejects.toThrow(InjectedFailure);
    expect(await chainRows()).toHaveLength(1);
    const committed = await house();
    expect(bytesToHex(committed.nextSeedCommitment)).toBe(written?.head);
    expect(committed.nextSeedChainLength).toBe(BigInt(CHAIN_LENGTH));

    // A fresh worker recognises it on chain by its head: start recorded, nothing more sent.
    const fresh = worker();
    await fresh.run(signal());
    expect(fresh.details()).toMatchObject({ commits: 0, nextChainId: written?.id, status: 'ok' });
    // The indexer records the commit transaction the killed run never wrote down.
    await index();
    const [row] = await chainRows();
    expect(row).toMatchObject({ id: written?.id, status: 'next', start_sequence: 0 });
    expect(row?.commit_signature).toMatch(/^[1-9A-HJ-NP-Za-km-z]{80,90}$/);
    expect(bytesToHex((await house()).nextSeedCommitment)).toBe(row?.head);

    const chains = (await t.app.inject({ method: 'GET', url: '/api/fairness' })).json<{
      next: { id: number; startSequence: number; commitSignature: string };
      current: null;
    }>();
    expect(chains.current).toBeNull();
    expect(chains.next).toMatchObject({
      id: written?.id,
      startSequence: 0,
      commitSignature: row?.commit_signature,
    });
  });
});

describe('reveals', () => {
  it('reveals every bet in sequence order, in one transaction, records the program roll, and commits the next chain', async () => {
    const bets = await placeBets(CHAIN_LENGTH, [95, 95, 95, 95, 95, 1]);
    expect(bets.map((bet) => bet.sequence)).toEqual([0n, 1n, 2n, 3n, 4n, 5n]);
    // Every bet's slot over, so all six can go in one transaction.
    await waitForSlotEnd(rpc(), bets.at(-1)!.slot);
    const settler = worker();
    await settler.run(signal());
    const after = await house();
    expect(after.revealSequence).toBe(6n);
    expect(after.openBets).toBe(0n);
    // The first reveal swapped the committed chain in; a new one was committed at once.
    expect(after.seedChainEnd).toBe(6n);
    expect(after.nextSeedChainLength).toBe(BigInt(CHAIN_LENGTH));
    expect(settler.details()).toMatchObject({
      revealed: 6,
      revealTransactions: 1,
      largestBatch: 6,
      commits: 1,
      rollMismatches: 0,
    });
    const rows = await Promise.all(bets.map(expectRevealed));
    // One transaction revealed them all.
    expect(new Set(rows.map((row) => row.reveal_signature)).size).toBe(1);
    expect(await chainRows()).toMatchObject([
      { status: 'current', start_sequence: 0 },
      { status: 'next', start_sequence: 6 },
    ]);
    // Each revealed seed links to the one before it, back to the head.
    const [first] = await chainRows();
    let previous = hexToBytes(first!.head);
    for (const row of rows) {
      expect(await seedLinksTo(hexToBytes(row.reveal_seed!), previous)).toBe(true);
      previous = hexToBytes(row.reveal_seed!);
    }

    // Winners claim their prize.
    for (const [i, bet] of bets.entries()) {
      if (rows[i]?.result !== 'Win') continue;
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
      expect((await balance(bet.player.address)) - before).toBe(bet.listingPrice - (tx?.meta?.fee ?? 0n));
    }
    // A second run sends nothing.
    const again = worker();
    await again.run(signal());
    expect(again.details()).toMatchObject({ revealTransactions: 0, commits: 0 });
  });

  it("credits the referral's share to its vault", async () => {
    const referrer = await fundedPlayer(rpc());
    await createReferralVault(rpc(), referrer, referrer.address);
    const [vault] = await findReferralAddress(referrer.address);
    const before = await balance(vault);
    const [player] = await players(1);
    const bet = await placeBet(rpc(), player!, { odds: 50, referral: referrer.address });
    await index();
    await runOnce();
    const share = referralShare(betFee(betStake(bet.listingPrice, 50)));
    expect(await balance(vault)).toBe(before + share);
    expect((await expectRevealed(bet)).referral_fee).toBe(share);
  });

  it("waits for the bet's slot to end and reveals it in the next slot", async () => {
    const [player] = await players(1);
    const bet = await placeBet(rpc(), player!, { odds: 50 });
    await index();
    const published: FeedItem[] = [];
    const unsubscribe = t.app.feed.subscribe((item) => published.push(item));
    // At once: the bet's slot may not have ended yet. The run waits for it rather than skip or fail.
    try {
      await worker().run(signal());
    } finally {
      unsubscribe();
    }
    const row = await expectRevealed(bet);
    // The settler published the result it recorded, without waiting for the indexer's next pass.
    expect(published).toContainEqual(
      expect.objectContaining({ kind: 'bet', signature: bet.signature, result: row.result }),
    );
    const tx = await rpc()
      .getTransaction(row.reveal_signature as never, { encoding: 'json', maxSupportedTransactionVersion: 0 })
      .send();
    expect(tx!.slot).toBeGreaterThan(bet.slot);
    expect(tx!.slot).toBeLessThanOrEqual(bet.slot + 2n);
  });

  it('never skips a bet the indexer has not recorded: it wakes the indexer and waits for the row', async () => {
    const [a, b] = await players(2);
    const first = await placeBet(rpc(), a!, { odds: 50 });
    const second = await placeBet(rpc(), b!, { odds: 50 });
    const before = await house();
    // Not indexed, nobody to wake: nothing is revealed, and the wait is reported.
    const idle = worker({ rowWaitMs: 50 });
    await idle.run(signal());
    expect((await house()).revealSequence).toBe(before.revealSequence);
    expect(idle.details()).toMatchObject({
      waiting: expect.stringContaining(String(first.sequence)) as unknown,
    });
    // Woken, the indexer writes the rows; the settler reveals both, in order.
    let woken = 0;
    const settler = worker({
      rowWaitMs: 5_000,
      wakeIndexer: () => {
        woken += 1;
        void index();
      },
    });
    await settler.run(signal());
    expect(woken).toBe(1);
    await expectRevealed(first);
    await expectRevealed(second);
  });

  it('rolls a bet past its refund deadline that nobody refunded: a late reveal settles it as on time', async () => {
    const [player] = await players(1);
    const bet = await placeBet(rpc(), player!, { odds: 50 });
    await index();
    backdateBet(t, bet.betAddress, BET_REFUND_DELAY_SECS + 10);
    const before = await balance(player!.address);
    await runOnce();
    // Its slot is still in SlotHashes: rolled, nothing refunded, nothing paid yet (a win is claimed).
    expect(await expectRevealed(bet)).toMatchObject({ refund_signature: null, after_refund: false });
    expect(await balance(player!.address)).toBe(before);
  });

  it("reveals a bet its player refunded, in order: rolled with the hash the refund captured, a win's rest paid by the reveal", async () => {
    const [player] = await players(1);
    const bet = await placeBet(rpc(), player!, { odds: 95 });
    await index();
    backdateBet(t, bet.betAddress, BET_REFUND_DELAY_SECS + 10);
    // Its slot ended (its hash is in SlotHashes), as it has long before any real refund deadline.
    endSlot(t);
    const refund = await sendAndConfirm(rpc(), player!, [
      await getRefundBetInstructionAsync({ caller: player!, bet: bet.betAddress, user: player!.address }),
    ]);
    expect((await readBetAccount(rpc(), bet.betAddress)).state).toBe(BetState.Refunded);
    const before = await balance(player!.address);
    // The settler records the reveal before the indexer has seen the refund.
    const settler = worker();
    await settler.run(signal());
    expect(settler.details()).toMatchObject({ revealed: 1, revealedAfterRefund: 1, refundedByReveal: 0 });
    const row = await betRow(bet);
    const won = row.random_value! < 95;
    const stake = betStake(bet.listingPrice, 95);
    const late = lateWinAmount({ prize: bet.listingPrice, stake });
    expect(row).toMatchObject({
      state: won ? 'Claimed' : 'Refunded',
      result: won ? 'Win' : 'Loss',
      reveal_outcome: 'settled',
      after_refund: true,
      settle_signature: row.reveal_signature,
      claim_signature: won ? row.reveal_signature : null,
      refund_signature: null,
    });
    expect(await balance(player!.address)).toBe(before + (won ? late : 0n));
    expect((await readBetAccount(rpc(), bet.betAddress)).state).toBe(
      won ? BetState.Claimed : BetState.Refunded,
    );
    // The indexer then adds the refund to the same row, and changes nothing else.
    await index();
    expect(await betRow(bet)).toEqual({ ...row, refund_signature: refund });
  });

  it('refunds, by its reveal, an open bet whose slot has left SlotHashes (expired)', async () => {
    const [player] = await players(1);
    const bet = await placeBet(rpc(), player!, { odds: 50 });
    await index();
    // Over 512 slots later (about 200 s): its slot hash is gone, so nobody can compute its roll.
    expireSlotHashes(t);
    const before = await balance(player!.address);
    const settler = worker();
    await settler.run(signal());
    expect(settler.details()).toMatchObject({ revealed: 0, refundedByReveal: 1 });
    const stake = betStake(bet.listingPrice, 50);
    expect(await balance(player!.address)).toBe(before + stake + betFee(stake));
    const row = await betRow(bet);
    expect(row).toMatchObject({
      state: 'Refunded',
      random_value: null,
      reveal_outcome: 'expired',
      after_refund: false,
      refund_signature: row.reveal_signature,
      settle_signature: null,
    });
    expect((await readBetAccount(rpc(), bet.betAddress)).state).toBe(BetState.Refunded);
  });

  it('sizes a batch to 1,232 bytes: as many reveals as fit, in order', async () => {
    const settler = t.chain.context.signers.settler;
    const users = await Promise.all(Array.from({ length: 16 }, () => generateKeyPairSigner()));
    const seed = bytesToHex(new Uint8Array(32).fill(1));
    const plain = await Promise.all(
      users.map((user) => revealInstruction({ user: user.address, referral: null }, seed)),
    );
    const referred = await Promise.all(
      users.map((user, i) =>
        revealInstruction({ user: user.address, referral: users[(i + 1) % users.length]!.address }, seed),
      ),
    );
    for (const instructions of [plain, referred]) {
      const count = fittingPrefix(settler, instructions);
      expect(transactionSize(settler, instructions.slice(0, count))).toBeLessThanOrEqual(
        MAX_TRANSACTION_SIZE,
      );
      expect(transactionSize(settler, instructions.slice(0, count + 1))).toBeGreaterThan(
        MAX_TRANSACTION_SIZE,
      );
    }
    // Measured: 8 reveals without a referral, 6 when each bet's referral vault is its own account.
    expect(fittingPrefix(settler, plain)).toBe(8);
    expect(fittingPrefix(settler, referred)).toBe(6);
  });

  it('sizes a batch of 32 pending reveals too, whose accounts together exceed what one transaction may name', async () => {
    // Under load (200 players) 32 bets wait at once: together they name 88 accounts, past the 64 a
    // transaction may; the batch is cut to what fits instead of the settler failing every run.
    const settler = t.chain.context.signers.settler;
    const users = await Promise.all(Array.from({ length: 32 }, () => generateKeyPairSigner()));
    const seed = bytesToHex(new Uint8Array(32).fill(1));
    const instructions = await Promise.all(
      users.map((user, i) =>
        revealInstruction({ user: user.address, referral: users[(i + 1) % users.length]!.address }, seed),
      ),
    );
    expect(transactionSize(settler, instructions)).toBe(Infinity);
    expect(fittingPrefix(settler, instructions, MAX_REVEALS_PER_TRANSACTION)).toBe(6);
  });
});

describe('restarts', () => {
  it('killed between a reveal and its record: a fresh worker records it from the chain and sends nothing', async () => {
    const [bet] = await placeBets(1);
    await expect(runOnce({ failPoint: crashAt('reveal-sent') })).rejects.toThrow(InjectedFailure);
    const sent = await laterTransactions(bet!);
    expect(sent).toHaveLength(1);
    expect((await betRow(bet!)).reveal_signature).toBeNull();
    expect((await house()).revealSequence).toBe(bet!.sequence + 1n);

    const fresh = worker();
    await fresh.run(signal());
    expect(fresh.details()).toMatchObject({ reconciled: 1, revealTransactions: 0 });
    expect((await expectRevealed(bet!)).reveal_signature).toBe(sent[0]);
    expect(await laterTransactions(bet!)).toEqual(sent);
  });
});

describe('dry run', () => {
  it('plans the reveal without writing or sending, and the real run does exactly that', async () => {
    const [bet] = await placeBets(1);
    const dry = worker({ dryRun: true });
    await dry.run(signal());
    const plan = dry.lastPlan();
    const chains = await chainRows();
    const current = chains.find((chain) => chain.status === 'current')!;
    const next = chains.find((chain) => chain.status === 'next')!;
    const covering = bet!.sequence >= BigInt(next.start_sequence!) ? next : current;
    expect(plan).toEqual([
      {
        action: 'reveal',
        sequence: bet!.sequence,
        betId: (await betRow(bet!)).id,
        signature: bet!.signature,
        chainId: covering.id,
        seedIndex: Number(bet!.sequence) - covering.start_sequence! + 1,
      },
    ]);
    // No seed in the plan (nor in what it logs).
    expect(
      JSON.stringify(plan, (_, value: unknown) => (typeof value === 'bigint' ? String(value) : value)),
    ).not.toMatch(/[0-9a-f]{64}/);
    expect(await laterTransactions(bet!)).toHaveLength(0);
    expect((await betRow(bet!)).reveal_signature).toBeNull();

    await runOnce();
    await expectRevealed(bet!);
  });
});

describe('subscriptions', () => {
  it('reveals a bet on its own: the House subscription wakes the settler, which wakes the indexer', async () => {
    const runners: WorkerRunner[] = [];
    const wake = (name: string) => runners.find((runner) => runner.worker.name === name)?.wake();
    runners.push(
      new WorkerRunner({
        db: t.db,
        worker: createIndexerWorker(t.app, { intervalMs: 60_000, onActivity: () => wake('indexer') }),
      }),
      new WorkerRunner({
        db: t.db,
        worker: worker({
          intervalMs: 60_000,
          rowWaitMs: 2_000,
          onActivity: () => wake('bet-settler'),
          wakeIndexer: () => wake('indexer'),
        }),
      }),
    );
    for (const runner of runners) runner.start();
    try {
      // Let both take their first (idle) run and open their subscriptions.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      const [player] = await players(1);
      const bet = await placeBet(rpc(), player!, { odds: 50 });
      const placed = performance.now();
      let account = await readBetAccount(rpc(), bet.betAddress);
      while (account.state === BetState.Open && performance.now() - placed < 10_000) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        account = await readBetAccount(rpc(), bet.betAddress);
      }
      expect(account.state).not.toBe(BetState.Open);
      const health = runners[1]!.health();
      expect(health.details).toMatchObject({ subscription: { open: true } });
    } finally {
      await Promise.all(runners.map((runner) => runner.stop()));
    }
  });
});

describe('lost seeds', () => {
  async function setPaused(paused: boolean): Promise<void> {
    const { authority } = t.chain.context.signers;
    const current = await house();
    await sendAndConfirm(rpc(), authority, [
      await getUpdateHouseInstructionAsync({
        authority,
        settler: current.settler,
        treasury: current.treasury,
        paused,
        offchainBets: false,
      }),
    ]);
  }

  /** The database loses its chains (restored elsewhere): the House's commitment matches none of them. */
  async function loseSeeds(): Promise<void> {
    await t.db.query('UPDATE fairness_recoveries SET reset_chain_id = NULL');
    await t.db.query('DELETE FROM fairness_chains WHERE on_chain');
  }

  it('refuses to guess when recovery is off: failing, with the reason, nothing sent', async () => {
    await loseSeeds();
    const before = await house();
    const settler = worker({ recoverLostSeeds: false });
    await expect(settler.run(signal())).rejects.toThrow(LostSeedsError);
    expect(settler.details()).toMatchObject({
      status: 'failing',
      seeds: 'lost',
      reason: expect.stringContaining('matches no seed chain in the database') as unknown,
    });
    expect(await house()).toEqual(before);
  });

  it('recovers (pause, keeper refunds after the deadline, reset, unpause) with crashes at every step', async () => {
    // An open bet that depends on the lost chain. (Its seed is lost: it can only be refunded.)
    const [player] = await players(1);
    // The chains are lost: the House still takes bets from the committed seeds until the recovery pauses it.
    const bet = await placeBet(rpc(), player!, { odds: 50 });
    await index();
    const afterBet = await balance(player!.address);

    await expect(runOnce({ failPoint: crashAt('recovery-started') })).rejects.toThrow(InjectedFailure);
    await expect(runOnce({ failPoint: crashAt('paused') })).rejects.toThrow(InjectedFailure);
    expect((await house()).paused).toBe(true);
    // Too early to refund: the run waits, and says why (seeds lost: failing, though the run did not fail).
    const waiting = worker();
    const runner = new WorkerRunner({ db: t.db, worker: waiting });
    await runner.runOnce();
    expect(runner.health()).toMatchObject({
      failures: 0,
      details: {
        status: 'failing',
        seeds: 'lost',
        reason: expect.stringContaining('Seeds lost') as unknown,
        waiting: expect.stringContaining('wait for their refund deadline') as unknown,
      },
    });
    expect((await house()).openBets).toBe(1n);

    // Past its deadline, and its slot hash gone from SlotHashes (over 512 slots): the keeper refund
    // captures none, so no late win can be owed and nothing delays the reset.
    backdateBet(t, bet.betAddress, BET_REFUND_DELAY_SECS + 10);
    expireSlotHashes(t);
    await expect(runOnce({ failPoint: crashAt('refund-sent') })).rejects.toThrow(InjectedFailure);
    const stake = betStake(bet.listingPrice, 50);
    expect(await balance(player!.address)).toBe(afterBet + stake + betFee(stake));
    expect(await house()).toMatchObject({ openBets: 0n, refundReserve: 0n });
    await expect(runOnce({ failPoint: crashAt('reset-written') })).rejects.toThrow(InjectedFailure);
    await expect(runOnce({ failPoint: crashAt('reset-sent') })).rejects.toThrow(InjectedFailure);
    await expect(runOnce({ failPoint: crashAt('unpaused') })).rejects.toThrow(InjectedFailure);
    const finished = worker();
    await finished.run(signal());
    expect(finished.details()).toMatchObject({ status: 'ok', seeds: 'ok', reason: null });

    // One recovery, one reset chain (written once, used after each crash), the house unpaused.
    const recoveries = await t.db.query<{
      reset_chain_id: number;
      finished_at: Date | null;
      unpause_signature: string | null;
    }>('SELECT reset_chain_id, finished_at, unpause_signature FROM fairness_recoveries');
    expect(recoveries).toHaveLength(1);
    expect(recoveries[0]?.finished_at).toBeInstanceOf(Date);
    const after = await house();
    expect(after.paused).toBe(false);
    expect(after.openBets).toBe(0n);
    expect(after.revealSequence).toBe(after.betSequence);
    const chains = await chainRows();
    const reset = chains.find((chain) => chain.id === recoveries[0]?.reset_chain_id);
    expect(reset).toMatchObject({ status: 'current', start_sequence: Number(after.betSequence) });
    expect(bytesToHex(after.seedCommitment)).toBe(reset?.head);
    // The refunded bet was passed over by the reset: refunded once, never revealed. (The run that refunded
    // it was killed before recording it: the indexer records it from the chain.)
    expect((await betRow(bet)).state).toBe('Open');
    await index();
    expect(await betRow(bet)).toMatchObject({ state: 'Refunded', reveal_signature: null });
    expect(await balance(player!.address)).toBe(afterBet + stake + betFee(stake));

    // The game goes on: a new bet is revealed from the new chain.
    const [next] = await placeBets(1);
    await runOnce();
    await expectRevealed(next!);
  });

  it('leaves a house the authority had paused paused after recovering', async () => {
    await setPaused(true);
    await loseSeeds();
    await runOnce();
    const after = await house();
    expect(after.paused).toBe(true);
    const [recovery] = await t.db.query<{ house_was_paused: boolean; unpause_signature: string | null }>(
      'SELECT house_was_paused, unpause_signature FROM fairness_recoveries ORDER BY id DESC LIMIT 1',
    );
    expect(recovery).toEqual({ house_was_paused: true, unpause_signature: null });
    await setPaused(false);
  });

  it('waits SEED_RESET_DELAY_SECS while a refunded bet may be owed a late win, then resets (forfeiting it)', async () => {
    const [player] = await players(1);
    const bet = await placeBet(rpc(), player!, { odds: 50 });
    await index();
    await loseSeeds();
    // Refunded by the keeper while its slot is in SlotHashes (ended, so its hash exists): the refund
    // captures the hash and reserves the rest of its prize, which only its (lost) seed could roll.
    backdateBet(t, bet.betAddress, BET_REFUND_DELAY_SECS + 10);
    endSlot(t);
    const settler = worker();
    const runner = new WorkerRunner({ db: t.db, worker: settler });
    await runner.runOnce();
    const reserved = await house();
    const late = lateWinAmount({ prize: bet.listingPrice, stake: betStake(bet.listingPrice, 50) });
    expect(reserved).toMatchObject({ paused: true, openBets: 0n, refundReserve: late });
    expect(reserved.reserveSince).toBeGreaterThan(0n);
    expect(runner.health()).toMatchObject({
      failures: 0,
      details: {
        status: 'failing',
        waiting: expect.stringContaining('refund_reserve') as unknown,
        keeperRefunds: 1,
      },
    });
    // Again and again: it keeps waiting, sending nothing.
    await runner.runOnce();
    expect(runner.health().failures).toBe(0);
    expect(await house()).toEqual(reserved);

    // A week later, by the chain's clock and the server's: the reset forfeits the reserve.
    const week = (SEED_RESET_DELAY_SECS + 1) * 1_000;
    chainShiftMs += week;
    t.clock.advance(Date.now() + chainShiftMs - t.clock.now());
    endSlot(t); // the next slot's Clock reads the moved time
    await runner.runOnce();
    const after = await house();
    expect(after).toMatchObject({
      paused: false,
      openBets: 0n,
      refundReserve: 0n,
      reserveSince: 0n,
      outstanding: reserved.outstanding - late,
    });
    expect(after.revealSequence).toBe(after.betSequence);
    expect(runner.health().details).toMatchObject({ status: 'ok', waiting: null });
    // The refunded bet was never rolled.
    await index();
    expect(await betRow(bet)).toMatchObject({ state: 'Refunded', reveal_signature: null });
  });
});
