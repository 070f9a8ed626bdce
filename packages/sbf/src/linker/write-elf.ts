/** Serialises a linked image as an SBPF v3 or v0 ELF file. */
import type { Layout } from './link.ts';

/** Program headers in a v0 file: the code load, the dynamic-data load and PT_DYNAMIC. */
export const V0_PHNUM = 3;

export interface LinkedImage {
  text: Uint8Array;
  rodata: Uint8Array;
  entryAddr: bigint;
  /** v0 only: call sites (offsets in .text) that become R_BPF_64_32 dynamic relocations. */
  syscallSites: { textOffset: number; name: string }[];
  layout: Layout;
}

const EM_BPF = 247;
const ET_DYN = 3;
const PT_LOAD = 1;
const PT_DYNAMIC = 2;
const PF_X = 1;
const PF_R = 4;

const SHT_PROGBITS = 1;
const SHT_STRTAB = 3;
const SHT_DYNAMIC = 6;
const SHT_REL = 9;
const SHT_DYNSYM = 11;
const SHF_ALLOC = 2;
const SHF_EXECINSTR = 4;

const DT_NULL = 0;
const DT_STRTAB = 5;
const DT_SYMTAB = 6;
const DT_STRSZ = 10;
const DT_SYMENT = 11;
const DT_REL = 17;
const DT_RELSZ = 18;
const DT_RELENT = 19;
const DT_TEXTREL = 22;

const R_BPF_64_32 = 10;

function align(n: number, a: number): number {
  return Math.ceil(n / a) * a;
}

class Writer {
  readonly bytes: Uint8Array;
  readonly view: DataView;
  constructor(size: number) {
    this.bytes = new Uint8Array(size);
    this.view = new DataView(this.bytes.buffer);
  }
  u8(o: number, v: number): void {
    this.view.setUint8(o, v);
  }
  u16(o: number, v: number): void {
    this.view.setUint16(o, v, true);
  }
  u32(o: number, v: number): void {
    this.view.setUint32(o, v, true);
  }
  u64(o: number, v: bigint | number): void {
    this.view.setBigUint64(o, BigInt(v), true);
  }
  header(o: {
    entry: bigint;
    flags: number;
    phnum: number;
    shoff: number;
    shnum: number;
    shstrndx: number;
  }): void {
    this.bytes.set([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0], 0);
    this.u16(16, ET_DYN);
    this.u16(18, EM_BPF);
    this.u32(20, 1);
    this.u64(24, o.entry);
    this.u64(32, 64);
    this.u64(40, o.shoff);
    this.u32(48, o.flags);
    this.u16(52, 64);
    this.u16(54, 56);
    this.u16(56, o.phnum);
    this.u16(58, o.shnum ? 64 : 0);
    this.u16(60, o.shnum);
    this.u16(62, o.shstrndx);
  }
  phdr(
    i: number,
    p: { type: number; flags: number; offset: number; vaddr: bigint; size: number; align: number },
  ): void {
    const o = 64 + i * 56;
    this.u32(o, p.type);
    this.u32(o + 4, p.flags);
    this.u64(o + 8, p.offset);
    this.u64(o + 16, p.vaddr);
    this.u64(o + 24, p.vaddr);
    this.u64(o + 32, p.size);
    this.u64(o + 40, p.size);
    this.u64(o + 48, p.align);
  }
  shdr(
    at: number,
    s: {
      name: number;
      type: number;
      flags: number;
      addr: number;
      offset: number;
      size: number;
      link?: number;
      info?: number;
      align: number;
      entsize?: number;
    },
  ): void {
    this.u32(at, s.name);
    this.u32(at + 4, s.type);
    this.u64(at + 8, s.flags);
    this.u64(at + 16, s.addr);
    this.u64(at + 24, s.offset);
    this.u64(at + 32, s.size);
    this.u32(at + 40, s.link ?? 0);
    this.u32(at + 44, s.info ?? 0);
    this.u64(at + 48, s.align);
    this.u64(at + 56, s.entsize ?? 0);
  }
}

