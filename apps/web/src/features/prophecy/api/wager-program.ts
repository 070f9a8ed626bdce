/**
 * The Prophecy addresses derived from this deployment's Wager program (`src/lib/programs.ts`).
 *
 * @module
 */

import { findPredictionAddress } from '@arcade/sdk/wager/pda';
import type { Address } from '@solana/kit';

import { wagerProgram } from '../../../lib/programs.ts';

/** The Prediction PDA of `user` in `market`. */
export async function predictionAddressOf(market: Address, user: Address): Promise<Address> {
  const [prediction] = await findPredictionAddress(market, user, wagerProgram());
  return prediction;
}
