/**
 * The SBF linker: relocatable BPF objects from clang in, a Solana program (`.so`) out.
 *
 * Two output formats:
 * - SBPF v3 (default): two PT_LOAD segments (rodata at 0, bytecode at 0x1_0000_0000), static syscalls, no
 *   section headers, no dynamic relocations.
 * - SBPF v0: the classic layout with `.text`, `.rodata`, `.dynamic`, `.dynsym`, `.dynstr`, `.rel.dyn`;
 *   section addresses equal file offsets; syscalls stay `call -1` with an `R_BPF_64_32` dynamic relocation.
 *
 * See docs/sbf-linker.md for why each choice was made.
 */
import {
  type ElfObject,
  type ObjSymbol,
  readElfObject,
  SHF_ALLOC,
  SHF_EXECINSTR,
  SHF_WRITE,
  SHN_ABS,
  SHN_COMMON,
  SHN_UNDEF,
  SHT_NOBITS,
  STB_LOCAL,
  STB_WEAK,
  STT_FUNC,
  STT_SECTION,
} from './elf-object.ts';
import { LinkError } from './link-error.ts';
import { syscallHash } from './murmur3.ts';
import { SYSCALLS } from './syscalls.ts';
import { V0_PHNUM, writeV0, writeV3, type LinkedImage } from './write-elf.ts';

export { LinkError } from './link-error.ts';

export type SbpfVersion = 'v0' | 'v3';

export interface LinkInput {
  /** A name for the object, used in error messages (usually its path). */
  file: string;
  bytes: Uint8Array;
}

export interface LinkOptions {
  /** Output format; v3 unless told otherwise. */
  version?: SbpfVersion;
  /** Name of the entrypoint function; `entrypoint` unless told otherwise. */
  entrypoint?: string;
}

export const R_BPF_NONE = 0;
export const R_BPF_64_64 = 1;
export const R_BPF_64_ABS64 = 2;
export const R_BPF_64_ABS32 = 3;
export const R_BPF_64_NODYLD32 = 4;
export const R_BPF_64_32 = 10;

const RELOC_NAMES: Record<number, string> = {
  [R_BPF_NONE]: 'R_BPF_NONE',
  [R_BPF_64_64]: 'R_BPF_64_64',
  [R_BPF_64_ABS64]: 'R_BPF_64_ABS64',
  [R_BPF_64_ABS32]: 'R_BPF_64_ABS32',
  [R_BPF_64_NODYLD32]: 'R_BPF_64_NODYLD32',
  [R_BPF_64_32]: 'R_BPF_64_32',
};

/** Virtual address where the runtime maps the program's first byte of code (v3) or the file (v0). */
export const MM_PROGRAM_START = 0x1_0000_0000n;

const OP_CALL = 0x85;
const OP_CALLX = 0x8d;
const OP_LDDW = 0x18;
/** 32-bit add/sub/mul: SBF sign-extends their results where eBPF zero-extends. */
const SIGN_EXTENDING_ALU32 = new Set([0x04, 0x0c, 0x14, 0x1c, 0x24, 0x2c]);
const ATOMICS = new Set([0xc3, 0xdb]);

type Kind = 'text' | 'rodata';

interface Placement {
  kind: Kind;
  /** Byte offset inside the merged output section. */
  offset: number;
}

interface Defined {
  obj: ElfObject;
  sym: ObjSymbol;
}

function relocName(type: number): string {
  return RELOC_NAMES[type] ?? `relocation type ${type}`;
}

function align(n: number, a: number): number {
  return Math.ceil(n / a) * a;
}

/**
 * Links relocatable BPF objects into a Solana program.
 *
 * @throws {LinkError} naming the symbol or section and the object file, for unsupported relocations,
 *   writable sections, undefined non-syscall symbols, duplicate symbols, a missing entrypoint, and
 *   instructions whose meaning differs under SBF.
 * @example
 * const so = link([{ file: 'main.o', bytes: await readFile('main.o') }], { version: 'v3' });
 */
