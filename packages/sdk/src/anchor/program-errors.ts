/**
 * Program errors as Anchor IDLs describe them, and the ways a client gets one out of a failure: a kit
 * `SolanaError`, or an RPC `TransactionError` object. Each program's `errors.ts` binds these to its IDL and
 * its spec table.
 *
 * The code always comes from a structured field when there is one (kit's
 * `SOLANA_ERROR__INSTRUCTION_ERROR__CUSTOM` context, or the RPC's `{ InstructionError: [i, { Custom: c }] }`),
 * never from an error's message text.
 *
 * @module
 */

import { isSolanaError, SOLANA_ERROR__INSTRUCTION_ERROR__CUSTOM, type Address } from '@solana/kit';

/** One program error, as the IDL describes it. */
export interface ProgramErrorInfo<TName extends string = string> {
  readonly code: number;
  readonly name: TName;
  /** The IDL's developer-facing message (the spec leaves user-facing text open). */
  readonly msg: string;
}

/** An entry of an IDL's `errors`. */
export interface IdlErrorEntry {
  readonly code: number;
  readonly name: string;
  readonly msg: string;
}

/**
 * Code → {code, name, msg} from an IDL's `errors`, checked against the spec's table `codes` (name → code, in
 * code order).
 *
 * The IDL and the spec must agree entry for entry, in order: a drift is an import-time error, not a wrong
 * toast.
 *
 * @param program - Named in the error, e.g. `Foresight`.
 * @throws Error when the IDL has an entry the spec does not, lacks one, or orders them differently.
 */
export function loadProgramErrors<TName extends string>(
  program: string,
  codes: Readonly<Record<TName, number>>,
  idlErrors: readonly IdlErrorEntry[],
): Readonly<Record<number, ProgramErrorInfo<TName>>> {
  const spec = Object.entries<number>(codes);
  const table: Record<number, ProgramErrorInfo<TName>> = {};
  idlErrors.forEach(({ code, name, msg }, i) => {
    const expected = spec[i];
    if (expected?.[0] !== name || expected[1] !== code) {
      throw new Error(`${program} IDL error ${code} ${name} is not the spec's`);
    }
    table[code] = Object.freeze({ code, name: name as TName, msg });
  });
  if (idlErrors.length !== spec.length) {
    throw new Error(`The ${program} IDL has ${idlErrors.length} errors, the spec ${spec.length}`);
  }
  return Object.freeze(table);
}

/** A custom program error raised by one instruction of a transaction. */
export interface CustomInstructionError {
  /** Index of the failing instruction in the transaction. */
  readonly instructionIndex: number;
  readonly code: number;
}

const MAX_CAUSE_DEPTH = 8;

/**
 * The custom program error inside `error`, from structured fields only:
 * - a kit `SolanaError` with code `SOLANA_ERROR__INSTRUCTION_ERROR__CUSTOM` (its `context.index` and
 *   `context.code`), found on the error itself or down its `cause` chain (a preflight failure or a failed
 *   send wraps it);
 * - an RPC `TransactionError` object `{ InstructionError: [index, { Custom: code }] }` (numbers or bigints),
 *   as in `simulateTransaction`'s `value.err` or `getTransaction`'s `meta.err`.
 *
 * Null when there is none.
 */
export function getCustomInstructionError(error: unknown): CustomInstructionError | null {
  let current: unknown = error;
  for (let depth = 0; depth < MAX_CAUSE_DEPTH && current != null; depth++) {
    if (isSolanaError(current, SOLANA_ERROR__INSTRUCTION_ERROR__CUSTOM)) {
      return { instructionIndex: current.context.index, code: current.context.code };
    }
    const fromRpc = fromTransactionErrorObject(current);
    if (fromRpc !== null) return fromRpc;
    current = current instanceof Error ? current.cause : undefined;
  }
  return null;
}

function fromTransactionErrorObject(value: unknown): CustomInstructionError | null {
  if (typeof value !== 'object' || value === null || !('InstructionError' in value)) return null;
  const instructionError: unknown = value.InstructionError;
  if (!Array.isArray(instructionError) || instructionError.length !== 2) return null;
  const [index, inner] = instructionError as [unknown, unknown];
  if (typeof inner !== 'object' || inner === null || !('Custom' in inner)) return null;
  const code = toSafeInteger(inner.Custom);
  const instructionIndex = toSafeInteger(index);
  return code === null || instructionIndex === null ? null : { instructionIndex, code };
}

function toSafeInteger(value: unknown): number | null {
  if (typeof value === 'number') return Number.isSafeInteger(value) ? value : null;
  if (typeof value === 'bigint') return value >= 0n && value <= 0xffff_ffffn ? Number(value) : null;
  return null;
}

/** A program error with the index of the instruction that raised it. */
export type ProgramInstructionError<TInfo extends ProgramErrorInfo> = TInfo & {
  readonly instructionIndex: number;
};

/** Options of the programs' `get…ErrorFromSolanaError`. */
export interface ProgramErrorOptions {
  /**
   * The program of each instruction of the transaction, in order. Custom codes are per program: with this,
   * a code is accepted only when the failing instruction is the program's own.
   */
  readonly instructionProgramAddresses?: readonly Address[];
  /** The program's address, when it is deployed at another address than its IDL's. */
  readonly programAddress?: Address;
}

/**
 * The error of one program that made a transaction fail, from a kit `SolanaError` (or RPC error object).
 *
 * @param decode - The program's code → error table lookup; null for codes that are not its.
 * @param defaultProgramAddress - The program's IDL address, used unless `options.programAddress` is given.
 */
export function getProgramErrorFromSolanaError<TInfo extends ProgramErrorInfo>(
  error: unknown,
  decode: (code: number) => TInfo | null,
  defaultProgramAddress: Address,
  options: ProgramErrorOptions = {},
): ProgramInstructionError<TInfo> | null {
  const custom = getCustomInstructionError(error);
  if (custom === null) return null;
  const programs = options.instructionProgramAddresses;
  if (programs !== undefined) {
    const expected = options.programAddress ?? defaultProgramAddress;
    if (programs[custom.instructionIndex] !== expected) return null;
  }
  const info = decode(custom.code);
  return info === null ? null : { ...info, instructionIndex: custom.instructionIndex };
}
