import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { getUnitEnumCodec } from './enum-codec.ts';

const Side = Object.freeze({ Yes: 0, No: 1, Invalid: 2 } as const);
const codec = getUnitEnumCodec('Side', Side);

describe('getUnitEnumCodec', () => {
  it('writes one byte, the variant index, from the value or the name', () => {
    expect([...codec.encode('No')]).toEqual([1]);
    expect([...codec.encode(Side.Invalid)]).toEqual([2]);
    expect(codec.decode(Uint8Array.of(0))).toBe(Side.Yes);
    expect(codec.read(Uint8Array.of(9, 2), 1)).toEqual([2, 2]);
  });

  it('rejects values, names and bytes that are no variant, naming the type', () => {
    expect(() => codec.encode(3 as never)).toThrow(new RangeError('Not a Side: 3'));
    expect(() => codec.encode(-1 as never)).toThrow(RangeError);
    expect(() => codec.encode(1.5 as never)).toThrow(RangeError);
    expect(() => codec.encode('Maybe' as never)).toThrow(new RangeError('Not a Side: Maybe'));
    expect(() => codec.encode('toString' as never)).toThrow(RangeError);
    expect(() => codec.decode(Uint8Array.of(3))).toThrow(new RangeError('Not a Side variant: 3'));
  });

  it('round-trips every byte that is a variant and no other', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 255 }), (byte) => {
        if (byte < 3) expect(codec.encode(codec.decode(Uint8Array.of(byte)))).toEqual(Uint8Array.of(byte));
        else expect(() => codec.decode(Uint8Array.of(byte))).toThrow(RangeError);
      }),
    );
  });

  it('refuses an enum not numbered 0…n−1 in order', () => {
    expect(() => getUnitEnumCodec('Gappy', { A: 0, B: 2 })).toThrow(/not numbered 0…1/);
    expect(() => getUnitEnumCodec('Swapped', { A: 1, B: 0 })).toThrow(Error);
  });
});
