/** Deploying through the upgradeable loader: a first deploy, an unchanged ELF, an upgrade that grows it. */
import { readFileSync } from 'node:fs';

import { address, generateKeyPairSigner, getAddressEncoder } from '@solana/kit';
import { describe, expect, it } from 'vitest';

import { LocalChain } from '../chain/local-chain.ts';
import { PROGRAM_PATHS } from './deploy.ts';
import { deployProgram, readDeployedProgram } from './deploy-program.ts';

const PROGRAM_ID = address('Dep1oyTest111111111111111111111111111111111');

describe('deployProgram', () => {
  it('deploys, leaves the same ELF alone, upgrades a changed one, and refuses another authority', async () => {
    const chain = new LocalChain();
    const authority = await generateKeyPairSigner();
    chain.requestAirdrop(Uint8Array.from(getAddressEncoder().encode(authority.address)), 100_000_000_000n);
    const small = new Uint8Array(readFileSync(PROGRAM_PATHS.foresight));
    const large = new Uint8Array(readFileSync(PROGRAM_PATHS.wager));
    expect(large.length).toBeGreaterThan(small.length);

    expect(await deployProgram(chain, PROGRAM_ID, small, authority)).toBe('deployed');
    const first = readDeployedProgram(chain, PROGRAM_ID)!;
    expect(first.upgradeAuthority).toBe(authority.address);
    expect(first.elf).toEqual(small);
    expect(await deployProgram(chain, PROGRAM_ID, small, authority)).toBe('unchanged');

    expect(await deployProgram(chain, PROGRAM_ID, large, authority)).toBe('upgraded');
    const second = readDeployedProgram(chain, PROGRAM_ID)!;
    expect(second.programData).toBe(first.programData);
    expect(second.slot).toBeGreaterThan(first.slot);
    expect(second.elf).toEqual(large);

    // Back to the smaller ELF: ProgramData keeps its size, zero-padded after the ELF.
    expect(await deployProgram(chain, PROGRAM_ID, small, authority)).toBe('upgraded');
    expect(await deployProgram(chain, PROGRAM_ID, small, authority)).toBe('unchanged');

    const stranger = await generateKeyPairSigner();
    await expect(deployProgram(chain, PROGRAM_ID, large, stranger)).rejects.toThrow(/upgrade authority/);
  });
});
