/**
 * Refusals: malformed instruction data (Anchor's 100, 101, 102), hostile accounts (another program's
 * look-alikes 3007, records of the wrong type 3002, another user's bet, prediction or vault 2001, addresses
 * that are not the PDAs 2006, read-only accounts 2000, a wrong sysvar 2012, a wrong system program 3008,
 * missing accounts 3005, missing signatures 3010), and every Wager error (6000–6020) at each place
 * docs/wager.md ("Where each error is raised") says it is raised. Each refused transaction must leave every
 * account it names, the house and the actors exactly as they were, and log Anchor's error line (checked by
 * `expectError`): a refusal never moves a lamport.
 */
import { AccountRole, address, generateKeyPairSigner, type Address, type Instruction } from '@solana/kit';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  BET_REFUND_DELAY_SECS,
  MARKET_MAX_LIFETIME_SECS,
  MARKET_RESOLVE_GRACE_SECS,
  SEED_RESET_DELAY_SECS,
} from '@arcade/sdk/constants';
import { NATIVE_MINT_ADDRESS } from '@arcade/sdk/wager/program';
import { SLOT_HASHES_MAX, SOL, WagerHarness } from './harness.ts';
import {
  anchor,
  cloneAccount,
  dataOf,
  expectRefused,
  lateReserve,
  predictionRent,
  sendOk,
  withAccount,
  withAccountCount,
  withData,
  withoutSigner,
  wager,
} from './support.ts';

const U64_MAX = 2n ** 64n - 1n;
const DELAY = BigInt(BET_REFUND_DELAY_SECS);
/** A program that is not Wager, owning look-alike accounts. */
const OTHER_PROGRAM = address('Fake111111111111111111111111111111111111111');
const W = AccountRole.WRITABLE;
const R = AccountRole.READONLY;

let h: WagerHarness;

/**
 * A house where bob has a won and unclaimed bet (sequence 0) and alice an open one (sequence 1, its slot
 * ended), both referred by ref, whose vault exists; carol has a fresh record; market `m` is open with alice
 * on Yes and bob on No, market `n` is open with alice on Yes.
 */
async function world() {
  h = await WagerHarness.create();
  const ref = await h.user(1n);
  const refVault = await h.vaultAddress(ref.address);
  h.expectOk(await h.initReferral(ref.address));
  const [alice, bob, carol] = [await h.user(), await h.user(), await h.user()];
  h.expectOk(await h.initBet(alice, ref.address));
  h.expectOk(await h.initBet(bob, ref.address));
  h.expectOk(await h.initBet(carol));
  h.expectOk(await h.createBet(bob, { odds: 50, prize: SOL }, { want: 'win' }));
  h.expectOk(await h.reveal(bob.address));
  h.expectOk(await h.createBet(alice, { odds: 50, prize: SOL }));
  h.advanceSlot();
  const m = (await h.createMarket()).market;
  const n = (await h.createMarket()).market;
  h.expectOk(await h.predict(alice, m, SOL, 'yes'));
  h.expectOk(await h.predict(bob, m, SOL, 'no'));
  h.expectOk(await h.predict(alice, n, SOL, 'yes'));
  return { ref, refVault, alice, bob, carol, m, n };
}

let w: Awaited<ReturnType<typeof world>>;

beforeEach(async () => {
  w = await world();
});

/** A fresh address holding a copy of `of`, owned by another program. */
async function lookAlike(of: Address): Promise<Address> {
  const at = (await generateKeyPairSigner()).address;
  cloneAccount(h, of, at, OTHER_PROGRAM);
  return at;
}

/** Every instruction of the program, built for the world's records. */
async function everyInstruction(): Promise<Instruction[]> {
  const dave = await h.user();
  const market = await generateKeyPairSigner();
  const times = { cutoff: h.now() + 10n, end: h.now() + 20n };
  return [
    h.initializeHouseIx(),
    h.updateHouseIx({ paused: true }),
    h.proposeAuthorityIx(dave.address),
    h.acceptAuthorityIx(dave),
    h.commitSeedChainIx(h.newSeedChain(3)),
    h.resetSeedChainIx(h.newSeedChain(3)),
    h.withdrawIx(SOL, h.authority.address),
    await h.initBetIx(dave),
    await h.createBetIx(w.carol, { odds: 50, prize: SOL }),
    await h.revealIx(w.alice.address),
    await h.createBetOffchainIx(w.carol, { odds: 50, prize: SOL }),
    await h.settleBetIx(w.alice.address, 0),
    await h.claimBetIx(w.bob),
    await h.refundBetIx(w.alice.address),
    await h.initReferralIx(dave.address),
    await h.claimReferralIx(w.ref),
    await h.createMarketIx(market, times),
    h.updateMarketIx(w.m, times),
    await h.resolveMarketIx(w.m, 'yes'),
    h.expireMarketIx(w.m),
    await h.closeMarketIx(w.m),
    await h.predictIx(w.carol, w.m, SOL, 'no'),
    await h.updatePredictionIx(w.alice, w.m, SOL),
    await h.settlePredictionIx(w.m, w.alice.address),
  ];
}

