import { createHash } from 'node:crypto';

import { getAddressDecoder, getBase64Decoder, type Address, type ReadonlyUint8Array } from '@solana/kit';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { SYSTEM_PROGRAM_ADDRESS } from '../anchor/instructions.ts';
import {
  betSettled,
  marketUpdate,
  newBet,
  predictionUpdate,
  referralClaimed,
} from '../../test/wager-arbitraries.ts';
import { BetResult, BetType, MarketResult } from './accounts.ts';
import {
  BET_SETTLED_DISCRIMINATOR,
  MARKET_UPDATE_DISCRIMINATOR,
  NEW_BET_DISCRIMINATOR,
  PREDICTION_UPDATE_DISCRIMINATOR,
  REFERRAL_CLAIMED_DISCRIMINATOR,
  decodeWagerEvent,
  getBetSettledCodec,
  getMarketUpdateCodec,
  getNewBetCodec,
  getPredictionUpdateCodec,
  getReferralClaimedCodec,
  parseWagerEvents,
  type BetSettled,
  type MarketUpdate,
  type NewBet,
  type PredictionUpdate,
  type ReferralClaimed,
} from './events.ts';
import { WAGER_PROGRAM_ADDRESS } from './program.ts';

const addressOf = (byte: number): Address => getAddressDecoder().decode(new Uint8Array(32).fill(byte));
const base64 = (bytes: ReadonlyUint8Array) => getBase64Decoder().decode(bytes);
const sha8 = (preimage: string) => [...createHash('sha256').update(preimage).digest().subarray(0, 8)];

const WAGER = WAGER_PROGRAM_ADDRESS;
const OTHER = 'Stake11111111111111111111111111111111111111';
const COMPUTE_BUDGET = 'ComputeBudget111111111111111111111111111111';

const opened: NewBet = {
  odds: 50,
  user: addressOf(1),
  betAmount: 500_000_000n,
  betType: BetType.Sol,
  timestamp: 1_700_000_000n,
};
const settled: BetSettled = {
  user: addressOf(1),
  odds: 50,
  mint: addressOf(2),
  betAmount: 500_000_000n,
  result: BetResult.Win,
  timestamp: 1_700_000_004n,
  betType: BetType.Sol,
  referral: addressOf(3),
};
const prediction: PredictionUpdate = {
  prediction: {
    user: addressOf(4),
    market: addressOf(5),
    amount: 20_000_000n,
    result: MarketResult.Yes,
    isClaimed: true,
  },
  timestamp: 1_700_090_000n,
};
const market: MarketUpdate = {
  key: addressOf(5),
  market: {
    startTime: 1_700_000_000n,
    endTime: 1_700_086_400n,
    cutoffTime: 1_700_080_000n,
    yesCount: 1,
    noCount: 1,
    yesPool: 20_000_000n,
    noPool: 10_000_000n,
    isSettled: true,
    settledCount: 1,
    result: MarketResult.Yes,
    referrer: null,
    marketAuthority: addressOf(6),
  },
};
const claimed: ReferralClaimed = { referrer: addressOf(7), amount: 1_600_000n, timestamp: 1_700_000_010n };
const line = (bytes: ReadonlyUint8Array) => `Program data: ${base64(bytes)}`;
const newBetData = line(getNewBetCodec().encode(opened));
const betSettledData = line(getBetSettledCodec().encode(settled));
const predictionData = line(getPredictionUpdateCodec().encode(prediction));
const marketData = line(getMarketUpdateCodec().encode(market));

describe('event codecs', () => {
  it('use sha256("event:<Name>")[0..8]', () => {
    expect([...NEW_BET_DISCRIMINATOR]).toEqual(sha8('event:NewBet'));
    expect([...BET_SETTLED_DISCRIMINATOR]).toEqual(sha8('event:BetSettled'));
    expect([...PREDICTION_UPDATE_DISCRIMINATOR]).toEqual(sha8('event:PredictionUpdate'));
    expect([...MARKET_UPDATE_DISCRIMINATOR]).toEqual(sha8('event:MarketUpdate'));
    expect([...REFERRAL_CLAIMED_DISCRIMINATOR]).toEqual(sha8('event:ReferralClaimed'));
  });

  it('round-trip every event, at its Borsh size', () => {
    fc.assert(
      fc.property(newBet(), betSettled(), predictionUpdate(), marketUpdate(), (n, b, p, m) => {
        const nBytes = getNewBetCodec().encode(n);
        expect(nBytes.length).toBe(8 + 1 + 32 + 8 + 1 + 8);
        expect(decodeWagerEvent(nBytes)).toEqual({ name: 'NewBet', data: n });
        const bBytes = getBetSettledCodec().encode(b);
        expect(bBytes.length).toBe(8 + 32 + 1 + 32 + 8 + 1 + 8 + 1 + (b.referral === null ? 1 : 33));
        expect(decodeWagerEvent(bBytes)).toEqual({ name: 'BetSettled', data: b });
        const pBytes = getPredictionUpdateCodec().encode(p);
        expect(pBytes.length).toBe(8 + 74 + 8);
        expect(decodeWagerEvent(pBytes)).toEqual({ name: 'PredictionUpdate', data: p });
        const mBytes = getMarketUpdateCodec().encode(m);
        const options = (m.market.result === null ? 1 : 2) + (m.market.referrer === null ? 1 : 33);
        expect(mBytes.length).toBe(8 + 32 + 53 + options + 32);
        expect(decodeWagerEvent(mBytes)).toEqual({ name: 'MarketUpdate', data: m });
      }),
    );
    fc.assert(
      fc.property(referralClaimed(), (r) => {
        const rBytes = getReferralClaimedCodec().encode(r);
        expect(rBytes.length).toBe(8 + 32 + 8 + 8);
        expect(decodeWagerEvent(rBytes)).toEqual({ name: 'ReferralClaimed', data: r });
      }),
    );
  });

  it('return null for an unknown discriminator', () => {
    expect(decodeWagerEvent(new Uint8Array(200))).toBeNull();
  });

  it('throw on a known discriminator with a body that is no event', () => {
    const bytes = Uint8Array.from(getNewBetCodec().encode(opened));
    bytes[49] = 7; // bet_type
    expect(() => decodeWagerEvent(bytes)).toThrow(RangeError);
  });
});

