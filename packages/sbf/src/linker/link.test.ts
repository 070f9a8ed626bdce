import {
  address,
  appendTransactionMessageInstruction,
  createTransactionMessage,
  generateKeyPairSigner,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
  type Lamports,
} from '@solana/kit';
import { LiteSVM, TransactionMetadata } from 'litesvm';
import { describe, expect, it } from 'vitest';
import { buildObject, concat, insn, lddw, text } from '../../test/support/elf-builder.ts';
import { readSo } from '../../test/support/read-so.ts';
import {
  link,
  LinkError,
  R_BPF_64_32,
  R_BPF_64_64,
  R_BPF_64_ABS32,
  R_BPF_64_ABS64,
  type SbpfVersion,
} from './link.ts';
import { syscallHash } from './murmur3.ts';

const CALL = 0x85;
const EXIT = insn(0x95);
const callReloc = insn(CALL, 0, 1, 0, -1); // what clang emits for a call it leaves to the linker

/**
 * Two objects that use every relocation clang emits for our code:
 * - R_BPF_64_64: lddw of a section symbol with an addend, and of a named data symbol;
 * - R_BPF_64_ABS64: a pointer table in .rodata, to a string (with addend) and to a function in the other object;
 * - R_BPF_64_32: a syscall, a call to a global function in the other object, and a call through a section
 *   symbol whose addend sits in the immediate.
 */
function twoObjects(): { file: string; bytes: Uint8Array }[] {
  const aText = concat(
    lddw(1, 16n), // 0: r1 = .rodata + 16 ("hello from rodata")
    insn(0xb7, 2, 0, 0, 17), // 16
    callReloc, // 24: sol_log_
    lddw(6, 0n), // 32: r6 = &table
    insn(0x79, 1, 6, 0), // 48: r1 = table[0]
    insn(0xb7, 2, 0, 0, 5), // 56
    callReloc, // 64: sol_log_
    insn(0x79, 6, 6, 8), // 72: r6 = table[1]
    insn(0x8d, 6), // 80: callx r6
    callReloc, // 88: log_b2
    insn(0xb7, 0, 0, 0, 0), // 96
    EXIT, // 104
  );
  const aRodata = new Uint8Array(16 + 17);
  new DataView(aRodata.buffer).setBigUint64(0, 6n, true); // addend: "world" is 6 bytes into .rodata.str1.1
  aRodata.set(text('hello from rodata'), 16);
  const a = buildObject({
    sections: [
      { name: '.text', data: aText },
      { name: '.rodata', data: aRodata },
      { name: '.rodata.str1.1', data: text('hello world\0'), align: 1 },
    ],
    symbols: [
      { name: 'table', section: '.rodata', size: 16, bind: 'local' },
      { name: 'entrypoint', section: '.text', size: aText.length },
      { name: 'sol_log_' },
      { name: 'log_b' },
      { name: 'log_b2' },
    ],
    relocations: [
      { section: '.text', offset: 0, type: R_BPF_64_64, symbol: 'section:.rodata' },
      { section: '.text', offset: 24, type: R_BPF_64_32, symbol: 'sol_log_' },
      { section: '.text', offset: 32, type: R_BPF_64_64, symbol: 'table' },
      { section: '.text', offset: 64, type: R_BPF_64_32, symbol: 'sol_log_' },
      { section: '.text', offset: 88, type: R_BPF_64_32, symbol: 'log_b2' },
      { section: '.rodata', offset: 0, type: R_BPF_64_ABS64, symbol: 'section:.rodata.str1.1' },
      { section: '.rodata', offset: 8, type: R_BPF_64_ABS64, symbol: 'log_b' },
    ],
  });
  const bText = concat(
    lddw(1, 0n), // 0: log_b: r1 = .rodata ("from b")
    insn(0xb7, 2, 0, 0, 6),
    callReloc, // 24
    EXIT, // 32
    insn(CALL, 0, 1, 0, 56 / 8 - 1), // 40: log_b2: call static_c through the .text section symbol
    EXIT, // 48
    lddw(1, 6n), // 56: static_c: r1 = .rodata + 6 ("static")
    insn(0xb7, 2, 0, 0, 6), // 72
    callReloc, // 80
    EXIT, // 88
  );
  const b = buildObject({
    sections: [
      { name: '.text', data: bText },
      { name: '.rodata', data: text('from bstatic') },
    ],
    symbols: [
      { name: 'log_b', section: '.text', value: 0, size: 40 },
      { name: 'log_b2', section: '.text', value: 40, size: 16 },
      { name: 'static_c', section: '.text', value: 56, size: 40, bind: 'local' },
      { name: 'sol_log_' },
    ],
    relocations: [
      { section: '.text', offset: 0, type: R_BPF_64_64, symbol: 'section:.rodata' },
      { section: '.text', offset: 24, type: R_BPF_64_32, symbol: 'sol_log_' },
      { section: '.text', offset: 40, type: R_BPF_64_32, symbol: 'section:.text' },
      { section: '.text', offset: 56, type: R_BPF_64_64, symbol: 'section:.rodata' },
      { section: '.text', offset: 80, type: R_BPF_64_32, symbol: 'sol_log_' },
    ],
  });
  return [
    { file: 'a.o', bytes: a },
    { file: 'b.o', bytes: b },
  ];
}

