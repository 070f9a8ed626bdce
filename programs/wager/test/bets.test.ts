/**
 * TailSpin and ReTail bets against the house, as docs/wager.md describes them: every BetState transition
 * with the exact lamports of the user, the house and the referral before and after, `outstanding` after each
 * step, the NewBet and BetSettled events, and every refused transition by its error code, with nothing moved.
 *
 * Numbers: stake = ceil(prize × odds / 100), fee = floor(4% of the stake), the referral's share = floor(10%
 * of the fee). The SDK's bet maths is the oracle, and one bet is also worked out by hand.
 *
 * BetOnChain (6013) is not tested: `settle_bet_offchain` raises it for a bet whose `off_chain` is false, and
 * every bet record this program writes has `off_chain` true (init_bet_offchain and create_bet_offchain both
 * set it), so only a record from an on-chain randomness flow, which this version does not have, could reach
 * it (docs/wager.md). Forging such a record with `setAccount` would only test the forgery.
 */
import { address, type Address, type KeyPairSigner } from '@solana/kit';
import { beforeEach, describe, expect, it } from 'vitest';
import { BetResult, BetState, BetType } from '@arcade/sdk/wager/accounts';
import {
  betCost,
  betFee,
  betStake,
  houseFreeBalance,
  maxPrize,
  referralShare,
} from '@arcade/sdk/wager/bet-math';
import { NATIVE_MINT_ADDRESS } from '@arcade/sdk/wager/program';
import { HOUSE_BANKROLL, SOL, T0, WagerHarness, type BetInput, type Success } from './harness.ts';
import { betRent, expectError, expectRefused, walletRent, watchBalances, wager } from './support.ts';

/** The all-zero address: an unset pubkey field. */
const ZERO = address('11111111111111111111111111111111');

let h: WagerHarness;
let alice: KeyPairSigner;
let carol: KeyPairSigner;

beforeEach(async () => {
  h = await WagerHarness.create();
  alice = await h.user();
  // Carol refers alice; her wallet holds 1 SOL, so any share can be paid to her.
  carol = await h.user(1n);
});

const outstanding = () => h.fetchHouse().outstanding;

/** Opens a bet and checks exactly what moved: the user paid stake + fee into the house, nothing else. */
async function open(user: KeyPairSigner, bet: BetInput, referral?: Address): Promise<Success> {
  const accounts: Record<string, Address> = { user: user.address, house: h.house };
  if (referral !== undefined) accounts.referral = referral;
  const w = watchBalances(h, accounts);
  const before = outstanding();
  const outcome = h.expectOk(await h.createBet(user, bet));
  const cost = betCost(bet.prize, bet.odds);
  expect(w.deltas()).toEqual({
    user: -cost,
    house: cost,
    ...(referral === undefined ? {} : { referral: 0n }),
  });
  const share = referral === undefined ? 0n : referralShare(betFee(betStake(bet.prize, bet.odds)));
  expect(outstanding()).toBe(before + bet.prize + share);
  return outcome;
}

