/**
 * The trust model (docs/trust.md), one `describe` per attack the trust review found against the first
 * version of the program. Each test would fail on that version: it let the settler choose every roll,
 * refund any bet at any time, pay referrals directly (so a reserved key blocked settlement), move a market's
 * cutoff after it passed, hold an unresolved pot forever, hand the authority over in one step, and logged no
 * Anchor error line.
 *
 * Every reveal here is checked by the harness against the SDK's `rollFor`, for the slot hash the harness put
 * in SlotHashes.
 */
import { AnchorError } from '@coral-xyz/anchor';
import {
  AccountRole,
  address,
  lamports,
  type Address,
  type Instruction,
  type KeyPairSigner,
} from '@solana/kit';
import { describe, expect, it } from 'vitest';
import {
  BET_REFUND_DELAY_SECS,
  MARKET_MAX_LIFETIME_SECS,
  MARKET_RESOLVE_GRACE_SECS,
  SEED_RESET_DELAY_SECS,
} from '@arcade/sdk/constants';
import {
  BET_ACCOUNT_SIZE,
  betPlayerSeed,
  BetResult,
  BetState,
  BetType,
  HOUSE_ACCOUNT_SIZE,
  LEGACY_BET_ACCOUNT_SIZE,
  LEGACY_HOUSE_ACCOUNT_SIZE,
  MarketResult,
} from '@arcade/sdk/wager/accounts';
import {
  betCost,
  betFee,
  betStake,
  maxPrize,
  predictionPayout,
  referralShare,
} from '@arcade/sdk/wager/bet-math';
import { WAGER_ERRORS } from '@arcade/sdk/wager/errors';
import { rollFor } from '@arcade/sdk/wager/fairness';
import { SYSTEM_PROGRAM_ADDRESS } from '@arcade/sdk/wager/program';
import { NATIVE_MINT_ADDRESS } from '@arcade/sdk/wager/program';
import { HOUSE_BANKROLL, SLOT_HASHES_MAX, SOL, T0, WagerHarness } from './harness.ts';
import { SeedChain } from './seed-chain.ts';
import {
  anchor,
  anchorErrorLine,
  anchorErrorLines,
  expectRefused,
  lateReserve,
  lateWin,
  SIGNATURE_FEE,
  vaultRent,
  walletRent,
  watchBalances,
  withoutSigner,
  wager,
} from './support.ts';

const DELAY = BigInt(BET_REFUND_DELAY_SECS);
const GRACE = BigInt(MARKET_RESOLVE_GRACE_SECS);
const LIFETIME = BigInt(MARKET_MAX_LIFETIME_SECS);
const RESET_DELAY = BigInt(SEED_RESET_DELAY_SECS);

/** Keys that can never sign, or whose accounts the runtime hands to programs read-only. */
const FEATURE = address('Feature111111111111111111111111111111111111');
const CLOCK_SYSVAR = address('SysvarC1ock11111111111111111111111111111111');
const TOKEN_PROGRAM = address('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA');

/** A user with a bet record (init_bet_offchain), referred by `referral`. */
async function player(h: WagerHarness, referral: Address | null = null, sol = 100n): Promise<KeyPairSigner> {
  const u = await h.user(sol);
  h.expectOk(await h.initBet(u, referral));
  return u;
}

describe('an arbitrary roll: a leaked settler key and a colluding player cannot drain the house', () => {
  it('create_bet_offchain is BetNotAvailable while offchain_bets is off (the default)', async () => {
    const h = await WagerHarness.create();
    const mallory = await player(h);
    expect(h.fetchHouse().offchainBets).toBe(false);
    await expectRefused(
      h,
      [await h.createBetOffchainIx(mallory, { odds: 1, prize: h.maxPrize() })],
      wager('BetNotAvailable'),
    );
  });

  it("settle_bet_offchain on a create_bet bet is BetOnChain, whatever the settler's roll", async () => {
    const h = await WagerHarness.create();
    const mallory = await player(h);
    h.expectOk(await h.createBet(mallory, { odds: 1, prize: h.maxPrize() }, { want: 'loss' }));
    for (const roll of [0, 1, 50, 99]) {
      await expectRefused(h, [await h.settleBetIx(mallory.address, roll)], wager('BetOnChain'));
    }
    // Even with off-chain bets turned on, the program's bets stay the program's.
    h.expectOk(await h.updateHouse({ offchainBets: true }));
    await expectRefused(h, [await h.settleBetIx(mallory.address, 0)], wager('BetOnChain'));
    const revealed = h.expectOk(await h.reveal(mallory.address));
    expect(revealed.reveal).toMatchObject({ kind: 'settled' });
    expect(await h.fetchBet(mallory.address)).toMatchObject({ result: BetResult.Loss });
  });

  it('the old drain loop (odds 1, the largest prize, roll 0, claim, repeat) leaves the free balance unchanged', async () => {
    const h = await WagerHarness.create();
    const mallory = await player(h, null, 1_000n);
    const free = h.freeBalance();
    const wallet = h.balance(mallory.address);
    for (let round = 0; round < 10; round++) {
      const prize = h.maxPrize();
      // 1. A bet whose roll the leaked settler key would choose: refused.
      await expectRefused(
        h,
        [await h.createBetOffchainIx(mallory, { odds: 1, prize })],
        wager('BetNotAvailable'),
      );
      // 2. The settler's roll of 0: there is no off-chain bet to take it.
      await expectRefused(h, [await h.settleBetIx(mallory.address, 0)], wager('BetNotOpen'));
      // 3. The claim: nothing was won.
      await expectRefused(h, [await h.claimBetIx(mallory)], wager('BetNotWon'));
    }
    expect(h.freeBalance()).toBe(free);
    expect(h.balance(mallory.address)).toBe(wallet);

    // The same loop on the product's bets: the settler's roll is refused, the program's roll decides, and
    // the house moves exactly as that roll says (a 1% bet the player almost always loses).
    for (let round = 0; round < 5; round++) {
      const before = h.freeBalance();
      const prize = h.maxPrize();
      h.expectOk(await h.createBet(mallory, { odds: 1, prize }));
      await expectRefused(h, [await h.settleBetIx(mallory.address, 0)], wager('BetOnChain'));
      const revealed = h.expectOk(await h.reveal(mallory.address));
      const won = revealed.reveal?.kind === 'settled' && revealed.reveal.roll < 1;
      if (won) h.expectOk(await h.claimBet(mallory));
      expect(h.freeBalance()).toBe(before + betCost(prize, 1) - (won ? prize : 0n));
    }
  });
});

