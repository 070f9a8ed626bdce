/**
 * Generates the C header a program includes so that its discriminators, error codes, enum values, sizes,
 * offsets, shared constants and Borsh codecs all come from its Anchor IDL, never from hand-typed numbers.
 *
 * @module
 */

import {
  isCompositeAccounts,
  isNamedFields,
  type AnchorIdl,
  type AnchorIdlConst,
  type AnchorIdlField,
  type AnchorIdlInstructionAccount,
  type AnchorIdlInstructionAccountItem,
  type AnchorIdlType,
} from './anchor-idl.ts';
import { decodeBase58 } from './base58.ts';
import { BorshLayouts, type FieldsPlacement } from './borsh-layout.ts';
import { generateCodecs } from './c-codec.ts';
import { checkCIdentifier, checkIdlName, toSnakeCase, toUpperSnake } from './c-names.ts';
import {
  anchorDiscriminator,
  anchorPreimage,
  discriminatorU64,
  type DiscriminatorKind,
} from './discriminator.ts';
import { IdlError } from './idl-error.ts';

// Re-exported because the package exposes only this module (`@arcade/sbf/idl-header`).
export { IdlError } from './idl-error.ts';
export { parseAnchorIdl, type AnchorIdl } from './anchor-idl.ts';

/** Options of {@link generateCHeader}. */
export interface CHeaderOptions {
  /** Include-guard macro; defaults to `<PROGRAM_NAME>_IDL_H`. */
  readonly guard?: string;
  /**
   * Constants the IDL does not carry, emitted as `#define <constantPrefix><NAME> <value>ULL`; values must fit a
   * u64. The programs here declare theirs in the IDL (`IDL_CONST_*`) and pass none.
   */
  readonly constants?: Readonly<Record<string, bigint>>;
  /** Prefix of every shared constant's macro; defaults to none. */
  readonly constantPrefix?: string;
  /** Emit the C structs and Borsh codecs; defaults to true. */
  readonly codecs?: boolean;
}

const U64_MAX = (1n << 64n) - 1n;
const U32_MAX = 2 ** 32 - 1;

/**
 * Writes the C header for a program's Anchor 0.30+ IDL. The output depends only on the inputs (no dates, no
 * paths), so a build can compare it with the file on disk.
 *
 * The header holds, in order: the program address; the shared constants; error codes; enum variant values;
 * text PDA seeds; per instruction its discriminator, account indices and argument offsets; per account its
 * discriminator, allocation size and field offsets; per event its discriminator, size and field offsets; the
 * IDL's own constants; and C structs with Borsh codecs (see `c-codec.ts`).
 *
 * @throws {IdlError} naming the item at fault when a discriminator is not Anchor's, error codes repeat or go
 *   down, a name cannot be a C identifier, two items would generate the same C name, or a type is unknown.
 * @example
 * ```ts
 * const idl = parseAnchorIdl(JSON.parse(readFileSync('programs/wager/idl.json', 'utf8')));
 * writeFileSync('programs/wager/.build/generated/idl.h', generateCHeader(idl));
 * // static const uint8_t IX_PLACE_BET[8] = {0xde, 0x3e, 0x43, 0xdc, 0x3f, 0xa6, 0x7e, 0x21};
 * // #define IX_PLACE_BET_DISC 0x217ea63fdc433edeULL
 * ```
 */
