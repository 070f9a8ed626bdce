/**
 * URLs of the server's image CDN (`GET /api/images?src=&width=&height=`), which resizes NFT art to WebP.
 *
 * @module
 */

import { withQuery } from '../../../lib/api-client.ts';

/**
 * The CDN URL of `src` at `size`×`size` CSS pixels, asked at twice that for sharp rendering on dense screens.
 *
 * @example cdnImage('https://example.com/a.png', 64) === '/api/images?src=https%3A%2F%2Fexample.com%2Fa.png&width=128&height=128'
 */
export function cdnImage(src: string, size: number): string {
  const px = Math.min(2_000, Math.max(16, Math.round(size * 2)));
  return withQuery('/api/images', { src, width: px, height: px });
}