describe('BetState transitions, with every balance and `outstanding` exact', () => {
  it('None → Open → Settled(Win) → Claimed, the referral paid 10% of the fee at settlement', async () => {
    // None: init_bet_offchain creates the record; the user pays its rent and nothing else.
    let w = watchBalances(h, { alice: alice.address, house: h.house, carol: carol.address });
    h.expectOk(await h.initBet(alice, carol.address));
    expect(w.deltas()).toEqual({ alice: -betRent(h), house: 0n, carol: 0n });
    expect(await h.fetchBet(alice.address)).toEqual({
      user: alice.address,
      mint: ZERO,
      switchboardRequest: ZERO,
      odds: 0,
      betAmount: 0n,
      listingPrice: 0n,
      timestamp: 0n,
      state: BetState.None,
      result: BetResult.None,
      betType: BetType.Sol,
      referral: carol.address,
      offChain: true,
    });
    expect(outstanding()).toBe(0n);

    // Open, worked out by hand: prize 1,000,000,001 at 33%.
    // stake = ceil(330,000,000.33) = 330,000,001; fee = floor(13,200,000.04) = 13,200,000; share = 1,320,000.
    const prize = 1_000_000_001n;
    expect([betStake(prize, 33), betFee(330_000_001n), referralShare(13_200_000n)]).toEqual([
      330_000_001n,
      13_200_000n,
      1_320_000n,
    ]);
    w = watchBalances(h, { alice: alice.address, house: h.house, carol: carol.address });
    const opened = h.expectOk(await h.createBet(alice, { odds: 33, prize }));
    expect(w.deltas()).toEqual({ alice: -343_200_001n, house: 343_200_001n, carol: 0n });
    // The prize and the referral's share are owed from now on.
    expect(outstanding()).toBe(1_000_000_001n + 1_320_000n);
    expect(opened.events).toEqual([
      {
        name: 'NewBet',
        data: { odds: 33, user: alice.address, betAmount: 330_000_001n, betType: BetType.Sol, timestamp: T0 },
      },
    ]);
    expect(await h.fetchBet(alice.address)).toEqual({
      user: alice.address,
      mint: NATIVE_MINT_ADDRESS,
      switchboardRequest: ZERO,
      odds: 33,
      betAmount: 330_000_001n,
      listingPrice: prize,
      timestamp: T0,
      state: BetState.Open,
      result: BetResult.None,
      betType: BetType.Sol,
      referral: carol.address,
      offChain: true,
    });

    // Settled(Win): a roll of 32 < 33. The referral is paid; the prize stays owed until claimed.
    h.setTime(T0 + 7n);
    w = watchBalances(h, { alice: alice.address, house: h.house, carol: carol.address });
    const settled = h.expectOk(await h.settleBet(alice.address, 32));
    expect(w.deltas()).toEqual({ alice: 0n, house: -1_320_000n, carol: 1_320_000n });
    expect(outstanding()).toBe(prize);
    expect(settled.events).toEqual([
      {
        name: 'BetSettled',
        data: {
          user: alice.address,
          odds: 33,
          mint: NATIVE_MINT_ADDRESS,
          betAmount: 330_000_001n,
          result: BetResult.Win,
          timestamp: T0 + 7n,
          betType: BetType.Sol,
          referral: carol.address,
        },
      },
    ]);
    // The timestamp becomes the settlement time, which the client polls for.
    expect(await h.fetchBet(alice.address)).toMatchObject({
      state: BetState.Settled,
      result: BetResult.Win,
      timestamp: T0 + 7n,
    });

    // Claimed: the prize, in SOL, and nothing is owed any more.
    w = watchBalances(h, { alice: alice.address, house: h.house, carol: carol.address });
    const claimed = h.expectOk(await h.claimBet(alice));
    expect(w.deltas()).toEqual({ alice: prize, house: -prize, carol: 0n });
    expect(outstanding()).toBe(0n);
    expect(claimed.events).toEqual([]);
    expect(await h.fetchBet(alice.address)).toMatchObject({ state: BetState.Claimed, result: BetResult.Win });
    // The house ends with its bankroll + stake + fee − share − prize.
    expect(h.balance(h.house)).toBe(h.houseRent() + HOUSE_BANKROLL + 343_200_001n - 1_320_000n - prize);

    // A claimed record takes a new bet.
    await open(alice, { odds: 50, prize: SOL }, carol.address);
  });

  it('Open → Settled(Loss): the house keeps stake and fee, releases the prize; a new bet follows at once', async () => {
    const bob = await h.user();
    h.expectOk(await h.initBet(bob));
    await open(bob, { odds: 10, prize: 2n * SOL });
    expect(outstanding()).toBe(2n * SOL);
    h.setTime(T0 + 3n);
    const w = watchBalances(h, { bob: bob.address, house: h.house });
    // A roll equal to the odds loses.
    const settled = h.expectOk(await h.settleBet(bob.address, 10));
    expect(w.deltas()).toEqual({ bob: 0n, house: 0n });
    expect(outstanding()).toBe(0n);
    expect(settled.events).toEqual([
      {
        name: 'BetSettled',
        data: {
          user: bob.address,
          odds: 10,
          mint: NATIVE_MINT_ADDRESS,
          betAmount: 200_000_000n,
          result: BetResult.Loss,
          timestamp: T0 + 3n,
          betType: BetType.Sol,
          referral: null,
        },
      },
    ]);
    expect(await h.fetchBet(bob.address)).toMatchObject({ state: BetState.Settled, result: BetResult.Loss });
    // The house gained exactly what bob paid: 0.2 SOL stake + 0.008 SOL fee.
    expect(h.freeBalance()).toBe(HOUSE_BANKROLL + 208_000_000n);
    // A settled loss is free: the next bet is accepted.
    await open(bob, { odds: 60, prize: SOL });
    expect(await h.fetchBet(bob.address)).toMatchObject({ state: BetState.Open, odds: 60 });
  });

  it('a loss pays the referral its share too', async () => {
    h.expectOk(await h.initBet(alice, carol.address));
    await open(alice, { odds: 50, prize: SOL }, carol.address);
    const share = referralShare(betFee(betStake(SOL, 50)));
    expect(share).toBe(2_000_000n);
    const w = watchBalances(h, { alice: alice.address, house: h.house, carol: carol.address });
    h.expectOk(await h.settleBet(alice.address, 99));
    expect(w.deltas()).toEqual({ alice: 0n, house: -share, carol: share });
    expect(outstanding()).toBe(0n);
  });

  it('Open → Refunded: stake and fee back, prize and share released, the referral paid nothing', async () => {
    h.expectOk(await h.initBet(alice, carol.address));
    await open(alice, { odds: 95, prize: 3n * SOL }, carol.address);
    const cost = betCost(3n * SOL, 95);
    expect(cost).toBe(2_964_000_000n); // 2.85 SOL + 0.114 SOL
    const w = watchBalances(h, { alice: alice.address, house: h.house, carol: carol.address });
    const refunded = h.expectOk(await h.refundBet(alice.address));
    expect(w.deltas()).toEqual({ alice: cost, house: -cost, carol: 0n });
    expect(outstanding()).toBe(0n);
    expect(refunded.events).toEqual([]);
    expect(await h.fetchBet(alice.address)).toMatchObject({
      state: BetState.Refunded,
      result: BetResult.Invalid,
    });
    expect(h.freeBalance()).toBe(HOUSE_BANKROLL);
    // A refunded record takes a new bet.
    await open(alice, { odds: 20, prize: SOL }, carol.address);
  });
});

