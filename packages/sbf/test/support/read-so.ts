/** Reads back what the linker wrote, so tests can assert on headers, sections and dynamic relocations. */

export interface SoFile {
  eType: number;
  eMachine: number;
  eFlags: number;
  entry: bigint;
  phdrs: { type: number; flags: number; offset: number; vaddr: bigint; filesz: number; memsz: number }[];
  sections: { name: string; type: number; flags: number; addr: number; offset: number; size: number }[];
  dynsyms: { name: string; info: number; shndx: number; value: bigint }[];
  rels: { offset: number; type: number; symbol: string }[];
  bytes: Uint8Array;
}

const cstr = (b: Uint8Array, o: number): string => {
  let e = o;
  while (b[e] !== 0) e++;
  return new TextDecoder().decode(b.subarray(o, e));
};

export function readSo(bytes: Uint8Array): SoFile {
  const v = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const phoff = Number(v.getBigUint64(32, true));
  const shoff = Number(v.getBigUint64(40, true));
  const phnum = v.getUint16(56, true);
  const shnum = v.getUint16(60, true);
  const shstrndx = v.getUint16(62, true);
  const phdrs = Array.from({ length: phnum }, (_, i) => {
    const o = phoff + i * 56;
    return {
      type: v.getUint32(o, true),
      flags: v.getUint32(o + 4, true),
      offset: Number(v.getBigUint64(o + 8, true)),
      vaddr: v.getBigUint64(o + 16, true),
      filesz: Number(v.getBigUint64(o + 32, true)),
      memsz: Number(v.getBigUint64(o + 40, true)),
    };
  });
  const raw = Array.from({ length: shnum }, (_, i) => {
    const o = shoff + i * 64;
    return {
      nameOff: v.getUint32(o, true),
      type: v.getUint32(o + 4, true),
      flags: Number(v.getBigUint64(o + 8, true)),
      addr: Number(v.getBigUint64(o + 16, true)),
      offset: Number(v.getBigUint64(o + 24, true)),
      size: Number(v.getBigUint64(o + 32, true)),
    };
  });
  const shstr = raw[shstrndx];
  const sections = raw.map((s) => ({ ...s, name: shstr ? cstr(bytes, shstr.offset + s.nameOff) : '' }));
  const dynsym = sections.find((s) => s.name === '.dynsym');
  const dynstr = sections.find((s) => s.name === '.dynstr');
  const dynsyms =
    dynsym && dynstr
      ? Array.from({ length: dynsym.size / 24 }, (_, i) => {
          const o = dynsym.offset + i * 24;
          return {
            name: cstr(bytes, dynstr.offset + v.getUint32(o, true)),
            info: v.getUint8(o + 4),
            shndx: v.getUint16(o + 6, true),
            value: v.getBigUint64(o + 8, true),
          };
        })
      : [];
  const reldyn = sections.find((s) => s.name === '.rel.dyn');
  const rels = reldyn
    ? Array.from({ length: reldyn.size / 16 }, (_, i) => {
        const o = reldyn.offset + i * 16;
        const info = v.getBigUint64(o + 8, true);
        return {
          offset: Number(v.getBigUint64(o, true)),
          type: Number(info & 0xffffffffn),
          symbol: dynsyms[Number(info >> 32n)]?.name ?? '?',
        };
      })
    : [];
  return {
    eType: v.getUint16(16, true),
    eMachine: v.getUint16(18, true),
    eFlags: v.getUint32(48, true),
    entry: v.getBigUint64(24, true),
    phdrs,
    sections,
    dynsyms,
    rels,
    bytes,
  };
}
