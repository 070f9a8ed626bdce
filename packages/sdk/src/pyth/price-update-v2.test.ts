/**
 * Pins our PriceUpdateV2 layout to Pyth's own: the receiver program's IDL, shipped in
 * `@pythnetwork/pyth-solana-receiver`, encoded by the Anchor coder that package depends on (0.29).
 */
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';

import { IDL as RECEIVER_IDL } from '@pythnetwork/pyth-solana-receiver/idl/pyth_solana_receiver';
import { getAddressDecoder, type Address } from '@solana/kit';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { address, bytes32, i32, i64, u64, u8 } from '../../test/arbitraries.ts';
import { DiscriminatorMismatchError } from '../anchor/discriminated-codec.ts';
import { SOL_USD_FEED_ID } from '../foresight/program.ts';
import {
  PRICE_UPDATE_V2_ACCOUNT_SIZE,
  PRICE_UPDATE_V2_DISCRIMINATOR,
  PRICE_UPDATE_V2_FULL_OFFSETS,
  VERIFICATION_LEVEL_FULL_TAG,
  decodePriceUpdateV2,
  encodePriceUpdateV2,
  type PriceUpdateV2,
  type VerificationLevel,
} from './price-update-v2.ts';

interface Bn {
  toString(): string;
}
interface PublicKey {
  toBase58(): string;
}
interface DecodedByAnchor {
  writeAuthority: PublicKey;
  verificationLevel: { full?: object; partial?: { numSignatures: number } };
  priceMessage: {
    feedId: number[];
    price: Bn;
    conf: Bn;
    exponent: number;
    publishTime: Bn;
    prevPublishTime: Bn;
    emaPrice: Bn;
    emaConf: Bn;
  };
  postedSlot: Bn;
}
/** The parts of @coral-xyz/anchor 0.29 used here. */
interface Anchor029 {
  BorshAccountsCoder: new (idl: unknown) => {
    encode(name: string, value: unknown): Promise<Buffer>;
    decode(name: string, data: Buffer): DecodedByAnchor;
  };
  BN: new (value: string) => Bn;
  web3: { PublicKey: new (value: string) => PublicKey };
}

// The receiver's own Anchor, not the project's 0.32: its IDL is in the pre-0.30 format.
const receiverEntry = createRequire(import.meta.url).resolve('@pythnetwork/pyth-solana-receiver');
const anchor = createRequire(receiverEntry)('@coral-xyz/anchor') as Anchor029;
const coder = new anchor.BorshAccountsCoder(RECEIVER_IDL);

const bn = (value: bigint) => new anchor.BN(value.toString());

async function encodeWithPyth(update: PriceUpdateV2): Promise<Uint8Array> {
  const level = update.verificationLevel;
  const buffer = await coder.encode('priceUpdateV2', {
    writeAuthority: new anchor.web3.PublicKey(update.writeAuthority),
    verificationLevel:
      level.__kind === 'Full' ? { full: {} } : { partial: { numSignatures: level.numSignatures } },
    priceMessage: {
      feedId: [...update.priceMessage.feedId],
      price: bn(update.priceMessage.price),
      conf: bn(update.priceMessage.conf),
      exponent: update.priceMessage.exponent,
      publishTime: bn(update.priceMessage.publishTime),
      prevPublishTime: bn(update.priceMessage.prevPublishTime),
      emaPrice: bn(update.priceMessage.emaPrice),
      emaConf: bn(update.priceMessage.emaConf),
    },
    postedSlot: bn(update.postedSlot),
  });
  return new Uint8Array(buffer);
}

function fromAnchor(decoded: DecodedByAnchor): PriceUpdateV2 {
  const m = decoded.priceMessage;
  const level: VerificationLevel =
    decoded.verificationLevel.partial === undefined
      ? { __kind: 'Full' }
      : { __kind: 'Partial', numSignatures: decoded.verificationLevel.partial.numSignatures };
  return {
    writeAuthority: decoded.writeAuthority.toBase58() as Address,
    verificationLevel: level,
    priceMessage: {
      feedId: Uint8Array.from(m.feedId),
      price: BigInt(m.price.toString()),
      conf: BigInt(m.conf.toString()),
      exponent: m.exponent,
      publishTime: BigInt(m.publishTime.toString()),
      prevPublishTime: BigInt(m.prevPublishTime.toString()),
      emaPrice: BigInt(m.emaPrice.toString()),
      emaConf: BigInt(m.emaConf.toString()),
    },
    postedSlot: BigInt(decoded.postedSlot.toString()),
  };
}

const verificationLevel = (): fc.Arbitrary<VerificationLevel> =>
  fc.oneof(
    fc.constant<VerificationLevel>({ __kind: 'Full' }),
    u8().map((n): VerificationLevel => ({ __kind: 'Partial', numSignatures: n })),
  );

const priceUpdate = (level = verificationLevel()): fc.Arbitrary<PriceUpdateV2> =>
  fc.record({
    writeAuthority: address(),
    verificationLevel: level,
    priceMessage: fc.record({
      feedId: bytes32(),
      price: i64(),
      conf: u64(),
      exponent: i32(),
      publishTime: i64(),
      prevPublishTime: i64(),
      emaPrice: i64(),
      emaConf: u64(),
    }),
    postedSlot: u64(),
  });

