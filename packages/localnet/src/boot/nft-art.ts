/**
 * The generated art and off-chain metadata of the local marketplace's NFT collection, "Juice Critters":
 * everything about critter `index` (traits, SVG, listing price) follows from a seeded hash of the index, so
 * the same index always gives the same critter.
 *
 * @module
 */

/** The collection's display name and slug. */
export const COLLECTION_NAME = 'Juice Critters';
export const COLLECTION_SLUG = 'juice-critters';
export const COLLECTION_SYMBOL = 'CRIT';

const LAMPORTS_PER_SOL = 1_000_000_000n;

/** One trait in the common off-chain metadata format. */
export interface NftAttribute {
  readonly trait_type: 'Background' | 'Body' | 'Eyes' | 'Rarity';
  readonly value: string;
}

/** The off-chain metadata JSON of one NFT (the common `{ name, symbol, description, image, attributes }`). */
export interface NftMetadata {
  readonly name: string;
  readonly symbol: string;
  readonly description: string;
  /** The art's file name beside the JSON (`<mint>.svg`); the server's inventory port serves it. */
  readonly image: string;
  readonly attributes: readonly NftAttribute[];
  readonly collection: { readonly name: string; readonly family: string };
  readonly properties: {
    readonly category: 'image';
    readonly files: readonly { readonly uri: string; readonly type: 'image/svg+xml' }[];
  };
}

/** Critter `index`: its traits, art and listing price. */
export interface Critter {
  readonly index: number;
  readonly name: string;
  readonly attributes: readonly NftAttribute[];
  readonly svg: string;
  /** Between 0.5 and 20 SOL, higher for rarer critters. */
  readonly priceLamports: bigint;
}

