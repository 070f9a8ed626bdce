/**
 * Builds one program directory: `src/*.c` → objects (clang-19, fixed flags) → linked `.so` per format.
 *
 * A program directory holds `src/*.c`, optionally `idl.json` (turned into `.build/generated/idl.h`) and
 * optionally `build.json` (`{ "formats": ["v3", "v0"] }`, default `["v3"]`). Outputs go to `dist/`:
 * `<name>.so` (v3), `<name>.v0.so` (v0), each with a `.sha256` beside it.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { basename, join, relative } from 'node:path';
import { promisify } from 'node:util';
import { generateCHeader } from '../idl/c-header.ts';
import type { AnchorIdl } from '../idl/anchor-idl.ts';
import { link, type SbpfVersion } from '../linker/link.ts';

const run = promisify(execFile);

export const CLANG = 'clang-19';
export const INSTALL_HINT = 'sudo apt-get install -y clang-19 lld-19 llvm-19';

/** The documented flags; -mcpu=v2 avoids the v3 32-bit sign-extension trap (see docs/sbf-toolchain.md). */
export const CFLAGS = [
  '-target',
  'bpf',
  '-mcpu=v2',
  '-O2',
  '-ffreestanding',
  '-fno-builtin',
  '-mllvm',
  '-bpf-stack-size=4096',
  // Less inlining than -O2's default (225): in one translation unit clang would copy mid-sized helpers
  // into every caller; this keeps Wager under 64 KiB for a few CU per instruction (docs/sbf-toolchain.md).
  '-mllvm',
  '-inline-threshold=100',
  '-std=c17',
  '-Wall',
  '-Wextra',
  '-Werror',
];

/** Root of the repository, found from this file's location. */
export const REPO_ROOT = join(import.meta.dirname, '..', '..', '..', '..');
export const SDK_INCLUDE = join(REPO_ROOT, 'packages', 'sbf', 'include');

export interface ProgramDir {
  name: string;
  dir: string;
  formats: SbpfVersion[];
}

export interface BuiltArtifact {
  program: string;
  version: SbpfVersion;
  file: string;
  bytes: Uint8Array;
  sha256: string;
}

/** Every program the repository builds: `programs/*` plus the toolchain's own fixture. */
export async function discoverPrograms(root = REPO_ROOT): Promise<ProgramDir[]> {
  const dirs: string[] = [];
  const programs = join(root, 'programs');
  if (existsSync(programs)) {
    for (const e of (await readdir(programs, { withFileTypes: true })).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      if (e.isDirectory() && existsSync(join(programs, e.name, 'src'))) dirs.push(join(programs, e.name));
    }
  }
  dirs.push(join(root, 'packages', 'sbf', 'fixture'));
  return Promise.all(
    dirs.map(async (dir) => {
      const config = join(dir, 'build.json');
      const formats = existsSync(config)
        ? ((JSON.parse(await readFile(config, 'utf8')) as { formats?: SbpfVersion[] }).formats ?? ['v3'])
        : (['v3'] as SbpfVersion[]);
      return { name: basename(dir), dir, formats };
    }),
  );
}

/** Throws a message with the apt command when clang-19 cannot run. */
export async function requireClang(): Promise<string> {
  try {
    const { stdout } = await run(CLANG, ['--version']);
    return stdout.split('\n')[0] ?? CLANG;
  } catch (e) {
    throw new Error(`${CLANG} was not found. Install it with:\n  ${INSTALL_HINT}`, { cause: e });
  }
}

export async function hasClang(): Promise<boolean> {
  try {
    await requireClang();
    return true;
  } catch {
    return false;
  }
}

export function artifactName(program: string, version: SbpfVersion): string {
  return version === 'v3' ? `${program}.so` : `${program}.${version}.so`;
}

export function sha256Hex(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/**
 * Compiles and links one program. Objects and generated headers go to `<dir>/.build` (ignored by git);
 * the `.so` files are returned, and written to `outDir` when given.
 */
export async function buildProgram(
  program: ProgramDir,
  outDir?: string,
  formats = program.formats,
): Promise<BuiltArtifact[]> {
  const buildDir = join(program.dir, '.build');
  const genDir = join(buildDir, 'generated');
  const objDir = join(buildDir, 'obj');
  await rm(buildDir, { recursive: true, force: true });
  await mkdir(genDir, { recursive: true });
  await mkdir(objDir, { recursive: true });

  const idlPath = join(program.dir, 'idl.json');
  if (existsSync(idlPath)) {
    const idl = JSON.parse(await readFile(idlPath, 'utf8')) as AnchorIdl;
    // The program's constants come from its own IDL (`IDL_CONST_*`): the programs own the chain's numbers,
    // and the SDK reads them from the same IDL (docs/boundaries.md, "Programs and the SDK").
    await writeFile(join(genDir, 'idl.h'), generateCHeader(idl));
  }

  const srcDir = join(program.dir, 'src');
  const sources = (await readdir(srcDir)).filter((f) => f.endsWith('.c')).sort();
  if (sources.length === 0) throw new Error(`${relative(REPO_ROOT, srcDir)}: no .c files to build`);
  // One translation unit per program (docs/sbf-toolchain.md, "One translation unit"): the SDK's helpers are
  // static inline, and compiled file by file each file kept its own copy of the large ones.
  const unity = join(buildDir, `${program.name}.c`);
  await writeFile(
    unity,
    [
      `/* ${program.name}: every .c file of src/ as one translation unit. Generated by @arcade/sbf; do not edit. */`,
      ...sources.map((src) => `#include "../src/${src}"`),
      '',
    ].join('\n'),
  );
  const obj = join(objDir, `${program.name}.o`);
  // Relative paths keep the object independent of where the repository is checked out.
  const args = [
    ...CFLAGS,
    '-I',
    relative(REPO_ROOT, SDK_INCLUDE),
    '-I',
    relative(REPO_ROOT, genDir),
    '-c',
    relative(REPO_ROOT, unity),
    '-o',
    obj,
  ];
  try {
    await run(CLANG, args, { cwd: REPO_ROOT });
  } catch (e) {
    const err = e as { stderr?: string; code?: string };
    if (err.code === 'ENOENT') {
      throw new Error(`${CLANG} was not found. Install it with:\n  ${INSTALL_HINT}`, { cause: e });
    }
    throw new Error(`${relative(REPO_ROOT, srcDir)} failed to compile:\n${err.stderr ?? String(e)}`, {
      cause: e,
    });
  }
  const objects = [
    { file: relative(REPO_ROOT, unity).replace(/\.c$/, '.o'), bytes: new Uint8Array(await readFile(obj)) },
  ];

  const artifacts: BuiltArtifact[] = [];
  for (const version of formats) {
    const bytes = link(objects, { version });
    const file = artifactName(program.name, version);
    const sha256 = sha256Hex(bytes);
    artifacts.push({ program: program.name, version, file, bytes, sha256 });
    if (outDir) {
      await mkdir(outDir, { recursive: true });
      await writeFile(join(outDir, file), bytes);
      await writeFile(join(outDir, `${file}.sha256`), `${sha256}  ${file}\n`);
    }
  }
  return artifacts;
}
