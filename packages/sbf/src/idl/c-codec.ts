/**
 * C structs and Borsh codecs for the IDL's types, accounts, events and instruction arguments.
 *
 * Why they exist: Borsh writes `None` as one byte, so every field after an option moves when the option
 * changes. Fixed offsets would only be right while every option before a field is `Some`, and a program that
 * wrote a fixed max-size layout would be misread by Anchor's coder. Decoding an account into a C struct,
 * changing it, and encoding it back (as Anchor does) keeps the exact Borsh wire format and spares handlers
 * from counting bytes.
 *
 * Representation: integers as `<stdint.h>` types; `bool` as `uint8_t` (0 or 1); `f32`/`f64` as their bit
 * patterns in `uint32_t`/`uint64_t` (SBF programs do no float maths); `u128`/`i128` as `uint64_t[2]` and
 * `u256`/`i256` as `uint64_t[4]`, least significant word first; `pubkey` as `uint8_t[32]`; `Option<T>` as
 * `struct { uint8_t is_some; T value; }` with `value` zeroed when None; a fieldless enum as a `uint8_t`
 * typedef holding the variant index. Types with strings, vectors, tuple fields or enum payloads get no codec.
 *
 * @module
 */

import {
  isNamedFields,
  type AnchorIdlField,
  type AnchorIdlType,
  type AnchorIdlTypeDef,
} from './anchor-idl.ts';
import type { BorshLayouts } from './borsh-layout.ts';
import { toPascalCase, toSnakeCase, toUpperSnake } from './c-names.ts';

/** Primitive types stored as one `<stdint.h>` integer: C type, Borsh size, and getter suffix. */
const SCALARS: Readonly<Record<string, { c: string; size: number; get: string }>> = {
  bool: { c: 'uint8_t', size: 1, get: 'bool' },
  u8: { c: 'uint8_t', size: 1, get: 'u8' },
  i8: { c: 'int8_t', size: 1, get: 'i8' },
  u16: { c: 'uint16_t', size: 2, get: 'u16' },
  i16: { c: 'int16_t', size: 2, get: 'i16' },
  u32: { c: 'uint32_t', size: 4, get: 'u32' },
  i32: { c: 'int32_t', size: 4, get: 'i32' },
  f32: { c: 'uint32_t', size: 4, get: 'u32' },
  u64: { c: 'uint64_t', size: 8, get: 'u64' },
  i64: { c: 'int64_t', size: 8, get: 'i64' },
  f64: { c: 'uint64_t', size: 8, get: 'u64' },
};

/** Wide integers stored as little-endian `uint64_t` words. */
const WORDS: Readonly<Record<string, number>> = { u128: 2, i128: 2, u256: 4, i256: 4 };

/**
 * Shared Borsh primitives. Guarded by their own macro so both programs' headers can be included together.
 * They work at any alignment and never turn into a `memcpy` call, which SBF lacks.
 */
