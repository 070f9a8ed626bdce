import idl from '@arcade/program-wager/idl.json' with { type: 'json' };
import { getAddressEncoder } from '@solana/kit';
import { describe, expect, it } from 'vitest';

import { SYSTEM_PROGRAM_ADDRESS } from '../anchor/instructions.ts';
import { NATIVE_MINT_ADDRESS, SLOT_HASHES_SYSVAR_ADDRESS, WAGER_PROGRAM_ADDRESS } from './program.ts';

// This program's own PDAs; the ProgramData account is the loader's (its `pda.program` says so).
const accounts = idl.instructions
  .flatMap((i) => i.accounts as { pda?: { program?: unknown }; address?: string }[])
  .filter((a) => a.pda?.program === undefined);

describe('addresses', () => {
  it('take the program address from the IDL', () => {
    expect(WAGER_PROGRAM_ADDRESS).toBe(idl.address);
  });

  it('name the system program and the SlotHashes sysvar the IDL pins', () => {
    const pinned = accounts.flatMap((a) => (a.address === undefined ? [] : [a.address]));
    expect(new Set(pinned)).toEqual(new Set([SYSTEM_PROGRAM_ADDRESS, SLOT_HASHES_SYSVAR_ADDRESS]));
  });

  it('name the native mint (wrapped SOL), a 32-byte address', () => {
    expect(NATIVE_MINT_ADDRESS).toBe('So11111111111111111111111111111111111111112');
    expect(getAddressEncoder().encode(NATIVE_MINT_ADDRESS)).toHaveLength(32);
  });
});
