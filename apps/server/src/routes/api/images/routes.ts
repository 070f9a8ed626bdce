/**
 * The image CDN (`docs/reference/api.md#nfts-and-images`: URLs built from a path, with a width and
 * height of 600 by default): `GET /api/images?src=&width=&height=` answers a WebP resized with
 * `fit: cover`, cached on disk under `<DATA_DIR>/cache/images/`.
 *
 * Only the sizes the web app asks for are served (`@arcade/sdk/image-sizes`), and `src` is cached under
 * its canonical form, so the variants of one URL share one copy. A hit is free; a miss (a resize) costs
 * one of the IP's `IMAGE_MISSES_PER_MINUTE`, counted across instances when Redis is configured, and waits
 * for one of the instance's resize slots (503 when they and their queue are full).
 *
 * @module
 */

import { join } from 'node:path';

import { ApiErrorCode } from '@arcade/sdk/api/error-codes';
import { imageQuerySchema } from '@arcade/sdk/api/images';
import { isImageCdnSize } from '@arcade/sdk/image-sizes';
import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { loadLocalCollection } from '../../../adapters/nft/local-collection.ts';
import { badRequest, HttpError, tooManyRequests } from '../../../http/errors.ts';
import { errorSchema, transportResponses } from '../../../http/schemas.ts';
import { ImageResizer, imageEtag } from '../../../images/image-resizer.ts';
import { loadImageSource, resolveImageSource } from '../../../images/image-source.ts';
import { IMAGE_BUSY_RETRY_AFTER_SECONDS } from '../../../images/resize-slots.ts';

/** Largest original fetched or read. */
export const IMAGE_MAX_SOURCE_BYTES = 10 * 1024 * 1024;
/** How long a remote original may take. */
export const IMAGE_FETCH_TIMEOUT_MS = 10_000;

/** The image: a binary string in the OpenAPI document, the bytes of a Buffer on the wire. */
const imageBody = z.string().meta({ format: 'binary' }) as unknown as z.ZodType<Buffer>;

const jsonError = (description: string) => ({
  description,
  content: { 'application/json': { schema: errorSchema } },
});

/** The headers of an image (200 or 304); an error is never cached. */
const cacheHeaders = (etag: string) => ({ 'cache-control': 'public, max-age=86400, immutable', etag });

const routes: FastifyPluginAsyncZod = async (app) => {
  const { env } = app;
  const resizer = new ImageResizer({
    cacheDir: join(env.DATA_DIR, 'cache', 'images'),
    maxCacheBytes: env.IMAGE_CACHE_MAX_BYTES,
    maxCacheFiles: env.IMAGE_CACHE_MAX_FILES,
    concurrency: env.IMAGE_RESIZE_CONCURRENCY,
    queue: env.IMAGE_RESIZE_QUEUE,
  });
  await resizer.open();
  const manifestPath = app.chain.local?.nftManifestPath;
  // Applied by hand, on misses only: the global limit has already counted the request.
  const missLimit = app.createRateLimit({
    max: env.IMAGE_MISSES_PER_MINUTE,
    timeWindow: 60_000,
    // An IPv6 client is counted by its /64, as the global limit does: one host has a whole prefix.
    keyGenerator: (request: FastifyRequest) => `image-miss:${normalizeIP(request.ip)}`,
  });

  /** Charges one miss to the request's IP: 429 with `Retry-After` once the minute's budget is spent. */
  const admitMiss = (request: FastifyRequest, reply: FastifyReply) => async (): Promise<void> => {
    const result = await missLimit(request);
    if (!result.isAllowed && result.isExceeded) {
      void reply.header('retry-after', String(result.ttlInSeconds));
      throw tooManyRequests(ApiErrorCode.RATE_LIMITED);
    }
  };

  app.get(
    '/',
    {
      schema: {
        summary:
          'A WebP of an image (this server’s NFT art, or an https URL on an allowed host), resized with fit: cover; 600×600 by default',
        description:
          'width×height must be one of the sizes the web app uses (`@arcade/sdk/image-sizes`). A cache miss costs one of the IP’s resizes per minute.',
        tags: ['images'],
        querystring: imageQuerySchema,
        response: {
          200: {
            description: 'The resized image',
            content: { 'image/webp': { schema: imageBody } },
          },
          // `type: 'null'`: the document then declares no body at all.
          304: z.null().meta({ type: 'null', description: 'Not modified (If-None-Match matched the ETag)' }),
          400: jsonError('Unsupported size, source not allowed, too large or not an image'),
          429: jsonError('Too many requests, or too many cache misses from this IP (Retry-After)'),
          502: jsonError('The remote original could not be fetched'),
          503: jsonError('Too many resizes under way (Retry-After)'),
          ...transportResponses,
        },
      },
    },
    async (request, reply) => {
      const { src, width, height } = request.query;
      if (!isImageCdnSize(width, height)) throw badRequest(ApiErrorCode.IMAGE_UNSUPPORTED_SIZE);
      const localFile =
        manifestPath === undefined ? null : (await loadLocalCollection(manifestPath)).filePath;
      const source = resolveImageSource(src, {
        publicUrl: env.PUBLIC_URL,
        remoteHosts: env.IMAGE_REMOTE_HOSTS,
        localFile,
      });
      const wanted = { key: source.key, width, height, allowSvg: source.kind === 'local' };
      const etag = imageEtag(wanted);
      // A key's bytes never change: a client holding them needs neither the disk nor a resize.
      if (request.headers['if-none-match'] === etag) {
        return reply.headers(cacheHeaders(etag)).code(304).send(null);
      }
      let image;
      try {
        image = await resizer.get(
          wanted,
          () =>
            loadImageSource(source, {
              fetch: (url, init) => fetch(url, init),
              timeoutMs: IMAGE_FETCH_TIMEOUT_MS,
              maxBytes: IMAGE_MAX_SOURCE_BYTES,
            }),
          admitMiss(request, reply),
        );
      } catch (error) {
        if (error instanceof HttpError && error.statusCode === 503) {
          void reply.header('retry-after', String(IMAGE_BUSY_RETRY_AFTER_SECONDS));
        }
        throw error;
      }
      return reply
        .headers(cacheHeaders(etag))
        .header('x-cache', image.cached ? 'HIT' : 'MISS')
        .type('image/webp')
        .send(image.data);
    },
  );
};

export default routes;
