/**
 * Refusals that are not about the game's rules: malformed instruction data (Anchor's 100, 101, 102), hostile
 * accounts (another program's look-alikes 3007, records of the wrong type 3002, another user's bet or
 * prediction 2001, addresses that are not the PDAs 2006, read-only accounts 2000, a wrong system program
 * 3008, missing accounts 3005, missing signatures 3010) and arithmetic overflow (6010). Each refused
 * transaction is paid by a separate fee payer and must leave every other account it names, the house and
 * the actors exactly as they were: a refusal never moves a lamport.
 */
import { AccountRole, address, generateKeyPairSigner, type Address, type Instruction } from '@solana/kit';
import { beforeEach, describe, expect, it } from 'vitest';
import { SOL, WagerHarness } from './harness.ts';
import {
  anchor,
  cloneAccount,
  dataOf,
  expectRefused,
  predictionRent,
  sendOk,
  withAccount,
  withAccountCount,
  withData,
  withoutSigner,
  wager,
} from './support.ts';

const U64_MAX = 2n ** 64n - 1n;
/** A program that is not Wager, owning look-alike accounts. */
const OTHER_PROGRAM = address('Fake111111111111111111111111111111111111111');

let h: WagerHarness;

/**
 * A house where alice has an open bet, bob a won and unclaimed bet (both referred by ref), carol a fresh
 * record; market `m` is open with alice on Yes and bob on No, market `n` is open with alice on Yes.
 */