describe('refused transitions (nothing moves)', () => {
  const notOpen = wager('BetNotOpen');
  const notWon = wager('BetNotWon');
  const notAvailable = wager('BetNotAvailable');
  const bet = { odds: 50, prize: SOL } as const;

  async function refuseAll(user: KeyPairSigner, checks: { settle?: boolean; refund?: boolean }) {
    if (checks.settle !== false) {
      await expectRefused(h, [await h.settleBetIx(user.address, 0, { referrer: null })], notOpen);
    }
    if (checks.refund !== false) await expectRefused(h, [await h.refundBetIx(user.address)], notOpen);
  }

  it('a fresh record (None): no settling, refunding or claiming', async () => {
    h.expectOk(await h.initBet(alice));
    await refuseAll(alice, {});
    await expectRefused(h, [await h.claimBetIx(alice)], notWon);
  });

  it('Open: no claim, no second bet', async () => {
    h.expectOk(await h.initBet(alice));
    await open(alice, bet);
    await expectRefused(h, [await h.claimBetIx(alice)], notWon);
    await expectRefused(h, [await h.createBetIx(alice, bet)], notAvailable);
    await expectRefused(h, [await h.createBetIx(alice, { odds: 10, prize: 2n * SOL })], notAvailable);
  });

  it('Settled(Win), unclaimed: no new bet, no settling twice, no refund', async () => {
    h.expectOk(await h.initBet(alice));
    await open(alice, bet);
    h.expectOk(await h.settleBet(alice.address, 0));
    await expectRefused(h, [await h.createBetIx(alice, bet)], notAvailable);
    await refuseAll(alice, {});
    // Still claimable, once.
    h.expectOk(await h.claimBet(alice));
  });

  it('Claimed: no claiming twice, no settling, no refund', async () => {
    h.expectOk(await h.initBet(alice));
    await open(alice, bet);
    h.expectOk(await h.settleBet(alice.address, 49));
    h.expectOk(await h.claimBet(alice));
    await expectRefused(h, [await h.claimBetIx(alice)], notWon);
    await expectRefused(h, [await h.claimBetIx(alice, false)], notWon);
    await refuseAll(alice, {});
  });

  it('Settled(Loss): no claiming the loss, no settling twice, no refund', async () => {
    h.expectOk(await h.initBet(alice));
    await open(alice, bet);
    h.expectOk(await h.settleBet(alice.address, 50));
    await expectRefused(h, [await h.claimBetIx(alice)], notWon);
    await refuseAll(alice, {});
  });

  it('Refunded: no claim, no settling, no second refund', async () => {
    h.expectOk(await h.initBet(alice));
    await open(alice, bet);
    h.expectOk(await h.refundBet(alice.address));
    await expectRefused(h, [await h.claimBetIx(alice)], notWon);
    await refuseAll(alice, {});
  });

  it('a paused house takes no new bet from any free record, but settles, pays and refunds the others', async () => {
    // Four users, one per free state (None, Claimed, Settled(Loss), Refunded), and three with live bets.
    const fresh = await h.user();
    const claimed = await h.user();
    const lost = await h.user();
    const refunded = await h.user();
    const live = await h.user();
    const winner = await h.user();
    const toRefund = await h.user();
    for (const u of [fresh, claimed, lost, refunded, live, winner, toRefund]) h.expectOk(await h.initBet(u));
    for (const u of [claimed, lost, refunded, live, winner, toRefund]) await open(u, bet);
    h.expectOk(await h.settleBet(claimed.address, 0));
    h.expectOk(await h.claimBet(claimed));
    h.expectOk(await h.settleBet(lost.address, 99));
    h.expectOk(await h.refundBet(refunded.address));
    h.expectOk(await h.settleBet(winner.address, 0));

    h.expectOk(await h.updateHouse({ paused: true }));
    expect(h.fetchHouse().paused).toBe(true);
    for (const u of [fresh, claimed, lost, refunded]) {
      await expectRefused(h, [await h.createBetIx(u, bet)], notAvailable);
    }
    // The bets already taken go on: settled, claimed and refunded while paused.
    h.expectOk(await h.settleBet(live.address, 99));
    h.expectOk(await h.claimBet(winner));
    h.expectOk(await h.refundBet(toRefund.address));
    expect(outstanding()).toBe(0n);

    h.expectOk(await h.updateHouse({ paused: false }));
    for (const u of [fresh, claimed, lost, refunded]) await open(u, bet);
  });
});

