/**
 * Writes a `.br` and a `.gz` beside every compressible file of the production build, so the server sends
 * them as they are (`preCompressed`) instead of compressing on each request.
 *
 * @module
 */

import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = /\.(?:js|css|html|svg|json|txt|webmanifest)$/;
const dist = join(import.meta.dirname, '..', 'dist');

let files = 0;
for (const entry of await readdir(dist, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
  const path = join(entry.parentPath, entry.name);
  const body = await readFile(path);
  if (body.length < 1024) continue;
  await writeFile(
    `${path}.br`,
    brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
  await writeFile(`${path}.gz`, gzipSync(body, { level: 9 }));
  files += 1;
}
console.log(`precompressed ${files} files in ${dist}`);