const solUpdate: PriceUpdateV2 = {
  writeAuthority: getAddressDecoder().decode(new Uint8Array(32).fill(5)),
  verificationLevel: { __kind: 'Full' },
  priceMessage: {
    feedId: SOL_USD_FEED_ID,
    price: 14_523_000_000n,
    conf: 7_500_000n,
    exponent: -8,
    publishTime: 1_700_000_300n,
    prevPublishTime: 1_700_000_299n,
    emaPrice: 14_500_000_000n,
    emaConf: 8_000_000n,
  },
  postedSlot: 250_000_000n,
};

describe('PriceUpdateV2 layout', () => {
  it('uses sha256("account:PriceUpdateV2")[0..8], as the receiver does', async () => {
    const digest = createHash('sha256').update('account:PriceUpdateV2').digest().subarray(0, 8);
    expect([...PRICE_UPDATE_V2_DISCRIMINATOR]).toEqual([...digest]);
    expect([...(await encodeWithPyth(solUpdate)).subarray(0, 8)]).toEqual([...digest]);
  });

  it('is allocated at PriceUpdateV2::LEN = 8 + 32 + 2 + 32 + 8 + 8 + 4 + 8 + 8 + 8 + 8 + 8', async () => {
    expect(PRICE_UPDATE_V2_ACCOUNT_SIZE).toBe(8 + 32 + 2 + 32 + 8 + 8 + 4 + 8 + 8 + 8 + 8 + 8);
    const partial = await encodeWithPyth({
      ...solUpdate,
      verificationLevel: { __kind: 'Partial', numSignatures: 5 },
    });
    expect(partial.length).toBe(PRICE_UPDATE_V2_ACCOUNT_SIZE);
    expect((await encodeWithPyth(solUpdate)).length).toBe(PRICE_UPDATE_V2_FULL_OFFSETS.end);
  });

  it("decodes what Pyth's coder encodes, and encodes the same bytes", async () => {
    await fc.assert(
      fc.asyncProperty(priceUpdate(), async (update) => {
        const pyth = await encodeWithPyth(update);
        expect(decodePriceUpdateV2(pyth)).toEqual(update);
        const ours = encodePriceUpdateV2(update);
        expect(ours.length).toBe(PRICE_UPDATE_V2_ACCOUNT_SIZE);
        expect(ours.subarray(0, pyth.length)).toEqual(pyth);
        expect(ours.subarray(pyth.length).every((b) => b === 0)).toBe(true);
        expect(fromAnchor(coder.decode('priceUpdateV2', Buffer.from(ours)))).toEqual(update);
      }),
      { numRuns: 100 },
    );
  });

  it('offsets point at each field of a Full update, as Pyth encodes it', async () => {
    await fc.assert(
      fc.asyncProperty(priceUpdate(fc.constant({ __kind: 'Full' })), async (update) => {
        const bytes = await encodeWithPyth(update);
        const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
        const at = PRICE_UPDATE_V2_FULL_OFFSETS;
        const m = update.priceMessage;
        expect(getAddressDecoder().decode(bytes.subarray(at.writeAuthority, at.writeAuthority + 32))).toBe(
          update.writeAuthority,
        );
        expect(bytes[at.verificationLevel]).toBe(VERIFICATION_LEVEL_FULL_TAG);
        expect(bytes.subarray(at.feedId, at.feedId + 32)).toEqual(m.feedId);
        expect(view.getBigInt64(at.price, true)).toBe(m.price);
        expect(view.getBigUint64(at.conf, true)).toBe(m.conf);
        expect(view.getInt32(at.exponent, true)).toBe(m.exponent);
        expect(view.getBigInt64(at.publishTime, true)).toBe(m.publishTime);
        expect(view.getBigInt64(at.prevPublishTime, true)).toBe(m.prevPublishTime);
        expect(view.getBigInt64(at.emaPrice, true)).toBe(m.emaPrice);
        expect(view.getBigUint64(at.emaConf, true)).toBe(m.emaConf);
        expect(view.getBigUint64(at.postedSlot, true)).toBe(update.postedSlot);
        expect(at.postedSlot + 8).toBe(at.end);
      }),
      { numRuns: 50 },
    );
  });

  it('puts a Partial update one byte later: tag 0, then the signature count', async () => {
    const bytes = await encodeWithPyth({
      ...solUpdate,
      verificationLevel: { __kind: 'Partial', numSignatures: 13 },
    });
    expect([...bytes.subarray(40, 42)]).toEqual([0, 13]);
    expect(bytes.subarray(42, 74)).toEqual(Uint8Array.from(SOL_USD_FEED_ID));
  });

  it('rejects data that is not a PriceUpdateV2', () => {
    const data = encodePriceUpdateV2(solUpdate);
    data[0] = data[0]! ^ 1;
    expect(() => decodePriceUpdateV2(data)).toThrow(DiscriminatorMismatchError);
  });

  it('refuses a feed id that is not 32 bytes instead of padding or cutting it', () => {
    for (const length of [31, 33]) {
      const feedId = new Uint8Array(length).fill(1);
      expect(() =>
        encodePriceUpdateV2({ ...solUpdate, priceMessage: { ...solUpdate.priceMessage, feedId } }),
      ).toThrow(new RangeError(`Expected 32 bytes, got ${length}`));
    }
  });

  it('decodes the feed id as plain bytes, a copy of the data', () => {
    const data = Buffer.from(encodePriceUpdateV2(solUpdate));
    const { feedId } = decodePriceUpdateV2(data).priceMessage;
    expect(Buffer.isBuffer(feedId)).toBe(false);
    data.fill(0);
    expect(feedId).toEqual(Uint8Array.from(SOL_USD_FEED_ID));
  });
});