export function generateCHeader(idl: AnchorIdl, options: CHeaderOptions = {}): string {
  const program = idl.metadata.name;
  const guard = options.guard ?? `${toUpperSnake(program.replace(/[^A-Za-z0-9_]/g, '_'))}_IDL_H`;
  checkCIdentifier(guard, 'include guard');
  const layouts = new BorshLayouts(idl.types ?? []);
  const declared = new Map<string, string>();
  const declare = (name: string, owner: string): void => {
    checkCIdentifier(name, owner);
    const previous = declared.get(name);
    if (previous !== undefined)
      throw new IdlError(`"${name}" would be generated for both ${previous} and ${owner}`);
    declared.set(name, owner);
  };
  declare(guard, 'the include guard');

  checkNames(idl);
  const out: string[] = [
    '/*',
    ` * ${program} ${idl.metadata.version}: constants and Borsh codecs from its Anchor IDL (spec ${idl.metadata.spec}).`,
    ' * Generated from idl.json by @arcade/sbf (src/idl/c-header.ts). Do not edit: change the IDL and rebuild.',
    ' *',
    ' * - IX_* = sha256("global:<snake_name>")[0..8], ACCOUNT_* = sha256("account:<Name>")[0..8],',
    ' *   EVENT_* = sha256("event:<Name>")[0..8]. *_DISC is the same 8 bytes read as a little-endian u64.',
    ' * - Offsets count from the start of the data, discriminator included. Borsh has no padding, and a None',
    ' *   option is a single byte, so a field after an option (or after any field whose size varies) has no',
    ' *   fixed offset and gets no *_OFF_* macro: use the codecs below for those.',
    ' * - ACCOUNT_*_SIZE is the size to allocate: 8 + the largest Borsh encoding (Anchor: 8 + InitSpace). The',
    ' *   encoding starts at byte 0 and the unused tail is zero; Anchor decoders ignore the tail.',
    ' */',
    `#ifndef ${guard}`,
    `#define ${guard}`,
    '',
    '#include <stdint.h>',
    '',
  ];

  if (idl.address !== undefined) {
    let id: Uint8Array;
    try {
      id = decodeBase58(idl.address);
    } catch (error) {
      throw new IdlError(`address "${idl.address}": ${(error as Error).message}`);
    }
    if (id.length !== 32)
      throw new IdlError(`address "${idl.address}" decodes to ${id.length} bytes, not 32`);
    declare('PROGRAM_ID', 'the program address');
    out.push(
      `/* Program address from the IDL (${idl.address}). The runtime passes the real one to the entrypoint;`,
      ' * prefer that, so one build serves every deployment. */',
      `static const uint8_t PROGRAM_ID[32] = ${byteList(id)};`,
      '',
    );
  }

  const constants = Object.entries(options.constants ?? {});
  if (constants.length > 0) {
    out.push('/* ---- Shared constants (passed beside the IDL) ---- */');
    for (const [name, value] of constants) {
      const macro = `${options.constantPrefix ?? ''}${name}`;
      declare(macro, `constant "${name}"`);
      if (typeof value !== 'bigint' || value < 0n || value > U64_MAX) {
        throw new IdlError(`constant "${name}": ${String(value)} is not a u64 bigint`);
      }
      out.push(`#define ${macro} ${value}ULL`);
    }
    out.push('');
  }

  const errors = idl.errors ?? [];
  if (errors.length > 0) {
    out.push('/* ---- Error codes: return one from the entrypoint to fail with Custom(code) ---- */');
    errors.forEach((e, i) => {
      if (!Number.isInteger(e.code) || e.code < 0 || e.code > U32_MAX) {
        throw new IdlError(`error "${e.name}": code ${e.code} is not a u32`);
      }
      const before = errors[i - 1];
      if (before !== undefined && e.code === before.code) {
        throw new IdlError(`error "${e.name}": code ${e.code} is also used by error "${before.name}"`);
      }
      if (before !== undefined && e.code < before.code) {
        throw new IdlError(
          `error "${e.name}": code ${e.code} comes after ${before.code} ("${before.name}"); codes must ascend`,
        );
      }
      const macro = `ERR_${toUpperSnake(e.name)}`;
      declare(macro, `error "${e.name}"`);
      out.push(`#define ${macro} ${e.code}u${e.msg === undefined ? '' : ` /* ${comment(e.msg)} */`}`);
    });
    out.push('');
    declare('idl_log_error', 'the error log function');
    declare('IDL_ERROR_LINES', 'the error log table');
    declare('IdlErrorLine', 'the error log table');
    out.push(...errorLogLines(errors));
  }

  const enums = (idl.types ?? []).filter((t) => t.type.kind === 'enum');
  if (enums.length > 0) {
    out.push('/* ---- Enum variants: the Borsh tag byte of each variant ---- */');
    for (const def of enums) {
      if (def.type.kind !== 'enum') continue;
      const prefix = toUpperSnake(def.name);
      def.type.variants.forEach((v, i) => {
        const macro = `${prefix}_${toUpperSnake(v.name)}`;
        declare(macro, `enum "${def.name}" variant "${v.name}"`);
        out.push(`#define ${macro} ${i}`);
      });
      declare(`${prefix}_VARIANT_COUNT`, `enum "${def.name}"`);
      out.push(`#define ${prefix}_VARIANT_COUNT ${def.type.variants.length}`, '');
    }
  }

  const seeds = textSeeds(idl);
  if (seeds.length > 0) {
    out.push('/* ---- Constant PDA seeds used by the instructions ---- */');
    for (const seed of seeds) {
      const macro = `SEED_${toUpperSnake(seed.text.replace(/-/g, '_'))}`;
      declare(macro, `seed "${seed.text}"`);
      declare(`${macro}_LEN`, `seed "${seed.text}"`);
      out.push(
        `static const uint8_t ${macro}[${seed.bytes.length}] = ${byteList(seed.bytes)}; /* "${seed.text}" */`,
        `#define ${macro}_LEN ${seed.bytes.length}`,
      );
    }
    out.push('');
  }

  const instructions = idl.instructions.map((ix) => {
    const macro = `IX_${toUpperSnake(ix.name)}`;
    const owner = `instruction "${ix.name}"`;
    checkDiscriminator('instruction', ix.name, ix.discriminator);
    const accounts = flattenAccounts(ix.accounts);
    const args = layouts.placeFields(ix.args, 8, owner);
    out.push(`/* ${ix.name}: ${accounts.length} accounts */`);
    discriminatorLines(out, declare, macro, owner, ix.discriminator);
    declare(`${macro}_ACCOUNTS_LEN`, owner);
    out.push(`#define ${macro}_ACCOUNTS_LEN ${accounts.length}`);
    accounts.forEach(({ name, account }, i) => {
      const accMacro = `${macro}_ACC_${toUpperSnake(name)}`;
      declare(accMacro, `${owner} account "${name}"`);
      out.push(`#define ${accMacro} ${i}${accountNote(account)}`);
    });
    placementLines(out, declare, `${macro}_ARG_OFF_`, owner, args, {
      exact: `${macro}_DATA_LEN`,
      max: `${macro}_DATA_MAX_LEN`,
      what: 'arguments',
    });
    out.push('');
    return { name: ix.name, macro, args: ix.args };
  });

  const accounts = (idl.accounts ?? []).map((account) => {
    const macro = `ACCOUNT_${toUpperSnake(account.name)}`;
    const owner = `account "${account.name}"`;
    checkDiscriminator('account', account.name, account.discriminator);
    const placement = layouts.placeFields(structFields(layouts, account.name, owner), 8, owner);
    out.push(`/* ${account.name} */`);
    discriminatorLines(out, declare, macro, owner, account.discriminator);
    placementLines(out, declare, `${macro}_OFF_`, owner, placement, {
      exact: `${macro}_SIZE`,
      what: 'fields',
    });
    out.push('');
    return { name: account.name, macro };
  });

  const events = (idl.events ?? []).map((event) => {
    const macro = `EVENT_${toUpperSnake(event.name)}`;
    const owner = `event "${event.name}"`;
    checkDiscriminator('event', event.name, event.discriminator);
    const placement = layouts.placeFields(structFields(layouts, event.name, owner), 8, owner);
    out.push(`/* event ${event.name} (sol_log_data payload) */`);
    discriminatorLines(out, declare, macro, owner, event.discriminator);
    placementLines(out, declare, `${macro}_OFF_`, owner, placement, {
      exact: `${macro}_SIZE`,
      max: `${macro}_MAX_SIZE`,
      what: 'fields',
    });
    out.push('');
    return { name: event.name, macro };
  });

  const idlConstants = idl.constants ?? [];
  if (idlConstants.length > 0) {
    out.push('/* ---- Constants declared in the IDL ---- */');
    for (const c of idlConstants) out.push(...idlConstantLines(c, declare));
    out.push('');
  }

  if (options.codecs ?? true) {
    for (const def of idl.types ?? []) layouts.defLayout(def.name, `type "${def.name}"`);
    out.push(
      ...generateCodecs({ types: idl.types ?? [], accounts, events, instructions }, layouts, { declare }),
    );
  }

  out.push(`#endif /* ${guard} */`, '');
  return out.join('\n');
}