async function run(so: Uint8Array): Promise<string[]> {
  const svm = new LiteSVM();
  const programId = address('LinkTest11111111111111111111111111111111111');
  svm.addProgram(programId, so);
  const payer = await generateKeyPairSigner();
  svm.airdrop(payer.address, 1_000_000_000n as Lamports);
  const tx = await signTransactionMessageWithSigners(
    pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayerSigner(payer, m),
      (m) =>
        setTransactionMessageLifetimeUsingBlockhash(
          { blockhash: svm.latestBlockhash(), lastValidBlockHeight: 1000n },
          m,
        ),
      (m) =>
        appendTransactionMessageInstruction(
          { programAddress: programId, accounts: [], data: new Uint8Array() },
          m,
        ),
    ),
  );
  const result = svm.sendTransaction(tx);
  if (!(result instanceof TransactionMetadata)) throw new Error(`transaction failed: ${result.toString()}`);
  return result.logs();
}

const u32 = (b: Uint8Array, o: number): number => new DataView(b.buffer, b.byteOffset).getUint32(o, true);
const i32 = (b: Uint8Array, o: number): number => new DataView(b.buffer, b.byteOffset).getInt32(o, true);
const u64 = (b: Uint8Array, o: number): bigint => new DataView(b.buffer, b.byteOffset).getBigUint64(o, true);

describe.each<SbpfVersion>(['v3', 'v0'])('linked %s program', (version) => {
  it('runs in LiteSVM with every relocation kind resolved', async () => {
    const logs = await run(link(twoObjects(), { version }));
    expect(logs.filter((l) => l.startsWith('Program log:'))).toEqual([
      'Program log: hello from rodata',
      'Program log: world',
      'Program log: from b',
      'Program log: static',
    ]);
  });

  it('is byte-identical when linked twice', () => {
    expect(link(twoObjects(), { version })).toEqual(link(twoObjects(), { version }));
  });
});

describe('SBPF v3 output', () => {
  const so = readSo(link(twoObjects()));
  const textStart = so.phdrs[1]!.offset;
  const rodataStart = so.phdrs[0]!.offset;

  it('has the v3 header: ET_DYN, EM_BPF, e_flags 3, two program headers, no sections', () => {
    expect([so.eType, so.eMachine, so.eFlags, so.phdrs.length, so.sections.length]).toEqual([
      3, 247, 3, 2, 0,
    ]);
    expect(so.phdrs.map((p) => [p.type, p.flags, p.vaddr])).toEqual([
      [1, 4, 0n],
      [1, 1, 0x1_0000_0000n],
    ]);
    expect(so.phdrs[0]!.offset).toBe(64 + 2 * 56);
    expect(so.phdrs[1]!.offset).toBe(so.phdrs[0]!.offset + so.phdrs[0]!.filesz);
    for (const p of so.phdrs) expect([p.offset % 8, p.filesz % 8, p.filesz - p.memsz]).toEqual([0, 0, 0]);
    expect(so.entry).toBe(0x1_0000_0000n);
  });

  it('keeps rodata address 0 free and places data after the 8-byte pad', () => {
    expect(Array.from(so.bytes.subarray(rodataStart, rodataStart + 8))).toEqual([0, 0, 0, 0, 0, 0, 0, 0]);
    // a.o .rodata at 8: lddw of .rodata+16 resolves to 24.
    expect(u32(so.bytes, textStart + 4)).toBe(24);
    expect(u32(so.bytes, textStart + 12)).toBe(0);
    // the table at 8 points at "world": .rodata.str1.1 follows a.o .rodata (8 + 33 → 41) plus addend 6.
    expect(u64(so.bytes, rodataStart + 8)).toBe(47n);
    expect(new TextDecoder().decode(so.bytes.subarray(rodataStart + 47, rodataStart + 52))).toBe('world');
    // and at log_b, the first instruction of b.o (text offset 112) as a code address.
    expect(u64(so.bytes, rodataStart + 16)).toBe(0x1_0000_0000n + 112n);
  });

  it('turns syscalls into static calls (src 0, murmur3 hash) and internal calls into pc-relative ones', () => {
    expect(so.bytes[textStart + 24 + 1]).toBe(0x00);
    expect(u32(so.bytes, textStart + 24 + 4)).toBe(syscallHash('sol_log_'));
    expect(syscallHash('sol_log_')).toBe(0x207559bd);
    // call log_b2 at a.o+88 (pc 11) → b.o+40 (pc 19): imm = 19 - 12 = 7, src 1.
    expect(so.bytes[textStart + 88 + 1]).toBe(0x10);
    expect(i32(so.bytes, textStart + 88 + 4)).toBe(7);
    // section-symbol call in b.o keeps its target (pc 21 from pc 19).
    expect(i32(so.bytes, textStart + 112 + 40 + 4)).toBe(1);
    // callx keeps the register in dst for v3.
    expect([so.bytes[textStart + 80 + 1], i32(so.bytes, textStart + 80 + 4)]).toEqual([6, 0]);
  });
});

