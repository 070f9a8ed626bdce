/**
 * Kit instructions in Jupiter's JSON instruction shape (`{ programId, accounts: [{ pubkey, isSigner,
 * isWritable }], data }`, base64 data), and a comparison of instructions by what they do.
 *
 * @module
 */

import type { JsonInstruction } from '@arcade/sdk/api/market-data';
import { isSignerRole, isWritableRole, type Instruction } from '@solana/kit';

/** `instruction` as Jupiter's swap-instructions writes one. */
export function toJsonInstruction(instruction: Instruction): JsonInstruction {
  return {
    programId: instruction.programAddress,
    accounts: (instruction.accounts ?? []).map((meta) => ({
      pubkey: meta.address,
      isSigner: isSignerRole(meta.role),
      isWritable: isWritableRole(meta.role),
    })),
    data: Buffer.from(instruction.data ?? new Uint8Array()).toString('base64'),
  };
}

/**
 * Whether two instructions do the same thing: same program, same accounts in the same order, same data.
 * Roles are left out on purpose: a compiled message gives every instruction the strongest role its
 * account has anywhere in the transaction, and a stronger role never changes what the System or Token
 * program does.
 */
export function sameInstruction(a: Instruction, b: Instruction): boolean {
  const accountsA = a.accounts ?? [];
  const accountsB = b.accounts ?? [];
  const dataA = a.data ?? new Uint8Array();
  const dataB = b.data ?? new Uint8Array();
  return (
    a.programAddress === b.programAddress &&
    accountsA.length === accountsB.length &&
    accountsA.every((meta, i) => meta.address === accountsB[i]?.address) &&
    dataA.length === dataB.length &&
    dataA.every((byte, i) => byte === dataB[i])
  );
}
