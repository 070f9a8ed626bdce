/**
 * The market data port on the embedded local chain: prices from the local Pyth account, the priority fee
 * from the local chain's JSON-RPC, swaps with the local swap desk.
 *
 * @module
 */

import { ApiErrorCode } from '@arcade/sdk/api/error-codes';
import { NATIVE_MINT_ADDRESS } from '@arcade/sdk/wager/program';

import type { ChainContext } from '../../chain/chain-context.ts';
import type { Database } from '../../db/database.ts';
import { badGateway } from '../../http/errors.ts';
import type { MarketDataPort } from '../../ports/market-data-port.ts';
import { fetchPriorityFeeEstimate, type FetchLike } from './helius-priority-fee.ts';
import { readOraclePrice } from './oracle-price.ts';
import { SwapDesk } from './swap-desk.ts';
import { stablecoinPriceInSol, type OraclePrice } from './swap-desk-math.ts';

/**
 * Juice's price in SOL on the local chain. Juice has no market locally, so this is a fixed stand-in:
 * one SOL wagered earns 2,400 Juice (`JUICE_MULTIPLIER`), which this values at 0.024 SOL, a 2.4% rebate.
 */
export const LOCAL_JUICE_PRICE_SOL = 0.00001;

/** Options of {@link createLocalMarketData}. */
export interface LocalMarketDataOptions {
  /** The embedded chain's context (`chain.local` must be set). */
  readonly chain: ChainContext;
  /** The database every server instance shares: the swap desk keeps its quotes there. */
  readonly db: Database;
  /** Used for the JSON-RPC priority fee call; default the global fetch. */
  readonly fetch?: FetchLike;
  /** How long swap quotes stay valid, ms; default 30 s. */
  readonly quoteTtlMs?: number;
  /** Swap quotes held at once, by every instance together; default 10,000. */
  readonly maxOpenQuotes?: number;
}

/** What a local id names: SOL, a stablecoin (priced from the oracle), or Juice (a fixed price). */
type LocalAsset = 'sol' | 'stablecoin' | 'juice';

/**
 * The market data port on the embedded local chain.
 *
 * @throws Error when `options.chain` is not the embedded chain (it has no local services).
 * @example const marketData = createLocalMarketData({ chain: embedded.context, db });
 */
export function createLocalMarketData(
  options: LocalMarketDataOptions,
): MarketDataPort & { readonly desk: SwapDesk } {
  const { chain } = options;
  const local = chain.local;
  if (local === null) throw new Error('the local market data needs the embedded chain');
  const fetchImpl = options.fetch ?? fetch;
  const desk = new SwapDesk({
    chain,
    local,
    db: options.db,
    ...(options.quoteTtlMs === undefined ? {} : { quoteTtlMs: options.quoteTtlMs }),
    ...(options.maxOpenQuotes === undefined ? {} : { maxOpenQuotes: options.maxOpenQuotes }),
  });
  const assets = new Map<string, LocalAsset>([
    ['SOL', 'sol'],
    [NATIVE_MINT_ADDRESS, 'sol'],
    ['USDC', 'stablecoin'],
    [chain.addresses.usdcMint, 'stablecoin'],
    ['USDT', 'stablecoin'],
    [chain.addresses.usdtMint, 'stablecoin'],
    ['JUICE', 'juice'],
    [chain.addresses.juiceMint, 'juice'],
  ]);
  const assetOf = (id: string): LocalAsset | undefined =>
    assets.get(id) ?? (id.length <= 5 ? assets.get(id.toUpperCase()) : undefined);

  return {
    desk,
    async prices(ids) {
      const wanted = ids.flatMap((id) => {
        const asset = assetOf(id);
        return asset === undefined ? [] : [[id, asset] as const];
      });
      let oracle: OraclePrice | null = null;
      if (wanted.some(([, asset]) => asset === 'stablecoin')) {
        try {
          oracle = (await readOraclePrice(chain.rpc, chain.addresses.priceAccount)).price;
        } catch {
          throw badGateway(ApiErrorCode.PRICE_UNAVAILABLE);
        }
      }
      return new Map(
        wanted.map(([id, asset]) => [
          id,
          asset === 'sol' ? 1 : asset === 'juice' ? LOCAL_JUICE_PRICE_SOL : stablecoinPriceInSol(oracle!),
        ]),
      );
    },
    priorityFeeEstimate: (transaction) => fetchPriorityFeeEstimate(chain.rpcUrl, transaction, fetchImpl),
    quote: (request, now) => desk.quote(request, now),
    swapInstructions: (request, now) => desk.swapInstructions(request, now),
    cosign: (transaction, now) => desk.cosign(transaction, now),
  };
}
