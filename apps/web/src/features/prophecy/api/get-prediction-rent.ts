/**
 * The rent deposit of a Prediction account: `create_prediction` opens the account and the predictor pays
 * it, so a first prediction needs it in the wallet besides the stake and the fees.
 *
 * @module
 */

import { RPC_COMMITMENT } from '@arcade/sdk/constants';
import { PREDICTION_ACCOUNT_SIZE } from '@arcade/sdk/wager/accounts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { getRpc } from '../../../lib/wallet/rpc.ts';

/** The rent-exempt minimum of a Prediction account, in lamports, as the cluster states it. */
export function getPredictionRent(signal: AbortSignal): Promise<bigint> {
  return getRpc()
    .getMinimumBalanceForRentExemption(BigInt(PREDICTION_ACCOUNT_SIZE), { commitment: RPC_COMMITMENT })
    .send({ abortSignal: signal });
}

/** The query of {@link getPredictionRent}: fixed by the cluster, read once. */
export function predictionRentQueryOptions() {
  return queryOptions({
    queryKey: ['prophecy', 'chain', 'prediction-rent'] as const,
    queryFn: ({ signal }) => getPredictionRent(signal),
    staleTime: Infinity,
  });
}

/** The rent deposit of a new Prediction account (undefined while it is read). */
export function usePredictionRent() {
  return useQuery(predictionRentQueryOptions());
}
