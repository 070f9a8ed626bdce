/**
 * Every refusal of the Foresight program, each in the situation docs/foresight.md names for it, asserted by
 * its exact code and name. Each refused transaction is paid by a separate fee payer and must leave every
 * other account it touches (lamports, owner and data) exactly as it was: a refusal never costs a player,
 * the treasury or a round anything.
 */
import { AccountRole, address, generateKeyPairSigner, lamports, type Address } from '@solana/kit';
import { describe, expect, it } from 'vitest';
import { FORESIGHT_SETTLE_BUFFER_SECS } from '@arcade/sdk/constants';
import { Prediction } from '@arcade/sdk/foresight/accounts';
import { findBetAddress } from '@arcade/sdk/foresight/pda';
import { ForesightHarness, SOL } from './harness.ts';
import {
  betRent,
  cloneAccount,
  closeBetIx,
  closeEventIx,
  createEventIx,
  createOtherConfig,
  eventRent,
  expectRefused,
  placeBetIx,
  priceUpdateData,
  sendOk,
  setRawPriceAccount,
  settleBetIx,
  tickIx,
  updateConfigIx,
  withAccount,
  withAccountCount,
  withData,
  withdrawBetIx,
  withoutSigner,
} from './support.ts';

const U64_MAX = 2n ** 64n - 1n;
const PRICE = 100_00000000n;
/** A program that is not Foresight, owning look-alike accounts. */
const OTHER_PROGRAM = address('Fake111111111111111111111111111111111111111');
const OTHER_PRICE_ACCOUNT = address('PythPrice2222222222222222222222222222222222');

/** A deployment with round 1 live and round 2 pre-created. */
async function ready(): Promise<ForesightHarness> {
  const h = await ForesightHarness.create();
  await h.start();
  return h;
}

/**
 * Round 1 settled Up: `winner` bet 1 SOL up, `loser` 2 SOL down. Round 2 is locked (no bets), round 3 live.
 */
async function settledValidRound(h: ForesightHarness) {
  const winner = await h.player();
  const loser = await h.player();
  h.expectOk(await h.placeBet(winner, 1, 'up', SOL));
  h.expectOk(await h.placeBet(loser, 1, 'down', 2n * SOL));
  h.expectOk(await h.advance(PRICE));
  h.expectOk(await h.advance(PRICE + 1n));
  expect(await h.fetchEvent(1)).toMatchObject({ isSettled: true, result: Prediction.Up });
  return { winner, loser };
}

/** Round 1 settled Invalid (equal prices): `up` bet 1 SOL up, `down` 2 SOL down; both are owed refunds. */
async function settledInvalidRound(h: ForesightHarness) {
  const up = await h.player();
  const down = await h.player();
  h.expectOk(await h.placeBet(up, 1, 'up', SOL));
  h.expectOk(await h.placeBet(down, 1, 'down', 2n * SOL));
  h.expectOk(await h.advance(PRICE));
  h.expectOk(await h.advance(PRICE));
  expect(await h.fetchEvent(1)).toMatchObject({ isSettled: true, result: Prediction.Invalid });
  return { up, down };
}

/** Moves the clock to round `id`'s lock time plus `delta` seconds. */
async function atLock(h: ForesightHarness, id: number, delta = 0n): Promise<void> {
  h.setTime((await h.fetchEvent(id)).lockTime + delta);
}

