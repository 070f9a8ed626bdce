/**
 * Prophecy markets, as docs/wager.md describes them: creation and its times (within the maximum lifetime),
 * predictions before and after the cutoff, updates (only before the cutoff), resolution with exact payouts
 * for Yes, No and Invalid (the SDK's `predictionPayout` and `marketFee` as the oracle, and one case worked out
 * by hand), an empty winning side, the referrer's share (credited to its vault), expiry by anyone once the
 * authority is overdue, permissionless settlement, and the sweep by close_market. Every refusal is asserted
 * by its code with nothing moved, and the PredictionUpdate and MarketUpdate events are decoded and checked.
 */
import { address, generateKeyPairSigner, lamports, type Address, type KeyPairSigner } from '@solana/kit';
import { beforeEach, describe, expect, it } from 'vitest';
import { MARKET_MAX_LIFETIME_SECS, MARKET_RESOLVE_GRACE_SECS } from '@arcade/sdk/constants';
import { MarketResult, type MarketAccount } from '@arcade/sdk/wager/accounts';
import { marketFee, predictionPayout, referralShare } from '@arcade/sdk/wager/bet-math';
import { SOL, T0, WagerHarness, type Success } from './harness.ts';
import {
  anchor,
  expectRefused,
  marketRent,
  predictionRent,
  SIGNATURE_FEE,
  vaultRent,
  walletRent,
  watchBalances,
  withAccount,
  wager,
} from './support.ts';

type Side = 'yes' | 'no';
const SIDE = { yes: MarketResult.Yes, no: MarketResult.No } as const;

const GRACE = BigInt(MARKET_RESOLVE_GRACE_SECS);
const LIFETIME = BigInt(MARKET_MAX_LIFETIME_SECS);

let h: WagerHarness;
let ref: KeyPairSigner;
/** ref's referral vault, created in beforeEach: market fees' referrer shares are credited there. */
let refVault: Address;
const users = new Map<string, KeyPairSigner>();

beforeEach(async () => {
  h = await WagerHarness.create();
  // The treasury starts as an empty wallet; give it 1 SOL so fees of any size can be paid to it (the case
  // where it cannot take a small fee has its own test).
  h.svm.airdrop(h.treasury.address, lamports(SOL));
  ref = await h.user(1n);
  refVault = await h.vaultAddress(ref.address);
  h.expectOk(await h.initReferral(ref.address));
  users.clear();
  for (const name of ['alice', 'bob', 'carol', 'dave']) users.set(name, await h.user());
});

const user = (name: string) => users.get(name)!;

/** A market with predictions closing in 100 s and ending in 200 s. */
async function market(referrer: Address | null = null): Promise<Address> {
  const { market, outcome } = await h.createMarket({
    cutoff: h.now() + 100n,
    end: h.now() + 200n,
    referrer,
  });
  h.expectOk(outcome);
  return market;
}

/** create_prediction, checking the user paid the amount and the record's rent, and the pool got the amount. */
async function predict(name: string, m: Address, amount: bigint, side: Side): Promise<Success> {
  const u = user(name);
  const pool = await h.poolAddress(m);
  const before = h.fetchMarket(m);
  const w = watchBalances(h, { user: u.address, pool });
  const outcome = h.expectOk(await h.predict(u, m, amount, side));
  expect(w.deltas()).toEqual({ user: -amount - predictionRent(h), pool: amount });
  const after = h.fetchMarket(m);
  expect(after).toEqual({
    ...before,
    yesPool: before.yesPool + (side === 'yes' ? amount : 0n),
    noPool: before.noPool + (side === 'no' ? amount : 0n),
    yesCount: before.yesCount + (side === 'yes' ? 1 : 0),
    noCount: before.noCount + (side === 'no' ? 1 : 0),
  });
  const prediction = { user: u.address, market: m, amount, result: SIDE[side], isClaimed: false };
  expect(await h.fetchPrediction(m, u.address)).toEqual(prediction);
  expect(outcome.events).toEqual([{ name: 'PredictionUpdate', data: { prediction, timestamp: h.now() } }]);
  return outcome;
}

