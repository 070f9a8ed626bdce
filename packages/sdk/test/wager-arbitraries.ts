/**
 * fast-check arbitraries for the Wager client's tests: every IDL field type over its whole range.
 *
 * @module
 */

import fc from 'fast-check';

import type {
  BetAccount,
  BetResult,
  BetState,
  BetType,
  HouseAccount,
  MarketAccount,
  MarketResult,
  PredictionAccount,
  ReferralAccount,
} from '../src/wager/accounts.ts';
import type {
  BetSettled,
  MarketUpdate,
  NewBet,
  PredictionUpdate,
  ReferralClaimed,
} from '../src/wager/events.ts';
import { address, bytes32, i64, u32, u64, u8 } from './arbitraries.ts';

export const betState = (): fc.Arbitrary<BetState> => fc.constantFrom(0, 1, 2, 3, 4);
export const betResult = (): fc.Arbitrary<BetResult> => fc.constantFrom(0, 1, 2, 3);
export const betType = (): fc.Arbitrary<BetType> => fc.constantFrom(0, 1, 2);
export const marketResult = (): fc.Arbitrary<MarketResult> => fc.constantFrom(0, 1, 2);
export const optionalAddress = (): fc.Arbitrary<BetAccount['referral']> =>
  fc.option(address(), { nil: null });

export const houseAccount = (): fc.Arbitrary<HouseAccount> =>
  fc.record({
    authority: address(),
    settler: address(),
    treasury: address(),
    outstanding: u64(),
    paused: fc.boolean(),
    seedCommitment: bytes32(),
    seedChainEnd: u64(),
    nextSeedCommitment: bytes32(),
    nextSeedChainLength: u64(),
    betSequence: u64(),
    revealSequence: u64(),
    openBets: u64(),
    offchainBets: fc.boolean(),
    refundReserve: u64(),
    reserveSince: i64(),
    pendingAuthority: optionalAddress(),
  });

export const betAccount = (): fc.Arbitrary<BetAccount> =>
  fc.record({
    user: address(),
    mint: address(),
    switchboardRequest: address(),
    odds: u8(),
    betAmount: u64(),
    listingPrice: u64(),
    timestamp: i64(),
    state: betState(),
    result: betResult(),
    betType: betType(),
    referral: optionalAddress(),
    offChain: fc.boolean(),
    sequence: u64(),
    slot: u64(),
    slotHash: bytes32(),
  });

export const marketAccount = (): fc.Arbitrary<MarketAccount> =>
  fc.record({
    startTime: i64(),
    endTime: i64(),
    cutoffTime: i64(),
    yesCount: u32(),
    noCount: u32(),
    yesPool: u64(),
    noPool: u64(),
    isSettled: fc.boolean(),
    settledCount: u32(),
    result: fc.option(marketResult(), { nil: null }),
    referrer: optionalAddress(),
    marketAuthority: address(),
  });

export const predictionAccount = (): fc.Arbitrary<PredictionAccount> =>
  fc.record({
    user: address(),
    market: address(),
    amount: u64(),
    result: marketResult(),
    isClaimed: fc.boolean(),
  });

export const referralAccount = (): fc.Arbitrary<ReferralAccount> =>
  fc.record({ referrer: address(), earned: u64(), claimed: u64() });

export const newBet = (): fc.Arbitrary<NewBet> =>
  fc.record({ odds: u8(), user: address(), betAmount: u64(), betType: betType(), timestamp: i64() });

export const betSettled = (): fc.Arbitrary<BetSettled> =>
  fc.record({
    user: address(),
    odds: u8(),
    mint: address(),
    betAmount: u64(),
    result: betResult(),
    timestamp: i64(),
    betType: betType(),
    referral: optionalAddress(),
  });

export const predictionUpdate = (): fc.Arbitrary<PredictionUpdate> =>
  fc.record({ prediction: predictionAccount(), timestamp: i64() });

export const marketUpdate = (): fc.Arbitrary<MarketUpdate> =>
  fc.record({ key: address(), market: marketAccount() });

export const referralClaimed = (): fc.Arbitrary<ReferralClaimed> =>
  fc.record({ referrer: address(), amount: u64(), timestamp: i64() });
