/**
 * Resizes originals to WebP and keeps the results on disk, `<cacheDir>/<sha256(src, size)>.webp`.
 * Concurrent requests for the same image share one resize.
 *
 * @module
 */

import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

import sharp from 'sharp';

import { badRequest } from '../http/errors.ts';

/** An image to produce: where it comes from and its size in px. */
export interface ImageRequest {
  /** Identifies the original (the route's `src`); part of the cache key. */
  readonly src: string;
  readonly width: number;
  readonly height: number;
  /** Whether SVG originals are accepted (only this server's own art: a remote SVG is untrusted markup). */
  readonly allowSvg: boolean;
}

/** A resized image. */
export interface ResizedImage {
  readonly data: Buffer;
  /** A strong ETag: the cache key, since a key's bytes never change. */
  readonly etag: string;
  /** Whether it came from the disk cache. */
  readonly cached: boolean;
}

/** Largest original, in pixels, sharp decodes (a decompression bomb stops here). */
const MAX_INPUT_PIXELS = 50_000_000;

const NOT_AN_IMAGE = 'Image source is not an image';

/** The cache key of `request`: sha256 of the source and the size, hex. */
export function imageCacheKey(request: Pick<ImageRequest, 'src' | 'width' | 'height'>): string {
  return createHash('sha256').update(`${request.src}\n${request.width}x${request.height}`).digest('hex');
}

/** The disk-cached WebP resizer. */
export class ImageResizer {
  readonly #cacheDir: string;
  readonly #inFlight = new Map<string, Promise<ResizedImage>>();
  #resized = 0;
  #hits = 0;

  constructor(cacheDir: string) {
    this.#cacheDir = cacheDir;
  }

  /** How many images were resized (cache misses that produced a file). */
  get resizedCount(): number {
    return this.#resized;
  }

  /** How many requests the disk cache answered. */
  get cacheHits(): number {
    return this.#hits;
  }

  /**
   * The WebP of `request`, `fit: cover`, from the cache or by resizing what `load` returns.
   *
   * @throws HttpError 400 'Image source is not an image' when the original does not decode; whatever
   *   `load` throws.
   */
  async get(request: ImageRequest, load: () => Promise<Buffer>): Promise<ResizedImage> {
    const key = imageCacheKey(request);
    const path = join(this.#cacheDir, `${key}.webp`);
    const etag = `"${key}"`;
    try {
      const data = await readFile(path);
      this.#hits += 1;
      return { data, etag, cached: true };
    } catch {
      // Not cached yet.
    }
    let pending = this.#inFlight.get(key);
    if (pending === undefined) {
      pending = this.#produce(request, load, path, etag).finally(() => this.#inFlight.delete(key));
      this.#inFlight.set(key, pending);
    }
    return pending;
  }

  async #produce(
    request: ImageRequest,
    load: () => Promise<Buffer>,
    path: string,
    etag: string,
  ): Promise<ResizedImage> {
    const original = await load();
    let data: Buffer;
    try {
      const image = sharp(original, { limitInputPixels: MAX_INPUT_PIXELS });
      const { format } = await image.metadata();
      if (format === 'svg' && !request.allowSvg) throw new Error('untrusted svg');
      data = await image
        .resize(request.width, request.height, { fit: 'cover' })
        .webp({ quality: 82 })
        .toBuffer();
    } catch {
      throw badRequest(NOT_AN_IMAGE);
    }
    await mkdir(this.#cacheDir, { recursive: true });
    // Written aside and renamed, so a reader never sees half a file.
    const temporary = `${path}.${randomBytes(6).toString('hex')}.tmp`;
    await writeFile(temporary, data);
    await rename(temporary, path);
    this.#resized += 1;
    return { data, etag, cached: false };
  }
}