describe('odds and rolls', () => {
  beforeEach(async () => {
    h.expectOk(await h.initBet(alice));
  });

  it('odds 0, 96 and 255 are InvalidOdds; 1 and 95 are taken', async () => {
    for (const odds of [0, 96, 255]) {
      await expectRefused(h, [await h.createBetIx(alice, { odds, prize: SOL })], wager('InvalidOdds'));
    }
    // At 1% a 1 SOL prize costs exactly the 0.01 SOL minimum stake.
    await open(alice, { odds: 1, prize: SOL });
    expect(await h.fetchBet(alice.address)).toMatchObject({ odds: 1, betAmount: 10_000_000n });
    h.expectOk(await h.settleBet(alice.address, 1)); // 1 is not < 1: a loss
    await open(alice, { odds: 95, prize: SOL });
    expect(await h.fetchBet(alice.address)).toMatchObject({ odds: 95, betAmount: 950_000_000n });
  });

  it('a roll wins iff it is below the odds; 99 is the highest roll, 100 and 255 are InvalidOdds', async () => {
    const cases: [odds: number, roll: number, result: BetResult][] = [
      [1, 0, BetResult.Win],
      [1, 1, BetResult.Loss],
      [50, 49, BetResult.Win],
      [50, 50, BetResult.Loss],
      [95, 94, BetResult.Win],
      [95, 95, BetResult.Loss],
      [95, 99, BetResult.Loss],
    ];
    for (const [odds, roll, result] of cases) {
      await open(alice, { odds, prize: SOL });
      // Out-of-range rolls are refused and leave the bet open.
      await expectRefused(h, [await h.settleBetIx(alice.address, 100)], wager('InvalidOdds'));
      await expectRefused(h, [await h.settleBetIx(alice.address, 255)], wager('InvalidOdds'));
      const settled = h.expectOk(await h.settleBet(alice.address, roll));
      expect(settled.events).toMatchObject([{ name: 'BetSettled', data: { odds, result } }]);
      if (result === BetResult.Win) h.expectOk(await h.claimBet(alice));
    }
    expect(outstanding()).toBe(0n);
  });
});