/** Resolves, checking what the treasury and the referrer's vault got and the MarketUpdate event. */
async function resolve(
  m: Address,
  result: 'yes' | 'no' | 'invalid',
  expected: { recorded: MarketResult; fee: bigint; share: bigint },
): Promise<MarketAccount> {
  const pool = await h.poolAddress(m);
  const referrer = h.fetchMarket(m).referrer;
  const w = watchBalances(h, { treasury: h.treasury.address, pool, ref: refVault });
  const outcome = h.expectOk(await h.resolveMarket(m, result));
  const resolved = h.fetchMarket(m);
  expect(resolved).toMatchObject({ isSettled: true, result: expected.recorded, settledCount: 0 });
  expect(marketFee(resolved)).toBe(expected.fee);
  expect(w.deltas()).toEqual({
    treasury: expected.fee - expected.share,
    pool: -expected.fee,
    ref: referrer === ref.address ? expected.share : 0n,
  });
  expect(outcome.events).toEqual([{ name: 'MarketUpdate', data: { key: m, market: resolved } }]);
  return resolved;
}

/** settle_prediction cranked by the harness's payer; checks the predictor got exactly `payout`. */
async function settle(name: string, m: Address, payout: bigint): Promise<void> {
  const u = user(name);
  const pool = await h.poolAddress(m);
  const before = h.fetchMarket(m);
  const w = watchBalances(h, { user: u.address, pool });
  const outcome = h.expectOk(await h.settlePrediction(m, u.address));
  expect(w.deltas()).toEqual({ user: payout, pool: -payout });
  const prediction = await h.fetchPrediction(m, u.address);
  expect(prediction.isClaimed).toBe(true);
  const after = h.fetchMarket(m);
  expect(after).toEqual({ ...before, settledCount: before.settledCount + 1 });
  expect(outcome.events).toEqual([
    { name: 'PredictionUpdate', data: { prediction, timestamp: h.now() } },
    { name: 'MarketUpdate', data: { key: m, market: after } },
  ]);
}

describe('create_market', () => {
  it('creates the market and its pool, paid by the authority, and emits MarketUpdate', async () => {
    const marketKey = await generateKeyPairSigner();
    const pool = await h.poolAddress(marketKey.address);
    const w = watchBalances(h, { authority: h.authority.address, market: marketKey.address, pool });
    const { outcome } = await h.createMarket({
      market: marketKey,
      cutoff: T0 + 100n,
      end: T0 + 100n, // cutoff = end is allowed
      referrer: ref.address,
    });
    const created = h.expectOk(outcome);
    expect(w.deltas()).toEqual({
      authority: -marketRent(h) - walletRent(h),
      market: marketRent(h),
      pool: walletRent(h),
    });
    const record = h.fetchMarket(marketKey.address);
    expect(record).toEqual({
      startTime: T0,
      endTime: T0 + 100n,
      cutoffTime: T0 + 100n,
      yesCount: 0,
      noCount: 0,
      yesPool: 0n,
      noPool: 0n,
      isSettled: false,
      settledCount: 0,
      result: null,
      referrer: ref.address,
      marketAuthority: pool,
    });
    expect(created.events).toEqual([
      { name: 'MarketUpdate', data: { key: marketKey.address, market: record } },
    ]);
    // The pool is a data-less account of the program.
    const account = h.svm.getAccount(pool);
    expect(account.exists && [account.programAddress, account.data.length]).toEqual([h.programId, 0]);
  });

  it('times out of order are InvalidMarket: cutoff in the past or now, or after the end', async () => {
    const now = h.now();
    for (const times of [
      { cutoff: now, end: now + 100n },
      { cutoff: now - 1n, end: now + 100n },
      { cutoff: now + 101n, end: now + 100n },
    ]) {
      const m = await generateKeyPairSigner();
      await expectRefused(h, [await h.createMarketIx(m, times)], wager('InvalidMarket'));
      expect(h.exists(m.address)).toBe(false);
    }
  });
});

