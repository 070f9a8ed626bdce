import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { isOlderThan } from './product-process.ts';

let dir: string;

/** Writes `path` under the temporary directory with the given modification time (seconds). */
function file(path: string, mtime: number): string {
  const full = join(dir, path);
  mkdirSync(join(full, '..'), { recursive: true });
  writeFileSync(full, path);
  utimesSync(full, mtime, mtime);
  return full;
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'web-build-'));
});

afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('isOlderThan (whether the browser suites must rebuild the web app)', () => {
  it('rebuilds when there is no build', () => {
    file('src/app.tsx', 1_000);
    expect(isOlderThan(join(dir, 'dist/index.html'), [join(dir, 'src')])).toBe(true);
  });

  it('rebuilds when a source anywhere in the tree changed after the build', () => {
    const index = file('dist/index.html', 2_000);
    file('src/app.tsx', 1_000);
    file('src/features/deep/page.tsx', 3_000);
    expect(isOlderThan(index, [join(dir, 'src')])).toBe(true);
  });

  it('keeps a build newer than every source, and ignores sources that do not exist', () => {
    const index = file('dist/index.html', 2_000);
    file('src/app.tsx', 1_000);
    const sdk = file('sdk/src/constants.ts', 1_500);
    utimesSync(join(dir, 'src'), 1_000, 1_000);
    utimesSync(join(dir, 'sdk/src'), 1_000, 1_000);
    utimesSync(join(dir, 'sdk'), 1_000, 1_000);
    expect(isOlderThan(index, [join(dir, 'src'), sdk, join(dir, 'missing')])).toBe(false);
  });
});
