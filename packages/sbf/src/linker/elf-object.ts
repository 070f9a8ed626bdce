/**
 * Reader for the relocatable BPF objects clang emits (ELF64, little-endian, ET_REL, EM_BPF).
 * Only what the linker needs is decoded: sections, symbols and REL relocations.
 */
import { LinkError } from './link-error.ts';

export const EM_BPF = 247;
export const ET_REL = 1;

export const SHT_PROGBITS = 1;
export const SHT_SYMTAB = 2;
export const SHT_NOBITS = 8;
export const SHT_REL = 9;

export const SHF_WRITE = 0x1;
export const SHF_ALLOC = 0x2;
export const SHF_EXECINSTR = 0x4;

export const STB_LOCAL = 0;
export const STB_GLOBAL = 1;
export const STB_WEAK = 2;
export const STT_NOTYPE = 0;
export const STT_OBJECT = 1;
export const STT_FUNC = 2;
export const STT_SECTION = 3;
export const SHN_UNDEF = 0;
export const SHN_ABS = 0xfff1;
export const SHN_COMMON = 0xfff2;

export interface ObjSection {
  index: number;
  name: string;
  type: number;
  flags: number;
  align: number;
  size: number;
  /** Section bytes (zero-filled for SHT_NOBITS). */
  data: Uint8Array;
}

export interface ObjSymbol {
  index: number;
  name: string;
  bind: number;
  type: number;
  shndx: number;
  value: number;
  size: number;
}

export interface ObjRelocation {
  offset: number;
  type: number;
  symbol: number;
}

export interface ObjRelocSection {
  /** Index of the section the relocations apply to. */
  target: number;
  relocations: ObjRelocation[];
}

export interface ElfObject {
  file: string;
  sections: ObjSection[];
  symbols: ObjSymbol[];
  relocSections: ObjRelocSection[];
}

function cstr(bytes: Uint8Array, offset: number): string {
  let end = offset;
  while (end < bytes.length && bytes[end] !== 0) end++;
  return new TextDecoder().decode(bytes.subarray(offset, end));
}

/** Parses one relocatable object; `file` names it in every error. */
export function readElfObject(bytes: Uint8Array, file: string): ElfObject {
  const fail = (why: string): never => {
    throw new LinkError(`${file}: ${why}`);
  };
  if (bytes.length < 64 || bytes[0] !== 0x7f || bytes[1] !== 0x45 || bytes[2] !== 0x4c || bytes[3] !== 0x46) {
    fail('not an ELF file');
  }
  if (bytes[4] !== 2) fail('not a 64-bit ELF object');
  if (bytes[5] !== 1) fail('not a little-endian ELF object');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const eType = view.getUint16(16, true);
  const eMachine = view.getUint16(18, true);
  if (eType !== ET_REL) fail(`not a relocatable object (e_type ${eType})`);
  if (eMachine !== EM_BPF) fail(`not a BPF object (e_machine ${eMachine}); compile with clang -target bpf`);
  const shoff = Number(view.getBigUint64(40, true));
  const shentsize = view.getUint16(58, true);
  const shnum = view.getUint16(60, true);
  const shstrndx = view.getUint16(62, true);
  if (shentsize !== 64 || shoff + shnum * 64 > bytes.length) fail('section header table is out of bounds');

  interface RawSection {
    nameOff: number;
    type: number;
    flags: number;
    offset: number;
    size: number;
    link: number;
    info: number;
    align: number;
    entsize: number;
  }
  const raw: RawSection[] = [];
  for (let i = 0; i < shnum; i++) {
    const o = shoff + i * 64;
    raw.push({
      nameOff: view.getUint32(o, true),
      type: view.getUint32(o + 4, true),
      flags: Number(view.getBigUint64(o + 8, true)),
      offset: Number(view.getBigUint64(o + 24, true)),
      size: Number(view.getBigUint64(o + 32, true)),
      link: view.getUint32(o + 40, true),
      info: view.getUint32(o + 44, true),
      align: Number(view.getBigUint64(o + 48, true)),
      entsize: Number(view.getBigUint64(o + 56, true)),
    });
  }
  const shstr = raw[shstrndx];
  if (!shstr) return fail('missing section name table');
  const shstrBytes = bytes.subarray(shstr.offset, shstr.offset + shstr.size);
  const sections: ObjSection[] = raw.map((s, index) => {
    if (s.type !== SHT_NOBITS && s.offset + s.size > bytes.length) fail(`section #${index} is out of bounds`);
    return {
      index,
      name: cstr(shstrBytes, s.nameOff),
      type: s.type,
      flags: s.flags,
      align: Math.max(1, s.align),
      size: s.size,
      data: s.type === SHT_NOBITS ? new Uint8Array(s.size) : bytes.slice(s.offset, s.offset + s.size),
    };
  });

  const symbols: ObjSymbol[] = [];
  const symtabIndex = raw.findIndex((s) => s.type === SHT_SYMTAB);
  if (symtabIndex >= 0) {
    const st = raw[symtabIndex]!;
    const strtab = raw[st.link];
    if (!strtab) return fail('symbol table has no string table');
    const strBytes = bytes.subarray(strtab.offset, strtab.offset + strtab.size);
    for (let i = 0; i < st.size / 24; i++) {
      const o = st.offset + i * 24;
      const info = bytes[o + 4]!;
      const shndx = view.getUint16(o + 6, true);
      const type = info & 0xf;
      let name = cstr(strBytes, view.getUint32(o, true));
      if (type === STT_SECTION && name === '') name = sections[shndx]?.name ?? '';
      symbols.push({
        index: i,
        name,
        bind: info >> 4,
        type,
        shndx,
        value: Number(view.getBigUint64(o + 8, true)),
        size: Number(view.getBigUint64(o + 16, true)),
      });
    }
  }

  const relocSections: ObjRelocSection[] = [];
  raw.forEach((s, index) => {
    if (s.type === 4 /* SHT_RELA */)
      fail(`section ${sections[index]!.name} uses RELA relocations, which BPF never emits`);
    if (s.type !== SHT_REL) return;
    const relocations: ObjRelocation[] = [];
    for (let i = 0; i < s.size / 16; i++) {
      const o = s.offset + i * 16;
      const info = view.getBigUint64(o + 8, true);
      relocations.push({
        offset: Number(view.getBigUint64(o, true)),
        type: Number(info & 0xffffffffn),
        symbol: Number(info >> 32n),
      });
    }
    relocSections.push({ target: s.info, relocations });
  });

  return { file, sections, symbols, relocSections };
}
