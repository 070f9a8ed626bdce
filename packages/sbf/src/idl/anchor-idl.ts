/**
 * The Anchor IDL format, spec 0.1.0 as written by Anchor 0.30 and later (`idl/spec/src/lib.rs` in
 * coral-xyz/anchor; the TypeScript mirror is `ts/packages/anchor/src/idl.ts`).
 *
 * Differences from Anchor's own types: `address` is optional, because one build of our programs serves every
 * deployment and an IDL may be written before a key exists; `coption` is omitted because the Rust spec has no
 * such type.
 *
 * @module
 */

import { IdlError } from './idl-error.ts';

/** A whole IDL file. */
export interface AnchorIdl {
  address?: string;
  metadata: AnchorIdlMetadata;
  docs?: string[];
  instructions: AnchorIdlInstruction[];
  accounts?: AnchorIdlAccount[];
  events?: AnchorIdlEvent[];
  errors?: AnchorIdlErrorCode[];
  types?: AnchorIdlTypeDef[];
  constants?: AnchorIdlConst[];
}

export interface AnchorIdlMetadata {
  name: string;
  version: string;
  /** Version of the IDL spec itself, "0.1.0" for Anchor 0.30+. */
  spec: string;
  description?: string;
  repository?: string;
  dependencies?: { name: string; version: string }[];
  contact?: string;
}

/** 8 bytes: sha256("global:<snake_name>"), sha256("account:<Name>") or sha256("event:<Name>"), truncated. */
export type AnchorIdlDiscriminator = number[];

export interface AnchorIdlInstruction {
  /** snake_case, as the Rust handler is named; the discriminator hashes this. */
  name: string;
  docs?: string[];
  discriminator: AnchorIdlDiscriminator;
  accounts: AnchorIdlInstructionAccountItem[];
  args: AnchorIdlField[];
  returns?: AnchorIdlType;
}

export type AnchorIdlInstructionAccountItem = AnchorIdlInstructionAccount | AnchorIdlInstructionAccounts;

export interface AnchorIdlInstructionAccount {
  name: string;
  docs?: string[];
  writable?: boolean;
  signer?: boolean;
  optional?: boolean;
  address?: string;
  pda?: AnchorIdlPda;
  relations?: string[];
}

/** A nested `Accounts` struct; its accounts are passed inline, in order. */
export interface AnchorIdlInstructionAccounts {
  name: string;
  accounts: AnchorIdlInstructionAccountItem[];
}

export interface AnchorIdlPda {
  seeds: AnchorIdlSeed[];
  program?: AnchorIdlSeed;
}

export type AnchorIdlSeed =
  | { kind: 'const'; value: number[] }
  | { kind: 'arg'; path: string }
  | { kind: 'account'; path: string; account?: string };

export interface AnchorIdlAccount {
  name: string;
  discriminator: AnchorIdlDiscriminator;
}

export interface AnchorIdlEvent {
  name: string;
  discriminator: AnchorIdlDiscriminator;
}

export interface AnchorIdlErrorCode {
  code: number;
  name: string;
  msg?: string;
}

export interface AnchorIdlConst {
  name: string;
  docs?: string[];
  type: AnchorIdlType;
  /** Rust source text of the value, e.g. "42" or "[104, 111, 117, 115, 101]". */
  value: string;
}

export interface AnchorIdlField {
  name: string;
  docs?: string[];
  type: AnchorIdlType;
}

export interface AnchorIdlTypeDef {
  name: string;
  docs?: string[];
  serialization?: 'borsh' | 'bytemuck' | 'bytemuckunsafe' | { custom: string };
  repr?: { kind: 'rust' | 'c'; packed?: boolean; align?: number } | { kind: 'transparent' };
  generics?: ({ kind: 'type'; name: string } | { kind: 'const'; name: string; type: string })[];
  type: AnchorIdlTypeDefTy;
}

export type AnchorIdlTypeDefTy =
  | { kind: 'struct'; fields?: AnchorIdlDefinedFields }
  | { kind: 'enum'; variants: AnchorIdlEnumVariant[] }
  | { kind: 'type'; alias: AnchorIdlType };

export interface AnchorIdlEnumVariant {
  name: string;
  fields?: AnchorIdlDefinedFields;
}

/** Named fields (a struct) or bare types (a tuple struct). An empty list is a unit struct. */
export type AnchorIdlDefinedFields = AnchorIdlField[] | AnchorIdlType[];

export type AnchorIdlPrimitive =
  | 'bool'
  | 'u8'
  | 'i8'
  | 'u16'
  | 'i16'
  | 'u32'
  | 'i32'
  | 'f32'
  | 'u64'
  | 'i64'
  | 'f64'
  | 'u128'
  | 'i128'
  | 'u256'
  | 'i256'
  | 'bytes'
  | 'string'
  | 'pubkey';