describe('predictions', () => {
  it('before the cutoff only; at and after it MarketClosed, for creating and for adding', async () => {
    const m = await market();
    h.setTime(T0 + 99n);
    await predict('alice', m, SOL, 'yes');
    const closed = wager('MarketClosed');
    h.setTime(T0 + 100n);
    await expectRefused(h, [await h.predictIx(user('bob'), m, SOL, 'no')], closed);
    await expectRefused(h, [await h.updatePredictionIx(user('alice'), m, SOL)], closed);
    h.setTime(T0 + 150n);
    await expectRefused(h, [await h.predictIx(user('bob'), m, SOL, 'no')], closed);
    await expectRefused(h, [await h.updatePredictionIx(user('alice'), m, SOL)], closed);
  });

  it('update_prediction adds to the prediction on its side; the count does not change', async () => {
    const m = await market();
    await predict('alice', m, SOL, 'no');
    h.setTime(T0 + 5n);
    const pool = await h.poolAddress(m);
    const w = watchBalances(h, { alice: user('alice').address, pool });
    const outcome = h.expectOk(await h.updatePrediction(user('alice'), m, SOL / 2n));
    expect(w.deltas()).toEqual({ alice: -SOL / 2n, pool: SOL / 2n });
    const prediction = await h.fetchPrediction(m, user('alice').address);
    expect(prediction).toMatchObject({ amount: (3n * SOL) / 2n, result: MarketResult.No, isClaimed: false });
    expect(h.fetchMarket(m)).toMatchObject({ noPool: (3n * SOL) / 2n, noCount: 1, yesCount: 0 });
    expect(outcome.events).toEqual([{ name: 'PredictionUpdate', data: { prediction, timestamp: T0 + 5n } }]);
  });

  it('InvalidPrediction: the Invalid side, a second create_prediction on either side', async () => {
    const m = await market();
    const invalid = wager('InvalidPrediction');
    await expectRefused(h, [await h.predictIx(user('alice'), m, SOL, 'invalid')], invalid);
    await predict('alice', m, SOL, 'yes');
    await expectRefused(h, [await h.predictIx(user('alice'), m, SOL, 'no')], invalid);
    await expectRefused(h, [await h.predictIx(user('alice'), m, SOL, 'yes')], invalid);
    expect(await h.fetchPrediction(m, user('alice').address)).toMatchObject({ amount: SOL });
  });

  it('BetTooLow: 9,999,999 lamports is refused, 10,000,000 taken, when creating and when adding', async () => {
    const m = await market();
    await expectRefused(h, [await h.predictIx(user('alice'), m, 9_999_999n, 'yes')], wager('BetTooLow'));
    await predict('alice', m, 10_000_000n, 'yes');
    await expectRefused(h, [await h.updatePredictionIx(user('alice'), m, 9_999_999n)], wager('BetTooLow'));
    h.expectOk(await h.updatePrediction(user('alice'), m, 10_000_000n));
    expect(h.fetchMarket(m)).toMatchObject({ yesPool: 20_000_000n, yesCount: 1 });
  });

  it('update_market moves the times before the cutoff only (cutoff in the future, ≤ end, else InvalidMarket)', async () => {
    const m = await market();
    h.setTime(T0 + 50n);
    await expectRefused(
      h,
      [h.updateMarketIx(m, { cutoff: T0 + 301n, end: T0 + 300n })],
      wager('InvalidMarket'),
    );
    // A new cutoff now or in the past would close (or reopen) predictions behind everyone's back.
    for (const cutoff of [T0 + 50n, T0 + 49n]) {
      await expectRefused(h, [h.updateMarketIx(m, { cutoff, end: T0 + 300n })], wager('InvalidMarket'));
    }
    const outcome = h.expectOk(await h.updateMarket(m, { cutoff: T0 + 300n, end: T0 + 300n }));
    const record = h.fetchMarket(m);
    expect(record).toMatchObject({ startTime: T0, cutoffTime: T0 + 300n, endTime: T0 + 300n });
    expect(outcome.events).toEqual([{ name: 'MarketUpdate', data: { key: m, market: record } }]);
    await predict('alice', m, SOL, 'yes');
    // At the cutoff the times are fixed: no reopening.
    h.setTime(T0 + 300n);
    await expectRefused(h, [await h.predictIx(user('bob'), m, SOL, 'no')], wager('MarketClosed'));
    await expectRefused(
      h,
      [h.updateMarketIx(m, { cutoff: T0 + 600n, end: T0 + 600n })],
      wager('MarketClosed'),
    );
  });

  it('the end is at most MARKET_MAX_LIFETIME_SECS after the start, at creation and at every update', async () => {
    const now = h.now();
    const far = await generateKeyPairSigner();
    await expectRefused(
      h,
      [await h.createMarketIx(far, { cutoff: now + 100n, end: now + LIFETIME + 1n })],
      wager('InvalidMarket'),
    );
    const { market: m, outcome } = await h.createMarket({ cutoff: now + 100n, end: now + LIFETIME });
    h.expectOk(outcome);
    h.setTime(now + 50n);
    // Measured from the start, not from now.
    await expectRefused(
      h,
      [h.updateMarketIx(m, { cutoff: now + 100n, end: now + LIFETIME + 1n })],
      wager('InvalidMarket'),
    );
    h.expectOk(await h.updateMarket(m, { cutoff: now + 200n, end: now + LIFETIME }));
  });
});