describe('malformed instruction data', () => {
  const missing = anchor('InstructionMissing');
  const notFound = anchor('InstructionFallbackNotFound');
  const didNotDeserialize = anchor('InstructionDidNotDeserialize');

  it('shorter than a discriminator (100), or an unknown discriminator (101), for every instruction', async () => {
    for (const ix of await everyInstruction()) {
      await expectRefused(h, [withData(ix, new Uint8Array(0))], missing);
      await expectRefused(h, [withData(ix, dataOf(ix).slice(0, 7))], missing);
      const unknown = dataOf(ix);
      unknown[0]! ^= 0xff;
      await expectRefused(h, [withData(ix, unknown)], notFound);
    }
  });

  it('truncated arguments, or an invalid bool, enum or option tag (102)', async () => {
    const cases: [Instruction, (data: Uint8Array) => Uint8Array][] = [];
    const set = (offset: number, value: number) => (d: Uint8Array) => {
      const copy = d.slice();
      copy[offset] = value;
      return copy;
    };
    const cut = (length: number) => (d: Uint8Array) => d.slice(0, length);

    const createBet = await h.createBetIx(w.carol, { odds: 50, prize: SOL });
    // Bet type 3; the player seed one byte short.
    cases.push([createBet, cut(9)], [createBet, cut(17)], [createBet, set(17, 3)], [createBet, cut(49)]);
    const offchain = await h.createBetOffchainIx(w.carol, { odds: 50, prize: SOL });
    cases.push([offchain, cut(17)], [offchain, set(17, 3)]);
    cases.push([await h.revealIx(w.alice.address), cut(39)]);
    const claim = await h.claimBetIx(w.bob);
    cases.push([claim, cut(8)], [claim, set(8, 2)]); // sol = 2
    const dave = await h.user();
    const init = await h.initBetIx(dave, w.ref.address);
    cases.push([init, cut(8)], [init, set(8, 2)], [init, cut(20)]); // option tag 2, key cut short
    cases.push([await h.settleBetIx(w.alice.address, 10), cut(8)]);
    cases.push([h.withdrawIx(SOL, h.authority.address), cut(15)]);
    const update = h.updateHouseIx({ paused: true });
    // paused = 2, offchain_bets = 2, offchain_bets missing.
    cases.push([update, cut(72)], [update, set(72, 2)], [update, set(73, 2)], [update, cut(73)]);
    cases.push([h.initializeHouseIx(), cut(40)]);
    cases.push([h.proposeAuthorityIx(dave.address), cut(39)]);
    cases.push([h.commitSeedChainIx(h.newSeedChain(3)), cut(47)]);
    cases.push([h.resetSeedChainIx(h.newSeedChain(3)), cut(39)]);
    cases.push([await h.initReferralIx(dave.address), cut(39)]);
    const market = await generateKeyPairSigner();
    const createMarket = await h.createMarketIx(
      market,
      { cutoff: h.now() + 10n, end: h.now() + 20n },
      { referrer: w.ref.address },
    );
    cases.push([createMarket, cut(23)], [createMarket, set(24, 2)]); // referrer tag 2
    cases.push([h.updateMarketIx(w.m, { cutoff: h.now() + 10n, end: h.now() + 20n }), cut(20)]);
    const predict = await h.predictIx(w.carol, w.m, SOL, 'yes');
    cases.push([predict, cut(16)], [predict, set(16, 3)]); // side 3
    cases.push([await h.updatePredictionIx(w.alice, w.m, SOL), cut(12)]);
    const resolve = await h.resolveMarketIx(w.m, 'yes');
    cases.push([resolve, cut(8)], [resolve, set(8, 3)]); // result 3

    for (const [ix, rewrite] of cases) {
      await expectRefused(h, [withData(ix, rewrite(dataOf(ix)))], didNotDeserialize);
    }
  });

  it('like Anchor, trailing bytes after the arguments are ignored', async () => {
    const claim = await h.claimBetIx(w.bob);
    const longer = new Uint8Array(dataOf(claim).length + 5);
    longer.set(dataOf(claim));
    await sendOk(h, [withData(claim, longer)]);
  });
});