export type AnchorIdlType =
  | AnchorIdlPrimitive
  | { option: AnchorIdlType }
  | { vec: AnchorIdlType }
  | { array: [AnchorIdlType, number | { generic: string }] }
  | { defined: { name: string; generics?: AnchorIdlGenericArg[] } }
  | { generic: string };

export type AnchorIdlGenericArg = { kind: 'type'; type: AnchorIdlType } | { kind: 'const'; value: string };

/** True for a nested accounts group rather than one account. */
export function isCompositeAccounts(
  item: AnchorIdlInstructionAccountItem,
): item is AnchorIdlInstructionAccounts {
  return 'accounts' in item;
}

/** True when `fields` are named (a struct) rather than bare types (a tuple). Empty lists count as named. */
export function isNamedFields(fields: AnchorIdlDefinedFields): fields is AnchorIdlField[] {
  const first = fields[0];
  return first === undefined || (typeof first === 'object' && 'name' in first && 'type' in first);
}

const PRIMITIVES: ReadonlySet<string> = new Set<AnchorIdlPrimitive>([
  'bool',
  'u8',
  'i8',
  'u16',
  'i16',
  'u32',
  'i32',
  'f32',
  'u64',
  'i64',
  'f64',
  'u128',
  'i128',
  'u256',
  'i256',
  'bytes',
  'string',
  'pubkey',
]);

/**
 * Checks that parsed JSON has the shape of an Anchor 0.30+ IDL and returns it typed.
 *
 * Only the structure is checked here (so that later code can trust the types); discriminators, error
 * codes and names are checked by the header generator, which knows what it needs of them.
 *
 * @throws {IdlError} naming the JSON path of the first malformed item, e.g. `idl.instructions[2].args[0].type`.
 * @example
 * ```ts
 * const idl = parseAnchorIdl(JSON.parse(readFileSync('programs/wager/idl.json', 'utf8')));
 * ```
 */
export function parseAnchorIdl(json: unknown): AnchorIdl {
  const idl = obj(json, 'idl');
  if ('version' in idl && !('metadata' in idl)) {
    throw new IdlError('idl: this is a legacy (pre-0.30) Anchor IDL; write the 0.30+ format with "metadata"');
  }
  optional(idl, 'address', 'idl', str);
  const metadata = obj(idl['metadata'], 'idl.metadata');
  for (const key of ['name', 'version', 'spec'] as const) str(metadata[key], `idl.metadata.${key}`);
  arr(idl['instructions'], 'idl.instructions').forEach((value, i) => {
    const path = `idl.instructions[${i}]`;
    const ix = obj(value, path);
    str(ix['name'], `${path}.name`);
    bytes(ix['discriminator'], `${path}.discriminator`);
    arr(ix['accounts'], `${path}.accounts`).forEach((a, j) => {
      instructionAccountItem(a, `${path}.accounts[${j}]`);
    });
    fields(ix['args'], `${path}.args`, true);
    optional(ix, 'returns', path, type);
  });
  for (const key of ['accounts', 'events'] as const) {
    optional(idl, key, 'idl', (value, path) => {
      arr(value, path).forEach((item, i) => {
        const o = obj(item, `${path}[${i}]`);
        str(o['name'], `${path}[${i}].name`);
        bytes(o['discriminator'], `${path}[${i}].discriminator`);
      });
    });
  }
  optional(idl, 'errors', 'idl', (value, path) => {
    arr(value, path).forEach((item, i) => {
      const o = obj(item, `${path}[${i}]`);
      int(o['code'], `${path}[${i}].code`);
      str(o['name'], `${path}[${i}].name`);
      optional(o, 'msg', `${path}[${i}]`, str);
    });
  });
  optional(idl, 'types', 'idl', (value, path) => {
    arr(value, path).forEach((item, i) => {
      typeDef(item, `${path}[${i}]`);
    });
  });
  optional(idl, 'constants', 'idl', (value, path) => {
    arr(value, path).forEach((item, i) => {
      const o = obj(item, `${path}[${i}]`);
      str(o['name'], `${path}[${i}].name`);
      type(o['type'], `${path}[${i}].type`);
      str(o['value'], `${path}[${i}].value`);
    });
  });
  return json as AnchorIdl;
}

type Json = Record<string, unknown>;

function obj(value: unknown, path: string): Json {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new IdlError(`${path}: expected an object`);
  }
  return value as Json;
}

function arr(value: unknown, path: string): unknown[] {
  if (!Array.isArray(value)) throw new IdlError(`${path}: expected an array`);
  return value;
}

