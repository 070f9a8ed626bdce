/**
 * The mainnet `NftMarketPort`: Tensor for collections, listings, search and buy transactions, Helius DAS
 * for wallets' inventories.
 *
 * @module
 */

import type { BuyListingRequest, NftMarketPort } from '../../ports/ports.ts';
import { HeliusClient } from './helius-inventory.ts';
import { TensorClient } from './tensor-market.ts';
import type { FetchLike } from './upstream.ts';

/** Options of {@link createMainnetNftMarket}. */
export interface MainnetNftMarketOptions {
  /** `TENSOR_API_KEY`. */
  readonly tensorApiKey: string;
  /** `HELIUS_API_KEY`. */
  readonly heliusApiKey: string;
  /** Default the global `fetch`; tests answer from recorded responses. */
  readonly fetch?: FetchLike;
  /** Per upstream call; default 10 s. */
  readonly timeoutMs?: number;
  /** Overrides of the services' base URLs (a proxy, a devnet deployment). */
  readonly tensorBaseUrl?: string;
  readonly heliusBaseUrl?: string;
}

/** The buy transaction, with its blockhash's last valid height when Tensor gives it. */
export interface MainnetBuyListingTx {
  readonly transaction: string;
  readonly lastValidBlockHeight: bigint;
}

/**
 * The NFT market on mainnet. Every upstream failure (status, timeout, malformed body) is a 502
 * 'NFT marketplace unavailable' or 'NFT inventory unavailable'.
 */
export function createMainnetNftMarket(
  options: MainnetNftMarketOptions,
): NftMarketPort & { buyListingTx(request: BuyListingRequest): Promise<MainnetBuyListingTx> } {
  const fetch: FetchLike = options.fetch ?? ((url, init) => globalThis.fetch(url, init));
  const timeoutMs = options.timeoutMs ?? 10_000;
  const tensor = new TensorClient({
    apiKey: options.tensorApiKey,
    fetch,
    timeoutMs,
    ...(options.tensorBaseUrl === undefined ? {} : { baseUrl: options.tensorBaseUrl }),
  });
  const helius = new HeliusClient({
    apiKey: options.heliusApiKey,
    fetch,
    timeoutMs,
    ...(options.heliusBaseUrl === undefined ? {} : { baseUrl: options.heliusBaseUrl }),
  });
  return {
    trending: () => tensor.trending(),
    collection: (collId) => tensor.collection(collId),
    traits: (collId) => tensor.traits(collId),
    listing: (collId, mint) => tensor.listing(collId, mint),
    async buyListingTx(request) {
      const { blockhash, lastValidBlockHeight } = await helius.latestBlockhash();
      const built = await tensor.buyListingTx(request, blockhash);
      return {
        transaction: built.transaction,
        lastValidBlockHeight: built.lastValidBlockHeight ?? lastValidBlockHeight,
      };
    },
    search: (query) => tensor.search(query),
    inventory: (owner) => helius.inventory(owner),
  };
}
