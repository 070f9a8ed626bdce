/**
 * The wire-format promise of the architecture ("Conventions that cross parts"): Anchor's TypeScript coder,
 * given our idl.json, reads what our codecs write, and we read what it writes.
 */
import idl from '@arcade/program-foresight/idl.json' with { type: 'json' };
import { BN, BorshCoder, web3, type Idl } from '@coral-xyz/anchor';
import { getBase64Decoder, type ReadonlyUint8Array } from '@solana/kit';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import {
  address,
  betAccount,
  configAccount,
  eventAccount,
  prediction,
  u32,
  u64,
  updateBet,
  updateEvent,
} from '../../test/arbitraries.ts';
import {
  decodeBet,
  decodeConfig,
  decodeEvent,
  encodeBet,
  encodeConfig,
  encodeEvent,
  Prediction,
} from './accounts.ts';
import { getUpdateBetCodec, getUpdateEventCodec } from './events.ts';
import {
  FORESIGHT_INSTRUCTION_NAMES,
  getAcceptAuthorityInstructionDataCodec,
  getCloseBetInstructionDataCodec,
  getCloseEventInstructionDataCodec,
  getCreateConfigInstructionDataCodec,
  getCreateEventInstructionDataCodec,
  getLockAndSettleEventsInstructionDataCodec,
  getPlaceBetInstructionDataCodec,
  getProposeAuthorityInstructionDataCodec,
  getSettleBetInstructionDataCodec,
  getUpdateConfigInstructionDataCodec,
  getWithdrawBetInstructionDataCodec,
} from './instructions.ts';

const coder = new BorshCoder(idl as Idl);

/** bn.js ships no types, so Anchor's `BN` export is typed through this. */
interface BnLike {
  toString(base?: number): string;
}
const Bn = BN as unknown as { new (value: string): BnLike; isBN(value: unknown): boolean };
const PREDICTION_FIELDS = new Set(['result', 'prediction']);
const variantName = (p: number) =>
  (Object.keys(Prediction) as (keyof typeof Prediction)[]).find((k) => Prediction[k] === p)!;

const camel = (snake: string) => snake.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
const snake = (camelCase: string) => camelCase.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** Anchor's decoded shape (snake_case, BN, PublicKey, `{ Up: {} }`) → ours. */
function fromAnchor(value: unknown, key = ''): unknown {
  if (value === null) return null;
  if (Bn.isBN(value)) return BigInt((value as BnLike).toString());
  if (value instanceof web3.PublicKey) return value.toBase58();
  if (PREDICTION_FIELDS.has(key) && typeof value === 'object') {
    const [variant] = Object.keys(value);
    return Prediction[variant as keyof typeof Prediction];
  }
  if (typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [camel(k), fromAnchor(v, camel(k))]));
  }
  return value;
}

/** Ours → what Anchor's encoders take. */
function toAnchor(value: object): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(value).map(([k, v]: [string, unknown]) => {
      let out: unknown = v;
      if (typeof v === 'bigint') out = new Bn(v.toString());
      else if (typeof v === 'string') out = new web3.PublicKey(v);
      else if (PREDICTION_FIELDS.has(k)) out = { [variantName(v as number)]: {} };
      return [snake(k), out];
    }),
  );
}

describe('accounts', () => {
  const cases = [
    { name: 'Config', arbitrary: configAccount(), encode: encodeConfig, decode: decodeConfig },
    { name: 'Event', arbitrary: eventAccount(), encode: encodeEvent, decode: decodeEvent },
    { name: 'Bet', arbitrary: betAccount(), encode: encodeBet, decode: decodeBet },
  ] as const;

  for (const { name, arbitrary, encode, decode } of cases) {
    it(`${name}: Anchor decodes ours and we decode Anchor's`, async () => {
      await fc.assert(
        fc.asyncProperty(arbitrary as fc.Arbitrary<object>, async (value) => {
          const ours = Buffer.from((encode as (v: object) => Uint8Array)(value));
          expect(fromAnchor(coder.accounts.decode(name, ours))).toEqual(value);
          const theirs = await coder.accounts.encode(name, toAnchor(value));
          expect((decode as (b: Uint8Array) => object)(theirs)).toEqual(value);
          expect(ours.subarray(0, theirs.length)).toEqual(theirs);
        }),
        { numRuns: 100 },
      );
    });
  }

  it('Anchor tells the three accounts apart by our discriminators', () => {
    fc.assert(
      fc.property(betAccount(), (bet) => {
        expect(() => {
          coder.accounts.decode('Config', Buffer.from(encodeBet(bet)));
        }).toThrow(/Invalid account discriminator/);
      }),
      { numRuns: 5 },
    );
  });
});

describe('events', () => {
  it('Anchor decodes our UpdateBet and UpdateEvent from their base64 log form', () => {
    fc.assert(
      fc.property(updateBet(), updateEvent(), (bet, round) => {
        const base64 = getBase64Decoder();
        const decodedBet = coder.events.decode(base64.decode(getUpdateBetCodec().encode(bet)));
        expect(decodedBet?.name).toBe('UpdateBet');
        expect(fromAnchor(decodedBet?.data)).toEqual(bet);
        const decodedRound = coder.events.decode(base64.decode(getUpdateEventCodec().encode(round)));
        expect(decodedRound?.name).toBe('UpdateEvent');
        expect(fromAnchor(decodedRound?.data)).toEqual(round);
      }),
      { numRuns: 100 },
    );
  });
});

describe('instruction data', () => {
  it('Anchor decodes ours and encodes the same bytes, for every instruction', () => {
    fc.assert(
      fc.property(
        u32(),
        u32(),
        prediction(),
        u64(),
        fc.boolean(),
        address(),
        (timelock, id, p, amount, disabled, newAuthority) => {
          const cases: [string, ReadonlyUint8Array, object][] = [
            ['create_config', getCreateConfigInstructionDataCodec().encode({ timelock }), { timelock }],
            ['update_config', getUpdateConfigInstructionDataCodec().encode({ disabled }), { disabled }],
            [
              'propose_authority',
              getProposeAuthorityInstructionDataCodec().encode({ newAuthority }),
              { newAuthority },
            ],
            ['accept_authority', getAcceptAuthorityInstructionDataCodec().encode({}), {}],
            ['create_event', getCreateEventInstructionDataCodec().encode({ id }), { id }],
            ['close_event', getCloseEventInstructionDataCodec().encode({}), {}],
            ['lock_and_settle_events', getLockAndSettleEventsInstructionDataCodec().encode({}), {}],
            [
              'place_bet',
              getPlaceBetInstructionDataCodec().encode({ prediction: p, amount }),
              { prediction: p, amount },
            ],
            ['settle_bet', getSettleBetInstructionDataCodec().encode({}), {}],
            ['withdraw_bet', getWithdrawBetInstructionDataCodec().encode({}), {}],
            ['close_bet', getCloseBetInstructionDataCodec().encode({}), {}],
          ];
          expect(cases.map(([name]) => name)).toEqual([...FORESIGHT_INSTRUCTION_NAMES]);
          for (const [name, ours, args] of cases) {
            const decoded = coder.instruction.decode(Buffer.from(ours));
            expect(decoded?.name).toBe(name);
            expect(fromAnchor(decoded?.data)).toEqual(args);
            expect(new Uint8Array(coder.instruction.encode(name, toAnchor(args)))).toEqual(
              Uint8Array.from(ours),
            );
          }
        },
      ),
      { numRuns: 50 },
    );
  });
});
