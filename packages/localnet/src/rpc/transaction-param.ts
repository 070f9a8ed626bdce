/**
 * Decoding of the serialized transactions and messages that sendTransaction, simulateTransaction,
 * getFeeForMessage and getPriorityFeeEstimate receive, with the validator's size limits and messages
 * (`decode_and_deserialize`).
 *
 * @module
 */

import { decodeBase58, invalidBase58Index } from '../wire/base58.ts';
import {
  parseMessage,
  parseTransaction,
  WireFormatError,
  type ParsedMessage,
  type ParsedTransaction,
} from '../wire/wire-transaction.ts';
import { invalidParams } from './json-rpc.ts';
import { describe } from './params.ts';

/** The largest transaction the validator accepts (`PACKET_DATA_SIZE`). */
export const PACKET_DATA_SIZE = 1232;
const MAX_BASE58_SIZE = 1683;
const MAX_BASE64_SIZE = 1644;

const TRANSACTION_TYPE = 'solana_transaction::versioned::VersionedTransaction';
const MESSAGE_TYPE = 'solana_message::versioned::VersionedMessage';

/** A binary encoding of a transaction. */
export type BinaryEncoding = 'base58' | 'base64';

/**
 * Reads the `encoding` option of sendTransaction/simulateTransaction (default base58, `binary` being its
 * old name).
 */
export function transactionEncodingParam(value: unknown): BinaryEncoding {
  if (value === undefined || value === null || value === 'base58' || value === 'binary') return 'base58';
  if (value === 'base64') return 'base64';
  if (value === 'json' || value === 'jsonParsed') {
    throw invalidParams(`unsupported encoding: ${value}. Supported encodings: base58, base64`);
  }
  throw invalidParams(
    `Invalid params: ${typeof value === 'string' ? `unknown variant \`${value}\`` : `invalid type: ${describe(value)}`}, expected one of \`binary\`, \`base64\`, \`base58\`, \`json\`, \`jsonParsed\`.`,
  );
}

function decode(encoded: string, encoding: BinaryEncoding, typeName: string): Uint8Array {
  if (encoding === 'base58') {
    if (encoded.length > MAX_BASE58_SIZE) {
      throw invalidParams(
        `base58 encoded ${typeName} too large: ${encoded.length} bytes (max: encoded/raw ${MAX_BASE58_SIZE}/${PACKET_DATA_SIZE})`,
      );
    }
    const bytes = decodeBase58(encoded);
    if (!bytes) {
      const index = invalidBase58Index(encoded);
      throw invalidParams(
        `invalid base58 encoding: InvalidCharacter { character: '${encoded[index] ?? ''}', index: ${index} }`,
      );
    }
    return checkSize(bytes, typeName);
  }
  if (encoded.length > MAX_BASE64_SIZE) {
    throw invalidParams(
      `base64 encoded ${typeName} too large: ${encoded.length} bytes (max: encoded/raw ${MAX_BASE64_SIZE}/${PACKET_DATA_SIZE})`,
    );
  }
  if (encoded.length % 4 !== 0) throw invalidParams('invalid base64 encoding: InvalidPadding');
  const invalid = invalidBase64Index(encoded);
  if (invalid >= 0) {
    throw invalidParams(`invalid base64 encoding: InvalidByte(${invalid}, ${encoded.charCodeAt(invalid)})`);
  }
  return checkSize(Buffer.from(encoded, 'base64'), typeName);
}

/**
 * The index of the first character that strict (padded, standard alphabet) base64 rejects, or -1.
 * Node's decoder skips such characters silently; the validator's refuses them.
 */
function invalidBase64Index(text: string): number {
  let padding = 0;
  if (text.endsWith('==')) padding = 2;
  else if (text.endsWith('=')) padding = 1;
  const end = text.length - padding;
  for (let i = 0; i < end; i++) {
    const code = text.charCodeAt(i);
    const valid =
      (code >= 65 && code <= 90) ||
      (code >= 97 && code <= 122) ||
      (code >= 48 && code <= 57) ||
      code === 43 ||
      code === 47;
    if (!valid) return i;
  }
  return -1;
}

function checkSize(bytes: Uint8Array, typeName: string): Uint8Array {
  if (bytes.length > PACKET_DATA_SIZE) {
    throw invalidParams(
      `decoded ${typeName} too large: ${bytes.length} bytes (max: ${PACKET_DATA_SIZE} bytes)`,
    );
  }
  return bytes;
}

/** Decodes and parses a serialized transaction. */
export function transactionParam(value: unknown, encoding: BinaryEncoding): ParsedTransaction {
  if (typeof value !== 'string') {
    throw invalidParams(`Invalid params: invalid type: ${describe(value)}, expected a string.`);
  }
  const bytes = decode(value, encoding, TRANSACTION_TYPE);
  try {
    return parseTransaction(bytes);
  } catch (error) {
    if (error instanceof WireFormatError) {
      throw invalidParams(`failed to deserialize ${TRANSACTION_TYPE}: ${error.message}`);
    }
    throw error;
  }
}

/** Decodes and parses a base64 message (getFeeForMessage). */
export function messageParam(value: unknown): ParsedMessage {
  if (typeof value !== 'string') {
    throw invalidParams(`Invalid params: invalid type: ${describe(value)}, expected a string.`);
  }
  const bytes = decode(value, 'base64', MESSAGE_TYPE);
  try {
    return parseMessage(bytes);
  } catch (error) {
    if (error instanceof WireFormatError) {
      throw invalidParams(`failed to deserialize ${MESSAGE_TYPE}: ${error.message}`);
    }
    throw error;
  }
}
