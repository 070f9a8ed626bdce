/**
 * Builds relocatable BPF objects (ET_REL, EM_BPF) from a description, so linker tests can state exactly
 * which sections, symbols and relocations an object has, without depending on a compiler.
 */

export interface SectionSpec {
  name: string;
  /** SHF flags; by default code is AX, read-only data A, and .data or .bss WA. */
  flags?: number;
  type?: number;
  align?: number;
  data: Uint8Array;
}

export interface SymbolSpec {
  name: string;
  /** Section name, or undefined for an undefined (external) symbol. */
  section?: string;
  value?: number;
  size?: number;
  bind?: 'local' | 'global' | 'weak';
  type?: 'func' | 'object' | 'notype' | 'section';
  /** Special section index (e.g. SHN_COMMON = 0xfff2). */
  shndx?: number;
}

export interface RelocSpec {
  section: string;
  offset: number;
  type: number;
  /** A symbol name from `symbols`, or `section:<name>` for that section's STT_SECTION symbol. */
  symbol: string;
}

export interface ObjectSpec {
  sections: SectionSpec[];
  symbols?: SymbolSpec[];
  relocations?: RelocSpec[];
  machine?: number;
  elfType?: number;
}

const SHT_PROGBITS = 1;
const SHT_SYMTAB = 2;
const SHT_STRTAB = 3;
const SHT_NOBITS = 8;
const SHT_REL = 9;

function defaultFlags(name: string): number {
  if (name.startsWith('.text')) return 0x6;
  if (name.startsWith('.data') || name.startsWith('.bss')) return 0x3;
  if (name.startsWith('.rodata')) return 0x2;
  return 0;
}

class Strings {
  private bytes: number[] = [0];
  add(s: string): number {
    const at = this.bytes.length;
    this.bytes.push(...new TextEncoder().encode(s), 0);
    return at;
  }
  build(): Uint8Array {
    return Uint8Array.from(this.bytes);
  }
}

