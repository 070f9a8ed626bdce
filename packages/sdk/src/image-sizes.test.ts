import { describe, expect, it } from 'vitest';

import { IMAGE_CDN_DEFAULT_SIZE } from './constants.ts';
import { IMAGE_CDN_SIZES, IMAGE_CDN_SQUARE_SIZES, imageCdnSquare, isImageCdnSize } from './image-sizes.ts';

describe('image CDN sizes', () => {
  it('lists the squares smallest first, the default among them, then the banner', () => {
    expect(IMAGE_CDN_SQUARE_SIZES).toEqual([64, 96, 192, 256, 320, 400, 480, 600]);
    expect(IMAGE_CDN_SQUARE_SIZES).toContain(IMAGE_CDN_DEFAULT_SIZE);
    expect(IMAGE_CDN_SIZES.at(-1)).toEqual({ width: 1200, height: 400 });
    expect(Object.isFrozen(IMAGE_CDN_SIZES)).toBe(true);
  });

  it('tells a served size from any other', () => {
    expect(isImageCdnSize(600, 600)).toBe(true);
    expect(isImageCdnSize(1200, 400)).toBe(true);
    expect(isImageCdnSize(400, 1200)).toBe(false);
    expect(isImageCdnSize(601, 601)).toBe(false);
    expect(isImageCdnSize(64, 96)).toBe(false);
  });

  it('asks for the smallest square at least as large, or the largest', () => {
    expect([1, 64, 65, 72, 152, 224, 400, 401, 600, 5_000].map(imageCdnSquare)).toEqual([
      64, 64, 96, 96, 192, 256, 400, 480, 600, 600,
    ]);
  });
});
