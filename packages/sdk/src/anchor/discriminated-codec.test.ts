import { getStructCodec, getU16Codec, getU8Codec } from '@solana/kit';
import { describe, expect, it } from 'vitest';

import {
  DiscriminatorMismatchError,
  encodeToSize,
  getDiscriminatedCodec,
  hasDiscriminator,
  idlDiscriminator,
  withZeroTail,
} from './discriminated-codec.ts';

const DISC = Uint8Array.from([1, 2, 3, 4, 5, 6, 7, 8]);
const codec = getDiscriminatedCodec('Test thing', DISC, getU16Codec());

describe('getDiscriminatedCodec', () => {
  it('writes the discriminator, then the body, and reads them back ignoring trailing bytes', () => {
    const bytes = codec.encode(0x0201);
    expect([...bytes]).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 1, 2]);
    expect(codec.decode(Uint8Array.from([...bytes, 0, 0, 9]))).toBe(0x0201);
    expect(codec.read(Uint8Array.from([0xff, ...bytes]), 1)).toEqual([0x0201, 11]);
  });

  it('names the kind and both discriminators on a mismatch', () => {
    const wrong = Uint8Array.from([9, 2, 3, 4, 5, 6, 7, 8, 1, 2]);
    expect(() => codec.decode(wrong)).toThrow(
      new DiscriminatorMismatchError('Test thing', DISC, wrong.subarray(0, 8)),
    );
    expect(() => codec.decode(wrong)).toThrow(
      'Not a Test thing: discriminator [9, 2, 3, 4, 5, 6, 7, 8], expected [1, 2, 3, 4, 5, 6, 7, 8]',
    );
    expect(() => codec.decode(DISC.subarray(0, 4))).toThrow(
      'Not a Test thing: 4 bytes, too short for its 8-byte discriminator',
    );
  });
});

describe('hasDiscriminator', () => {
  it('matches a prefix only', () => {
    expect(hasDiscriminator(Uint8Array.from([...DISC, 0]), DISC)).toBe(true);
    expect(hasDiscriminator(DISC.subarray(0, 7), DISC)).toBe(false);
    expect(hasDiscriminator(Uint8Array.from([0, ...DISC]), DISC)).toBe(false);
  });
});

describe('encodeToSize', () => {
  it('pads with zeros and refuses an encoding larger than the account', () => {
    expect([...encodeToSize(getU8Codec(), 7, 3)]).toEqual([7, 0, 0]);
    expect(() => encodeToSize(codec, 1, 9)).toThrow(RangeError);
  });
});

describe('withZeroTail', () => {
  // A record that grew: `a` first, then `b` and `c` appended.
  const grown = withZeroTail(
    getDiscriminatedCodec(
      'Test record',
      DISC,
      getStructCodec([
        ['a', getU8Codec()],
        ['b', getU16Codec()],
        ['c', getU8Codec()],
      ]),
    ),
    12,
  );

  it('reads a shorter record as if zero-padded, and a full one as is', () => {
    const full = grown.encode({ a: 1, b: 0x0302, c: 4 });
    expect([...full]).toEqual([...DISC, 1, 2, 3, 4]);
    expect(grown.decode(full)).toEqual({ a: 1, b: 0x0302, c: 4 });
    expect(grown.decode(full.subarray(0, 9))).toEqual({ a: 1, b: 0, c: 0 });
    expect(grown.decode(full.subarray(0, 10))).toEqual({ a: 1, b: 2, c: 0 });
    expect(grown.read(Uint8Array.from([0xff, ...full.subarray(0, 9)]), 1)).toEqual([
      { a: 1, b: 0, c: 0 },
      10,
    ]);
  });

  it('still checks the discriminator, and reports data too short for it', () => {
    expect(() => grown.decode(Uint8Array.from([9, 2, 3, 4, 5, 6, 7, 8, 1]))).toThrow(
      DiscriminatorMismatchError,
    );
    expect(() => grown.decode(DISC.subarray(0, 4))).toThrow(/too short/);
  });
});

describe('idlDiscriminator', () => {
  const accounts = [{ name: 'Thing', discriminator: [...DISC] }];

  it("reads an entry's discriminator from the IDL, and names what is missing", () => {
    expect(idlDiscriminator('Test', 'account', accounts, 'Thing')).toEqual(DISC);
    expect(() => idlDiscriminator('Test', 'account', accounts, 'Other')).toThrow(
      'The Test IDL has no account Other',
    );
  });
});
