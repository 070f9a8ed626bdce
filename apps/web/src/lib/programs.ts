/**
 * The two on-chain programs of this deployment (their ids come from the server's runtime config), as the
 * SDK's instruction builders and PDA helpers take them, and the user's TailSpin/ReTail bet record.
 *
 * @module
 */

import { findBetAddress } from '@arcade/sdk/wager/pda';
import { address as toAddress, type Address } from '@solana/kit';

import { runtimeConfig } from '../config/runtime-config.ts';

/** The wager program of this deployment (TailSpin, ReTail and Prophecy). */
export function wagerProgram(): { readonly programAddress: Address } {
  return { programAddress: toAddress(runtimeConfig().programs.wager) };
}

/** The Foresight program of this deployment. */
export function foresightProgram(): { readonly programAddress: Address } {
  return { programAddress: toAddress(runtimeConfig().programs.foresight) };
}

/** The bet PDA of `user` in this deployment's wager program (one bet record per user). */
export async function betAddressOf(user: Address): Promise<Address> {
  const [bet] = await findBetAddress(user, wagerProgram());
  return bet;
}
