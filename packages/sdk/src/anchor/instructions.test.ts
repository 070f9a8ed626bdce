import { AccountRole, createNoopSigner, getAddressDecoder, type Address } from '@solana/kit';
import { describe, expect, it } from 'vitest';

import {
  buildInstruction,
  identifyInstruction,
  idlInstructionDiscriminators,
  optionalAccount,
  signerAccount,
  signerAddress,
} from './instructions.ts';

const addressOf = (byte: number): Address => getAddressDecoder().decode(new Uint8Array(32).fill(byte));
const entries = [
  { name: 'a', discriminator: [1, 1, 1, 1, 1, 1, 1, 1] },
  { name: 'b', discriminator: [2, 2, 2, 2, 2, 2, 2, 2] },
];

describe('account metas', () => {
  it('give signers their role, with a TransactionSigner on the meta', () => {
    const signer = createNoopSigner(addressOf(1));
    expect(signerAccount(signer, true)).toEqual({
      address: signer.address,
      role: AccountRole.WRITABLE_SIGNER,
      signer,
    });
    expect(signerAccount(addressOf(2), false)).toEqual({
      address: addressOf(2),
      role: AccountRole.READONLY_SIGNER,
    });
    expect(signerAddress(signer)).toBe(addressOf(1));
    expect(signerAddress(addressOf(2))).toBe(addressOf(2));
  });

  it('put the program, read-only, for an absent optional account', () => {
    const program = addressOf(9);
    expect(optionalAccount(undefined, program, true)).toEqual({
      address: program,
      role: AccountRole.READONLY,
    });
    expect(optionalAccount(null, program, true)).toEqual({ address: program, role: AccountRole.READONLY });
    expect(optionalAccount(addressOf(3), program, true)).toEqual({
      address: addressOf(3),
      role: AccountRole.WRITABLE,
    });
    expect(optionalAccount(addressOf(3), program, false).role).toBe(AccountRole.READONLY);
  });

  it('build frozen instructions', () => {
    const built = buildInstruction(
      addressOf(9),
      [optionalAccount(null, addressOf(9), false)],
      Uint8Array.of(1),
    );
    expect(Object.isFrozen(built)).toBe(true);
    expect(Object.isFrozen(built.accounts)).toBe(true);
  });
});

describe('instruction discriminators', () => {
  it('come from the IDL, and identify instruction data', () => {
    const discriminators = idlInstructionDiscriminators('Test', entries, ['a', 'b'] as const);
    expect([...discriminators.b]).toEqual(entries[1]!.discriminator);
    expect(identifyInstruction(Uint8Array.of(2, 2, 2, 2, 2, 2, 2, 2, 7), ['a', 'b'], discriminators)).toBe(
      'b',
    );
    expect(identifyInstruction(Uint8Array.of(2, 2, 2), ['a', 'b'], discriminators)).toBeNull();
  });

  it('fail at import for a name the IDL lacks', () => {
    expect(() => idlInstructionDiscriminators('Test', entries, ['a', 'c'])).toThrow(
      'The Test IDL has no instruction c',
    );
  });
});