describe('expire_market: an overdue market is resolved Invalid by anyone', () => {
  it('not before its end + MARKET_RESOLVE_GRACE_SECS (MarketNotOverdue); then anyone expires it, and everyone is refunded', async () => {
    const m = await market(ref.address);
    await predict('alice', m, SOL, 'yes');
    await predict('bob', m, 2n * SOL, 'no');
    const end = h.fetchMarket(m).endTime;
    const stranger = await h.user(1n);
    for (const at of [T0 + 100n, end, end + GRACE - 1n]) {
      h.setTime(at);
      await expectRefused(h, [h.expireMarketIx(m)], wager('MarketNotOverdue'), { feePayer: stranger });
    }
    h.setTime(end + GRACE);
    const pool = await h.poolAddress(m);
    const w = watchBalances(h, {
      treasury: h.treasury.address,
      pool,
      vault: refVault,
      stranger: stranger.address,
    });
    const expired = h.expectOk(await h.expireMarket(m, stranger));
    // No fee: the authority never resolved it.
    expect(w.deltas()).toEqual({ treasury: 0n, pool: 0n, vault: 0n, stranger: -SIGNATURE_FEE });
    const record = h.fetchMarket(m);
    expect(record).toMatchObject({ isSettled: true, result: MarketResult.Invalid, settledCount: 0 });
    expect(expired.events).toEqual([{ name: 'MarketUpdate', data: { key: m, market: record } }]);
    await settle('alice', m, SOL);
    await settle('bob', m, 2n * SOL);
    // Expired once; it cannot be expired or resolved again.
    await expectRefused(h, [h.expireMarketIx(m)], wager('MarketClosed'));
    await expectRefused(h, [await h.resolveMarketIx(m, 'yes')], wager('MarketClosed'));
    h.expectOk(await h.closeMarket(m));
  });

  it('a resolved market cannot be expired (MarketClosed)', async () => {
    const m = await market();
    await predict('alice', m, SOL, 'yes');
    h.toCutoff(m);
    h.expectOk(await h.resolveMarket(m, 'yes'));
    h.setTime(h.fetchMarket(m).endTime + GRACE);
    await expectRefused(h, [h.expireMarketIx(m)], wager('MarketClosed'));
  });
});