describe('program errors 6000–6015', () => {
  describe('6000 TryToSerializePriceAccount: the price account is not a PriceUpdateV2', () => {
    function malformed(h: ForesightHarness): Record<string, Uint8Array> {
      const good = priceUpdateData(h, h.feedId, PRICE, h.now());
      const wrongDiscriminator = good.slice();
      wrongDiscriminator[0]! ^= 0xff;
      const unknownLevel = good.slice();
      unknownLevel[40] = 2;
      return {
        wrongDiscriminator,
        empty: new Uint8Array(0),
        tooShortForTheLevel: good.slice(0, 41),
        fullButTruncated: good.slice(0, 132),
        unknownLevel,
      };
    }

    it('at the tick, for an account owned by the Pyth receiver', async () => {
      const h = await ready();
      await atLock(h, 1);
      for (const data of Object.values(malformed(h))) {
        setRawPriceAccount(h, data);
        await expectRefused(h, [await tickIx(h)], { code: 6000, name: 'TryToSerializePriceAccount' });
      }
      setRawPriceAccount(h, priceUpdateData(h, h.feedId, PRICE, h.now()));
      await sendOk(h, [await tickIx(h)]);
    });

    it('at create_config', async () => {
      const h = await ForesightHarness.create({ createConfig: false });
      for (const data of Object.values(malformed(h))) {
        setRawPriceAccount(h, data);
        await expectRefused(h, [h.createConfigIx()], { code: 6000, name: 'TryToSerializePriceAccount' });
      }
      expect(h.exists(h.config)).toBe(false);
      setRawPriceAccount(h, priceUpdateData(h, h.feedId, PRICE, h.now()));
      await sendOk(h, [h.createConfigIx()]);
      expect(h.fetchConfig().authority).toBe(h.authority.address);
    });
  });

  describe('6001 PythError: wrong owner, partial verification, wrong feed, or not the update for t', () => {
    it('at the tick', async () => {
      const h = await ready();
      await atLock(h, 1);
      h.setPrice(PRICE, { owner: OTHER_PROGRAM });
      await expectRefused(h, [await tickIx(h)], { code: 6001, name: 'PythError' });
      // A well-formed update owned by someone else is refused before its data is even read.
      setRawPriceAccount(h, new Uint8Array(0), h.priceUpdate, OTHER_PROGRAM);
      await expectRefused(h, [await tickIx(h)], { code: 6001, name: 'PythError' });
      h.setPrice(PRICE, { level: 'partial' });
      await expectRefused(h, [await tickIx(h)], { code: 6001, name: 'PythError' });
      h.setPrice(PRICE, { feedId: new Uint8Array(32).fill(7) });
      await expectRefused(h, [await tickIx(h)], { code: 6001, name: 'PythError' });
      h.setPrice(PRICE);
      await sendOk(h, [await tickIx(h)]);
    });

    it('at the tick, an update other than the first one published at or after the planned time t', async () => {
      const h = await ready();
      const t = (await h.fetchEvent(1)).lockTime;
      await atLock(h, 1, 40n);
      const pythError = { code: 6001, name: 'PythError' } as const;
      // Published before t (the last one before it).
      h.setPrice(PRICE, { publishTime: t - 1n, prevPublishTime: t - 2n });
      await expectRefused(h, [await tickIx(h)], pythError);
      // Published after t, but so was its predecessor: a later one of the updates near t.
      h.setPrice(PRICE, { publishTime: t + 1n, prevPublishTime: t });
      await expectRefused(h, [await tickIx(h)], pythError);
      h.setPrice(PRICE, { publishTime: t + 40n, prevPublishTime: t + 39n });
      await expectRefused(h, [await tickIx(h)], pythError);
      // The first one at or after t, here after a gap in the feed: taken.
      h.setPrice(PRICE, { publishTime: t + 3n, prevPublishTime: t - 2n });
      await sendOk(h, [await tickIx(h)]);
      expect(await h.fetchEvent(1)).toMatchObject({ lockPrice: PRICE });
    });

    it('at create_config (a wrong feed there is a wrong config address instead: see ConstraintSeeds)', async () => {
      const h = await ForesightHarness.create({ createConfig: false });
      h.setPrice(PRICE, { owner: OTHER_PROGRAM });
      await expectRefused(h, [h.createConfigIx()], { code: 6001, name: 'PythError' });
      h.setPrice(PRICE, { level: 'partial' });
      await expectRefused(h, [h.createConfigIx()], { code: 6001, name: 'PythError' });
      expect(h.exists(h.config)).toBe(false);
    });
  });

  it('6002 EventUnsettled: settle, withdraw, close_bet and close_event before the round is settled', async () => {
    const h = await ready();
    const a = await h.player();
    const b = await h.player();
    h.expectOk(await h.placeBet(a, 1, 'up', SOL));
    h.expectOk(await h.placeBet(b, 1, 'down', SOL));
    const unsettled = { code: 6002, name: 'EventUnsettled' } as const;
    // Round 1 live.
    await expectRefused(h, [await settleBetIx(h, a.address, 1)], unsettled);
    await expectRefused(h, [await withdrawBetIx(h, a.address, 1)], unsettled);
    await expectRefused(h, [await closeBetIx(h, a, 1)], unsettled);
    await expectRefused(h, [await closeEventIx(h, 1)], unsettled);
    // Round 1 locked, round 2 live and empty.
    h.expectOk(await h.advance(PRICE));
    expect(await h.fetchEvent(1)).toMatchObject({ isSettled: false, lockPrice: PRICE });
    await expectRefused(h, [await settleBetIx(h, a.address, 1)], unsettled);
    await expectRefused(h, [await withdrawBetIx(h, b.address, 1)], unsettled);
    await expectRefused(h, [await closeBetIx(h, b, 1)], unsettled);
    await expectRefused(h, [await closeEventIx(h, 1)], unsettled);
    await expectRefused(h, [await closeEventIx(h, 2)], unsettled);
    // Nobody settles round 1: a second before its settle time + SETTLE_BUFFER_SECS it is still unsettled
    // (from that moment on it is Invalid and refunds: trust.test.ts).
    h.setTime((await h.fetchEvent(1)).settleTime + BigInt(FORESIGHT_SETTLE_BUFFER_SECS) - 1n);
    await expectRefused(h, [await settleBetIx(h, a.address, 1)], unsettled);
    await expectRefused(h, [await withdrawBetIx(h, b.address, 1)], unsettled);
    await expectRefused(h, [await closeEventIx(h, 1)], unsettled);
  });

  it('6003 EventSettled: withdraw_bet on a valid round, for the winner and the loser', async () => {
    const h = await ready();
    const { winner, loser } = await settledValidRound(h);
    await expectRefused(h, [await withdrawBetIx(h, winner.address, 1)], { code: 6003, name: 'EventSettled' });
    await expectRefused(h, [await withdrawBetIx(h, loser.address, 1)], { code: 6003, name: 'EventSettled' });
    // The winner is still paid, by settle_bet.
    await sendOk(h, [await settleBetIx(h, winner.address, 1)]);
    // A tick whose locked round is already settled is no longer an error: a round past its buffer may have
    // been ended Invalid by a withdraw, and the tick then goes on without it (trust.test.ts).
  });

  describe('6004 EventInactive', () => {
    it('place_bet while the config is disabled; betting resumes when it is enabled again', async () => {
      const h = await ready();
      const a = await h.player();
      await sendOk(h, [updateConfigIx(h, true)]);
      expect(h.fetchConfig().disabled).toBe(true);
      await expectRefused(h, [await placeBetIx(h, a, 1, 'up', SOL)], { code: 6004, name: 'EventInactive' });
      await sendOk(h, [updateConfigIx(h, false)]);
      await sendOk(h, [await placeBetIx(h, a, 1, 'up', SOL)]);
    });

    it('place_bet on a pre-created round that is not live yet, and on a locked round', async () => {
      const h = await ready();
      const a = await h.player();
      await expectRefused(h, [await placeBetIx(h, a, 2, 'up', SOL)], { code: 6004, name: 'EventInactive' });
      h.expectOk(await h.advance(PRICE));
      // Round 1 is now locked and round 2 live.
      await expectRefused(h, [await placeBetIx(h, a, 1, 'up', SOL)], { code: 6004, name: 'EventInactive' });
      await sendOk(h, [await placeBetIx(h, a, 2, 'up', SOL)]);
    });
  });

  it('6005 BetLost: settle_bet on a losing bet', async () => {
    const h = await ready();
    const { loser } = await settledValidRound(h);
    await expectRefused(h, [await settleBetIx(h, loser.address, 1)], { code: 6005, name: 'BetLost' });
    // A lost bet is owed nothing: its rent comes back with close_bet.
    const before = h.balance(loser.address);
    await sendOk(h, [await closeBetIx(h, loser, 1)]);
    expect(h.balance(loser.address)).toBe(before + betRent(h));
  });

  describe('6006 OverflowError', () => {
    // Reachable from the arguments alone: the checks run before any lamports move, so nobody needs to own
    // u64::MAX lamports to hit them.
    it('place_bet creating a bet: rent + amount would overflow u64', async () => {
      const h = await ready();
      const a = await h.player();
      await expectRefused(h, [await placeBetIx(h, a, 1, 'up', U64_MAX)], {
        code: 6006,
        name: 'OverflowError',
      });
      await expectRefused(h, [await placeBetIx(h, a, 1, 'up', U64_MAX - betRent(h) + 1n)], {
        code: 6006,
        name: 'OverflowError',
      });
    });

    it('place_bet adding to a bet: the bet total would overflow u64', async () => {
      const h = await ready();
      const a = await h.player();
      h.expectOk(await h.placeBet(a, 1, 'up', SOL));
      await expectRefused(h, [await placeBetIx(h, a, 1, 'up', U64_MAX - SOL + 1n)], {
        code: 6006,
        name: 'OverflowError',
      });
      expect(await h.fetchBet(1, a.address)).toMatchObject({ amount: SOL });
    });
  });

  describe('6007 InvalidEventID', () => {
    it('create_event with a skipped id, the pre-created id again, or the live id', async () => {
      const h = await ForesightHarness.create();
      const invalid = { code: 6007, name: 'InvalidEventID' } as const;
      await expectRefused(h, [await createEventIx(h, 2)], invalid);
      await expectRefused(h, [await createEventIx(h, 0)], invalid);
      await sendOk(h, [await createEventIx(h, 1)]);
      await expectRefused(h, [await createEventIx(h, 1)], invalid);
      await expectRefused(h, [await createEventIx(h, 3)], invalid);
      await sendOk(h, [await createEventIx(h, 2)]);
      await expectRefused(h, [await createEventIx(h, 2)], invalid);
      await expectRefused(h, [await createEventIx(h, 3)], invalid);
      expect(h.fetchConfig()).toMatchObject({ liveEvent: 1, lockedEvent: 0 });
    });

    it('a tick given the wrong live or next round', async () => {
      const h = await ready();
      const other = await createOtherConfig(h, OTHER_PRICE_ACCOUNT);
      h.expectOk(await h.advance(PRICE));
      await atLock(h, 2);
      h.setPrice(PRICE);
      const [r1, r2, r3] = [await h.eventAddress(1), await h.eventAddress(2), await h.eventAddress(3)];
      const invalid = { code: 6007, name: 'InvalidEventID' } as const;
      // Live: round 2. Next: round 3.
      await expectRefused(h, [await tickIx(h, { live: r3 })], invalid);
      await expectRefused(h, [await tickIx(h, { live: r1 })], invalid);
      await expectRefused(h, [await tickIx(h, { next: r2 })], invalid);
      await expectRefused(h, [await tickIx(h, { next: r1 })], invalid);
      // The other config's round 2 has the live id, but belongs elsewhere.
      await expectRefused(h, [await tickIx(h, { live: await other.round(2) })], invalid);
      await expectRefused(h, [await tickIx(h, { next: await other.round(2) })], invalid);
      await sendOk(h, [await tickIx(h)]);
    });
  });

  it('a tick before the next round is pre-created is refused and changes nothing', async () => {
    const h = await ForesightHarness.create();
    await sendOk(h, [await createEventIx(h, 1)]);
    await atLock(h, 1);
    h.setPrice(PRICE);
    // The missing round fails the owner check (3007). An Anchor program would report 3012
    // AccountNotInitialized for an account that does not exist; the crank only needs to know it must
    // create the next round first.
    await expectRefused(h, [await tickIx(h)], {
      code: 3007,
      name: null,
      anchor: 'AccountOwnedByWrongProgram',
    });
    await sendOk(h, [await createEventIx(h, 2)]);
    await sendOk(h, [await tickIx(h)]);
  });

  describe('6008 InvalidPrediction', () => {
    it('a prediction of None or Invalid', async () => {
      const h = await ready();
      const a = await h.player();
      const invalid = { code: 6008, name: 'InvalidPrediction' } as const;
      await expectRefused(h, [await placeBetIx(h, a, 1, Prediction.None, SOL)], invalid);
      await expectRefused(h, [await placeBetIx(h, a, 1, Prediction.Invalid, SOL)], invalid);
    });

    it('the other side after a first bet (a second bet on the same side adds to it)', async () => {
      const h = await ready();
      const a = await h.player();
      const b = await h.player();
      await sendOk(h, [await placeBetIx(h, a, 1, 'up', SOL)]);
      await sendOk(h, [await placeBetIx(h, b, 1, 'down', SOL)]);
      await expectRefused(h, [await placeBetIx(h, a, 1, 'down', SOL)], {
        code: 6008,
        name: 'InvalidPrediction',
      });
      await expectRefused(h, [await placeBetIx(h, b, 1, 'up', SOL)], {
        code: 6008,
        name: 'InvalidPrediction',
      });
      await sendOk(h, [await placeBetIx(h, a, 1, 'up', SOL)]);
      expect(await h.fetchBet(1, a.address)).toMatchObject({ amount: 2n * SOL, prediction: Prediction.Up });
      expect(await h.fetchEvent(1)).toMatchObject({
        upCount: 1,
        downCount: 1,
        upPool: 2n * SOL,
        downPool: SOL,
      });
    });
  });

  it('6009 EventLocked: place_bet at or after the lock time, before the tick', async () => {
    const h = await ready();
    const a = await h.player();
    const b = await h.player();
    await atLock(h, 1, -1n);
    await sendOk(h, [await placeBetIx(h, a, 1, 'up', SOL)]);
    await atLock(h, 1);
    await expectRefused(h, [await placeBetIx(h, b, 1, 'down', SOL)], { code: 6009, name: 'EventLocked' });
    await expectRefused(h, [await placeBetIx(h, a, 1, 'up', SOL)], { code: 6009, name: 'EventLocked' });
    await atLock(h, 1, 100n);
    await expectRefused(h, [await placeBetIx(h, b, 1, 'down', SOL)], { code: 6009, name: 'EventLocked' });
  });

  describe('6010 BetSettled', () => {
    it('settle_bet on a bet already paid', async () => {
      const h = await ready();
      const { winner } = await settledValidRound(h);
      await sendOk(h, [await settleBetIx(h, winner.address, 1)]);
      await expectRefused(h, [await settleBetIx(h, winner.address, 1)], { code: 6010, name: 'BetSettled' });
    });

    it('withdraw_bet (or settle_bet) on a bet already refunded', async () => {
      const h = await ready();
      const { up, down } = await settledInvalidRound(h);
      await sendOk(h, [await withdrawBetIx(h, up.address, 1)]);
      await expectRefused(h, [await withdrawBetIx(h, up.address, 1)], { code: 6010, name: 'BetSettled' });
      await expectRefused(h, [await settleBetIx(h, up.address, 1)], { code: 6010, name: 'BetSettled' });
      // In an invalid round settle_bet refunds too, once.
      await sendOk(h, [await settleBetIx(h, down.address, 1)]);
      await expectRefused(h, [await withdrawBetIx(h, down.address, 1)], { code: 6010, name: 'BetSettled' });
    });
  });

  it('6011 EventNotLocked: a tick given a locked round other than config.locked_event, or none', async () => {
    const h = await ready();
    const notLocked = { code: 6011, name: 'EventNotLocked' } as const;
    // No locked round yet: naming one is refused.
    await atLock(h, 1);
    h.setPrice(PRICE);
    await expectRefused(h, [await tickIx(h, { locked: await h.eventAddress(2) })], notLocked);
    await expectRefused(h, [await tickIx(h, { locked: await h.eventAddress(1) })], notLocked);
    await sendOk(h, [await tickIx(h)]);
    h.expectOk(await h.createEvent(3));
    // Round 1 locked, round 2 live, round 3 pre-created.
    await atLock(h, 2);
    h.setPrice(PRICE);
    await expectRefused(h, [await tickIx(h, { locked: null })], notLocked);
    await expectRefused(h, [await tickIx(h, { locked: await h.eventAddress(2) })], notLocked);
    await expectRefused(h, [await tickIx(h, { locked: await h.eventAddress(3) })], notLocked);
    await sendOk(h, [await tickIx(h)]);
  });

  describe('6012 BetUnsettled: close_bet on a bet still owed money', () => {
    it('an unpaid winner', async () => {
      const h = await ready();
      const { winner } = await settledValidRound(h);
      await expectRefused(h, [await closeBetIx(h, winner, 1)], { code: 6012, name: 'BetUnsettled' });
      await sendOk(h, [await settleBetIx(h, winner.address, 1)]);
      await sendOk(h, [await closeBetIx(h, winner, 1)]);
    });

    it('an unrefunded bet of an invalid round', async () => {
      const h = await ready();
      const { up } = await settledInvalidRound(h);
      await expectRefused(h, [await closeBetIx(h, up, 1)], { code: 6012, name: 'BetUnsettled' });
    });
  });

  describe('6013 EventPendingBets: close_event while a payable bet is unpaid', () => {
    it('an unpaid winner; once paid, the round closes and its dust goes to the treasury', async () => {
      const h = await ready();
      const { winner } = await settledValidRound(h);
      await expectRefused(h, [await closeEventIx(h, 1)], { code: 6013, name: 'EventPendingBets' });
      await sendOk(h, [await settleBetIx(h, winner.address, 1)]);
      const treasury = h.balance(h.treasury.address);
      const signer = h.balance(h.eventSigner.address);
      const dust = h.balance(await h.eventAddress(1)) - eventRent(h);
      await sendOk(h, [await closeEventIx(h, 1)]);
      expect(h.balance(h.treasury.address)).toBe(treasury + dust);
      expect(h.balance(h.eventSigner.address)).toBe(signer + eventRent(h));
      expect(h.exists(await h.eventAddress(1))).toBe(false);
    });

    it('an unrefunded bet of an invalid round', async () => {
      const h = await ready();
      const { up, down } = await settledInvalidRound(h);
      await sendOk(h, [await withdrawBetIx(h, up.address, 1)]);
      await expectRefused(h, [await closeEventIx(h, 1)], { code: 6013, name: 'EventPendingBets' });
      await sendOk(h, [await withdrawBetIx(h, down.address, 1)]);
      await sendOk(h, [await closeEventIx(h, 1)]);
    });
  });

  it('6014 BetTooLow: 9,999,999 lamports is refused, 10,000,000 accepted, also when adding', async () => {
    const h = await ready();
    const a = await h.player();
    await expectRefused(h, [await placeBetIx(h, a, 1, 'up', 9_999_999n)], { code: 6014, name: 'BetTooLow' });
    await expectRefused(h, [await placeBetIx(h, a, 1, 'up', 0n)], { code: 6014, name: 'BetTooLow' });
    const before = h.balance(a.address);
    await sendOk(h, [await placeBetIx(h, a, 1, 'up', 10_000_000n)]);
    expect(h.balance(a.address)).toBe(before - 10_000_000n - betRent(h));
    await expectRefused(h, [await placeBetIx(h, a, 1, 'up', 9_999_999n)], { code: 6014, name: 'BetTooLow' });
    await sendOk(h, [await placeBetIx(h, a, 1, 'up', 10_000_000n)]);
    expect(await h.fetchBet(1, a.address)).toMatchObject({ amount: 20_000_000n });
  });

  it('6015 EventActive: a tick one second before the lock time; at the lock time it ticks', async () => {
    const h = await ready();
    await atLock(h, 1, -1n);
    h.setPrice(PRICE);
    await expectRefused(h, [await tickIx(h)], { code: 6015, name: 'EventActive' });
    await atLock(h, 1);
    h.setPrice(PRICE);
    await sendOk(h, [await tickIx(h)]);
    expect(h.fetchConfig()).toMatchObject({ lockedEvent: 1, liveEvent: 2 });
  });
});

