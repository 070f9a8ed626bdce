/**
 * The settler's published hash chains (`GET /api/fairness`) and everything needed to re-derive one bet's
 * roll (`GET /api/fairness/{signature}`).
 *
 * @module
 */

import type { BetFairnessJson, FairnessChainsJson } from '@arcade/sdk/api/history';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';

/** `GET /api/fairness`. */
export type FairnessChains = Omit<FairnessChainsJson, 'success'>;

/** `GET /api/fairness/{signature}`. */
export type BetFairness = Omit<BetFairnessJson, 'success'>;

/** The published chains. */
export async function getFairnessChains(signal?: AbortSignal): Promise<FairnessChains> {
  const body = await api<FairnessChainsJson>('/api/fairness', signal ? { signal } : {});
  return { algorithm: body.algorithm, current: body.current, next: body.next, chains: body.chains };
}

/** How often the chains are re-read while the page is open (the next index moves with every bet). */
export const FAIRNESS_CHAINS_REFRESH_MS = 15_000;

/** Query options of the published chains. */
export function fairnessChainsQueryOptions() {
  return queryOptions({
    queryKey: ['fairness', 'chains'] as const,
    queryFn: ({ signal }) => getFairnessChains(signal),
    refetchInterval: FAIRNESS_CHAINS_REFRESH_MS,
  });
}

/** The published chains. */
export function useFairnessChains() {
  return useQuery(fairnessChainsQueryOptions());
}

/**
 * One bet's fairness record, by its creating transaction signature (and, when one transaction opened
 * several bets, its bet record address). The server's 'Invalid signature' and 'Bet not found' come back as
 * `ApiError`s with those messages.
 */
export async function getBetFairness(
  signature: string,
  betAddress: string | null,
  signal?: AbortSignal,
): Promise<BetFairness> {
  const body = await api<BetFairnessJson>(`/api/fairness/${encodeURIComponent(signature)}`, {
    query: { record: betAddress },
    ...(signal ? { signal } : {}),
  });
  return {
    algorithm: body.algorithm,
    bet: body.bet,
    message: body.message,
    messageEncoding: body.messageEncoding,
    seed: body.seed,
    // A server that does not send the reveal yet: the page reads it from the chain.
    reveal: body.reveal ?? null,
  };
}

/**
 * Query options of one bet's fairness record. A bet still open gains its seed and reveal later: re-read
 * meanwhile. So does a refunded bet until its seed is revealed: a refund in time kept its result, and the
 * reveal rolls it then.
 */
export function betFairnessQueryOptions(signature: string, betAddress: string | null) {
  return queryOptions({
    queryKey: ['fairness', 'bet', signature, betAddress] as const,
    queryFn: ({ signal }) => getBetFairness(signature, betAddress, signal),
    retry: false,
    refetchInterval: (query) => {
      const data = query.state.data;
      if (data === undefined) return FAIRNESS_CHAINS_REFRESH_MS;
      const closed =
        data.seed?.revealed === true ||
        data.reveal !== null ||
        (data.bet.offChain && data.bet.state !== 'Open');
      return closed ? false : FAIRNESS_CHAINS_REFRESH_MS;
    },
  });
}

/** One bet's fairness record. */
export function useBetFairness(signature: string | null, betAddress: string | null) {
  return useQuery({
    ...betFairnessQueryOptions(signature ?? '', betAddress),
    enabled: signature !== null && signature !== '',
  });
}
