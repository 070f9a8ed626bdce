/**
 * fast-check arbitraries for the SDK's tests: every IDL field type over its whole range.
 *
 * @module
 */

import { getAddressDecoder, type Address } from '@solana/kit';
import fc from 'fast-check';

import type { BetAccount, ConfigAccount, EventAccount, Prediction } from '../src/foresight/accounts.ts';
import type { UpdateBet, UpdateEvent } from '../src/foresight/events.ts';

export const u8 = (): fc.Arbitrary<number> => fc.integer({ min: 0, max: 0xff });
export const u32 = (): fc.Arbitrary<number> => fc.integer({ min: 0, max: 0xffff_ffff });
export const i32 = (): fc.Arbitrary<number> => fc.integer({ min: -0x8000_0000, max: 0x7fff_ffff });
export const u64 = (): fc.Arbitrary<bigint> => fc.bigInt({ min: 0n, max: 2n ** 64n - 1n });
export const i64 = (): fc.Arbitrary<bigint> => fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n });
export const bytes32 = (): fc.Arbitrary<Uint8Array> => fc.uint8Array({ minLength: 32, maxLength: 32 });
export const address = (): fc.Arbitrary<Address> =>
  bytes32().map((bytes) => getAddressDecoder().decode(bytes));
export const prediction = (): fc.Arbitrary<Prediction> => fc.constantFrom(0, 1, 2, 3);

export const configAccount = (): fc.Arbitrary<ConfigAccount> =>
  fc.record({
    pythFeed: address(),
    lockedEvent: u32(),
    liveEvent: u32(),
    timelock: u32(),
    disabled: fc.boolean(),
    authority: address(),
    eventSigner: address(),
    treasury: address(),
    pendingAuthority: fc.option(address(), { nil: null }),
  });

export const eventAccount = (): fc.Arbitrary<EventAccount> =>
  fc.record({
    id: u32(),
    startTime: i64(),
    lockTime: i64(),
    settleTime: i64(),
    upCount: u32(),
    downCount: u32(),
    upPool: u64(),
    downPool: u64(),
    isSettled: fc.boolean(),
    result: prediction(),
    lockPrice: fc.option(i64(), { nil: null }),
    finalPrice: fc.option(i64(), { nil: null }),
    settledCount: u32(),
    config: address(),
  });

export const betAccount = (): fc.Arbitrary<BetAccount> =>
  fc.record({
    event: address(),
    amount: u64(),
    prediction: prediction(),
    isSettled: fc.boolean(),
    user: address(),
  });

export const updateBet = (): fc.Arbitrary<UpdateBet> =>
  fc.record({
    amount: u64(),
    winAmount: u64(),
    user: address(),
    event: address(),
    config: address(),
    timestamp: i64(),
    isSettled: fc.boolean(),
    prediction: prediction(),
    won: fc.boolean(),
  });

export const updateEvent = (): fc.Arbitrary<UpdateEvent> =>
  fc.record({
    id: u32(),
    pubkey: address(),
    settleTime: i64(),
    totalCount: u32(),
    upPool: u64(),
    downPool: u64(),
    result: prediction(),
  });