const HELPERS = `#ifndef ARCADE_IDL_BORSH_HELPERS
#define ARCADE_IDL_BORSH_HELPERS
/* Every helper returns 0 on success and 1 when the bytes run out or hold an invalid value. */

/* SBF checks the bounds of loads and stores but not their alignment, so on SBF a field is one instruction.
 * Inline assembly states that directly; in C a misaligned access could only be spelled byte by byte.
 * Other targets (the native codec tests) take the portable loops. */
#if defined(__bpf__)
#define IDL_LD_(width, p, v) __asm__ volatile("%0 = *(" width " *)(%1 + 0)" : "=r"(v) : "r"(p) : "memory")
#define IDL_ST_(width, p, v) __asm__ volatile("*(" width " *)(%0 + 0) = %1" : : "r"(p), "r"(v) : "memory")
#endif
static inline uint64_t idl_load_le(const uint8_t *p, uint64_t n) {
  uint64_t v = 0;
#if defined(__bpf__)
  if (n == 8) { IDL_LD_("u64", p, v); return v; }
  if (n == 4) { IDL_LD_("u32", p, v); return v; }
  if (n == 2) { IDL_LD_("u16", p, v); return v; }
#endif
  for (uint64_t i = 0; i < n; i++) v |= (uint64_t)p[i] << (8 * i);
  return v;
}
static inline void idl_store_le(uint8_t *p, uint64_t n, uint64_t v) {
#if defined(__bpf__)
  if (n == 8) { IDL_ST_("u64", p, v); return; }
  if (n == 4) { IDL_ST_("u32", p, v); return; }
  if (n == 2) { IDL_ST_("u16", p, v); return; }
#endif
  for (uint64_t i = 0; i < n; i++) p[i] = (uint8_t)(v >> (8 * i));
}
/* Copies n bytes, a word at a time where it can. */
static inline void idl_copy(uint8_t *dst, const uint8_t *src, uint64_t n) {
  uint64_t i = 0;
  for (; i + 8 <= n; i += 8) idl_store_le(dst + i, 8, idl_load_le(src + i, 8));
  for (; i < n; i++) dst[i] = src[i];
}
static inline int idl_get_uint(const uint8_t *src, uint64_t len, uint64_t *pos, uint64_t n, uint64_t *out) {
  if (*pos > len || len - *pos < n) return 1;
  *out = idl_load_le(src + *pos, n);
  *pos += n;
  return 0;
}
static inline int idl_get_u8(const uint8_t *src, uint64_t len, uint64_t *pos, uint8_t *out) {
  uint64_t v = 0;
  if (idl_get_uint(src, len, pos, 1, &v)) return 1;
  *out = (uint8_t)v;
  return 0;
}
static inline int idl_get_i8(const uint8_t *src, uint64_t len, uint64_t *pos, int8_t *out) {
  uint64_t v = 0;
  if (idl_get_uint(src, len, pos, 1, &v)) return 1;
  *out = (int8_t)(uint8_t)v;
  return 0;
}
static inline int idl_get_u16(const uint8_t *src, uint64_t len, uint64_t *pos, uint16_t *out) {
  uint64_t v = 0;
  if (idl_get_uint(src, len, pos, 2, &v)) return 1;
  *out = (uint16_t)v;
  return 0;
}
static inline int idl_get_i16(const uint8_t *src, uint64_t len, uint64_t *pos, int16_t *out) {
  uint64_t v = 0;
  if (idl_get_uint(src, len, pos, 2, &v)) return 1;
  *out = (int16_t)(uint16_t)v;
  return 0;
}
static inline int idl_get_u32(const uint8_t *src, uint64_t len, uint64_t *pos, uint32_t *out) {
  uint64_t v = 0;
  if (idl_get_uint(src, len, pos, 4, &v)) return 1;
  *out = (uint32_t)v;
  return 0;
}
static inline int idl_get_i32(const uint8_t *src, uint64_t len, uint64_t *pos, int32_t *out) {
  uint64_t v = 0;
  if (idl_get_uint(src, len, pos, 4, &v)) return 1;
  *out = (int32_t)(uint32_t)v;
  return 0;
}
static inline int idl_get_u64(const uint8_t *src, uint64_t len, uint64_t *pos, uint64_t *out) {
  return idl_get_uint(src, len, pos, 8, out);
}
static inline int idl_get_i64(const uint8_t *src, uint64_t len, uint64_t *pos, int64_t *out) {
  uint64_t v = 0;
  if (idl_get_uint(src, len, pos, 8, &v)) return 1;
  *out = (int64_t)v;
  return 0;
}
/* A bool, option tag or enum variant index: one byte below \`count\`. */
static inline int idl_get_tag(const uint8_t *src, uint64_t len, uint64_t *pos, uint64_t count, uint8_t *out) {
  uint64_t v = 0;
  if (idl_get_uint(src, len, pos, 1, &v) || v >= count) return 1;
  *out = (uint8_t)v;
  return 0;
}
static inline int idl_get_bool(const uint8_t *src, uint64_t len, uint64_t *pos, uint8_t *out) {
  return idl_get_tag(src, len, pos, 2, out);
}
/* Byte runs (keys, arrays) are copied out of line: inlined at every key field they cost programs more
 * space than the call costs them compute. */
static inline __attribute__((noinline)) int idl_get_bytes(const uint8_t *src, uint64_t len, uint64_t *pos, uint8_t *out,
                                                           uint64_t n) {
  if (*pos > len || len - *pos < n) return 1;
  idl_copy(out, src + *pos, n);
  *pos += n;
  return 0;
}
static inline int idl_get_words(const uint8_t *src, uint64_t len, uint64_t *pos, uint64_t *out, uint64_t n) {
  for (uint64_t i = 0; i < n; i++) {
    if (idl_get_uint(src, len, pos, 8, &out[i])) return 1;
  }
  return 0;
}
static inline int idl_put_uint(uint64_t v, uint64_t n, uint8_t *dst, uint64_t cap, uint64_t *pos) {
  if (*pos > cap || cap - *pos < n) return 1;
  idl_store_le(dst + *pos, n, v);
  *pos += n;
  return 0;
}
static inline __attribute__((noinline)) int idl_put_bytes(const uint8_t *src, uint64_t n, uint8_t *dst, uint64_t cap,
                                                           uint64_t *pos) {
  if (*pos > cap || cap - *pos < n) return 1;
  idl_copy(dst + *pos, src, n);
  *pos += n;
  return 0;
}
static inline int idl_put_words(const uint64_t *src, uint64_t n, uint8_t *dst, uint64_t cap, uint64_t *pos) {
  for (uint64_t i = 0; i < n; i++) {
    if (idl_put_uint(src[i], 8, dst, cap, pos)) return 1;
  }
  return 0;
}
static inline void idl_zero(uint8_t *p, uint64_t n) {
  uint64_t i = 0;
  for (; i + 8 <= n; i += 8) idl_store_le(p + i, 8, 0);
  for (; i < n; i++) p[i] = 0;
}
/* A key or byte array inside a run of fixed fields: out of line, as a call is shorter than the copy. */
static inline __attribute__((noinline)) void idl_copy_bytes(uint8_t *dst, const uint8_t *src, uint64_t n) {
  idl_copy(dst, src, n);
}
/* 1 when the first 8 bytes of \`data\` (at least 8 long) are \`disc\`. */
static inline int idl_disc_eq(const uint8_t *data, const uint8_t *disc) {
  return idl_load_le(data, 8) == idl_load_le(disc, 8);
}
#endif /* ARCADE_IDL_BORSH_HELPERS */`;