describe('resolution and payouts', () => {
  it('Yes, worked out by hand: 3% to the treasury (10% of it to the referrer), winners share the rest', async () => {
    const m = await market(ref.address);
    await predict('alice', m, SOL, 'yes');
    await predict('bob', m, 2n * SOL, 'yes');
    await predict('carol', m, (7n * SOL) / 10n, 'no');
    h.expectOk(await h.updatePrediction(user('carol'), m, (3n * SOL) / 10n));
    h.toCutoff(m);
    // Pot 4 SOL: fee 0.12 SOL, of which 0.012 SOL to the referrer; 3.88 SOL for a Yes pool of 3 SOL.
    const resolved = await resolve(m, 'yes', {
      recorded: MarketResult.Yes,
      fee: 120_000_000n,
      share: 12_000_000n,
    });
    // alice: 1 × 3.88 / 3 = 1.29333…; bob: 2 × 3.88 / 3 = 2.58666…, each rounded down.
    await settle('alice', m, 1_293_333_333n);
    await settle('bob', m, 2_586_666_666n);
    await settle('carol', m, 0n);
    expect(predictionPayout(resolved, SOL, MarketResult.Yes)).toBe(1_293_333_333n);
    // One lamport of rounding dust is left with the pool's rent.
    const pool = await h.poolAddress(m);
    expect(h.balance(pool)).toBe(walletRent(h) + 1n);
    expect(h.fetchMarket(m)).toMatchObject({ settledCount: 3, yesCount: 2, noCount: 1 });
  });

  it('No: payouts as the SDK computes them, the referrer paid its share', async () => {
    const m = await market(ref.address);
    const stakes: [string, bigint, Side][] = [
      ['alice', 1_234_567_891n, 'yes'],
      ['bob', 333_333_333n, 'no'],
      ['carol', 777_777_777n, 'no'],
      ['dave', 10_000_000n, 'no'],
    ];
    for (const [name, amount, side] of stakes) await predict(name, m, amount, side);
    h.toCutoff(m, 5n);
    const pot = stakes.reduce((s, [, a]) => s + a, 0n);
    const fee = (pot * 300n) / 10_000n;
    const resolved = await resolve(m, 'no', { recorded: MarketResult.No, fee, share: referralShare(fee) });
    let paid = 0n;
    for (const [name, amount, side] of stakes) {
      const payout = predictionPayout(resolved, amount, SIDE[side]);
      await settle(name, m, payout);
      paid += payout;
    }
    // Winners got at most pot − fee, less than a lamport each short of it.
    expect(pot - fee - paid >= 0n && pot - fee - paid < 3n).toBe(true);
    expect(h.balance(await h.poolAddress(m))).toBe(walletRent(h) + pot - fee - paid);
  });

  it('Invalid: no fee, everyone refunded their amount', async () => {
    const m = await market(ref.address);
    await predict('alice', m, SOL, 'yes');
    await predict('bob', m, 3n * SOL, 'no');
    h.expectOk(await h.updatePrediction(user('bob'), m, SOL));
    h.toCutoff(m);
    await resolve(m, 'invalid', { recorded: MarketResult.Invalid, fee: 0n, share: 0n });
    await settle('alice', m, SOL);
    await settle('bob', m, 4n * SOL);
    expect(h.balance(await h.poolAddress(m))).toBe(walletRent(h));
  });

  for (const [side, other] of [
    ['yes', 'no'],
    ['no', 'yes'],
  ] as const) {
    it(`${side} with nobody on ${side} is recorded Invalid: no fee, everyone refunded`, async () => {
      const m = await market(ref.address);
      await predict('alice', m, SOL, other);
      await predict('bob', m, 2n * SOL, other);
      h.toCutoff(m);
      await resolve(m, side, { recorded: MarketResult.Invalid, fee: 0n, share: 0n });
      await settle('alice', m, SOL);
      await settle('bob', m, 2n * SOL);
    });
  }

  it('a market without predictions resolves Invalid whatever the result, and closes', async () => {
    const m = await market();
    h.toCutoff(m);
    await resolve(m, 'yes', { recorded: MarketResult.Invalid, fee: 0n, share: 0n });
    h.expectOk(await h.closeMarket(m));
  });

  it('only the winners take part: a one-sided pot pays back 97% (the empty side is the losing one)', async () => {
    const m = await market();
    await predict('alice', m, SOL, 'yes');
    h.toCutoff(m);
    const resolved = await resolve(m, 'yes', { recorded: MarketResult.Yes, fee: 30_000_000n, share: 0n });
    await settle('alice', m, predictionPayout(resolved, SOL, MarketResult.Yes));
    expect(predictionPayout(resolved, SOL, MarketResult.Yes)).toBe(970_000_000n);
  });

  it('the referrer must be the market referrer exactly (InvalidReferrer)', async () => {
    const m = await market(ref.address);
    const plain = await market();
    for (const x of [m, plain]) {
      await predict('alice', x, SOL, 'yes');
      await predict('bob', x, SOL, 'no');
    }
    h.toCutoff(m);
    const invalid = wager('InvalidReferrer');
    const stranger = (await h.user(1n)).address;
    await expectRefused(h, [await h.resolveMarketIx(m, 'yes', { referrer: stranger })], invalid);
    await expectRefused(h, [await h.resolveMarketIx(m, 'yes', { referrer: null })], invalid);
    // Passing one to a market that has none, even for an Invalid result.
    await expectRefused(h, [await h.resolveMarketIx(plain, 'invalid', { referrer: ref.address })], invalid);
    await resolve(m, 'yes', { recorded: MarketResult.Yes, fee: 60_000_000n, share: 6_000_000n });
    await resolve(plain, 'yes', { recorded: MarketResult.Yes, fee: 60_000_000n, share: 0n });
  });

  it('a fee too small for an empty treasury stays in the pool; close_market sweeps it there', async () => {
    // A fresh, empty treasury.
    const treasury = await h.user(0n);
    h.expectOk(await h.updateHouse({ treasury: treasury.address }));
    const m = await market();
    await predict('alice', m, 10_000_000n, 'yes');
    await predict('bob', m, 10_000_000n, 'no');
    h.toCutoff(m);
    const pool = await h.poolAddress(m);
    const w = watchBalances(h, { treasury: treasury.address, pool });
    h.expectOk(await h.resolveMarket(m, 'yes', { treasury: treasury.address }));
    // 3% of 0.02 SOL = 600,000 lamports: less than an empty wallet's rent-exempt minimum.
    expect(w.deltas()).toEqual({ treasury: 0n, pool: 0n });
    await settle('alice', m, 19_400_000n);
    await settle('bob', m, 0n);
    // The pool still holds its rent and the fee; closing moves both to the treasury.
    expect(h.balance(pool)).toBe(walletRent(h) + 600_000n);
    h.expectOk(await h.closeMarket(m, { treasury: treasury.address }));
    expect(h.balance(treasury.address)).toBe(walletRent(h) + 600_000n);
  });
});

