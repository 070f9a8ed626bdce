import { createHash } from 'node:crypto';

import idl from '@arcade/program-wager/idl.json' with { type: 'json' };
import { getAddressDecoder, type Address } from '@solana/kit';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { idlAccountSize, idlFieldOffset } from '../../test/idl-layout.ts';
import { betAccount, houseAccount, marketAccount, predictionAccount } from '../../test/wager-arbitraries.ts';
import { DiscriminatorMismatchError } from '../anchor/discriminated-codec.ts';
import {
  BET_ACCOUNT_SIZE,
  BET_DISCRIMINATOR,
  BET_STATE_OFFSET,
  BET_USER_OFFSET,
  BetResult,
  BetState,
  BetType,
  HOUSE_ACCOUNT_SIZE,
  HOUSE_DISCRIMINATOR,
  MARKET_ACCOUNT_SIZE,
  MARKET_DISCRIMINATOR,
  MARKET_IS_SETTLED_OFFSET,
  MarketResult,
  PREDICTION_ACCOUNT_SIZE,
  PREDICTION_DISCRIMINATOR,
  PREDICTION_MARKET_OFFSET,
  PREDICTION_USER_OFFSET,
  betTypeLabel,
  decodeBet,
  decodeHouse,
  decodeMarket,
  decodePrediction,
  encodeBet,
  encodeHouse,
  encodeMarket,
  encodePrediction,
  getBetCodec,
  getBetResultCodec,
  getBetStateCodec,
  getBetTypeCodec,
  getHouseCodec,
  getMarketCodec,
  getMarketResultCodec,
  getPredictionCodec,
  type BetAccount,
  type MarketAccount,
} from './accounts.ts';

const sha8 = (preimage: string): number[] => [
  ...createHash('sha256').update(preimage).digest().subarray(0, 8),
];
const addressOf = (byte: number): Address => getAddressDecoder().decode(new Uint8Array(32).fill(byte));
const variantsOf = (name: string) =>
  idl.types.find((t) => t.name === name)!.type.variants!.map((v: { name: string }) => v.name);

const bet: BetAccount = {
  user: addressOf(1),
  mint: addressOf(2),
  switchboardRequest: addressOf(0),
  odds: 50,
  betAmount: 500_000_000n,
  listingPrice: 1_000_000_000n,
  timestamp: 1_700_000_000n,
  state: BetState.Open,
  result: BetResult.None,
  betType: BetType.Sol,
  referral: null,
  offChain: true,
};
const market: MarketAccount = {
  startTime: 1_700_000_000n,
  endTime: 1_700_086_400n,
  cutoffTime: 1_700_080_000n,
  yesCount: 2,
  noCount: 1,
  yesPool: 30_000_000n,
  noPool: 10_000_000n,
  isSettled: false,
  settledCount: 0,
  result: null,
  referrer: null,
  marketAuthority: addressOf(7),
};

describe('discriminators', () => {
  it('are sha256("account:<Name>")[0..8], as in the IDL', () => {
    expect([...HOUSE_DISCRIMINATOR]).toEqual(sha8('account:House'));
    expect([...BET_DISCRIMINATOR]).toEqual(sha8('account:Bet'));
    expect([...MARKET_DISCRIMINATOR]).toEqual(sha8('account:Market'));
    expect([...PREDICTION_DISCRIMINATOR]).toEqual(sha8('account:Prediction'));
    for (const account of idl.accounts) {
      expect(account.discriminator).toEqual(sha8(`account:${account.name}`));
    }
  });
});

describe('enums', () => {
  const enums = [
    ['BetState', BetState, getBetStateCodec()],
    ['BetResult', BetResult, getBetResultCodec()],
    ['BetType', BetType, getBetTypeCodec()],
    ['MarketResult', MarketResult, getMarketResultCodec()],
  ] as const;

  for (const [name, values, codec] of enums) {
    it(`${name} is the IDL enum, in variant order, one byte per value`, () => {
      const variants = variantsOf(name);
      expect(Object.keys(values)).toEqual(variants);
      expect(Object.values(values)).toEqual(variants.map((_, i) => i));
      const encode = codec.encode as (value: number | string) => Uint8Array;
      variants.forEach((variant, i) => {
        expect([...encode(variant)]).toEqual([i]);
        expect([...encode(i)]).toEqual([i]);
        expect(codec.decode(Uint8Array.of(i))).toBe(i);
      });
      expect(() => codec.decode(Uint8Array.of(variants.length))).toThrow(RangeError);
      expect(() => encode(variants.length)).toThrow(RangeError);
      expect(() => encode('NotAVariant')).toThrow(RangeError);
    });
  }

  it('shows bet types in lower case (spec §3)', () => {
    expect(Object.values(BetType).map(betTypeLabel)).toEqual(
      variantsOf('BetType').map((v) => v.toLowerCase()),
    );
    expect(betTypeLabel(BetType.Nft)).toBe('nft');
    expect(() => betTypeLabel(3 as BetType)).toThrow(RangeError);
  });
});