/** Checks every IDL name that ends up in C, and that no struct has two fields with the same C name. */
function checkNames(idl: AnchorIdl): void {
  checkIdlName(idl.metadata.name.replace(/-/g, '_'), 'program');
  const checkFields = (fields: readonly AnchorIdlField[], owner: string): void => {
    const seen = new Map<string, string>();
    for (const f of fields) {
      checkIdlName(f.name, `${owner} field "${f.name}"`);
      const c = toSnakeCase(f.name);
      const other = seen.get(c);
      if (other !== undefined)
        throw new IdlError(`${owner}: fields "${other}" and "${f.name}" are both "${c}" in C`);
      seen.set(c, f.name);
    }
  };
  for (const ix of idl.instructions) {
    checkIdlName(ix.name, `instruction "${ix.name}"`);
    checkFields(ix.args, `instruction "${ix.name}"`);
    for (const { name } of flattenAccounts(ix.accounts)) {
      checkIdlName(name, `instruction "${ix.name}" account "${name}"`);
    }
  }
  for (const item of [...(idl.accounts ?? []), ...(idl.events ?? [])])
    checkIdlName(item.name, `"${item.name}"`);
  for (const e of idl.errors ?? []) checkIdlName(e.name, `error "${e.name}"`);
  for (const c of idl.constants ?? []) checkIdlName(c.name, `constant "${c.name}"`);
  for (const def of idl.types ?? []) {
    const owner = `type "${def.name}"`;
    checkIdlName(def.name, owner);
    if (def.type.kind === 'struct' && def.type.fields !== undefined && isNamedFields(def.type.fields)) {
      checkFields(def.type.fields, owner);
    }
    if (def.type.kind === 'enum') {
      for (const v of def.type.variants) {
        checkIdlName(v.name, `${owner} variant "${v.name}"`);
        if (v.fields !== undefined && isNamedFields(v.fields))
          checkFields(v.fields, `${owner} variant "${v.name}"`);
      }
    }
  }
}

