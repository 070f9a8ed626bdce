/**
 * Reads a transaction (or a bare message) in Solana's wire format without copying it: every key,
 * signature and data field is a view into the bytes the client sent.
 *
 * The error texts follow the serde/bincode wording the validator reports after
 * `failed to deserialize …:`, so a client sees the same reason from this node as from Agave.
 *
 * @module
 */

/** A failure to read the wire bytes (the validator's deserialize error). */
export class WireFormatError extends Error {
  override readonly name = 'WireFormatError';
}

/** The three counts at the head of every message. */
export interface MessageHeader {
  readonly numRequiredSignatures: number;
  readonly numReadonlySignedAccounts: number;
  readonly numReadonlyUnsignedAccounts: number;
}

/** One instruction as compiled into a message: indexes into the account list. */
export interface CompiledInstruction {
  readonly programIdIndex: number;
  readonly accounts: Uint8Array;
  readonly data: Uint8Array;
}

/** A v0 message's reference into an address lookup table. */
export interface AddressTableLookup {
  readonly accountKey: Uint8Array;
  readonly writableIndexes: Uint8Array;
  readonly readonlyIndexes: Uint8Array;
}

/** A legacy or v0 message. */
export interface ParsedMessage {
  readonly version: 'legacy' | 0;
  readonly header: MessageHeader;
  readonly staticKeys: readonly Uint8Array[];
  readonly recentBlockhash: Uint8Array;
  /** Offset of the recent blockhash within the bytes the message was read from. */
  readonly blockhashOffset: number;
  readonly instructions: readonly CompiledInstruction[];
  readonly lookups: readonly AddressTableLookup[];
  /** The serialized message (what the signatures sign). */
  readonly bytes: Uint8Array;
}

/** A signed transaction: its signatures and its message. */
export interface ParsedTransaction {
  /** Exactly the bytes of the transaction (trailing bytes the client sent are dropped). */
  readonly bytes: Uint8Array;
  readonly signatures: readonly Uint8Array[];
  readonly message: ParsedMessage;
}

const EOF = 'io error: failed to fill whole buffer';

class Reader {
  readonly bytes: Uint8Array;
  offset: number;
  constructor(bytes: Uint8Array, offset: number) {
    this.bytes = bytes;
    this.offset = offset;
  }

  u8(): number {
    if (this.offset >= this.bytes.length) throw new WireFormatError(EOF);
    return this.bytes[this.offset++]!;
  }

  take(length: number): Uint8Array {
    const end = this.offset + length;
    if (end > this.bytes.length) throw new WireFormatError(EOF);
    const view = this.bytes.subarray(this.offset, end);
    this.offset = end;
    return view;
  }

  /** Solana's compact-u16 ("short vec") length prefix. */
  shortVecLength(): number {
    let value = 0;
    for (let byteIndex = 0; byteIndex < 3; byteIndex++) {
      const byte = this.u8();
      const isLast = byteIndex === 2;
      if (isLast && byte > 0x03) {
        throw new WireFormatError(
          byte & 0x80
            ? 'invalid value: continue signal on byte-three, expected a terminal signal on or before byte-three'
            : 'invalid value: overflow, expected a value in the u16 range',
        );
      }
      value |= (byte & 0x7f) << (7 * byteIndex);
      if ((byte & 0x80) === 0) {
        if (byteIndex > 0 && byte === 0) {
          throw new WireFormatError('invalid value: alias encoding, expected strictly increasing encoding');
        }
        return value;
      }
    }
    return value;
  }
}

