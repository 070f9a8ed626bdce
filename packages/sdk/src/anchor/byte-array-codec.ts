/**
 * The Borsh codec of an IDL byte array (`{ "array": ["u8", N] }`): exactly N bytes, no length prefix.
 *
 * Kit's `fixCodecSize(getBytesCodec(), N)` pads or truncates a value of another length without a word, and
 * decodes to a view of its input (a Node `Buffer` when given one); a seed, a hash or a feed id of the wrong
 * length is a bug, so this encoder refuses it, and this decoder returns a copy, always a plain `Uint8Array`.
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
 * Checks that `bytes` is `length` bytes long.
 *
 * @throws RangeError `Expected <length> bytes, got <n>` otherwise.
 */
export function assertByteLength(bytes: ReadonlyUint8Array | Uint8Array, length: number): void {
  if (bytes.length !== length) throw new RangeError(`Expected ${length} bytes, got ${bytes.length}`);
}

/**
 * `[u8; length]`. Inside a struct the decoder reads the next `length` bytes; decoding a byte array on its
 * own (`decode(bytes)`) takes exactly `length` bytes, as trailing bytes mean the input is not one.
 *
 * @throws RangeError when encoding a value that is not exactly `length` bytes, reading fewer bytes, or
 * decoding a byte array of another length.
 * @example getByteArrayCodec(32).encode(seed) // the 32 bytes of `seed`
 */
export function getByteArrayCodec<TSize extends number>(
  length: TSize,
): FixedSizeCodec<ReadonlyUint8Array | Uint8Array, Uint8Array, TSize> {
  const encoder: FixedSizeEncoder<ReadonlyUint8Array | Uint8Array, TSize> = createEncoder({
    fixedSize: length,
    write(value: ReadonlyUint8Array | Uint8Array, bytes, offset) {
      assertByteLength(value, length);
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
  const codec = combineCodec(encoder, decoder);
  return Object.freeze({
    ...codec,
    decode(bytes: ReadonlyUint8Array | Uint8Array, offset = 0): Uint8Array {
      assertByteLength(bytes.subarray(offset), length);
      return codec.decode(bytes, offset);
    },
  });
}

/** `[u8; 32]`: a seed, a seed chain's head, a player seed, a Pyth feed id. */
export function getBytes32Codec(): FixedSizeCodec<ReadonlyUint8Array | Uint8Array, Uint8Array, 32> {
  return getByteArrayCodec(32);
}

/**
 * A plain copy of `bytes`, checked to be 32 bytes: what a builder passes a generated encoder, which would
 * pad or cut another length.
 *
 * @throws RangeError `Expected 32 bytes, got <n>` unless `bytes` is 32 bytes.
 */
export function bytes32(bytes: ReadonlyUint8Array | Uint8Array): Uint8Array {
  const codec = getBytes32Codec();
  return codec.decode(codec.encode(bytes));
}
