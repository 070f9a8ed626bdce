/**
 * Resizes originals to WebP and keeps the results in a capped disk cache, `<cacheDir>/<sha256(key, size)>.webp`
 * (see `disk-cache.ts`). Concurrent requests for the same image share one resize; a limited number of
 * resizes run at once (see `resize-slots.ts`); a hit costs no budget, a miss is admitted first.
 *
 * @module
 */

import { ApiErrorCode } from '@arcade/sdk/api/error-codes';
import { createHash } from 'node:crypto';

import sharp from 'sharp';

import { badRequest } from '../http/errors.ts';
import { DiskCache } from './disk-cache.ts';
import { ResizeSlots } from './resize-slots.ts';

/** An image to produce: where it comes from and its size in px. */
export interface ImageRequest {
  /** Identifies the original: the canonical key of its source (`ImageSource.key`). */
  readonly key: string;
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

/** The cache key of `request`: sha256 of the source's key and the size, hex. */
export function imageCacheKey(request: Pick<ImageRequest, 'key' | 'width' | 'height'>): string {
  return createHash('sha256').update(`${request.key}\n${request.width}x${request.height}`).digest('hex');
}

/** The strong ETag of `request`'s image: its cache key, since a key's bytes never change. */
export function imageEtag(request: Pick<ImageRequest, 'key' | 'width' | 'height'>): string {
  return `"${imageCacheKey(request)}"`;
}

/** Where and how much an {@link ImageResizer} caches, and how many resizes it runs at once. */
export interface ImageResizerOptions {
  readonly cacheDir: string;
  /** Most bytes the cached files take together. */
  readonly maxCacheBytes: number;
  /** Most cached files. */
  readonly maxCacheFiles: number;
  /** Resizes running at once. */
  readonly concurrency: number;
  /** Resizes waiting for a slot; past that a miss is refused with 503. */
  readonly queue: number;
}

/** Defaults for tests and tools; the server reads its own from the environment. */
export const DEFAULT_RESIZER_LIMITS = Object.freeze({
  maxCacheBytes: 512 * 1024 * 1024,
  maxCacheFiles: 50_000,
  concurrency: 2,
  queue: 32,
});

/** The disk-cached WebP resizer. */
export class ImageResizer {
  readonly #cache: DiskCache;
  readonly #slots: ResizeSlots;
  readonly #inFlight = new Map<string, Promise<ResizedImage>>();
  #resized = 0;
  #hits = 0;

  constructor(options: Partial<ImageResizerOptions> & Pick<ImageResizerOptions, 'cacheDir'>) {
    const limits = { ...DEFAULT_RESIZER_LIMITS, ...options };
    this.#cache = new DiskCache({
      dir: options.cacheDir,
      maxBytes: limits.maxCacheBytes,
      maxFiles: limits.maxCacheFiles,
    });
    this.#slots = new ResizeSlots({ concurrency: limits.concurrency, queue: limits.queue });
  }

  /** Indexes the files a previous run left in the cache directory and trims them to the caps. */
  async open(): Promise<void> {
    await this.#cache.load();
  }

  /** Bytes and files the disk cache holds. */
  get cacheSize(): { readonly bytes: number; readonly files: number } {
    return { bytes: this.#cache.bytes, files: this.#cache.files };
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
   * The WebP of `request`, `fit: cover`, from the cache or by resizing what `load` returns. A miss that
   * starts a resize calls `admit` first (a budget: it throws to refuse); joining a resize already under
   * way, like a hit, does not.
   *
   * @throws HttpError 400 'Image source is not an image' when the original does not decode; 503 when too
   *   many resizes are running and waiting; whatever `load` or `admit` throws.
   */
  async get(
    request: ImageRequest,
    load: () => Promise<Buffer>,
    admit: () => Promise<void> = async () => {},
  ): Promise<ResizedImage> {
    const key = imageCacheKey(request);
    const etag = imageEtag(request);
    const cached = await this.#cache.read(key);
    if (cached !== null) {
      this.#hits += 1;
      return { data: cached, etag, cached: true };
    }
    if (!this.#inFlight.has(key)) await admit();
    // Looked up again: another request may have started this resize while the budget was checked.
    let pending = this.#inFlight.get(key);
    if (pending === undefined) {
      pending = this.#slots
        .run(() => this.#produce(request, load, key, etag))
        .finally(() => this.#inFlight.delete(key));
      this.#inFlight.set(key, pending);
    }
    return pending;
  }

  async #produce(
    request: ImageRequest,
    load: () => Promise<Buffer>,
    key: string,
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
      throw badRequest(ApiErrorCode.IMAGE_NOT_AN_IMAGE);
    }
    await this.#cache.write(key, data);
    this.#resized += 1;
    return { data, etag, cached: false };
  }
}
