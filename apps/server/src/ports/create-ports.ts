/**
 * Picks each port's adapter: the local stand-ins on the embedded chain, the mainnet services otherwise.
 *
 * @module
 */

import { createLocalMarketData } from '../adapters/market-data/local-market-data.ts';
import { createMainnetMarketData } from '../adapters/market-data/mainnet-market-data.ts';
import { heliusRpcUrl } from '../adapters/market-data/helius-priority-fee.ts';
import { createLocalNftMarket } from '../adapters/nft/local-marketplace.ts';
import { createMainnetNftMarket } from '../adapters/nft/mainnet-nft-market.ts';
import { createHermesPriceUpdates } from '../adapters/price-updates/hermes-price-updates.ts';
import { createLocalPriceUpdates } from '../adapters/price-updates/local-price-updates.ts';
import type { ChainContext } from '../chain/chain-context.ts';
import { ConfigError, type Env } from '../config/env.ts';
import type { Database } from '../db/database.ts';
import type { MarketDataPort } from './market-data-port.ts';
import type { NftMarketPort } from './ports.ts';
import type { PriceUpdatesPort } from './price-updates-port.ts';

/** Every port the routes use. */
export interface Ports {
  readonly nftMarket: NftMarketPort;
  /** Token prices, priority fees and swaps. */
  readonly marketData: MarketDataPort;
  /** The one Pyth update for a planned time, as an account (the Foresight crank's ticks). */
  readonly priceUpdates: PriceUpdatesPort;
}

function required(name: string, value: string | undefined): string {
  if (value === undefined) throw new ConfigError([`${name}: is required when SOLANA_RPC_URL is set`]);
  return value;
}

/** What the adapters share with the rest of the server. */
export interface PortDeps {
  /** The database every server instance shares (the local swap desk keeps its quotes there). */
  readonly db: Database;
}

/** The adapters for `chain`'s cluster. */
export function createPorts(env: Env, chain: ChainContext, deps: PortDeps): Ports {
  if (chain.local !== null) {
    return {
      nftMarket: createLocalNftMarket({
        rpc: chain.rpc,
        marketplace: chain.local.marketplace,
        nftManifestPath: chain.local.nftManifestPath,
      }),
      marketData: createLocalMarketData({ chain, db: deps.db }),
      priceUpdates: createLocalPriceUpdates({ rpcUrl: chain.rpcUrl }),
    };
  }
  return {
    nftMarket: createMainnetNftMarket({
      tensorApiKey: required('TENSOR_API_KEY', env.TENSOR_API_KEY),
      heliusApiKey: required('HELIUS_API_KEY', env.HELIUS_API_KEY),
    }),
    marketData: createMainnetMarketData({
      jupiterApiUrl: env.JUPITER_API_URL,
      jupiterApiKey: env.JUPITER_API_KEY,
      priorityFeeUrl: heliusRpcUrl(required('HELIUS_API_KEY', env.HELIUS_API_KEY)),
      mints: {
        usdc: chain.addresses.usdcMint,
        usdt: chain.addresses.usdtMint,
        juice: chain.addresses.juiceMint,
      },
    }),
    priceUpdates: createHermesPriceUpdates({
      hermesUrl: env.HERMES_URL,
      apiKey: required('HERMES_API_KEY', env.HERMES_API_KEY),
      rpc: chain.rpc,
    }),
  };
}
