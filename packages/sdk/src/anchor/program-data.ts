/** The upgradeable loader's ProgramData account of a program, which holds its upgrade authority. */
import {
  address,
  getAddressEncoder,
  getProgramDerivedAddress,
  type Address,
  type ProgramDerivedAddress,
} from '@solana/kit';

/** The upgradeable BPF loader, owner of every ProgramData account. */
export const LOADER_UPGRADEABLE_ADDRESS: Address = address('BPFLoaderUpgradeab1e11111111111111111111111');

/**
 * The ProgramData address of `program`: the loader's PDA of the program id.
 *
 * @example const [programData] = await findProgramDataAddress(FORESIGHT_PROGRAM_ADDRESS);
 */
export function findProgramDataAddress(program: Address): Promise<ProgramDerivedAddress> {
  return getProgramDerivedAddress({
    programAddress: LOADER_UPGRADEABLE_ADDRESS,
    seeds: [getAddressEncoder().encode(program)],
  });
}
