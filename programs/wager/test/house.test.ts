/**
 * The house: initialize_house and update_house (settler, treasury, pausing, off-chain bets), the settler's
 * seed chains (commit_seed_chain, rollover, reset_seed_chain), withdrawals that can never take what the
 * house owes, and the authority and settler checks of every gated instruction (a wrong signer is
 * ConstraintHasOne 2001, the right key without its signature AccountNotSigner 3010), each refusal leaving
 * every account unchanged. refund_bet is no longer gated: anyone may send it after the deadline.
 */
import { generateKeyPairSigner, lamports, type Instruction, type KeyPairSigner } from '@solana/kit';
import { describe, expect, it } from 'vitest';
import { BET_REFUND_DELAY_SECS, SEED_CHAIN_LENGTH, SEED_RESET_DELAY_SECS } from '@arcade/sdk/constants';
import { BetResult, BetState, HOUSE_ACCOUNT_SIZE } from '@arcade/sdk/wager/accounts';
import { betCost, betFee, betStake, referralShare } from '@arcade/sdk/wager/bet-math';
import { HOUSE_BANKROLL, SOL, T0, WagerHarness } from './harness.ts';
import { SeedChain, sha256 } from './seed-chain.ts';
import {
  anchor,
  expectRefused,
  lateWin,
  marketRent,
  sendOk,
  walletRent,
  watchBalances,
  withAccount,
  withoutSigner,
  wager,
} from './support.ts';

const U64_MAX = 2n ** 64n - 1n;
const DELAY = BigInt(BET_REFUND_DELAY_SECS);
const RESET_DELAY = BigInt(SEED_RESET_DELAY_SECS);
const ZEROS = new Uint8Array(32);

describe('initialize_house', () => {
  it('creates the House at the PDA, paid by the authority, who becomes its authority; no chain yet', async () => {
    const h = await WagerHarness.create({ initializeHouse: false });
    expect(h.exists(h.house)).toBe(false);
    const rent = h.rent(HOUSE_ACCOUNT_SIZE);
    const w = watchBalances(h, { authority: h.authority.address, house: h.house });
    await sendOk(h, [h.initializeHouseIx()]);
    expect(w.deltas()).toEqual({ authority: -rent, house: rent });
    const account = h.svm.getAccount(h.house);
    expect(account.exists && account.programAddress).toBe(h.programId);
    expect(account.exists && account.data.length).toBe(HOUSE_ACCOUNT_SIZE);
    expect(h.fetchHouse()).toEqual({
      authority: h.authority.address,
      settler: h.settler.address,
      treasury: h.treasury.address,
      outstanding: 0n,
      paused: false,
      seedCommitment: ZEROS,
      seedChainEnd: 0n,
      nextSeedCommitment: ZEROS,
      nextSeedChainLength: 0n,
      betSequence: 0n,
      revealSequence: 0n,
      openBets: 0n,
      offchainBets: false,
      refundReserve: 0n,
      reserveSince: 0n,
      pendingAuthority: null,
    });
    expect(h.freeBalance()).toBe(0n);
  });

  it('cannot be sent again, by the authority or anyone else', async () => {
    const h = await WagerHarness.create();
    const before = h.svm.getAccount(h.house);
    const intruder = await h.user();
    // As with Anchor's `init`: the System Program refuses an address already in use (its error 0).
    const again = await h.send([h.initializeHouseIx({ settler: intruder.address })]);
    expect(again).toMatchObject({ ok: false, code: 0, name: null });
    expect(again.logs.some((l) => l.endsWith('already in use'))).toBe(true);
    // Anyone else is stopped before that: only the upgrade authority may initialize the house.
    const stranger = await h.send([h.initializeHouseIx({ authority: intruder, settler: intruder.address })]);
    expect(stranger).toMatchObject({ ok: false, code: 2003, name: null });
    expect(h.svm.getAccount(h.house)).toEqual(before);
  });

  it("a fresh deployment's house can only be initialized by the program's upgrade authority", async () => {
    const h = await WagerHarness.create({ initializeHouse: false });
    const intruder = await h.user();
    await expectRefused(h, [h.initializeHouseIx({ authority: intruder })], anchor('ConstraintRaw'));
    await expectRefused(h, [h.initializeHouseIx({ programData: h.house })], anchor('ConstraintSeeds'));
    h.setUpgradeAuthority(null);
    await expectRefused(h, [h.initializeHouseIx()], anchor('ConstraintRaw'));
    expect(h.exists(h.house)).toBe(false);
    h.setUpgradeAuthority(h.authority.address);
    h.expectOk(await h.initializeHouse());
    expect(h.fetchHouse().authority).toBe(h.authority.address);
  });

  it('refuses an address that is not the house PDA (2006)', async () => {
    const h = await WagerHarness.create({ initializeHouse: false });
    const elsewhere = (await generateKeyPairSigner()).address;
    await expectRefused(h, [withAccount(h.initializeHouseIx(), 1, elsewhere)], anchor('ConstraintSeeds'));
    expect(h.exists(elsewhere)).toBe(false);
  });

  it('lamports sent to the house wallet before it is initialized stay in the bankroll', async () => {
    const h = await WagerHarness.create({ initializeHouse: false });
    h.svm.airdrop(h.house, lamports(5n * SOL));
    const w = watchBalances(h, { authority: h.authority.address, house: h.house });
    await sendOk(h, [h.initializeHouseIx()]);
    // 5 SOL already covers the rent: the authority pays nothing.
    expect(w.deltas()).toEqual({ authority: 0n, house: 0n });
    expect(h.freeBalance()).toBe(5n * SOL - h.houseRent());
  });
});

