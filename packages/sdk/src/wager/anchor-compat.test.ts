/**
 * The wire-format promise of the architecture ("Conventions that cross parts"): Anchor's TypeScript coder,
 * given our idl.json, reads what our codecs write, and we read what it writes. Values are converted between
 * Anchor's shape (snake_case, BN, PublicKey, `{ Win: {} }`) and ours by walking the IDL's types.
 */
import idl from '@arcade/program-wager/idl.json' with { type: 'json' };
import { BN, BorshCoder, web3, type Idl } from '@coral-xyz/anchor';
import { getBase64Decoder, type Codec, type ReadonlyUint8Array } from '@solana/kit';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { address, i64, u32, u64, u8 } from '../../test/arbitraries.ts';
import {
  betAccount,
  betSettled,
  houseAccount,
  marketAccount,
  marketUpdate,
  newBet,
  predictionAccount,
  predictionUpdate,
  referralAccount,
  referralClaimed,
} from '../../test/wager-arbitraries.ts';
import {
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
} from './accounts.ts';
import {
  getBetSettledCodec,
  getMarketUpdateCodec,
  getNewBetCodec,
  getPredictionUpdateCodec,
  getReferralClaimedCodec,
} from './events.ts';
import {
  getAcceptAuthorityInstructionDataCodec,
  getClaimBetInstructionDataCodec,
  getClaimReferralInstructionDataCodec,
  getCommitSeedChainInstructionDataCodec,
  getCreateBetInstructionDataCodec,
  getCreateBetOffchainInstructionDataCodec,
  getCreateMarketInstructionDataCodec,
  getCreatePredictionInstructionDataCodec,
  getExpireMarketInstructionDataCodec,
  getInitBetOffchainInstructionDataCodec,
  getInitReferralInstructionDataCodec,
  getInitializeHouseInstructionDataCodec,
  getProposeAuthorityInstructionDataCodec,
  getRefundBetInstructionDataCodec,
  getResetSeedChainInstructionDataCodec,
  getResolveMarketInstructionDataCodec,
  getRevealBetInstructionDataCodec,
  getCloseMarketInstructionDataCodec,
  getSettleBetOffchainInstructionDataCodec,
  getSettlePredictionInstructionDataCodec,
  getUpdateHouseInstructionDataCodec,
  getUpdateMarketInstructionDataCodec,
  getUpdatePredictionInstructionDataCodec,
  getWithdrawInstructionDataCodec,
  type WagerInstructionName,
} from './instructions.ts';

const coder = new BorshCoder(idl as Idl);

/** bn.js ships no types, so Anchor's `BN` export is typed through this. */
interface BnLike {
  toString(base?: number): string;
}
const Bn = BN as unknown as { new (value: string): BnLike; isBN(value: unknown): boolean };

type IdlType =
  | string
  | { readonly option: IdlType }
  | { readonly array: readonly [IdlType, number] }
  | { readonly defined: { readonly name: string } };
interface IdlField {
  readonly name: string;
  readonly type: IdlType;
}
interface IdlTypeDef {
  readonly name: string;
  readonly type: {
    readonly kind: string;
    readonly fields?: IdlField[];
    readonly variants?: { name: string }[];
  };
}

const camel = (snake: string) => snake.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
const typeDef = (name: string) => (idl.types as IdlTypeDef[]).find((t) => t.name === name)!;
const fieldsOf = (name: string) => typeDef(name).type.fields!;

/** Anchor's decoded value of IDL type `type` → ours. */
function fromAnchor(value: unknown, type: IdlType): unknown {
  if (typeof type === 'string') {
    if (type === 'pubkey') return (value as web3.PublicKey).toBase58();
    if (Bn.isBN(value)) return BigInt((value as BnLike).toString());
    return value;
  }
  if ('option' in type) return value === null ? null : fromAnchor(value, type.option);
  // Only byte arrays ([u8; N]) occur: ours are Uint8Arrays, Anchor's number arrays.
  if ('array' in type) return Uint8Array.from(value as number[]);
  const def = typeDef(type.defined.name);
  if (def.type.kind === 'enum') {
    const [variant] = Object.keys(value as object);
    return def.type.variants!.findIndex((v) => v.name === variant);
  }
  return fromAnchorFields(value as Record<string, unknown>, def.type.fields!);
}

