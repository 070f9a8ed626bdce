import idl from '@arcade/program-foresight/idl.json' with { type: 'json' };
import { DEFAULT_RECEIVER_PROGRAM_ID } from '@pythnetwork/pyth-solana-receiver/address';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { bytes32 } from '../../test/arbitraries.ts';
import {
  FORESIGHT_PROGRAM_ADDRESS,
  PYTH_RECEIVER_PROGRAM_ADDRESS,
  SOL_USD_FEED_ID,
  SOL_USD_FEED_ID_HEX,
  SYSTEM_PROGRAM_ADDRESS,
  feedIdFromAddress,
  feedIdFromHex,
  feedIdToAddress,
  feedIdToHex,
} from './program.ts';

describe('addresses', () => {
  it('take the program address from the IDL', () => {
    expect(FORESIGHT_PROGRAM_ADDRESS).toBe(idl.address);
  });

  it('name the receiver program Pyth ships in its SDK', () => {
    expect(PYTH_RECEIVER_PROGRAM_ADDRESS).toBe(DEFAULT_RECEIVER_PROGRAM_ID.toBase58());
  });

  it('name the system program the IDL pins', () => {
    const pinned = idl.instructions.flatMap((i) =>
      i.accounts.flatMap((a) => ('address' in a ? [a.address] : [])),
    );
    expect(new Set(pinned)).toEqual(new Set([SYSTEM_PROGRAM_ADDRESS]));
  });
});

describe('SOL/USD feed id', () => {
  it("is the bytes of Pyth's own test vector (pyth_solana_receiver_sdk, get_feed_id_from_hex)", () => {
    expect([...SOL_USD_FEED_ID]).toEqual([
      239, 13, 139, 111, 218, 44, 235, 164, 29, 161, 93, 64, 149, 209, 218, 57, 42, 13, 47, 142, 208, 198,
      199, 188, 15, 76, 250, 200, 194, 128, 181, 109,
    ]);
    expect(feedIdToHex(SOL_USD_FEED_ID)).toBe(SOL_USD_FEED_ID_HEX);
  });

  it('parses with or without 0x and rejects anything but 32 bytes of hex', () => {
    expect(feedIdFromHex(`0x${SOL_USD_FEED_ID_HEX.toUpperCase()}`)).toEqual(SOL_USD_FEED_ID);
    expect(() => feedIdFromHex(SOL_USD_FEED_ID_HEX.slice(2))).toThrow(RangeError);
    expect(() => feedIdFromHex(`${SOL_USD_FEED_ID_HEX.slice(2)}zz`)).toThrow(RangeError);
    expect(() => feedIdToHex(new Uint8Array(31))).toThrow(RangeError);
  });

  it('round-trips through hex and the pubkey form Config.pyth_feed stores', () => {
    fc.assert(
      fc.property(bytes32(), (feedId) => {
        expect(feedIdFromHex(feedIdToHex(feedId))).toEqual(feedId);
        expect(feedIdFromAddress(feedIdToAddress(feedId))).toEqual(feedId);
      }),
    );
  });
});
