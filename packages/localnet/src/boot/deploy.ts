/**
 * Deploys the Wager and Foresight programs at their IDL addresses, with the local upgrade authority.
 *
 * @module
 */

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

import type { Address, KeyPairSigner } from '@solana/kit';
import { FORESIGHT_PROGRAM_ADDRESS } from '@arcade/sdk/foresight/program';
import { WAGER_PROGRAM_ADDRESS } from '@arcade/sdk/wager/program';

import type { LocalChain } from '../chain/local-chain.ts';
import { deployProgram, type DeployAction } from './deploy-program.ts';

const require = createRequire(import.meta.url);

/** The built programs' paths (`programs/*\/dist/*.so`). */
export const PROGRAM_PATHS = Object.freeze({
  wager: require.resolve('@arcade/program-wager/program.so'),
  foresight: require.resolve('@arcade/program-foresight/program.so'),
});

/** Where each program's ELF comes from; default {@link PROGRAM_PATHS}. */
export interface ProgramSources {
  readonly wager?: Uint8Array | string;
  readonly foresight?: Uint8Array | string;
}

/** What {@link deployPrograms} did to each program. */
export interface DeployReport {
  readonly wager: { readonly address: Address; readonly action: DeployAction };
  readonly foresight: { readonly address: Address; readonly action: DeployAction };
}

function elfOf(source: Uint8Array | string): Uint8Array {
  return typeof source === 'string' ? new Uint8Array(readFileSync(source)) : source;
}

/**
 * Deploys both programs (or upgrades them when their ELF changed, or leaves them). `authority` pays and
 * becomes the upgrade authority.
 */
export async function deployPrograms(
  chain: LocalChain,
  authority: KeyPairSigner,
  sources: ProgramSources = {},
): Promise<DeployReport> {
  const wager = await deployProgram(
    chain,
    WAGER_PROGRAM_ADDRESS,
    elfOf(sources.wager ?? PROGRAM_PATHS.wager),
    authority,
  );
  const foresight = await deployProgram(
    chain,
    FORESIGHT_PROGRAM_ADDRESS,
    elfOf(sources.foresight ?? PROGRAM_PATHS.foresight),
    authority,
  );
  return {
    wager: { address: WAGER_PROGRAM_ADDRESS, action: wager },
    foresight: { address: FORESIGHT_PROGRAM_ADDRESS, action: foresight },
  };
}
