import { getAddressDecoder, getAddressEncoder } from '@solana/kit';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { address } from '../../test/arbitraries.ts';
import { betAccount, betResult, betState, marketAccount } from '../../test/wager-arbitraries.ts';
import { BetResult, BetState, MarketResult, type BetAccount, type MarketAccount } from './accounts.ts';
import { isUnclaimedWin, toBetView, toProphecyMarket, toYesNoMarket } from './views.ts';

const key = getAddressDecoder().decode(new Uint8Array(32).fill(1));
const market: MarketAccount = {
  startTime: 1_700_000_000n,
  endTime: 1_700_086_400n,
  cutoffTime: 1_700_080_000n,
  yesCount: 3,
  noCount: 2,
  yesPool: 30_000_000n,
  noPool: 20_000_000n,
  isSettled: true,
  settledCount: 4,
  result: MarketResult.No,
  referrer: null,
  marketAuthority: key,
};

/** A Yes/no market's fields (docs/reference/entities.md#client-views), in their order. */
const SPEC_FIELDS = [
  'key',
  'startTime',
  'endTime',
  'cutOffTime',
  'yesCount',
  'noCount',
  'totalCount',
  'yesPool',
  'noPool',
  'totalPool',
  'isSettled',
  'settledCount',
  'result',
  'referrer',
];

describe('toYesNoMarket', () => {
  it("has exactly the spec's fields, copied from the account, with the totals", () => {
    fc.assert(
      fc.property(address(), marketAccount(), (pubkey, value) => {
        const view = toYesNoMarket(pubkey, value);
        expect(Object.keys(view)).toEqual(SPEC_FIELDS);
        expect(view).toEqual({
          key: pubkey,
          startTime: value.startTime,
          endTime: value.endTime,
          cutOffTime: value.cutoffTime,
          yesCount: value.yesCount,
          noCount: value.noCount,
          totalCount: value.yesCount + value.noCount,
          yesPool: value.yesPool,
          noPool: value.noPool,
          totalPool: value.yesPool + value.noPool,
          isSettled: value.isSettled,
          settledCount: value.settledCount,
          result: value.result,
          referrer: value.referrer,
        });
        expect(Object.isFrozen(view)).toBe(true);
      }),
    );
  });

  it('sums the counts and pools, and keeps a missing result and referrer as null', () => {
    const view = toYesNoMarket(key, { ...market, result: null, isSettled: false });
    expect(view.totalCount).toBe(5);
    expect(view.totalPool).toBe(50_000_000n);
    expect(view.result).toBeNull();
    expect(view.referrer).toBeNull();
    expect(toYesNoMarket(key, market).result).toBe(MarketResult.No);
  });
});

describe('toProphecyMarket', () => {
  it('is the Yes/no market view with its metadata', () => {
    const marketMetadata = {
      yesOption: 'Above $200',
      noOption: '$200 or below',
      invalidOption: 'No price',
      shortName: 'SOL > $200',
    };
    const view = toProphecyMarket(key, market, marketMetadata);
    expect(view).toEqual({ ...toYesNoMarket(key, market), marketMetadata });
    expect(Object.keys(view)).toEqual([...SPEC_FIELDS, 'marketMetadata']);
    expect(view.marketMetadata).not.toBe(marketMetadata);
  });
});

describe('toBetView', () => {
  it('shows the bet type in lower case and keeps the other fields', () => {
    fc.assert(
      fc.property(betAccount(), (bet) => {
        const view = toBetView(bet);
        expect(view.betType).toBe(['sol', 'token', 'nft'][bet.betType]);
        expect(view).toEqual({
          user: bet.user,
          mint: bet.mint,
          odds: bet.odds,
          betAmount: bet.betAmount,
          listingPrice: bet.listingPrice,
          timestamp: bet.timestamp,
          state: bet.state,
          result: bet.result,
          betType: view.betType,
          referral: bet.referral,
          offChain: bet.offChain,
          sequence: bet.sequence,
          slot: bet.slot,
          playerSeed: bet.offChain
            ? null
            : Uint8Array.from(getAddressEncoder().encode(bet.switchboardRequest)),
        });
        expect(Object.isFrozen(view)).toBe(true);
      }),
    );
  });

  it("gives a create_bet bet's sequence, slot and player seed, and no seed off chain", () => {
    const playerSeed = Uint8Array.from({ length: 32 }, (_, i) => 255 - i);
    const bet: BetAccount = {
      user: key,
      mint: key,
      switchboardRequest: getAddressDecoder().decode(playerSeed),
      odds: 40,
      betAmount: 40_000_000n,
      listingPrice: 100_000_000n,
      timestamp: 1_700_000_000n,
      state: BetState.Open,
      result: BetResult.None,
      betType: 0,
      referral: null,
      offChain: false,
      sequence: 17n,
      slot: 345_678n,
      slotHash: new Uint8Array(32),
    };
    const view = toBetView(bet);
    expect(view).toMatchObject({ offChain: false, sequence: 17n, slot: 345_678n, playerSeed });
    expect(toBetView({ ...bet, offChain: true, sequence: 0n, slot: 0n }).playerSeed).toBeNull();
  });
});