describe('update_house', () => {
  it('rotates the settler and the treasury: the old settler is refused, the new one commits and settles', async () => {
    const h = await WagerHarness.create();
    const alice = await h.user();
    h.expectOk(await h.initBet(alice));
    h.expectOk(await h.updateHouse({ offchainBets: true }));
    h.expectOk(await h.createBetOffchain(alice, { odds: 50, prize: SOL }));
    const settler = await h.user(1n);
    const treasury = await h.user(1n);
    h.expectOk(await h.updateHouse({ settler: settler.address, treasury: treasury.address }));
    expect(h.fetchHouse()).toMatchObject({
      authority: h.authority.address,
      settler: settler.address,
      treasury: treasury.address,
      outstanding: SOL,
      paused: false,
      offchainBets: true,
    });
    await expectRefused(h, [await h.settleBetIx(alice.address, 99)], anchor('ConstraintHasOne'));
    h.expectOk(await h.settleBet(alice.address, 99, { settler }));
    const chain = h.newSeedChain(10);
    await expectRefused(h, [h.commitSeedChainIx(chain)], anchor('ConstraintHasOne'));
    h.expectOk((await h.commitSeedChain(10, { chain, settler })).outcome);
    // The new treasury is the one resolve_market pays, and the only one it accepts.
    const { market } = await h.createMarket();
    h.toCutoff(market);
    await expectRefused(h, [await h.resolveMarketIx(market, 'invalid')], anchor('ConstraintHasOne'));
    h.expectOk(await h.resolveMarket(market, 'invalid', { treasury: treasury.address }));
  });

  it('pauses and resumes new bets; nothing else changes', async () => {
    const h = await WagerHarness.create();
    const before = h.fetchHouse();
    h.expectOk(await h.updateHouse({ paused: true }));
    expect(h.fetchHouse()).toEqual({ ...before, paused: true });
    const alice = await h.user();
    h.expectOk(await h.initBet(alice));
    await expectRefused(h, [await h.createBetIx(alice, { odds: 50, prize: SOL })], wager('BetNotAvailable'));
    // Markets are not the house's bets: they go on while paused.
    const { market, outcome } = await h.createMarket();
    h.expectOk(outcome);
    h.expectOk(await h.predict(alice, market, SOL, 'yes'));
    h.expectOk(await h.updateHouse({ paused: false }));
    h.expectOk(await h.createBet(alice, { odds: 50, prize: SOL }));
  });

  it('turns the off-chain bets on and off; nothing else changes', async () => {
    const h = await WagerHarness.create();
    const before = h.fetchHouse();
    h.expectOk(await h.updateHouse({ offchainBets: true }));
    expect(h.fetchHouse()).toEqual({ ...before, offchainBets: true });
    h.expectOk(await h.updateHouse({ offchainBets: false }));
    expect(h.fetchHouse()).toEqual(before);
  });
});

