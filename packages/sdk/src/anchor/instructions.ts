/**
 * What the programs' hand-written instruction builders share on top of the generated ones: signers given
 * as a kit signer or a bare address, optional accounts, the instruction shape, the system program, and each
 * program's instruction set ({@link defineProgramInstructions}: the name check against the generated kinds,
 * identification by discriminator, and data codecs in the SDK's shape).
 *
 * A signer account takes a `TransactionSigner` (attached to the meta, like kit's generated program clients,
 * so `signTransactionMessageWithSigners` finds it) or a bare `Address` (the role is still a signer role; the
 * signature is added elsewhere, e.g. by a wallet).
 *
 * @module
 */

import {
  address,
  isSignerRole,
  isSolanaError,
  SOLANA_ERROR__PROGRAM_CLIENTS__FAILED_TO_IDENTIFY_INSTRUCTION,
  upgradeRoleToSigner,
  type AccountMeta,
  type AccountSignerMeta,
  type Address,
  type Codec,
  type Instruction,
  type InstructionWithAccounts,
  type InstructionWithData,
  type ReadonlyUint8Array,
  type TransactionSigner,
} from '@solana/kit';

import { getGeneratedDataCodec, type FromGenerated } from './generated-codec.ts';

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
  ...signers: readonly SignerInput[]
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
 * An optional account as a generated builder takes it: `{ [key]: account }`, or nothing for none (the
 * builder then passes the program's own address, Anchor's convention for None).
 *
 * @example generated.getRevealBetInstruction({ ...rest, ...optionalAccount('referralVault', referralVault) })
 */
export function optionalAccount<TKey extends string>(
  key: TKey,
  account: Address | null | undefined,
): Partial<Record<TKey, Address>> {
  return account == null ? {} : ({ [key]: account } as Record<TKey, Address>);
}

/**
 * Checks that `names` (snake case, in IDL order) are the generated instruction kinds (PascalCase, valued by
 * IDL order), so that a kind's value indexes `names`.
 *
 * @throws Error naming the first difference.
 */
function assertInstructionNames(
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

/** What a program's generated client gives {@link defineProgramInstructions}. */
export interface GeneratedInstructionSet<TName extends string> {
  /** The generated instruction kinds (PascalCase, valued by IDL order). */
  readonly kinds: Readonly<Record<string, number>>;
  /** The generated identification: the kind of instruction data, throwing for unknown data. */
  readonly identify: (data: ReadonlyUint8Array | Uint8Array) => number;
  /** Each instruction's discriminator. */
  readonly discriminators: Readonly<Record<TName, ReadonlyUint8Array>>;
}

/** A program's instruction set: identification and data codecs by the IDL's instruction names. */
export interface ProgramInstructions<TName extends string> {
  /** The instruction that instruction data belongs to, by its discriminator; null for any other data. */
  readonly identify: (data: ReadonlyUint8Array | Uint8Array) => TName | null;
  /**
   * The generated data codec of instruction `name` with the SDK's decoded shape (no discriminator, an option
   * as `T | null`), refusing another instruction's data. `byteArrays` names the fixed-size byte-array
   * arguments and their sizes, which encoding checks (the generated encoders would pad or cut).
   */
  readonly dataCodec: <TFrom extends object, TTo extends TFrom>(
    name: TName,
    codec: Codec<TFrom, TTo>,
    byteArrays?: Readonly<Record<string, number>>,
  ) => Codec<TFrom, TFrom & FromGenerated<TTo>>;
}

/**
 * The instruction set of `program` (`'Wager'`), whose IDL names its instructions `names` in IDL order.
 *
 * @throws Error when `names` are not the generated kinds ({@link assertInstructionNames}).
 */
export function defineProgramInstructions<TName extends string>(
  program: string,
  names: readonly TName[],
  generated: GeneratedInstructionSet<TName>,
): ProgramInstructions<TName> {
  assertInstructionNames(program, names, generated.kinds);
  return Object.freeze({
    identify(data: ReadonlyUint8Array | Uint8Array): TName | null {
      try {
        return names[generated.identify(data)] ?? null;
      } catch (error) {
        if (isSolanaError(error, SOLANA_ERROR__PROGRAM_CLIENTS__FAILED_TO_IDENTIFY_INSTRUCTION)) return null;
        throw error;
      }
    },
    dataCodec<TFrom extends object, TTo extends TFrom>(
      name: TName,
      codec: Codec<TFrom, TTo>,
      byteArrays: Readonly<Record<string, number>> = {},
    ): Codec<TFrom, TFrom & FromGenerated<TTo>> {
      return getGeneratedDataCodec(
        `${program} ${name} instruction data`,
        generated.discriminators[name],
        codec,
        byteArrays,
      );
    },
  });
}
