/**
 * The one option every program helper takes: the address of the deployment to use. One build of each program
 * serves every deployment, so a client may talk to a program at another address than its IDL's.
 *
 * @module
 */

import type { Address } from '@solana/kit';

/** Overrides the program address (a deployment at another address than the IDL's). */
export interface ProgramConfig {
  readonly programAddress?: Address;
}