function readMessage(reader: Reader): ParsedMessage {
  const start = reader.offset;
  const first = reader.u8();
  let version: 'legacy' | 0 = 'legacy';
  let numRequiredSignatures = first;
  if (first & 0x80) {
    const number = first & 0x7f;
    if (number !== 0) {
      throw new WireFormatError(
        `invalid value: integer \`${number}\`, expected a valid transaction message version`,
      );
    }
    version = 0;
    numRequiredSignatures = reader.u8();
  }
  const header: MessageHeader = {
    numRequiredSignatures,
    numReadonlySignedAccounts: reader.u8(),
    numReadonlyUnsignedAccounts: reader.u8(),
  };
  const keyCount = reader.shortVecLength();
  const staticKeys: Uint8Array[] = [];
  for (let i = 0; i < keyCount; i++) staticKeys.push(reader.take(32));
  const blockhashOffset = reader.offset;
  const recentBlockhash = reader.take(32);
  const instructionCount = reader.shortVecLength();
  const instructions: CompiledInstruction[] = [];
  for (let i = 0; i < instructionCount; i++) {
    const programIdIndex = reader.u8();
    const accounts = reader.take(reader.shortVecLength());
    const data = reader.take(reader.shortVecLength());
    instructions.push({ programIdIndex, accounts, data });
  }
  const lookups: AddressTableLookup[] = [];
  if (version === 0) {
    const lookupCount = reader.shortVecLength();
    for (let i = 0; i < lookupCount; i++) {
      const accountKey = reader.take(32);
      const writableIndexes = reader.take(reader.shortVecLength());
      const readonlyIndexes = reader.take(reader.shortVecLength());
      lookups.push({ accountKey, writableIndexes, readonlyIndexes });
    }
  }
  return {
    version,
    header,
    staticKeys,
    recentBlockhash,
    blockhashOffset,
    instructions,
    lookups,
    bytes: reader.bytes.subarray(start, reader.offset),
  };
}

/**
 * Reads a signed transaction.
 *
 * @throws WireFormatError when the bytes are not a transaction.
 */
export function parseTransaction(bytes: Uint8Array): ParsedTransaction {
  const reader = new Reader(bytes, 0);
  const signatureCount = reader.shortVecLength();
  const signatures: Uint8Array[] = [];
  for (let i = 0; i < signatureCount; i++) signatures.push(reader.take(64));
  const message = readMessage(reader);
  return { bytes: bytes.subarray(0, reader.offset), signatures, message };
}

/**
 * Reads a bare message (getFeeForMessage's input).
 *
 * @throws WireFormatError when the bytes are not a message.
 */
export function parseMessage(bytes: Uint8Array): ParsedMessage {
  return readMessage(new Reader(bytes, 0));
}

/** Every account key a message can reference, counting the ones its lookups add. */
export function totalAccountCount(message: ParsedMessage): number {
  let count = message.staticKeys.length;
  for (const lookup of message.lookups)
    count += lookup.writableIndexes.length + lookup.readonlyIndexes.length;
  return count;
}

/**
 * The validator's sanitize checks on a message (`Message::sanitize`, `v0::Message::sanitize`).
 *
 * @returns `true` when the message is well formed.
 */
export function isSanitaryMessage(message: ParsedMessage): boolean {
  const { header, staticKeys, instructions, lookups } = message;
  if (header.numRequiredSignatures + header.numReadonlyUnsignedAccounts > staticKeys.length) return false;
  if (header.numReadonlySignedAccounts >= header.numRequiredSignatures) return false;
  const total = totalAccountCount(message);
  if (total > 256) return false;
  for (const lookup of lookups) {
    if (lookup.writableIndexes.length + lookup.readonlyIndexes.length === 0) return false;
  }
  for (const instruction of instructions) {
    // The fee payer can never be a program, and programs cannot come from lookup tables.
    if (instruction.programIdIndex === 0 || instruction.programIdIndex >= staticKeys.length) return false;
    for (const index of instruction.accounts) if (index >= total) return false;
  }
  return true;
}

/** The transaction-level sanitize check: one signature per required signer, and no more keys signing. */
export function isSanitaryTransaction(transaction: ParsedTransaction): boolean {
  const { message, signatures } = transaction;
  if (signatures.length !== message.header.numRequiredSignatures) return false;
  if (signatures.length > message.staticKeys.length) return false;
  return isSanitaryMessage(message);
}

/** Whether static key `index` of the message is writable (before any demotion of reserved keys). */
export function isStaticKeyWritable(message: ParsedMessage, index: number): boolean {
  const { numRequiredSignatures, numReadonlySignedAccounts, numReadonlyUnsignedAccounts } = message.header;
  if (index < numRequiredSignatures) return index < numRequiredSignatures - numReadonlySignedAccounts;
  return index < message.staticKeys.length - numReadonlyUnsignedAccounts;
}
