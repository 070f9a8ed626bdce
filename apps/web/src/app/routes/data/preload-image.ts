import { imageCdnSquare } from '@arcade/sdk/image-sizes';

const preloaded = new Set<string>();

/**
 * Starts loading images into the browser cache and returns at once: a route's loader calls it so the
 * artwork is on its way while the page renders, without ever waiting for (or failing on) an image. The
 * page's own <img> picks up the cached file, and falls back to the placeholder if it is broken. Each URL
 * is requested once per visit.
 *
 * @example preloadImages(ARTWORK.homeHero, ARTWORK.tailspin);
 */
export function preloadImages(...sources: readonly string[]): void {
  if (typeof document === 'undefined') return;
  for (const src of sources) {
    if (preloaded.has(src)) continue;
    preloaded.add(src);
    const link = document.createElement('link');
    link.rel = 'preload';
    link.setAttribute('as', 'image');
    link.href = src;
    // The art is decorative: let the route's data and scripts go first.
    link.setAttribute('fetchpriority', 'low');
    document.head.append(link);
  }
}

/** Forgets which images were preloaded (tests). */
export function resetPreloadedImages(): void {
  preloaded.clear();
}

/** Artwork of the pages, drawn as SVG in `public/images`. */
export const ARTWORK = {
  homeHero: '/images/home-hero.svg',
  tailspin: '/images/cover-tailspin.svg',
  retail: '/images/cover-retail.svg',
  foresight: '/images/cover-foresight.svg',
  prophecy: '/images/cover-prophecy.svg',
} as const;

/**
 * An image through the server's CDN (`GET /api/images`), resized and cropped to cover; a square is asked at
 * the next size the CDN serves (`@arcade/sdk/image-sizes`).
 *
 * @example cdnImage('/api/nfts/assets/abc.svg', 400) === '/api/images?src=%2Fapi%2Fnfts%2Fassets%2Fabc.svg&width=400&height=400'
 */
export function cdnImage(src: string, width: number, height: number = width): string {
  if (src.startsWith('data:')) return src;
  const square = width === height ? imageCdnSquare(width) : null;
  const params = new URLSearchParams({
    src,
    width: String(square ?? width),
    height: String(square ?? height),
  });
  return `/api/images?${params.toString()}`;
}
