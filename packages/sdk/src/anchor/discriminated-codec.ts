/**
 * Anchor's 8-byte discriminator in front of a Borsh body, for accounts, events and instruction data.
 *
 * The decoder checks the discriminator and throws {@link DiscriminatorMismatchError} on any other, so bytes of
 * the wrong kind never decode into plausible-looking garbage. It reads only what the body needs: account data
 * is allocated at its largest size and an `Option` that is None is one byte, so a stored account may end in
 * zero bytes that belong to no field.
 *
 * @module
 */

import {
  bytesEqual,
  combineCodec,
  createDecoder,
  createEncoder,
  getEncodedSize,
  type Codec,
  type Encoder,
  type ReadonlyUint8Array,
  type VariableSizeCodec,
  type VariableSizeDecoder,
  type VariableSizeEncoder,
} from '@solana/kit';

/** Length of every Anchor discriminator. */
export const DISCRIMINATOR_SIZE = 8;

/** Bytes that do not start with the discriminator of the kind they were decoded as. */
export class DiscriminatorMismatchError extends Error {
  override readonly name = 'DiscriminatorMismatchError';
  /** What the bytes were decoded as, e.g. `Foresight Config account`. */
  readonly kind: string;
  readonly expected: ReadonlyUint8Array;
  /** The first (up to) 8 bytes found. */
  readonly actual: ReadonlyUint8Array;

  constructor(kind: string, expected: ReadonlyUint8Array, actual: ReadonlyUint8Array) {
    super(
      actual.length < expected.length
        ? `Not a ${kind}: ${actual.length} bytes, too short for its ${expected.length}-byte discriminator`
        : `Not a ${kind}: discriminator [${actual.join(', ')}], expected [${expected.join(', ')}]`,
    );
    this.kind = kind;
    this.expected = expected;
    this.actual = actual;
  }
}

/** Whether `bytes` start with `discriminator`. */
export function hasDiscriminator(
  bytes: ReadonlyUint8Array | Uint8Array,
  discriminator: ReadonlyUint8Array,
): boolean {
  return (
    bytes.length >= discriminator.length && bytesEqual(bytes.subarray(0, discriminator.length), discriminator)
  );
}

/**
 * Prefixes `body` with a discriminator.
 *
 * @param kind - Named in the error thrown on a mismatch.
 * @example
 * ```ts
 * const codec = getDiscriminatedCodec('Foresight Bet account', BET_DISCRIMINATOR, getBetBodyCodec());
 * codec.decode(accountData); // throws DiscriminatorMismatchError for a Config's data
 * ```
 */
export function getDiscriminatedCodec<TFrom, TTo extends TFrom>(
  kind: string,
  discriminator: ReadonlyUint8Array,
  body: Codec<TFrom, TTo>,
): VariableSizeCodec<TFrom, TTo> {
  const encoder: VariableSizeEncoder<TFrom> = createEncoder<TFrom>({
    getSizeFromValue: (value) => discriminator.length + getEncodedSize(value, body),
    write(value, bytes, offset) {
      bytes.set(discriminator, offset);
      return body.write(value, bytes, offset + discriminator.length);
    },
  });
  const decoder: VariableSizeDecoder<TTo> = createDecoder<TTo>({
    read(bytes, offset) {
      const head = bytes.subarray(offset, offset + discriminator.length);
      if (!hasDiscriminator(head, discriminator)) {
        throw new DiscriminatorMismatchError(kind, discriminator, Uint8Array.from(head));
      }
      return body.read(bytes, offset + discriminator.length);
    },
  });
  return combineCodec(encoder, decoder);
}

/**
 * Encodes `value` and pads it with zeros to `size`, the way the program stores an account: allocated at its
 * largest encoding, written from byte 0.
 *
 * @throws RangeError when the encoding is longer than `size`.
 */
export function encodeToSize<TFrom>(encoder: Encoder<TFrom>, value: TFrom, size: number): Uint8Array {
  const encoded = encoder.encode(value);
  if (encoded.length > size) {
    throw new RangeError(`Encoded ${encoded.length} bytes, more than the account size ${size}`);
  }
  const out = new Uint8Array(size);
  out.set(encoded);
  return out;
}

/**
 * `codec`, reading a record shorter than `size` as if it were zero-padded to `size`: a record written by an
 * older version of the program, before fields were appended to it, whose missing fields take their zero
 * defaults. The programs load such records the same way. Encoding is unchanged (the full, new layout).
 *
 * Data too short for the discriminator is read as is, so it still fails with the "too short" error.
 *
 * @example
 * ```ts
 * const house = withZeroTail(getDiscriminatedCodec('Wager House account', DISC, body), 251);
 * house.decode(recordOf113Bytes); // the appended fields are 0, false or None
 * ```
 */
export function withZeroTail<TFrom, TTo extends TFrom>(
  codec: VariableSizeCodec<TFrom, TTo>,
  size: number,
): VariableSizeCodec<TFrom, TTo> {
  const decoder: VariableSizeDecoder<TTo> = createDecoder<TTo>({
    read(bytes, offset) {
      const available = bytes.length - offset;
      if (available >= size || available < DISCRIMINATOR_SIZE) return codec.read(bytes, offset);
      const padded = new Uint8Array(size);
      padded.set(bytes.subarray(offset));
      const [value, end] = codec.read(padded, 0);
      return [value, offset + Math.min(end, available)];
    },
  });
  return combineCodec(codec, decoder);
}

/** An IDL entry that carries a discriminator: an instruction, an account or an event. */
export interface IdlDiscriminatedEntry {
  readonly name: string;
  readonly discriminator: readonly number[];
}

/**
 * The discriminator an IDL gives the entry `name` of `entries` (its `instructions`, `accounts` or `events`).
 *
 * @param program - Named in the error, e.g. `Foresight`.
 * @param kind - Named in the error, e.g. `account`.
 * @throws Error when the IDL has no such entry: a client built against another IDL fails at import.
 * @example idlDiscriminator('Foresight', 'account', idl.accounts, 'Config')
 */
export function idlDiscriminator(
  program: string,
  kind: string,
  entries: readonly IdlDiscriminatedEntry[],
  name: string,
): ReadonlyUint8Array {
  const entry = entries.find((e) => e.name === name);
  if (entry === undefined) throw new Error(`The ${program} IDL has no ${kind} ${name}`);
  return Uint8Array.from(entry.discriminator);
}
