import { queryOptions } from '@tanstack/react-query';

/** Longest a loader waits for an image before showing the page anyway. */
export const IMAGE_PRELOAD_TIMEOUT_MS = 2_500;

/**
 * Loads an image into the browser cache so the page paints with it. Resolves (never rejects) on load, on
 * error, or after {@link IMAGE_PRELOAD_TIMEOUT_MS}: a slow or broken image must not block a route, and the
 * page's own <img> falls back to the placeholder.
 *
 * @returns Whether the image loaded.
 */
export function preloadImage(src: string): Promise<boolean> {
  return new Promise((resolve) => {
    const image = new Image();
    const timer = setTimeout(() => {
      resolve(false);
    }, IMAGE_PRELOAD_TIMEOUT_MS);
    image.onload = () => {
      clearTimeout(timer);
      resolve(true);
    };
    image.onerror = () => {
      clearTimeout(timer);
      resolve(false);
    };
    image.decoding = 'async';
    image.src = src;
  });
}

/** The query that preloads one image once per visit (`ensureQueryData` in route loaders). */
export function imageQueryOptions(src: string) {
  return queryOptions({
    queryKey: ['preload-image', src],
    queryFn: () => preloadImage(src),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
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
 * An image through the server's CDN (`GET /api/images`), resized and cropped to cover.
 *
 * @example cdnImage('/api/nfts/assets/abc.svg', 400) === '/api/images?src=%2Fapi%2Fnfts%2Fassets%2Fabc.svg&width=400&height=400'
 */
export function cdnImage(src: string, width: number, height: number = width): string {
  if (src.startsWith('data:')) return src;
  const params = new URLSearchParams({ src, width: String(width), height: String(height) });
  return `/api/images?${params.toString()}`;
}