/** The bet record's transitions, as programs/wager/src/ix-bet.c makes them. */
type Step = 'create' | 'win' | 'lose' | 'claim' | 'refund' | 'lateWin' | 'lateLoss';
function apply(bet: Pick<BetAccount, 'state' | 'result'>, step: Step): Pick<BetAccount, 'state' | 'result'> {
  const available =
    bet.state === BetState.None ||
    bet.state === BetState.Claimed ||
    bet.state === BetState.Refunded ||
    (bet.state === BetState.Settled && bet.result === BetResult.Loss);
  switch (step) {
    case 'create':
      return available ? { state: BetState.Open, result: BetResult.None } : bet;
    case 'win':
      return bet.state === BetState.Open ? { state: BetState.Settled, result: BetResult.Win } : bet;
    case 'lose':
      return bet.state === BetState.Open ? { state: BetState.Settled, result: BetResult.Loss } : bet;
    case 'claim':
      return bet.state === BetState.Settled && bet.result === BetResult.Win
        ? { state: BetState.Claimed, result: bet.result }
        : bet;
    case 'refund':
      return bet.state === BetState.Open ? { state: BetState.Refunded, result: BetResult.Invalid } : bet;
    // The reveal of a refunded bet whose refund captured its slot hash: a win is paid at once (Claimed), a
    // loss keeps the record Refunded.
    case 'lateWin':
      return bet.state === BetState.Refunded && bet.result === BetResult.Invalid
        ? { state: BetState.Claimed, result: BetResult.Win }
        : bet;
    case 'lateLoss':
      return bet.state === BetState.Refunded && bet.result === BetResult.Invalid
        ? { state: BetState.Refunded, result: BetResult.Loss }
        : bet;
  }
}

describe('isUnclaimedWin', () => {
  const strict = (bet: Pick<BetAccount, 'state' | 'result'>) =>
    bet.result === BetResult.Win && bet.state === BetState.Settled;

  it('applies the unclaimed-winnings rule literally: a Win that is neither Claimed nor Open', () => {
    expect(isUnclaimedWin({ state: BetState.Settled, result: BetResult.Win })).toBe(true);
    expect(isUnclaimedWin({ state: BetState.Claimed, result: BetResult.Win })).toBe(false);
    expect(isUnclaimedWin({ state: BetState.Open, result: BetResult.Win })).toBe(false);
    expect(isUnclaimedWin({ state: BetState.Settled, result: BetResult.Loss })).toBe(false);
    expect(isUnclaimedWin({ state: BetState.None, result: BetResult.None })).toBe(false);
  });

  it('agrees with "result Win and state Settled" on every record the program can write', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom<Step>('create', 'win', 'lose', 'claim', 'refund', 'lateWin', 'lateLoss'), {
          maxLength: 50,
        }),
        (steps) => {
          let bet: Pick<BetAccount, 'state' | 'result'> = { state: BetState.None, result: BetResult.None };
          for (const step of steps) {
            bet = apply(bet, step);
            expect(isUnclaimedWin(bet)).toBe(strict(bet));
          }
        },
      ),
    );
  });

  it('differs from it only on records the program never writes', () => {
    fc.assert(
      fc.property(betState(), betResult(), (state, result) => {
        if (isUnclaimedWin({ state, result }) === strict({ state, result })) return;
        expect(result).toBe(BetResult.Win);
        expect([BetState.None, BetState.Refunded]).toContain(state);
      }),
    );
  });
});
