/**
 * Art for the demo's markets, drawn here as small SVGs and stored as `data:` URIs: nothing external to
 * fetch, nothing to serve, and the web app shows `data:` images as they are (its CSP allows them). Each
 * category has a glyph; the hue varies per market so a list of one category does not look copied.
 *
 * @module
 */

import type { ProphecyCategory } from '../services/prophecy-service.ts';
import { seedOf } from './random.ts';

/** A glyph drawn in a 200 × 200 box centred on (100, 100), in the foreground colour `currentColor`. */
const GLYPHS: Readonly<Record<ProphecyCategory, string>> = {
  // A coin with a stroke through it.
  Crypto:
    '<circle cx="100" cy="100" r="52" fill="none" stroke="currentColor" stroke-width="10"/>' +
    '<path d="M86 70v60M102 66v68M80 78h30a11 11 0 0 1 0 22H80h34a12 12 0 0 1 0 24H80" fill="none" stroke="currentColor" stroke-width="9" stroke-linejoin="round"/>',
  Sports:
    '<path d="M100 46l14 32 34 3-26 22 8 33-30-18-30 18 8-33-26-22 34-3z" fill="currentColor"/>' +
    '<rect x="72" y="150" width="56" height="10" rx="5" fill="currentColor"/>',
  // A capitol: dome, columns, steps.
  Politics:
    '<path d="M64 92a36 30 0 0 1 72 0z" fill="currentColor"/><rect x="96" y="50" width="8" height="14" fill="currentColor"/>' +
    '<path d="M60 98h80M68 104v36M84 104v36M100 104v36M116 104v36M132 104v36M54 146h92M48 156h104" stroke="currentColor" stroke-width="8"/>',
  // Three slanted bars.
  Solana: '<path d="M72 58h80l-24 22H48zM48 89h80l24 22H72zM72 120h80l-24 22H48z" fill="currentColor"/>',
  // A hexagon of hexagons.
  NFT: '<path d="M100 48l45 26v52l-45 26-45-26V74z" fill="none" stroke="currentColor" stroke-width="10" stroke-linejoin="round"/><path d="M100 80l17 10v20l-17 10-17-10V90z" fill="currentColor"/>',
  NBA: '<circle cx="100" cy="100" r="52" fill="none" stroke="currentColor" stroke-width="9"/><path d="M48 100h104M100 48v104M64 62c22 20 22 56 0 76M136 62c-22 20-22 56 0 76" fill="none" stroke="currentColor" stroke-width="7"/>',
  NFL: '<ellipse cx="100" cy="100" rx="60" ry="36" transform="rotate(-30 100 100)" fill="none" stroke="currentColor" stroke-width="9"/><path d="M78 112l44-24M88 94l8 12M98 88l8 12M108 82l8 12" stroke="currentColor" stroke-width="6"/>',
  NHL: '<ellipse cx="100" cy="92" rx="52" ry="18" fill="currentColor"/><path d="M48 92v20c0 10 23 18 52 18s52-8 52-18V92" fill="currentColor" opacity=".65"/>',
  Boxing:
    '<path d="M70 64c0-14 56-18 62 6 4 16 2 40-10 50H80c-10-10-10-36-10-56z" fill="currentColor"/><rect x="78" y="126" width="46" height="20" rx="4" fill="currentColor" opacity=".7"/>',
  UFC: '<path d="M100 44l12 36 38-2-30 24 14 36-34-22-34 22 14-36-30-24 38 2z" fill="none" stroke="currentColor" stroke-width="8" stroke-linejoin="round"/><circle cx="100" cy="104" r="12" fill="currentColor"/>',
  Soccer:
    '<circle cx="100" cy="100" r="52" fill="none" stroke="currentColor" stroke-width="8"/><path d="M100 80l19 14-7 22H88l-7-22z" fill="currentColor"/><path d="M100 80V50M119 94l28-8M112 116l17 24M88 116l-17 24M81 94l-28-8" stroke="currentColor" stroke-width="6"/>',
  Basketball:
    '<circle cx="100" cy="100" r="52" fill="currentColor" opacity=".9"/><path d="M48 100h104M100 48v104M64 62c22 20 22 56 0 76M136 62c-22 20-22 56 0 76" fill="none" stroke="#0b0d12" stroke-width="6"/>',
};

/** Base hue of each category's background, in degrees. */
const HUES: Readonly<Record<ProphecyCategory, number>> = {
  Crypto: 38,
  Sports: 150,
  Politics: 220,
  Solana: 275,
  NFT: 320,
  NBA: 18,
  NFL: 110,
  NHL: 195,
  Boxing: 0,
  UFC: 350,
  Soccer: 135,
  Basketball: 25,
};

/** The SVG markup of a market's art: a two-stop gradient and its category's glyph. */
export function marketArtSvg(category: ProphecyCategory, name: string): string {
  const hue = (HUES[category] + (seedOf(name) % 40) - 20 + 360) % 360;
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 200">' +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue} 70% 46%)"/>` +
    `<stop offset="1" stop-color="hsl(${(hue + 40) % 360} 65% 18%)"/></linearGradient></defs>` +
    '<rect width="200" height="200" fill="url(#g)"/>' +
    `<g color="#f5f7fa">${GLYPHS[category]}</g></svg>`
  );
}

/**
 * A market's art as a `data:` URI.
 *
 * @example marketArt('Crypto', 'BTC $150K').startsWith('data:image/svg+xml,')
 */
export function marketArt(category: ProphecyCategory, name: string): string {
  return `data:image/svg+xml,${encodeURIComponent(marketArtSvg(category, name))}`;
}