describe('the order of things', () => {
  it('resolve before the cutoff is InvalidMarket; at the cutoff it resolves; twice is MarketClosed', async () => {
    const m = await market();
    await predict('alice', m, SOL, 'yes');
    await predict('bob', m, SOL, 'no');
    h.toCutoff(m, -1n);
    await expectRefused(h, [await h.resolveMarketIx(m, 'yes')], wager('InvalidMarket'));
    h.toCutoff(m);
    h.expectOk(await h.resolveMarket(m, 'yes'));
    const closed = wager('MarketClosed');
    await expectRefused(h, [await h.resolveMarketIx(m, 'no')], closed);
    await expectRefused(h, [await h.resolveMarketIx(m, 'yes')], closed);
    await expectRefused(h, [h.updateMarketIx(m, { cutoff: h.now() + 100n, end: h.now() + 200n })], closed);
    // A resolved market takes no prediction even if the clock were before its cutoff again.
    h.setTime(T0 + 10n);
    await expectRefused(h, [await h.predictIx(user('carol'), m, SOL, 'yes')], closed);
    await expectRefused(h, [await h.updatePredictionIx(user('alice'), m, SOL)], closed);
  });

  it('settling before resolution is InvalidMarket; settling twice is InvalidPrediction', async () => {
    const m = await market();
    await predict('alice', m, SOL, 'yes');
    await predict('bob', m, SOL, 'no');
    await expectRefused(h, [await h.settlePredictionIx(m, user('alice').address)], wager('InvalidMarket'));
    h.toCutoff(m);
    await expectRefused(h, [await h.settlePredictionIx(m, user('alice').address)], wager('InvalidMarket'));
    h.expectOk(await h.resolveMarket(m, 'no'));
    await settle('alice', m, 0n);
    await settle('bob', m, 1_940_000_000n);
    for (const name of ['alice', 'bob']) {
      await expectRefused(h, [await h.settlePredictionIx(m, user(name).address)], wager('InvalidPrediction'));
    }
  });

  it('settle_prediction cranked by a stranger pays the predictor, never the stranger', async () => {
    const m = await market();
    await predict('alice', m, SOL, 'yes');
    await predict('bob', m, SOL, 'no');
    h.toCutoff(m);
    h.expectOk(await h.resolveMarket(m, 'yes'));
    const stranger = await h.user(1n);
    const w = watchBalances(h, { stranger: stranger.address, alice: user('alice').address });
    h.expectOk(await h.settlePrediction(m, user('alice').address, stranger));
    expect(w.deltas()).toEqual({ stranger: -SIGNATURE_FEE, alice: 1_940_000_000n });
    // Naming the stranger as the payee is refused: the payee is the prediction's user (2001).
    await expectRefused(
      h,
      [withAccount(await h.settlePredictionIx(m, user('bob').address), 3, stranger.address)],
      anchor('ConstraintHasOne'),
      { feePayer: stranger },
    );
  });

  it('close_market: not before resolution nor before every prediction is settled; then the sweep', async () => {
    const m = await market();
    await predict('alice', m, SOL, 'yes');
    await predict('bob', m, 2n * SOL, 'yes');
    await predict('carol', m, SOL, 'no');
    const notYet = wager('InvalidMarket');
    await expectRefused(h, [await h.closeMarketIx(m)], notYet);
    h.toCutoff(m);
    h.expectOk(await h.resolveMarket(m, 'yes'));
    await expectRefused(h, [await h.closeMarketIx(m)], notYet);
    const resolved = h.fetchMarket(m);
    await settle('alice', m, predictionPayout(resolved, SOL, MarketResult.Yes));
    await settle('carol', m, 0n);
    expect(h.fetchMarket(m).settledCount).toBe(2);
    await expectRefused(h, [await h.closeMarketIx(m)], notYet);
    await settle('bob', m, predictionPayout(resolved, 2n * SOL, MarketResult.Yes));
    expect(h.fetchMarket(m).settledCount).toBe(3);

    const pool = await h.poolAddress(m);
    const dust = h.balance(pool) - walletRent(h);
    // 3.88 SOL over 3 SOL of Yes: 1.2933…+2.5866…, one lamport of dust.
    expect(dust).toBe(1n);
    const w = watchBalances(h, {
      treasury: h.treasury.address,
      authority: h.authority.address,
      pool,
      market: m,
    });
    h.expectOk(await h.closeMarket(m));
    expect(w.deltas()).toEqual({
      treasury: walletRent(h) + dust,
      authority: marketRent(h),
      pool: -(walletRent(h) + dust),
      market: -marketRent(h),
    });
    expect(h.exists(m)).toBe(false);
    expect(h.exists(pool)).toBe(false);
    // A closed market is gone: nothing more can be done with it (it is no longer the program's).
    await expectRefused(
      h,
      [await h.settlePredictionIx(m, user('bob').address)],
      anchor('AccountOwnedByWrongProgram'),
    );
  });

  it("a pool that is not the market's is ConstraintSeeds (2006), wherever a pool is passed", async () => {
    const m = await market();
    const other = await market();
    await predict('alice', m, SOL, 'yes');
    await predict('bob', m, SOL, 'no');
    const wrong = await h.poolAddress(other);
    const seeds = anchor('ConstraintSeeds');
    await expectRefused(h, [withAccount(await h.predictIx(user('carol'), m, SOL, 'yes'), 2, wrong)], seeds);
    await expectRefused(h, [withAccount(await h.updatePredictionIx(user('alice'), m, SOL), 2, wrong)], seeds);
    h.toCutoff(m);
    await expectRefused(h, [withAccount(await h.resolveMarketIx(m, 'yes'), 3, wrong)], seeds);
    h.expectOk(await h.resolveMarket(m, 'yes'));
    await expectRefused(
      h,
      [withAccount(await h.settlePredictionIx(m, user('alice').address), 2, wrong)],
      seeds,
    );
    h.expectOk(await h.settlePrediction(m, user('alice').address));
    h.expectOk(await h.settlePrediction(m, user('bob').address));
    await expectRefused(h, [withAccount(await h.closeMarketIx(m), 3, wrong)], seeds);
    h.expectOk(await h.closeMarket(m));
  });
});

