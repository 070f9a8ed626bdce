/**
 * The image CDN (spec §7: "Image CDN URLs are built from a path with width and height of 600 by
 * default"): `GET /api/images?src=&width=&height=` answers a WebP resized with `fit: cover`, cached on
 * disk under `<DATA_DIR>/cache/images/`.
 *
 * @module
 */

import { join } from 'node:path';

import { IMAGE_CDN_DEFAULT_SIZE } from '@arcade/sdk/constants';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { loadLocalCollection } from '../../../adapters/nft/local-collection.ts';
import { ImageResizer } from '../../../images/image-resizer.ts';
import { loadImageSource, resolveImageSource } from '../../../images/image-source.ts';

/** Smallest and largest width or height served, px. */
export const IMAGE_MIN_SIZE = 16;
export const IMAGE_MAX_SIZE = 2_000;
/** Largest original fetched or read. */
export const IMAGE_MAX_SOURCE_BYTES = 10 * 1024 * 1024;
/** How long a remote original may take. */
export const IMAGE_FETCH_TIMEOUT_MS = 10_000;

const size = (name: string) =>
  z.coerce
    .number({ error: `${name} must be an integer from ${IMAGE_MIN_SIZE} to ${IMAGE_MAX_SIZE}` })
    .int(`${name} must be an integer from ${IMAGE_MIN_SIZE} to ${IMAGE_MAX_SIZE}`)
    .min(IMAGE_MIN_SIZE, `${name} must be an integer from ${IMAGE_MIN_SIZE} to ${IMAGE_MAX_SIZE}`)
    .max(IMAGE_MAX_SIZE, `${name} must be an integer from ${IMAGE_MIN_SIZE} to ${IMAGE_MAX_SIZE}`)
    .default(IMAGE_CDN_DEFAULT_SIZE);

const routes: FastifyPluginAsyncZod = async (app) => {
  const resizer = new ImageResizer(join(app.env.DATA_DIR, 'cache', 'images'));
  const manifestPath = app.chain.local?.nftManifestPath;

  app.get(
    '/',
    {
      schema: {
        summary:
          'A WebP of an image (this server’s NFT art, or an https URL on an allowed host), resized with fit: cover; 600×600 by default',
        tags: ['images'],
        querystring: z.object({
          src: z
            .string({ error: 'src is required' })
            .trim()
            .min(1, 'src is required')
            .max(2048, 'src is too long'),
          width: size('width'),
          height: size('height'),
        }),
      },
    },
    async (request, reply) => {
      const { src, width, height } = request.query;
      const localFile =
        manifestPath === undefined ? null : (await loadLocalCollection(manifestPath)).filePath;
      const source = resolveImageSource(src, {
        publicUrl: app.env.PUBLIC_URL,
        remoteHosts: app.env.IMAGE_REMOTE_HOSTS,
        localFile,
      });
      const image = await resizer.get({ src, width, height, allowSvg: source.kind === 'local' }, () =>
        loadImageSource(source, {
          fetch: (url, init) => fetch(url, init),
          timeoutMs: IMAGE_FETCH_TIMEOUT_MS,
          maxBytes: IMAGE_MAX_SOURCE_BYTES,
        }),
      );
      void reply
        .header('cache-control', 'public, max-age=86400, immutable')
        .header('etag', image.etag)
        .header('x-cache', image.cached ? 'HIT' : 'MISS');
      if (request.headers['if-none-match'] === image.etag) return reply.code(304).send();
      return reply.type('image/webp').send(image.data);
    },
  );
};

export default routes;
