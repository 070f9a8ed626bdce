/**
 * The house: initialize_house and update_house, pausing, withdrawals that can never take what the house owes,
 * and the authority and settler checks of every gated instruction (a wrong signer is ConstraintHasOne 2001,
 * the right key without its signature AccountNotSigner 3010), each refusal leaving every account unchanged.
 */
import { generateKeyPairSigner, lamports, type Instruction, type KeyPairSigner } from '@solana/kit';
import { describe, expect, it } from 'vitest';
import { HOUSE_ACCOUNT_SIZE } from '@arcade/sdk/wager/accounts';
import { betCost, betFee, betStake, referralShare } from '@arcade/sdk/wager/bet-math';
import { HOUSE_BANKROLL, SOL, WagerHarness } from './harness.ts';
import {
  anchor,
  expectRefused,
  marketRent,
  sendOk,
  walletRent,
  watchBalances,
  withAccount,
  withoutSigner,
  wager,
} from './support.ts';

const U64_MAX = 2n ** 64n - 1n;

describe('initialize_house', () => {
  it('creates the House at the PDA, paid by the authority, who becomes its authority', async () => {
    const h = await WagerHarness.create({ initializeHouse: false });
    expect(h.exists(h.house)).toBe(false);
    const w = watchBalances(h, { authority: h.authority.address, house: h.house });
    await sendOk(h, [h.initializeHouseIx()]);
    expect(w.deltas()).toEqual({ authority: -h.houseRent(), house: h.houseRent() });
    const account = h.svm.getAccount(h.house);
    expect(account.exists && account.programAddress).toBe(h.programId);
    expect(account.exists && account.data.length).toBe(HOUSE_ACCOUNT_SIZE);
    expect(h.fetchHouse()).toEqual({
      authority: h.authority.address,
      settler: h.settler.address,
      treasury: h.treasury.address,
      outstanding: 0n,
      paused: false,
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
  it('rotates the settler and the treasury: the old settler is refused, the new one settles', async () => {
    const h = await WagerHarness.create();
    const alice = await h.user();
    h.expectOk(await h.initBet(alice));
    h.expectOk(await h.createBet(alice, { odds: 50, prize: SOL }));
    const settler = await h.user(1n);
    const treasury = await h.user(1n);
    h.expectOk(await h.updateHouse({ settler: settler.address, treasury: treasury.address }));
    expect(h.fetchHouse()).toEqual({
      authority: h.authority.address,
      settler: settler.address,
      treasury: treasury.address,
      outstanding: SOL,
      paused: false,
    });
    await expectRefused(h, [await h.settleBetIx(alice.address, 99)], anchor('ConstraintHasOne'));
    h.expectOk(await h.settleBet(alice.address, 99, { settler }));
    // The new treasury is the one resolve_market pays, and the only one it accepts.
    const { market } = await h.createMarket();
    h.toCutoff(market);
    await expectRefused(h, [await h.resolveMarketIx(market, 'invalid')], anchor('ConstraintHasOne'));
    h.expectOk(await h.resolveMarket(market, 'invalid', { treasury: treasury.address }));
  });

  it('pauses and resumes new bets; nothing else changes', async () => {
    const h = await WagerHarness.create();
    h.expectOk(await h.updateHouse({ paused: true }));
    expect(h.fetchHouse()).toMatchObject({ paused: true, settler: h.settler.address, outstanding: 0n });
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
});

describe('withdraw takes only the free balance', () => {
  it('with open bets, an unclaimed win and a pending referral share outstanding', async () => {
    const h = await WagerHarness.create();
    const referral = await h.user(1n);
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
    h.expectOk(await h.createBet(open, bets.open));
    h.expectOk(await h.createBet(winner, bets.winner));
    h.expectOk(await h.createBet(plain, bets.plain));
    h.expectOk(await h.createBet(loser, bets.loser));
    h.expectOk(await h.settleBet(winner.address, 0));
    h.expectOk(await h.settleBet(loser.address, 99));

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

    // Everything owed is still paid: the referral at settlement, the winners' prizes, the refund.
    const r = watchBalances(h, { referral: referral.address, open: open.address, winner: winner.address });
    h.expectOk(await h.settleBet(open.address, 0));
    h.expectOk(await h.claimBet(open));
    h.expectOk(await h.claimBet(winner));
    expect(r.deltas()).toEqual({ referral: openShare, open: 7n * SOL, winner: 5n * SOL });
    const p = watchBalances(h, { plain: plain.address });
    h.expectOk(await h.refundBet(plain.address));
    expect(p.deltas()).toEqual({ plain: betCost(3n * SOL, 45) });
    expect(h.fetchHouse().outstanding).toBe(0n);
    // What is left over is what the refund returned less than the prize it had reserved.
    expect(h.balance(h.house)).toBe(h.houseRent() + 3n * SOL - betCost(3n * SOL, 45));
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
   * A house with alice's bet open, an unresolved market past its cutoff with one prediction on each side,
   * and a resolved market whose predictions are all settled (so it can be closed).
   */
  async function setup() {
    const h = await WagerHarness.create();
    const intruder = await h.user();
    const alice = await h.user();
    h.expectOk(await h.initBet(alice));
    h.expectOk(await h.createBet(alice, { odds: 50, prize: SOL }));
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
    return { h, intruder, alice, open, done };
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

  it('settle_bet_offchain (settler)', async () => {
    const { h, intruder, alice } = await setup();
    // The authority is not the settler.
    await expectRefused(h, [await h.settleBetIx(alice.address, 0, { settler: h.authority })], hasOne);
    await gated(h, h.settler, intruder, (settler) => h.settleBetIx(alice.address, 0, { settler }));
  });

  it('refund_bet (settler)', async () => {
    const { h, intruder, alice } = await setup();
    await expectRefused(h, [await h.refundBetIx(alice.address, h.authority)], hasOne);
    await gated(h, h.settler, intruder, (settler) => h.refundBetIx(alice.address, settler));
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
    const { h, intruder, open } = await setup();
    const times = { cutoff: h.now() + 60n, end: h.now() + 120n };
    await gated(h, h.authority, intruder, (s) => h.updateMarketIx(open, times, s));
    expect(h.fetchMarket(open)).toMatchObject({ cutoffTime: times.cutoff, endTime: times.end });
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
