/**
 * What the programs' hand-written instruction builders share on top of the generated ones: signers given
 * as a kit signer or a bare address, the instruction shape, the name check against the generated kinds, and
 * the system program.
 *
 * A signer account takes a `TransactionSigner` (attached to the meta, like kit's generated program clients,
 * so `signTransactionMessageWithSigners` finds it) or a bare `Address` (the role is still a signer role; the
 * signature is added elsewhere, e.g. by a wallet).
 *
 * @module
 */

import {
  address,
  type AccountMeta,
  type AccountSignerMeta,
  type Address,
  type Instruction,
  type InstructionWithAccounts,
  type InstructionWithData,
  type ReadonlyUint8Array,
  type TransactionSigner,
  upgradeRoleToSigner,
  isSignerRole,
} from '@solana/kit';

/** The system program, passed to the instructions that create accounts. */
export const SYSTEM_PROGRAM_ADDRESS: Address = address('11111111111111111111111111111111');

/** A signer account: a kit signer (attached to the meta) or just its address. */
export type SignerInput = TransactionSigner | Address;

/** An account meta of a program instruction. */
export type ProgramAccountMeta = AccountMeta | AccountSignerMeta;

/** What every builder returns. */
export type ProgramInstruction = Instruction &
  InstructionWithAccounts<readonly ProgramAccountMeta[]> &
  InstructionWithData<ReadonlyUint8Array>;

/** Data of an instruction without args. */
export type EmptyInstructionData = Readonly<Record<string, never>>;

/** The address of a {@link SignerInput}. */
export function signerAddress(input: SignerInput): Address {
  return typeof input === 'string' ? input : input.address;
}

/** A frozen instruction. */
export function buildInstruction(
  programAddress: Address,
  accounts: readonly ProgramAccountMeta[],
  data: ReadonlyUint8Array,
): ProgramInstruction {
  return Object.freeze({ programAddress, accounts: Object.freeze([...accounts]), data });
}

/**
 * A {@link SignerInput} as a generated builder takes it. The generated builders take kit signers only; a bare
 * address goes through as itself (the builder reads its address and gives it a non-signer role), and
 * {@link withSignerRoles} then gives it its signer role.
 */
export function asGeneratedSigner(input: SignerInput): TransactionSigner {
  return input as TransactionSigner;
}

/**
 * A generated builder's instruction with each bare-address signer of `signers` in a signer role (its first
 * account meta at that address), frozen like {@link buildInstruction}'s. A kit signer already has its role
 * and rides on its meta.
 */
export function withSignerRoles(
  instruction: ProgramInstruction,
  signers: readonly SignerInput[],
): ProgramInstruction {
  const pending = new Set(signers.filter((input) => typeof input === 'string'));
  const accounts = instruction.accounts.map((meta) => {
    if (!pending.has(meta.address) || isSignerRole(meta.role)) return meta;
    pending.delete(meta.address);
    return Object.freeze({ address: meta.address, role: upgradeRoleToSigner(meta.role) });
  });
  return buildInstruction(instruction.programAddress, accounts, instruction.data);
}

/**
 * Checks that `names` (snake case, in IDL order) are the generated instruction kinds (PascalCase, valued by
 * IDL order), so that a kind's value indexes `names`.
 *
 * @throws Error naming the first difference.
 */
export function assertInstructionNames(
  program: string,
  names: readonly string[],
  kinds: Readonly<Record<string, number>>,
): void {
  const generated = Object.entries(kinds)
    .sort(([, a], [, b]) => a - b)
    .map(([kind]) =>
      kind.replace(/[A-Z]/g, (letter, at: number) => (at === 0 ? '' : '_') + letter.toLowerCase()),
    );
  if (generated.join() !== names.join()) {
    throw new Error(
      `${program}: the instruction names [${names.join(', ')}] are not the IDL's [${generated.join(', ')}]`,
    );
  }
}
