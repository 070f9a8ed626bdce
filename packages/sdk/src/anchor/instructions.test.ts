import { createNoopSigner, getAddressDecoder, type Address } from '@solana/kit';
import { describe, expect, it } from 'vitest';

import { signerAddress } from './instructions.ts';

const addressOf = (byte: number): Address => getAddressDecoder().decode(new Uint8Array(32).fill(byte));
describe('signer inputs', () => {
  it('give their address, for a kit signer or a bare address', () => {
    const signer = createNoopSigner(addressOf(1));
    expect(signerAddress(signer)).toBe(addressOf(1));
    expect(signerAddress(addressOf(2))).toBe(addressOf(2));
  });
});