function str(value: unknown, path: string): string {
  if (typeof value !== 'string') throw new IdlError(`${path}: expected a string`);
  return value;
}

function int(value: unknown, path: string): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
    throw new IdlError(`${path}: expected a non-negative integer`);
  }
  return value;
}

function bool(value: unknown, path: string): void {
  if (typeof value !== 'boolean') throw new IdlError(`${path}: expected true or false`);
}

function bytes(value: unknown, path: string): void {
  arr(value, path).forEach((b, i) => {
    if (int(b, `${path}[${i}]`) > 255) throw new IdlError(`${path}[${i}]: expected a byte (0..255)`);
  });
}

function optional(
  o: Json,
  key: string,
  path: string,
  check: (value: unknown, path: string) => unknown,
): void {
  if (o[key] !== undefined) check(o[key], `${path}.${key}`);
}

function instructionAccountItem(value: unknown, path: string): void {
  const o = obj(value, path);
  str(o['name'], `${path}.name`);
  if ('accounts' in o) {
    arr(o['accounts'], `${path}.accounts`).forEach((a, i) => {
      instructionAccountItem(a, `${path}.accounts[${i}]`);
    });
    return;
  }
  for (const key of ['writable', 'signer', 'optional']) optional(o, key, path, bool);
  optional(o, 'address', path, str);
  optional(o, 'pda', path, (pdaValue, pdaPath) => {
    const pda = obj(pdaValue, pdaPath);
    arr(pda['seeds'], `${pdaPath}.seeds`).forEach((s, i) => {
      seed(s, `${pdaPath}.seeds[${i}]`);
    });
    optional(pda, 'program', pdaPath, seed);
  });
}

function seed(value: unknown, path: string): void {
  const o = obj(value, path);
  switch (o['kind']) {
    case 'const':
      bytes(o['value'], `${path}.value`);
      return;
    case 'arg':
    case 'account':
      str(o['path'], `${path}.path`);
      return;
    default:
      throw new IdlError(`${path}.kind: expected "const", "arg" or "account"`);
  }
}

function fields(value: unknown, path: string, namedOnly: boolean): void {
  const list = arr(value, path);
  const named = list.length > 0 && typeof list[0] === 'object' && list[0] !== null && 'name' in list[0];
  list.forEach((f, i) => {
    if (named || namedOnly) {
      const o = obj(f, `${path}[${i}]`);
      str(o['name'], `${path}[${i}].name`);
      type(o['type'], `${path}[${i}].type`);
    } else {
      type(f, `${path}[${i}]`);
    }
  });
}

function typeDef(value: unknown, path: string): void {
  const o = obj(value, path);
  str(o['name'], `${path}.name`);
  const ty = obj(o['type'], `${path}.type`);
  switch (ty['kind']) {
    case 'struct':
      optional(ty, 'fields', `${path}.type`, (f, p) => {
        fields(f, p, false);
      });
      return;
    case 'enum':
      arr(ty['variants'], `${path}.type.variants`).forEach((v, i) => {
        const vp = `${path}.type.variants[${i}]`;
        const variant = obj(v, vp);
        str(variant['name'], `${vp}.name`);
        optional(variant, 'fields', vp, (f, p) => {
          fields(f, p, false);
        });
      });
      return;
    case 'type':
      type(ty['alias'], `${path}.type.alias`);
      return;
    default:
      throw new IdlError(`${path}.type.kind: expected "struct", "enum" or "type"`);
  }
}

function type(value: unknown, path: string): void {
  if (typeof value === 'string') {
    if (!PRIMITIVES.has(value)) throw new IdlError(`${path}: unknown type "${value}"`);
    return;
  }
  const o = obj(value, path);
  const keys = Object.keys(o);
  const key = keys.length === 1 ? keys[0] : undefined;
  switch (key) {
    case 'option':
    case 'vec':
      type(o[key], `${path}.${key}`);
      return;
    case 'array': {
      const pair = arr(o['array'], `${path}.array`);
      if (pair.length !== 2) throw new IdlError(`${path}.array: expected [type, length]`);
      type(pair[0], `${path}.array[0]`);
      if (typeof pair[1] !== 'number') obj(pair[1], `${path}.array[1]`);
      else int(pair[1], `${path}.array[1]`);
      return;
    }
    case 'defined': {
      const defined = obj(o['defined'], `${path}.defined`);
      str(defined['name'], `${path}.defined.name`);
      return;
    }
    case 'generic':
      str(o['generic'], `${path}.generic`);
      return;
    default:
      throw new IdlError(
        `${path}: expected a primitive type name or one of {option}, {vec}, {array}, {defined}, {generic}`,
      );
  }
}