export function link(inputs: readonly LinkInput[], options: LinkOptions = {}): Uint8Array {
  const version = options.version ?? 'v3';
  const entryName = options.entrypoint ?? 'entrypoint';
  const objects = inputs.map((i) => readElfObject(i.bytes, i.file));

  // 1. Place every allocated input section into the merged .text or .rodata.
  const placements = new Map<ElfObject, Map<number, Placement>>();
  const textParts: { obj: ElfObject; index: number; offset: number }[] = [];
  const rodataParts: { obj: ElfObject; index: number; offset: number }[] = [];
  let textSize = 0;
  // v3 keeps the first 8 bytes of rodata as padding so that no datum lives at address 0 (NULL).
  let rodataSize = version === 'v3' ? 8 : 0;
  for (const obj of objects) {
    const map = new Map<number, Placement>();
    placements.set(obj, map);
    for (const s of obj.sections) {
      if ((s.flags & SHF_ALLOC) === 0 || s.size === 0) continue;
      if (s.flags & SHF_WRITE || s.type === SHT_NOBITS) {
        const syms = obj.symbols.filter((y) => y.shndx === s.index && y.type !== STT_SECTION && y.name);
        const named = syms.length ? ` (holding ${syms.map((y) => `'${y.name}'`).join(', ')})` : '';
        throw new LinkError(
          `${obj.file}: writable section ${s.name}${named} is not supported: SBF programs cannot have ` +
            `mutable globals; make the data const or keep it in an account`,
        );
      }
      if (s.flags & SHF_EXECINSTR) {
        if (s.size % 8 !== 0)
          throw new LinkError(`${obj.file}: code section ${s.name} is not a whole number of instructions`);
        textSize = align(textSize, 8);
        map.set(s.index, { kind: 'text', offset: textSize });
        textParts.push({ obj, index: s.index, offset: textSize });
        textSize += s.size;
      } else {
        rodataSize = align(rodataSize, Math.min(8, s.align));
        map.set(s.index, { kind: 'rodata', offset: rodataSize });
        rodataParts.push({ obj, index: s.index, offset: rodataSize });
        rodataSize += s.size;
      }
    }
  }
  const text = new Uint8Array(textSize);
  for (const p of textParts) text.set(p.obj.sections[p.index]!.data, p.offset);
  const rodataLen = align(rodataSize, 8);
  const rodata = new Uint8Array(rodataLen);
  for (const p of rodataParts) rodata.set(p.obj.sections[p.index]!.data, p.offset);

  // 2. Global symbols: one definition each; weak ones yield to strong ones.
  const globals = new Map<string, Defined>();
  for (const obj of objects) {
    for (const sym of obj.symbols) {
      if (sym.bind === STB_LOCAL || !sym.name) continue;
      if (sym.shndx === SHN_COMMON) {
        throw new LinkError(
          `${obj.file}: writable symbol '${sym.name}' (a common, uninitialised global) is not supported: ` +
            `SBF programs cannot have mutable globals`,
        );
      }
      if (sym.shndx === SHN_UNDEF) continue;
      const prev = globals.get(sym.name);
      if (!prev || (prev.sym.bind === STB_WEAK && sym.bind !== STB_WEAK)) {
        globals.set(sym.name, { obj, sym });
      } else if (sym.bind !== STB_WEAK) {
        if (prev.sym.bind === STB_WEAK) continue;
        throw new LinkError(`duplicate symbol '${sym.name}': defined in ${prev.obj.file} and in ${obj.file}`);
      }
    }
  }

  // 3. Layout depends on the format; the v0 header size is fixed, so every address is known now.
  const layout = version === 'v3' ? layoutV3(rodataLen) : layoutV0(textSize);
  const addressOf = (obj: ElfObject, shndx: number, value: number): bigint | undefined => {
    if (shndx === SHN_ABS) return BigInt(value);
    const p = placements.get(obj)!.get(shndx);
    if (!p) return undefined;
    return (p.kind === 'text' ? layout.textAddr : layout.rodataAddr) + BigInt(p.offset + value);
  };
  const definedAddress = (d: Defined): bigint => {
    const a = addressOf(d.obj, d.sym.shndx, d.sym.value);
    if (a === undefined) {
      const sec = d.obj.sections[d.sym.shndx]?.name ?? `#${d.sym.shndx}`;
      throw new LinkError(
        `${d.obj.file}: symbol '${d.sym.name}' lives in section ${sec}, which is not loaded`,
      );
    }
    return a;
  };

  const entry = globals.get(entryName);
  if (!entry) {
    throw new LinkError(`missing entrypoint: no object defines a global function '${entryName}'`);
  }
  if (entry.sym.type !== STT_FUNC || placements.get(entry.obj)!.get(entry.sym.shndx)?.kind !== 'text') {
    throw new LinkError(`${entry.obj.file}: entrypoint '${entryName}' is not a function in a code section`);
  }
  const entryAddr = definedAddress(entry);

  // 4. Apply relocations.
  const textView = new DataView(text.buffer);
  const rodataView = new DataView(rodata.buffer);
  const syscallSites: { textOffset: number; name: string }[] = [];
  for (const obj of objects) {
    for (const rs of obj.relocSections) {
      const target = placements.get(obj)!.get(rs.target);
      if (!target) continue; // debug info, BTF and other unloaded sections
      const sectionName = obj.sections[rs.target]!.name;
      for (const r of rs.relocations) {
        const sym = obj.symbols[r.symbol];
        const where = `${sectionName}+0x${r.offset.toString(16)}`;
        if (!sym)
          throw new LinkError(
            `${obj.file}: relocation at ${where} names symbol #${r.symbol}, which does not exist`,
          );
        const symName = sym.name || `#${sym.index}`;
        if (r.type === R_BPF_NONE) continue;
        if (r.type !== R_BPF_64_64 && r.type !== R_BPF_64_ABS64 && r.type !== R_BPF_64_32) {
          throw new LinkError(
            `${obj.file}: unsupported relocation ${relocName(r.type)} against '${symName}' at ${where}`,
          );
        }
        // Resolve the symbol: a local/section definition, a global definition, or a syscall.
        let symAddr: bigint | undefined;
        let syscall: string | undefined;
        if (sym.shndx !== SHN_UNDEF) {
          symAddr = addressOf(obj, sym.shndx, sym.value);
          if (symAddr === undefined) {
            throw new LinkError(
              `${obj.file}: relocation at ${where} refers to '${symName}' in a section that is not loaded`,
            );
          }
        } else {
          const def = globals.get(sym.name);
          if (def) symAddr = definedAddress(def);
          else if (SYSCALLS.has(sym.name)) syscall = sym.name;
          else throw new LinkError(`undefined symbol '${sym.name}', referenced from ${obj.file} at ${where}`);
        }
        const off = target.offset + r.offset;
        if (r.type === R_BPF_64_32) {
          if (target.kind !== 'text' || text[off] !== OP_CALL) {
            throw new LinkError(
              `${obj.file}: ${relocName(r.type)} against '${symName}' at ${where} is not on a call instruction`,
            );
          }
          if (syscall) {
            text[off + 1] = text[off + 1]! & 0x0f; // src = 0: a syscall, not an internal call
            if (version === 'v3') textView.setUint32(off + 4, syscallHash(syscall), true);
            else {
              textView.setInt32(off + 4, -1, true);
              syscallSites.push({ textOffset: off, name: syscall });
            }
            continue;
          }
          // Implicit addend: imm = byte offset in the symbol / 8 - 1 (so -1 for a named function).
          const targetAddr = symAddr! + BigInt((textView.getInt32(off + 4, true) + 1) * 8);
          const targetOff = Number(targetAddr - layout.textAddr);
          if (targetOff < 0 || targetOff >= textSize || targetOff % 8 !== 0) {
            throw new LinkError(`${obj.file}: call at ${where} targets '${symName}', which is not code`);
          }
          text[off + 1] = (text[off + 1]! & 0x0f) | 0x10; // src = 1: internal call
          textView.setInt32(off + 4, targetOff / 8 - (off / 8 + 1), true);
          continue;
        }
        if (syscall) {
          throw new LinkError(
            `${obj.file}: ${relocName(r.type)} at ${where} takes the address of syscall '${syscall}'`,
          );
        }
        if (r.type === R_BPF_64_64) {
          if (target.kind !== 'text' || text[off] !== OP_LDDW) {
            throw new LinkError(
              `${obj.file}: R_BPF_64_64 against '${symName}' at ${where} is not on an lddw instruction`,
            );
          }
          const addend =
            BigInt(textView.getUint32(off + 4, true)) | (BigInt(textView.getUint32(off + 12, true)) << 32n);
          const value = BigInt.asUintN(64, symAddr! + addend);
          textView.setUint32(off + 4, Number(value & 0xffffffffn), true);
          textView.setUint32(off + 12, Number(value >> 32n), true);
        } else {
          const view = target.kind === 'text' ? textView : rodataView;
          const value = BigInt.asUintN(64, symAddr! + view.getBigUint64(off, true));
          view.setBigUint64(off, value, true);
        }
      }
    }
  }

  // 5. Instruction checks and per-format encodings.
  for (let off = 0; off < textSize; off += 8) {
    const op = text[off]!;
    if (SIGN_EXTENDING_ALU32.has(op)) {
      throw new LinkError(
        `${locate(textParts, off)}: 32-bit add/sub/mul (opcode 0x${op.toString(16)}) sign-extends under SBF but ` +
          `zero-extends in eBPF; compile with -mcpu=v2`,
      );
    }
    if (ATOMICS.has(op))
      throw new LinkError(`${locate(textParts, off)}: atomic instructions are not supported by SBF`);
    if (op === OP_CALL && textView.getInt32(off + 4, true) === -1 && (text[off + 1]! & 0xf0) !== 0) {
      throw new LinkError(`${locate(textParts, off)}: call without a relocation or target`);
    }
    if (op === OP_CALLX && version === 'v0') {
      // v0 reads the target register from imm; clang (like v3) puts it in dst.
      textView.setInt32(off + 4, text[off + 1]! & 0x0f, true);
    }
    if (op === OP_LDDW) off += 8;
  }

  const image: LinkedImage = { text, rodata, entryAddr, syscallSites, layout };
  return version === 'v3' ? writeV3(image) : writeV0(image);
}