describe('sizes and offsets', () => {
  it("allocate each account at 8 + the IDL struct's largest Borsh encoding", () => {
    expect(HOUSE_ACCOUNT_SIZE).toBe(idlAccountSize(idl, 'House'));
    expect(BET_ACCOUNT_SIZE).toBe(idlAccountSize(idl, 'Bet'));
    expect(MARKET_ACCOUNT_SIZE).toBe(idlAccountSize(idl, 'Market'));
    expect(PREDICTION_ACCOUNT_SIZE).toBe(idlAccountSize(idl, 'Prediction'));
    expect([HOUSE_ACCOUNT_SIZE, BET_ACCOUNT_SIZE, MARKET_ACCOUNT_SIZE, PREDICTION_ACCOUNT_SIZE]).toEqual([
      113, 166, 128, 82,
    ]);
  });

  it('put the memcmp fields where the IDL does, before any option', () => {
    expect(BET_USER_OFFSET).toBe(idlFieldOffset(idl, 'Bet', 'user'));
    expect(BET_STATE_OFFSET).toBe(idlFieldOffset(idl, 'Bet', 'state'));
    expect(MARKET_IS_SETTLED_OFFSET).toBe(idlFieldOffset(idl, 'Market', 'is_settled'));
    expect(PREDICTION_USER_OFFSET).toBe(idlFieldOffset(idl, 'Prediction', 'user'));
    expect(PREDICTION_MARKET_OFFSET).toBe(idlFieldOffset(idl, 'Prediction', 'market'));
  });

  it('are reached exactly when every option is Some', () => {
    const some = addressOf(9);
    expect(getBetCodec().encode({ ...bet, referral: some }).length).toBe(BET_ACCOUNT_SIZE);
    expect(getMarketCodec().encode({ ...market, result: MarketResult.No, referrer: some }).length).toBe(
      MARKET_ACCOUNT_SIZE,
    );
  });
});

describe('House', () => {
  it('round-trips every value through account-sized data', () => {
    fc.assert(
      fc.property(houseAccount(), (house) => {
        const data = encodeHouse(house);
        expect(data.length).toBe(HOUSE_ACCOUNT_SIZE);
        expect(getHouseCodec().encode(house).length).toBe(HOUSE_ACCOUNT_SIZE);
        expect(decodeHouse(data)).toEqual(house);
      }),
    );
  });

  it('lays the fields out in IDL order', () => {
    const data = encodeHouse({
      authority: addressOf(1),
      settler: addressOf(2),
      treasury: addressOf(3),
      outstanding: 0x0807_0605_0403_0201n,
      paused: true,
    });
    expect([...data.subarray(0, 8)]).toEqual([...HOUSE_DISCRIMINATOR]);
    expect(data.subarray(8, 40).every((b) => b === 1)).toBe(true);
    expect(data.subarray(40, 72).every((b) => b === 2)).toBe(true);
    expect(data.subarray(72, 104).every((b) => b === 3)).toBe(true);
    expect([...data.subarray(104, 113)]).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 1]);
  });
});