describe('selective or early refund', () => {
  it("the settler's and the player's refund_bet before BET_REFUND_DELAY_SECS is RefundTooEarly", async () => {
    const h = await WagerHarness.create();
    const alice = await player(h);
    h.expectOk(await h.createBet(alice, { odds: 50, prize: SOL }));
    for (const at of [T0, T0 + 1n, T0 + DELAY - 1n]) {
      h.setTime(at);
      for (const caller of [h.settler, alice]) {
        await expectRefused(h, [await h.refundBetIx(alice.address, caller)], wager('RefundTooEarly'));
      }
    }
    expect(await h.fetchBet(alice.address)).toMatchObject({ state: BetState.Open });
  });

  it('after the deadline the player, the settler or a stranger refunds: stake and fee to the player, outstanding and open_bets released', async () => {
    const h = await WagerHarness.create();
    const stranger = await h.user(1n);
    const ref = await h.user(1n);
    h.expectOk(await h.initReferral(ref.address));
    const players = [await player(h, ref.address), await player(h), await player(h, ref.address)];
    const bets = [
      { odds: 95, prize: 3n * SOL },
      { odds: 10, prize: 7n * SOL },
      { odds: 50, prize: 1_234_567_891n },
    ];
    for (const [i, u] of players.entries()) h.expectOk(await h.createBet(u, bets[i]!));
    const owed = bets.reduce(
      (sum, b, i) => sum + b.prize + (i === 1 ? 0n : referralShare(betFee(betStake(b.prize, b.odds)))),
      0n,
    );
    expect(h.fetchHouse()).toMatchObject({ outstanding: owed, openBets: 3n });
    h.setTime(T0 + DELAY);
    const callers = [players[0]!, h.settler, stranger];
    let reserved = 0n;
    for (const [i, u] of players.entries()) {
      const before = h.fetchHouse();
      const w = watchBalances(h, {
        user: u.address,
        house: h.house,
        vault: await h.vaultAddress(ref.address),
        caller: callers[i]!.address,
      });
      h.expectOk(await h.refundBet(u.address, callers[i]));
      const cost = betCost(bets[i]!.prize, bets[i]!.odds);
      // The caller signs but the harness's payer pays the fee: a caller other than the player moves by 0.
      expect(w.deltas()).toEqual({ user: cost, house: -cost, vault: 0n, caller: i === 0 ? cost : 0n });
      const share = i === 1 ? 0n : referralShare(betFee(betStake(bets[i]!.prize, bets[i]!.odds)));
      // The prize and share are released, except what a win would still owe the player and the referral, kept for the reveal
      // (whoever refunds: the settler's refund captures the hash just as the player's does).
      const rest = lateReserve(bets[i]!.prize, bets[i]!.odds, i !== 1);
      reserved += rest;
      expect(h.fetchHouse()).toMatchObject({
        outstanding: before.outstanding - bets[i]!.prize - share + rest,
        refundReserve: reserved,
        reserveSince: T0 + DELAY,
        openBets: before.openBets - 1n,
      });
      expect(await h.fetchBet(u.address)).toMatchObject({
        state: BetState.Refunded,
        result: BetResult.Invalid,
      });
      expect(await h.hashCaptured(u.address)).toBe(true);
    }
    expect(h.fetchHouse()).toMatchObject({ outstanding: reserved, openBets: 0n });
    expect(h.freeBalance()).toBe(HOUSE_BANKROLL - reserved);
    // Their reveals release the reserve, paying the wins.
    for (const u of players) h.expectOk(await h.reveal(u.address));
    expect(h.fetchHouse()).toMatchObject({ outstanding: 0n, refundReserve: 0n, reserveSince: 0n });
  });

  it('a settler withholding one reveal halts every later bet, until the player refunds it', async () => {
    const h = await WagerHarness.create();
    const [a, b, c] = [await player(h), await player(h), await player(h)];
    h.expectOk(await h.createBet(a, { odds: 50, prize: SOL }, { want: 'loss' }));
    h.setTime(T0 + 60n);
    h.expectOk(await h.createBet(b, { odds: 50, prize: SOL }, { want: 'win' }));
    h.expectOk(await h.createBet(c, { odds: 50, prize: SOL }, { want: 'loss' }));
    const [seqA, seqB, seqC] = [0n, 1n, 2n];
    expect((await h.fetchBet(c.address)).sequence).toBe(seqC);
    // The settler skips a's bet: b's and c's reveals, even with their own right seeds, are out of order.
    const outOfOrder = wager('RevealOutOfOrder');
    await expectRefused(h, [await h.revealIx(b.address)], outOfOrder);
    await expectRefused(h, [await h.revealIx(c.address)], outOfOrder);
    await expectRefused(h, [await h.revealIx(b.address, { seed: h.seeds.seedFor(seqA) })], outOfOrder);
    // Nor can a's place be filled with another seed.
    for (const seed of [h.seeds.seedFor(seqB), h.seeds.seedFor(seqC), h.randomBytes()]) {
      await expectRefused(h, [await h.revealIx(a.address, { seed })], wager('InvalidSeed'));
    }
    // a refunds its own bet after the deadline; the seed must still be revealed (a refund does not move
    // the chain). Its reveal rolls it with the captured hash (a loss: nothing more to pay), and b and c settle.
    h.setTime(T0 + DELAY);
    h.expectOk(await h.refundBet(a.address, a));
    await expectRefused(h, [await h.revealIx(b.address)], outOfOrder);
    const passed = h.expectOk(await h.reveal(a.address));
    expect(passed.reveal).toMatchObject({ kind: 'settled', sequence: seqA, afterRefund: true });
    expect(await h.fetchBet(a.address)).toMatchObject({ state: BetState.Refunded, result: BetResult.Loss });
    const wonB = h.expectOk(await h.reveal(b.address));
    expect(wonB.reveal).toMatchObject({ kind: 'settled', sequence: seqB });
    h.expectOk(await h.reveal(c.address));
    expect(await h.fetchBet(b.address)).toMatchObject({ state: BetState.Settled, result: BetResult.Win });
    expect(await h.fetchBet(c.address)).toMatchObject({ state: BetState.Settled, result: BetResult.Loss });
    expect(h.fetchHouse()).toMatchObject({
      revealSequence: 3n,
      openBets: 0n,
      outstanding: SOL,
      refundReserve: 0n,
    });
  });

  it('a late reveal (after the deadline, while SlotHashes still lists the slot) of a bet nobody refunded settles it as on time', async () => {
    const h = await WagerHarness.create();
    const ref = await h.user(1n);
    h.expectOk(await h.initReferral(ref.address));
    const alice = await player(h, ref.address);
    h.expectOk(await h.createBet(alice, { odds: 95, prize: 2n * SOL }, { want: 'win' }));
    const slot = (await h.fetchBet(alice.address)).slot;
    // Long past the deadline (the previous build refunded here), the slot still in SlotHashes.
    h.setTime(T0 + DELAY + 60n);
    expect(h.slotHash(slot)).toBeDefined();
    const vault = await h.vaultAddress(ref.address);
    const w = watchBalances(h, { alice: alice.address, house: h.house, vault });
    const late = h.expectOk(await h.reveal(alice.address));
    expect(late.reveal).toMatchObject({ kind: 'settled', sequence: 0n, slot, afterRefund: false });
    expect(late.events).toMatchObject([{ name: 'BetSettled', data: { result: BetResult.Win } }]);
    const share = referralShare(betFee(betStake(2n * SOL, 95)));
    expect(w.deltas()).toEqual({ alice: 0n, house: -share, vault: share });
    expect(await h.fetchBet(alice.address)).toMatchObject({ state: BetState.Settled, result: BetResult.Win });
    expect(h.fetchHouse()).toMatchObject({ outstanding: 2n * SOL, openBets: 0n, revealSequence: 1n });
    // Nobody can refund it any more; the win is claimed as usual.
    await expectRefused(h, [await h.refundBetIx(alice.address, alice)], wager('BetNotOpen'));
    h.expectOk(await h.claimBet(alice));
    expect(w.deltas()).toEqual({ alice: 2n * SOL, house: -share - 2n * SOL, vault: share });
    expect(h.fetchHouse().outstanding).toBe(0n);
  });

  it('a refunded bet’s record takes no new bet until its seed is revealed (BetNotAvailable)', async () => {
    const h = await WagerHarness.create();
    const [a, b] = [await player(h), await player(h)];
    h.expectOk(await h.createBet(a, { odds: 50, prize: SOL }));
    h.setTime(T0 + DELAY);
    h.expectOk(await h.refundBet(a.address, a));
    // Otherwise a's next bet would take a new place and the withheld one would be skipped for good.
    await expectRefused(h, [await h.createBetIx(a, { odds: 50, prize: SOL })], wager('BetNotAvailable'));
    h.expectOk(await h.createBet(b, { odds: 50, prize: SOL }, { want: 'loss' }));
    h.expectOk(await h.reveal(a.address));
    h.expectOk(await h.reveal(b.address));
    h.expectOk(await h.createBet(a, { odds: 50, prize: SOL }));
    expect(await h.fetchBet(a.address)).toMatchObject({ state: BetState.Open, sequence: 2n });
  });
});

