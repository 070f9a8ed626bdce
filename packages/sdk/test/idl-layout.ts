/**
 * Borsh sizes and fixed offsets computed straight from an Anchor IDL's `types`, for tests that check a
 * client's hand-written sizes and offsets against the IDL. (The C header generator in `@arcade/sbf` computes
 * the same for the programs; the SDK cannot import it, as `@arcade/sbf` depends on the SDK.)
 *
 * @module
 */

interface IdlTypeDef {
  readonly name: string;
  readonly type: {
    readonly kind: string;
    readonly fields?: readonly { readonly name: string; readonly type: unknown }[];
    readonly variants?: readonly { readonly name: string }[];
  };
}

interface IdlWithTypes {
  readonly types: readonly IdlTypeDef[];
}

const PRIMITIVES: Readonly<Record<string, number>> = {
  bool: 1,
  u8: 1,
  i8: 1,
  u16: 2,
  i16: 2,
  u32: 4,
  i32: 4,
  u64: 8,
  i64: 8,
  u128: 16,
  i128: 16,
  pubkey: 32,
};

interface Layout {
  readonly max: number;
  readonly fixed: boolean;
}

function layoutOf(idl: IdlWithTypes, type: unknown): Layout {
  if (typeof type === 'string') {
    const size = PRIMITIVES[type];
    if (size === undefined) throw new Error(`No fixed Borsh size for ${type}`);
    return { max: size, fixed: true };
  }
  if (typeof type === 'object' && type !== null && 'array' in type) {
    const [element, length] = type.array as [unknown, number];
    const layout = layoutOf(idl, element);
    return { max: layout.max * length, fixed: layout.fixed };
  }
  if (typeof type === 'object' && type !== null && 'option' in type) {
    return { max: 1 + layoutOf(idl, type.option).max, fixed: false };
  }
  if (typeof type === 'object' && type !== null && 'defined' in type) {
    const { name } = type.defined as { name: string };
    const def = idl.types.find((t) => t.name === name);
    if (def === undefined) throw new Error(`The IDL has no type ${name}`);
    if (def.type.kind === 'enum') return { max: 1, fixed: true };
    return fieldsLayout(idl, name).total;
  }
  throw new Error(`Unsupported IDL type ${JSON.stringify(type)}`);
}

function fieldsLayout(
  idl: IdlWithTypes,
  typeName: string,
): { readonly total: Layout; readonly offsets: ReadonlyMap<string, number | undefined> } {
  const def = idl.types.find((t) => t.name === typeName);
  if (def?.type.fields === undefined) {
    throw new Error(`The IDL has no struct ${typeName}`);
  }
  let max = 0;
  let fixed = true;
  const offsets = new Map<string, number | undefined>();
  for (const field of def.type.fields) {
    offsets.set(field.name, fixed ? max : undefined);
    const layout = layoutOf(idl, field.type);
    max += layout.max;
    fixed &&= layout.fixed;
  }
  return { total: { max, fixed }, offsets };
}

/** 8 (the discriminator) + the largest Borsh encoding of the IDL struct `typeName`: its account size. */
export function idlAccountSize(idl: IdlWithTypes, typeName: string): number {
  return 8 + fieldsLayout(idl, typeName).total.max;
}

/**
 * The offset of `field` in the data of `typeName` behind an 8-byte discriminator, or undefined when a field
 * of varying size comes before it.
 */
export function idlFieldOffset(idl: IdlWithTypes, typeName: string, field: string): number | undefined {
  const offsets = fieldsLayout(idl, typeName).offsets;
  if (!offsets.has(field)) throw new Error(`${typeName} has no field ${field}`);
  const offset = offsets.get(field);
  return offset === undefined ? undefined : 8 + offset;
}
