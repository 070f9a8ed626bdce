import { createHash } from 'node:crypto';

import { getAddressDecoder, getBase64Decoder, type Address, type ReadonlyUint8Array } from '@solana/kit';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { updateBet, updateEvent } from '../../test/arbitraries.ts';
import { Prediction } from './accounts.ts';
import {
  UPDATE_BET_DISCRIMINATOR,
  UPDATE_EVENT_DISCRIMINATOR,
  decodeForesightEvent,
  getUpdateBetCodec,
  getUpdateEventCodec,
  parseForesightEvents,
  parseOracleReading,
  type UpdateBet,
  type UpdateEvent,
} from './events.ts';
import { FORESIGHT_PROGRAM_ADDRESS, SYSTEM_PROGRAM_ADDRESS } from './program.ts';

const addressOf = (byte: number): Address => getAddressDecoder().decode(new Uint8Array(32).fill(byte));
const base64 = (bytes: ReadonlyUint8Array) => getBase64Decoder().decode(bytes);
const sha8 = (preimage: string) => [...createHash('sha256').update(preimage).digest().subarray(0, 8)];

const FORESIGHT = FORESIGHT_PROGRAM_ADDRESS;
const OTHER = 'Stake11111111111111111111111111111111111111';
const COMPUTE_BUDGET = 'ComputeBudget111111111111111111111111111111';

const bet: UpdateBet = {
  amount: 20_000_000n,
  winAmount: 0n,
  user: addressOf(1),
  event: addressOf(2),
  config: addressOf(3),
  timestamp: 1_700_000_123n,
  isSettled: false,
  prediction: Prediction.Up,
  won: false,
};
const round: UpdateEvent = {
  id: 42,
  pubkey: addressOf(2),
  settleTime: 1_700_000_600n,
  totalCount: 3,
  upPool: 30_000_000n,
  downPool: 20_000_000n,
  result: Prediction.None,
};
const betData = `Program data: ${base64(getUpdateBetCodec().encode(bet))}`;
const roundData = `Program data: ${base64(getUpdateEventCodec().encode(round))}`;

describe('event codecs', () => {
  it('use sha256("event:<Name>")[0..8]', () => {
    expect([...UPDATE_BET_DISCRIMINATOR]).toEqual(sha8('event:UpdateBet'));
    expect([...UPDATE_EVENT_DISCRIMINATOR]).toEqual(sha8('event:UpdateEvent'));
  });

  it('round-trip every UpdateBet and UpdateEvent', () => {
    fc.assert(
      fc.property(updateBet(), updateEvent(), (b, e) => {
        const betBytes = getUpdateBetCodec().encode(b);
        expect(betBytes.length).toBe(8 + 8 + 8 + 32 * 3 + 8 + 1 + 1 + 1);
        expect(decodeForesightEvent(betBytes)).toEqual({ name: 'UpdateBet', data: b });
        const eventBytes = getUpdateEventCodec().encode(e);
        expect(eventBytes.length).toBe(8 + 4 + 32 + 8 + 4 + 8 + 8 + 1);
        expect(decodeForesightEvent(eventBytes)).toEqual({ name: 'UpdateEvent', data: e });
      }),
    );
  });

  it('return null for an unknown discriminator', () => {
    expect(decodeForesightEvent(new Uint8Array(200))).toBeNull();
  });
});