describe('the authority making itself the settler gains no power over rolls', () => {
  async function takeOver() {
    // A fresh house: its first chain is committed as the next one and no bet has taken from it yet.
    const h = await WagerHarness.create({ seedChain: 100 });
    h.expectOk(await h.updateHouse({ settler: h.authority.address }));
    expect(h.fetchHouse().settler).toBe(h.authority.address);
    return h;
  }

  it('replacing a committed chain a bet already uses is SeedChainInUse', async () => {
    const h = await takeOver();
    const alice = await player(h);
    h.expectOk(await h.createBet(alice, { odds: 50, prize: SOL }));
    // The bet took the first seed of the committed chain: replacing it would choose alice's seed.
    await expectRefused(h, [h.commitSeedChainIx(h.newSeedChain(100), h.authority)], wager('SeedChainInUse'));
    // Once the chain is current, a next one may be committed, and replaced until a bet takes from it.
    h.expectOk(await h.reveal(alice.address));
    h.expectOk((await h.commitSeedChain(5, { settler: h.authority })).outcome);
    h.expectOk((await h.commitSeedChain(5, { settler: h.authority })).outcome);
  });

  it('reset_seed_chain with an open bet is SeedChainInUse; after every open bet is refunded (too late to capture its hash) it works and later bets settle', async () => {
    const h = await takeOver();
    const [alice, bob] = [await player(h), await player(h)];
    h.expectOk(await h.createBet(alice, { odds: 50, prize: SOL }, { want: 'loss' }));
    h.expectOk(await h.reveal(alice.address));
    h.expectOk(await h.createBet(bob, { odds: 50, prize: 2n * SOL }));
    await expectRefused(h, [h.resetSeedChainIx(h.newSeedChain(10), h.authority)], wager('SeedChainInUse'));
    // The settler-authority withholds bob's reveal: bob refunds after the deadline, the only way out.
    await expectRefused(h, [await h.refundBetIx(bob.address, h.authority)], wager('RefundTooEarly'));
    // Refunded only once its slot has left SlotHashes, bob's bet captures no hash and reserves nothing (a
    // refund that captured it would hold the reset back a week: see "withholding a reveal" below).
    h.expireSlot((await h.fetchBet(bob.address)).slot);
    h.setTime(T0 + DELAY);
    const w = watchBalances(h, { bob: bob.address });
    h.expectOk(await h.refundBet(bob.address, bob));
    expect(w.deltas()).toEqual({ bob: betCost(2n * SOL, 50) });
    expect(h.fetchHouse()).toMatchObject({ refundReserve: 0n, openBets: 0n });
    const { outcome, chain } = await h.resetSeedChain(10, { settler: h.authority });
    h.expectOk(outcome);
    expect(h.fetchHouse()).toMatchObject({ seedCommitment: chain.head, revealSequence: 2n, betSequence: 2n });
    // bob's record is free again, and the new chain's bets settle.
    h.expectOk(await h.createBet(bob, { odds: 50, prize: SOL }, { want: 'win' }));
    h.expectOk(await h.createBet(alice, { odds: 50, prize: SOL }, { want: 'loss' }));
    h.expectOk(await h.reveal(bob.address));
    h.expectOk(await h.reveal(alice.address));
    expect(await h.fetchBet(bob.address)).toMatchObject({ sequence: 2n, result: BetResult.Win });
    expect(await h.fetchBet(alice.address)).toMatchObject({ sequence: 3n, result: BetResult.Loss });
  });
});

describe('withholding a reveal changes no outcome (found against the second version)', () => {
  // The second version refunded a bet whose reveal came after its deadline, and its refund forgot the
  // roll: a settler seeing a winning roll could withhold the seed, let the bet be refunded, and reveal
  // later, so a win was never paid. Now a refund captures the slot hash and the late reveal pays the win.
  const bet = { odds: 50, prize: 2n * SOL } as const;
  const cost = betCost(bet.prize, bet.odds);
  const rest = lateWin(bet.prize, bet.odds);

  /**
   * One bet with result `want`, on a fresh house. On time: revealed in the next slot, a win claimed. Withheld:
   * the settler sits on the seed; the player refunds after the deadline, and the seed is revealed an hour
   * later, long after the slot has left SlotHashes. Returns the changes of the player's, the house's and
   * the settler's balances, each step checked on the way.
   */
  async function play(path: 'on time' | 'withheld', want: 'win' | 'loss') {
    const h = await WagerHarness.create();
    const alice = await player(h);
    const w = watchBalances(h, { alice: alice.address, house: h.house, settler: h.settler.address });
    h.expectOk(await h.createBet(alice, bet, { want }));
    const slot = (await h.fetchBet(alice.address)).slot;
    const hash = h.slotHash(slot)!;
    if (path === 'on time') {
      h.expectOk(await h.reveal(alice.address));
      if (want === 'win') h.expectOk(await h.claimBet(alice));
      return w.deltas();
    }
    h.setTime(T0 + DELAY);
    const refunded = h.expectOk(await h.refundBet(alice.address, alice));
    expect(refunded.events).toEqual([]);
    expect(w.deltas()).toEqual({ alice: 0n, house: 0n, settler: 0n });
    expect(await h.fetchBet(alice.address)).toMatchObject({
      state: BetState.Refunded,
      result: BetResult.Invalid,
      slotHash: hash,
    });
    // The rest of the prize stays owed: the authority cannot withdraw it meanwhile.
    expect(h.fetchHouse()).toMatchObject({
      outstanding: rest,
      refundReserve: rest,
      reserveSince: T0 + DELAY,
      openBets: 0n,
    });
    expect(h.freeBalance()).toBe(HOUSE_BANKROLL - rest);
    // The record keeps its place: no new bet until the seed is revealed.
    await expectRefused(h, [await h.createBetIx(alice, bet)], wager('BetNotAvailable'));

    h.expireSlot(slot);
    h.setTime(T0 + 3_600n);
    const late = h.expectOk(await h.reveal(alice.address));
    expect(late.reveal).toMatchObject({ kind: 'settled', slot, slotHash: hash, afterRefund: true });
    const result = want === 'win' ? BetResult.Win : BetResult.Loss;
    expect(late.events).toMatchObject([
      { name: 'BetSettled', data: { user: alice.address, result, timestamp: T0 + 3_600n } },
    ]);
    expect(await h.fetchBet(alice.address)).toMatchObject(
      want === 'win'
        ? { state: BetState.Claimed, result: BetResult.Win }
        : { state: BetState.Refunded, result: BetResult.Loss },
    );
    expect(h.fetchHouse()).toMatchObject({ outstanding: 0n, refundReserve: 0n, reserveSince: 0n });
    // Paid in full: nothing to claim.
    await expectRefused(h, [await h.claimBetIx(alice)], wager('BetNotWon'));
    h.expectOk(await h.createBet(alice, bet));
    const deltas = w.deltas();
    return { ...deltas, alice: deltas.alice + cost, house: deltas.house - cost };
  }

  it('a withheld winning bet: refunded after 120 s (stake and fee back, hash captured, the rest reserved), then the late reveal pays prize − stake − fee; the player ends as on time, to the lamport', async () => {
    const onTime = await play('on time', 'win');
    expect(onTime).toEqual({ alice: bet.prize - cost, house: cost - bet.prize, settler: 0n });
    const withheld = await play('withheld', 'win');
    // The player is where an honest reveal leaves them, and so is the house: withholding bought nothing.
    expect(withheld).toEqual(onTime);
    expect(rest).toBe(bet.prize - cost);
  });

  it('a withheld losing bet refunded the same way gets nothing more (Loss), the reserve is released, and the house is worse off than had it revealed', async () => {
    const onTime = await play('on time', 'loss');
    expect(onTime).toEqual({ alice: -cost, house: cost, settler: 0n });
    const withheld = await play('withheld', 'loss');
    expect(withheld).toEqual({ alice: 0n, house: 0n, settler: 0n });
    expect(withheld.house < onTime.house).toBe(true);
  });

  it("the settler's own refund, right at the deadline, captures the hash just the same", async () => {
    const h = await WagerHarness.create();
    const alice = await player(h);
    h.expectOk(await h.createBet(alice, bet, { want: 'win' }));
    h.setTime(T0 + DELAY);
    const w = watchBalances(h, { alice: alice.address, settler: h.settler.address });
    h.expectOk(await h.refundBet(alice.address, h.settler));
    expect(await h.hashCaptured(alice.address)).toBe(true);
    h.expectOk(await h.reveal(alice.address));
    expect(w.deltas()).toEqual({ alice: cost + rest, settler: 0n });
  });

  it('a refund after the slot left SlotHashes captures nothing (zero hash, no reserve) and its reveal (refunded=earlier) pays nothing; an open bet revealed after its slot left SlotHashes is refunded (refunded=expired)', async () => {
    const h = await WagerHarness.create();
    const alice = await player(h);
    h.expectOk(await h.createBet(alice, bet, { want: 'win' }));
    const slot = (await h.fetchBet(alice.address)).slot;
    h.expireSlot(slot);
    h.setTime(T0 + DELAY);
    const w = watchBalances(h, { alice: alice.address, house: h.house });
    h.expectOk(await h.refundBet(alice.address, alice));
    expect(w.deltas()).toEqual({ alice: cost, house: -cost });
    expect(await h.fetchBet(alice.address)).toMatchObject({
      state: BetState.Refunded,
      result: BetResult.Invalid,
      slotHash: new Uint8Array(32),
    });
    expect(h.fetchHouse()).toMatchObject({
      outstanding: 0n,
      refundReserve: 0n,
      reserveSince: 0n,
      openBets: 0n,
    });
    // Its roll was a win, but nothing recorded the hash it came from: the player keeps the refund only
    // (docs/trust.md: what is left, a bet neither revealed nor refunded within ~200 s).
    const revealed = h.expectOk(await h.reveal(alice.address));
    expect(revealed.reveal).toEqual({ kind: 'refunded', sequence: 0n, reason: 'earlier' });
    expect(revealed.events).toEqual([]);
    expect(w.deltas()).toEqual({ alice: cost, house: -cost });
    expect(await h.fetchBet(alice.address)).toMatchObject({
      state: BetState.Refunded,
      result: BetResult.Invalid,
    });
    expect(h.fetchHouse()).toMatchObject({ revealSequence: 1n, outstanding: 0n });

    // An open bet whose slot left SlotHashes before anyone revealed or refunded it.
    const ref = await h.user(1n);
    h.expectOk(await h.initReferral(ref.address));
    const bob = await player(h, ref.address);
    h.expectOk(await h.createBet(bob, bet, { want: 'win' }));
    h.expireSlot((await h.fetchBet(bob.address)).slot);
    const vault = await h.vaultAddress(ref.address);
    const v = watchBalances(h, { bob: bob.address, house: h.house, vault });
    // Nobody can compute its roll any more: its reveal refunds it.
    const expired = h.expectOk(await h.reveal(bob.address));
    expect(expired.reveal).toEqual({ kind: 'refunded', sequence: 1n, reason: 'expired' });
    expect(expired.events).toEqual([]);
    expect(v.deltas()).toEqual({ bob: cost, house: -cost, vault: 0n });
    expect(await h.fetchBet(bob.address)).toMatchObject({
      state: BetState.Refunded,
      result: BetResult.Invalid,
      slotHash: new Uint8Array(32),
    });
    expect(h.fetchHouse()).toMatchObject({
      outstanding: 0n,
      refundReserve: 0n,
      openBets: 0n,
      revealSequence: 2n,
    });
    // Revealed already: the record is free at once.
    h.expectOk(await h.createBet(bob, bet));
  });

  it('reset_seed_chain with a captured refund outstanding is SeedChainInUse until SEED_RESET_DELAY_SECS after reserve_since; then it forfeits the reserve into the free balance', async () => {
    const h = await WagerHarness.create();
    const [alice, bob] = [await player(h), await player(h)];
    h.expectOk(await h.createBet(alice, bet, { want: 'win' }));
    h.expectOk(await h.createBet(bob, { odds: 20, prize: SOL }, { want: 'win' }));
    h.setTime(T0 + DELAY);
    h.expectOk(await h.refundBet(alice.address, alice));
    // A later refund adds to the reserve but not to its age: the delay counts from the first.
    h.setTime(T0 + DELAY + 10n);
    h.expectOk(await h.refundBet(bob.address, bob));
    const reserve = rest + lateWin(SOL, 20);
    expect(h.fetchHouse()).toMatchObject({
      outstanding: reserve,
      refundReserve: reserve,
      reserveSince: T0 + DELAY,
      openBets: 0n,
    });
    for (const at of [T0 + DELAY + 11n, T0 + DELAY + RESET_DELAY - 1n]) {
      h.setTime(at);
      await expectRefused(h, [h.resetSeedChainIx(h.newSeedChain(10))], wager('SeedChainInUse'));
    }
    h.setTime(T0 + DELAY + RESET_DELAY);
    const free = h.freeBalance();
    const { outcome } = await h.resetSeedChain(10);
    h.expectOk(outcome);
    expect(h.fetchHouse()).toMatchObject({
      outstanding: 0n,
      refundReserve: 0n,
      reserveSince: 0n,
      revealSequence: 2n,
      betSequence: 2n,
    });
    expect(h.freeBalance()).toBe(free + reserve);
    // The wins are forfeited: the old seeds no longer reveal anything, and the records are free.
    await expectRefused(
      h,
      [await h.revealIx(alice.address, { seed: h.seeds.seedFor(0n) })],
      wager('RevealOutOfOrder'),
    );
    h.expectOk(await h.createBet(alice, bet, { want: 'loss' }));
    h.expectOk(await h.reveal(alice.address));
  });

  // Found in review: the late win once left the referral's share with the house, so withholding a referred
  // winning bet's seed gained the house exactly that share.
  it('a withheld winning bet with a referral still credits the referral its share, as on time', async () => {
    const run = async (path: 'on time' | 'withheld') => {
      const h = await WagerHarness.create();
      const ref = await h.user(1n);
      h.expectOk(await h.initReferral(ref.address));
      const alice = await player(h, ref.address);
      const vault = await h.vaultAddress(ref.address);
      const w = watchBalances(h, { alice: alice.address, house: h.house, vault });
      h.expectOk(await h.createBet(alice, bet, { want: 'win' }));
      if (path === 'withheld') {
        h.setTime(T0 + DELAY);
        h.expectOk(await h.refundBet(alice.address, alice));
        h.expectOk(await h.reveal(alice.address));
      } else {
        h.expectOk(await h.reveal(alice.address));
        h.expectOk(await h.claimBet(alice));
      }
      return w.deltas();
    };
    const onTime = await run('on time');
    expect(onTime.vault).toBe(referralShare(betFee(betStake(bet.prize, bet.odds))));
    expect(await run('withheld')).toEqual(onTime);
  });
});