export function buildObject(spec: ObjectSpec): Uint8Array {
  const shstr = new Strings();
  const str = new Strings();
  interface Out {
    name: number;
    type: number;
    flags: number;
    data: Uint8Array;
    size: number;
    link: number;
    info: number;
    align: number;
    entsize: number;
  }
  const out: Out[] = [
    { name: 0, type: 0, flags: 0, data: new Uint8Array(), size: 0, link: 0, info: 0, align: 0, entsize: 0 },
  ];
  const secIndex = new Map<string, number>();
  for (const s of spec.sections) {
    const type = s.type ?? (s.name.startsWith('.bss') ? SHT_NOBITS : SHT_PROGBITS);
    secIndex.set(s.name, out.length);
    out.push({
      name: shstr.add(s.name),
      type,
      flags: s.flags ?? defaultFlags(s.name),
      data: type === SHT_NOBITS ? new Uint8Array() : s.data,
      size: s.data.length,
      link: 0,
      info: 0,
      align: s.align ?? 8,
      entsize: 0,
    });
  }
  // Symbols: null, section symbols, locals, then globals (ELF requires locals first).
  interface Sym {
    name: number;
    info: number;
    shndx: number;
    value: number;
    size: number;
  }
  const syms: Sym[] = [{ name: 0, info: 0, shndx: 0, value: 0, size: 0 }];
  const symIndex = new Map<string, number>();
  for (const s of spec.sections) {
    symIndex.set(`section:${s.name}`, syms.length);
    syms.push({ name: 0, info: 3, shndx: secIndex.get(s.name)!, value: 0, size: 0 });
  }
  const binds = { local: 0, global: 1, weak: 2 } as const;
  const types = { notype: 0, object: 1, func: 2, section: 3 } as const;
  const userSyms = spec.symbols ?? [];
  const ordered = [
    ...userSyms.filter((s) => s.bind === 'local'),
    ...userSyms.filter((s) => s.bind !== 'local'),
  ];
  let firstGlobal = syms.length + userSyms.filter((s) => s.bind === 'local').length;
  for (const s of ordered) {
    symIndex.set(s.name, syms.length);
    const bind = binds[s.bind ?? 'global'];
    const type = types[s.type ?? (s.section?.startsWith('.text') ? 'func' : s.section ? 'object' : 'notype')];
    syms.push({
      name: str.add(s.name),
      info: (bind << 4) | type,
      shndx: s.shndx ?? (s.section ? secIndex.get(s.section)! : 0),
      value: s.value ?? 0,
      size: s.size ?? 0,
    });
  }
  if (firstGlobal > syms.length) firstGlobal = syms.length;

  const symtabIndex = out.length + new Set((spec.relocations ?? []).map((r) => r.section)).size;
  const relBySection = new Map<string, RelocSpec[]>();
  for (const r of spec.relocations ?? []) {
    const list = relBySection.get(r.section) ?? [];
    list.push(r);
    relBySection.set(r.section, list);
  }
  for (const [section, relocs] of relBySection) {
    const data = new Uint8Array(relocs.length * 16);
    const v = new DataView(data.buffer);
    relocs.forEach((r, i) => {
      const sym = symIndex.get(r.symbol);
      if (sym === undefined) throw new Error(`test object: unknown symbol ${r.symbol}`);
      v.setBigUint64(i * 16, BigInt(r.offset), true);
      v.setBigUint64(i * 16 + 8, (BigInt(sym) << 32n) | BigInt(r.type), true);
    });
    out.push({
      name: shstr.add(`.rel${section}`),
      type: SHT_REL,
      flags: 0x40,
      data,
      size: data.length,
      link: symtabIndex,
      info: secIndex.get(section)!,
      align: 8,
      entsize: 16,
    });
  }
  const symData = new Uint8Array(syms.length * 24);
  const sv = new DataView(symData.buffer);
  syms.forEach((s, i) => {
    sv.setUint32(i * 24, s.name, true);
    sv.setUint8(i * 24 + 4, s.info);
    sv.setUint16(i * 24 + 6, s.shndx, true);
    sv.setBigUint64(i * 24 + 8, BigInt(s.value), true);
    sv.setBigUint64(i * 24 + 16, BigInt(s.size), true);
  });
  const strtabIndex = symtabIndex + 1;
  out.push({
    name: shstr.add('.symtab'),
    type: SHT_SYMTAB,
    flags: 0,
    data: symData,
    size: symData.length,
    link: strtabIndex,
    info: firstGlobal,
    align: 8,
    entsize: 24,
  });
  const strData = str.build();
  out.push({
    name: shstr.add('.strtab'),
    type: SHT_STRTAB,
    flags: 0,
    data: strData,
    size: strData.length,
    link: 0,
    info: 0,
    align: 1,
    entsize: 0,
  });
  const shstrIndex = out.length;
  const shstrName = shstr.add('.shstrtab');
  const shstrData = shstr.build();
  out.push({
    name: shstrName,
    type: SHT_STRTAB,
    flags: 0,
    data: shstrData,
    size: shstrData.length,
    link: 0,
    info: 0,
    align: 1,
    entsize: 0,
  });

  let offset = 64;
  const offsets = out.map((s) => {
    offset = Math.ceil(offset / 8) * 8;
    const at = offset;
    offset += s.data.length;
    return at;
  });
  const shoff = Math.ceil(offset / 8) * 8;
  const bytes = new Uint8Array(shoff + out.length * 64);
  const v = new DataView(bytes.buffer);
  bytes.set([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0], 0);
  v.setUint16(16, spec.elfType ?? 1, true);
  v.setUint16(18, spec.machine ?? 247, true);
  v.setUint32(20, 1, true);
  v.setBigUint64(40, BigInt(shoff), true);
  v.setUint16(52, 64, true);
  v.setUint16(58, 64, true);
  v.setUint16(60, out.length, true);
  v.setUint16(62, shstrIndex, true);
  out.forEach((s, i) => {
    bytes.set(s.data, offsets[i]);
    const o = shoff + i * 64;
    v.setUint32(o, s.name, true);
    v.setUint32(o + 4, s.type, true);
    v.setBigUint64(o + 8, BigInt(s.flags), true);
    v.setBigUint64(o + 24, BigInt(i === 0 ? 0 : offsets[i]!), true);
    v.setBigUint64(o + 32, BigInt(s.size), true);
    v.setUint32(o + 40, s.link, true);
    v.setUint32(o + 44, s.info, true);
    v.setBigUint64(o + 48, BigInt(s.align), true);
    v.setBigUint64(o + 56, BigInt(s.entsize), true);
  });
  return bytes;
}

/** Encodes one 8-byte BPF instruction. */
export function insn(op: number, dst = 0, src = 0, off = 0, imm = 0): Uint8Array {
  const b = new Uint8Array(8);
  const v = new DataView(b.buffer);
  b[0] = op;
  b[1] = (src << 4) | dst;
  v.setInt16(2, off, true);
  v.setInt32(4, imm, true);
  return b;
}

/** `lddw dst, imm64` (two slots). */
export function lddw(dst: number, imm: bigint): Uint8Array {
  const b = new Uint8Array(16);
  const v = new DataView(b.buffer);
  b[0] = 0x18;
  b[1] = dst;
  v.setUint32(4, Number(imm & 0xffffffffn), true);
  v.setUint32(12, Number(imm >> 32n), true);
  return b;
}

export function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

export const text = (s: string): Uint8Array => new TextEncoder().encode(s);