describe('authority: a wrong signer, or the right key without its signature', () => {
  const hasOne = { code: 2001, name: null, anchor: 'ConstraintHasOne' } as const;
  const notSigner = { code: 3010, name: null, anchor: 'AccountNotSigner' } as const;

  it('create_event: anyone may pay for the next round, but only with a signature', async () => {
    const h = await ForesightHarness.create();
    const stranger = await h.player();
    await expectRefused(h, [withoutSigner(await createEventIx(h, 1), 0)], notSigner);
    await expectRefused(h, [withoutSigner(await createEventIx(h, 1, stranger), 0)], notSigner);
    await sendOk(h, [await createEventIx(h, 1, stranger)]);
    expect(h.fetchConfig().liveEvent).toBe(1);
  });

  it('close_event', async () => {
    const h = await ready();
    h.expectOk(await h.advance(PRICE));
    h.expectOk(await h.advance(PRICE));
    // Round 1 is settled, empty and closable: only the signer is wrong.
    const intruder = await h.player();
    await expectRefused(h, [await closeEventIx(h, 1, intruder)], hasOne);
    await expectRefused(h, [withoutSigner(await closeEventIx(h, 1), 0)], notSigner);
    await sendOk(h, [await closeEventIx(h, 1)]);
  });

  it('lock_and_settle_events', async () => {
    const h = await ready();
    await atLock(h, 1);
    h.setPrice(PRICE);
    const intruder = await h.player();
    // Anyone else only from TICK_GRACE_SECS after the lock time (trust.test.ts).
    await expectRefused(h, [await tickIx(h, { cranker: intruder })], hasOne);
    await expectRefused(h, [withoutSigner(await tickIx(h), 0)], notSigner);
    await sendOk(h, [await tickIx(h)]);
  });

  it('update_config', async () => {
    const h = await ready();
    const intruder = await h.player();
    await expectRefused(h, [updateConfigIx(h, true, intruder)], hasOne);
    // The event signer is not the authority either.
    await expectRefused(h, [updateConfigIx(h, true, h.eventSigner)], hasOne);
    await expectRefused(h, [withoutSigner(updateConfigIx(h, true), 0)], notSigner);
    expect(h.fetchConfig().disabled).toBe(false);
    await sendOk(h, [updateConfigIx(h, true)]);
  });

  it('create_config, place_bet and close_bet need their signer too', async () => {
    const h = await ForesightHarness.create({ createConfig: false });
    await expectRefused(h, [withoutSigner(h.createConfigIx(), 0)], notSigner);
    await sendOk(h, [h.createConfigIx()]);
    await h.start();
    const a = await h.player();
    await expectRefused(h, [withoutSigner(await placeBetIx(h, a, 1, 'up', SOL), 0)], notSigner);
    h.expectOk(await h.placeBet(a, 1, 'up', SOL));
    h.expectOk(await h.advance(PRICE));
    h.expectOk(await h.advance(PRICE));
    // Round 1 is invalid (one side empty); after the refund only a's signature can close the bet.
    await sendOk(h, [await withdrawBetIx(h, a.address, 1)]);
    await expectRefused(h, [withoutSigner(await closeBetIx(h, a, 1), 0)], notSigner);
    await sendOk(h, [await closeBetIx(h, a, 1)]);
  });
});

