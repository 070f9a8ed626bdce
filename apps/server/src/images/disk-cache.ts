/**
 * The resized images on disk, `<dir>/<key>.webp`, held under a size and a file count: past either, the
 * least recently used files are deleted.
 *
 * The index (key → size, least recently used first) lives in memory and is rebuilt from the directory at
 * start, oldest modification first. Each instance owns its directory: nothing is shared between
 * instances, so each keeps its own cap. Files are written aside and renamed, so a reader never sees half
 * a file, and a file deleted under a reader is only a miss.
 *
 * @module
 */

import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** Limits of a {@link DiskCache}. */
export interface DiskCacheOptions {
  readonly dir: string;
  /** Most bytes the files may take together. */
  readonly maxBytes: number;
  /** Most files. */
  readonly maxFiles: number;
}

const SUFFIX = '.webp';
const TEMPORARY = /\.[0-9a-f]{12}\.tmp$/;
/** A temporary file this old is left over from a crash (a write takes milliseconds), and is deleted at start. */
const STALE_TEMPORARY_MS = 10 * 60_000;

/** A size- and count-capped directory of files by key, least recently used evicted first. */
export class DiskCache {
  readonly #options: DiskCacheOptions;
  /** key → bytes; Map order is use order, least recent first. */
  readonly #entries = new Map<string, number>();
  #bytes = 0;

  constructor(options: DiskCacheOptions) {
    this.#options = options;
  }

  /** Bytes the indexed files take. */
  get bytes(): number {
    return this.#bytes;
  }

  /** How many files are indexed. */
  get files(): number {
    return this.#entries.size;
  }

  /** Indexes the files already in the directory, oldest first, and trims them to the caps. */
  async load(): Promise<void> {
    let names: string[];
    try {
      names = await readdir(this.#options.dir);
    } catch {
      return; // No directory yet: created by the first write.
    }
    const found: { key: string; size: number; modified: number }[] = [];
    const now = Date.now();
    await Promise.all(
      names.map(async (name) => {
        const path = join(this.#options.dir, name);
        try {
          const info = await stat(path);
          if (!info.isFile()) return;
          if (TEMPORARY.test(name)) {
            if (now - info.mtimeMs > STALE_TEMPORARY_MS) await rm(path, { force: true });
            return;
          }
          if (name.endsWith(SUFFIX)) {
            found.push({ key: name.slice(0, -SUFFIX.length), size: info.size, modified: info.mtimeMs });
          }
        } catch {
          // Gone meanwhile.
        }
      }),
    );
    found.sort((a, b) => a.modified - b.modified || a.key.localeCompare(b.key));
    for (const { key, size } of found) this.#record(key, size);
    await this.#evict();
  }

  /** The file of `key`, or null; a hit becomes the most recently used. */
  async read(key: string): Promise<Buffer | null> {
    let data: Buffer;
    try {
      data = await readFile(this.#path(key));
    } catch {
      this.#forget(key);
      return null;
    }
    this.#record(key, data.length);
    return data;
  }

  /** Stores `data` under `key` as the most recently used, then deletes the least recently used past the caps. */
  async write(key: string, data: Buffer): Promise<void> {
    await mkdir(this.#options.dir, { recursive: true });
    const path = this.#path(key);
    const temporary = `${path}.${randomBytes(6).toString('hex')}.tmp`;
    await writeFile(temporary, data);
    await rename(temporary, path);
    this.#record(key, data.length);
    await this.#evict();
  }

  #path(key: string): string {
    return join(this.#options.dir, `${key}${SUFFIX}`);
  }

  #record(key: string, size: number): void {
    this.#forget(key);
    this.#entries.set(key, size);
    this.#bytes += size;
  }

  #forget(key: string): void {
    const size = this.#entries.get(key);
    if (size === undefined) return;
    this.#entries.delete(key);
    this.#bytes -= size;
  }

  /**
   * Deletes the least recently used files until both caps hold. The index is updated before any await, so
   * concurrent writes never pick the same file twice or count one twice.
   */
  async #evict(): Promise<void> {
    const doomed: string[] = [];
    for (const [key] of this.#entries) {
      if (this.#bytes <= this.#options.maxBytes && this.#entries.size <= this.#options.maxFiles) break;
      this.#forget(key);
      doomed.push(key);
    }
    await Promise.all(doomed.map((key) => rm(this.#path(key), { force: true })));
  }
}