async function world() {
  h = await WagerHarness.create();
  const ref = await h.user(1n);
  const [alice, bob, carol] = [await h.user(), await h.user(), await h.user()];
  h.expectOk(await h.initBet(alice, ref.address));
  h.expectOk(await h.initBet(bob, ref.address));
  h.expectOk(await h.initBet(carol));
  h.expectOk(await h.createBet(alice, { odds: 50, prize: SOL }));
  h.expectOk(await h.createBet(bob, { odds: 50, prize: SOL }));
  h.expectOk(await h.settleBet(bob.address, 0));
  const m = (await h.createMarket()).market;
  const n = (await h.createMarket()).market;
  h.expectOk(await h.predict(alice, m, SOL, 'yes'));
  h.expectOk(await h.predict(bob, m, SOL, 'no'));
  h.expectOk(await h.predict(alice, n, SOL, 'yes'));
  return { ref, alice, bob, carol, m, n };
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

describe('malformed instruction data', () => {
  const missing = anchor('InstructionMissing');
  const notFound = anchor('InstructionFallbackNotFound');
  const didNotDeserialize = anchor('InstructionDidNotDeserialize');

  it('shorter than a discriminator (100), or an unknown discriminator (101)', async () => {
    const ixs = [
      await h.createBetIx(w.carol, { odds: 50, prize: SOL }),
      await h.claimBetIx(w.bob),
      await h.settlePredictionIx(w.m, w.alice.address),
    ];
    for (const ix of ixs) {
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
    cases.push([createBet, cut(9)], [createBet, cut(17)], [createBet, set(17, 3)]); // bet type 3
    const claim = await h.claimBetIx(w.bob);
    cases.push([claim, cut(8)], [claim, set(8, 2)]); // sol = 2
    const dave = await h.user();
    const init = await h.initBetIx(dave, w.ref.address);
    cases.push([init, cut(8)], [init, set(8, 2)], [init, cut(20)]); // option tag 2, key cut short
    const settle = await h.settleBetIx(w.alice.address, 10);
    cases.push([settle, cut(8)]);
    cases.push([h.withdrawIx(SOL, h.authority.address), cut(15)]);
    const update = h.updateHouseIx({ paused: true });
    cases.push([update, cut(72)], [update, set(72, 2)]); // paused = 2
    cases.push([h.initializeHouseIx(), cut(40)]);
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
  const W = AccountRole.WRITABLE;

  it('a house, bet, market or prediction owned by another program (3007)', async () => {
    const fakeHouse = await lookAlike(h.house);
    const aliceBet = await h.betAddress(w.alice.address);
    const fakeBet = await lookAlike(aliceBet);
    const fakeMarket = await lookAlike(w.m);
    const fakePrediction = await lookAlike(await h.predictionAddress(w.m, w.alice.address));
    const refuse = (ix: Instruction) => expectRefused(h, [ix], wrongOwner);

    await refuse(withAccount(await h.createBetIx(w.carol, { odds: 50, prize: SOL }), 2, fakeHouse, W));
    await refuse(withAccount(await h.settleBetIx(w.alice.address, 0), 1, fakeHouse, W));
    await refuse(withAccount(await h.claimBetIx(w.bob), 2, fakeHouse, W));
    await refuse(withAccount(await h.refundBetIx(w.alice.address), 1, fakeHouse, W));
    await refuse(withAccount(h.withdrawIx(SOL, h.authority.address), 1, fakeHouse, W));
    await refuse(withAccount(h.updateHouseIx({ paused: true }), 1, fakeHouse, W));
    await refuse(
      withAccount(h.updateMarketIx(w.m, { cutoff: h.now() + 9n, end: h.now() + 9n }), 1, fakeHouse),
    );
    await refuse(withAccount(await h.settleBetIx(w.alice.address, 0), 2, fakeBet, W));
    await refuse(withAccount(await h.refundBetIx(w.alice.address), 2, fakeBet, W));
    await refuse(withAccount(await h.predictIx(w.carol, w.m, SOL, 'no'), 1, fakeMarket, W));
    await refuse(
      withAccount(h.updateMarketIx(w.m, { cutoff: h.now() + 9n, end: h.now() + 9n }), 2, fakeMarket),
    );
    await refuse(withAccount(await h.updatePredictionIx(w.alice, w.m, SOL), 3, fakePrediction, W));
    await refuse(withAccount(await h.settlePredictionIx(w.m, w.alice.address), 0, fakePrediction, W));
  });

  it('a record that does not exist yet is not the program’s either (3007): a bet before init_bet_offchain', async () => {
    const dave = await h.user();
    await expectRefused(h, [await h.createBetIx(dave, { odds: 50, prize: SOL })], wrongOwner);
    await expectRefused(h, [await h.claimBetIx(dave)], wrongOwner);
    // carol has no prediction in m.
    await expectRefused(h, [await h.updatePredictionIx(w.carol, w.m, SOL)], wrongOwner);
  });

  it('a record of the wrong type (3002)', async () => {
    const aliceBet = await h.betAddress(w.alice.address);
    const alicePrediction = await h.predictionAddress(w.m, w.alice.address);
    const refuse = (ix: Instruction) => expectRefused(h, [ix], wrongType);
    // A bet as the house, the house as a bet, a market as a bet.
    await refuse(withAccount(await h.createBetIx(w.alice, { odds: 50, prize: SOL }), 2, aliceBet, W));
    await refuse(withAccount(await h.settleBetIx(w.alice.address, 0), 2, h.house, W));
    await refuse(withAccount(await h.refundBetIx(w.alice.address), 2, w.m, W));
    await refuse(withAccount(h.withdrawIx(SOL, h.authority.address), 1, aliceBet, W));
    // A prediction as the market, a bet as the market, a market as the prediction.
    await refuse(withAccount(await h.predictIx(w.carol, w.m, SOL, 'no'), 1, alicePrediction, W));
    h.toCutoff(w.m);
    await refuse(withAccount(await h.resolveMarketIx(w.m, 'yes'), 2, aliceBet, W));
    h.expectOk(await h.resolveMarket(w.m, 'yes'));
    await refuse(withAccount(await h.settlePredictionIx(w.m, w.alice.address), 0, w.n, W));
    // A bet as the market of update_market.
    await refuse(
      withAccount(h.updateMarketIx(w.m, { cutoff: h.now() + 9n, end: h.now() + 9n }), 2, aliceBet),
    );
  });

  it("another user's bet (2001): opening on it, claiming it, refunding it to someone else", async () => {
    const aliceBet = await h.betAddress(w.alice.address);
    const bobBet = await h.betAddress(w.bob.address);
    // carol opens a bet on alice's or bob's record.
    await expectRefused(
      h,
      [withAccount(await h.createBetIx(w.carol, { odds: 50, prize: SOL }), 1, aliceBet, W)],
      hasOne,
    );
    // carol claims bob's win.
    await expectRefused(h, [withAccount(await h.claimBetIx(w.carol), 1, bobBet, W)], hasOne);
    // The settler refunds alice's bet to carol.
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

  it('addresses that are not the PDAs (2006): a bet, a prediction, a market pool', async () => {
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
    const market = await generateKeyPairSigner();
    const times = { cutoff: h.now() + 10n, end: h.now() + 20n };
    await expectRefused(h, [withAccount(await h.createMarketIx(market, times), 3, elsewhere)], seeds);
    expect(h.exists(elsewhere) || h.exists(market.address)).toBe(false);
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
    const R = AccountRole.READONLY;
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
    await expectRefused(h, [withAccount(await h.refundBetIx(w.alice.address), 3, w.alice.address, R)], mut);
    await expectRefused(h, [withAccount(await h.settleBetIx(w.alice.address, 0), 3, w.ref.address, R)], mut);
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
    await expectRefused(
      h,
      [withAccount(await h.predictIx(w.carol, w.m, SOL, 'no'), 4, OTHER_PROGRAM)],
      programId,
    );
    const market = await generateKeyPairSigner();
    const times = { cutoff: h.now() + 10n, end: h.now() + 20n };
    await expectRefused(h, [withAccount(await h.createMarketIx(market, times), 4, OTHER_PROGRAM)], programId);

    const notEnough = anchor('AccountNotEnoughKeys');
    const all: Instruction[] = [
      await h.initBetIx(dave),
      await h.createBetIx(w.carol, { odds: 50, prize: SOL }),
      await h.settleBetIx(w.alice.address, 0),
      await h.claimBetIx(w.bob),
      await h.refundBetIx(w.alice.address),
      h.withdrawIx(SOL, h.authority.address),
      h.updateHouseIx({ paused: true }),
      await h.createMarketIx(market, times),
      h.updateMarketIx(w.m, times),
      await h.resolveMarketIx(w.m, 'yes'),
      await h.closeMarketIx(w.m),
      await h.predictIx(w.carol, w.m, SOL, 'no'),
      await h.updatePredictionIx(w.alice, w.m, SOL),
      await h.settlePredictionIx(w.m, w.alice.address),
    ];
    for (const ix of all) {
      await expectRefused(h, [withAccountCount(ix, ix.accounts!.length - 1)], notEnough);
    }
  });

  it('the user must sign for their own record and money (3010)', async () => {
    const notSigner = anchor('AccountNotSigner');
    const dave = await h.user();
    await expectRefused(h, [withoutSigner(await h.initBetIx(dave), 0)], notSigner);
    await expectRefused(
      h,
      [withoutSigner(await h.createBetIx(w.carol, { odds: 50, prize: SOL }), 0)],
      notSigner,
    );
    await expectRefused(h, [withoutSigner(await h.claimBetIx(w.bob), 0)], notSigner);
    await expectRefused(h, [withoutSigner(await h.predictIx(w.carol, w.m, SOL, 'no'), 0)], notSigner);
    await expectRefused(h, [withoutSigner(await h.updatePredictionIx(w.alice, w.m, SOL), 0)], notSigner);
    // A market account must sign its own creation.
    const market = await generateKeyPairSigner();
    const times = { cutoff: h.now() + 10n, end: h.now() + 20n };
    await expectRefused(h, [withoutSigner(await h.createMarketIx(market, times), 2)], notSigner);
    await expectRefused(h, [withoutSigner(h.initializeHouseIx(), 0)], notSigner);
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

  it('create_bet_offchain cannot overflow: the largest prize is only too large for the house', async () => {
    // stake + fee of u64::MAX at 95% is 0.988 × u64::MAX: it fits, and the cap refuses it.
    await expectRefused(
      h,
      [await h.createBetIx(w.carol, { odds: 95, prize: U64_MAX })],
      wager('InvalidListingPrice'),
    );
  });
});