function checkDiscriminator(kind: DiscriminatorKind, name: string, discriminator: readonly number[]): void {
  const expected = anchorDiscriminator(kind, name);
  const preimage = anchorPreimage(kind, name);
  if (discriminator.length !== 8) {
    throw new IdlError(
      `${kind} "${name}": discriminator has ${discriminator.length} bytes, not 8 (sha256("${preimage}")[0..8] is ${byteList(expected)})`,
    );
  }
  if (discriminator.some((b, i) => b !== expected[i])) {
    throw new IdlError(
      `${kind} "${name}": discriminator ${byteList(discriminator)} is not sha256("${preimage}")[0..8] = ${byteList(expected)}`,
    );
  }
}

function discriminatorLines(
  out: string[],
  declare: (name: string, owner: string) => void,
  macro: string,
  owner: string,
  discriminator: readonly number[],
): void {
  declare(macro, owner);
  declare(`${macro}_DISC`, owner);
  out.push(
    `static const uint8_t ${macro}[8] = ${byteList(discriminator)};`,
    `#define ${macro}_DISC 0x${discriminatorU64(discriminator).toString(16).padStart(16, '0')}ULL`,
  );
}

/**
 * Offset macros for the fields with a fixed offset, then the size: `exact` when every encoding has the same
 * size; otherwise `max` (if given) when the size is bounded. Accounts pass only `exact` naming the allocation
 * size, which is always the maximum.
 */
function placementLines(
  out: string[],
  declare: (name: string, owner: string) => void,
  offsetPrefix: string,
  owner: string,
  placement: FieldsPlacement,
  sizes: { exact: string; max?: string; what: string },
): void {
  for (const { field, offset } of placement.fields) {
    if (offset === undefined) continue;
    const macro = `${offsetPrefix}${toUpperSnake(field.name)}`;
    declare(macro, `${owner} field "${field.name}"`);
    out.push(`#define ${macro} ${offset}`);
  }
  // Only worth saying when some field actually lost its offset (the variable one may be the last).
  if (placement.firstVariable !== undefined && placement.fields.some((p) => p.offset === undefined)) {
    out.push(`/* ${sizes.what} after "${placement.firstVariable}" have no fixed offset: its size varies. */`);
  }
  const unbounded = placement.fields.find((p) => p.layout.maxSize === undefined);
  if (unbounded !== undefined) {
    out.push(
      `/* No size: "${unbounded.field.name}" (${typeName(unbounded.field.type)}) has no maximum size. */`,
    );
    return;
  }
  if (sizes.max === undefined || placement.exactSize !== undefined) {
    declare(sizes.exact, owner);
    out.push(`#define ${sizes.exact} ${placement.exactSize ?? placement.maxSize!}`);
  } else {
    declare(sizes.max, owner);
    out.push(`#define ${sizes.max} ${placement.maxSize!}`);
  }
}