describe('a late win paid to an emptied wallet', () => {
  // odds 95 and a 0.05 SOL prize: the rest of the prize (600,000 lamports) is less than a wallet's rent.
  const bet = { odds: 95, prize: 50_000_000n } as const;

  /** System Program transfer, built by hand (this package does not depend on @solana-program/system). */
  function transfer(from: KeyPairSigner, to: Address, amount: bigint): Instruction {
    const data = new Uint8Array(12);
    const view = new DataView(data.buffer);
    view.setUint32(0, 2, true);
    view.setBigUint64(4, amount, true);
    return {
      programAddress: SYSTEM_PROGRAM_ADDRESS,
      accounts: [
        { address: from.address, role: AccountRole.WRITABLE_SIGNER },
        { address: to, role: AccountRole.WRITABLE },
      ],
      data,
    };
  }

  /**
   * A winning bet refunded after its deadline, whose player then empties its wallet (to 0 lamports, which
   * the runtime allows), and a second player's bet queued behind it.
   */
  async function emptiedWinner() {
    const h = await WagerHarness.create();
    const alice = await player(h, null, 1n);
    const bob = await player(h);
    h.expectOk(await h.createBet(alice, bet, { want: 'win' }));
    h.expectOk(await h.createBet(bob, { odds: 50, prize: SOL }, { want: 'loss' }));
    h.setTime(T0 + DELAY);
    h.expectOk(await h.refundBet(alice.address, alice));
    const owed = lateWin(bet.prize, bet.odds);
    expect(owed).toBe(600_000n);
    expect(owed < walletRent(h)).toBe(true);
    const sink = await h.user(0n);
    h.expectOk(
      await h.send([transfer(alice, sink.address, h.balance(alice.address) - SIGNATURE_FEE)], alice),
    );
    expect(h.balance(alice.address)).toBe(0n);
    return { h, alice, bob, owed };
  }

  it('the reveal still succeeds and every later bet settles: the win stays on the record (Settled, Win), owed but no longer reserved', async () => {
    const { h, alice, bob, owed } = await emptiedWinner();
    const before = h.fetchHouse();
    h.expectOk(await h.reveal(alice.address));
    expect(h.balance(alice.address)).toBe(0n);
    expect(await h.fetchBet(alice.address)).toMatchObject({ state: BetState.Settled, result: BetResult.Win });
    expect(h.fetchHouse()).toMatchObject({
      outstanding: before.outstanding,
      refundReserve: before.refundReserve - owed,
      revealSequence: 1n,
    });
    h.expectOk(await h.reveal(bob.address));
    expect(await h.fetchBet(bob.address)).toMatchObject({ state: BetState.Settled, result: BetResult.Loss });
  });

  it('claim_bet then pays the rest of the prize, in SOL, once the wallet holds its rent; refused while it cannot take it', async () => {
    const { h, alice, owed } = await emptiedWinner();
    h.expectOk(await h.reveal(alice.address));
    const held = h.fetchHouse().outstanding;
    const funder = await h.user();
    h.expectOk(await h.send([transfer(funder, alice.address, walletRent(h))], funder));
    const w = watchBalances(h, { alice: alice.address, house: h.house });
    // Even asked for a marketplace claim (sol = false), a late win pays SOL: its prize was already refunded.
    h.expectOk(await h.claimBet(alice, false));
    expect(w.deltas()).toEqual({ alice: owed, house: -owed });
    expect(h.fetchHouse().outstanding).toBe(held - owed);
    expect(await h.fetchBet(alice.address)).toMatchObject({ state: BetState.Claimed, result: BetResult.Win });
    await expectRefused(h, [await h.claimBetIx(alice)], wager('BetNotWon'));
  });

  it('a late win to a wallet that can take it is paid by the reveal itself, with nothing left to claim', async () => {
    const h = await WagerHarness.create();
    const alice = await player(h, null, 1n);
    h.expectOk(await h.createBet(alice, bet, { want: 'win' }));
    h.setTime(T0 + DELAY);
    h.expectOk(await h.refundBet(alice.address, alice));
    const w = watchBalances(h, { alice: alice.address });
    h.expectOk(await h.reveal(alice.address));
    expect(w.deltas()).toEqual({ alice: lateWin(bet.prize, bet.odds) });
    expect(await h.fetchBet(alice.address)).toMatchObject({ state: BetState.Claimed, result: BetResult.Win });
    expect(h.fetchHouse()).toMatchObject({ outstanding: 0n, refundReserve: 0n });
  });
});

