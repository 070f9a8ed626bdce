/**
 * A deterministic avatar for wallets without a profile picture: two hues and a mirrored 5×5 pattern
 * derived from the address, so the same wallet always looks the same.
 *
 * @module
 */

/** What {@link identicon} derives from an address. */
export interface Identicon {
  readonly from: string;
  readonly to: string;
  /** 5 rows of 5 cells, mirrored left to right. */
  readonly cells: readonly (readonly boolean[])[];
}

/** FNV-1a: a small, well-spread 32-bit hash; nothing here needs to be secret. */
function hash(text: string, seed: number): number {
  let h = (0x811c9dc5 ^ seed) >>> 0;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/**
 * The identicon of `address`.
 *
 * @example identicon(address).from // 'hsl(212 90% 60%)'
 */
export function identicon(address: string): Identicon {
  const a = hash(address, 1);
  const b = hash(address, 2);
  const hue = a % 360;
  // The second hue sits 90–210° away so the gradient always has contrast.
  const hue2 = (hue + 90 + (b % 120)) % 360;
  const bits = hash(address, 3);
  const cells = Array.from({ length: 5 }, (_, row) => {
    const half = Array.from({ length: 3 }, (_, col) => ((bits >>> (row * 3 + col)) & 1) === 1);
    return [half[0]!, half[1]!, half[2]!, half[1]!, half[0]!];
  });
  return { from: `hsl(${hue} 90% 60%)`, to: `hsl(${hue2} 85% 45%)`, cells };
}
