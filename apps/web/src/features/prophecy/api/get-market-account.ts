/**
 * A market's on-chain record, live: read once, then pushed by an account subscription at the confirmed
 * commitment, so the pools, counts and result move the moment a prediction or resolution lands, before the
 * server's index catches up. The page shows the server's market with these fields laid over it.
 *
 * @module
 */

import { RPC_COMMITMENT } from '@arcade/sdk/constants';
import { decodeMarket, MarketResult, type MarketAccount } from '@arcade/sdk/wager/accounts';
import { fetchEncodedAccount, type Address } from '@solana/kit';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';

import { getRpc } from '../../../lib/wallet/rpc.ts';
import { useAccountWatch } from '../../../lib/wallet/watch-account.ts';
import type { Market } from './get-markets.ts';
import type { MarketResultLabel } from '@arcade/sdk/api/prophecy';

/** How often the record is re-read even without a notification (a websocket that is down). */
export const CHAIN_POLL_MS = 15_000;

/** The fields of a market that live on chain. Times are unix seconds, pools lamports. */
export interface LiveMarket {
  readonly endTime: number;
  readonly cutOffTime: number;
  readonly yesCount: number;
  readonly noCount: number;
  readonly yesPool: bigint;
  readonly noPool: bigint;
  readonly settledCount: number;
  /** Null until resolved. */
  readonly result: MarketResultLabel | null;
}

/** The API's lower-case label of a chain result. */
export function resultLabel(result: MarketResult | null): MarketResultLabel | null {
  switch (result) {
    case MarketResult.Yes:
      return 'yes';
    case MarketResult.No:
      return 'no';
    case MarketResult.Invalid:
      return 'invalid';
    default:
      return null;
  }
}

/** The live fields of a decoded Market. */
export function toLiveMarket(account: MarketAccount): LiveMarket {
  return {
    endTime: Number(account.endTime),
    cutOffTime: Number(account.cutoffTime),
    yesCount: account.yesCount,
    noCount: account.noCount,
    yesPool: account.yesPool,
    noPool: account.noPool,
    settledCount: account.settledCount,
    result: resultLabel(account.result),
  };
}

/** The live fields in a Market account's data; null when closed or not a Market. */
export function decodeLiveMarket(data: Uint8Array | null): LiveMarket | null {
  if (data === null) return null;
  try {
    return toLiveMarket(decodeMarket(data));
  } catch {
    return null;
  }
}

/**
 * `market` with the chain's fields laid over it. Without a chain record (not read yet, or closed once
 * every prediction was settled) the server's copy stands.
 */
export function withLiveFields<M extends Market>(market: M, live: LiveMarket | null | undefined): M {
  if (live === null || live === undefined) return market;
  const totalCount = live.yesCount + live.noCount;
  return {
    ...market,
    endTime: live.endTime,
    cutOffTime: live.cutOffTime,
    yesCount: live.yesCount,
    noCount: live.noCount,
    totalCount,
    yesPool: live.yesPool,
    noPool: live.noPool,
    totalPool: live.yesPool + live.noPool,
    settledCount: live.settledCount,
    result: live.result,
    isSettled: live.result !== null && live.settledCount >= totalCount,
  };
}

/** Reads a market's record; null when there is none. */
export async function getLiveMarket(market: Address): Promise<LiveMarket | null> {
  const account = await fetchEncodedAccount(getRpc(), market, { commitment: RPC_COMMITMENT });
  return account.exists ? decodeLiveMarket(account.data) : null;
}

/** The query key of a market's chain record. */
export function liveMarketKey(market: string) {
  return ['prophecy', 'chain', 'market', market] as const;
}

/** The query of a market's chain record. */
export function liveMarketQueryOptions(market: Address) {
  return queryOptions({
    queryKey: liveMarketKey(market),
    queryFn: () => getLiveMarket(market),
    refetchInterval: CHAIN_POLL_MS,
  });
}

/** A market's chain record, kept live by an account subscription while mounted. */
export function useLiveMarket(market: Address) {
  const queryClient = useQueryClient();
  useAccountWatch(
    market,
    (snapshot) => {
      queryClient.setQueryData(liveMarketKey(market), decodeLiveMarket(snapshot?.data ?? null));
    },
    () => {
      void queryClient.invalidateQueries({ queryKey: liveMarketKey(market) });
    },
  );
  return useQuery(liveMarketQueryOptions(market));
}
