/**
 * `npm run build:programs [-- --sbpf v0|v3] [--check] [--program <name>]`
 *
 * Builds every program's `src/*.c` into `dist/<name>.so` (+ `.sha256`). `--sbpf` overrides the formats in
 * each program's build.json. `--check` rebuilds in memory and fails if any committed `.so` differs: the
 * verifiable-build check CI runs.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { parseArgs } from 'node:util';
import { buildProgram, discoverPrograms, REPO_ROOT, requireClang } from '../build/build-program.ts';
import type { SbpfVersion } from '../linker/link.ts';

function isSbpfVersion(v: string): v is SbpfVersion {
  return v === 'v3' || v === 'v0';
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      sbpf: { type: 'string' },
      check: { type: 'boolean', default: false },
      program: { type: 'string' },
    },
  });
  const sbpf = values.sbpf;
  if (sbpf !== undefined && !isSbpfVersion(sbpf)) {
    console.error(`--sbpf must be v3 or v0, not '${sbpf}'`);
    return 2;
  }
  const clang = await requireClang();
  console.log(`compiler: ${clang}`);
  let programs = await discoverPrograms();
  if (values.program) {
    programs = programs.filter((p) => p.name === values.program);
    if (programs.length === 0) {
      console.error(`no program named '${values.program}'`);
      return 2;
    }
  }
  let failures = 0;
  for (const program of programs) {
    const formats = sbpf ? [sbpf] : program.formats;
    const dist = join(program.dir, 'dist');
    const artifacts = await buildProgram(program, values.check ? undefined : dist, formats);
    for (const a of artifacts) {
      const path = relative(REPO_ROOT, join(dist, a.file));
      if (!values.check) {
        console.log(`${path}  ${a.bytes.length} bytes  sha256 ${a.sha256}`);
        continue;
      }
      const committed = existsSync(join(dist, a.file))
        ? new Uint8Array(await readFile(join(dist, a.file)))
        : undefined;
      if (committed && Buffer.compare(committed, a.bytes) === 0) {
        console.log(`${path}  reproduced byte for byte  sha256 ${a.sha256}`);
      } else {
        failures++;
        console.error(
          committed
            ? `${path}  DIFFERS from the rebuild (committed ${committed.length} bytes, rebuilt ${a.bytes.length} bytes)`
            : `${path}  is missing; run npm run build:programs and commit it`,
        );
      }
    }
  }
  if (failures) console.error(`${failures} program file(s) do not match their sources`);
  return failures ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  },
);