function structFields(layouts: BorshLayouts, name: string, owner: string): AnchorIdlField[] {
  const def = layouts.def(name, owner);
  if (def.type.kind !== 'struct')
    throw new IdlError(`${owner}: type "${name}" is a ${def.type.kind}, not a struct`);
  const fields = def.type.fields ?? [];
  if (!isNamedFields(fields)) throw new IdlError(`${owner}: type "${name}" is a tuple struct`);
  return fields;
}

/** Accounts in the order the instruction receives them; members of nested groups are named group_member. */
function flattenAccounts(
  items: readonly AnchorIdlInstructionAccountItem[],
  prefix = '',
): { name: string; account: AnchorIdlInstructionAccount }[] {
  return items.flatMap((item) =>
    isCompositeAccounts(item)
      ? flattenAccounts(item.accounts, `${prefix}${toSnakeCase(item.name)}_`)
      : [{ name: `${prefix}${item.name}`, account: item }],
  );
}

function accountNote(account: AnchorIdlInstructionAccount): string {
  const notes = [
    account.writable === true ? 'writable' : undefined,
    account.signer === true ? 'signer' : undefined,
    account.optional === true ? 'optional' : undefined,
    account.pda === undefined ? undefined : 'PDA',
    account.address === undefined ? undefined : account.address,
  ].filter((n) => n !== undefined);
  return notes.length === 0 ? '' : ` /* ${notes.join(', ')} */`;
}

/** Const PDA seeds that read as text, deduplicated by value, in first-use order. */
function textSeeds(idl: AnchorIdl): { text: string; bytes: readonly number[] }[] {
  const seen = new Map<string, readonly number[]>();
  for (const ix of idl.instructions) {
    for (const { account } of flattenAccounts(ix.accounts)) {
      for (const seed of account.pda?.seeds ?? []) {
        if (seed.kind !== 'const') continue;
        const text = String.fromCharCode(...seed.value);
        if (/^[A-Za-z0-9_-]+$/.test(text) && !seen.has(text)) seen.set(text, seed.value);
      }
    }
  }
  return [...seen].map(([text, bytes]) => ({ text, bytes }));
}

/**
 * IDL constants: integers and bools as macros, strings and byte arrays as byte arrays, others as comments.
 * Prefixed IDL_CONST_ so they cannot clash with the shared constants, whatever prefix those get.
 */
function idlConstantLines(c: AnchorIdlConst, declare: (name: string, owner: string) => void): string[] {
  const macro = `IDL_CONST_${toUpperSnake(c.name)}`;
  const owner = `IDL constant "${c.name}"`;
  const value = c.value.trim();
  if (typeof c.type === 'string' && /^[ui](8|16|32|64)$/.test(c.type)) {
    const digits = value.replace(/_/g, '').replace(/[ui](8|16|32|64|size)$/, '');
    if (!/^-?\d+$/.test(digits)) throw new IdlError(`${owner}: "${c.value}" is not an integer`);
    declare(macro, owner);
    return [`#define ${macro} ${digits.startsWith('-') ? `(${digits}LL)` : `${digits}ULL`}`];
  }
  if (c.type === 'bool') {
    declare(macro, owner);
    return [`#define ${macro} ${value === 'true' ? 1 : 0}`];
  }
  let bytes: number[] | undefined;
  if (c.type === 'string' && /^"[^"\\]*"$/.test(value)) {
    bytes = [...new TextEncoder().encode(value.slice(1, -1))];
  } else if (c.type === 'bytes' || isU8Array(c.type)) {
    const parsed = /^b?"([^"\\]*)"$/.exec(value);
    bytes = parsed
      ? [...new TextEncoder().encode(parsed[1])]
      : /^\[[\d\s,]*\]$/.test(value)
        ? value
            .slice(1, -1)
            .split(',')
            .map((s) => s.trim())
            .filter((s) => s !== '')
            .map(Number)
        : undefined;
  }
  if (bytes === undefined || bytes.some((b) => b > 255)) {
    return [`/* IDL constant ${c.name} (${typeName(c.type)} = ${comment(c.value)}) has no C form here. */`];
  }
  declare(macro, owner);
  declare(`${macro}_LEN`, owner);
  return [
    `static const uint8_t ${macro}[${Math.max(bytes.length, 1)}] = ${byteList(bytes.length > 0 ? bytes : [0])};`,
    `#define ${macro}_LEN ${bytes.length}`,
  ];
}