describe('reusing a market address (found against the second version)', () => {
  it('a predictor returning to a closed and re-created market: update_prediction on the old settled record is MarketClosed and no lamport moves', async () => {
    const h = await WagerHarness.create();
    h.svm.airdrop(h.treasury.address, lamports(SOL));
    const [alice, bob, carol] = [await h.user(), await h.user(), await h.user()];
    const keypair = await h.signer();
    const { market, outcome } = await h.createMarket({ market: keypair });
    h.expectOk(outcome);
    h.expectOk(await h.predict(alice, market, SOL, 'yes'));
    h.expectOk(await h.predict(bob, market, SOL, 'no'));
    h.toCutoff(market);
    h.expectOk(await h.resolveMarket(market, 'yes'));
    h.expectOk(await h.settlePrediction(market, alice.address));
    h.expectOk(await h.settlePrediction(market, bob.address));
    h.expectOk(await h.closeMarket(market));
    expect(h.exists(market)).toBe(false);
    // The authority creates a market again with the same keypair: the same address, the same pool.
    h.expectOk((await h.createMarket({ market: keypair })).outcome);
    h.expectOk(await h.predict(carol, market, SOL, 'no'));
    const pool = await h.poolAddress(market);
    const fresh = h.fetchMarket(market);
    // alice's record of the old market is still there, settled. Adding to it would put her stake in the
    // new pool without a prediction of the new market to pay it back (the second version took it).
    expect(await h.fetchPrediction(market, alice.address)).toMatchObject({ isClaimed: true });
    await expectRefused(h, [await h.updatePredictionIx(alice, market, SOL)], wager('MarketClosed'), {
      watch: [pool, alice.address],
    });
    expect(h.fetchMarket(market)).toEqual(fresh);
    // Nor does a new prediction take the record's place.
    await expectRefused(h, [await h.predictIx(alice, market, SOL, 'yes')], wager('InvalidPrediction'));
  });
});

describe('off-chain bets after the switch goes off (found against the second version)', () => {
  it('an off-chain bet opened while offchain_bets was on: once off, settle_bet_offchain is BetNotAvailable, and the player refunds it after 120 s', async () => {
    const h = await WagerHarness.create();
    const mallory = await player(h);
    h.expectOk(await h.updateHouse({ offchainBets: true }));
    const prize = h.maxPrize();
    h.expectOk(await h.createBetOffchain(mallory, { odds: 1, prize }));
    h.expectOk(await h.updateHouse({ offchainBets: false }));
    // A leaked settler key's roll of 0 would win the largest prize at 1%: refused.
    for (const roll of [0, 50, 99]) {
      await expectRefused(h, [await h.settleBetIx(mallory.address, roll)], wager('BetNotAvailable'));
    }
    await expectRefused(h, [await h.refundBetIx(mallory.address, mallory)], wager('RefundTooEarly'));
    h.setTime(T0 + DELAY);
    const w = watchBalances(h, { mallory: mallory.address, house: h.house });
    h.expectOk(await h.refundBet(mallory.address, mallory));
    expect(w.deltas()).toEqual({ mallory: betCost(prize, 1), house: -betCost(prize, 1) });
    expect(await h.fetchBet(mallory.address)).toMatchObject({
      state: BetState.Refunded,
      slotHash: new Uint8Array(32),
    });
    expect(h.fetchHouse()).toMatchObject({ outstanding: 0n, refundReserve: 0n });
    expect(h.freeBalance()).toBe(HOUSE_BANKROLL);
  });
});

describe('the slot hash', () => {
  it('the harness gives the SlotHashes account what a validator does: ended slots, newest first, at most 512', async () => {
    const h = await WagerHarness.create();
    const first = h.slot();
    expect(h.slotHashesAccount()).toEqual([]);
    const hashes = [h.advanceSlot(), h.advanceSlot(), h.advanceSlot()];
    expect(h.slotHashesAccount()).toEqual([
      { slot: first + 2n, hash: hashes[2] },
      { slot: first + 1n, hash: hashes[1] },
      { slot: first, hash: hashes[0] },
    ]);
    // The current slot is never listed.
    expect(h.slot()).toBe(first + 3n);
    h.advanceSlots(SLOT_HASHES_MAX);
    const entries = h.slotHashesAccount();
    expect(entries).toHaveLength(SLOT_HASHES_MAX);
    expect(entries[0]!.slot).toBe(h.slot() - 1n);
    expect(entries.at(-1)!.slot).toBe(h.slot() - BigInt(SLOT_HASHES_MAX));
  });

  it('a reveal in the bet’s own slot is SlotHashUnavailable; from the next slot on the program reads the hash from SlotHashes', async () => {
    const h = await WagerHarness.create();
    const alice = await player(h);
    h.expectOk(await h.createBet(alice, { odds: 50, prize: SOL }));
    const slot = h.slot();
    expect((await h.fetchBet(alice.address)).slot).toBe(slot);
    await expectRefused(h, [await h.revealIx(alice.address)], wager('SlotHashUnavailable'));
    const hash = h.advanceSlot();
    const revealed = h.expectOk(await h.reveal(alice.address));
    // What the program logged is what the harness put in the sysvar for that slot.
    expect(revealed.reveal).toMatchObject({ kind: 'settled', slot, slotHash: hash });
  });

  it('the roll depends on the slot hash: with the same seeds, two hashes give two rolls', async () => {
    // Two houses with the same secret chain and a bet with the same player seed at the same sequence:
    // everything an insider could know before the bet lands is the same.
    const chain = SeedChain.from(new Uint8Array(32).fill(42), 10);
    const playerSeed = new Uint8Array(32).fill(5);
    const houses = [await WagerHarness.create({ seedChain: 0 }), await WagerHarness.create({ seedChain: 0 })];
    const hashes = [new Uint8Array(32).fill(1), new Uint8Array(32)];
    const input = { seed: chain.seed(1), sequence: 0n, playerSeed };
    const roll0 = await rollFor({ ...input, slotHash: hashes[0]! });
    // A second hash whose roll falls on the other side of the odds.
    let roll1 = roll0;
    for (let i = 0; roll1 < 50 === roll0 < 50; i++) {
      hashes[1]![0] = i;
      hashes[1]![1] = i >> 8;
      roll1 = await rollFor({ ...input, slotHash: hashes[1]! });
    }
    const results: BetResult[] = [];
    for (const [i, h] of houses.entries()) {
      h.expectOk((await h.commitSeedChain(10, { chain })).outcome);
      const u = await player(h);
      h.expectOk(await h.createBet(u, { odds: 50, prize: SOL, playerSeed }));
      h.advanceSlot(hashes[i]);
      const revealed = h.expectOk(await h.reveal(u.address));
      expect(revealed.reveal).toMatchObject({ kind: 'settled', roll: i === 0 ? roll0 : roll1 });
      results.push((await h.fetchBet(u.address)).result);
    }
    expect(roll0).not.toBe(roll1);
    expect(new Set(results)).toEqual(new Set([BetResult.Win, BetResult.Loss]));
  });
});

