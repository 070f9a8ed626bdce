/**
 * Market images through the server's image CDN (`GET /api/images`), resized and cropped to cover.
 *
 * @module
 */

import { imageCdnSquare } from '@arcade/sdk/image-sizes';

import { withQuery } from '../../../lib/api-client.ts';

/**
 * The CDN URL of a market image shown at `size`×`size` CSS pixels, asked at twice that for dense screens
 * (the next size the CDN serves up: `@arcade/sdk/image-sizes`); undefined for none (the image component then shows its placeholder).
 *
 * @example marketImage('/images/sol.png', 48) === '/api/images?src=%2Fimages%2Fsol.png&width=96&height=96'
 */
export function marketImage(src: string | null, size: number): string | undefined {
  if (src === null || src === '') return undefined;
  if (src.startsWith('data:')) return src;
  const px = imageCdnSquare(size * 2);
  return withQuery('/api/images', { src, width: px, height: px });
}
