import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { murmur3_32, syscallHash } from './murmur3.ts';

describe('murmur3_32', () => {
  it('gives the loader keys of known syscalls', () => {
    expect(syscallHash('sol_log_')).toBe(0x207559bd);
    expect(syscallHash('sol_log_64_')).toBe(0x5c2a3178);
    expect(syscallHash('abort')).toBe(0xb6fc1a11);
    expect(syscallHash('sol_panic_')).toBe(0x686093bb);
    expect(syscallHash('sol_memcpy_')).toBe(0x717cc4a3);
    expect(syscallHash('entrypoint')).toBe(0x71e3cf81);
  });

  it('matches the reference vectors for every tail length', () => {
    expect(murmur3_32(new Uint8Array())).toBe(0);
    expect(murmur3_32(new Uint8Array(), 1)).toBe(0x514e28b7);
    expect(murmur3_32(new Uint8Array([0x21]))).toBe(0x72661cf4);
    expect(murmur3_32(new Uint8Array([0x21, 0x43]))).toBe(0xa0f7b07a);
    expect(murmur3_32(new Uint8Array([0x21, 0x43, 0x65]))).toBe(0x7e4a8634);
    expect(murmur3_32(new Uint8Array([0x21, 0x43, 0x65, 0x87]))).toBe(0xf55b516b);
  });

  it('always returns an unsigned 32-bit value', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), fc.nat(), (bytes, seed) => {
        const h = murmur3_32(bytes, seed);
        return Number.isInteger(h) && h >= 0 && h <= 0xffffffff;
      }),
    );
  });
});
