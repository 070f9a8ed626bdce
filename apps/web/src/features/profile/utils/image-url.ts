/**
 * URLs of the server's image CDN (`GET /api/images?src=&width=&height=`), which resizes NFT art to WebP.
 *
 * @module
 */

import { imageCdnSquare } from '@arcade/sdk/image-sizes';

import { withQuery } from '../../../lib/api-client.ts';

/**
 * The CDN URL of `src` at `size`×`size` CSS pixels, asked at twice that for sharp rendering on dense screens
 * (the next size the CDN serves up: `@arcade/sdk/image-sizes`).
 *
 * @example cdnImage('https://example.com/a.png', 48) === '/api/images?src=https%3A%2F%2Fexample.com%2Fa.png&width=96&height=96'
 */
export function cdnImage(src: string, size: number): string {
  const px = imageCdnSquare(size * 2);
  return withQuery('/api/images', { src, width: px, height: px });
}