describe('prize limits and the minimum stake', () => {
  beforeEach(async () => {
    h.expectOk(await h.initBet(alice));
  });

  it('a prize of 0 is InvalidListingPrice', async () => {
    for (const odds of [1, 50, 95]) {
      await expectRefused(h, [await h.createBetIx(alice, { odds, prize: 0n })], wager('InvalidListingPrice'));
    }
  });

  it('the cap is 5% of the free balance, rounded down: one lamport more is refused, the cap itself taken', async () => {
    // A free balance of 1,000 SOL + 19 lamports: 5% is 50 SOL + 0.95 lamport, so the cap is 50 SOL.
    h.fundHouse(19n);
    expect(h.freeBalance()).toBe(HOUSE_BANKROLL + 19n);
    const cap = 50n * SOL;
    expect(h.maxPrize()).toBe(cap);
    await expectRefused(
      h,
      [await h.createBetIx(alice, { odds: 1, prize: cap + 1n })],
      wager('InvalidListingPrice'),
    );
    await open(alice, { odds: 1, prize: cap });

    // Now the free balance is smaller by the prize owed and larger by what alice paid: a second user's cap
    // is 5% of that, computed before the second bet.
    const bob = await h.user(1_000n);
    h.expectOk(await h.initBet(bob));
    const free = houseFreeBalance(h.balance(h.house), h.houseRent(), outstanding());
    expect(free).toBe(HOUSE_BANKROLL + 19n - cap + betCost(cap, 1));
    const cap2 = maxPrize(free);
    expect(cap2).toBe((free * 500n) / 10_000n);
    await expectRefused(
      h,
      [await h.createBetIx(bob, { odds: 95, prize: cap2 + 1n })],
      wager('InvalidListingPrice'),
    );
    await open(bob, { odds: 95, prize: cap2 });
  });

  it('a house with nothing free takes no bet at all', async () => {
    h.expectOk(await h.withdraw(h.freeBalance(), h.authority.address));
    expect(h.maxPrize()).toBe(0n);
    await expectRefused(
      h,
      [await h.createBetIx(alice, { odds: 50, prize: SOL })],
      wager('InvalidListingPrice'),
    );
  });

  it('BetTooLow: a stake of 9,999,999 lamports is refused, 10,000,000 taken', async () => {
    // 50%: a prize of 19,999,998 stakes 9,999,999; 19,999,999 stakes ceil(9,999,999.5) = 10,000,000.
    expect(betStake(19_999_998n, 50)).toBe(9_999_999n);
    await expectRefused(
      h,
      [await h.createBetIx(alice, { odds: 50, prize: 19_999_998n })],
      wager('BetTooLow'),
    );
    await open(alice, { odds: 50, prize: 19_999_999n });
    expect(await h.fetchBet(alice.address)).toMatchObject({ betAmount: 10_000_000n });
    h.expectOk(await h.refundBet(alice.address));
    // 1%: 999,999,900 stakes 9,999,999; 999,999,901 rounds up to the minimum.
    await expectRefused(
      h,
      [await h.createBetIx(alice, { odds: 1, prize: 999_999_900n })],
      wager('BetTooLow'),
    );
    await open(alice, { odds: 1, prize: 999_999_901n });
    expect(await h.fetchBet(alice.address)).toMatchObject({ betAmount: 10_000_000n });
  });
});