function isU8Array(type: AnchorIdlType): boolean {
  return typeof type === 'object' && 'array' in type && type.array[0] === 'u8';
}

function typeName(type: AnchorIdlType): string {
  if (typeof type === 'string') return type;
  if ('option' in type) return `option<${typeName(type.option)}>`;
  if ('vec' in type) return `vec<${typeName(type.vec)}>`;
  if ('array' in type) return `[${typeName(type.array[0])}; ${JSON.stringify(type.array[1])}]`;
  if ('defined' in type) return type.defined.name;
  return type.generic;
}

function byteList(bytes: ArrayLike<number>): string {
  return `{${Array.from(bytes, (b) => `0x${b.toString(16).padStart(2, '0')}`).join(', ')}}`;
}

/** Text safe inside a C block comment on one line. */
function comment(text: string): string {
  return text.replace(/\*\//g, '* /').replace(/\/\*/g, '/ *').replace(/\s+/g, ' ');
}

/**
 * `idl_log_error(code)`: logs Anchor's line for one of the program's errors, exactly as an Anchor program
 * prints it, so an unmodified Anchor client decodes the failure (`AnchorError.parse`). A program calls it
 * on the error path only (`sol_log_anchor_error` in the SDK's anchor-error.h).
 */
function errorLogLines(errors: readonly { code: number; name: string; msg?: string }[]): string[] {
  const lines = [
    '/* Anchor\'s line for each error code, as Anchor programs log it on failure: "AnchorError occurred. Error',
    ' * Code: <Name>. Error Number: <code>. Error Message: <msg>." A table rather than a switch: the error path',
    " * may spend a few CU on the search, the program's size may not grow by a branch per error. */",
    'typedef struct {',
    '  uint32_t code;',
    '  uint32_t len;',
    '  const char *line;',
    '} IdlErrorLine;',
    `static const IdlErrorLine IDL_ERROR_LINES[${errors.length}] = {`,
  ];
  for (const e of errors) {
    const text = cString(
      `AnchorError occurred. Error Code: ${e.name}. Error Number: ${e.code}. Error Message: ${e.msg ?? e.name}.`,
    );
    lines.push(`    {${e.code}, sizeof(${text}) - 1, ${text}},`);
  }
  lines.push(
    '};',
    'void sol_log_(const char *message, uint64_t len);',
    '/* Logs the line of `code`; returns 0, logging nothing, for a code that is not one of these. */',
    'static inline int idl_log_error(uint64_t code) {',
    '#pragma nounroll',
    `  for (uint64_t i = 0; i < ${errors.length}; i++) {`,
    '    if (IDL_ERROR_LINES[i].code == code) {',
    '      sol_log_(IDL_ERROR_LINES[i].line, IDL_ERROR_LINES[i].len);',
    '      return 1;',
    '    }',
    '  }',
    '  return 0;',
    '}',
    '',
  );
  return lines;
}

/** A C string literal of printable ASCII `text` (anything else is escaped in octal). */
function cString(text: string): string {
  let out = '"';
  for (const byte of new TextEncoder().encode(text)) {
    const ch = String.fromCharCode(byte);
    if (ch === '"' || ch === '\\') out += `\\${ch}`;
    else if (byte >= 0x20 && byte < 0x7f && ch !== '?') out += ch;
    else out += `\\${byte.toString(8).padStart(3, '0')}`;
  }
  return `${out}"`;
}
