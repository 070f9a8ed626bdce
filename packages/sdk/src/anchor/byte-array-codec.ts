/**
 * The Borsh codec of an IDL byte array (`{ "array": ["u8", N] }`): exactly N bytes, no length prefix.
 *
 * Kit's `fixCodecSize(getBytesCodec(), N)` pads or truncates a value of another length without a word, and
 * decodes to a view of its input (a Node `Buffer` when given one); a seed or a hash of the wrong length is a
 * bug, so this encoder refuses it, and this decoder returns a copy, always a plain `Uint8Array`.
 *
 * @module
 */

import {
  combineCodec,
  createDecoder,
  createEncoder,
  type FixedSizeCodec,
  type FixedSizeDecoder,
  type FixedSizeEncoder,
  type ReadonlyUint8Array,
} from '@solana/kit';

/**
 * `[u8; length]`.
 *
 * @throws RangeError when encoding a value that is not exactly `length` bytes, or decoding fewer bytes.
 * @example getByteArrayCodec(32).encode(seed) // the 32 bytes of `seed`
 */
export function getByteArrayCodec<TSize extends number>(
  length: TSize,
): FixedSizeCodec<ReadonlyUint8Array | Uint8Array, Uint8Array, TSize> {
  const encoder: FixedSizeEncoder<ReadonlyUint8Array | Uint8Array, TSize> = createEncoder({
    fixedSize: length,
    write(value: ReadonlyUint8Array | Uint8Array, bytes, offset) {
      if (value.length !== length) throw new RangeError(`Expected ${length} bytes, got ${value.length}`);
      bytes.set(value, offset);
      return offset + length;
    },
  });
  const decoder: FixedSizeDecoder<Uint8Array, TSize> = createDecoder({
    fixedSize: length,
    read(bytes, offset) {
      if (bytes.length - offset < length) {
        throw new RangeError(`Expected ${length} bytes, got ${Math.max(0, bytes.length - offset)}`);
      }
      return [Uint8Array.from(bytes.subarray(offset, offset + length)), offset + length];
    },
  });
  return combineCodec(encoder, decoder);
}
