/**
 * The Wager program of this deployment (its id comes from the server's runtime config) and the Prophecy
 * addresses derived from it.
 *
 * @module
 */

import { findPredictionAddress } from '@arcade/sdk/wager/pda';
import { address, type Address } from '@solana/kit';

import { runtimeConfig } from '../../../config/runtime-config.ts';

/** The SDK's program config for this deployment's Wager program. */
export function wagerProgram(): { readonly programAddress: Address } {
  return { programAddress: address(runtimeConfig().programs.wager) };
}

/** The Prediction PDA of `user` in `market`. */
export async function predictionAddressOf(market: Address, user: Address): Promise<Address> {
  const [prediction] = await findPredictionAddress(market, user, wagerProgram());
  return prediction;
}