describe('a planted reserved-key referral on a bet', () => {
  /** A sysvar, a program id, a reserved key and an empty wallet: none of them can be credited directly. */
  async function plantedReferrals(h: WagerHarness): Promise<Address[]> {
    return [FEATURE, CLOCK_SYSVAR, TOKEN_PROGRAM, (await h.signer()).address];
  }

  it('every settlement still succeeds; without a vault the share stays with the house', async () => {
    const h = await WagerHarness.create();
    for (const referral of await plantedReferrals(h)) {
      const u = await player(h, referral);
      for (const want of ['win', 'loss'] as const) {
        const free = h.freeBalance();
        h.expectOk(await h.createBet(u, { odds: 50, prize: SOL }, { want }));
        const vault = await h.vaultAddress(referral);
        const w = watchBalances(h, { house: h.house, vault, referral });
        h.expectOk(await h.reveal(u.address));
        expect(w.deltas()).toEqual({ house: 0n, vault: 0n, referral: 0n });
        if (want === 'win') h.expectOk(await h.claimBet(u));
        // The whole fee is the house's: the share was released, not paid.
        expect(h.freeBalance()).toBe(free + betCost(SOL, 50) - (want === 'win' ? SOL : 0n));
      }
    }
    expect(h.fetchHouse().outstanding).toBe(0n);
  });

  it('with the vault created (by anyone) the share accrues there, and claim_referral pays only that referrer', async () => {
    const h = await WagerHarness.create();
    const stranger = await h.user(1n);
    const empty = await h.signer();
    for (const referral of [FEATURE, CLOCK_SYSVAR, TOKEN_PROGRAM, empty.address]) {
      h.expectOk(await h.initReferral(referral, stranger));
      const vault = await h.vaultAddress(referral);
      const u = await player(h, referral);
      h.expectOk(await h.createBet(u, { odds: 50, prize: SOL }, { want: 'loss' }));
      const w = watchBalances(h, { house: h.house, vault });
      h.expectOk(await h.reveal(u.address));
      const share = referralShare(betFee(betStake(SOL, 50)));
      expect(w.deltas()).toEqual({ house: -share, vault: share });
      expect(await h.fetchReferral(referral)).toEqual({ referrer: referral, earned: share, claimed: 0n });
      // Nobody but the referrer takes it out.
      await expectRefused(h, [await h.claimReferralIx(stranger, vault)], anchor('ConstraintHasOne'));
    }
    // The one referrer here that has a key: its share, minus nothing, once its wallet can hold it.
    h.svm.airdrop(empty.address, lamports(walletRent(h)));
    const vault = await h.vaultAddress(empty.address);
    const w = watchBalances(h, { vault, empty: empty.address });
    h.expectOk(await h.claimReferral(empty));
    expect(w.deltas()).toEqual({ vault: -2_000_000n, empty: 2_000_000n });
    expect(h.balance(vault)).toBe(vaultRent(h));
  });

  it('a wrong vault account (the referral itself, another vault) is InvalidReferrer', async () => {
    const h = await WagerHarness.create();
    const other = await h.user(1n);
    h.expectOk(await h.initReferral(other.address));
    const u = await player(h, FEATURE);
    h.expectOk(await h.createBet(u, { odds: 50, prize: SOL }));
    h.advanceSlot();
    for (const choice of [{ vault: FEATURE }, { referrer: other.address }, { referrer: null }]) {
      await expectRefused(h, [await h.revealIx(u.address, choice)], wager('InvalidReferrer'));
    }
    h.expectOk(await h.reveal(u.address));
  });

  it('the griefing of the old version (40 such wallets, every bet stuck until refunded) leaves the free balance and the largest prize untouched', async () => {
    const h = await WagerHarness.create();
    const planted = await plantedReferrals(h);
    const grievers: KeyPairSigner[] = [];
    for (let i = 0; i < 40; i++) grievers.push(await player(h, planted[i % planted.length]));
    const free = h.freeBalance();
    const largest = h.maxPrize();
    // Every griever bets at once, each for the largest prize the house takes at that moment.
    let paidIn = 0n;
    const prizes: bigint[] = [];
    for (const g of grievers) {
      const prize = h.maxPrize();
      prizes.push(prize);
      h.expectOk(await h.createBet(g, { odds: 50, prize }, { want: 'loss' }));
      paidIn += betCost(prize, 50);
    }
    // While they are open they are owed, as any bets are...
    expect(h.fetchHouse().openBets).toBe(40n);
    // ...but the settler reveals them at once, in the next slots: nothing waits for a refund.
    for (const g of grievers) {
      const revealed = h.expectOk(await h.reveal(g.address));
      expect(revealed.reveal).toMatchObject({ kind: 'settled' });
    }
    expect(h.fetchHouse()).toMatchObject({ outstanding: 0n, openBets: 0n });
    expect(h.freeBalance()).toBe(free + paidIn);
    expect(h.maxPrize()).toBe(maxPrize(free + paidIn));
    expect(h.maxPrize() >= largest).toBe(true);
    // An honest player gets the largest prize at once, and is paid.
    const honest = await player(h, null, 1_000n);
    const prize = h.maxPrize();
    h.expectOk(await h.createBet(honest, { odds: 95, prize }, { want: 'win' }));
    h.expectOk(await h.reveal(honest.address));
    const w = watchBalances(h, { honest: honest.address });
    h.expectOk(await h.claimBet(honest));
    expect(w.deltas()).toEqual({ honest: prize });
  });
});

describe('a planted reserved-key referrer on a market', () => {
  for (const result of ['yes', 'no', 'invalid'] as const) {
    it(`resolve_market(${result}) succeeds, then every settle_prediction; the share stays in the pool for close_market`, async () => {
      const h = await WagerHarness.create();
      h.svm.airdrop(h.treasury.address, lamports(SOL));
      const [alice, bob] = [await h.user(), await h.user()];
      const { market, outcome } = await h.createMarket({ referrer: FEATURE });
      h.expectOk(outcome);
      h.expectOk(await h.predict(alice, market, SOL, 'yes'));
      h.expectOk(await h.predict(bob, market, 3n * SOL, 'no'));
      h.toCutoff(market);
      const pool = await h.poolAddress(market);
      h.expectOk(await h.resolveMarket(market, result));
      const resolved = h.fetchMarket(market);
      const fee = result === 'invalid' ? 0n : 120_000_000n;
      const share = referralShare(fee);
      expect(h.balance(pool)).toBe(walletRent(h) + 4n * SOL - (fee - share));
      for (const [u, amount, side] of [
        [alice, SOL, MarketResult.Yes],
        [bob, 3n * SOL, MarketResult.No],
      ] as const) {
        const w = watchBalances(h, { u: u.address });
        h.expectOk(await h.settlePrediction(market, u.address));
        expect(w.deltas()).toEqual({ u: predictionPayout(resolved, amount, side) });
      }
      const t = watchBalances(h, { treasury: h.treasury.address });
      h.expectOk(await h.closeMarket(market));
      // The share (and rounding dust) was swept to the treasury with the pool's rent.
      const paid =
        predictionPayout(resolved, SOL, MarketResult.Yes) +
        predictionPayout(resolved, 3n * SOL, MarketResult.No);
      const dust = 4n * SOL - fee - paid;
      expect(t.deltas()).toEqual({ treasury: walletRent(h) + share + dust });
    });
  }

  it('with its vault created, the referrer share goes to the vault', async () => {
    const h = await WagerHarness.create();
    h.svm.airdrop(h.treasury.address, lamports(SOL));
    h.expectOk(await h.initReferral(CLOCK_SYSVAR));
    const vault = await h.vaultAddress(CLOCK_SYSVAR);
    const [alice, bob] = [await h.user(), await h.user()];
    const { market } = await h.createMarket({ referrer: CLOCK_SYSVAR });
    h.expectOk(await h.predict(alice, market, SOL, 'yes'));
    h.expectOk(await h.predict(bob, market, SOL, 'no'));
    h.toCutoff(market);
    const w = watchBalances(h, { vault, treasury: h.treasury.address });
    h.expectOk(await h.resolveMarket(market, 'yes'));
    expect(w.deltas()).toEqual({ vault: 6_000_000n, treasury: 54_000_000n });
    h.expectOk(await h.settlePrediction(market, alice.address));
    h.expectOk(await h.settlePrediction(market, bob.address));
  });
});