describe('hostile accounts', () => {
  const wrongOwner = anchor('AccountOwnedByWrongProgram');
  const wrongType = anchor('AccountDiscriminatorMismatch');
  const hasOne = anchor('ConstraintHasOne');
  const seeds = anchor('ConstraintSeeds');
  const mut = anchor('ConstraintMut');

  it('a house, bet, vault, market or prediction owned by another program (3007)', async () => {
    const fakeHouse = await lookAlike(h.house);
    const aliceBet = await h.betAddress(w.alice.address);
    const fakeBet = await lookAlike(aliceBet);
    const fakeVault = await lookAlike(w.refVault);
    const fakeMarket = await lookAlike(w.m);
    const fakePrediction = await lookAlike(await h.predictionAddress(w.m, w.alice.address));
    const refuse = (ix: Instruction) => expectRefused(h, [ix], wrongOwner);

    await refuse(withAccount(await h.createBetIx(w.carol, { odds: 50, prize: SOL }), 2, fakeHouse, W));
    await refuse(withAccount(await h.revealIx(w.alice.address), 0, fakeHouse, W));
    await refuse(withAccount(await h.settleBetIx(w.alice.address, 0), 1, fakeHouse, W));
    await refuse(withAccount(await h.claimBetIx(w.bob), 2, fakeHouse, W));
    await refuse(withAccount(await h.refundBetIx(w.alice.address), 1, fakeHouse, W));
    await refuse(withAccount(h.withdrawIx(SOL, h.authority.address), 1, fakeHouse, W));
    await refuse(withAccount(h.updateHouseIx({ paused: true }), 1, fakeHouse, W));
    await refuse(withAccount(h.proposeAuthorityIx(w.carol.address), 1, fakeHouse, W));
    await refuse(withAccount(h.acceptAuthorityIx(w.carol), 1, fakeHouse, W));
    await refuse(withAccount(h.commitSeedChainIx(h.newSeedChain(3)), 1, fakeHouse, W));
    await refuse(withAccount(h.resetSeedChainIx(h.newSeedChain(3)), 1, fakeHouse, W));
    await refuse(
      withAccount(h.updateMarketIx(w.m, { cutoff: h.now() + 9n, end: h.now() + 9n }), 1, fakeHouse),
    );
    await refuse(withAccount(await h.revealIx(w.alice.address), 1, fakeBet, W));
    await refuse(withAccount(await h.settleBetIx(w.alice.address, 0), 2, fakeBet, W));
    await refuse(withAccount(await h.refundBetIx(w.alice.address), 2, fakeBet, W));
    await refuse(withAccount(await h.claimReferralIx(w.ref), 1, fakeVault, W));
    await refuse(withAccount(await h.predictIx(w.carol, w.m, SOL, 'no'), 1, fakeMarket, W));
    await refuse(
      withAccount(h.updateMarketIx(w.m, { cutoff: h.now() + 9n, end: h.now() + 9n }), 2, fakeMarket),
    );
    await refuse(withAccount(h.expireMarketIx(w.m), 0, fakeMarket, W));
    await refuse(withAccount(await h.updatePredictionIx(w.alice, w.m, SOL), 3, fakePrediction, W));
    await refuse(withAccount(await h.settlePredictionIx(w.m, w.alice.address), 0, fakePrediction, W));
  });

  it('a record that does not exist yet is not the program’s either (3007)', async () => {
    const dave = await h.user();
    // A bet before init_bet_offchain; a vault nobody created; carol has no prediction in m.
    await expectRefused(h, [await h.createBetIx(dave, { odds: 50, prize: SOL })], wrongOwner);
    await expectRefused(h, [await h.claimBetIx(dave)], wrongOwner);
    await expectRefused(h, [await h.claimReferralIx(dave)], wrongOwner);
    await expectRefused(h, [await h.updatePredictionIx(w.carol, w.m, SOL)], wrongOwner);
  });

  it('a record of the wrong type (3002)', async () => {
    const aliceBet = await h.betAddress(w.alice.address);
    const alicePrediction = await h.predictionAddress(w.m, w.alice.address);
    const refuse = (ix: Instruction) => expectRefused(h, [ix], wrongType);
    // A bet as the house, the house as a bet, a market as a bet, the house or a bet as a referral vault.
    await refuse(withAccount(await h.createBetIx(w.alice, { odds: 50, prize: SOL }), 2, aliceBet, W));
    await refuse(withAccount(await h.revealIx(w.alice.address), 0, aliceBet, W));
    await refuse(withAccount(await h.revealIx(w.alice.address), 1, w.m, W));
    await refuse(withAccount(await h.revealIx(w.alice.address), 4, h.house, W));
    await refuse(withAccount(await h.settleBetIx(w.alice.address, 0), 2, h.house, W));
    await refuse(withAccount(await h.refundBetIx(w.alice.address), 2, w.m, W));
    await refuse(withAccount(h.withdrawIx(SOL, h.authority.address), 1, aliceBet, W));
    await refuse(withAccount(h.commitSeedChainIx(h.newSeedChain(3)), 1, aliceBet, W));
    await refuse(withAccount(await h.claimReferralIx(w.ref), 1, aliceBet, W));
    // A prediction as the market, a bet as the market, a market as the prediction.
    await refuse(withAccount(await h.predictIx(w.carol, w.m, SOL, 'no'), 1, alicePrediction, W));
    await refuse(withAccount(h.expireMarketIx(w.m), 0, aliceBet, W));
    h.toCutoff(w.m);
    await refuse(withAccount(await h.resolveMarketIx(w.m, 'yes'), 2, aliceBet, W));
    h.expectOk(await h.resolveMarket(w.m, 'yes'));
    await refuse(withAccount(await h.settlePredictionIx(w.m, w.alice.address), 0, w.n, W));
    // A bet as the market of update_market.
    await refuse(
      withAccount(h.updateMarketIx(w.n, { cutoff: h.now() + 9n, end: h.now() + 9n }), 2, aliceBet),
    );
  });

  it("another user's bet (2001): opening on it, claiming it, revealing or refunding it to someone else", async () => {
    const aliceBet = await h.betAddress(w.alice.address);
    const bobBet = await h.betAddress(w.bob.address);
    // carol opens a bet on alice's record.
    await expectRefused(
      h,
      [withAccount(await h.createBetIx(w.carol, { odds: 50, prize: SOL }), 1, aliceBet, W)],
      hasOne,
    );
    // carol claims bob's win.
    await expectRefused(h, [withAccount(await h.claimBetIx(w.carol), 1, bobBet, W)], hasOne);
    // alice's bet revealed or refunded to carol.
    await expectRefused(h, [withAccount(await h.revealIx(w.alice.address), 2, w.carol.address, W)], hasOne);
    h.setTime(h.now() + DELAY);
    await expectRefused(
      h,
      [withAccount(await h.refundBetIx(w.alice.address), 3, w.carol.address, W)],
      hasOne,
    );
    // Bob still claims his own.
    h.expectOk(await h.claimBet(w.bob));
  });

  it("another user's prediction, or a prediction of another market (2001)", async () => {
    const bobPrediction = await h.predictionAddress(w.m, w.bob.address);
    const aliceInN = await h.predictionAddress(w.n, w.alice.address);
    // alice adds to bob's prediction; alice adds to her prediction in n through market m.
    await expectRefused(
      h,
      [withAccount(await h.updatePredictionIx(w.alice, w.m, SOL), 3, bobPrediction, W)],
      hasOne,
    );
    await expectRefused(
      h,
      [withAccount(await h.updatePredictionIx(w.alice, w.m, SOL), 3, aliceInN, W)],
      hasOne,
    );
    h.toCutoff(w.m);
    h.expectOk(await h.resolveMarket(w.m, 'no'));
    // Settling alice's prediction of n as if it were m's, or paying bob's winnings to alice.
    await expectRefused(
      h,
      [withAccount(await h.settlePredictionIx(w.m, w.alice.address), 0, aliceInN, W)],
      hasOne,
    );
    await expectRefused(
      h,
      [withAccount(await h.settlePredictionIx(w.m, w.bob.address), 3, w.alice.address, W)],
      hasOne,
    );
    h.expectOk(await h.settlePrediction(w.m, w.bob.address));
  });

  it('a treasury other than the house names, at resolve_market and close_market (2001)', async () => {
    const thief = (await h.user(1n)).address;
    h.toCutoff(w.m);
    await expectRefused(h, [await h.resolveMarketIx(w.m, 'yes', { treasury: thief })], hasOne);
    h.expectOk(await h.resolveMarket(w.m, 'yes'));
    h.expectOk(await h.settlePrediction(w.m, w.alice.address));
    h.expectOk(await h.settlePrediction(w.m, w.bob.address));
    await expectRefused(h, [await h.closeMarketIx(w.m, { treasury: thief })], hasOne);
    h.expectOk(await h.closeMarket(w.m));
  });

  it('addresses that are not the PDAs (2006): a bet, a prediction, a market pool, a referral vault', async () => {
    const dave = await h.user();
    const elsewhere = (await generateKeyPairSigner()).address;
    // dave's record at carol's bet address, or anywhere else.
    await expectRefused(
      h,
      [withAccount(await h.initBetIx(dave), 1, await h.betAddress(w.carol.address))],
      seeds,
    );
    await expectRefused(h, [withAccount(await h.initBetIx(dave), 1, elsewhere)], seeds);
    await expectRefused(h, [withAccount(await h.predictIx(dave, w.m, SOL, 'yes'), 3, elsewhere)], seeds);
    await expectRefused(h, [withAccount(await h.initReferralIx(dave.address), 1, elsewhere)], seeds);
    const market = await generateKeyPairSigner();
    const times = { cutoff: h.now() + 10n, end: h.now() + 20n };
    await expectRefused(h, [withAccount(await h.createMarketIx(market, times), 3, elsewhere)], seeds);
    expect(h.exists(elsewhere) || h.exists(market.address)).toBe(false);
  });

  it('a sysvar other than SlotHashes at reveal_bet or refund_bet (2012)', async () => {
    const clock = address('SysvarC1ock11111111111111111111111111111111');
    await expectRefused(
      h,
      [withAccount(await h.revealIx(w.alice.address), 3, clock, R)],
      anchor('ConstraintAddress'),
    );
    // refund_bet reads the hash it captures from the sysvar only: not from an account the caller made up.
    h.setTime(h.now() + DELAY);
    const fake = await lookAlike(await h.betAddress(w.alice.address));
    for (const account of [clock, fake]) {
      await expectRefused(
        h,
        [withAccount(await h.refundBetIx(w.alice.address), 4, account, R)],
        anchor('ConstraintAddress'),
      );
    }
  });

  it("create_prediction on someone else's existing prediction is InvalidPrediction (the record is taken)", async () => {
    const bobPrediction = await h.predictionAddress(w.m, w.bob.address);
    await expectRefused(
      h,
      [withAccount(await h.predictIx(w.carol, w.m, SOL, 'no'), 3, bobPrediction)],
      wager('InvalidPrediction'),
    );
  });

  it('a read-only account that must be writable (2000)', async () => {
    await expectRefused(
      h,
      [withAccount(await h.createBetIx(w.carol, { odds: 50, prize: SOL }), 2, h.house, R)],
      mut,
    );
    const dave = await h.user();
    await expectRefused(
      h,
      [withAccount(await h.initBetIx(dave), 1, await h.betAddress(dave.address), R)],
      mut,
    );
    await expectRefused(h, [withAccount(await h.revealIx(w.alice.address), 4, w.refVault, R)], mut);
    await expectRefused(h, [withAccount(await h.revealIx(w.alice.address), 0, h.house, R)], mut);
    await expectRefused(h, [withAccount(await h.claimReferralIx(w.ref), 1, w.refVault, R)], mut);
    await expectRefused(
      h,
      [withAccount(await h.initReferralIx(dave.address), 1, await h.vaultAddress(dave.address), R)],
      mut,
    );
    await expectRefused(
      h,
      [withAccount(await h.predictIx(w.carol, w.m, SOL, 'no'), 2, await h.poolAddress(w.m), R)],
      mut,
    );
    await expectRefused(
      h,
      [withAccount(h.withdrawIx(SOL, h.authority.address), 2, h.authority.address, R)],
      mut,
    );
    h.setTime(h.now() + DELAY);
    await expectRefused(h, [withAccount(await h.refundBetIx(w.alice.address), 3, w.alice.address, R)], mut);
  });

  it('the wrong system program (3008), and too few accounts (3005)', async () => {
    const programId = anchor('InvalidProgramId');
    const dave = await h.user();
    await expectRefused(h, [withAccount(await h.initBetIx(dave), 2, OTHER_PROGRAM)], programId);
    await expectRefused(
      h,
      [withAccount(await h.createBetIx(w.carol, { odds: 50, prize: SOL }), 4, OTHER_PROGRAM)],
      programId,
    );
    await expectRefused(h, [withAccount(await h.initReferralIx(dave.address), 2, OTHER_PROGRAM)], programId);
    await expectRefused(
      h,
      [withAccount(await h.predictIx(w.carol, w.m, SOL, 'no'), 4, OTHER_PROGRAM)],
      programId,
    );
    const market = await generateKeyPairSigner();
    const times = { cutoff: h.now() + 10n, end: h.now() + 20n };
    await expectRefused(h, [withAccount(await h.createMarketIx(market, times), 4, OTHER_PROGRAM)], programId);

    const notEnough = anchor('AccountNotEnoughKeys');
    for (const ix of await everyInstruction()) {
      await expectRefused(h, [withAccountCount(ix, ix.accounts!.length - 1)], notEnough);
    }
  });

  it('the user, payer, caller or referrer must sign (3010)', async () => {
    const notSigner = anchor('AccountNotSigner');
    const dave = await h.user();
    await expectRefused(h, [withoutSigner(await h.initBetIx(dave), 0)], notSigner);
    await expectRefused(
      h,
      [withoutSigner(await h.createBetIx(w.carol, { odds: 50, prize: SOL }), 0)],
      notSigner,
    );
    await expectRefused(h, [withoutSigner(await h.claimBetIx(w.bob), 0)], notSigner);
    await expectRefused(h, [withoutSigner(await h.refundBetIx(w.alice.address), 0)], notSigner);
    await expectRefused(h, [withoutSigner(await h.initReferralIx(dave.address, dave), 0)], notSigner);
    await expectRefused(h, [withoutSigner(await h.claimReferralIx(w.ref), 0)], notSigner);
    await expectRefused(h, [withoutSigner(await h.predictIx(w.carol, w.m, SOL, 'no'), 0)], notSigner);
    await expectRefused(h, [withoutSigner(await h.updatePredictionIx(w.alice, w.m, SOL), 0)], notSigner);
    // A market account must sign its own creation.
    const market = await generateKeyPairSigner();
    const times = { cutoff: h.now() + 10n, end: h.now() + 20n };
    await expectRefused(h, [withoutSigner(await h.createMarketIx(market, times), 2)], notSigner);
    await expectRefused(h, [withoutSigner(h.initializeHouseIx(), 0)], notSigner);
  });
});

