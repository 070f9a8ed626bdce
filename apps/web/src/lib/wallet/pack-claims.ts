/**
 * Packs claims into as few transactions as fit. A claim may take several instructions (a Foresight win is
 * `settle_bet` then `close_bet`); they always travel in the same transaction.
 *
 * The SDK sender builds a version 0 message (no lookup tables) paid by the wallet, adds its two
 * compute-budget instructions and refuses anything over {@link MAX_TRANSACTION_SIZE} bytes. The size is
 * computed here without kit's transaction compiler (which would load with the banner for every connected
 * wallet): the wire format is simple and the tests check this count against kit's, byte for byte.
 *
 * @module
 */

import { MAX_TRANSACTION_SIZE, SIGNATURE_BYTES, PUBLIC_KEY_BYTES } from '@arcade/sdk/constants';
import { AccountRole, type Address, type Instruction } from '@solana/kit';

/**
 * At most this many claims per transaction, whatever their size: each pays out of a different account, and
 * a few per transaction keep the compute budget and the wallet's review short (the server's market settler
 * batches eight as well).
 */
export const MAX_CLAIMS_PER_TRANSACTION = 8;

/** The compute budget program, whose two instructions the sender adds to every transaction. */
const COMPUTE_BUDGET_PROGRAM = 'ComputeBudget111111111111111111111111111111' as Address;

/** SetComputeUnitLimit: tag + u32; SetComputeUnitPrice: tag + u64. */
const COMPUTE_BUDGET_DATA_BYTES = [1 + 4, 1 + 8] as const;

/** A version 0 message starts with its version byte, then a 3-byte header. */
const MESSAGE_PREFIX_BYTES = 1 + 3;

const BLOCKHASH_BYTES = 32;

/** Bytes of a Solana "compact-u16" length prefix. */
function compactU16Bytes(value: number): number {
  return value < 0x80 ? 1 : value < 0x4000 ? 2 : 3;
}

interface SizedInstruction {
  readonly programAddress: Address;
  readonly accounts: readonly { readonly address: Address; readonly role: AccountRole }[];
  readonly dataBytes: number;
}

const isSignerRole = (role: AccountRole): boolean =>
  role === AccountRole.READONLY_SIGNER || role === AccountRole.WRITABLE_SIGNER;

/**
 * The serialized size, in bytes, of the version 0 transaction the SDK sender builds from `instructions`
 * paid by `feePayer`: the sender's two compute-budget instructions first, every signature counted at its
 * full 64 bytes, no lookup tables.
 *
 * @example transactionSize(wallet, [claimInstruction]) // 303
 */
export function transactionSize(feePayer: Address, instructions: readonly Instruction[]): number {
  const sized: SizedInstruction[] = [
    ...COMPUTE_BUDGET_DATA_BYTES.map((dataBytes) => ({
      programAddress: COMPUTE_BUDGET_PROGRAM,
      accounts: [],
      dataBytes,
    })),
    ...instructions.map((instruction) => ({
      programAddress: instruction.programAddress,
      accounts: instruction.accounts ?? [],
      dataBytes: instruction.data?.length ?? 0,
    })),
  ];
  const accounts = new Set<Address>([feePayer]);
  const signers = new Set<Address>([feePayer]);
  for (const instruction of sized) {
    for (const account of instruction.accounts) {
      accounts.add(account.address);
      if (isSignerRole(account.role)) signers.add(account.address);
    }
    accounts.add(instruction.programAddress);
  }
  let instructionBytes = compactU16Bytes(sized.length);
  for (const instruction of sized) {
    instructionBytes +=
      1 +
      compactU16Bytes(instruction.accounts.length) +
      instruction.accounts.length +
      compactU16Bytes(instruction.dataBytes) +
      instruction.dataBytes;
  }
  const messageBytes =
    MESSAGE_PREFIX_BYTES +
    compactU16Bytes(accounts.size) +
    accounts.size * PUBLIC_KEY_BYTES +
    BLOCKHASH_BYTES +
    instructionBytes +
    // No address lookup tables.
    compactU16Bytes(0);
  return compactU16Bytes(signers.size) + signers.size * SIGNATURE_BYTES + messageBytes;
}

/** A claim to pack: the instructions that pay it, in order, and what it is. */
export interface PackableClaim<T> {
  readonly instructions: readonly Instruction[];
  readonly item: T;
}

/** One transaction of a claim: its instructions and what they pay. */
export interface ClaimBatch<T> {
  readonly instructions: readonly Instruction[];
  readonly items: readonly T[];
}

/** Thrown when one claim alone would not fit a transaction (no real claim comes close). */
export class ClaimTooLargeError extends Error {
  override readonly name = 'ClaimTooLargeError';
}

/**
 * Packs the claims, in order, into as few transactions as fit: each at most
 * {@link MAX_TRANSACTION_SIZE} bytes (as {@link transactionSize} counts it) and
 * {@link MAX_CLAIMS_PER_TRANSACTION} claims (`maxClaims`, counted in claims, not instructions). A claim's
 * instructions are never split across transactions. Order is kept, so the first batch carries the first
 * claims.
 *
 * @throws ClaimTooLargeError when a single claim does not fit on its own.
 */
export function packClaims<T>(
  feePayer: Address,
  claims: readonly PackableClaim<T>[],
  limits: { readonly maxBytes?: number; readonly maxClaims?: number } = {},
): ClaimBatch<T>[] {
  const maxBytes = limits.maxBytes ?? MAX_TRANSACTION_SIZE;
  const maxClaims = limits.maxClaims ?? MAX_CLAIMS_PER_TRANSACTION;
  const batches: ClaimBatch<T>[] = [];
  let instructions: Instruction[] = [];
  let items: T[] = [];
  for (const claim of claims) {
    const candidate = [...instructions, ...claim.instructions];
    if (items.length < maxClaims && transactionSize(feePayer, candidate) <= maxBytes) {
      instructions = candidate;
      items.push(claim.item);
      continue;
    }
    if (transactionSize(feePayer, claim.instructions) > maxBytes) {
      throw new ClaimTooLargeError('A claim does not fit in one transaction');
    }
    batches.push({ instructions, items });
    instructions = [...claim.instructions];
    items = [claim.item];
  }
  if (items.length > 0) batches.push({ instructions, items });
  return batches;
}