describe('Bet', () => {
  it('round-trips every value, referral or not', () => {
    fc.assert(
      fc.property(betAccount(), (value) => {
        const data = encodeBet(value);
        expect(data.length).toBe(BET_ACCOUNT_SIZE);
        expect(decodeBet(data)).toEqual(value);
      }),
    );
  });

  it('moves off_chain up 32 bytes when the referral is None, and reads the zero tail as nothing', () => {
    const none = getBetCodec().encode(bet);
    expect(none.length).toBe(BET_ACCOUNT_SIZE - 32);
    // state, result, bet_type, then the None tag, then off_chain.
    expect([...none.subarray(BET_STATE_OFFSET, BET_STATE_OFFSET + 5)]).toEqual([1, 0, 0, 0, 1]);
    const stored = encodeBet(bet);
    expect(stored.subarray(none.length).every((b) => b === 0)).toBe(true);
    expect(decodeBet(stored)).toEqual(bet);
    expect(decodeBet(none)).toEqual(bet);

    const some = encodeBet({
      ...bet,
      referral: addressOf(5),
      betType: 'Nft',
      state: 'Settled',
      result: 'Win',
    });
    expect([...some.subarray(BET_STATE_OFFSET, BET_STATE_OFFSET + 4)]).toEqual([2, 1, 2, 1]);
    expect(some.subarray(BET_STATE_OFFSET + 4, BET_STATE_OFFSET + 36).every((b) => b === 5)).toBe(true);
    expect(some[BET_ACCOUNT_SIZE - 1]).toBe(1);
  });

  it('has the user at the offset memcmp filters use', () => {
    const data = encodeBet({ ...bet, user: addressOf(6) });
    expect(data.subarray(BET_USER_OFFSET, BET_USER_OFFSET + 32).every((b) => b === 6)).toBe(true);
    expect(data[BET_STATE_OFFSET]).toBe(BetState.Open);
  });

  it('throws a clear error on another account kind', () => {
    const house = encodeHouse({
      authority: addressOf(1),
      settler: addressOf(2),
      treasury: addressOf(3),
      outstanding: 0n,
      paused: false,
    });
    expect(() => decodeBet(house)).toThrow(DiscriminatorMismatchError);
    expect(() => decodeBet(house)).toThrow(/Not a Wager Bet account: discriminator \[21, 145/);
    expect(() => decodeBet(new Uint8Array(3))).toThrow(/too short/);
  });
});

describe('Market', () => {
  it('round-trips every value, both options included', () => {
    fc.assert(
      fc.property(marketAccount(), (value) => {
        const data = encodeMarket(value);
        expect(data.length).toBe(MARKET_ACCOUNT_SIZE);
        expect(decodeMarket(data)).toEqual(value);
      }),
    );
  });

  it('writes None options as one byte each, so market_authority moves', () => {
    const borsh = getMarketCodec().encode(market);
    expect(borsh.length).toBe(MARKET_ACCOUNT_SIZE - 1 - 32);
    // After settled_count (offset 57, 4 bytes): result None, referrer None, then market_authority.
    expect([...borsh.subarray(61, 63)]).toEqual([0, 0]);
    expect(borsh.subarray(63, 95).every((b) => b === 7)).toBe(true);
    const resolved = getMarketCodec().encode({ ...market, result: 'Invalid', isSettled: true });
    expect([...resolved.subarray(61, 64)]).toEqual([1, 2, 0]);
    expect(decodeMarket(encodeMarket(market))).toEqual(market);
  });

  it('rejects a Prediction', () => {
    const prediction = encodePrediction({
      user: addressOf(1),
      market: addressOf(2),
      amount: 1n,
      result: MarketResult.Yes,
      isClaimed: false,
    });
    expect(() => decodeMarket(prediction)).toThrow(/Not a Wager Market account/);
  });
});

describe('Prediction', () => {
  it('round-trips every value', () => {
    fc.assert(
      fc.property(predictionAccount(), (value) => {
        const data = encodePrediction(value);
        expect(data.length).toBe(PREDICTION_ACCOUNT_SIZE);
        expect(getPredictionCodec().encode(value).length).toBe(PREDICTION_ACCOUNT_SIZE);
        expect(decodePrediction(data)).toEqual(value);
      }),
    );
  });

  it('has user and market at the offsets memcmp filters use', () => {
    const data = encodePrediction({
      user: addressOf(3),
      market: addressOf(4),
      amount: 10_000_000n,
      result: 'No',
      isClaimed: true,
    });
    expect(data.subarray(PREDICTION_USER_OFFSET, PREDICTION_USER_OFFSET + 32).every((b) => b === 3)).toBe(
      true,
    );
    expect(data.subarray(PREDICTION_MARKET_OFFSET, PREDICTION_MARKET_OFFSET + 32).every((b) => b === 4)).toBe(
      true,
    );
    expect([...data.subarray(80, 82)]).toEqual([1, 1]);
  });
});
