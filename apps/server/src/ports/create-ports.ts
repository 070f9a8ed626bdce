/**
 * Picks each port's adapter: the local stand-ins on the embedded chain, the mainnet services otherwise.
 *
 * @module
 */

import type { ChainContext } from '../chain/chain-context.ts';
import type { Env } from '../config/env.ts';
import type { NftMarketPort } from './ports.ts';

/** Every port the routes use. */
export interface Ports {
  readonly nftMarket: NftMarketPort;
}

/** The adapters for `chain`'s cluster. */
// eslint-disable-next-line @typescript-eslint/no-unused-vars -- wired in the next change
export function createPorts(_env: Env, _chain: ChainContext): Ports {
  const missing = (): never => {
    throw new Error('the NFT market port is not wired yet');
  };
  return {
    nftMarket: {
      trending: missing,
      collection: missing,
      traits: missing,
      listing: missing,
      buyListingTx: missing,
      search: missing,
      inventory: missing,
    },
  };
}
