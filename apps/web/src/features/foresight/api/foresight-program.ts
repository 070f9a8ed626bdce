/**
 * Where Foresight lives in this deployment: the program (from the runtime config), the asset's price
 * account and feed, and the config, round and bet addresses derived from them (`docs/foresight.md`).
 *
 * @module
 */

import { ASSET_DISPLAY_PRECISION, SOL_USD_PRICE_DECIMALS } from '@arcade/sdk/constants';
import { findBetAddress, findConfigAddress, findEventAddress } from '@arcade/sdk/foresight/pda';
import { SOL_USD_FEED_ID } from '@arcade/sdk/foresight/program';
import { address as toAddress, type Address, type ReadonlyUint8Array } from '@solana/kit';

import { runtimeConfig } from '../../../config/runtime-config.ts';
import { foresightProgram } from '../../../lib/programs.ts';

/** The asset config of a Foresight symbol (docs/reference/entities.md#client-views); only SOL is defined. */
export interface ForesightAsset {
  readonly symbol: 'SOL';
  /** The PriceUpdateV2 account the rounds settle from. */
  readonly priceAccount: Address;
  /** The Pyth feed id: the config's seed. */
  readonly feedId: ReadonlyUint8Array;
  /** Decimals of the oracle's integer price. */
  readonly decimals: number;
  /** Decimals shown. */
  readonly precision: number;
}

/** The SOL asset of this deployment. */
export function solAsset(): ForesightAsset {
  return {
    symbol: 'SOL',
    priceAccount: toAddress(runtimeConfig().priceAccount),
    feedId: SOL_USD_FEED_ID,
    decimals: SOL_USD_PRICE_DECIMALS,
    precision: ASSET_DISPLAY_PRECISION,
  };
}

/** The config of `asset`'s feed. */
export async function configAddressOf(asset: ForesightAsset): Promise<Address> {
  const [config] = await findConfigAddress(asset.feedId, foresightProgram());
  return config;
}

/** Round `id` of `config`. */
export async function roundAddressOf(config: Address, id: number): Promise<Address> {
  const [event] = await findEventAddress(config, id, foresightProgram());
  return event;
}

/** `user`'s bet in the round at `event`. */
export async function betAddressOf(event: Address, user: Address): Promise<Address> {
  const [bet] = await findBetAddress(event, user, foresightProgram());
  return bet;
}
