import { createHash } from 'node:crypto';

import idl from '@arcade/program-wager/idl.json' with { type: 'json' };
import { getAddressDecoder, type Address } from '@solana/kit';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { idlAccountSize, idlFieldOffset } from '../../test/idl-layout.ts';
import {
  betAccount,
  houseAccount,
  marketAccount,
  predictionAccount,
  referralAccount,
} from '../../test/wager-arbitraries.ts';
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
  LEGACY_BET_ACCOUNT_SIZE,
  LEGACY_HOUSE_ACCOUNT_SIZE,
  MARKET_ACCOUNT_SIZE,
  MARKET_DISCRIMINATOR,
  MARKET_IS_SETTLED_OFFSET,
  MarketResult,
  PREDICTION_ACCOUNT_SIZE,
  PREDICTION_DISCRIMINATOR,
  PREDICTION_MARKET_OFFSET,
  PREDICTION_USER_OFFSET,
  REFERRAL_ACCOUNT_SIZE,
  REFERRAL_DISCRIMINATOR,
  REFERRAL_REFERRER_OFFSET,
  betPlayerSeed,
  betTypeLabel,
  decodeBet,
  decodeHouse,
  decodeMarket,
  decodePrediction,
  decodeReferral,
  encodeBet,
  encodeHouse,
  encodeMarket,
  encodePrediction,
  encodeReferral,
  getBetCodec,
  getBetResultCodec,
  getBetStateCodec,
  getBetTypeCodec,
  getHouseCodec,
  getMarketCodec,
  getMarketResultCodec,
  getPredictionCodec,
  getReferralCodec,
  type BetAccount,
  type HouseAccount,
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
  sequence: 0n,
  slot: 0n,
  slotHash: new Uint8Array(32),
};
const house: HouseAccount = {
  authority: addressOf(1),
  settler: addressOf(2),
  treasury: addressOf(3),
  outstanding: 0n,
  paused: false,
  seedCommitment: new Uint8Array(32),
  seedChainEnd: 0n,
  nextSeedCommitment: new Uint8Array(32),
  nextSeedChainLength: 0n,
  betSequence: 0n,
  revealSequence: 0n,
  openBets: 0n,
  offchainBets: false,
  refundReserve: 0n,
  reserveSince: 0n,
  pendingAuthority: null,
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
    expect([...REFERRAL_DISCRIMINATOR]).toEqual(sha8('account:Referral'));
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

  it('shows bet types in lower case', () => {
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
    expect(REFERRAL_ACCOUNT_SIZE).toBe(idlAccountSize(idl, 'Referral'));
    expect([
      HOUSE_ACCOUNT_SIZE,
      BET_ACCOUNT_SIZE,
      MARKET_ACCOUNT_SIZE,
      PREDICTION_ACCOUNT_SIZE,
      REFERRAL_ACCOUNT_SIZE,
    ]).toEqual([267, 214, 128, 82, 56]);
  });

  it("size the first version's records as the IDL without the appended fields", () => {
    const types = (drop: readonly string[]) => ({
      types: idl.types.map((t) =>
        t.type.kind === 'struct'
          ? { ...t, type: { ...t.type, fields: t.type.fields!.filter((f) => !drop.includes(f.name)) } }
          : t,
      ),
    });
    const houseAppended = [
      'seed_commitment',
      'seed_chain_end',
      'next_seed_commitment',
      'next_seed_chain_length',
      'bet_sequence',
      'reveal_sequence',
      'open_bets',
      'offchain_bets',
      'refund_reserve',
      'reserve_since',
      'pending_authority',
    ];
    expect(LEGACY_HOUSE_ACCOUNT_SIZE).toBe(idlAccountSize(types(houseAppended), 'House'));
    expect(LEGACY_BET_ACCOUNT_SIZE).toBe(idlAccountSize(types(['sequence', 'slot', 'slot_hash']), 'Bet'));
    expect([LEGACY_HOUSE_ACCOUNT_SIZE, LEGACY_BET_ACCOUNT_SIZE]).toEqual([113, 166]);
  });

  it('put the memcmp fields where the IDL does, before any option', () => {
    expect(BET_USER_OFFSET).toBe(idlFieldOffset(idl, 'Bet', 'user'));
    expect(BET_STATE_OFFSET).toBe(idlFieldOffset(idl, 'Bet', 'state'));
    expect(MARKET_IS_SETTLED_OFFSET).toBe(idlFieldOffset(idl, 'Market', 'is_settled'));
    expect(PREDICTION_USER_OFFSET).toBe(idlFieldOffset(idl, 'Prediction', 'user'));
    expect(PREDICTION_MARKET_OFFSET).toBe(idlFieldOffset(idl, 'Prediction', 'market'));
    expect(REFERRAL_REFERRER_OFFSET).toBe(idlFieldOffset(idl, 'Referral', 'referrer'));
  });

  it('are reached exactly when every option is Some', () => {
    const some = addressOf(9);
    expect(getBetCodec().encode({ ...bet, referral: some }).length).toBe(BET_ACCOUNT_SIZE);
    expect(getHouseCodec().encode({ ...house, pendingAuthority: some }).length).toBe(HOUSE_ACCOUNT_SIZE);
    expect(getMarketCodec().encode({ ...market, result: MarketResult.No, referrer: some }).length).toBe(
      MARKET_ACCOUNT_SIZE,
    );
  });
});