describe('seed chains', () => {
  it('commit_seed_chain stores the next chain; the first bet takes it over at the reveal', async () => {
    const h = await WagerHarness.create({ seedChain: 0 });
    const alice = await h.user();
    h.expectOk(await h.initBet(alice));
    // No chain, no bet.
    await expectRefused(h, [await h.createBetIx(alice, { odds: 50, prize: SOL })], wager('NoSeedCommitted'));
    const chain = SeedChain.from(new Uint8Array(32).fill(9), 3);
    expect(chain.head).toEqual(sha256(sha256(sha256(new Uint8Array(32).fill(9)))));
    h.expectOk((await h.commitSeedChain(3, { chain })).outcome);
    expect(h.fetchHouse()).toMatchObject({
      seedCommitment: ZEROS,
      seedChainEnd: 0n,
      nextSeedCommitment: chain.head,
      nextSeedChainLength: 3n,
    });
    h.expectOk(await h.createBet(alice, { odds: 50, prize: SOL }, { want: 'loss' }));
    expect(await h.fetchBet(alice.address)).toMatchObject({ sequence: 0n });
    const revealed = h.expectOk(await h.reveal(alice.address));
    expect(revealed.reveal).toMatchObject({ kind: 'settled', sequence: 0n });
    // The revealed seed s_1 is the new commitment; the chain is current and ends at sequence 3.
    expect(h.fetchHouse()).toMatchObject({
      seedCommitment: chain.seed(1),
      seedChainEnd: 3n,
      nextSeedCommitment: ZEROS,
      nextSeedChainLength: 0n,
      betSequence: 1n,
      revealSequence: 1n,
    });
  });

  it('the next chain may be replaced until a bet takes a seed from it; a length of 0 is InvalidArgument', async () => {
    const h = await WagerHarness.create({ seedChain: 0 });
    await expectRefused(h, [h.commitSeedChainIx(h.newSeedChain(1), h.authority)], anchor('ConstraintHasOne'));
    const empty = h.commitSeedChainIx(h.newSeedChain(1));
    const data = Uint8Array.from(empty.data!);
    data.fill(0, 40, 48); // length = 0
    await expectRefused(h, [{ ...empty, data }], { builtin: 'InvalidArgument' });
    h.expectOk((await h.commitSeedChain(5)).outcome);
    const replacement = h.expectOk((await h.commitSeedChain(4)).outcome);
    expect(replacement.events).toEqual([]);
    expect(h.fetchHouse()).toMatchObject({ nextSeedChainLength: 4n });
    const alice = await h.user();
    h.expectOk(await h.initBet(alice));
    h.expectOk(await h.createBet(alice, { odds: 50, prize: SOL }));
    await expectRefused(h, [h.commitSeedChainIx(h.newSeedChain(7))], wager('SeedChainInUse'));
    expect(h.fetchHouse()).toMatchObject({ nextSeedChainLength: 4n });
  });

  it('chains roll over at their end: bets take the next committed chain, then NoSeedCommitted', async () => {
    const h = await WagerHarness.create({ seedChain: 2 });
    const users = [await h.user(), await h.user(), await h.user(), await h.user()];
    for (const u of users) h.expectOk(await h.initBet(u));
    const bet = { odds: 50, prize: SOL } as const;
    // Chain A: sequences 0–1, current from the first reveal on.
    h.expectOk(await h.createBet(users[0]!, bet, { want: 'loss' }));
    h.expectOk(await h.reveal(users[0]!.address));
    // Its successor B, committed while A is current: sequences 2–3.
    const b = (await h.commitSeedChain(2)).chain;
    expect(h.fetchHouse()).toMatchObject({ seedChainEnd: 2n, nextSeedChainLength: 2n });
    for (const u of users.slice(1)) h.expectOk(await h.createBet(u, bet, { want: 'loss' }));
    expect(h.fetchHouse()).toMatchObject({ betSequence: 4n, revealSequence: 1n });
    // Four bets took every committed seed.
    await expectRefused(h, [await h.createBetIx(users[0]!, bet)], wager('NoSeedCommitted'));
    // B is in use: it cannot be replaced, and no third chain can be committed until A is used up.
    await expectRefused(h, [h.commitSeedChainIx(h.newSeedChain(3))], wager('SeedChainInUse'));
    h.expectOk(await h.reveal(users[1]!.address));
    expect(h.fetchHouse()).toMatchObject({ seedChainEnd: 2n, revealSequence: 2n });
    // The reveal of sequence 2 takes B over with its first seed.
    const rolled = h.expectOk(await h.reveal(users[2]!.address));
    expect(rolled.reveal).toMatchObject({ kind: 'settled', sequence: 2n });
    expect(h.fetchHouse()).toMatchObject({
      seedCommitment: b.seed(1),
      seedChainEnd: 4n,
      nextSeedChainLength: 0n,
      revealSequence: 3n,
    });
    h.expectOk((await h.commitSeedChain(SEED_CHAIN_LENGTH)).outcome);
    h.expectOk(await h.reveal(users[3]!.address));
    h.expectOk(await h.createBet(users[0]!, bet, { want: 'loss' }));
    expect(await h.fetchBet(users[0]!.address)).toMatchObject({ sequence: 4n });
    h.expectOk(await h.reveal(users[0]!.address));
    expect(h.fetchHouse()).toMatchObject({
      seedChainEnd: 4n + BigInt(SEED_CHAIN_LENGTH),
      revealSequence: 5n,
    });
  });

  it('reset_seed_chain starts a new chain at the next bet, only while no bet is open, and forfeits a refunded bet’s possible win only SEED_RESET_DELAY_SECS after its refund', async () => {
    const h = await WagerHarness.create();
    const [alice, bob] = [await h.user(), await h.user()];
    h.expectOk(await h.initBet(alice));
    h.expectOk(await h.initBet(bob));
    h.expectOk(await h.createBet(alice, { odds: 50, prize: SOL }, { want: 'loss' }));
    h.expectOk(await h.createBet(bob, { odds: 50, prize: SOL }));
    await expectRefused(h, [h.resetSeedChainIx(h.newSeedChain(5))], wager('SeedChainInUse'));
    h.expectOk(await h.reveal(alice.address));
    await expectRefused(h, [h.resetSeedChainIx(h.newSeedChain(5))], wager('SeedChainInUse'));
    h.setTime(T0 + DELAY);
    h.expectOk(await h.refundBet(bob.address, bob));
    // Bob's bet (sequence 1) is refunded with its slot hash captured, not yet revealed: it may still be
    // owed a win, so the reset waits a week from the refund...
    const reserve = lateWin(SOL, 50);
    expect(h.fetchHouse()).toMatchObject({ refundReserve: reserve, reserveSince: T0 + DELAY, openBets: 0n });
    await expectRefused(h, [await h.createBetIx(bob, { odds: 50, prize: SOL })], wager('BetNotAvailable'));
    await expectRefused(h, [h.resetSeedChainIx(h.newSeedChain(5))], wager('SeedChainInUse'));
    h.setTime(T0 + DELAY + RESET_DELAY - 1n);
    await expectRefused(h, [h.resetSeedChainIx(h.newSeedChain(5))], wager('SeedChainInUse'));
    // ...then passes over it, frees his record and forfeits the win (the reserve leaves `outstanding`).
    h.setTime(T0 + DELAY + RESET_DELAY);
    const free = h.freeBalance();
    const { outcome, chain } = await h.resetSeedChain(5);
    h.expectOk(outcome);
    expect(h.fetchHouse()).toMatchObject({
      seedCommitment: chain.head,
      seedChainEnd: 7n,
      nextSeedChainLength: 0n,
      betSequence: 2n,
      revealSequence: 2n,
      openBets: 0n,
      outstanding: 0n,
      refundReserve: 0n,
      reserveSince: 0n,
    });
    expect(h.freeBalance()).toBe(free + reserve);
    h.expectOk(await h.createBet(bob, { odds: 50, prize: SOL }, { want: 'win' }));
    const revealed = h.expectOk(await h.reveal(bob.address));
    expect(revealed.reveal).toMatchObject({ kind: 'settled', sequence: 2n });
    expect(await h.fetchBet(bob.address)).toMatchObject({ state: BetState.Settled, result: BetResult.Win });
  });
});

