import { createHash } from 'node:crypto';

import idl from '@arcade/program-foresight/idl.json' with { type: 'json' };
import { getAddressDecoder } from '@solana/kit';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { betAccount, configAccount, eventAccount } from '../../test/arbitraries.ts';
import { idlAccountSize } from '../../test/idl-layout.ts';
import { DiscriminatorMismatchError } from '../anchor/discriminated-codec.ts';
import {
  BET_ACCOUNT_SIZE,
  BET_DISCRIMINATOR,
  BET_EVENT_OFFSET,
  BET_USER_OFFSET,
  CONFIG_ACCOUNT_SIZE,
  CONFIG_DISCRIMINATOR,
  EVENT_ACCOUNT_SIZE,
  EVENT_DISCRIMINATOR,
  LEGACY_CONFIG_ACCOUNT_SIZE,
  decodeBet,
  decodeConfig,
  decodeEvent,
  encodeBet,
  encodeConfig,
  encodeEvent,
  getBetCodec,
  getConfigCodec,
  getEventCodec,
  getPredictionCodec,
  Prediction,
  type ConfigAccount,
  type EventAccount,
} from './accounts.ts';

const sha8 = (preimage: string): number[] => [
  ...createHash('sha256').update(preimage).digest().subarray(0, 8),
];
const addressOf = (byte: number) => getAddressDecoder().decode(new Uint8Array(32).fill(byte));
const baseConfig: ConfigAccount = {
  pythFeed: addressOf(1),
  lockedEvent: 0,
  liveEvent: 0,
  timelock: 300,
  disabled: false,
  authority: addressOf(2),
  eventSigner: addressOf(3),
  treasury: addressOf(4),
  pendingAuthority: null,
};

describe('discriminators', () => {
  it('are sha256("account:<Name>")[0..8], as in the IDL', () => {
    expect([...CONFIG_DISCRIMINATOR]).toEqual(sha8('account:Config'));
    expect([...EVENT_DISCRIMINATOR]).toEqual(sha8('account:Event'));
    expect([...BET_DISCRIMINATOR]).toEqual(sha8('account:Bet'));
    for (const account of idl.accounts)
      expect(account.discriminator).toEqual(sha8(`account:${account.name}`));
  });
});

describe('Prediction', () => {
  it('is the IDL enum, in variant order', () => {
    const variants = idl.types.find((t) => t.name === 'Prediction')!.type.variants!.map((v) => v.name);
    expect(variants).toEqual(Object.keys(Prediction));
    expect(variants.map((v) => Prediction[v as keyof typeof Prediction])).toEqual([0, 1, 2, 3]);
  });

  it('encodes as one byte and rejects bytes that are no variant', () => {
    const codec = getPredictionCodec();
    expect([...codec.encode('Down')]).toEqual([2]);
    expect(codec.decode(new Uint8Array([3]))).toBe(Prediction.Invalid);
    expect(() => codec.decode(new Uint8Array([4]))).toThrow(RangeError);
    expect(() => codec.encode(7 as Prediction)).toThrow(RangeError);
  });
});

