/**
 * MurmurHash3 x86 32-bit, the hash the SBF loader uses to key syscalls and functions.
 *
 * @example murmur3_32(new TextEncoder().encode('sol_log_')) === 0x207559bd
 */
export function murmur3_32(data: Uint8Array, seed = 0): number {
  const c1 = 0xcc9e2d51;
  const c2 = 0x1b873593;
  let h = seed >>> 0;
  const blocks = data.length >>> 2;
  for (let i = 0; i < blocks; i++) {
    const o = i * 4;
    let k = (data[o]! | (data[o + 1]! << 8) | (data[o + 2]! << 16) | (data[o + 3]! << 24)) >>> 0;
    k = Math.imul(k, c1);
    k = ((k << 15) | (k >>> 17)) >>> 0;
    k = Math.imul(k, c2);
    h ^= k;
    h = ((h << 13) | (h >>> 19)) >>> 0;
    h = (Math.imul(h, 5) + 0xe6546b64) >>> 0;
  }
  const tail = blocks * 4;
  const rest = data.length & 3;
  if (rest > 0) {
    let k = 0;
    for (let i = rest - 1; i >= 0; i--) k = (k << 8) | data[tail + i]!;
    k = Math.imul(k, c1);
    k = ((k << 15) | (k >>> 17)) >>> 0;
    k = Math.imul(k, c2);
    h ^= k;
  }
  h ^= data.length;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** The loader's key for a syscall: murmur3-32 of its name. */
export function syscallHash(name: string): number {
  return murmur3_32(new TextEncoder().encode(name));
}