describe('referrals', () => {
  it('init_bet_offchain refuses the user as their own referral (InvalidReferral), and creates nothing', async () => {
    await expectRefused(h, [await h.initBetIx(alice, alice.address)], wager('InvalidReferral'));
    expect(h.exists(await h.betAddress(alice.address))).toBe(false);
  });

  it('the referrer passed at settlement must be the bet referral exactly (InvalidReferrer)', async () => {
    const mallory = await h.user(1n);
    h.expectOk(await h.initBet(alice, carol.address));
    await open(alice, { odds: 50, prize: SOL }, carol.address);
    const invalid = wager('InvalidReferrer');
    // Someone else, the user, or no referrer at all.
    await expectRefused(h, [await h.settleBetIx(alice.address, 0, { referrer: mallory.address })], invalid);
    await expectRefused(h, [await h.settleBetIx(alice.address, 0, { referrer: alice.address })], invalid);
    await expectRefused(h, [await h.settleBetIx(alice.address, 0, { referrer: null })], invalid);
    const w = watchBalances(h, { carol: carol.address, mallory: mallory.address });
    h.expectOk(await h.settleBet(alice.address, 0));
    expect(w.deltas()).toEqual({ carol: 2_000_000n, mallory: 0n });
  });

  it('a bet without a referral is settled without a referrer; passing one is InvalidReferrer', async () => {
    h.expectOk(await h.initBet(alice));
    await open(alice, { odds: 50, prize: SOL });
    await expectRefused(
      h,
      [await h.settleBetIx(alice.address, 0, { referrer: carol.address })],
      wager('InvalidReferrer'),
    );
    h.expectOk(await h.settleBet(alice.address, 0));
  });

  it('a share too small for an empty referral wallet stays with the house, and settling goes on', async () => {
    const empty = await h.user(0n);
    h.expectOk(await h.initBet(alice, empty.address));
    // The minimum stake: fee 400,000, share 40,000, below an empty wallet's rent-exempt minimum.
    await open(alice, { odds: 50, prize: 20_000_000n }, empty.address);
    expect(referralShare(betFee(10_000_000n))).toBe(40_000n);
    expect(40_000n < walletRent(h)).toBe(true);
    const w = watchBalances(h, { house: h.house, empty: empty.address });
    h.expectOk(await h.settleBet(alice.address, 99));
    expect(w.deltas()).toEqual({ house: 0n, empty: 0n });
    // No longer owed: the share became the house's.
    expect(outstanding()).toBe(0n);
    expect(h.freeBalance()).toBe(HOUSE_BANKROLL + betCost(20_000_000n, 50));
  });

  // docs/wager.md: settling never gets stuck on where a fee goes. A referral the runtime will not let
  // settle_bet_offchain credit (the house wallet itself) leaves its share with the house; the program id,
  // which stands for "no referrer" in that slot, is refused at init.
  it('a referral of the house wallet: its bets still settle, the share stays with the house', async () => {
    const init = await h.initBet(alice, h.house);
    if (!init.ok) {
      expectError(h, init, wager('InvalidReferral'));
      return;
    }
    h.expectOk(await h.createBet(alice, { odds: 50, prize: SOL }));
    h.expectOk(await h.settleBet(alice.address, 99));
  });

  it('a referral of the program id is refused at init (InvalidReferral)', async () => {
    const init = await h.initBet(alice, h.programId);
    if (!init.ok) {
      expectError(h, init, wager('InvalidReferral'));
      return;
    }
    h.expectOk(await h.createBet(alice, { odds: 50, prize: SOL }));
    // The SDK names the program id as "no referrer" (Anchor's convention), the only way to pass it.
    h.expectOk(await h.settleBet(alice.address, 99, { referrer: null }));
  });
});