describe('hostile accounts', () => {
  const wrongOwner = { code: 3007, name: null, anchor: 'AccountOwnedByWrongProgram' } as const;
  const wrongType = { code: 3002, name: null, anchor: 'AccountDiscriminatorMismatch' } as const;
  const hasOne = { code: 2001, name: null, anchor: 'ConstraintHasOne' } as const;
  const seeds = { code: 2006, name: null, anchor: 'ConstraintSeeds' } as const;

  async function lookAlike(h: ForesightHarness, of: Address): Promise<Address> {
    const at = (await generateKeyPairSigner()).address;
    cloneAccount(h, of, at, OTHER_PROGRAM);
    return at;
  }

  it('a config, round or bet owned by another program (3007)', async () => {
    const h = await ready();
    const a = await h.player();
    const b = await h.player();
    h.expectOk(await h.placeBet(a, 1, 'up', SOL));
    const place = await placeBetIx(h, b, 1, 'down', SOL);
    await expectRefused(h, [withAccount(place, 1, await lookAlike(h, h.config))], wrongOwner);
    await expectRefused(
      h,
      [withAccount(place, 2, await lookAlike(h, await h.eventAddress(1)), AccountRole.WRITABLE)],
      wrongOwner,
    );
    await atLock(h, 1);
    h.setPrice(PRICE);
    const tick = await tickIx(h);
    await expectRefused(
      h,
      [withAccount(tick, 1, await lookAlike(h, h.config), AccountRole.WRITABLE)],
      wrongOwner,
    );
    await expectRefused(
      h,
      [withAccount(tick, 3, await lookAlike(h, await h.eventAddress(1)), AccountRole.WRITABLE)],
      wrongOwner,
    );
    h.expectOk(await h.tick());
    h.expectOk(await h.createEvent(3));
    h.expectOk(await h.advance(PRICE));
    // Round 1 settled Invalid (one side empty): a's refund must come from a's real bet.
    const settle = await settleBetIx(h, a.address, 1);
    const fakeBet = await lookAlike(h, await h.betAddress(1, a.address));
    await expectRefused(h, [withAccount(settle, 3, fakeBet, AccountRole.WRITABLE)], wrongOwner);
    await expectRefused(
      h,
      [withAccount(await withdrawBetIx(h, a.address, 1), 3, fakeBet, AccountRole.WRITABLE)],
      wrongOwner,
    );
    await sendOk(h, [settle]);
  });

  it('an account of the wrong type (3002)', async () => {
    const h = await ready();
    const a = await h.player();
    h.expectOk(await h.placeBet(a, 1, 'up', SOL));
    const bet = await h.betAddress(1, a.address);
    const round1 = await h.eventAddress(1);
    const place = await placeBetIx(h, a, 1, 'up', SOL);
    // A round as the config, a bet as the round, a round as the bet.
    await expectRefused(h, [withAccount(place, 1, round1)], wrongType);
    await expectRefused(h, [withAccount(place, 2, bet, AccountRole.WRITABLE)], wrongType);
    await expectRefused(h, [withAccount(place, 3, await h.eventAddress(2), AccountRole.WRITABLE)], wrongType);
    h.expectOk(await h.advance(PRICE));
    h.expectOk(await h.advance(PRICE));
    const settle = await settleBetIx(h, a.address, 1);
    await expectRefused(h, [withAccount(settle, 2, bet, AccountRole.WRITABLE)], wrongType);
    await expectRefused(h, [withAccount(settle, 3, round1, AccountRole.WRITABLE)], wrongType);
    await expectRefused(h, [withAccount(settle, 1, round1)], wrongType);
    // The config as the live round of a tick.
    await atLock(h, 3);
    h.setPrice(PRICE);
    await expectRefused(h, [await tickIx(h, { live: h.config })], wrongType);
  });

  it("another user's bet, or a bet of another round, passed to place_bet", async () => {
    const h = await ready();
    const a = await h.player();
    const b = await h.player();
    h.expectOk(await h.placeBet(a, 1, 'up', SOL));
    const aBet = await h.betAddress(1, a.address);
    await expectRefused(
      h,
      [withAccount(await placeBetIx(h, b, 1, 'up', SOL), 3, aBet, AccountRole.WRITABLE)],
      hasOne,
    );
    // An address that is not b's bet PDA for this round is refused before anything is created there.
    const stranger = (await generateKeyPairSigner()).address;
    await expectRefused(
      h,
      [withAccount(await placeBetIx(h, b, 1, 'up', SOL), 3, stranger, AccountRole.WRITABLE)],
      seeds,
    );
    expect(h.exists(stranger)).toBe(false);
    // a's bet from round 1 offered for round 2.
    h.expectOk(await h.advance(PRICE));
    await expectRefused(
      h,
      [withAccount(await placeBetIx(h, a, 2, 'up', SOL), 3, aBet, AccountRole.WRITABLE)],
      hasOne,
    );
  });

  it('a round of another config', async () => {
    const h = await ready();
    const other = await createOtherConfig(h, OTHER_PRICE_ACCOUNT);
    const a = await h.player();
    const foreignRound = await other.round(1);
    const [foreignBet] = await findBetAddress(foreignRound, a.address);
    const place = await placeBetIx(h, a, 1, 'up', SOL);
    await expectRefused(
      h,
      [
        withAccount(
          withAccount(place, 2, foreignRound, AccountRole.WRITABLE),
          3,
          foreignBet,
          AccountRole.WRITABLE,
        ),
      ],
      hasOne,
    );
  });

  it("settle_bet, withdraw_bet and close_bet with a user who is not the bet's owner", async () => {
    const h = await ready();
    const { winner } = await settledValidRound(h);
    const thief = await h.player();
    const settle = await settleBetIx(h, winner.address, 1);
    await expectRefused(h, [withAccount(settle, 0, thief.address, AccountRole.WRITABLE)], hasOne);
    await expectRefused(
      h,
      [withAccount(await withdrawBetIx(h, winner.address, 1), 0, thief.address, AccountRole.WRITABLE)],
      hasOne,
    );
    // Paid by a keeper, the money still goes to the winner.
    const before = h.balance(winner.address);
    await sendOk(h, [settle]);
    expect(h.balance(winner.address)).toBeGreaterThan(before);
    // Closing someone else's bet would take its rent.
    const winnerBet = await h.betAddress(1, winner.address);
    await expectRefused(
      h,
      [withAccount(await closeBetIx(h, thief, 1), 2, winnerBet, AccountRole.WRITABLE)],
      hasOne,
    );
  });

  it('a treasury other than the config names, at the tick and at close_event (2001)', async () => {
    const h = await ready();
    const a = await h.player();
    const b = await h.player();
    h.expectOk(await h.placeBet(a, 1, 'up', SOL));
    h.expectOk(await h.placeBet(b, 1, 'down', SOL));
    h.expectOk(await h.advance(PRICE));
    await atLock(h, 2);
    h.setPrice(PRICE + 1n);
    const thief = (await h.player()).address;
    // This tick would move round 1's fee.
    await expectRefused(h, [await tickIx(h, { treasury: thief })], hasOne);
    h.expectOk(await h.tick());
    h.expectOk(await h.createEvent(4));
    await sendOk(h, [await settleBetIx(h, a.address, 1)]);
    const close = await closeEventIx(h, 1);
    await expectRefused(h, [withAccount(close, 3, thief, AccountRole.WRITABLE)], hasOne);
    await sendOk(h, [close]);
  });

  it('addresses that are not the PDAs: create_event and create_config (2006)', async () => {
    const h = await ForesightHarness.create({ createConfig: false });
    // A price account of another feed, with the SOL/USD config's address.
    setRawPriceAccount(h, priceUpdateData(h, new Uint8Array(32).fill(9), PRICE, h.now()));
    await expectRefused(h, [h.createConfigIx()], seeds);
    h.setPrice(PRICE);
    await sendOk(h, [h.createConfigIx()]);
    await expectRefused(
      h,
      [withAccount(await createEventIx(h, 1), 2, await h.eventAddress(2), AccountRole.WRITABLE)],
      seeds,
    );
    await sendOk(h, [await createEventIx(h, 1)]);
  });

  it('the wrong system program, a read-only account that must be writable, too few accounts', async () => {
    const h = await ready();
    const a = await h.player();
    const place = await placeBetIx(h, a, 1, 'up', SOL);
    await expectRefused(h, [withAccount(place, 4, OTHER_PROGRAM)], {
      code: 3008,
      name: null,
      anchor: 'InvalidProgramId',
    });
    await expectRefused(h, [withAccount(place, 2, await h.eventAddress(1), AccountRole.READONLY)], {
      code: 2000,
      name: null,
      anchor: 'ConstraintMut',
    });
    await expectRefused(h, [withAccountCount(place, 4)], {
      code: 3005,
      name: null,
      anchor: 'AccountNotEnoughKeys',
    });
    await sendOk(h, [place]);
  });

  it('a config cannot be created again, by its authority or anyone else', async () => {
    const h = await ready();
    const config = h.svm.getAccount(h.config);
    const intruder = await h.player();
    // As with Anchor's `init`: the System Program refuses an address already in use (its error 0).
    const again = await h.send([h.createConfigIx({ eventSigner: intruder.address })], h.payer);
    expect(again).toMatchObject({ ok: false, code: 0, name: null });
    expect(again.logs.some((l) => l.endsWith('already in use'))).toBe(true);
    // Anyone else is stopped before that: only the upgrade authority may create configs.
    const stranger = await h.send(
      [h.createConfigIx({ authority: intruder, eventSigner: intruder.address })],
      h.payer,
    );
    expect(stranger).toMatchObject({ ok: false, code: 2003, name: null });
    expect(h.svm.getAccount(h.config)).toEqual(config);
  });

  it("a fresh deployment's config can only be created by the program's upgrade authority", async () => {
    const h = await ForesightHarness.create({ createConfig: false });
    const intruder = await h.player();
    // A stranger who races the deployer, a wrong ProgramData account, and a program with no upgrade
    // authority are all refused, and nothing is created.
    await expectRefused(
      h,
      [h.createConfigIx({ authority: intruder })],
      { code: 2003, name: null, anchor: 'ConstraintRaw' },
      { feePayer: intruder },
    );
    await expectRefused(h, [h.createConfigIx({ programData: h.priceUpdate })], {
      code: 2006,
      name: null,
      anchor: 'ConstraintSeeds',
    });
    h.setUpgradeAuthority(null);
    await expectRefused(h, [h.createConfigIx()], { code: 2003, name: null, anchor: 'ConstraintRaw' });
    expect(h.exists(h.config)).toBe(false);
    h.setUpgradeAuthority(h.authority.address);
    await sendOk(h, [h.createConfigIx()]);
    expect(h.fetchConfig().authority).toBe(h.authority.address);
  });

  it('lamports sent to a bet address before the bet: the bet is still created, and the player gets them back', async () => {
    const h = await ready();
    // Less than the bet's rent (the player tops it up) and more than it (the player pays no rent).
    for (const gift of [1_000_000n, 2_000_000n]) {
      const a = await h.player();
      const bet = await h.betAddress(1, a.address);
      h.svm.airdrop(bet, lamports(gift));
      expect(h.balance(bet)).toBe(gift);
      const pot = h.balance(await h.eventAddress(1));
      const before = h.balance(a.address);
      await sendOk(h, [await placeBetIx(h, a, 1, 'up', SOL)]);
      const rentPaid = gift < betRent(h) ? betRent(h) - gift : 0n;
      expect(h.balance(a.address)).toBe(before - SOL - rentPaid);
      expect(h.balance(bet)).toBe(gift + rentPaid);
      expect(await h.fetchBet(1, a.address)).toMatchObject({ amount: SOL, user: a.address });
      expect(h.balance(await h.eventAddress(1))).toBe(pot + SOL);
    }
    expect(await h.fetchEvent(1)).toMatchObject({ upPool: 2n * SOL, upCount: 2 });
  });
});