describe('SBPF v0 output', () => {
  const so = readSo(link(twoObjects(), { version: 'v0' }));
  const section = (name: string) => so.sections.find((s) => s.name === name)!;

  it('has the classic sections, each at an address equal to its file offset', () => {
    expect([so.eType, so.eMachine, so.eFlags]).toEqual([3, 247, 0]);
    expect(so.sections.map((s) => s.name)).toEqual([
      '',
      '.text',
      '.rodata',
      '.dynamic',
      '.dynsym',
      '.dynstr',
      '.rel.dyn',
      '.shstrtab',
    ]);
    for (const s of so.sections.slice(1, -1)) expect(s.addr).toBe(s.offset);
    expect(so.entry).toBe(BigInt(section('.text').offset));
  });

  it('resolves data addresses to 0x1_0000_0000 + file offset', () => {
    const t = section('.text').offset;
    const r = section('.rodata').offset;
    expect(BigInt(u32(so.bytes, t + 4)) | (BigInt(u32(so.bytes, t + 12)) << 32n)).toBe(
      0x1_0000_0000n + BigInt(r + 16),
    );
    expect(u64(so.bytes, r)).toBe(0x1_0000_0000n + BigInt(r + 33 + 6));
    expect(u64(so.bytes, r + 8)).toBe(0x1_0000_0000n + BigInt(t + 112));
  });

  it('leaves each syscall as call -1 with an R_BPF_64_32 dynamic relocation naming it', () => {
    const t = section('.text').offset;
    expect(so.rels).toEqual(
      [24, 64, 112 + 24, 112 + 80].map((o) => ({ offset: t + o, type: R_BPF_64_32, symbol: 'sol_log_' })),
    );
    for (const r of so.rels) expect(i32(so.bytes, r.offset + 4)).toBe(-1);
    expect(so.dynsyms.map((s) => s.name)).toEqual(['', 'entrypoint', 'sol_log_']);
  });

  it('moves the callx register into the immediate, where v0 reads it', () => {
    const t = section('.text').offset;
    expect(i32(so.bytes, t + 80 + 4)).toBe(6);
  });
});