describe('Config', () => {
  it('round-trips every value through account-sized data', () => {
    fc.assert(
      fc.property(configAccount(), (config) => {
        const data = encodeConfig(config);
        expect(data.length).toBe(CONFIG_ACCOUNT_SIZE);
        expect(decodeConfig(data)).toEqual(config);
      }),
    );
  });

  it('lays the fields out in IDL order', () => {
    const data = encodeConfig({
      pythFeed: addressOf(1),
      lockedEvent: 0x0403_0201,
      liveEvent: 5,
      timelock: 300,
      disabled: true,
      authority: addressOf(2),
      eventSigner: addressOf(3),
      treasury: addressOf(4),
      pendingAuthority: addressOf(5),
    });
    expect([...data.subarray(0, 8)]).toEqual([...CONFIG_DISCRIMINATOR]);
    expect(data.subarray(8, 40).every((b) => b === 1)).toBe(true);
    expect([...data.subarray(40, 53)]).toEqual([1, 2, 3, 4, 5, 0, 0, 0, 44, 1, 0, 0, 1]);
    expect(data.subarray(53, 85).every((b) => b === 2)).toBe(true);
    expect(data.subarray(117, 149).every((b) => b === 4)).toBe(true);
    expect(data[149]).toBe(1);
    expect(data.subarray(150, 182).every((b) => b === 5)).toBe(true);
  });

  it('is allocated at 8 + the IDL struct, the first version without pending_authority', () => {
    expect(CONFIG_ACCOUNT_SIZE).toBe(idlAccountSize(idl, 'Config'));
    const withoutPending = {
      types: idl.types.map((t) =>
        t.name === 'Config'
          ? {
              ...t,
              type: { ...t.type, fields: t.type.fields!.filter((f) => f.name !== 'pending_authority') },
            }
          : t,
      ),
    };
    expect(LEGACY_CONFIG_ACCOUNT_SIZE).toBe(idlAccountSize(withoutPending, 'Config'));
    expect([CONFIG_ACCOUNT_SIZE, LEGACY_CONFIG_ACCOUNT_SIZE]).toEqual([182, 149]);
  });

  it("reads the first version's 149-byte Config with no pending authority", () => {
    const old = encodeConfig({ ...baseConfig, liveEvent: 9 }).subarray(0, LEGACY_CONFIG_ACCOUNT_SIZE);
    expect(old.length).toBe(149);
    expect(decodeConfig(old)).toEqual({ ...baseConfig, liveEvent: 9 });
    expect(getConfigCodec().decode(old)).toEqual({ ...baseConfig, liveEvent: 9 });
  });

  it('throws a clear error on another account kind', () => {
    const bet = encodeBet({
      event: addressOf(1),
      amount: 1n,
      prediction: Prediction.Up,
      isSettled: false,
      user: addressOf(2),
    });
    expect(() => decodeConfig(bet)).toThrow(DiscriminatorMismatchError);
    expect(() => decodeConfig(bet)).toThrow(/Not a Foresight Config account: discriminator \[147, 23/);
    expect(() => decodeConfig(new Uint8Array(3))).toThrow(/too short/);
  });
});

describe('Event', () => {
  const event: EventAccount = {
    id: 7,
    startTime: 1_700_000_000n,
    lockTime: 1_700_000_300n,
    settleTime: 1_700_000_600n,
    upCount: 2,
    downCount: 1,
    upPool: 30_000_000n,
    downPool: 10_000_000n,
    isSettled: false,
    result: Prediction.None,
    lockPrice: null,
    finalPrice: null,
    settledCount: 0,
    config: addressOf(9),
  };

  it('round-trips every value, both options included', () => {
    fc.assert(
      fc.property(eventAccount(), (value) => {
        const data = encodeEvent(value);
        expect(data.length).toBe(EVENT_ACCOUNT_SIZE);
        expect(decodeEvent(data)).toEqual(value);
      }),
    );
  });

  it('writes a None option as one byte and accepts the zero tail after it', () => {
    const borsh = getEventCodec().encode(event);
    expect(borsh.length).toBe(EVENT_ACCOUNT_SIZE - 16);
    // id 4 + times 24 + counts 8 + pools 16 + is_settled 1 + result 1, after the discriminator.
    expect([...borsh.subarray(62, 64)]).toEqual([0, 0]);
    const stored = encodeEvent(event);
    expect(stored.subarray(borsh.length).every((b) => b === 0)).toBe(true);
    expect(decodeEvent(stored)).toEqual(event);
    expect(decodeEvent(borsh)).toEqual(event);
  });

  it('writes a Some option as tag 1 and the i64', () => {
    const borsh = getEventCodec().encode({ ...event, lockPrice: -2n, finalPrice: null });
    expect([...borsh.subarray(62, 72)]).toEqual([1, 254, 255, 255, 255, 255, 255, 255, 255, 0]);
  });

  it('is largest, at the account size, when both prices are Some', () => {
    expect(getEventCodec().encode({ ...event, lockPrice: 1n, finalPrice: 2n }).length).toBe(
      EVENT_ACCOUNT_SIZE,
    );
  });

  it('rejects a Config', () => {
    const config = encodeConfig(baseConfig);
    expect(() => decodeEvent(config)).toThrow(/Not a Foresight Event account/);
  });
});

describe('Bet', () => {
  it('round-trips every value', () => {
    fc.assert(
      fc.property(betAccount(), (bet) => {
        const data = encodeBet(bet);
        expect(data.length).toBe(BET_ACCOUNT_SIZE);
        expect(getBetCodec().encode(bet).length).toBe(BET_ACCOUNT_SIZE);
        expect(decodeBet(data)).toEqual(bet);
      }),
    );
  });

  it('has event and user at the offsets memcmp filters use', () => {
    const data = encodeBet({
      event: addressOf(5),
      amount: 10_000_000n,
      prediction: 'Down',
      isSettled: false,
      user: addressOf(6),
    });
    expect(data.subarray(BET_EVENT_OFFSET, BET_EVENT_OFFSET + 32).every((b) => b === 5)).toBe(true);
    expect(data.subarray(BET_USER_OFFSET, BET_USER_OFFSET + 32).every((b) => b === 6)).toBe(true);
    expect(decodeBet(data).prediction).toBe(Prediction.Down);
  });
});

describe('codecs', () => {
  it('encode exactly the Borsh bytes, with no padding, outside the account helpers', () => {
    fc.assert(
      fc.property(configAccount(), (config) => {
        expect(getConfigCodec().encode(config).length).toBe(
          CONFIG_ACCOUNT_SIZE - (config.pendingAuthority === null ? 32 : 0),
        );
      }),
      { numRuns: 10 },
    );
  });
});
