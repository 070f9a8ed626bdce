import { getStructCodec, getU8Codec } from '@solana/kit';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { bytes32, getByteArrayCodec, getBytes32Codec } from './byte-array-codec.ts';

describe('getByteArrayCodec', () => {
  const codec = getByteArrayCodec(32);

  it('writes exactly the bytes, with no length prefix, and reads a copy back', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 32, maxLength: 32 }), (bytes) => {
        const encoded = codec.encode(bytes);
        expect(encoded).toEqual(bytes);
        const decoded = codec.decode(encoded);
        expect(decoded).toEqual(bytes);
        expect(decoded).not.toBe(encoded);
      }),
    );
    expect(codec.fixedSize).toBe(32);
  });

  it('decodes a plain Uint8Array, never a view of a Buffer', () => {
    const buffer = Buffer.alloc(40, 7);
    const decoded = codec.read(buffer, 4)[0];
    expect(Buffer.isBuffer(decoded)).toBe(false);
    buffer.fill(0);
    expect(decoded.every((b) => b === 7)).toBe(true);
  });

  it('sits in a struct at its fixed size', () => {
    const struct = getStructCodec([
      ['tag', getU8Codec()],
      ['seed', getByteArrayCodec(4)],
    ]);
    expect([...struct.encode({ tag: 9, seed: Uint8Array.of(1, 2, 3, 4) })]).toEqual([9, 1, 2, 3, 4]);
  });

  it('refuses a value of another length instead of padding or cutting it', () => {
    expect(() => codec.encode(new Uint8Array(31))).toThrow('Expected 32 bytes, got 31');
    expect(() => codec.encode(new Uint8Array(33))).toThrow(RangeError);
    expect(() => codec.decode(new Uint8Array(31))).toThrow(RangeError);
  });

  it('decodes a byte array on its own only from exactly its bytes', () => {
    expect(() => codec.decode(new Uint8Array(33))).toThrow('Expected 32 bytes, got 33');
    expect(() => codec.decode(new Uint8Array(40), 4)).toThrow('Expected 32 bytes, got 36');
    expect(codec.decode(new Uint8Array(36).fill(5), 4)).toEqual(new Uint8Array(32).fill(5));
  });
});

describe('bytes32', () => {
  const codec = getBytes32Codec();

  it('encodes and decodes exactly 32 bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 32, maxLength: 32 }), (bytes) => {
        expect(codec.decode(codec.encode(bytes))).toEqual(bytes);
        expect(bytes32(bytes)).toEqual(bytes);
        expect(bytes32(bytes)).not.toBe(bytes);
      }),
    );
    expect(codec.fixedSize).toBe(32);
  });

  it('refuses any other length on encode and on decode, saying how many bytes it got', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ maxLength: 64 }).filter((bytes) => bytes.length !== 32),
        (bytes) => {
          const message = `Expected 32 bytes, got ${bytes.length}`;
          expect(() => codec.encode(bytes)).toThrow(new RangeError(message));
          expect(() => codec.decode(bytes)).toThrow(new RangeError(message));
          expect(() => bytes32(bytes)).toThrow(new RangeError(message));
        },
      ),
    );
  });

  it('hands out plain bytes, not a view of a Buffer', () => {
    const buffer = Buffer.alloc(32, 3);
    const copy = bytes32(buffer);
    expect(Buffer.isBuffer(copy)).toBe(false);
    buffer.fill(0);
    expect(copy.every((b) => b === 3)).toBe(true);
  });
});