describe('each Wager error, where docs/wager.md says it is raised', () => {
  const bet = { odds: 50, prize: SOL } as const;

  it('6000 InvalidMarketplace: claim_bet(sol = false) on a SOL bet; a mint that does not match the bet type', async () => {
    const e = wager('InvalidMarketplace');
    await expectRefused(h, [await h.claimBetIx(w.bob, false)], e);
    const tokenMint = address('TokenMint1111111111111111111111111111111111');
    await expectRefused(h, [await h.createBetIx(w.carol, { ...bet, mint: tokenMint })], e);
    await expectRefused(
      h,
      [await h.createBetIx(w.carol, { ...bet, betType: 'nft', mint: NATIVE_MINT_ADDRESS })],
      e,
    );
    h.expectOk(await h.updateHouse({ offchainBets: true }));
    await expectRefused(h, [await h.createBetOffchainIx(w.carol, { ...bet, mint: tokenMint })], e);
  });

  it('6001 InvalidOdds: odds outside 1–95 (both create instructions); a settle_bet_offchain roll outside 0–99', async () => {
    const e = wager('InvalidOdds');
    h.expectOk(await h.updateHouse({ offchainBets: true }));
    for (const odds of [0, 96]) {
      await expectRefused(h, [await h.createBetIx(w.carol, { odds, prize: SOL })], e);
      await expectRefused(h, [await h.createBetOffchainIx(w.carol, { odds, prize: SOL })], e);
    }
    h.expectOk(await h.createBetOffchain(w.carol, bet));
    await expectRefused(h, [await h.settleBetIx(w.carol.address, 100)], e);
  });

  it('6002 InvalidListingPrice: a prize of 0, or above 5% of the free balance', async () => {
    const e = wager('InvalidListingPrice');
    await expectRefused(h, [await h.createBetIx(w.carol, { odds: 50, prize: 0n })], e);
    await expectRefused(h, [await h.createBetIx(w.carol, { odds: 50, prize: h.maxPrize() + 1n })], e);
    h.expectOk(await h.updateHouse({ offchainBets: true }));
    await expectRefused(h, [await h.createBetOffchainIx(w.carol, { odds: 50, prize: 0n })], e);
  });

  it('6003 BetNotOpen: refunding, or settling off chain, a bet that is not open', async () => {
    const e = wager('BetNotOpen');
    h.setTime(h.now() + DELAY);
    await expectRefused(h, [await h.refundBetIx(w.bob.address)], e);
    await expectRefused(h, [await h.refundBetIx(w.carol.address)], e);
    await expectRefused(h, [await h.settleBetIx(w.bob.address, 0)], e);
  });

  it('6004 BetNotWon: claiming an open bet, a fresh record, a loss or a claimed win', async () => {
    const e = wager('BetNotWon');
    await expectRefused(h, [await h.claimBetIx(w.alice)], e);
    await expectRefused(h, [await h.claimBetIx(w.carol)], e);
    h.expectOk(await h.claimBet(w.bob));
    await expectRefused(h, [await h.claimBetIx(w.bob)], e);
  });

  it('6005 BetNotAvailable: a live bet, an unclaimed win, an unrevealed refund, a paused house, off-chain bets (or their settlement) while off', async () => {
    const e = wager('BetNotAvailable');
    await expectRefused(h, [await h.createBetIx(w.alice, bet)], e);
    await expectRefused(h, [await h.createBetIx(w.bob, bet)], e);
    await expectRefused(h, [await h.createBetOffchainIx(w.carol, bet)], e);
    // An off-chain bet opened while they were on is not settled by the settler's roll once they are off.
    h.expectOk(await h.updateHouse({ offchainBets: true }));
    h.expectOk(await h.createBetOffchain(w.carol, bet));
    h.expectOk(await h.updateHouse({ offchainBets: false }));
    await expectRefused(h, [await h.settleBetIx(w.carol.address, 0)], e);
    h.setTime(h.now() + DELAY);
    h.expectOk(await h.refundBet(w.alice.address));
    await expectRefused(h, [await h.createBetIx(w.alice, bet)], e);
    h.expectOk(await h.updateHouse({ paused: true }));
    await expectRefused(h, [await h.createBetIx(w.carol, bet)], e);
  });

  it('6006 InvalidReferral: init_bet_offchain naming the user or the program', async () => {
    const dave = await h.user();
    await expectRefused(h, [await h.initBetIx(dave, dave.address)], wager('InvalidReferral'));
    await expectRefused(h, [await h.initBetIx(dave, h.programId)], wager('InvalidReferral'));
  });

  it('6007 InvalidMarket: times out of order, a past cutoff, an end beyond the lifetime; too early to resolve, settle or close', async () => {
    const e = wager('InvalidMarket');
    const now = h.now();
    const lifetime = BigInt(MARKET_MAX_LIFETIME_SECS);
    for (const times of [
      { cutoff: now + 20n, end: now + 10n },
      { cutoff: now, end: now + 10n },
      { cutoff: now + 10n, end: now + lifetime + 1n },
    ]) {
      await expectRefused(h, [await h.createMarketIx(await generateKeyPairSigner(), times)], e);
      await expectRefused(h, [h.updateMarketIx(w.m, times)], e);
    }
    await expectRefused(h, [await h.resolveMarketIx(w.m, 'yes')], e);
    await expectRefused(h, [await h.settlePredictionIx(w.m, w.alice.address)], e);
    await expectRefused(h, [await h.closeMarketIx(w.m)], e);
    h.toCutoff(w.m);
    h.expectOk(await h.resolveMarket(w.m, 'no'));
    await expectRefused(h, [await h.closeMarketIx(w.m)], e);
  });

  it('6008 MarketClosed: predicting after the cutoff or the resolution; updating after the cutoff; resolving or expiring twice; adding to a settled prediction', async () => {
    const e = wager('MarketClosed');
    h.toCutoff(w.m);
    await expectRefused(h, [await h.predictIx(w.carol, w.m, SOL, 'no')], e);
    await expectRefused(h, [await h.updatePredictionIx(w.alice, w.m, SOL)], e);
    await expectRefused(h, [h.updateMarketIx(w.m, { cutoff: h.now() + 10n, end: h.now() + 20n })], e);
    h.expectOk(await h.resolveMarket(w.m, 'yes'));
    await expectRefused(h, [await h.resolveMarketIx(w.m, 'no')], e);
    h.setTime(h.fetchMarket(w.m).endTime + BigInt(MARKET_RESOLVE_GRACE_SECS));
    await expectRefused(h, [h.expireMarketIx(w.m)], e);
    // A market resolved, settled, closed and created again at the same address: alice's settled
    // prediction of the old one takes no more stake.
    const again = await generateKeyPairSigner();
    h.expectOk((await h.createMarket({ market: again })).outcome);
    h.expectOk(await h.predict(w.alice, again.address, SOL, 'yes'));
    h.expectOk(await h.predict(w.bob, again.address, SOL, 'no'));
    h.toCutoff(again.address);
    h.expectOk(await h.resolveMarket(again.address, 'yes'));
    h.expectOk(await h.settlePrediction(again.address, w.alice.address));
    h.expectOk(await h.settlePrediction(again.address, w.bob.address));
    h.expectOk(await h.closeMarket(again.address));
    h.expectOk((await h.createMarket({ market: again })).outcome);
    await expectRefused(h, [await h.updatePredictionIx(w.alice, again.address, SOL)], e);
  });

  it('6009 InvalidPrediction: the Invalid side, a second create_prediction, settling twice', async () => {
    const e = wager('InvalidPrediction');
    await expectRefused(h, [await h.predictIx(w.carol, w.m, SOL, 'invalid')], e);
    await expectRefused(h, [await h.predictIx(w.alice, w.m, SOL, 'no')], e);
    h.toCutoff(w.m);
    h.expectOk(await h.resolveMarket(w.m, 'yes'));
    h.expectOk(await h.settlePrediction(w.m, w.alice.address));
    await expectRefused(h, [await h.settlePredictionIx(w.m, w.alice.address)], e);
  });

  it('6010 OverflowError: arithmetic that would overflow (see the section below)', async () => {
    await expectRefused(h, [await h.predictIx(w.carol, w.m, U64_MAX, 'yes')], wager('OverflowError'));
  });

  it('6011 BetTooLow: a stake or prediction under 0.01 SOL', async () => {
    const e = wager('BetTooLow');
    await expectRefused(h, [await h.createBetIx(w.carol, { odds: 50, prize: 19_999_998n })], e);
    h.expectOk(await h.updateHouse({ offchainBets: true }));
    await expectRefused(h, [await h.createBetOffchainIx(w.carol, { odds: 50, prize: 19_999_998n })], e);
    await expectRefused(h, [await h.predictIx(w.carol, w.m, 9_999_999n, 'yes')], e);
    await expectRefused(h, [await h.updatePredictionIx(w.alice, w.m, 9_999_999n)], e);
  });

  it("6012 InvalidReferrer: a vault that is not the record referral's (reveal, off-chain settle, resolve); the program id as a market referrer", async () => {
    const e = wager('InvalidReferrer');
    const stranger = await h.user(1n);
    await expectRefused(h, [await h.revealIx(w.alice.address, { referrer: stranger.address })], e);
    await expectRefused(h, [await h.revealIx(w.alice.address, { referrer: null })], e);
    h.expectOk(await h.updateHouse({ offchainBets: true }));
    h.expectOk(await h.createBetOffchain(w.carol, bet));
    await expectRefused(h, [await h.settleBetIx(w.carol.address, 0, { referrer: w.ref.address })], e);
    const referred = (await h.createMarket({ referrer: w.ref.address })).market;
    h.toCutoff(w.m);
    await expectRefused(h, [await h.resolveMarketIx(w.m, 'yes', { referrer: w.ref.address })], e);
    h.toCutoff(referred);
    await expectRefused(h, [await h.resolveMarketIx(referred, 'yes', { vault: w.ref.address })], e);
    const market = await generateKeyPairSigner();
    await expectRefused(
      h,
      [
        await h.createMarketIx(
          market,
          { cutoff: h.now() + 10n, end: h.now() + 20n },
          { referrer: h.programId },
        ),
      ],
      e,
    );
  });

  it('6013 BetOnChain: settle_bet_offchain on a bet made with create_bet', async () => {
    h.expectOk(await h.updateHouse({ offchainBets: true }));
    for (const roll of [0, 99]) {
      await expectRefused(h, [await h.settleBetIx(w.alice.address, roll)], wager('BetOnChain'));
    }
  });

  it('6014 InvalidSeed: a seed that does not hash to the commitment (random, the commitment itself, a later seed)', async () => {
    const e = wager('InvalidSeed');
    const house = h.fetchHouse();
    for (const seed of [
      h.randomBytes(),
      Uint8Array.from(house.seedCommitment),
      h.seeds.seedFor(house.revealSequence + 1n),
      h.seeds.seedFor(house.revealSequence - 1n),
    ]) {
      await expectRefused(h, [await h.revealIx(w.alice.address, { seed })], e);
    }
  });

  it('6015 RevealOutOfOrder: a bet that is not the next in sequence; a settled bet; an off-chain bet; a fresh record', async () => {
    const e = wager('RevealOutOfOrder');
    const dave = await h.user();
    h.expectOk(await h.initBet(dave));
    h.expectOk(await h.createBet(dave, bet));
    h.advanceSlot();
    // dave's bet (sequence 2) before alice's (sequence 1), even with its right seed.
    await expectRefused(h, [await h.revealIx(dave.address)], e);
    await expectRefused(h, [await h.revealIx(w.bob.address, { seed: h.seeds.seedFor(1n) })], e);
    await expectRefused(h, [await h.revealIx(w.carol.address, { seed: h.seeds.seedFor(1n) })], e);
    h.expectOk(await h.updateHouse({ offchainBets: true }));
    const erin = await h.user();
    h.expectOk(await h.initBet(erin));
    h.expectOk(await h.createBetOffchain(erin, bet));
    await expectRefused(h, [await h.revealIx(erin.address, { seed: h.seeds.seedFor(1n) })], e);
  });

  it('6016 RefundTooEarly: refund_bet before placement + BET_REFUND_DELAY_SECS, by anyone', async () => {
    const placed = (await h.fetchBet(w.alice.address)).timestamp;
    h.setTime(placed + DELAY - 1n);
    for (const caller of [w.alice, h.settler, h.authority, w.carol]) {
      await expectRefused(h, [await h.refundBetIx(w.alice.address, caller)], wager('RefundTooEarly'));
    }
  });

  it('6017 NoSeedCommitted: create_bet when no committed chain holds a seed for the next sequence', async () => {
    const e = wager('NoSeedCommitted');
    const fresh = await WagerHarness.create({ seedChain: 0 });
    const u = await fresh.user();
    fresh.expectOk(await fresh.initBet(u));
    await expectRefused(fresh, [await fresh.createBetIx(u, bet)], e);
    const short = await WagerHarness.create({ seedChain: 1 });
    const [a, b] = [await short.user(), await short.user()];
    short.expectOk(await short.initBet(a));
    short.expectOk(await short.initBet(b));
    short.expectOk(await short.createBet(a, bet));
    await expectRefused(short, [await short.createBetIx(b, bet)], e);
  });

  it('6018 SlotHashUnavailable: a reveal in the bet’s own slot (once its slot has left SlotHashes, the reveal refunds it)', async () => {
    const e = wager('SlotHashUnavailable');
    const dave = await h.user();
    h.expectOk(await h.initBet(dave));
    h.expectOk(await h.reveal(w.alice.address));
    h.expectOk(await h.createBet(dave, bet));
    await expectRefused(h, [await h.revealIx(dave.address)], e);
    // 512 slots later (within the refund deadline on this clock, which slots do not move) it is gone: the
    // roll can no longer be computed, and the reveal refunds the bet instead of failing.
    h.advanceSlots(SLOT_HASHES_MAX);
    expect(h.slotHash((await h.fetchBet(dave.address)).slot)).toBeDefined();
    h.advanceSlot();
    const expired = h.expectOk(await h.reveal(dave.address));
    expect(expired.reveal).toEqual({ kind: 'refunded', sequence: 2n, reason: 'expired' });
  });

  it('6019 MarketNotOverdue: expire_market before the end + MARKET_RESOLVE_GRACE_SECS', async () => {
    const end = h.fetchMarket(w.m).endTime;
    h.setTime(end + BigInt(MARKET_RESOLVE_GRACE_SECS) - 1n);
    await expectRefused(h, [h.expireMarketIx(w.m)], wager('MarketNotOverdue'));
  });

  it('6020 SeedChainInUse: replacing a next chain a bet uses; reset_seed_chain while a bet is open, or within SEED_RESET_DELAY_SECS of a refund that may still owe a win', async () => {
    const e = wager('SeedChainInUse');
    // The world's chain became current at bob's reveal; the next one is free until a bet takes from it.
    await expectRefused(h, [h.resetSeedChainIx(h.newSeedChain(3))], e);
    // alice's open bet refunded with its hash captured: no bet is open, but it may still be owed a win.
    h.setTime(h.now() + DELAY);
    h.expectOk(await h.refundBet(w.alice.address));
    const since = h.fetchHouse().reserveSince;
    expect(h.fetchHouse()).toMatchObject({ openBets: 0n, refundReserve: lateReserve(SOL, 50, true) });
    h.setTime(since + BigInt(SEED_RESET_DELAY_SECS) - 1n);
    await expectRefused(h, [h.resetSeedChainIx(h.newSeedChain(3))], e);
    const short = await WagerHarness.create({ seedChain: 1 });
    const u = await short.user();
    short.expectOk(await short.initBet(u));
    short.expectOk(await short.createBet(u, bet));
    await expectRefused(short, [short.commitSeedChainIx(short.newSeedChain(3))], e);
  });

  it('commit_seed_chain and reset_seed_chain with a length of 0: the runtime’s InvalidArgument', async () => {
    for (const ix of [h.commitSeedChainIx(h.newSeedChain(1)), h.resetSeedChainIx(h.newSeedChain(1))]) {
      const data = dataOf(ix);
      data.fill(0, 40, 48);
      await expectRefused(h, [withData(ix, data)], { builtin: 'InvalidArgument' });
    }
  });
});

describe('6010 OverflowError: from the arguments alone, before any lamport moves', () => {
  it('create_prediction: rent + amount would overflow u64', async () => {
    for (const amount of [U64_MAX, U64_MAX - predictionRent(h) + 1n]) {
      await expectRefused(h, [await h.predictIx(w.carol, w.m, amount, 'yes')], wager('OverflowError'));
    }
  });

  it('update_prediction: the prediction total would overflow u64', async () => {
    await expectRefused(
      h,
      [await h.updatePredictionIx(w.alice, w.m, U64_MAX - SOL + 1n)],
      wager('OverflowError'),
    );
    expect(await h.fetchPrediction(w.m, w.alice.address)).toMatchObject({ amount: SOL });
  });

  it('create_bet cannot overflow: the largest prize is only too large for the house', async () => {
    // stake + fee of u64::MAX at 95% is 0.988 × u64::MAX: it fits, and the cap refuses it.
    await expectRefused(
      h,
      [await h.createBetIx(w.carol, { odds: 95, prize: U64_MAX })],
      wager('InvalidListingPrice'),
    );
  });
});
