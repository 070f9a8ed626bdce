import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { artifactName, buildProgram, discoverPrograms, hasClang, sha256Hex } from './build-program.ts';

const programs = await discoverPrograms();
const clang = await hasClang();
const artifacts = programs.flatMap((p) =>
  p.formats.map((version) => ({ program: p, version, file: artifactName(p.name, version) })),
);

describe('committed program binaries', () => {
  it.each(artifacts.map((a) => [`${a.program.name}/${a.file}`, a] as const))(
    '%s matches its .sha256',
    async (_, a) => {
      const path = join(a.program.dir, 'dist', a.file);
      expect(existsSync(path), `${path} is missing: run npm run build:programs`).toBe(true);
      const bytes = new Uint8Array(await readFile(path));
      expect(await readFile(`${path}.sha256`, 'utf8')).toBe(`${sha256Hex(bytes)}  ${a.file}\n`);
    },
  );
});

// Needs clang-19 (.ci/run installs it); without it there is nothing to rebuild from.
describe.skipIf(!clang)('verifiable build: rebuilding from source', () => {
  it.each(programs.map((p) => [p.name, p] as const))('reproduces %s byte for byte', async (_, program) => {
    const rebuilt = await buildProgram(program);
    for (const a of rebuilt) {
      const committed = new Uint8Array(await readFile(join(program.dir, 'dist', a.file)));
      expect(Buffer.compare(committed, a.bytes), `${program.name}/${a.file} differs from its rebuild`).toBe(
        0,
      );
    }
  });
});
