/**
 * TailSpin and ReTail bets against the house, as docs/wager.md describes them: every BetState transition of
 * the product's flow (init_bet_offchain, create_bet, reveal_bet, claim_bet, refund_bet) with the exact
 * lamports of the user, the house and the referral vault before and after, `outstanding`, `open_bets` and
 * the sequences after each step, the NewBet, BetSettled and ReferralClaimed events, and every refused
 * transition by its error code, with nothing moved. Every reveal is checked by the harness against the
 * SDK's `rollFor` (the roll the program logged, for the slot hash the harness put in SlotHashes).
 *
 * The spec's off-chain pair (create_bet_offchain, settle_bet_offchain) has its own section at the end: it
 * works only once the authority turns `offchain_bets` on.
 *
 * Numbers: stake = ceil(prize × odds / 100), fee = floor(4% of the stake), the referral's share = floor(10%
 * of the fee). The SDK's bet maths is the oracle, and one bet is also worked out by hand.
 */
import { address, getAddressDecoder, lamports, type Address, type KeyPairSigner } from '@solana/kit';
import { beforeEach, describe, expect, it } from 'vitest';
import { BET_REFUND_DELAY_SECS } from '@arcade/sdk/constants';
import { betPlayerSeed, BetResult, BetState, BetType } from '@arcade/sdk/wager/accounts';
import {
  betCost,
  betFee,
  betStake,
  houseFreeBalance,
  maxPrize,
  referralShare,
} from '@arcade/sdk/wager/bet-math';
import { NATIVE_MINT_ADDRESS } from '@arcade/sdk/wager/program';
import {
  FIRST_SLOT,
  HOUSE_BANKROLL,
  SOL,
  T0,
  WagerHarness,
  type BetInput,
  type Success,
  type Want,
} from './harness.ts';
import {
  anchor,
  betRent,
  expectRefused,
  lateReserve,
  lateWin,
  vaultRent,
  watchBalances,
  withAccount,
  wager,
} from './support.ts';

/** The all-zero address: an unset pubkey field. */
const ZERO = address('11111111111111111111111111111111');
const DELAY = BigInt(BET_REFUND_DELAY_SECS);

let h: WagerHarness;
let alice: KeyPairSigner;
let carol: KeyPairSigner;
/** carol's referral vault, created in beforeEach. */
let carolVault: Address;

beforeEach(async () => {
  h = await WagerHarness.create();
  alice = await h.user();
  // Carol refers alice; anyone (here the harness's payer) creates her vault.
  carol = await h.user(1n);
  carolVault = await h.vaultAddress(carol.address);
  h.expectOk(await h.initReferral(carol.address));
});

const outstanding = () => h.fetchHouse().outstanding;

/**
 * Opens a bet with create_bet and checks exactly what moved (the user paid stake + fee into the house,
 * nothing else: not even the referral's vault), what the house now owes (the prize, and the share of the
 * `referral` the record names), and the bet's place in the chain.
 */
async function open(
  user: KeyPairSigner,
  bet: BetInput,
  options: { referral?: Address; want?: Want } = {},
): Promise<Success> {
  const accounts: Record<string, Address> = { user: user.address, house: h.house };
  if (options.referral !== undefined) accounts.vault = await h.vaultAddress(options.referral);
  const w = watchBalances(h, accounts);
  const before = h.fetchHouse();
  const slot = h.slot();
  const playerSeed = bet.playerSeed ?? h.randomBytes();
  const outcome = h.expectOk(
    await h.createBet(user, { ...bet, playerSeed }, options.want === undefined ? {} : { want: options.want }),
  );
  const cost = betCost(bet.prize, bet.odds);
  expect(w.deltas()).toEqual({
    user: -cost,
    house: cost,
    ...(options.referral === undefined ? {} : { vault: 0n }),
  });
  const share = options.referral === undefined ? 0n : referralShare(betFee(betStake(bet.prize, bet.odds)));
  expect(h.fetchHouse()).toMatchObject({
    outstanding: before.outstanding + bet.prize + share,
    betSequence: before.betSequence + 1n,
    openBets: before.openBets + 1n,
  });
  const record = await h.fetchBet(user.address);
  expect(record).toMatchObject({ state: BetState.Open, offChain: false, sequence: before.betSequence, slot });
  expect(betPlayerSeed(record)).toEqual(playerSeed);
  return outcome;
}