/** SBPF v3: e_flags 3, rodata segment at vaddr 0 and bytecode segment at 0x1_0000_0000, nothing else. */
export function writeV3(img: LinkedImage): Uint8Array {
  const { layout } = img;
  const textLen = img.text.length;
  const w = new Writer(layout.textOffset + textLen);
  w.header({ entry: img.entryAddr, flags: 3, phnum: 2, shoff: 0, shnum: 0, shstrndx: 0 });
  w.phdr(0, {
    type: PT_LOAD,
    flags: PF_R,
    offset: layout.rodataOffset,
    vaddr: 0n,
    size: img.rodata.length,
    align: 8,
  });
  w.phdr(1, {
    type: PT_LOAD,
    flags: PF_X,
    offset: layout.textOffset,
    vaddr: layout.textAddr,
    size: textLen,
    align: 8,
  });
  w.bytes.set(img.rodata, layout.rodataOffset);
  w.bytes.set(img.text, layout.textOffset);
  return w.bytes;
}

class StrTab {
  private readonly parts: string[] = [''];
  private size = 1;
  private readonly index = new Map<string, number>([['', 0]]);
  add(s: string): number {
    const known = this.index.get(s);
    if (known !== undefined) return known;
    const at = this.size;
    this.index.set(s, at);
    this.parts.push(s);
    this.size += Buffer.byteLength(s) + 1;
    return at;
  }
  bytes(): Uint8Array {
    return new TextEncoder().encode(this.parts.join('\0') + '\0');
  }
}

/**
 * SBPF v0: the layout of lld-linked Solana programs. Data addresses are already resolved; only syscalls
 * are left to the loader, as R_BPF_64_32 against undefined `.dynsym` entries.
 */