/** Names a codec-bearing item declares, so the header can check them for collisions. */
export interface CodecNames {
  /** Records a C identifier; throws if another item already declared it. */
  declare(name: string, owner: string): void;
}

/** What the header generator knows about the items that get codecs. */
export interface CodecInputs {
  readonly types: readonly AnchorIdlTypeDef[];
  readonly accounts: readonly { name: string; macro: string }[];
  readonly events: readonly { name: string; macro: string }[];
  readonly instructions: readonly { name: string; macro: string; args: readonly AnchorIdlField[] }[];
}

/** C spelling of a type: `spec name suffix`, e.g. `uint8_t` + `[32]`. */
interface CType {
  spec: string;
  suffix: string;
}

/**
 * The codec section of the header: helpers, typedefs and codec functions, in dependency order.
 * Returns the lines; items that cannot have a codec get a comment saying why.
 */
export function generateCodecs(inputs: CodecInputs, layouts: BorshLayouts, names: CodecNames): string[] {
  const defs = new Map(inputs.types.map((d) => [d.name, d]));
  const reasons = new Map<string, string | undefined>();

  /** Why a type cannot get a codec, or `undefined` if it can. */
  const typeReason = (type: AnchorIdlType): string | undefined => {
    if (typeof type === 'string') {
      return type === 'string' || type === 'bytes' ? `"${type}" has no fixed maximum size` : undefined;
    }
    if ('option' in type) return typeReason(type.option);
    if ('vec' in type) return 'a vec has no fixed maximum size';
    if ('array' in type) return typeReason(type.array[0]);
    if ('defined' in type) return defReason(type.defined.name);
    return 'generic';
  };
  const defReason = (name: string): string | undefined => {
    if (reasons.has(name)) return reasons.get(name);
    const def = defs.get(name)!;
    let reason: string | undefined;
    switch (def.type.kind) {
      case 'struct': {
        const fields = def.type.fields ?? [];
        if (fields.length === 0) reason = `"${name}" has no fields`;
        else if (!isNamedFields(fields)) reason = `"${name}" is a tuple struct`;
        else reason = fieldsReason(fields);
        break;
      }
      case 'enum':
        if (def.type.variants.some((v) => (v.fields ?? []).length > 0)) {
          reason = `enum "${name}" has variants with data`;
        }
        break;
      case 'type':
        reason = `"${name}" is a type alias`;
        break;
    }
    reasons.set(name, reason);
    return reason;
  };
  const fieldsReason = (fields: readonly AnchorIdlField[]): string | undefined => {
    for (const f of fields) {
      const reason = typeReason(f.type);
      if (reason !== undefined) return `field "${f.name}": ${reason}`;
    }
    return undefined;
  };

  const cType = (type: AnchorIdlType): CType => {
    if (typeof type === 'string') {
      if (type === 'pubkey') return { spec: 'uint8_t', suffix: '[32]' };
      const words = WORDS[type];
      if (words !== undefined) return { spec: 'uint64_t', suffix: `[${words}]` };
      return { spec: SCALARS[type]!.c, suffix: '' };
    }
    if ('option' in type) {
      const inner = cType(type.option);
      return { spec: `struct { uint8_t is_some; ${inner.spec} value${inner.suffix}; }`, suffix: '' };
    }
    if ('array' in type) {
      const inner = cType(type.array[0]);
      return { spec: inner.spec, suffix: `[${arrayLength(type.array[1])}]${inner.suffix}` };
    }
    if ('defined' in type) return { spec: type.defined.name, suffix: '' };
    throw new Error('unreachable: types without a codec are filtered out first');
  };

  /** Statements decoding `type` into the lvalue `lv`; `depth` names loop counters. */
  const decode = (type: AnchorIdlType, lv: string, depth: number): string[] => {
    const fail = (call: string): string[] => [`if (${call}) return 1;`];
    if (typeof type === 'string') {
      if (type === 'pubkey') return fail(`idl_get_bytes(src, len, pos, ${lv}, 32)`);
      const words = WORDS[type];
      if (words !== undefined) return fail(`idl_get_words(src, len, pos, ${lv}, ${words})`);
      return fail(`idl_get_${SCALARS[type]!.get}(src, len, pos, &${lv})`);
    }
    if ('option' in type) {
      return [
        ...fail(`idl_get_tag(src, len, pos, 2, &${lv}.is_some)`),
        `if (${lv}.is_some) {`,
        ...indent(decode(type.option, `${lv}.value`, depth)),
        '} else {',
        `  idl_zero((uint8_t *)&${lv}.value, sizeof(${lv}.value));`,
        '}',
      ];
    }
    if ('array' in type) {
      const [element, rawLength] = type.array;
      const length = arrayLength(rawLength);
      if (element === 'u8') return fail(`idl_get_bytes(src, len, pos, ${lv}, ${length})`);
      const i = `i${depth}`;
      return [
        `for (uint64_t ${i} = 0; ${i} < ${length}; ${i}++) {`,
        ...indent(decode(element, `${lv}[${i}]`, depth + 1)),
        '}',
      ];
    }
    if ('defined' in type) return fail(`${toSnakeCase(type.defined.name)}_decode(src, len, pos, &${lv})`);
    throw new Error('unreachable: types without a codec are filtered out first');
  };

  /** Statements encoding the rvalue `rv` of `type`. */
  const encode = (type: AnchorIdlType, rv: string, depth: number): string[] => {
    const fail = (call: string): string[] => [`if (${call}) return 1;`];
    if (typeof type === 'string') {
      if (type === 'pubkey') return fail(`idl_put_bytes(${rv}, 32, dst, cap, pos)`);
      const words = WORDS[type];
      if (words !== undefined) return fail(`idl_put_words(${rv}, ${words}, dst, cap, pos)`);
      if (type === 'bool') return fail(`idl_put_uint(${rv} ? 1 : 0, 1, dst, cap, pos)`);
      return fail(`idl_put_uint((uint64_t)${rv}, ${SCALARS[type]!.size}, dst, cap, pos)`);
    }
    if ('option' in type) {
      return [
        ...fail(`idl_put_uint(${rv}.is_some ? 1 : 0, 1, dst, cap, pos)`),
        `if (${rv}.is_some) {`,
        ...indent(encode(type.option, `${rv}.value`, depth)),
        '}',
      ];
    }
    if ('array' in type) {
      const [element, rawLength] = type.array;
      const length = arrayLength(rawLength);
      if (element === 'u8') return fail(`idl_put_bytes(${rv}, ${length}, dst, cap, pos)`);
      const i = `i${depth}`;
      return [
        `for (uint64_t ${i} = 0; ${i} < ${length}; ${i}++) {`,
        ...indent(encode(element, `${rv}[${i}]`, depth + 1)),
        '}',
      ];
    }
    if ('defined' in type) return fail(`${toSnakeCase(type.defined.name)}_encode(&${rv}, dst, cap, pos)`);
    throw new Error('unreachable: types without a codec are filtered out first');
  };

  /**
   * A field read or written in place inside a run of fixed fields, at `offset` from the run's start, with
   * no bounds check of its own (the run checks its whole size once): integers, bools, keys, byte arrays and
   * fieldless enums. Options, wide integers, nested structs and other arrays go field by field.
   */
  const runField = (type: AnchorIdlType): { size: number; count?: string } | null => {
    if (typeof type === 'string') {
      if (type === 'pubkey') return { size: 32 };
      const scalar = SCALARS[type];
      if (scalar === undefined || type === 'f32' || type === 'f64') return null;
      return type === 'bool' ? { size: 1, count: '2' } : { size: scalar.size };
    }
    if ('array' in type && type.array[0] === 'u8') return { size: arrayLength(type.array[1]) };
    if ('defined' in type) {
      const def = defs.get(type.defined.name)!;
      if (def.type.kind === 'enum') return { size: 1, count: `${toUpperSnake(def.name)}_VARIANT_COUNT` };
    }
    return null;
  };

  /** Splits fields into runs of in-place fields and single other fields, in order. */
  const runsOf = (fields: readonly AnchorIdlField[]) => {
    const runs: (
      { kind: 'run'; fields: AnchorIdlField[]; size: number } | { kind: 'field'; field: AnchorIdlField }
    )[] = [];
    for (const field of fields) {
      const placed = runField(field.type);
      const last = runs[runs.length - 1];
      if (placed === null) runs.push({ kind: 'field', field });
      else if (last?.kind === 'run') {
        last.fields.push(field);
        last.size += placed.size;
      } else runs.push({ kind: 'run', fields: [field], size: placed.size });
    }
    return runs;
  };

  const decodeRun = (fields: readonly AnchorIdlField[], size: number): string[] => {
    const lines = [
      '{',
      `  if (*pos > len || len - *pos < ${size}) return 1;`,
      '  const uint8_t *p = src + *pos;',
    ];
    let at = 0;
    for (const f of fields) {
      const placed = runField(f.type)!;
      const lv = `out->${toSnakeCase(f.name)}`;
      if (placed.count !== undefined) {
        lines.push(`  if (p[${at}] >= ${placed.count}) return 1;`, `  ${lv} = p[${at}];`);
      } else if (typeof f.type === 'string' && f.type !== 'pubkey') {
        const scalar = SCALARS[f.type]!;
        lines.push(`  ${lv} = (${scalar.c})idl_load_le(p + ${at}, ${scalar.size});`);
      } else {
        lines.push(`  idl_copy_bytes(${lv}, p + ${at}, ${placed.size});`);
      }
      at += placed.size;
    }
    lines.push(`  *pos += ${size};`, '}');
    return lines;
  };

  const encodeRun = (fields: readonly AnchorIdlField[], size: number): string[] => {
    const lines = ['{', `  if (*pos > cap || cap - *pos < ${size}) return 1;`, '  uint8_t *p = dst + *pos;'];
    let at = 0;
    for (const f of fields) {
      const placed = runField(f.type)!;
      const rv = `in->${toSnakeCase(f.name)}`;
      if (f.type === 'bool') {
        lines.push(`  p[${at}] = ${rv} ? 1 : 0;`);
      } else if (placed.count !== undefined) {
        lines.push(`  if (${rv} >= ${placed.count}) return 1;`, `  p[${at}] = ${rv};`);
      } else if (typeof f.type === 'string' && f.type !== 'pubkey') {
        lines.push(`  idl_store_le(p + ${at}, ${SCALARS[f.type]!.size}, (uint64_t)${rv});`);
      } else {
        lines.push(`  idl_copy_bytes(p + ${at}, ${rv}, ${placed.size});`);
      }
      at += placed.size;
    }
    lines.push(`  *pos += ${size};`, '}');
    return lines;
  };

  const structCodec = (typeName: string, fields: readonly AnchorIdlField[], owner: string): string[] => {
    const fn = toSnakeCase(typeName);
    names.declare(typeName, owner);
    names.declare(`${fn}_decode`, owner);
    names.declare(`${fn}_encode`, owner);
    const members = fields.map((f) => {
      const t = cType(f.type);
      return `  ${t.spec} ${toSnakeCase(f.name)}${t.suffix};`;
    });
    // A lone field is as short field by field; runs of two or more check their bounds once.
    const runs = runsOf(fields);
    const decodeLines = runs.flatMap((r) =>
      r.kind === 'field'
        ? decode(r.field.type, `out->${toSnakeCase(r.field.name)}`, 0)
        : r.fields.length === 1
          ? decode(r.fields[0]!.type, `out->${toSnakeCase(r.fields[0]!.name)}`, 0)
          : decodeRun(r.fields, r.size),
    );
    const encodeLines = runs.flatMap((r) =>
      r.kind === 'field'
        ? encode(r.field.type, `in->${toSnakeCase(r.field.name)}`, 0)
        : r.fields.length === 1
          ? encode(r.fields[0]!.type, `in->${toSnakeCase(r.fields[0]!.name)}`, 0)
          : encodeRun(r.fields, r.size),
    );
    return [
      `typedef struct ${typeName} {`,
      ...members,
      `} ${typeName};`,
      `static inline int ${fn}_decode(const uint8_t *src, uint64_t len, uint64_t *pos, ${typeName} *out) {`,
      ...indent(decodeLines),
      '  return 0;',
      '}',
      `static inline int ${fn}_encode(const ${typeName} *in, uint8_t *dst, uint64_t cap, uint64_t *pos) {`,
      ...indent(encodeLines),
      '  return 0;',
      '}',
    ];
  };

  const enumCodec = (def: AnchorIdlTypeDef): string[] => {
    const fn = toSnakeCase(def.name);
    const count = `${toUpperSnake(def.name)}_VARIANT_COUNT`;
    const owner = `enum "${def.name}"`;
    names.declare(def.name, owner);
    names.declare(`${fn}_decode`, owner);
    names.declare(`${fn}_encode`, owner);
    return [
      `typedef uint8_t ${def.name};`,
      `static inline int ${fn}_decode(const uint8_t *src, uint64_t len, uint64_t *pos, ${def.name} *out) {`,
      `  return idl_get_tag(src, len, pos, ${count}, out);`,
      '}',
      `static inline int ${fn}_encode(const ${def.name} *in, uint8_t *dst, uint64_t cap, uint64_t *pos) {`,
      `  if (*in >= ${count}) return 1;`,
      '  return idl_put_uint(*in, 1, dst, cap, pos);',
      '}',
    ];
  };

  const out: string[] = [
    '/* ---- Borsh codecs ----',
    ' * Decode functions read at *pos and advance it; encode functions write at *pos and advance it.',
    ' * Both return 0 on success and 1 on short input or output, an invalid bool, option tag or enum',
    ' * variant, and leave partial output on failure (return an error so the runtime discards it). */',
    HELPERS,
    '',
  ];

  // Depth-first so that every typedef precedes its first use; IDL order otherwise, for stable output.
  const emitted = new Set<string>();
  const emit = (name: string): void => {
    if (emitted.has(name)) return;
    emitted.add(name);
    const def = defs.get(name)!;
    const reason = defReason(name);
    if (reason !== undefined) {
      out.push(`/* No codec for type ${name}: ${reason}. */`, '');
      return;
    }
    if (def.type.kind === 'enum') {
      out.push(...enumCodec(def), '');
      return;
    }
    const fields = (def.type.kind === 'struct' ? (def.type.fields ?? []) : []) as AnchorIdlField[];
    for (const f of fields) for (const dep of definedNames(f.type)) emit(dep);
    out.push(...structCodec(name, fields, `type "${name}"`), '');
  };
  for (const def of inputs.types) emit(def.name);

  for (const account of inputs.accounts) {
    const reason = defReason(account.name);
    if (reason !== undefined) {
      out.push(`/* No load/store for account ${account.name}: ${reason}. */`, '');
      continue;
    }
    if (layouts.def(account.name, `account "${account.name}"`).type.kind !== 'struct') {
      out.push(`/* No load/store for account ${account.name}: it is not a struct. */`, '');
      continue;
    }
    const fn = toSnakeCase(account.name);
    const owner = `account "${account.name}"`;
    names.declare(`account_${fn}_load`, owner);
    names.declare(`account_${fn}_store`, owner);
    out.push(
      `/* Reads a ${account.name} account after checking its discriminator. Like Anchor, ignores the bytes after`,
      ' * the encoding (the unused tail of a max-size allocation). */',
      `static inline int account_${fn}_load(const uint8_t *data, uint64_t len, ${account.name} *out) {`,
      '  uint64_t at = 8;',
      `  if (len < 8 || !idl_disc_eq(data, ${account.macro})) return 1;`,
      `  return ${fn}_decode(data, len, &at, out);`,
      '}',
      `/* Writes a ${account.name} account: discriminator, Borsh encoding, then zeros up to \`len\` so a shorter`,
      ' * encoding leaves no stale bytes behind. */',
      `static inline int account_${fn}_store(const ${account.name} *in, uint8_t *data, uint64_t len) {`,
      '  uint64_t at = 0;',
      `  if (idl_put_bytes(${account.macro}, 8, data, len, &at) || ${fn}_encode(in, data, len, &at)) return 1;`,
      '  idl_zero(data + at, len - at);',
      '  return 0;',
      '}',
      '',
    );
  }

  for (const event of inputs.events) {
    const reason = defReason(event.name);
    if (reason !== undefined) {
      out.push(`/* No encoder for event ${event.name}: ${reason}. */`, '');
      continue;
    }
    const fn = toSnakeCase(event.name);
    names.declare(`event_${fn}_encode`, `event "${event.name}"`);
    out.push(
      `/* Writes a ${event.name} event (discriminator + Borsh) at dst[0..]; log it with sol_log_data. */`,
      `static inline int event_${fn}_encode(const ${event.name} *in, uint8_t *dst, uint64_t cap, uint64_t *len_out) {`,
      '  uint64_t at = 0;',
      `  if (idl_put_bytes(${event.macro}, 8, dst, cap, &at) || ${fn}_encode(in, dst, cap, &at)) return 1;`,
      '  *len_out = at;',
      '  return 0;',
      '}',
      '',
    );
  }

  for (const ix of inputs.instructions) {
    if (ix.args.length === 0) continue;
    const argsType = `${toPascalCase(ix.name)}Args`;
    const owner = `instruction "${ix.name}"`;
    const reason = fieldsReason(ix.args);
    if (reason !== undefined) {
      out.push(`/* No argument decoder for instruction ${ix.name}: ${reason}. */`, '');
      continue;
    }
    for (const f of ix.args) for (const dep of definedNames(f.type)) emit(dep);
    const fn = `ix_${toSnakeCase(ix.name)}_args_decode`;
    names.declare(fn, owner);
    out.push(
      ...structCodec(argsType, ix.args, owner),
      `/* Decodes the arguments after the 8-byte discriminator (which the dispatcher has matched).`,
      ' * Like Anchor, ignores trailing bytes. */',
      `static inline int ${fn}(const uint8_t *data, uint64_t len, ${argsType} *out) {`,
      '  uint64_t at = 8;',
      `  return ${toSnakeCase(argsType)}_decode(data, len, &at, out);`,
      '}',
      '',
    );
  }
  return out;
}

/** Generic lengths were rejected when the layouts were computed. */
function arrayLength(length: number | { generic: string }): number {
  if (typeof length !== 'number') throw new Error('unreachable: generic array lengths are rejected earlier');
  return length;
}

function indent(lines: string[]): string[] {
  return lines.map((l) => `  ${l}`);
}

function definedNames(type: AnchorIdlType): string[] {
  if (typeof type === 'string') return [];
  if ('option' in type) return definedNames(type.option);
  if ('vec' in type) return definedNames(type.vec);
  if ('array' in type) return definedNames(type.array[0]);
  if ('defined' in type) return [type.defined.name];
  return [];
}