describe('an absent authority', () => {
  async function overdueMarket() {
    const h = await WagerHarness.create();
    const [alice, bob] = [await h.user(), await h.user()];
    const { market } = await h.createMarket({ referrer: FEATURE });
    h.expectOk(await h.predict(alice, market, 2n * SOL, 'yes'));
    h.expectOk(await h.predict(bob, market, 3n * SOL, 'no'));
    return { h, alice, bob, market };
  }

  it('expire_market before end + MARKET_RESOLVE_GRACE_SECS is MarketNotOverdue', async () => {
    const { h, market } = await overdueMarket();
    const end = h.fetchMarket(market).endTime;
    for (const at of [end - 1n, end, end + GRACE - 1n]) {
      h.setTime(at);
      await expectRefused(h, [h.expireMarketIx(market)], wager('MarketNotOverdue'));
    }
  });

  it('after it anyone resolves it Invalid, and every prediction settles for a full refund, by anyone', async () => {
    const { h, alice, bob, market } = await overdueMarket();
    h.setTime(h.fetchMarket(market).endTime + GRACE);
    const keeper = await h.user(1n);
    const w = watchBalances(h, { keeper: keeper.address, treasury: h.treasury.address });
    h.expectOk(await h.expireMarket(market, keeper));
    expect(h.fetchMarket(market)).toMatchObject({ isSettled: true, result: MarketResult.Invalid });
    const p = watchBalances(h, { alice: alice.address, bob: bob.address });
    h.expectOk(await h.settlePrediction(market, alice.address, keeper));
    h.expectOk(await h.settlePrediction(market, bob.address, keeper));
    expect(p.deltas()).toEqual({ alice: 2n * SOL, bob: 3n * SOL });
    expect(w.deltas()).toEqual({ keeper: -3n * SIGNATURE_FEE, treasury: 0n });
    expect(h.balance(await h.poolAddress(market))).toBe(walletRent(h));
  });

  it('a resolved market cannot be expired (MarketClosed)', async () => {
    const { h, market } = await overdueMarket();
    h.toCutoff(market);
    h.expectOk(await h.resolveMarket(market, 'no'));
    h.setTime(h.fetchMarket(market).endTime + GRACE);
    await expectRefused(h, [h.expireMarketIx(market)], wager('MarketClosed'));
    expect(h.fetchMarket(market).result).toBe(MarketResult.No);
  });
});

describe('reopening a market', () => {
  it('update_market after the cutoff is MarketClosed', async () => {
    const h = await WagerHarness.create();
    const { market } = await h.createMarket({ cutoff: T0 + 100n, end: T0 + 200n });
    for (const at of [T0 + 100n, T0 + 150n]) {
      h.setTime(at);
      await expectRefused(
        h,
        [h.updateMarketIx(market, { cutoff: at + 1_000n, end: at + 2_000n })],
        wager('MarketClosed'),
      );
    }
  });

  it('a new cutoff in the past (or now) is InvalidMarket', async () => {
    const h = await WagerHarness.create();
    const { market } = await h.createMarket({ cutoff: T0 + 100n, end: T0 + 200n });
    h.setTime(T0 + 50n);
    for (const cutoff of [T0 + 10n, T0 + 50n]) {
      await expectRefused(h, [h.updateMarketIx(market, { cutoff, end: T0 + 200n })], wager('InvalidMarket'));
    }
  });

  it('an end beyond MARKET_MAX_LIFETIME_SECS after the start is InvalidMarket, at create_market and update_market', async () => {
    const h = await WagerHarness.create();
    await expectRefused(
      h,
      [await h.createMarketIx(await h.signer(), { cutoff: T0 + 100n, end: T0 + LIFETIME + 1n })],
      wager('InvalidMarket'),
    );
    const { market } = await h.createMarket({ cutoff: T0 + 100n, end: T0 + LIFETIME });
    h.setTime(T0 + 90n);
    await expectRefused(
      h,
      [h.updateMarketIx(market, { cutoff: T0 + 100n, end: T0 + LIFETIME + 1n })],
      wager('InvalidMarket'),
    );
  });
});

describe('two-step authority', () => {
  it('propose_authority, then accept_authority by the proposed key moves it; until then the old authority rules', async () => {
    const h = await WagerHarness.create();
    const next = await h.user(1n);
    const third = await h.user(1n);
    h.expectOk(await h.proposeAuthority(next.address));
    expect(h.fetchHouse()).toMatchObject({ authority: h.authority.address, pendingAuthority: next.address });
    // Proposed is not accepted: the old authority still rules, the new key does not yet.
    h.expectOk(await h.withdraw(SOL, h.authority.address));
    await expectRefused(h, [h.withdrawIx(SOL, next.address, next)], anchor('ConstraintHasOne'));
    await expectRefused(h, [h.updateHouseIx({ paused: true }, next)], anchor('ConstraintHasOne'));
    // A third key cannot accept.
    await expectRefused(h, [h.acceptAuthorityIx(third)], anchor('ConstraintHasOne'));
    h.expectOk(await h.acceptAuthority(next));
    expect(h.fetchHouse()).toMatchObject({ authority: next.address, pendingAuthority: null });
    await expectRefused(h, [h.withdrawIx(SOL, h.authority.address)], anchor('ConstraintHasOne'));
    h.expectOk(await h.withdraw(SOL, next.address, next));
    // Accepted once: nothing is pending any more.
    await expectRefused(h, [h.acceptAuthorityIx(next)], anchor('ConstraintHasOne'));
  });

  it('a later proposal replaces the earlier one; the proposed key must sign', async () => {
    const h = await WagerHarness.create();
    const [first, second] = [await h.user(1n), await h.user(1n)];
    await expectRefused(h, [h.acceptAuthorityIx(first)], anchor('ConstraintHasOne'));
    h.expectOk(await h.proposeAuthority(first.address));
    h.expectOk(await h.proposeAuthority(second.address));
    await expectRefused(h, [h.acceptAuthorityIx(first)], anchor('ConstraintHasOne'));
    await expectRefused(h, [withoutSigner(h.acceptAuthorityIx(second), 0)], anchor('AccountNotSigner'));
    h.expectOk(await h.acceptAuthority(second));
    expect(h.fetchHouse().authority).toBe(second.address);
  });
});

