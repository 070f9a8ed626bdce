import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { IMAGE_CDN_SIZES, isImageCdnSize } from '@arcade/sdk/image-sizes';
import { describe, expect, it } from 'vitest';

import { cdnImage as profileImage } from '../features/profile/utils/image-url.ts';
import { marketImage } from '../features/prophecy/utils/market-image.ts';
import { nftImage } from '../features/retail/utils/nft-image.ts';
import { cdnImage as routeImage } from './routes/data/preload-image.ts';

/** The width×height of an image CDN URL. */
function sizeOf(url: string | undefined): { width: number; height: number } {
  const query = new URL(url ?? '', 'https://app.example').searchParams;
  return { width: Number(query.get('width')), height: Number(query.get('height')) };
}

function expectServed(url: string | undefined, label: string): void {
  const { width, height } = sizeOf(url);
  expect(isImageCdnSize(width, height), `${label}: ${width}x${height}`).toBe(true);
}

/** Every `.ts`/`.tsx` file under `dir`, tests aside. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('the image CDN sizes the web app asks for', () => {
  it('are sizes the server serves, for every CSS size a builder is given', () => {
    for (let css = 1; css <= 1_400; css += 1) {
      expectServed(profileImage('https://a.example/x.png', css), `cdnImage(profile) ${css}`);
      expectServed(marketImage('/images/sol.png', css), `marketImage ${css}`);
      expectServed(nftImage('/api/nfts/assets/a.svg', css), `nftImage ${css}`);
      expectServed(routeImage('/api/nfts/assets/a.svg', css), `cdnImage(route) ${css}`);
    }
    expectServed(nftImage('/api/nfts/assets/a.svg', 1200, 400), 'the collection banner');
  });

  it('are served for every literal size the components pass', () => {
    const root = join(import.meta.dirname, '..');
    const call = /\b(nftImage|cdnImage|marketImage)\([^()]*?,\s*(\d+)(?:,\s*(\d+))?\)/g;
    const builders = { nftImage, cdnImage: profileImage, marketImage } as const;
    let found = 0;
    for (const file of sources(root)) {
      const text = readFileSync(file, 'utf8');
      for (const [, name, width, height] of text.matchAll(call)) {
        const build = builders[name as keyof typeof builders];
        const url =
          name === 'nftImage'
            ? nftImage('/x.svg', Number(width), Number(height ?? width))
            : build('/x.svg', Number(width));
        expectServed(url, `${file}: ${name}(…, ${width}${height === undefined ? '' : `, ${height}`})`);
        found += 1;
      }
      // The feed's avatars build their URL by hand.
      for (const [, px] of text.matchAll(/\bAVATAR_PX = (\d+);/g)) {
        expect(isImageCdnSize(Number(px), Number(px)), `${file}: AVATAR_PX ${px}`).toBe(true);
        found += 1;
      }
    }
    expect(found).toBeGreaterThan(5);
  });

  it('include the default the server uses without width and height', () => {
    expect(IMAGE_CDN_SIZES).toContainEqual({ width: 600, height: 600 });
  });
});