describe('parseForesightEvents', () => {
  it('reads a place_bet transaction, including across a CPI to the system program', () => {
    const logs = [
      `Program ${COMPUTE_BUDGET} invoke [1]`,
      `Program ${COMPUTE_BUDGET} success`,
      `Program ${FORESIGHT} invoke [1]`,
      'Program log: place_bet',
      `Program ${SYSTEM_PROGRAM_ADDRESS} invoke [2]`,
      `Program ${SYSTEM_PROGRAM_ADDRESS} success`,
      betData,
      roundData,
      `Program ${FORESIGHT} consumed 9120 of 199850 compute units`,
      `Program ${FORESIGHT} success`,
    ];
    expect(parseForesightEvents(logs)).toEqual([
      { name: 'UpdateBet', data: bet },
      { name: 'UpdateEvent', data: round },
    ]);
  });

  it("ignores another program's Program data, before, after, and inside a CPI Foresight makes", () => {
    const logs = [
      `Program ${OTHER} invoke [1]`,
      betData,
      `Program ${OTHER} success`,
      `Program ${FORESIGHT} invoke [1]`,
      `Program ${OTHER} invoke [2]`,
      roundData,
      `Program ${OTHER} consumed 100 of 1000 compute units`,
      `Program ${OTHER} success`,
      betData,
      `Program ${FORESIGHT} success`,
      `Program ${OTHER} invoke [1]`,
      roundData,
      `Program ${OTHER} success`,
    ];
    expect(parseForesightEvents(logs)).toEqual([{ name: 'UpdateBet', data: bet }]);
  });

  it('reads Foresight invoked by CPI from another program, and resumes the caller after it', () => {
    const logs = [
      `Program ${OTHER} invoke [1]`,
      `Program ${FORESIGHT} invoke [2]`,
      roundData,
      `Program ${FORESIGHT} success`,
      betData,
      `Program ${OTHER} success`,
    ];
    expect(parseForesightEvents(logs)).toEqual([{ name: 'UpdateEvent', data: round }]);
  });

  it('stops attributing to Foresight once it fails', () => {
    const logs = [
      `Program ${OTHER} invoke [1]`,
      `Program ${FORESIGHT} invoke [2]`,
      roundData,
      `Program ${FORESIGHT} failed: custom program error: 0x1779`,
      betData,
      `Program ${OTHER} failed: custom program error: 0x1779`,
    ];
    expect(parseForesightEvents(logs)).toEqual([{ name: 'UpdateEvent', data: round }]);
  });

  it('skips unknown discriminators, bad base64, multi-field data and truncated bodies', () => {
    const logs = [
      `Program ${FORESIGHT} invoke [1]`,
      `Program data: ${base64(new Uint8Array(40).fill(9))}`,
      'Program data: !!!not base64!!!',
      `${betData} ${base64(new Uint8Array(4))}`,
      `Program data: ${base64(getUpdateBetCodec().encode(bet).subarray(0, 20))}`,
      'Program log: Program data: spoofed by a plain log',
      roundData,
      `Program ${FORESIGHT} success`,
    ];
    expect(parseForesightEvents(logs)).toEqual([{ name: 'UpdateEvent', data: round }]);
  });

  it('reads nothing after the runtime truncates the logs', () => {
    const logs = [`Program ${FORESIGHT} invoke [1]`, roundData, 'Log truncated', betData];
    expect(parseForesightEvents(logs)).toEqual([{ name: 'UpdateEvent', data: round }]);
  });

  it('reads another deployment when told its address', () => {
    const logs = [`Program ${OTHER} invoke [1]`, betData, `Program ${OTHER} success`];
    expect(parseForesightEvents(logs)).toEqual([]);
    expect(parseForesightEvents(logs, { programAddress: OTHER as Address })).toEqual([
      { name: 'UpdateBet', data: bet },
    ]);
  });

  it('returns nothing for no logs', () => {
    expect(parseForesightEvents([])).toEqual([]);
  });
});

describe('parseOracleReading', () => {
  const tick = (line: string): string[] => [
    `Program ${FORESIGHT} invoke [1]`,
    'Program log: Instruction: LockAndSettleEvents',
    line,
    roundData,
    `Program ${FORESIGHT} success`,
  ];

  it("reads the tick's oracle line: the price as published and its publish time", () => {
    expect(parseOracleReading(tick('Program log: Oracle price 13751000000 published 1763850000'))).toEqual({
      price: 13_751_000_000n,
      publishTime: 1_763_850_000n,
    });
    expect(parseOracleReading(tick('Program log: Oracle price -5 published -1'))).toEqual({
      price: -5n,
      publishTime: -1n,
    });
  });

  it('ignores the same words logged by another program, and lines that are not the exact format', () => {
    const other = [
      `Program ${OTHER} invoke [1]`,
      'Program log: Oracle price 1 published 2',
      `Program ${OTHER} success`,
    ];
    expect(parseOracleReading(other)).toBeNull();
    expect(parseOracleReading(tick('Program log: Oracle price 1 published 2 extra'))).toBeNull();
    expect(parseOracleReading(tick('Program log: Oracle price 1.5 published 2'))).toBeNull();
    expect(parseOracleReading(tick('Program log: Oracle price 99999999999999999999 published 2'))).toBeNull();
    expect(parseOracleReading([])).toBeNull();
  });
});