/** Reveals `user`'s bet, checking it is the next in the chain and the result it got. */
async function reveal(user: KeyPairSigner, result: BetResult): Promise<Success> {
  const before = h.fetchHouse();
  const bet = await h.fetchBet(user.address);
  expect(bet.sequence).toBe(before.revealSequence);
  const outcome = h.expectOk(await h.reveal(user.address));
  expect(outcome.reveal).toMatchObject({ kind: 'settled', sequence: bet.sequence, slot: bet.slot });
  expect(await h.fetchBet(user.address)).toMatchObject({ state: BetState.Settled, result });
  expect(h.fetchHouse()).toMatchObject({
    revealSequence: before.revealSequence + 1n,
    openBets: before.openBets - 1n,
  });
  return outcome;
}

describe('BetState transitions, with every balance and `outstanding` exact', () => {
  it('None → Open → Settled(Win) → Claimed, the referral vault credited 10% of the fee at the reveal', async () => {
    // None: init_bet_offchain creates the record; the user pays its rent and nothing else.
    let w = watchBalances(h, { alice: alice.address, house: h.house, vault: carolVault });
    h.expectOk(await h.initBet(alice, carol.address));
    expect(w.deltas()).toEqual({ alice: -betRent(h), house: 0n, vault: 0n });
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
      sequence: 0n,
      slot: 0n,
      slotHash: new Uint8Array(32),
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
    const playerSeed = new Uint8Array(32).fill(7);
    w = watchBalances(h, { alice: alice.address, house: h.house, vault: carolVault });
    const opened = h.expectOk(await h.createBet(alice, { odds: 33, prize, playerSeed }, { want: 'win' }));
    expect(w.deltas()).toEqual({ alice: -343_200_001n, house: 343_200_001n, vault: 0n });
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
      // The player's seed, stored in the spec's randomness-request field.
      switchboardRequest: getAddressDecoder().decode(playerSeed),
      odds: 33,
      betAmount: 330_000_001n,
      listingPrice: prize,
      timestamp: T0,
      state: BetState.Open,
      result: BetResult.None,
      betType: BetType.Sol,
      referral: carol.address,
      offChain: false,
      sequence: 0n,
      slot: FIRST_SLOT,
      // Captured only by a refund.
      slotHash: new Uint8Array(32),
    });
    expect(betPlayerSeed(await h.fetchBet(alice.address))).toEqual(playerSeed);
    expect(h.fetchHouse()).toMatchObject({ betSequence: 1n, revealSequence: 0n, openBets: 1n });

    // Settled(Win). The vault is credited; the prize stays owed until claimed.
    h.setTime(T0 + 7n);
    w = watchBalances(h, { alice: alice.address, house: h.house, vault: carolVault, carol: carol.address });
    const settled = await reveal(alice, BetResult.Win);
    expect(w.deltas()).toEqual({ alice: 0n, house: -1_320_000n, vault: 1_320_000n, carol: 0n });
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
    expect(await h.fetchReferral(carol.address)).toEqual({
      referrer: carol.address,
      earned: 1_320_000n,
      claimed: 0n,
    });

    // Claimed: the prize, in SOL, and nothing is owed any more.
    w = watchBalances(h, { alice: alice.address, house: h.house, vault: carolVault });
    const claimed = h.expectOk(await h.claimBet(alice));
    expect(w.deltas()).toEqual({ alice: prize, house: -prize, vault: 0n });
    expect(outstanding()).toBe(0n);
    expect(claimed.events).toEqual([]);
    expect(await h.fetchBet(alice.address)).toMatchObject({ state: BetState.Claimed, result: BetResult.Win });
    // The house ends with its bankroll + stake + fee − share − prize.
    expect(h.balance(h.house)).toBe(h.houseRent() + HOUSE_BANKROLL + 343_200_001n - 1_320_000n - prize);

    // carol takes her share out of the vault, which keeps its rent.
    const pull = watchBalances(h, { vault: carolVault, carol: carol.address });
    const pulled = h.expectOk(await h.claimReferral(carol));
    expect(pull.deltas()).toEqual({ vault: -1_320_000n, carol: 1_320_000n });
    expect(h.balance(carolVault)).toBe(vaultRent(h));
    expect(pulled.events).toEqual([
      { name: 'ReferralClaimed', data: { referrer: carol.address, amount: 1_320_000n, timestamp: T0 + 7n } },
    ]);
    expect(await h.fetchReferral(carol.address)).toEqual({
      referrer: carol.address,
      earned: 1_320_000n,
      claimed: 1_320_000n,
    });

    // A claimed record takes a new bet, the next in the chain.
    await open(alice, { odds: 50, prize: SOL }, { referral: carol.address });
    expect(await h.fetchBet(alice.address)).toMatchObject({ sequence: 1n });
  });

  it('Open → Settled(Loss): the house keeps stake and fee, releases the prize; a new bet follows at once', async () => {
    const bob = await h.user();
    h.expectOk(await h.initBet(bob));
    await open(bob, { odds: 10, prize: 2n * SOL }, { want: 'loss' });
    expect(outstanding()).toBe(2n * SOL);
    h.setTime(T0 + 3n);
    const w = watchBalances(h, { bob: bob.address, house: h.house });
    const settled = await reveal(bob, BetResult.Loss);
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
    // The house gained exactly what bob paid: 0.2 SOL stake + 0.008 SOL fee.
    expect(h.freeBalance()).toBe(HOUSE_BANKROLL + 208_000_000n);
    // A settled loss is free: the next bet is accepted.
    await open(bob, { odds: 60, prize: SOL });
    expect(await h.fetchBet(bob.address)).toMatchObject({ state: BetState.Open, odds: 60 });
  });

  it('a loss credits the referral vault its share too', async () => {
    h.expectOk(await h.initBet(alice, carol.address));
    await open(alice, { odds: 50, prize: SOL }, { referral: carol.address, want: 'loss' });
    const share = referralShare(betFee(betStake(SOL, 50)));
    expect(share).toBe(2_000_000n);
    const w = watchBalances(h, { alice: alice.address, house: h.house, vault: carolVault });
    await reveal(alice, BetResult.Loss);
    expect(w.deltas()).toEqual({ alice: 0n, house: -share, vault: share });
    expect(outstanding()).toBe(0n);
  });

  it('Open → Refunded after the deadline: stake and fee back, the slot hash captured and the rest of the prize reserved; the late reveal pays a win at once (Claimed)', async () => {
    h.expectOk(await h.initBet(alice, carol.address));
    await open(alice, { odds: 95, prize: 3n * SOL }, { referral: carol.address, want: 'win' });
    const slot = (await h.fetchBet(alice.address)).slot;
    const cost = betCost(3n * SOL, 95);
    expect(cost).toBe(2_964_000_000n); // 2.85 SOL + 0.114 SOL
    const rest = lateWin(3n * SOL, 95);
    expect(rest).toBe(36_000_000n); // 3 SOL − 2.964 SOL
    // One second early, even for alice herself.
    h.setTime(T0 + DELAY - 1n);
    await expectRefused(h, [await h.refundBetIx(alice.address, alice)], wager('RefundTooEarly'));
    h.setTime(T0 + DELAY);
    const w = watchBalances(h, { alice: alice.address, house: h.house, vault: carolVault });
    const refunded = h.expectOk(await h.refundBet(alice.address, alice));
    expect(w.deltas()).toEqual({ alice: cost, house: -cost, vault: 0n });
    // The prize is released, but what a win would still owe alice and carol's referral stays reserved.
    const share = referralShare(betFee(betStake(3n * SOL, 95)));
    expect(lateReserve(3n * SOL, 95, true)).toBe(rest + share);
    expect(h.fetchHouse()).toMatchObject({
      outstanding: rest + share,
      refundReserve: rest + share,
      reserveSince: T0 + DELAY,
      openBets: 0n,
      revealSequence: 0n,
    });
    expect(refunded.events).toEqual([]);
    expect(await h.fetchBet(alice.address)).toMatchObject({
      state: BetState.Refunded,
      result: BetResult.Invalid,
      slotHash: h.endedSlotHash(slot),
    });
    expect(h.freeBalance()).toBe(HOUSE_BANKROLL - rest - share);
    // The refunded bet keeps its place in the chain: the record is not free until its seed is revealed.
    await expectRefused(h, [await h.createBetIx(alice, { odds: 20, prize: SOL })], wager('BetNotAvailable'));
    // The reveal rolls it with the captured hash: a win is paid its rest at once, in SOL, and is Claimed.
    h.setTime(T0 + DELAY + 30n);
    const late = watchBalances(h, { alice: alice.address, house: h.house, vault: carolVault });
    const moved = h.expectOk(await h.reveal(alice.address));
    expect(moved.reveal).toMatchObject({ kind: 'settled', sequence: 0n, slot, afterRefund: true });
    expect(late.deltas()).toEqual({ alice: rest, house: -rest - share, vault: share });
    expect(moved.events).toEqual([
      {
        name: 'BetSettled',
        data: {
          user: alice.address,
          odds: 95,
          mint: NATIVE_MINT_ADDRESS,
          betAmount: betStake(3n * SOL, 95),
          result: BetResult.Win,
          timestamp: T0 + DELAY + 30n,
          betType: BetType.Sol,
          referral: carol.address,
        },
      },
    ]);
    expect(await h.fetchBet(alice.address)).toMatchObject({
      state: BetState.Claimed,
      result: BetResult.Win,
      timestamp: T0 + DELAY + 30n,
    });
    expect(h.fetchHouse()).toMatchObject({
      revealSequence: 1n,
      openBets: 0n,
      outstanding: 0n,
      refundReserve: 0n,
      reserveSince: 0n,
    });
    await expectRefused(h, [await h.claimBetIx(alice)], wager('BetNotWon'));
    // alice ends with the prize less what she paid, and carol's referral with its share, as an on-time
    // reveal and claim would have left them.
    expect(h.freeBalance()).toBe(HOUSE_BANKROLL - rest - share);
    await open(alice, { odds: 20, prize: SOL }, { referral: carol.address });
  });

  it('Open → Refunded → revealed as a loss: nothing more is paid, the record stays Refunded with result Loss', async () => {
    h.expectOk(await h.initBet(alice));
    await open(alice, { odds: 50, prize: SOL }, { want: 'loss' });
    h.setTime(T0 + DELAY);
    h.expectOk(await h.refundBet(alice.address, alice));
    expect(h.fetchHouse()).toMatchObject({ outstanding: lateWin(SOL, 50), refundReserve: lateWin(SOL, 50) });
    const w = watchBalances(h, { alice: alice.address, house: h.house });
    const revealed = h.expectOk(await h.reveal(alice.address));
    expect(revealed.reveal).toMatchObject({ kind: 'settled', afterRefund: true });
    expect(w.deltas()).toEqual({ alice: 0n, house: 0n });
    expect(revealed.events).toMatchObject([{ name: 'BetSettled', data: { result: BetResult.Loss } }]);
    expect(await h.fetchBet(alice.address)).toMatchObject({
      state: BetState.Refunded,
      result: BetResult.Loss,
    });
    expect(h.fetchHouse()).toMatchObject({ outstanding: 0n, refundReserve: 0n, reserveSince: 0n });
    expect(h.freeBalance()).toBe(HOUSE_BANKROLL);
    await expectRefused(h, [await h.claimBetIx(alice)], wager('BetNotWon'));
    await open(alice, { odds: 20, prize: SOL });
  });
});