describe('House', () => {
  it('round-trips every value through account-sized data', () => {
    fc.assert(
      fc.property(houseAccount(), (value) => {
        const data = encodeHouse(value);
        expect(data.length).toBe(HOUSE_ACCOUNT_SIZE);
        expect(getHouseCodec().encode(value).length).toBe(
          HOUSE_ACCOUNT_SIZE - (value.pendingAuthority === null ? 32 : 0),
        );
        expect(decodeHouse(data)).toEqual(value);
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
      seedCommitment: new Uint8Array(32).fill(4),
      seedChainEnd: 0x0a09n,
      nextSeedCommitment: new Uint8Array(32).fill(5),
      nextSeedChainLength: 11,
      betSequence: 12,
      revealSequence: 13,
      openBets: 14,
      offchainBets: true,
      refundReserve: 0x1211n,
      reserveSince: -2n,
      pendingAuthority: addressOf(6),
    });
    expect([...data.subarray(0, 8)]).toEqual([...HOUSE_DISCRIMINATOR]);
    expect(data.subarray(8, 40).every((b) => b === 1)).toBe(true);
    expect(data.subarray(40, 72).every((b) => b === 2)).toBe(true);
    expect(data.subarray(72, 104).every((b) => b === 3)).toBe(true);
    expect([...data.subarray(104, 113)]).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 1]);
    expect(data.subarray(113, 145).every((b) => b === 4)).toBe(true);
    expect([...data.subarray(145, 153)]).toEqual([9, 10, 0, 0, 0, 0, 0, 0]);
    expect(data.subarray(153, 185).every((b) => b === 5)).toBe(true);
    const u64s = new DataView(data.buffer, data.byteOffset + 185, 32);
    expect([0, 8, 16, 24].map((at) => u64s.getBigUint64(at, true))).toEqual([11n, 12n, 13n, 14n]);
    expect(data[217]).toBe(1);
    // refund_reserve and reserve_since come before pending_authority.
    expect([...data.subarray(218, 226)]).toEqual([0x11, 0x12, 0, 0, 0, 0, 0, 0]);
    expect(new DataView(data.buffer, data.byteOffset + 226, 8).getBigInt64(0, true)).toBe(-2n);
    expect(data[234]).toBe(1);
    expect(data.subarray(235, 267).every((b) => b === 6)).toBe(true);
  });

  it("reads the first version's 113-byte House with the appended fields at their defaults", () => {
    const old = encodeHouse({ ...house, outstanding: 7n, paused: true }).subarray(
      0,
      LEGACY_HOUSE_ACCOUNT_SIZE,
    );
    expect(old.length).toBe(113);
    expect(decodeHouse(old)).toEqual({ ...house, outstanding: 7n, paused: true });
    expect(getHouseCodec().decode(old)).toEqual({ ...house, outstanding: 7n, paused: true });
    // Any prefix at least as long as the discriminator reads the same way.
    expect(decodeHouse(encodeHouse(house).subarray(0, 8))).toEqual({
      ...house,
      authority: addressOf(0),
      settler: addressOf(0),
      treasury: addressOf(0),
    });
    expect(() => decodeHouse(new Uint8Array(3))).toThrow(/too short/);
    expect(() => decodeHouse(encodeBet(bet).subarray(0, 113))).toThrow(DiscriminatorMismatchError);
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
    expect(some[BET_ACCOUNT_SIZE - 49]).toBe(1);
  });

  it('appends sequence and slot after off_chain, little-endian, then the captured slot hash', () => {
    const slotHash = Uint8Array.from({ length: 32 }, (_, i) => i + 1);
    const onChain = { ...bet, offChain: false, sequence: 0x0201n, slot: 0x0403n, slotHash };
    const none = getBetCodec().encode(onChain);
    expect(none.length).toBe(BET_ACCOUNT_SIZE - 32);
    expect([...none.subarray(none.length - 49, none.length - 32)]).toEqual([
      0, 1, 2, 0, 0, 0, 0, 0, 0, 3, 4, 0, 0, 0, 0, 0, 0,
    ]);
    expect([...none.subarray(none.length - 32)]).toEqual([...slotHash]);
    expect(decodeBet(encodeBet(onChain))).toEqual(onChain);
    // With a referral, the hash is the record's last 32 bytes.
    const some = encodeBet({ ...onChain, referral: addressOf(5) });
    expect([...some.subarray(BET_ACCOUNT_SIZE - 32)]).toEqual([...slotHash]);
  });

  it("reads the first version's 166-byte Bet with sequence and slot 0 and a zero slot hash", () => {
    for (const referral of [null, addressOf(5)]) {
      const value = { ...bet, referral, state: BetState.Settled, result: BetResult.Loss };
      const old = encodeBet({ ...value, sequence: 0, slot: 0, slotHash: new Uint8Array(32) }).subarray(
        0,
        LEGACY_BET_ACCOUNT_SIZE,
      );
      expect(old.length).toBe(166);
      expect(decodeBet(old)).toEqual(value);
      expect(getBetCodec().decode(old)).toEqual(value);
    }
  });

  it("gives a create_bet bet's player seed, the bytes of switchboard_request", () => {
    const seed = Uint8Array.from({ length: 32 }, (_, i) => i);
    const switchboardRequest = getAddressDecoder().decode(seed);
    expect(betPlayerSeed({ switchboardRequest })).toEqual(seed);
    expect(betPlayerSeed(bet)).toEqual(new Uint8Array(32));
  });

  it('has the user at the offset memcmp filters use', () => {
    const data = encodeBet({ ...bet, user: addressOf(6) });
    expect(data.subarray(BET_USER_OFFSET, BET_USER_OFFSET + 32).every((b) => b === 6)).toBe(true);
    expect(data[BET_STATE_OFFSET]).toBe(BetState.Open);
  });

  it('throws a clear error on another account kind', () => {
    const houseData = encodeHouse(house);
    expect(() => decodeBet(houseData)).toThrow(DiscriminatorMismatchError);
    expect(() => decodeBet(houseData)).toThrow(/Not a Wager Bet account: discriminator \[21, 145/);
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

describe('Referral', () => {
  it('round-trips every value through account-sized data', () => {
    fc.assert(
      fc.property(referralAccount(), (value) => {
        const data = encodeReferral(value);
        expect(data.length).toBe(REFERRAL_ACCOUNT_SIZE);
        expect(getReferralCodec().encode(value).length).toBe(REFERRAL_ACCOUNT_SIZE);
        expect(decodeReferral(data)).toEqual(value);
      }),
    );
  });

  it('lays the fields out in IDL order, the referrer where memcmp filters look', () => {
    const data = encodeReferral({ referrer: addressOf(3), earned: 0x0201, claimed: 0x0403n });
    expect([...data.subarray(0, 8)]).toEqual([...REFERRAL_DISCRIMINATOR]);
    expect(data.subarray(REFERRAL_REFERRER_OFFSET, REFERRAL_REFERRER_OFFSET + 32).every((b) => b === 3)).toBe(
      true,
    );
    expect([...data.subarray(40, 56)]).toEqual([1, 2, 0, 0, 0, 0, 0, 0, 3, 4, 0, 0, 0, 0, 0, 0]);
    expect(() => decodeReferral(encodeHouse(house))).toThrow(/Not a Wager Referral account/);
  });
});
