/**
 * A message's compute budget (unit price and limit) and the fee the runtime charges for it.
 *
 * The node reports the fee a transaction actually paid from its balance changes; this formula is for
 * `getFeeForMessage` and simulations, where nothing is charged. It follows Agave's
 * `calculate_fee` and `calculate_default_compute_unit_limit`, and a test holds it equal to what LiteSVM
 * charges.
 *
 * @module
 */

import { decodeBase58 } from './base58.ts';
import {
  COMPUTE_BUDGET_PROGRAM,
  ED25519_PROGRAM,
  SECP256K1_PROGRAM,
  SECP256R1_PROGRAM,
  SYSTEM_PROGRAM,
  bytesEqual,
} from './program-ids.ts';
import type { ParsedMessage } from './wire-transaction.ts';

/** Lamports per signature, the cluster default the node keeps. */
export const LAMPORTS_PER_SIGNATURE = 5000n;
/** The most compute units a transaction may request. */
export const MAX_COMPUTE_UNIT_LIMIT = 1_400_000;
/** The default limit per instruction of a non-builtin program. */
const DEFAULT_INSTRUCTION_COMPUTE_UNIT_LIMIT = 200_000;
/** The default limit per instruction of a builtin program. */
const MAX_BUILTIN_ALLOCATION_COMPUTE_UNIT_LIMIT = 3_000;
const MICRO_LAMPORTS_PER_LAMPORT = 1_000_000n;

function keyBytes(address: string): Uint8Array {
  return decodeBase58(address)!;
}

const COMPUTE_BUDGET = keyBytes(COMPUTE_BUDGET_PROGRAM);
/** Agave's `BUILTIN_INSTRUCTION_COSTS` keys: their instructions default to 3,000 units. */
const BUILTINS = [
  'Vote111111111111111111111111111111111111111',
  SYSTEM_PROGRAM,
  COMPUTE_BUDGET_PROGRAM,
  'BPFLoaderUpgradeab1e11111111111111111111111',
  'BPFLoader1111111111111111111111111111111111',
  'BPFLoader2111111111111111111111111111111111',
  'LoaderV411111111111111111111111111111111111',
  SECP256K1_PROGRAM,
  ED25519_PROGRAM,
].map(keyBytes);
const PRECOMPILES = [ED25519_PROGRAM, SECP256K1_PROGRAM, SECP256R1_PROGRAM].map(keyBytes);

/** What a message asks of the compute budget program. */
export interface ComputeBudgetRequest {
  /** Micro-lamports per compute unit (0 when the message sets no price). */
  readonly unitPrice: bigint;
  /** The compute unit limit the runtime applies. */
  readonly unitLimit: number;
}

function isOneOf(key: Uint8Array, candidates: readonly Uint8Array[]): boolean {
  for (const candidate of candidates) if (bytesEqual(key, candidate)) return true;
  return false;
}

function readU32(data: Uint8Array, offset: number): number {
  return (
    (data[offset]! | (data[offset + 1]! << 8) | (data[offset + 2]! << 16) | (data[offset + 3]! << 24)) >>> 0
  );
}

function readU64(data: Uint8Array, offset: number): bigint {
  return BigInt(readU32(data, offset)) | (BigInt(readU32(data, offset + 4)) << 32n);
}

/**
 * The unit price and limit a message requests, with the runtime's defaults for what it leaves out.
 *
 * @example computeBudgetOf(message).unitPrice // micro-lamports per compute unit
 */
export function computeBudgetOf(message: ParsedMessage): ComputeBudgetRequest {
  let unitPrice = 0n;
  let requestedLimit: number | null = null;
  let builtinInstructions = 0;
  let otherInstructions = 0;
  for (const instruction of message.instructions) {
    const program = message.staticKeys[instruction.programIdIndex];
    if (!program) continue;
    if (bytesEqual(program, COMPUTE_BUDGET)) {
      const { data } = instruction;
      if (data[0] === 2 && data.length === 5) requestedLimit = readU32(data, 1);
      else if (data[0] === 3 && data.length === 9) unitPrice = readU64(data, 1);
    }
    if (isOneOf(program, BUILTINS)) builtinInstructions++;
    else otherInstructions++;
  }
  const defaultLimit =
    builtinInstructions * MAX_BUILTIN_ALLOCATION_COMPUTE_UNIT_LIMIT +
    otherInstructions * DEFAULT_INSTRUCTION_COMPUTE_UNIT_LIMIT;
  const unitLimit = Math.min(requestedLimit ?? defaultLimit, MAX_COMPUTE_UNIT_LIMIT);
  return { unitPrice, unitLimit };
}

/** Signatures the fee counts: the transaction's own plus those its precompile instructions verify. */
export function feeSignatureCount(message: ParsedMessage): number {
  let count = message.header.numRequiredSignatures;
  for (const instruction of message.instructions) {
    const program = message.staticKeys[instruction.programIdIndex];
    if (program && isOneOf(program, PRECOMPILES)) count += instruction.data[0] ?? 0;
  }
  return count;
}

/**
 * The fee in lamports for a message: signatures plus the prioritization fee, rounded up.
 *
 * @example feeForMessage(message) // 5000n for one signature and no priority fee
 */
export function feeForMessage(message: ParsedMessage): bigint {
  const { unitPrice, unitLimit } = computeBudgetOf(message);
  const microLamports = unitPrice * BigInt(unitLimit);
  const priority = (microLamports + MICRO_LAMPORTS_PER_LAMPORT - 1n) / MICRO_LAMPORTS_PER_LAMPORT;
  return BigInt(feeSignatureCount(message)) * LAMPORTS_PER_SIGNATURE + priority;
}