describe('refused transitions (nothing moves)', () => {
  const notOpen = wager('BetNotOpen');
  const notWon = wager('BetNotWon');
  const notAvailable = wager('BetNotAvailable');
  const outOfOrder = wager('RevealOutOfOrder');
  const bet = { odds: 50, prize: SOL } as const;

  /** Neither revealed (RevealOutOfOrder) nor refunded (BetNotOpen) again, even after the deadline. */
  async function refuseAll(user: KeyPairSigner) {
    h.setTime(h.now() + DELAY);
    await expectRefused(h, [await h.revealIx(user.address, { seed: new Uint8Array(32) })], outOfOrder);
    await expectRefused(h, [await h.refundBetIx(user.address, user)], notOpen);
  }

  it('a fresh record (None): no revealing, refunding or claiming', async () => {
    h.expectOk(await h.initBet(alice));
    await refuseAll(alice);
    await expectRefused(h, [await h.claimBetIx(alice)], notWon);
  });

  it('Open: no claim, no second bet', async () => {
    h.expectOk(await h.initBet(alice));
    await open(alice, bet);
    await expectRefused(h, [await h.claimBetIx(alice)], notWon);
    await expectRefused(h, [await h.createBetIx(alice, bet)], notAvailable);
    await expectRefused(h, [await h.createBetIx(alice, { odds: 10, prize: 2n * SOL })], notAvailable);
  });

  it('Settled(Win), unclaimed: no new bet, no revealing twice, no refund', async () => {
    h.expectOk(await h.initBet(alice));
    await open(alice, bet, { want: 'win' });
    await reveal(alice, BetResult.Win);
    await expectRefused(h, [await h.createBetIx(alice, bet)], notAvailable);
    await refuseAll(alice);
    // Still claimable, once.
    h.expectOk(await h.claimBet(alice));
  });

  it('Claimed: no claiming twice, no revealing, no refund', async () => {
    h.expectOk(await h.initBet(alice));
    await open(alice, bet, { want: 'win' });
    await reveal(alice, BetResult.Win);
    h.expectOk(await h.claimBet(alice));
    await expectRefused(h, [await h.claimBetIx(alice)], notWon);
    await expectRefused(h, [await h.claimBetIx(alice, false)], notWon);
    await refuseAll(alice);
  });

  it('Settled(Loss): no claiming the loss, no revealing twice, no refund', async () => {
    h.expectOk(await h.initBet(alice));
    await open(alice, bet, { want: 'loss' });
    await reveal(alice, BetResult.Loss);
    await expectRefused(h, [await h.claimBetIx(alice)], notWon);
    await refuseAll(alice);
  });

  it('Refunded, then revealed: no claim, no second refund, no second reveal', async () => {
    h.expectOk(await h.initBet(alice));
    await open(alice, bet);
    h.setTime(T0 + DELAY);
    h.expectOk(await h.refundBet(alice.address));
    await expectRefused(h, [await h.claimBetIx(alice)], notWon);
    await expectRefused(h, [await h.refundBetIx(alice.address)], notOpen);
    h.expectOk(await h.reveal(alice.address));
    await refuseAll(alice);
  });

  it('a paused house takes no new bet from any free record, but reveals, pays and refunds the others', async () => {
    // Four users, one per free state (None, Claimed, Settled(Loss), Refunded and revealed), and three with
    // live bets.
    const fresh = await h.user();
    const claimed = await h.user();
    const lost = await h.user();
    const refunded = await h.user();
    const live = await h.user();
    const winner = await h.user();
    const toRefund = await h.user();
    for (const u of [fresh, claimed, lost, refunded, live, winner, toRefund]) h.expectOk(await h.initBet(u));
    await open(claimed, bet, { want: 'win' });
    await open(lost, bet, { want: 'loss' });
    await open(refunded, bet);
    await reveal(claimed, BetResult.Win);
    h.expectOk(await h.claimBet(claimed));
    await reveal(lost, BetResult.Loss);
    h.setTime(T0 + DELAY);
    h.expectOk(await h.refundBet(refunded.address));
    h.expectOk(await h.reveal(refunded.address));
    await open(winner, bet, { want: 'win' });
    await open(live, bet, { want: 'loss' });
    await open(toRefund, bet);
    await reveal(winner, BetResult.Win);

    h.expectOk(await h.updateHouse({ paused: true }));
    expect(h.fetchHouse().paused).toBe(true);
    for (const u of [fresh, claimed, lost, refunded]) {
      await expectRefused(h, [await h.createBetIx(u, bet)], notAvailable);
    }
    // The bets already taken go on: revealed, claimed and refunded while paused.
    await reveal(live, BetResult.Loss);
    h.expectOk(await h.claimBet(winner));
    h.setTime(h.now() + DELAY);
    h.expectOk(await h.refundBet(toRefund.address));
    expect(outstanding()).toBe(lateWin(bet.prize, bet.odds));
    h.expectOk(await h.reveal(toRefund.address));
    expect(h.fetchHouse()).toMatchObject({ outstanding: 0n, refundReserve: 0n });

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
    await open(alice, { odds: 1, prize: SOL }, { want: 1 });
    expect(await h.fetchBet(alice.address)).toMatchObject({ odds: 1, betAmount: 10_000_000n });
    await reveal(alice, BetResult.Loss); // 1 is not < 1: a loss
    await open(alice, { odds: 95, prize: SOL });
    expect(await h.fetchBet(alice.address)).toMatchObject({ odds: 95, betAmount: 950_000_000n });
  });

  it('the program computes the roll, and a roll wins iff it is below the odds; 99 is the highest', async () => {
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
      await open(alice, { odds, prize: SOL }, { want: roll });
      const settled = await reveal(alice, result);
      expect(settled.reveal).toMatchObject({ kind: 'settled', roll });
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
    await open(alice, { odds: 50, prize: 19_999_999n }, { want: 'loss' });
    expect(await h.fetchBet(alice.address)).toMatchObject({ betAmount: 10_000_000n });
    await reveal(alice, BetResult.Loss);
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

describe('referrals and their vaults', () => {
  it('init_bet_offchain refuses the user, or the program id, as the referral (InvalidReferral), and creates nothing', async () => {
    await expectRefused(h, [await h.initBetIx(alice, alice.address)], wager('InvalidReferral'));
    await expectRefused(h, [await h.initBetIx(alice, h.programId)], wager('InvalidReferral'));
    expect(h.exists(await h.betAddress(alice.address))).toBe(false);
  });

  it("the vault passed at the reveal must be the bet referral's (InvalidReferrer)", async () => {
    const mallory = await h.user(1n);
    h.expectOk(await h.initReferral(mallory.address));
    h.expectOk(await h.initBet(alice, carol.address));
    await open(alice, { odds: 50, prize: SOL }, { referral: carol.address, want: 'win' });
    h.advanceSlot();
    const invalid = wager('InvalidReferrer');
    // Someone else's vault (created or not), the referral's wallet itself, no vault at all.
    for (const choice of [
      { referrer: mallory.address },
      { referrer: alice.address },
      { vault: carol.address },
      { referrer: null },
    ]) {
      await expectRefused(h, [await h.revealIx(alice.address, choice)], invalid);
    }
    const w = watchBalances(h, { vault: carolVault, mallory: await h.vaultAddress(mallory.address) });
    await reveal(alice, BetResult.Win);
    expect(w.deltas()).toEqual({ vault: 2_000_000n, mallory: 0n });
  });

  it('a bet without a referral is revealed without a vault; passing one is InvalidReferrer', async () => {
    h.expectOk(await h.initBet(alice));
    await open(alice, { odds: 50, prize: SOL }, { want: 'loss' });
    h.advanceSlot();
    await expectRefused(
      h,
      [await h.revealIx(alice.address, { referrer: carol.address })],
      wager('InvalidReferrer'),
    );
    await reveal(alice, BetResult.Loss);
  });

  it('a referral whose vault nobody created: the share stays with the house; once created, it is credited', async () => {
    const dan = await h.user(0n);
    const danVault = await h.vaultAddress(dan.address);
    h.expectOk(await h.initBet(alice, dan.address));
    await open(alice, { odds: 50, prize: 20_000_000n }, { referral: dan.address, want: 'loss' });
    // The house reserves the share whether or not the vault exists.
    expect(outstanding()).toBe(20_000_000n + 40_000n);
    const w = watchBalances(h, { house: h.house, vault: danVault, dan: dan.address });
    await reveal(alice, BetResult.Loss);
    expect(w.deltas()).toEqual({ house: 0n, vault: 0n, dan: 0n });
    // No longer owed: the share became the house's.
    expect(outstanding()).toBe(0n);
    expect(h.freeBalance()).toBe(HOUSE_BANKROLL + betCost(20_000_000n, 50));
    expect(h.exists(danVault)).toBe(false);

    // Anyone creates the vault (here alice pays its rent); the next share is credited to it.
    const v = watchBalances(h, { alice: alice.address, vault: danVault });
    h.expectOk(await h.initReferral(dan.address, alice));
    expect(v.deltas()).toEqual({ alice: -vaultRent(h), vault: vaultRent(h) });
    await open(alice, { odds: 50, prize: 20_000_000n }, { referral: dan.address, want: 'win' });
    await reveal(alice, BetResult.Win);
    expect(h.balance(danVault)).toBe(vaultRent(h) + 40_000n);
    // 40,000 lamports cannot land in dan's empty wallet (the runtime keeps wallets rent exempt): the share
    // waits in the vault, and nothing else waits on it.
    const refused = await h.claimReferral(dan);
    expect(refused).toMatchObject({ ok: false, code: null, builtin: null });
    expect(!refused.ok && refused.error).toContain('InsufficientFundsForRent');
    expect(h.balance(danVault)).toBe(vaultRent(h) + 40_000n);
    h.svm.airdrop(dan.address, lamports(SOL));
    h.expectOk(await h.claimReferral(dan));
    expect(h.balance(dan.address)).toBe(SOL + 40_000n);
    expect(h.balance(danVault)).toBe(vaultRent(h));
  });

  it('init_referral: anyone pays, once; again it does nothing; a vault at another address is ConstraintSeeds', async () => {
    const w = watchBalances(h, { alice: alice.address, vault: carolVault });
    h.expectOk(await h.initReferral(carol.address, alice));
    expect(w.deltas()).toEqual({ alice: 0n, vault: 0n });
    expect(await h.fetchReferral(carol.address)).toEqual({
      referrer: carol.address,
      earned: 0n,
      claimed: 0n,
    });
    const ix = await h.initReferralIx(alice.address);
    await expectRefused(h, [withAccount(ix, 1, carolVault)], anchor('ConstraintSeeds'));
  });

  it('claim_referral pays only its referrer; an empty vault pays 0', async () => {
    h.expectOk(await h.initBet(alice, carol.address));
    await open(alice, { odds: 50, prize: SOL }, { referral: carol.address, want: 'loss' });
    await reveal(alice, BetResult.Loss);
    const mallory = await h.user(1n);
    await expectRefused(h, [await h.claimReferralIx(mallory, carolVault)], anchor('ConstraintHasOne'));
    h.expectOk(await h.claimReferral(carol));
    const w = watchBalances(h, { vault: carolVault, carol: carol.address });
    const empty = h.expectOk(await h.claimReferral(carol));
    expect(w.deltas()).toEqual({ vault: 0n, carol: 0n });
    expect(empty.events).toMatchObject([{ name: 'ReferralClaimed', data: { amount: 0n } }]);
  });

  it('a referral of the house wallet: its bets still settle, the share goes to its vault', async () => {
    h.expectOk(await h.initBet(alice, h.house));
    h.expectOk(await h.initReferral(h.house));
    const vault = await h.vaultAddress(h.house);
    await open(alice, { odds: 50, prize: SOL }, { referral: h.house, want: 'loss' });
    await reveal(alice, BetResult.Loss);
    expect(h.balance(vault)).toBe(vaultRent(h) + 2_000_000n);
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
    await open(alice, { odds: 50, prize: SOL }, { want: 'win' });
    await reveal(alice, BetResult.Win);
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
      const opened = await open(alice, { odds: 40, prize: 2n * SOL, betType, mint }, { want: 'win' });
      expect(opened.events).toMatchObject([
        { name: 'NewBet', data: { betType: type, betAmount: 800_000_000n } },
      ]);
      expect(await h.fetchBet(alice.address)).toMatchObject({ mint, betType: type, listingPrice: 2n * SOL });
      const settled = await reveal(alice, BetResult.Win);
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

describe('compatibility: the off-chain pair, once the authority turns it on', () => {
  const bet = { odds: 50, prize: SOL } as const;

  it('create_bet_offchain is BetNotAvailable while off (the default), taken once on', async () => {
    h.expectOk(await h.initBet(alice, carol.address));
    expect(h.fetchHouse().offchainBets).toBe(false);
    await expectRefused(h, [await h.createBetOffchainIx(alice, bet)], wager('BetNotAvailable'));
    h.expectOk(await h.updateHouse({ offchainBets: true }));
    expect(h.fetchHouse().offchainBets).toBe(true);
    const w = watchBalances(h, { alice: alice.address, house: h.house });
    const opened = h.expectOk(await h.createBetOffchain(alice, bet));
    expect(w.deltas()).toEqual({ alice: -betCost(SOL, 50), house: betCost(SOL, 50) });
    expect(opened.events).toMatchObject([{ name: 'NewBet', data: { odds: 50, betAmount: SOL / 2n } }]);
    // An off-chain bet takes no place in the seed chain and is no open create_bet bet.
    expect(h.fetchHouse()).toMatchObject({ betSequence: 0n, openBets: 0n, outstanding: SOL + 2_000_000n });
    expect(await h.fetchBet(alice.address)).toMatchObject({
      state: BetState.Open,
      offChain: true,
      sequence: 0n,
      slot: 0n,
      switchboardRequest: ZERO,
    });
  });

  it("settle_bet_offchain settles with the settler's roll (wins iff below the odds), crediting the vault", async () => {
    h.expectOk(await h.updateHouse({ offchainBets: true }));
    h.expectOk(await h.initBet(alice, carol.address));
    for (const [roll, result] of [
      [49, BetResult.Win],
      [50, BetResult.Loss],
      [99, BetResult.Loss],
    ] as const) {
      h.expectOk(await h.createBetOffchain(alice, bet));
      // Out-of-range rolls are refused and leave the bet open.
      await expectRefused(h, [await h.settleBetIx(alice.address, 100)], wager('InvalidOdds'));
      await expectRefused(h, [await h.settleBetIx(alice.address, 255)], wager('InvalidOdds'));
      await expectRefused(
        h,
        [await h.settleBetIx(alice.address, roll, { referrer: null })],
        wager('InvalidReferrer'),
      );
      const w = watchBalances(h, { alice: alice.address, house: h.house, vault: carolVault });
      const settled = h.expectOk(await h.settleBet(alice.address, roll));
      expect(w.deltas()).toEqual({ alice: 0n, house: -2_000_000n, vault: 2_000_000n });
      expect(settled.reveal).toBeNull();
      expect(settled.events).toMatchObject([{ name: 'BetSettled', data: { result } }]);
      await expectRefused(h, [await h.settleBetIx(alice.address, roll)], wager('BetNotOpen'));
      if (result === BetResult.Win) h.expectOk(await h.claimBet(alice));
    }
    expect(outstanding()).toBe(0n);
  });

  it('an off-chain bet is never revealed (RevealOutOfOrder); it is refunded after the deadline like any other', async () => {
    h.expectOk(await h.updateHouse({ offchainBets: true }));
    h.expectOk(await h.initBet(alice));
    h.expectOk(await h.createBetOffchain(alice, bet));
    await expectRefused(
      h,
      [await h.revealIx(alice.address, { seed: new Uint8Array(32) })],
      wager('RevealOutOfOrder'),
    );
    await expectRefused(h, [await h.refundBetIx(alice.address, alice)], wager('RefundTooEarly'));
    h.setTime(T0 + DELAY);
    const w = watchBalances(h, { alice: alice.address, house: h.house });
    h.expectOk(await h.refundBet(alice.address, alice));
    expect(w.deltas()).toEqual({ alice: betCost(SOL, 50), house: -betCost(SOL, 50) });
    // Its record is free at once: an off-chain bet holds no place in the chain.
    h.expectOk(await h.createBetOffchain(alice, bet));
  });

  it('turning them off again stops new ones and their settlement; an open one is refunded after its deadline', async () => {
    h.expectOk(await h.updateHouse({ offchainBets: true }));
    h.expectOk(await h.initBet(alice));
    h.expectOk(await h.createBetOffchain(alice, bet));
    h.expectOk(await h.updateHouse({ offchainBets: false }));
    // The settler's roll no longer counts, whatever it is.
    for (const roll of [0, 99]) {
      await expectRefused(h, [await h.settleBetIx(alice.address, roll)], wager('BetNotAvailable'));
    }
    await expectRefused(h, [await h.createBetOffchainIx(alice, bet)], wager('BetNotAvailable'));
    h.setTime(T0 + DELAY);
    const w = watchBalances(h, { alice: alice.address, house: h.house });
    h.expectOk(await h.refundBet(alice.address, alice));
    expect(w.deltas()).toEqual({ alice: betCost(SOL, 50), house: -betCost(SOL, 50) });
    // An off-chain bet captures no hash and reserves nothing.
    expect(h.fetchHouse()).toMatchObject({ outstanding: 0n, refundReserve: 0n });
    // The product's bets go on.
    await open(alice, bet);
  });

  it('the same record moves between both kinds of bets', async () => {
    h.expectOk(await h.updateHouse({ offchainBets: true }));
    h.expectOk(await h.initBet(alice));
    await open(alice, bet, { want: 'loss' });
    await expectRefused(h, [await h.createBetOffchainIx(alice, bet)], wager('BetNotAvailable'));
    await reveal(alice, BetResult.Loss);
    h.expectOk(await h.createBetOffchain(alice, bet));
    expect(await h.fetchBet(alice.address)).toMatchObject({ offChain: true, sequence: 0n, slot: 0n });
    h.expectOk(await h.settleBet(alice.address, 99));
    await open(alice, bet);
    expect(await h.fetchBet(alice.address)).toMatchObject({ offChain: false, sequence: 1n });
  });
});