describe('withdraw takes only the free balance', () => {
  it('with open bets, an unclaimed win and a pending referral share outstanding', async () => {
    const h = await WagerHarness.create();
    const referral = await h.user(1n);
    const vault = await h.vaultAddress(referral.address);
    h.expectOk(await h.initReferral(referral.address));
    const [open, winner, plain, loser] = [await h.user(), await h.user(), await h.user(), await h.user()];
    h.expectOk(await h.initBet(open, referral.address));
    h.expectOk(await h.initBet(winner, referral.address));
    h.expectOk(await h.initBet(plain));
    h.expectOk(await h.initBet(loser));
    const bets = {
      open: { odds: 30, prize: 7n * SOL },
      winner: { odds: 80, prize: 5n * SOL },
      plain: { odds: 45, prize: 3n * SOL },
      loser: { odds: 60, prize: 2n * SOL },
    };
    h.expectOk(await h.createBet(winner, bets.winner, { want: 'win' }));
    h.expectOk(await h.createBet(loser, bets.loser, { want: 'loss' }));
    h.expectOk(await h.reveal(winner.address));
    h.expectOk(await h.reveal(loser.address));
    h.expectOk(await h.createBet(open, bets.open, { want: 'win' }));
    h.expectOk(await h.createBet(plain, bets.plain));

    // Owed: the open bets' prizes and the open referred bet's share, and the unclaimed win's prize.
    const openShare = referralShare(betFee(betStake(7n * SOL, 30)));
    const owed = 7n * SOL + openShare + 5n * SOL + 3n * SOL;
    expect(h.fetchHouse().outstanding).toBe(owed);
    const paidIn =
      betCost(7n * SOL, 30) + betCost(5n * SOL, 80) + betCost(3n * SOL, 45) + betCost(2n * SOL, 60);
    const winnerShare = referralShare(betFee(betStake(5n * SOL, 80)));
    const houseLamports = h.houseRent() + HOUSE_BANKROLL + paidIn - winnerShare;
    expect(h.balance(h.house)).toBe(houseLamports);
    const free = houseLamports - h.houseRent() - owed;
    expect(h.freeBalance()).toBe(free);

    // One lamport more than the free balance, or everything, is the runtime's InsufficientFunds.
    const destination = (await h.user(1n)).address;
    for (const amount of [free + 1n, free + owed, U64_MAX]) {
      await expectRefused(h, [h.withdrawIx(amount, destination)], { builtin: 'InsufficientFunds' });
    }
    // Exactly the free balance is taken.
    const w = watchBalances(h, { house: h.house, destination });
    h.expectOk(await h.withdraw(free, destination));
    expect(w.deltas()).toEqual({ house: -free, destination: free });
    expect(h.balance(h.house)).toBe(h.houseRent() + owed);
    expect(h.freeBalance()).toBe(0n);
    await expectRefused(h, [h.withdrawIx(1n, destination)], { builtin: 'InsufficientFunds' });

    // Everything owed is still paid: the vault at the reveal, the winners' prizes, the refund.
    const r = watchBalances(h, { vault, open: open.address, winner: winner.address });
    h.expectOk(await h.reveal(open.address));
    h.expectOk(await h.claimBet(open));
    h.expectOk(await h.claimBet(winner));
    expect(r.deltas()).toEqual({ vault: openShare, open: 7n * SOL, winner: 5n * SOL });
    h.setTime(h.now() + DELAY);
    const p = watchBalances(h, { plain: plain.address });
    h.expectOk(await h.refundBet(plain.address, plain));
    expect(p.deltas()).toEqual({ plain: betCost(3n * SOL, 45) });
    // What the refund returned less than the prize stays owed, in case the reveal shows a win.
    const rest = lateWin(3n * SOL, 45);
    expect(h.fetchHouse()).toMatchObject({ outstanding: rest, refundReserve: rest });
    expect(h.balance(h.house)).toBe(h.houseRent() + rest);
    await expectRefused(h, [h.withdrawIx(1n, destination)], { builtin: 'InsufficientFunds' });
    const revealed = h.expectOk(await h.reveal(plain.address));
    const won = revealed.reveal?.kind === 'settled' && revealed.reveal.roll < 45;
    expect(p.deltas()).toEqual({ plain: betCost(3n * SOL, 45) + (won ? rest : 0n) });
    expect(h.fetchHouse()).toMatchObject({ outstanding: 0n, refundReserve: 0n });
    // What is left over is what a loss leaves: the rest of the prize, no longer owed.
    expect(h.balance(h.house)).toBe(h.houseRent() + (won ? 0n : rest));
  });

  it('a withdrawal of 0 moves nothing; the authority may send the profit anywhere', async () => {
    const h = await WagerHarness.create();
    const w = watchBalances(h, { house: h.house, authority: h.authority.address });
    h.expectOk(await h.withdraw(0n, h.authority.address));
    expect(w.deltas()).toEqual({ house: 0n, authority: 0n });
    h.expectOk(await h.withdraw(HOUSE_BANKROLL, h.authority.address));
    expect(w.deltas()).toEqual({ house: -HOUSE_BANKROLL, authority: HOUSE_BANKROLL });
    expect(h.balance(h.house)).toBe(h.houseRent());
  });
});