describe('records from an older program version', () => {
  it('a House of the old size reads zeros for the new fields, and grows itself when a chain is committed', async () => {
    const h = await WagerHarness.create({ seedChain: 0 });
    h.writeLegacyHouse();
    const legacyRent = h.rent(LEGACY_HOUSE_ACCOUNT_SIZE);
    expect(h.data(h.house)).toHaveLength(LEGACY_HOUSE_ACCOUNT_SIZE);
    expect(h.fetchHouse()).toMatchObject({
      betSequence: 0n,
      seedChainEnd: 0n,
      openBets: 0n,
      offchainBets: false,
      pendingAuthority: null,
    });
    const lamportsBefore = h.balance(h.house);
    expect(h.freeBalance()).toBe(lamportsBefore - legacyRent);
    // Loads read zeros: a withdrawal works and leaves the record as it is; a bet finds no chain.
    h.expectOk(await h.withdraw(SOL, h.authority.address));
    expect(h.data(h.house)).toHaveLength(LEGACY_HOUSE_ACCOUNT_SIZE);
    const alice = await player(h);
    await expectRefused(h, [await h.createBetIx(alice, { odds: 50, prize: SOL })], wager('NoSeedCommitted'));
    // The first commit grows it, paid from the bankroll: its lamports stay, its free balance pays the rent.
    const w = watchBalances(h, { house: h.house, settler: h.settler.address });
    const { outcome, chain } = await h.commitSeedChain(10);
    h.expectOk(outcome);
    expect(w.deltas()).toEqual({ house: 0n, settler: 0n });
    expect(h.data(h.house)).toHaveLength(HOUSE_ACCOUNT_SIZE);
    expect(h.freeBalance()).toBe(lamportsBefore - SOL - h.rent(HOUSE_ACCOUNT_SIZE));
    expect(h.fetchHouse()).toMatchObject({ nextSeedCommitment: chain.head, nextSeedChainLength: 10n });
    h.expectOk(await h.createBet(alice, { odds: 50, prize: SOL }, { want: 'win' }));
    h.expectOk(await h.reveal(alice.address));
    h.expectOk(await h.claimBet(alice));
  });

  /**
   * A House of the old size that holds exactly rent + outstanding (the authority withdrew every free
   * lamport it may). docs/wager.md: "written back at its length while those fields stay zero".
   */
  async function legacyHouseOwingEverything(h: WagerHarness, winner: KeyPairSigner) {
    await h.writeLegacyBet(winner.address, {
      user: winner.address,
      mint: NATIVE_MINT_ADDRESS,
      switchboardRequest: address('11111111111111111111111111111111'),
      odds: 50,
      betAmount: SOL / 2n,
      listingPrice: SOL,
      timestamp: T0,
      state: BetState.Settled,
      result: BetResult.Win,
      betType: BetType.Sol,
      referral: null,
      offChain: true,
    });
    h.writeHouse({ outstanding: SOL });
    h.writeLegacyHouse();
    h.expectOk(await h.withdraw(h.freeBalance(), h.authority.address));
    expect(h.balance(h.house)).toBe(h.rent(LEGACY_HOUSE_ACCOUNT_SIZE) + SOL);
  }

  // A House of the old size is written back at its length while the new fields are zero, so a legacy House
  // that owes everything it holds still pays its last winner; it grows (paying rent(267) − rent(113) =
  // 1,071,840 lamports from its bankroll) only when a new field is set, and only from its free balance.
  it('a House of the old size pays its last winner without growing', async () => {
    const h = await WagerHarness.create({ seedChain: 0 });
    const winner = await h.user();
    await legacyHouseOwingEverything(h, winner);
    const w = watchBalances(h, { winner: winner.address });
    h.expectOk(await h.claimBet(winner));
    expect(w.deltas()).toEqual({ winner: SOL });
    expect(h.data(h.house)).toHaveLength(LEGACY_HOUSE_ACCOUNT_SIZE);
  });

  it('a House of the old size grows only from its free balance: the settler cannot make it owe more than it holds', async () => {
    const h = await WagerHarness.create({ seedChain: 0 });
    const winner = await h.user();
    await legacyHouseOwingEverything(h, winner);
    const before = h.balance(h.house);
    const refused = await h.send([h.commitSeedChainIx(h.newSeedChain(10))]);
    expect(refused).toMatchObject({ ok: false, builtinName: 'InsufficientFunds' });
    expect(h.balance(h.house)).toBe(before);
    expect(h.data(h.house)).toHaveLength(LEGACY_HOUSE_ACCOUNT_SIZE);
    // With the extra rent free, the same commit grows it and keeps it solvent.
    h.fundHouse(h.rent(HOUSE_ACCOUNT_SIZE) - h.rent(LEGACY_HOUSE_ACCOUNT_SIZE));
    h.expectOk(await h.send([h.commitSeedChainIx(h.newSeedChain(10))]));
    expect(h.data(h.house)).toHaveLength(HOUSE_ACCOUNT_SIZE);
    expect(h.balance(h.house)).toBe(h.houseRent() + h.fetchHouse().outstanding);
  });

  it('a bet record of the old size keeps working, and grows when it takes a create_bet bet, its user paying the rent difference', async () => {
    const h = await WagerHarness.create();
    const ref = await h.user(1n);
    const alice = await h.user();
    const legacy = {
      user: alice.address,
      mint: NATIVE_MINT_ADDRESS,
      switchboardRequest: address('11111111111111111111111111111111'),
      odds: 40,
      betAmount: 400_000_000n,
      listingPrice: SOL,
      timestamp: T0 - 1_000n,
      state: BetState.Claimed,
      result: BetResult.Win,
      betType: BetType.Sol,
      referral: ref.address,
      offChain: true,
    };
    const record = await h.writeLegacyBet(alice.address, legacy);
    expect(h.data(record)).toHaveLength(LEGACY_BET_ACCOUNT_SIZE);
    expect(await h.fetchBet(alice.address)).toEqual({
      ...legacy,
      sequence: 0n,
      slot: 0n,
      slotHash: new Uint8Array(32),
    });
    const growth = h.rent(BET_ACCOUNT_SIZE) - h.rent(LEGACY_BET_ACCOUNT_SIZE);
    expect(growth > 0n).toBe(true);
    const w = watchBalances(h, { alice: alice.address, record, house: h.house });
    h.expectOk(await h.createBet(alice, { odds: 50, prize: SOL }, { want: 'loss' }));
    const cost = betCost(SOL, 50);
    expect(w.deltas()).toEqual({ alice: -cost - growth, record: growth, house: cost });
    expect(h.data(record)).toHaveLength(BET_ACCOUNT_SIZE);
    expect(h.balance(record)).toBe(h.rent(BET_ACCOUNT_SIZE));
    const bet = await h.fetchBet(alice.address);
    expect(bet).toMatchObject({ state: BetState.Open, offChain: false, sequence: 0n, referral: ref.address });
    expect(betPlayerSeed(bet)).toHaveLength(32);
    h.expectOk(await h.reveal(alice.address));
  });

  it('an old open off-chain bet record settles (off-chain bets on), refunds and claims at its old size', async () => {
    const h = await WagerHarness.create();
    const [alice, bob] = [await h.user(), await h.user()];
    const open = {
      mint: NATIVE_MINT_ADDRESS,
      switchboardRequest: address('11111111111111111111111111111111'),
      odds: 50,
      betAmount: SOL / 2n,
      listingPrice: SOL,
      timestamp: T0,
      state: BetState.Open,
      result: BetResult.None,
      betType: BetType.Sol,
      referral: null,
      offChain: true,
    };
    // The old program took these bets: the house holds their stakes and fees and owes their prizes.
    const aliceRecord = await h.writeLegacyBet(alice.address, { ...open, user: alice.address });
    const bobRecord = await h.writeLegacyBet(bob.address, { ...open, user: bob.address });
    h.fundHouse(2n * betCost(SOL, 50));
    h.writeHouse({ outstanding: 2n * SOL });
    // With off-chain bets off the settler's roll is refused, even for a bet the old program took.
    await expectRefused(h, [await h.settleBetIx(alice.address, 10)], wager('BetNotAvailable'));
    h.expectOk(await h.updateHouse({ offchainBets: true }));
    h.expectOk(await h.settleBet(alice.address, 10));
    h.expectOk(await h.claimBet(alice));
    h.setTime(T0 + DELAY);
    h.expectOk(await h.refundBet(bob.address, bob));
    expect([h.data(aliceRecord).length, h.data(bobRecord).length]).toEqual([
      LEGACY_BET_ACCOUNT_SIZE,
      LEGACY_BET_ACCOUNT_SIZE,
    ]);
    expect(h.fetchHouse().outstanding).toBe(0n);
  });
});

describe("Anchor's error line", () => {
  it('a failing instruction logs "AnchorError occurred" with the IDL name and message, which Anchor parses', async () => {
    const h = await WagerHarness.create();
    const alice = await player(h);
    const failed = await expectRefused(
      h,
      [await h.createBetIx(alice, { odds: 50, prize: 19_999_998n })],
      wager('BetTooLow'),
    );
    const line =
      'Program log: AnchorError occurred. Error Code: BetTooLow. Error Number: 6011. Error Message: The stake is below the minimum of 0.01 SOL.';
    expect(anchorErrorLines(failed.logs)).toEqual([line]);
    expect(AnchorError.parse(failed.logs)?.error.errorCode).toEqual({ code: 'BetTooLow', number: 6011 });
    // Every Wager error has its line, from the IDL.
    for (const { code, name, msg } of Object.values(WAGER_ERRORS)) {
      expect(anchorErrorLine(code)).toBe(
        `Program log: AnchorError occurred. Error Code: ${name}. Error Number: ${code}. Error Message: ${msg}.`,
      );
    }
  });

  it("a framework error (a missing signer, 3010) logs anchor-lang's line", async () => {
    const h = await WagerHarness.create();
    const alice = await player(h);
    const failed = await expectRefused(
      h,
      [withoutSigner(await h.claimBetIx(alice), 0)],
      anchor('AccountNotSigner'),
    );
    expect(anchorErrorLines(failed.logs)).toEqual([
      'Program log: AnchorError occurred. Error Code: AccountNotSigner. Error Number: 3010. Error Message: The given account did not sign.',
    ]);
    expect(AnchorError.parse(failed.logs)?.error.errorCode).toEqual({
      code: 'AccountNotSigner',
      number: 3010,
    });
  });

  it('a successful instruction, or a runtime error, logs no such line', async () => {
    const h = await WagerHarness.create();
    const alice = await player(h);
    const ok = await h.send([await h.createBetIx(alice, { odds: 50, prize: SOL })]);
    expect(ok.ok && anchorErrorLines(ok.logs)).toEqual([]);
    await expectRefused(h, [h.withdrawIx(h.freeBalance() + 1n, h.authority.address)], {
      builtin: 'InsufficientFunds',
    });
  });
});
