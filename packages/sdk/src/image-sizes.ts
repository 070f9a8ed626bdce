/**
 * The sizes the image CDN (`GET /api/images`) serves: the web app asks for these and the server refuses
 * any other, so each source has a handful of resized copies rather than one per width×height.
 *
 * Square sizes cover every thumbnail, avatar and card the web app draws (at twice their CSS size where it
 * asks for dense screens); a CSS size between two of them is asked at the next one up
 * ({@link imageCdnSquare}). The one wide size is a collection's banner.
 *
 * @module
 */

import { IMAGE_CDN_DEFAULT_SIZE } from './constants.ts';

/** A width and height in px the image CDN serves. */
export interface ImageCdnSize {
  readonly width: number;
  readonly height: number;
}

/** Edges of the square sizes, px, smallest first (the default, 600, is the largest). */
export const IMAGE_CDN_SQUARE_SIZES = Object.freeze([64, 96, 192, 256, 320, 400, 480, 600] as const);

/** A collection page's banner. */
export const IMAGE_CDN_BANNER_SIZE: ImageCdnSize = Object.freeze({ width: 1200, height: 400 });

/** Every size the image CDN serves: the squares, then the banner. */
export const IMAGE_CDN_SIZES: readonly ImageCdnSize[] = Object.freeze([
  ...IMAGE_CDN_SQUARE_SIZES.map((edge) => Object.freeze({ width: edge, height: edge })),
  IMAGE_CDN_BANNER_SIZE,
]);

/**
 * Whether the image CDN serves `width`×`height`.
 *
 * @example isImageCdnSize(600, 600) === true
 * @example isImageCdnSize(601, 601) === false
 */
export function isImageCdnSize(width: number, height: number): boolean {
  return IMAGE_CDN_SIZES.some((size) => size.width === width && size.height === height);
}

/**
 * The edge of the smallest square size of at least `px` (the largest one above it): what to ask for an
 * image drawn `px` wide.
 *
 * @example imageCdnSquare(72) === 96
 * @example imageCdnSquare(5000) === 600
 */
export function imageCdnSquare(px: number): number {
  return IMAGE_CDN_SQUARE_SIZES.find((edge) => edge >= px) ?? IMAGE_CDN_DEFAULT_SIZE;
}