describe('gated instructions: a wrong signer (2001), or the right key without its signature (3010)', () => {
  const hasOne = anchor('ConstraintHasOne');
  const notSigner = anchor('AccountNotSigner');

  /**
   * A house with alice's bet open (create_bet) and carol's off-chain bet open, an unresolved market past
   * its cutoff with one prediction on each side, and a resolved market whose predictions are all settled
   * (so it can be closed).
   */
  async function setup() {
    const h = await WagerHarness.create();
    const intruder = await h.user();
    const alice = await h.user();
    const carol = await h.user();
    h.expectOk(await h.initBet(alice));
    h.expectOk(await h.initBet(carol));
    h.expectOk(await h.createBet(alice, { odds: 50, prize: SOL }));
    h.expectOk(await h.updateHouse({ offchainBets: true }));
    h.expectOk(await h.createBetOffchain(carol, { odds: 50, prize: SOL }));
    const cutoff = h.now() + 100n;
    const open = (await h.createMarket({ cutoff })).market;
    const done = (await h.createMarket({ cutoff })).market;
    for (const market of [open, done]) {
      h.expectOk(await h.predict(alice, market, SOL, 'yes'));
      h.expectOk(await h.predict(intruder, market, SOL, 'no'));
    }
    h.setTime(cutoff);
    h.expectOk(await h.resolveMarket(done, 'yes'));
    h.expectOk(await h.settlePrediction(done, alice.address));
    h.expectOk(await h.settlePrediction(done, intruder.address));
    return { h, intruder, alice, carol, open, done };
  }

  /** Refused with the intruder signing, refused unsigned, then accepted as built by `ix(right)`. */
  async function gated(
    h: WagerHarness,
    right: KeyPairSigner,
    intruder: KeyPairSigner,
    ix: (signer: KeyPairSigner) => Promise<Instruction> | Instruction,
  ) {
    await expectRefused(h, [await ix(intruder)], hasOne);
    await expectRefused(h, [withoutSigner(await ix(right), 0)], notSigner);
    await sendOk(h, [await ix(right)]);
  }

  it('update_house (authority)', async () => {
    const { h, intruder } = await setup();
    // Not even the settler.
    await expectRefused(h, [h.updateHouseIx({ paused: true }, h.settler)], hasOne);
    await gated(h, h.authority, intruder, (s) => h.updateHouseIx({ settler: intruder.address }, s));
    expect(h.fetchHouse().settler).toBe(intruder.address);
  });

  it('withdraw (authority)', async () => {
    const { h, intruder } = await setup();
    await expectRefused(h, [h.withdrawIx(SOL, h.settler.address, h.settler)], hasOne);
    await gated(h, h.authority, intruder, (s) => h.withdrawIx(SOL, intruder.address, s));
  });

  it('propose_authority (authority) and accept_authority (the proposed key)', async () => {
    const { h, intruder } = await setup();
    const next = await h.user(1n);
    await expectRefused(h, [h.proposeAuthorityIx(next.address, h.settler)], hasOne);
    await gated(h, h.authority, intruder, (s) => h.proposeAuthorityIx(next.address, s));
    expect(h.fetchHouse().pendingAuthority).toBe(next.address);
    await gated(h, next, intruder, (s) => h.acceptAuthorityIx(s));
    expect(h.fetchHouse()).toMatchObject({ authority: next.address, pendingAuthority: null });
  });

  it('settle_bet_offchain (settler)', async () => {
    const { h, intruder, carol } = await setup();
    // The authority is not the settler.
    await expectRefused(h, [await h.settleBetIx(carol.address, 0, { settler: h.authority })], hasOne);
    await gated(h, h.settler, intruder, (settler) => h.settleBetIx(carol.address, 0, { settler }));
  });

  it('commit_seed_chain (settler)', async () => {
    const { h, intruder, alice } = await setup();
    // Once alice's bet is revealed the first chain is current, and the next may be committed.
    h.expectOk(await h.reveal(alice.address));
    const chain = h.newSeedChain(10);
    await expectRefused(h, [h.commitSeedChainIx(chain, h.authority)], hasOne);
    await gated(h, h.settler, intruder, (settler) => h.commitSeedChainIx(chain, settler));
    expect(h.fetchHouse()).toMatchObject({ nextSeedCommitment: chain.head, nextSeedChainLength: 10n });
  });

  it('reset_seed_chain (settler)', async () => {
    const { h, intruder, alice } = await setup();
    // alice's bet refunded once its slot has left SlotHashes: no hash captured, nothing reserved.
    h.expireSlot((await h.fetchBet(alice.address)).slot);
    h.setTime(h.now() + DELAY);
    h.expectOk(await h.refundBet(alice.address));
    expect(h.fetchHouse()).toMatchObject({ openBets: 0n, refundReserve: 0n });
    const chain = h.newSeedChain(10);
    await expectRefused(h, [h.resetSeedChainIx(chain, h.authority)], hasOne);
    await gated(h, h.settler, intruder, (settler) => h.resetSeedChainIx(chain, settler));
    expect(h.fetchHouse()).toMatchObject({ seedCommitment: chain.head });
  });

  it('refund_bet is not gated: after the deadline any signer sends it, the money goes to the bet owner', async () => {
    const { h, intruder, alice } = await setup();
    h.setTime(h.now() + DELAY);
    await expectRefused(h, [withoutSigner(await h.refundBetIx(alice.address, intruder), 0)], notSigner);
    const w = watchBalances(h, { intruder: intruder.address, alice: alice.address });
    await sendOk(h, [await h.refundBetIx(alice.address, intruder)]);
    expect(w.deltas()).toEqual({ intruder: 0n, alice: betCost(SOL, 50) });
  });

  it('create_market (authority; the market keypair signs too)', async () => {
    const { h, intruder } = await setup();
    const market = await generateKeyPairSigner();
    const times = { cutoff: h.now() + 60n, end: h.now() + 120n };
    await expectRefused(h, [await h.createMarketIx(market, times, { authority: h.settler })], hasOne);
    await gated(h, h.authority, intruder, (authority) => h.createMarketIx(market, times, { authority }));
    expect(h.balance(market.address)).toBe(marketRent(h));
    expect(h.balance(await h.poolAddress(market.address))).toBe(walletRent(h));
  });

  it('update_market (authority)', async () => {
    const { h, intruder } = await setup();
    const { market } = await h.createMarket();
    const times = { cutoff: h.now() + 60n, end: h.now() + 120n };
    await gated(h, h.authority, intruder, (s) => h.updateMarketIx(market, times, s));
    expect(h.fetchMarket(market)).toMatchObject({ cutoffTime: times.cutoff, endTime: times.end });
  });

  it('resolve_market (authority)', async () => {
    const { h, intruder, open } = await setup();
    await expectRefused(h, [await h.resolveMarketIx(open, 'no', { authority: h.settler })], hasOne);
    await gated(h, h.authority, intruder, (authority) => h.resolveMarketIx(open, 'no', { authority }));
    expect(h.fetchMarket(open)).toMatchObject({ isSettled: true });
  });

  it('close_market (authority)', async () => {
    const { h, intruder, done } = await setup();
    await gated(h, h.authority, intruder, (authority) => h.closeMarketIx(done, { authority }));
    expect(h.exists(done)).toBe(false);
  });
});