describe('malformed instruction data', () => {
  const didNotDeserialize = { code: 102, name: null, anchor: 'InstructionDidNotDeserialize' } as const;

  it('too short, or an invalid enum or bool tag (102)', async () => {
    const h = await ready();
    const a = await h.player();
    const place = await placeBetIx(h, a, 1, 'up', SOL);
    const data = Uint8Array.from(place.data!);
    await expectRefused(h, [withData(place, data.slice(0, 9))], didNotDeserialize);
    await expectRefused(h, [withData(place, data.slice(0, 16))], didNotDeserialize);
    const tag7 = data.slice();
    tag7[8] = 7;
    await expectRefused(h, [withData(place, tag7)], didNotDeserialize);
    const create = await createEventIx(h, 3);
    await expectRefused(h, [withData(create, Uint8Array.from(create.data!).slice(0, 11))], didNotDeserialize);
    const update = updateConfigIx(h, true);
    const bool2 = Uint8Array.from(update.data!);
    bool2[8] = 2;
    await expectRefused(h, [withData(update, bool2)], didNotDeserialize);
    await expectRefused(h, [withData(update, bool2.slice(0, 8))], didNotDeserialize);
  });

  it('an unknown discriminator (101), and data shorter than a discriminator (100)', async () => {
    const h = await ready();
    const a = await h.player();
    const place = await placeBetIx(h, a, 1, 'up', SOL);
    const unknown = Uint8Array.from(place.data!);
    unknown[0]! ^= 0xff;
    await expectRefused(h, [withData(place, unknown)], {
      code: 101,
      name: null,
      anchor: 'InstructionFallbackNotFound',
    });
    await expectRefused(h, [withData(place, new Uint8Array(0))], {
      code: 100,
      name: null,
      anchor: 'InstructionMissing',
    });
    await expectRefused(h, [withData(place, Uint8Array.from(place.data!).slice(0, 7))], {
      code: 100,
      name: null,
      anchor: 'InstructionMissing',
    });
  });
});