describe('bet types and mints', () => {
  const TOKEN_MINT = address('TokenMint1111111111111111111111111111111111');
  const NFT_MINT = address('NftMint111111111111111111111111111111111111');

  beforeEach(async () => {
    h.expectOk(await h.initBet(alice));
  });

  it('a SOL bet names the native mint; a token or NFT bet names its own (InvalidMarketplace)', async () => {
    const marketplace = wager('InvalidMarketplace');
    const refuse = async (bet: BetInput) => expectRefused(h, [await h.createBetIx(alice, bet)], marketplace);
    await refuse({ odds: 50, prize: SOL, betType: 'token', mint: NATIVE_MINT_ADDRESS });
    await refuse({ odds: 50, prize: SOL, betType: 'nft', mint: NATIVE_MINT_ADDRESS });
    await refuse({ odds: 50, prize: SOL, betType: 'sol', mint: TOKEN_MINT });
    // The mint is checked before the odds.
    await refuse({ odds: 0, prize: SOL, betType: 'sol', mint: TOKEN_MINT });
  });

  it('claim_bet(sol = false) on a SOL bet is InvalidMarketplace; with sol = true it pays', async () => {
    await open(alice, { odds: 50, prize: SOL });
    h.expectOk(await h.settleBet(alice.address, 0));
    await expectRefused(h, [await h.claimBetIx(alice, false)], wager('InvalidMarketplace'));
    const w = watchBalances(h, { alice: alice.address, house: h.house });
    h.expectOk(await h.claimBet(alice, true));
    expect(w.deltas()).toEqual({ alice: SOL, house: -SOL });
  });

  for (const [label, betType, mint, type] of [
    ['a token', 'token', TOKEN_MINT, BetType.Token],
    ['an NFT', 'nft', NFT_MINT, BetType.Nft],
  ] as const) {
    it(`${label} bet stores its mint, and claim_bet(sol = false) pays the prize in SOL to the user`, async () => {
      const opened = await open(alice, { odds: 40, prize: 2n * SOL, betType, mint });
      expect(opened.events).toMatchObject([
        { name: 'NewBet', data: { betType: type, betAmount: 800_000_000n } },
      ]);
      expect(await h.fetchBet(alice.address)).toMatchObject({ mint, betType: type, listingPrice: 2n * SOL });
      const settled = h.expectOk(await h.settleBet(alice.address, 39));
      expect(settled.events).toMatchObject([
        { name: 'BetSettled', data: { mint, betType: type, result: BetResult.Win } },
      ]);
      // The swap or marketplace buy would follow in the same transaction; the claim itself pays SOL.
      const w = watchBalances(h, { alice: alice.address, house: h.house });
      h.expectOk(await h.claimBet(alice, false));
      expect(w.deltas()).toEqual({ alice: 2n * SOL, house: -2n * SOL });
      expect(await h.fetchBet(alice.address)).toMatchObject({ state: BetState.Claimed });
      expect(outstanding()).toBe(0n);
    });
  }
});