// docs/trust.md, "Nothing blocks settlement": a market referrer's share goes to its vault, a PDA of this
// program that can always be credited, whatever the referrer's key is. The program id cannot be named (in the
// optional account slot it means "no account"), so create_market refuses it.
describe('market referrers of any kind', () => {
  it('a market whose referrer is the program id is refused at creation (InvalidReferrer)', async () => {
    const m = await generateKeyPairSigner();
    await expectRefused(
      h,
      [await h.createMarketIx(m, { cutoff: h.now() + 100n, end: h.now() + 200n }, { referrer: h.programId })],
      wager('InvalidReferrer'),
    );
    expect(h.exists(m.address)).toBe(false);
  });

  it('a sysvar referrer: resolution succeeds; without a vault the share stays in the pool for close_market', async () => {
    const clock = address('SysvarC1ock11111111111111111111111111111111');
    const m = await market(clock);
    await predict('alice', m, SOL, 'yes');
    await predict('bob', m, SOL, 'no');
    h.toCutoff(m);
    const pool = await h.poolAddress(m);
    const w = watchBalances(h, { treasury: h.treasury.address, pool });
    h.expectOk(await h.resolveMarket(m, 'yes'));
    // 3% of 2 SOL = 0.06 SOL: the treasury takes 0.054, the referrer's 0.006 waits in the pool.
    expect(w.deltas()).toEqual({ treasury: 54_000_000n, pool: -54_000_000n });
    await settle('alice', m, 1_940_000_000n);
    await settle('bob', m, 0n);
    expect(h.balance(pool)).toBe(walletRent(h) + 6_000_000n);
    const t = watchBalances(h, { treasury: h.treasury.address });
    h.expectOk(await h.closeMarket(m));
    expect(t.deltas()).toEqual({ treasury: walletRent(h) + 6_000_000n });
  });

  it('a sysvar referrer with its vault created: the share is credited there, for nobody to claim but that key', async () => {
    const clock = address('SysvarC1ock11111111111111111111111111111111');
    h.expectOk(await h.initReferral(clock));
    const vault = await h.vaultAddress(clock);
    const m = await market(clock);
    await predict('alice', m, SOL, 'yes');
    await predict('bob', m, SOL, 'no');
    h.toCutoff(m);
    const w = watchBalances(h, { treasury: h.treasury.address, vault });
    h.expectOk(await h.resolveMarket(m, 'no'));
    expect(w.deltas()).toEqual({ treasury: 54_000_000n, vault: 6_000_000n });
    expect(h.balance(vault)).toBe(vaultRent(h) + 6_000_000n);
  });
});