describe('parseWagerEvents', () => {
  it('reads a claim_referral transaction', () => {
    const logs = [
      `Program ${WAGER} invoke [1]`,
      line(getReferralClaimedCodec().encode(claimed)),
      `Program ${WAGER} success`,
    ];
    expect(parseWagerEvents(logs)).toEqual([{ name: 'ReferralClaimed', data: claimed }]);
  });

  it('reads a create_bet_offchain transaction, across its CPI to the system program', () => {
    const logs = [
      `Program ${COMPUTE_BUDGET} invoke [1]`,
      `Program ${COMPUTE_BUDGET} success`,
      `Program ${WAGER} invoke [1]`,
      `Program ${SYSTEM_PROGRAM_ADDRESS} invoke [2]`,
      `Program ${SYSTEM_PROGRAM_ADDRESS} success`,
      newBetData,
      `Program ${WAGER} consumed 7412 of 199850 compute units`,
      `Program ${WAGER} success`,
    ];
    expect(parseWagerEvents(logs)).toEqual([{ name: 'NewBet', data: opened }]);
  });

  it('reads a settle_prediction transaction: PredictionUpdate, then MarketUpdate', () => {
    const logs = [
      `Program ${WAGER} invoke [1]`,
      predictionData,
      marketData,
      `Program ${WAGER} consumed 5120 of 200000 compute units`,
      `Program ${WAGER} success`,
    ];
    expect(parseWagerEvents(logs)).toEqual([
      { name: 'PredictionUpdate', data: prediction },
      { name: 'MarketUpdate', data: market },
    ]);
  });

  it('reads several Wager instructions of one transaction, in order', () => {
    const logs = [
      `Program ${WAGER} invoke [1]`,
      betSettledData,
      `Program ${WAGER} success`,
      `Program ${WAGER} invoke [1]`,
      newBetData,
      `Program ${WAGER} success`,
    ];
    expect(parseWagerEvents(logs).map((e) => e.name)).toEqual(['BetSettled', 'NewBet']);
  });

  it("ignores another program's Program data, before, after, and inside a CPI Wager makes", () => {
    const logs = [
      `Program ${OTHER} invoke [1]`,
      newBetData,
      `Program ${OTHER} success`,
      `Program ${WAGER} invoke [1]`,
      `Program ${OTHER} invoke [2]`,
      marketData,
      `Program ${OTHER} success`,
      betSettledData,
      `Program ${WAGER} success`,
      `Program ${OTHER} invoke [1]`,
      predictionData,
      `Program ${OTHER} success`,
    ];
    expect(parseWagerEvents(logs)).toEqual([{ name: 'BetSettled', data: settled }]);
  });

  it('reads nothing from a failed Wager instruction after its failure line', () => {
    const logs = [
      `Program ${WAGER} invoke [1]`,
      `Program ${WAGER} failed: custom program error: 0x1775`,
      newBetData,
    ];
    expect(parseWagerEvents(logs)).toEqual([]);
  });

  it('skips unknown discriminators, bad base64, multi-field data and truncated bodies', () => {
    const logs = [
      `Program ${WAGER} invoke [1]`,
      `Program data: ${base64(new Uint8Array(40).fill(9))}`,
      'Program data: !!!not base64!!!',
      `${newBetData} ${base64(new Uint8Array(4))}`,
      line(getMarketUpdateCodec().encode(market).subarray(0, 60)),
      'Program log: Program data: spoofed by a plain log',
      predictionData,
      `Program ${WAGER} success`,
    ];
    expect(parseWagerEvents(logs)).toEqual([{ name: 'PredictionUpdate', data: prediction }]);
  });

  it('reads another deployment when told its address', () => {
    const logs = [`Program ${OTHER} invoke [1]`, newBetData, `Program ${OTHER} success`];
    expect(parseWagerEvents(logs)).toEqual([]);
    expect(parseWagerEvents(logs, { programAddress: OTHER as Address })).toEqual([
      { name: 'NewBet', data: opened },
    ]);
  });
});
