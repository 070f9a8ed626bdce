/**
 * NFT art through the server's image CDN (`GET /api/images?src=&width=&height=`), resized and cropped to
 * cover, so a grid of listings downloads thumbnails rather than originals.
 *
 * @module
 */

import { imageCdnSquare } from '@arcade/sdk/image-sizes';

/**
 * The CDN URL of `src` at `width`×`height` (square by default, asked at the next square size the CDN
 * serves: `@arcade/sdk/image-sizes`; the one wide size is the banner, 1200×400); data URLs pass through.
 *
 * @example nftImage('/api/nfts/assets/a.svg', 400) === '/api/images?src=%2Fapi%2Fnfts%2Fassets%2Fa.svg&width=400&height=400'
 */
export function nftImage(src: string, width: number, height: number = width): string {
  if (src === '' || src.startsWith('data:')) return src;
  const square = width === height ? imageCdnSquare(width) : null;
  const params = new URLSearchParams({
    src,
    width: String(square ?? width),
    height: String(square ?? height),
  });
  return `/api/images?${params.toString()}`;
}
