/**
 * The connected wallet's prediction in a market (its Prediction PDA), read from the chain and kept live by
 * an account subscription: the side, the amount staked and whether it has been paid, which the server's
 * market settler does for everyone shortly after the market resolves.
 *
 * @module
 */

import { RPC_COMMITMENT } from '@arcade/sdk/constants';
import { decodePrediction } from '@arcade/sdk/wager/accounts';
import { fetchEncodedAccount, type Address } from '@solana/kit';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';

import { getRpc } from '../../../lib/wallet/rpc.ts';
import { useAccountWatch } from '../../../lib/wallet/watch-account.ts';
import { CHAIN_POLL_MS, resultLabel } from './get-market-account.ts';
import type { MarketResultLabel } from '@arcade/sdk/api/prophecy';
import { predictionAddressOf } from './wager-program.ts';

/** A user's prediction: one side per market, all their stakes on it added up. */
export interface Prediction {
  /** The side backed: 'yes' or 'no'. */
  readonly side: MarketResultLabel;
  /** Lamports staked, every addition included. */
  readonly amount: bigint;
  /** Paid, refunded, or settled as a loss. */
  readonly isClaimed: boolean;
}

/** The prediction in a Prediction account's data; null when there is none. */
export function decodePredictionView(data: Uint8Array | null): Prediction | null {
  if (data === null) return null;
  try {
    const prediction = decodePrediction(data);
    return {
      side: resultLabel(prediction.result) ?? 'invalid',
      amount: prediction.amount,
      isClaimed: prediction.isClaimed,
    };
  } catch {
    return null;
  }
}

/** Reads `user`'s prediction in `market`; null when they have none. */
export async function getPrediction(market: Address, user: Address): Promise<Prediction | null> {
  const account = await fetchEncodedAccount(getRpc(), await predictionAddressOf(market, user), {
    commitment: RPC_COMMITMENT,
  });
  return account.exists ? decodePredictionView(account.data) : null;
}

/** The query key of `user`'s prediction in `market`. */
export function predictionKey(market: string, user: string | null) {
  return ['prophecy', 'chain', 'prediction', market, user] as const;
}

/** The query of `user`'s prediction in `market`; disabled without a user. */
export function predictionQueryOptions(market: Address, user: Address | null) {
  return queryOptions({
    queryKey: predictionKey(market, user),
    queryFn: () => (user === null ? Promise.resolve(null) : getPrediction(market, user)),
    enabled: user !== null,
    refetchInterval: CHAIN_POLL_MS,
  });
}

/** `user`'s prediction in `market`, kept live while mounted (nothing without a user). */
export function usePrediction(market: Address, user: Address | null) {
  const queryClient = useQueryClient();
  // Deriving the PDA is async (a hash): cached for good, it never changes.
  const pda = useQuery({
    queryKey: ['prophecy', 'chain', 'prediction-address', market, user] as const,
    queryFn: () => (user === null ? null : predictionAddressOf(market, user)),
    enabled: user !== null,
    staleTime: Infinity,
  });
  const account = user === null ? null : (pda.data ?? null);
  useAccountWatch(
    account,
    (snapshot) => {
      queryClient.setQueryData(predictionKey(market, user), decodePredictionView(snapshot?.data ?? null));
    },
    () => {
      void queryClient.invalidateQueries({ queryKey: predictionKey(market, user) });
    },
  );
  return useQuery(predictionQueryOptions(market, user));
}