export function writeV0(img: LinkedImage): Uint8Array {
  const { layout } = img;
  const textOff = layout.textOffset;
  const hasRodata = img.rodata.length > 0;
  const rodataEnd = hasRodata ? layout.rodataOffset + img.rodata.length : textOff + img.text.length;

  // .dynsym: null, the entrypoint, then one undefined entry per distinct syscall.
  const dynstr = new StrTab();
  const syscallNames = [...new Set(img.syscallSites.map((s) => s.name))].sort();
  const dynsyms: { name: number; info: number; shndx: number; value: bigint }[] = [
    { name: 0, info: 0, shndx: 0, value: 0n },
    { name: dynstr.add('entrypoint'), info: (1 << 4) | 2, shndx: 1, value: img.entryAddr - 0x1_0000_0000n },
  ];
  const symIndex = new Map<string, number>();
  for (const n of syscallNames) {
    symIndex.set(n, dynsyms.length);
    dynsyms.push({ name: dynstr.add(n), info: 1 << 4, shndx: 0, value: 0n });
  }
  const dynstrBytes = dynstr.bytes();
  const rels = img.syscallSites.map((s) => ({ offset: textOff + s.textOffset, sym: symIndex.get(s.name)! }));
  const hasRel = rels.length > 0;

  // DT_REL, DT_RELSZ, DT_RELENT, DT_TEXTREL when there are relocations; the symbol and string tables; DT_NULL.
  const dynCount = (hasRel ? 4 : 0) + 4 + 1;
  const dynamicOff = align(rodataEnd, 8);
  const dynamicSize = dynCount * 16;
  const dynsymOff = dynamicOff + dynamicSize;
  const dynsymSize = dynsyms.length * 24;
  const dynstrOff = dynsymOff + dynsymSize;
  const relOff = align(dynstrOff + dynstrBytes.length, 8);
  const relSize = rels.length * 16;

  const shstr = new StrTab();
  const names = {
    text: shstr.add('.text'),
    rodata: shstr.add('.rodata'),
    dynamic: shstr.add('.dynamic'),
    dynsym: shstr.add('.dynsym'),
    dynstr: shstr.add('.dynstr'),
    rel: shstr.add('.rel.dyn'),
    shstrtab: shstr.add('.shstrtab'),
  };
  const shstrBytes = shstr.bytes();
  const shstrOff = relOff + relSize;
  const shoff = align(shstrOff + shstrBytes.length, 8);

  // Section indices follow the order below.
  const sections: Parameters<Writer['shdr']>[1][] = [
    { name: 0, type: 0, flags: 0, addr: 0, offset: 0, size: 0, align: 0 },
    {
      name: names.text,
      type: SHT_PROGBITS,
      flags: SHF_ALLOC | SHF_EXECINSTR,
      addr: textOff,
      offset: textOff,
      size: img.text.length,
      align: 8,
    },
  ];
  if (hasRodata) {
    sections.push({
      name: names.rodata,
      type: SHT_PROGBITS,
      flags: SHF_ALLOC,
      addr: layout.rodataOffset,
      offset: layout.rodataOffset,
      size: img.rodata.length,
      align: 8,
    });
  }
  const dynsymIndex = sections.length + 1;
  const dynstrIndex = sections.length + 2;
  sections.push(
    {
      name: names.dynamic,
      type: SHT_DYNAMIC,
      flags: SHF_ALLOC,
      addr: dynamicOff,
      offset: dynamicOff,
      size: dynamicSize,
      link: dynstrIndex,
      align: 8,
      entsize: 16,
    },
    {
      name: names.dynsym,
      type: SHT_DYNSYM,
      flags: SHF_ALLOC,
      addr: dynsymOff,
      offset: dynsymOff,
      size: dynsymSize,
      link: dynstrIndex,
      info: 1,
      align: 8,
      entsize: 24,
    },
    {
      name: names.dynstr,
      type: SHT_STRTAB,
      flags: SHF_ALLOC,
      addr: dynstrOff,
      offset: dynstrOff,
      size: dynstrBytes.length,
      align: 1,
    },
  );
  if (hasRel) {
    sections.push({
      name: names.rel,
      type: SHT_REL,
      flags: SHF_ALLOC,
      addr: relOff,
      offset: relOff,
      size: relSize,
      link: dynsymIndex,
      align: 8,
      entsize: 16,
    });
  }
  const shstrIndex = sections.length;
  sections.push({
    name: names.shstrtab,
    type: SHT_STRTAB,
    flags: 0,
    addr: 0,
    offset: shstrOff,
    size: shstrBytes.length,
    align: 1,
  });

  const w = new Writer(shoff + sections.length * 64);
  // v0 addresses in headers are file offsets; the loader adds 0x1_0000_0000 itself.
  w.header({
    entry: img.entryAddr - 0x1_0000_0000n,
    flags: 0,
    phnum: V0_PHNUM,
    shoff,
    shnum: sections.length,
    shstrndx: shstrIndex,
  });
  w.phdr(0, {
    type: PT_LOAD,
    flags: PF_R | PF_X,
    offset: textOff,
    vaddr: BigInt(textOff),
    size: img.text.length,
    align: 8,
  });
  w.phdr(1, {
    type: PT_LOAD,
    flags: PF_R,
    offset: dynamicOff,
    vaddr: BigInt(dynamicOff),
    size: relOff + relSize - dynamicOff,
    align: 8,
  });
  w.phdr(2, {
    type: PT_DYNAMIC,
    flags: PF_R,
    offset: dynamicOff,
    vaddr: BigInt(dynamicOff),
    size: dynamicSize,
    align: 8,
  });
  // rodata sits between the two loads; the loader maps .text and .rodata by section, not by segment.

  w.bytes.set(img.text, textOff);
  if (hasRodata) w.bytes.set(img.rodata, layout.rodataOffset);

  let d = dynamicOff;
  const dyn = (tag: number, val: number): void => {
    w.u64(d, tag);
    w.u64(d + 8, val);
    d += 16;
  };
  if (hasRel) {
    dyn(DT_REL, relOff);
    dyn(DT_RELSZ, relSize);
    dyn(DT_RELENT, 16);
    dyn(DT_TEXTREL, 0);
  }
  dyn(DT_SYMTAB, dynsymOff);
  dyn(DT_SYMENT, 24);
  dyn(DT_STRTAB, dynstrOff);
  dyn(DT_STRSZ, dynstrBytes.length);
  dyn(DT_NULL, 0);

  dynsyms.forEach((s, i) => {
    const o = dynsymOff + i * 24;
    w.u32(o, s.name);
    w.u8(o + 4, s.info);
    w.u16(o + 6, s.shndx);
    w.u64(o + 8, s.value);
  });
  w.bytes.set(dynstrBytes, dynstrOff);
  rels.forEach((r, i) => {
    const o = relOff + i * 16;
    w.u64(o, r.offset);
    w.u64(o + 8, (BigInt(r.sym) << 32n) | BigInt(R_BPF_64_32));
  });
  w.bytes.set(shstrBytes, shstrOff);
  sections.forEach((s, i) => {
    w.shdr(shoff + i * 64, s);
  });
  return w.bytes;
}