describe('link errors name the symbol or section and the object file', () => {
  const entry = (extra: Parameters<typeof buildObject>[0]['symbols'] = []) => ({
    sections: [{ name: '.text', data: concat(callReloc, EXIT) }],
    symbols: [{ name: 'entrypoint', section: '.text', size: 16 }, ...extra],
  });
  const fails = (inputs: { file: string; bytes: Uint8Array }[]) => {
    try {
      link(inputs);
    } catch (e) {
      expect(e).toBeInstanceOf(LinkError);
      return (e as Error).message;
    }
    throw new Error('link did not fail');
  };

  it('rejects an unsupported relocation', () => {
    const bytes = buildObject({
      sections: [{ name: '.text', data: concat(insn(0xb7), EXIT) }],
      symbols: [{ name: 'entrypoint', section: '.text', size: 16 }],
      relocations: [{ section: '.text', offset: 0, type: R_BPF_64_ABS32, symbol: 'entrypoint' }],
    });
    expect(fails([{ file: 'bad.o', bytes }])).toBe(
      "bad.o: unsupported relocation R_BPF_64_ABS32 against 'entrypoint' at .text+0x0",
    );
  });

  it('rejects a writable .data section and names what it holds', () => {
    const bytes = buildObject({
      sections: [
        { name: '.text', data: EXIT },
        { name: '.data', data: new Uint8Array(8) },
      ],
      symbols: [
        { name: 'entrypoint', section: '.text', size: 8 },
        { name: 'counter', section: '.data', size: 8 },
      ],
    });
    expect(fails([{ file: 'state.o', bytes }])).toMatch(
      /^state\.o: writable section \.data \(holding 'counter'\) is not supported/,
    );
  });

  it('rejects .bss and common symbols', () => {
    const bss = buildObject({
      sections: [
        { name: '.text', data: EXIT },
        { name: '.bss', data: new Uint8Array(16) },
      ],
      symbols: [
        { name: 'entrypoint', section: '.text', size: 8 },
        { name: 'zeroed', section: '.bss', size: 16 },
      ],
    });
    expect(fails([{ file: 'bss.o', bytes: bss }])).toMatch(
      /^bss\.o: writable section \.bss \(holding 'zeroed'\)/,
    );
    const common = buildObject({
      sections: [{ name: '.text', data: EXIT }],
      symbols: [
        { name: 'entrypoint', section: '.text', size: 8 },
        { name: 'shared', shndx: 0xfff2, size: 8, type: 'object' },
      ],
    });
    expect(fails([{ file: 'common.o', bytes: common }])).toMatch(/^common\.o: writable symbol 'shared'/);
  });

  it('rejects an undefined symbol that is not a syscall', () => {
    const bytes = buildObject({
      ...entry([{ name: 'missing_helper' }]),
      relocations: [{ section: '.text', offset: 0, type: R_BPF_64_32, symbol: 'missing_helper' }],
    });
    expect(fails([{ file: 'main.o', bytes }])).toBe(
      "undefined symbol 'missing_helper', referenced from main.o at .text+0x0",
    );
  });

  it('rejects a symbol defined twice', () => {
    const one = buildObject({
      sections: [{ name: '.text', data: EXIT }],
      symbols: [{ name: 'entrypoint', section: '.text', size: 8 }],
    });
    const two = buildObject({
      sections: [{ name: '.text', data: EXIT }],
      symbols: [{ name: 'entrypoint', section: '.text', size: 8 }],
    });
    expect(
      fails([
        { file: 'one.o', bytes: one },
        { file: 'two.o', bytes: two },
      ]),
    ).toBe("duplicate symbol 'entrypoint': defined in one.o and in two.o");
  });

  it('lets a strong definition override a weak one', () => {
    const weak = buildObject({
      sections: [{ name: '.text', data: EXIT }],
      symbols: [{ name: 'entrypoint', section: '.text', size: 8, bind: 'weak' }],
    });
    const strong = buildObject({
      sections: [{ name: '.text', data: EXIT }],
      symbols: [{ name: 'entrypoint', section: '.text', size: 8 }],
    });
    const so = readSo(
      link([
        { file: 'weak.o', bytes: weak },
        { file: 'strong.o', bytes: strong },
      ]),
    );
    expect(so.entry).toBe(0x1_0000_0000n + 8n);
  });

  it('rejects a program without an entrypoint', () => {
    const bytes = buildObject({
      sections: [{ name: '.text', data: EXIT }],
      symbols: [{ name: 'main', section: '.text', size: 8 }],
    });
    expect(fails([{ file: 'lib.o', bytes }])).toBe(
      "missing entrypoint: no object defines a global function 'entrypoint'",
    );
  });

  it('rejects 32-bit add/sub/mul, whose results SBF sign-extends (the -mcpu=v3 trap)', () => {
    const bytes = buildObject({
      sections: [{ name: '.text', data: concat(insn(0x1c, 0, 1), EXIT) }],
      symbols: [{ name: 'entrypoint', section: '.text', size: 16 }],
    });
    expect(fails([{ file: 'alu32.o', bytes }])).toMatch(
      /^alu32\.o: function 'entrypoint' \(\.text\+0x0\): 32-bit add\/sub\/mul \(opcode 0x1c\).*-mcpu=v2$/,
    );
  });

  it('rejects input that is not a BPF relocatable object', () => {
    expect(fails([{ file: 'notes.txt', bytes: text('hello') }])).toBe('notes.txt: not an ELF file');
    const x86 = buildObject({ sections: [{ name: '.text', data: EXIT }], machine: 62 });
    expect(fails([{ file: 'x86.o', bytes: x86 }])).toMatch(/^x86\.o: not a BPF object \(e_machine 62\)/);
  });
});
