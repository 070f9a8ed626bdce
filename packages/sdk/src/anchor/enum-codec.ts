/**
 * Borsh codecs of IDL enums whose variants carry no data: one byte, the variant index.
 *
 * The enums are `as const` objects (`{ None: 0, Up: 1 }`), not TypeScript `enum`s, which this
 * erasable-syntax codebase does not use, so kit's `getEnumCodec` (which expects an enum's reverse mappings)
 * does not apply.
 *
 * @module
 */

import { getU8Codec, transformCodec, type Codec } from '@solana/kit';

/** A unit-variant enum as a const object: variant name → index. */
export type UnitEnum = Readonly<Record<string, number>>;

/** A value of the enum `T`. */
export type UnitEnumValue<T extends UnitEnum> = T[keyof T];

/** What an encoder of the enum `T` accepts: the value or the variant name. */
export type UnitEnumArgs<T extends UnitEnum> = UnitEnumValue<T> | keyof T;

/**
 * The Borsh codec of a unit-variant enum. `variants` must hold the indices 0…n−1, in IDL order.
 *
 * @param typeName - Named in errors, e.g. `Prediction`.
 * @throws Error at creation when the indices are not 0…n−1; RangeError when encoding a value or name that
 *   is no variant, or decoding a byte that is none.
 * @example
 * ```ts
 * const Side = Object.freeze({ Yes: 0, No: 1 } as const);
 * getUnitEnumCodec('Side', Side).encode('No'); // Uint8Array [1]
 * ```
 */
export function getUnitEnumCodec<const T extends UnitEnum>(
  typeName: string,
  variants: T,
): Codec<UnitEnumArgs<T>, UnitEnumValue<T>> {
  const indices = Object.values(variants);
  if (!indices.every((index, i) => index === i)) {
    throw new Error(`${typeName}'s variants are not numbered 0…${indices.length - 1} in order`);
  }
  const isVariant = (value: number): value is UnitEnumValue<T> =>
    Number.isInteger(value) && value >= 0 && value < indices.length;
  return transformCodec(
    getU8Codec(),
    (value: UnitEnumArgs<T>): number => {
      const index: unknown =
        typeof value === 'number' ? value : Object.hasOwn(variants, value) ? variants[value] : undefined;
      if (typeof index !== 'number' || !isVariant(index)) {
        throw new RangeError(`Not a ${typeName}: ${String(value)}`);
      }
      return index;
    },
    (byte: number): UnitEnumValue<T> => {
      if (!isVariant(byte)) throw new RangeError(`Not a ${typeName} variant: ${byte}`);
      return byte;
    },
  );
}
