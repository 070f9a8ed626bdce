/**
 * The -mcpu=v3 trap (docs: sbf-toolchain.md): upstream BPF zero-extends 32-bit ALU results, SBF
 * sign-extends them, so `(uint64_t)(uint32_t)(a - b)` compiled with -mcpu=v3 silently returns
 * 0xfffffffffffffffb for 0 - 5. The fixture (built with -mcpu=v2) must zero-extend; and the same function
 * built with -mcpu=v3 must either be refused by the linker or visibly give the wrong answer, which proves
 * the fixture's check would catch the trap.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { LiteSVM } from 'litesvm';
import { LinkError, link } from '../src/linker/link.ts';
import {
  concat,
  FIXTURE_ID,
  fixtureInstruction,
  u32le,
  u64le,
  withFixture,
  Sender,
} from './fixture-harness.ts';

const zeroExtended = (a: number, b: number) => BigInt((a - b) >>> 0);
const signExtended = (a: number, b: number) => BigInt.asUintN(64, BigInt((a - b) | 0));

describe.each(['v3', 'v0'] as const)('fixture sub32 (%s)', (version) => {
  it('zero-extends (u64)(u32)(a - b) for any a, b', async () => {
    const sender = await withFixture(version);
    await fc.assert(
      fc.asyncProperty(fc.nat({ max: 0xffffffff }), fc.nat({ max: 0xffffffff }), async (a, b) => {
        const r = await sender.sendOk(fixtureInstruction('sub32', concat(u32le(a), u32le(b))));
        expect(r.returnData().data()).toEqual(u64le(zeroExtended(a, b)));
      }),
      {
        numRuns: 200,
        examples: [
          [0, 5],
          [1, 0x80000000],
          [0, 0xffffffff],
        ],
      },
    );
  });
});

const hasClang = spawnSync('clang-19', ['--version']).status === 0;

/** A program whose entrypoint returns (via return data) sub32 of two u32s from the instruction data. */
const SOURCE = `
#include <stdint.h>
void sol_set_return_data(const uint8_t *data, uint64_t len);
__attribute__((noinline)) uint64_t sub32(uint32_t a, uint32_t b) { return (uint64_t)(uint32_t)(a - b); }
static uint32_t load32(const uint8_t *p) { return p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24; }
uint64_t entrypoint(const uint8_t *input) {
  const uint8_t *data = input + 16; /* no accounts: u64 count, u64 data length, data */
  uint64_t result = sub32(load32(data), load32(data + 4));
  sol_set_return_data((const uint8_t *)&result, 8);
  return 0;
}
`;

describe.skipIf(!hasClang)('the -mcpu=v3 trap (needs clang-19)', () => {
  const dir = hasClang ? mkdtempSync(join(tmpdir(), 'sbf-sign-ext-')) : '';
  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  function compile(cpu: 'v2' | 'v3'): Uint8Array {
    const src = join(dir, 'sub32.c');
    const obj = join(dir, `sub32-${cpu}.o`);
    writeFileSync(src, SOURCE);
    execFileSync('clang-19', [
      '-target',
      'bpf',
      `-mcpu=${cpu}`,
      '-O2',
      '-ffreestanding',
      '-fno-builtin',
      '-c',
      src,
      '-o',
      obj,
    ]);
    return new Uint8Array(readFileSync(obj));
  }

  /** Runs the tiny program, whose instruction data is just a and b (no tag byte). */
  async function runSub32(so: Uint8Array, a: number, b: number): Promise<Uint8Array> {
    const svm = new LiteSVM();
    svm.addProgram(FIXTURE_ID, so);
    const sender = await Sender.create(svm);
    const r = await sender.sendOk({ programAddress: FIXTURE_ID, data: concat(u32le(a), u32le(b)) });
    return r.returnData().data();
  }

  it.each(['v3', 'v0'] as const)('with -mcpu=v2 zero-extends (%s)', async (version) => {
    const so = link([{ file: 'sub32-v2.o', bytes: compile('v2') }], { version });
    expect(await runSub32(so, 0, 5)).toEqual(u64le(zeroExtended(0, 5)));
  });

  it.each(['v3', 'v0'] as const)(
    'with -mcpu=v3 is refused by the linker or returns the wrong value (%s)',
    async (version) => {
      let so: Uint8Array;
      try {
        so = link([{ file: 'sub32-v3.o', bytes: compile('v3') }], { version });
      } catch (e) {
        expect(e).toBeInstanceOf(LinkError);
        expect((e as LinkError).message).toMatch(/function 'sub32'.*sign-extends.*-mcpu=v2/);
        return;
      }
      // Linked anyway: the program must then show the trap, which the fixture's zero-extension test catches.
      const result = await runSub32(so, 0, 5);
      expect(result).toEqual(u64le(signExtended(0, 5)));
      expect(result).not.toEqual(u64le(zeroExtended(0, 5)));
    },
  );
});
