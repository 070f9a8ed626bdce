/**
 * What every program's instruction builders share: account metas with the IDL's roles, the instruction
 * shape, Anchor's convention for an absent optional account, instruction discriminators from the IDL, and
 * the system program.
 *
 * A signer account takes a `TransactionSigner` (attached to the meta, like kit's generated program clients,
 * so `signTransactionMessageWithSigners` finds it) or a bare `Address` (the role is still a signer role; the
 * signature is added elsewhere, e.g. by a wallet).
 *
 * @module
 */

import {
  AccountRole,
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

import { hasDiscriminator, idlDiscriminator, type IdlDiscriminatedEntry } from './discriminated-codec.ts';

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

/** A read-only, non-signer account. */
export function readonlyAccount(account: Address): AccountMeta {
  return Object.freeze({ address: account, role: AccountRole.READONLY });
}

/** A writable, non-signer account. */
export function writableAccount(account: Address): AccountMeta {
  return Object.freeze({ address: account, role: AccountRole.WRITABLE });
}

/** A signer account; a `TransactionSigner` rides on the meta. */
export function signerAccount(input: SignerInput, isWritable: boolean): ProgramAccountMeta {
  const role = isWritable ? AccountRole.WRITABLE_SIGNER : AccountRole.READONLY_SIGNER;
  return typeof input === 'string'
    ? Object.freeze({ address: input, role })
    : Object.freeze({ address: input.address, role, signer: input });
}

/**
 * An IDL `optional` account. Absent (null or undefined) follows Anchor's convention for None: the program's
 * own address, read-only, in its place.
 */
export function optionalAccount(
  account: Address | null | undefined,
  programAddress: Address,
  isWritable: boolean,
): AccountMeta {
  if (account == null) return readonlyAccount(programAddress);
  return isWritable ? writableAccount(account) : readonlyAccount(account);
}

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
 * sha256("global:<name>")[0..8] of each of `names`, from the IDL's `instructions`.
 *
 * @throws Error when the IDL lacks one of them.
 */
export function idlInstructionDiscriminators<TName extends string>(
  program: string,
  instructions: readonly IdlDiscriminatedEntry[],
  names: readonly TName[],
): Readonly<Record<TName, ReadonlyUint8Array>> {
  return Object.freeze(
    Object.fromEntries(
      names.map((name) => [name, idlDiscriminator(program, 'instruction', instructions, name)]),
    ) as Record<TName, ReadonlyUint8Array>,
  );
}

/** The name in `discriminators` whose discriminator starts `data`; null for any other data. */
export function identifyInstruction<TName extends string>(
  data: ReadonlyUint8Array | Uint8Array,
  names: readonly TName[],
  discriminators: Readonly<Record<TName, ReadonlyUint8Array>>,
): TName | null {
  return names.find((name) => hasDiscriminator(data, discriminators[name])) ?? null;
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
