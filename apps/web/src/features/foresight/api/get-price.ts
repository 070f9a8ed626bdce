/**
 * The oracle's SOL/USD price: the PriceUpdateV2 account the rounds settle from, read at `confirmed` and
 * pushed by the account subscription (`use-foresight-live.ts`); a 5 s poll covers a dropped socket. Every
 * update seen is also kept for the chart (`priceHistoryKey`).
 *
 * @module
 */

import { RPC_COMMITMENT } from '@arcade/sdk/constants';
import { decodePriceUpdateV2 } from '@arcade/sdk/pyth/price-update-v2';
import { fetchEncodedAccount, type Address, type ReadonlyUint8Array } from '@solana/kit';
import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

import { getRpc } from '../../../lib/wallet/rpc.ts';
import { mergePricePoints, type PricePoint } from '../utils/price-history.ts';

/** One oracle update. */
export interface OraclePrice {
  /** Pyth integer price (10^exponent USD). */
  readonly price: bigint;
  /** Confidence interval, same scale. */
  readonly conf: bigint;
  readonly exponent: number;
  /** Unix seconds. */
  readonly publishTime: bigint;
}

/** How often the price is re-read when no notification came. */
export const PRICE_POLL_MS = 5_000;

/** The price's query key. */
export function priceKey(account: Address) {
  return ['foresight', 'price', account] as const;
}

/** The query key of the price points seen (the chart's line). */
export function priceHistoryKey(account: Address) {
  return ['foresight', 'price-history', account] as const;
}

/** The price in a PriceUpdateV2 account's data. */
export function decodeOraclePrice(data: ReadonlyUint8Array | Uint8Array): OraclePrice {
  const { priceMessage } = decodePriceUpdateV2(data);
  return {
    price: priceMessage.price,
    conf: priceMessage.conf,
    exponent: priceMessage.exponent,
    publishTime: priceMessage.publishTime,
  };
}

/** Reads the price account. */
export async function fetchOraclePrice(account: Address, signal?: AbortSignal): Promise<OraclePrice> {
  const fetched = await fetchEncodedAccount(getRpc(), account, {
    commitment: RPC_COMMITMENT,
    ...(signal === undefined ? {} : { abortSignal: signal }),
  });
  if (!fetched.exists) throw new Error('The price account does not exist');
  return decodeOraclePrice(fetched.data);
}

/** Adds points to the chart's line. */
export function addPricePoints(
  queryClient: QueryClient,
  account: Address,
  points: readonly PricePoint[],
): void {
  queryClient.setQueryData<PricePoint[]>(priceHistoryKey(account), (current) =>
    mergePricePoints(current ?? [], points),
  );
}

/** Query options of the price at `account`. */
export function priceQueryOptions(account: Address) {
  return queryOptions({
    queryKey: priceKey(account),
    queryFn: ({ signal }) => fetchOraclePrice(account, signal),
    refetchInterval: PRICE_POLL_MS,
  });
}

/** The latest price at `account`; each new one is added to the chart's line. */
export function useOraclePrice(account: Address) {
  const queryClient = useQueryClient();
  const query = useQuery(priceQueryOptions(account));
  const { data } = query;
  useEffect(() => {
    if (data === undefined) return;
    addPricePoints(queryClient, account, [
      { time: Number(data.publishTime), price: data.price, observed: true },
    ]);
  }, [data, account, queryClient]);
  return query;
}

/** The points seen so far (updated by {@link addPricePoints}; nothing is fetched). */
export function usePriceHistory(account: Address): readonly PricePoint[] {
  return useQuery({
    queryKey: priceHistoryKey(account),
    queryFn: () => [] as PricePoint[],
    initialData: [] as PricePoint[],
    staleTime: Infinity,
    gcTime: Infinity,
  }).data;
}
