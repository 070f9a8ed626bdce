/**
 * Names of the two programs' custom errors by program address and code, for the sender's error messages.
 *
 * Custom codes are per program (Wager's 6011 is `BetTooLow`, Foresight's 6011 is `EventNotLocked`), so the
 * lookup goes by the address of the program that raised the error, never by the code alone.
 *
 * @module
 */

import { decodeForesightError } from '../foresight/errors.ts';
import { FORESIGHT_PROGRAM_ADDRESS } from '../foresight/program.ts';
import { decodeWagerError } from '../wager/errors.ts';
import { WAGER_PROGRAM_ADDRESS } from '../wager/program.ts';

/** Program error name by program address and custom code; null when the program or code is unknown. */
export type ProgramErrorNameLookup = (programAddress: string, code: number) => string | null;

/** The deployments to name errors for, when they are not at their IDL addresses. */
export interface ProgramErrorNameConfig {
  readonly wager?: string;
  readonly foresight?: string;
}

/**
 * A lookup that knows Wager and Foresight at the given addresses (default: their IDL addresses).
 *
 * @example createProgramErrorName({ wager: runtimeConfig().programs.wager })(wager, 6011) === 'BetTooLow'
 */
export function createProgramErrorName(config: ProgramErrorNameConfig = {}): ProgramErrorNameLookup {
  const wager: string = config.wager ?? WAGER_PROGRAM_ADDRESS;
  const foresight: string = config.foresight ?? FORESIGHT_PROGRAM_ADDRESS;
  return (programAddress, code) => {
    if (programAddress === wager) return decodeWagerError(code)?.name ?? null;
    if (programAddress === foresight) return decodeForesightError(code)?.name ?? null;
    return null;
  };
}

/**
 * Wager's and Foresight's error names at their IDL addresses.
 *
 * @example programErrorName(WAGER_PROGRAM_ADDRESS, 6011) === 'BetTooLow'
 */
export const programErrorName: ProgramErrorNameLookup = createProgramErrorName();