/** A small deterministic PRNG (mulberry32) seeded with an FNV-1a hash of `seed`. */
function seededRandom(seed: string): () => number {
  let state = 0x811c9dc5;
  for (const char of seed) {
    state ^= char.charCodeAt(0);
    state = Math.imul(state, 0x01000193) >>> 0;
  }
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const BACKGROUNDS = [
  { name: 'Sunset', from: '#ff9a8b', to: '#ff6a88' },
  { name: 'Lagoon', from: '#43cea2', to: '#185a9d' },
  { name: 'Citrus', from: '#f9d423', to: '#ff4e50' },
  { name: 'Midnight', from: '#232526', to: '#414345' },
  { name: 'Mint', from: '#d4fc79', to: '#96e6a1' },
  { name: 'Grape', from: '#8e2de2', to: '#4a00e0' },
] as const;

const BODIES = [
  { name: 'Orange', fill: '#ff9f1c', shade: '#e07a00' },
  { name: 'Lime', fill: '#9be15d', shade: '#5fa829' },
  { name: 'Berry', fill: '#e84a8a', shade: '#b02862' },
  { name: 'Blueberry', fill: '#4f8ef7', shade: '#2c5fc2' },
  { name: 'Lemon', fill: '#ffe45e', shade: '#d6b829' },
  { name: 'Grape', fill: '#a66cff', shade: '#7441c9' },
] as const;

const EYES = ['Round', 'Sleepy', 'Wink', 'Star'] as const;

/** Rarities with their weight (out of 100) and price range in tenths of SOL. */
const RARITIES = [
  { name: 'Common', weight: 55, min: 5, max: 30 },
  { name: 'Uncommon', weight: 28, min: 30, max: 70 },
  { name: 'Rare', weight: 13, min: 70, max: 140 },
  { name: 'Legendary', weight: 4, min: 140, max: 200 },
] as const;

const pick = <T>(random: () => number, items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

function eyesSvg(kind: (typeof EYES)[number], y: number, spread: number): string {
  const xs = [300 - spread, 300 + spread];
  const eye = (x: number, i: number): string => {
    switch (kind) {
      case 'Round':
        return `<circle cx="${x}" cy="${y}" r="30" fill="#fff"/><circle cx="${x + 6}" cy="${y + 4}" r="14" fill="#1b1b1b"/><circle cx="${x + 11}" cy="${y - 3}" r="5" fill="#fff"/>`;
      case 'Sleepy':
        return `<path d="M${x - 28} ${y} Q${x} ${y + 22} ${x + 28} ${y}" stroke="#1b1b1b" stroke-width="8" fill="none" stroke-linecap="round"/>`;
      case 'Wink':
        return i === 0
          ? `<circle cx="${x}" cy="${y}" r="28" fill="#fff"/><circle cx="${x + 5}" cy="${y + 3}" r="13" fill="#1b1b1b"/>`
          : `<path d="M${x - 26} ${y + 4} L${x + 26} ${y - 4}" stroke="#1b1b1b" stroke-width="8" stroke-linecap="round"/>`;
      case 'Star': {
        const points = Array.from({ length: 10 }, (_, k) => {
          const r = k % 2 === 0 ? 30 : 13;
          const a = (Math.PI / 5) * k - Math.PI / 2;
          return `${(x + r * Math.cos(a)).toFixed(1)},${(y + r * Math.sin(a)).toFixed(1)}`;
        });
        return `<polygon points="${points.join(' ')}" fill="#fff36b" stroke="#1b1b1b" stroke-width="4"/>`;
      }
    }
  };
  return xs.map(eye).join('');
}

/** Critter `index` of the collection (0-based; its name is `Juice Critter #<index + 1>`). */
export function critter(index: number): Critter {
  const random = seededRandom(`${COLLECTION_SLUG}:${index}`);
  const background = pick(random, BACKGROUNDS);
  const body = pick(random, BODIES);
  const eyes = pick(random, EYES);
  let roll = random() * 100;
  let rarity: (typeof RARITIES)[number] = RARITIES[0];
  for (const candidate of RARITIES) {
    if (roll < candidate.weight) {
      rarity = candidate;
      break;
    }
    roll -= candidate.weight;
  }
  const width = 150 + Math.round(random() * 50);
  const height = 150 + Math.round(random() * 40);
  const eyeY = 300 - Math.round(height * 0.25);
  const spread = 45 + Math.round(random() * 20);
  const sprouts = 1 + Math.floor(random() * 3);
  const bubbles = Array.from({ length: 7 }, () => {
    const cx = Math.round(random() * 600);
    const cy = Math.round(random() * 600);
    const r = 8 + Math.round(random() * 30);
    return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="#fff" opacity="${(0.08 + random() * 0.15).toFixed(2)}"/>`;
  }).join('');
  const leaves = Array.from({ length: sprouts }, (_, k) => {
    const angle = (k - (sprouts - 1) / 2) * 28;
    return `<ellipse cx="300" cy="${300 - height - 28}" rx="16" ry="38" fill="#3fa34d" transform="rotate(${angle} 300 ${300 - height + 4})"/>`;
  }).join('');
  const crown =
    rarity.name === 'Legendary'
      ? `<polygon points="240,${300 - height - 40} 260,${300 - height - 90} 285,${300 - height - 55} 300,${300 - height - 100} 315,${300 - height - 55} 340,${300 - height - 90} 360,${300 - height - 40}" fill="#ffd700" stroke="#b8860b" stroke-width="5"/>`
      : '';
  const svg = [
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 600" width="600" height="600">',
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${background.from}"/><stop offset="1" stop-color="${background.to}"/></linearGradient>`,
    `<radialGradient id="body" cx="0.35" cy="0.3" r="0.8"><stop offset="0" stop-color="${body.fill}"/><stop offset="1" stop-color="${body.shade}"/></radialGradient></defs>`,
    '<rect width="600" height="600" fill="url(#bg)"/>',
    bubbles,
    `<ellipse cx="300" cy="${300 + height + 20}" rx="${width * 0.8}" ry="22" fill="#000" opacity="0.18"/>`,
    leaves,
    `<ellipse cx="300" cy="300" rx="${width}" ry="${height}" fill="url(#body)" stroke="${body.shade}" stroke-width="6"/>`,
    `<ellipse cx="${300 - width * 0.45}" cy="${300 - height * 0.45}" rx="${width * 0.18}" ry="${height * 0.1}" fill="#fff" opacity="0.35" transform="rotate(-30 ${300 - width * 0.45} ${300 - height * 0.45})"/>`,
    eyesSvg(eyes, eyeY, spread),
    `<circle cx="${300 - spread - 25}" cy="${eyeY + 55}" r="16" fill="#ff6f91" opacity="0.55"/><circle cx="${300 + spread + 25}" cy="${eyeY + 55}" r="16" fill="#ff6f91" opacity="0.55"/>`,
    `<path d="M265 ${eyeY + 60} Q300 ${eyeY + 95} 335 ${eyeY + 60}" stroke="#1b1b1b" stroke-width="8" fill="none" stroke-linecap="round"/>`,
    crown,
    '</svg>',
  ].join('');
  const tenths = rarity.min + Math.floor(random() * (rarity.max - rarity.min + 1));
  return {
    index,
    name: `Juice Critter #${index + 1}`,
    attributes: [
      { trait_type: 'Background', value: background.name },
      { trait_type: 'Body', value: body.name },
      { trait_type: 'Eyes', value: eyes },
      { trait_type: 'Rarity', value: rarity.name },
    ],
    svg,
    priceLamports: (BigInt(tenths) * LAMPORTS_PER_SOL) / 10n,
  };
}

/** The metadata JSON of `critter`, minted at `mint`. */
export function critterMetadata(value: Critter, mint: string): NftMetadata {
  const image = `${mint}.svg`;
  return {
    name: value.name,
    symbol: COLLECTION_SYMBOL,
    description: `${value.name}, one of the ${COLLECTION_NAME} of the local marketplace: a generated, juicy little creature.`,
    image,
    attributes: value.attributes,
    collection: { name: COLLECTION_NAME, family: COLLECTION_SLUG },
    properties: { category: 'image', files: [{ uri: image, type: 'image/svg+xml' }] },
  };
}
