/**
 * Borsh sizes and field offsets of IDL types.
 *
 * Borsh has no padding and no alignment, so a field's offset is the sum of the sizes before it, and it is the
 * same for every value only while every field before it has one fixed size. Options (1 byte when None),
 * enums with payloads of different sizes and collections break that; after one of them the offsets of later
 * fields depend on the data.
 *
 * @module
 */

import {
  isNamedFields,
  type AnchorIdlDefinedFields,
  type AnchorIdlField,
  type AnchorIdlType,
  type AnchorIdlTypeDef,
} from './anchor-idl.ts';
import { IdlError } from './idl-error.ts';

/** How many bytes a type takes in Borsh. */
export interface TypeLayout {
  /** The largest encoding; `undefined` when unbounded (string, bytes, vec). Anchor's `InitSpace` is this. */
  readonly maxSize: number | undefined;
  /** The size of every encoding, when it never varies; `undefined` otherwise. */
  readonly exactSize: number | undefined;
}

/** Where one field of a struct sits. */
export interface FieldPlacement {
  readonly field: AnchorIdlField;
  readonly layout: TypeLayout;
  /** Offset from the start of the data; `undefined` when it depends on the data before it. */
  readonly offset: number | undefined;
}

/** The layout of a field list (struct, event, instruction arguments) after `base` bytes of header. */
export interface FieldsPlacement {
  readonly fields: readonly FieldPlacement[];
  /** `base` + the largest encoding of the fields, or `undefined` when unbounded. */
  readonly maxSize: number | undefined;
  /** `base` + the size of every encoding, or `undefined` when it varies. */
  readonly exactSize: number | undefined;
  /** The first field whose size varies: every field after it has no fixed offset. */
  readonly firstVariable: string | undefined;
}

const PRIMITIVE_SIZES: Readonly<Record<string, number>> = {
  bool: 1,
  u8: 1,
  i8: 1,
  u16: 2,
  i16: 2,
  u32: 4,
  i32: 4,
  f32: 4,
  u64: 8,
  i64: 8,
  f64: 8,
  u128: 16,
  i128: 16,
  u256: 32,
  i256: 32,
  pubkey: 32,
};

const UNBOUNDED: TypeLayout = { maxSize: undefined, exactSize: undefined };

function sum(a: number | undefined, b: number | undefined): number | undefined {
  return a === undefined || b === undefined ? undefined : a + b;
}

/** Resolves `defined` types by name and computes layouts, remembering each type's. */
export class BorshLayouts {
  readonly #defs = new Map<string, AnchorIdlTypeDef>();
  readonly #layouts = new Map<string, TypeLayout>();
  readonly #visiting = new Set<string>();

  constructor(types: readonly AnchorIdlTypeDef[]) {
    for (const def of types) {
      if (this.#defs.has(def.name)) throw new IdlError(`type "${def.name}" is defined twice`);
      this.#defs.set(def.name, def);
    }
  }

  /** The definition of a named type. `where` names the item that refers to it, for the error message. */
  def(name: string, where: string): AnchorIdlTypeDef {
    const def = this.#defs.get(name);
    if (def === undefined) throw new IdlError(`${where}: type "${name}" is not in the IDL's "types"`);
    return def;
  }

  /** The Borsh layout of a type. */
  layout(type: AnchorIdlType, where: string): TypeLayout {
    if (typeof type === 'string') {
      if (type === 'string' || type === 'bytes') return UNBOUNDED;
      const size = PRIMITIVE_SIZES[type]!;
      return { maxSize: size, exactSize: size };
    }
    if ('option' in type) {
      return { maxSize: sum(1, this.layout(type.option, where).maxSize), exactSize: undefined };
    }
    if ('vec' in type) {
      this.layout(type.vec, where);
      return UNBOUNDED;
    }
    if ('array' in type) {
      const [element, length] = type.array;
      if (typeof length !== 'number') {
        throw new IdlError(`${where}: arrays of generic length are not supported`);
      }
      const inner = this.layout(element, where);
      return {
        maxSize: inner.maxSize === undefined ? undefined : inner.maxSize * length,
        exactSize: inner.exactSize === undefined ? undefined : inner.exactSize * length,
      };
    }
    if ('defined' in type) {
      if ((type.defined.generics ?? []).length > 0) {
        throw new IdlError(`${where}: generic type "${type.defined.name}" is not supported`);
      }
      return this.defLayout(type.defined.name, where);
    }
    throw new IdlError(`${where}: generic parameter "${type.generic}" is not supported`);
  }

  /** The Borsh layout of a named type. */
  defLayout(name: string, where: string): TypeLayout {
    const known = this.#layouts.get(name);
    if (known !== undefined) return known;
    const def = this.def(name, where);
    if (this.#visiting.has(name)) throw new IdlError(`type "${name}" contains itself`);
    if ((def.generics ?? []).length > 0)
      throw new IdlError(`type "${name}": generic types are not supported`);
    if (def.serialization !== undefined && def.serialization !== 'borsh') {
      throw new IdlError(`type "${name}": only Borsh serialization is supported`);
    }
    this.#visiting.add(name);
    const here = `type "${name}"`;
    let layout: TypeLayout;
    switch (def.type.kind) {
      case 'struct':
        layout = this.#fieldsLayout(def.type.fields ?? [], here);
        break;
      case 'enum': {
        const payloads = def.type.variants.map((v) =>
          this.#fieldsLayout(v.fields ?? [], `${here} variant "${v.name}"`),
        );
        if (payloads.length > 256) throw new IdlError(`${here}: Borsh enums have at most 256 variants`);
        const max = payloads.some((p) => p.maxSize === undefined)
          ? undefined
          : Math.max(0, ...payloads.map((p) => p.maxSize!));
        const exact = payloads[0]?.exactSize ?? 0;
        const same = payloads.every((p) => p.exactSize === exact);
        layout = { maxSize: sum(1, max), exactSize: same ? 1 + exact : undefined };
        break;
      }
      case 'type':
        layout = this.layout(def.type.alias, here);
        break;
    }
    this.#visiting.delete(name);
    this.#layouts.set(name, layout);
    return layout;
  }

  /** Places named fields after `base` bytes (the discriminator for accounts, events and instructions). */
  placeFields(fields: readonly AnchorIdlField[], base: number, where: string): FieldsPlacement {
    const placed: FieldPlacement[] = [];
    let offset: number | undefined = base;
    let maxSize: number | undefined = base;
    let exactSize: number | undefined = base;
    let firstVariable: string | undefined;
    for (const field of fields) {
      const layout = this.layout(field.type, `${where} field "${field.name}"`);
      placed.push({ field, layout, offset });
      offset = sum(offset, layout.exactSize);
      maxSize = sum(maxSize, layout.maxSize);
      exactSize = sum(exactSize, layout.exactSize);
      if (layout.exactSize === undefined) firstVariable ??= field.name;
    }
    return { fields: placed, maxSize, exactSize, firstVariable };
  }

  #fieldsLayout(fields: AnchorIdlDefinedFields, where: string): TypeLayout {
    const types = isNamedFields(fields) ? fields.map((f) => f.type) : fields;
    return types.reduce<TypeLayout>(
      (acc, t) => {
        const l = this.layout(t, where);
        return { maxSize: sum(acc.maxSize, l.maxSize), exactSize: sum(acc.exactSize, l.exactSize) };
      },
      { maxSize: 0, exactSize: 0 },
    );
  }
}