function fromAnchorFields(value: Record<string, unknown>, fields: readonly IdlField[]): object {
  expect(Object.keys(value)).toHaveLength(fields.length);
  return Object.fromEntries(
    fields.map((f) => [
      camel(f.name),
      fromAnchor(f.name in value ? value[f.name] : value[camel(f.name)], f.type),
    ]),
  );
}

/** Our value of IDL type `type` → what Anchor's encoders take. */
function toAnchor(value: unknown, type: IdlType): unknown {
  if (typeof type === 'string') {
    if (type === 'pubkey') return new web3.PublicKey(value as string);
    if (typeof value === 'bigint') return new Bn(value.toString());
    return value;
  }
  if ('option' in type) return value === null ? null : toAnchor(value, type.option);
  if ('array' in type) return Array.from(value as Uint8Array);
  const def = typeDef(type.defined.name);
  if (def.type.kind === 'enum') return { [def.type.variants![value as number]!.name]: {} };
  return toAnchorFields(value as Record<string, unknown>, def.type.fields!);
}

function toAnchorFields(
  value: Record<string, unknown>,
  fields: readonly IdlField[],
): Record<string, unknown> {
  return Object.fromEntries(fields.map((f) => [f.name, toAnchor(value[camel(f.name)], f.type)]));
}

/** Any value of IDL type `type`, in our shape. */
function arbitraryOf(type: IdlType): fc.Arbitrary<unknown> {
  if (typeof type === 'string') {
    const primitives: Record<string, () => fc.Arbitrary<unknown>> = {
      pubkey: address,
      u8,
      u32,
      u64,
      i64,
      bool: fc.boolean,
    };
    return primitives[type]!();
  }
  if ('option' in type) return fc.option(arbitraryOf(type.option), { nil: null });
  if ('array' in type) {
    expect(type.array[0]).toBe('u8');
    return fc.uint8Array({ minLength: type.array[1], maxLength: type.array[1] });
  }
  const def = typeDef(type.defined.name);
  if (def.type.kind === 'enum') return fc.integer({ min: 0, max: def.type.variants!.length - 1 });
  return arbitraryOfFields(def.type.fields!);
}

function arbitraryOfFields(fields: readonly IdlField[]): fc.Arbitrary<Record<string, unknown>> {
  return fc.record(Object.fromEntries(fields.map((f) => [camel(f.name), arbitraryOf(f.type)])));
}

describe('accounts', () => {
  const cases = [
    { name: 'House', arbitrary: houseAccount(), encode: encodeHouse, decode: decodeHouse },
    { name: 'Bet', arbitrary: betAccount(), encode: encodeBet, decode: decodeBet },
    { name: 'Market', arbitrary: marketAccount(), encode: encodeMarket, decode: decodeMarket },
    {
      name: 'Prediction',
      arbitrary: predictionAccount(),
      encode: encodePrediction,
      decode: decodePrediction,
    },
    { name: 'Referral', arbitrary: referralAccount(), encode: encodeReferral, decode: decodeReferral },
  ] as const;

  for (const { name, arbitrary, encode, decode } of cases) {
    it(`${name}: Anchor decodes ours and we decode Anchor's`, async () => {
      await fc.assert(
        fc.asyncProperty(arbitrary as fc.Arbitrary<object>, async (value) => {
          const ours = Buffer.from((encode as (v: object) => Uint8Array)(value));
          const decoded = coder.accounts.decode<Record<string, unknown>>(name, ours);
          expect(fromAnchorFields(decoded, fieldsOf(name))).toEqual(value);
          const theirs = await coder.accounts.encode(
            name,
            toAnchorFields(value as Record<string, unknown>, fieldsOf(name)),
          );
          expect((decode as (b: Uint8Array) => object)(theirs)).toEqual(value);
          expect(ours.subarray(0, theirs.length)).toEqual(theirs);
          expect(ours.subarray(theirs.length).every((b) => b === 0)).toBe(true);
        }),
        { numRuns: 100 },
      );
    });
  }

  it('cover every IDL account', () => {
    expect(cases.map((c) => c.name).sort()).toEqual(idl.accounts.map((a) => a.name).sort());
  });

  it('Anchor tells the accounts apart by our discriminators', () => {
    fc.assert(
      fc.property(betAccount(), (bet) => {
        expect(() => {
          coder.accounts.decode('Market', Buffer.from(encodeBet(bet)));
        }).toThrow(/Invalid account discriminator/);
      }),
      { numRuns: 5 },
    );
  });
});