function locate(parts: { obj: ElfObject; index: number; offset: number }[], off: number): string {
  let best = parts[0];
  for (const p of parts) if (p.offset <= off) best = p;
  if (!best) return `instruction at 0x${off.toString(16)}`;
  const rel = off - best.offset;
  const fn = best.obj.symbols.find(
    (s) =>
      s.shndx === best.index && s.type === STT_FUNC && s.value <= rel && rel < s.value + Math.max(s.size, 8),
  );
  const sec = best.obj.sections[best.index]!.name;
  return `${best.obj.file}: ${fn ? `function '${fn.name}'` : sec} (${sec}+0x${rel.toString(16)})`;
}

export interface Layout {
  textAddr: bigint;
  rodataAddr: bigint;
  textOffset: number;
  rodataOffset: number;
}

/** v3: ELF header, two program headers, rodata (mapped at 0), then code (mapped at 0x1_0000_0000). */
function layoutV3(rodataLen: number): Layout {
  const rodataOffset = 64 + 2 * 56;
  return { rodataOffset, rodataAddr: 0n, textOffset: rodataOffset + rodataLen, textAddr: MM_PROGRAM_START };
}

/** v0: ELF header, three program headers, .text, .rodata; addresses are file offsets above 0x1_0000_0000. */
function layoutV0(textSize: number): Layout {
  const textOffset = align(64 + V0_PHNUM * 56, 8);
  const rodataOffset = align(textOffset + textSize, 8);
  return {
    textOffset,
    textAddr: MM_PROGRAM_START + BigInt(textOffset),
    rodataOffset,
    rodataAddr: MM_PROGRAM_START + BigInt(rodataOffset),
  };
}
