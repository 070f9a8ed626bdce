import {
  createNoopSigner,
  getAddressDecoder,
  SOLANA_ERROR__PROGRAM_CLIENTS__FAILED_TO_IDENTIFY_INSTRUCTION,
  SolanaError,
  type Address,
} from '@solana/kit';
import { describe, expect, it } from 'vitest';

import { defineProgramInstructions, optionalAccount, signerAddress } from './instructions.ts';

const addressOf = (byte: number): Address => getAddressDecoder().decode(new Uint8Array(32).fill(byte));
describe('signer inputs', () => {
  it('give their address, for a kit signer or a bare address', () => {
    const signer = createNoopSigner(addressOf(1));
    expect(signerAddress(signer)).toBe(addressOf(1));
    expect(signerAddress(addressOf(2))).toBe(addressOf(2));
  });
});

describe('optional accounts', () => {
  it('are passed by their key, or left out for none', () => {
    expect(optionalAccount('referralVault', addressOf(3))).toEqual({ referralVault: addressOf(3) });
    expect(optionalAccount('referralVault', null)).toEqual({});
    expect(optionalAccount('referralVault', undefined)).toEqual({});
  });
});

describe('a program instruction set', () => {
  const discriminators = { do_thing: Uint8Array.of(1), undo_thing: Uint8Array.of(2) };
  const unknown = new SolanaError(SOLANA_ERROR__PROGRAM_CLIENTS__FAILED_TO_IDENTIFY_INSTRUCTION, {
    instructionData: Uint8Array.of(9),
    programName: 'Test',
  });
  const identify = (data: Readonly<ArrayLike<number>>): number => {
    if (data[0] === 1 || data[0] === 2) return data[0] - 1;
    if (data[0] === 9) throw unknown;
    throw new TypeError('not instruction data');
  };

  it('names the instruction of data by its discriminator, null for unknown data', () => {
    const set = defineProgramInstructions('Test', ['do_thing', 'undo_thing'], {
      kinds: { DoThing: 0, UndoThing: 1 },
      identify,
      discriminators,
    });
    expect(set.identify(Uint8Array.of(2))).toBe('undo_thing');
    expect(set.identify(Uint8Array.of(9))).toBeNull();
    expect(() => set.identify(Uint8Array.of(7))).toThrow(TypeError);
  });

  it("refuses names that are not the generated kinds, in the IDL's order", () => {
    expect(() =>
      defineProgramInstructions('Test', ['undo_thing', 'do_thing'], {
        kinds: { DoThing: 0, UndoThing: 1 },
        identify,
        discriminators,
      }),
    ).toThrow("Test: the instruction names [undo_thing, do_thing] are not the IDL's [do_thing, undo_thing]");
  });
});