describe('events', () => {
  const cases = [
    { name: 'NewBet', arbitrary: newBet(), codec: getNewBetCodec() },
    { name: 'BetSettled', arbitrary: betSettled(), codec: getBetSettledCodec() },
    { name: 'PredictionUpdate', arbitrary: predictionUpdate(), codec: getPredictionUpdateCodec() },
    { name: 'MarketUpdate', arbitrary: marketUpdate(), codec: getMarketUpdateCodec() },
    { name: 'ReferralClaimed', arbitrary: referralClaimed(), codec: getReferralClaimedCodec() },
  ] as const;

  for (const { name, arbitrary, codec } of cases) {
    it(`${name}: Anchor decodes ours from its base64 log form`, () => {
      fc.assert(
        fc.property(arbitrary as fc.Arbitrary<object>, (value) => {
          const bytes = (codec as unknown as Codec<object>).encode(value);
          const decoded = coder.events.decode(getBase64Decoder().decode(bytes));
          expect(decoded?.name).toBe(name);
          expect(fromAnchorFields(decoded!.data as Record<string, unknown>, fieldsOf(name))).toEqual(value);
        }),
        { numRuns: 100 },
      );
    });
  }

  it('cover every IDL event', () => {
    expect(cases.map((c) => c.name).sort()).toEqual(idl.events.map((e) => e.name).sort());
  });
});

describe('instruction data', () => {
  const codecs: Record<WagerInstructionName, Codec<object>> = {
    initialize_house: getInitializeHouseInstructionDataCodec(),
    update_house: getUpdateHouseInstructionDataCodec(),
    propose_authority: getProposeAuthorityInstructionDataCodec(),
    accept_authority: getAcceptAuthorityInstructionDataCodec(),
    commit_seed_chain: getCommitSeedChainInstructionDataCodec(),
    reset_seed_chain: getResetSeedChainInstructionDataCodec(),
    withdraw: getWithdrawInstructionDataCodec(),
    init_bet_offchain: getInitBetOffchainInstructionDataCodec(),
    create_bet: getCreateBetInstructionDataCodec(),
    reveal_bet: getRevealBetInstructionDataCodec(),
    create_bet_offchain: getCreateBetOffchainInstructionDataCodec(),
    settle_bet_offchain: getSettleBetOffchainInstructionDataCodec(),
    claim_bet: getClaimBetInstructionDataCodec(),
    refund_bet: getRefundBetInstructionDataCodec(),
    init_referral: getInitReferralInstructionDataCodec(),
    claim_referral: getClaimReferralInstructionDataCodec(),
    create_market: getCreateMarketInstructionDataCodec(),
    update_market: getUpdateMarketInstructionDataCodec(),
    resolve_market: getResolveMarketInstructionDataCodec(),
    expire_market: getExpireMarketInstructionDataCodec(),
    close_market: getCloseMarketInstructionDataCodec(),
    create_prediction: getCreatePredictionInstructionDataCodec(),
    update_prediction: getUpdatePredictionInstructionDataCodec(),
    settle_prediction: getSettlePredictionInstructionDataCodec(),
  } as unknown as Record<WagerInstructionName, Codec<object>>;

  for (const instruction of idl.instructions) {
    const name = instruction.name as WagerInstructionName;
    const args = instruction.args as IdlField[];
    it(`${name}: Anchor decodes ours and encodes the same bytes`, () => {
      fc.assert(
        fc.property(arbitraryOfFields(args), (value) => {
          const ours: ReadonlyUint8Array = codecs[name].encode(value);
          const decoded = coder.instruction.decode(Buffer.from(ours));
          expect(decoded?.name).toBe(name);
          expect(fromAnchorFields(decoded!.data as Record<string, unknown>, args)).toEqual(value);
          expect(new Uint8Array(coder.instruction.encode(name, toAnchorFields(value, args)))).toEqual(
            Uint8Array.from(ours),
          );
          expect(codecs[name].decode(Uint8Array.from(ours))).toEqual(value);
        }),
        { numRuns: 50 },
      );
    });
  }
});
