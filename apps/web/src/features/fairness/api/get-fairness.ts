/**
 * The settler's published hash chains (`GET /api/fairness`) and everything needed to re-derive one bet's
 * roll (`GET /api/fairness/{signature}`).
 *
 * @module
 */

import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';

/** How the server says a roll is derived (shown as it is). */
export interface FairnessAlgorithm {
  readonly seedChain: string;
  readonly randomValue: string;
  readonly message: string;
  readonly result: string;
  readonly encoding: string;
}

/** A published hash chain. Times are unix milliseconds. */
export interface PublishedChain {
  readonly id: number;
  /** s_0, lowercase hex. */
  readonly head: string;
  /** Usable seeds: s_1 … s_length. */
  readonly length: number;
  /** The seed index the next bet takes. */
  readonly nextIndex: number;
  readonly status: 'next' | 'current' | 'exhausted';
  readonly publishedAt: number;
  readonly activatedAt: number | null;
  readonly exhaustedAt: number | null;
}

/** `GET /api/fairness`. */
export interface FairnessChains {
  readonly algorithm: FairnessAlgorithm;
  readonly current: PublishedChain | null;
  readonly next: PublishedChain | null;
  /** Every chain, newest first. */
  readonly chains: readonly PublishedChain[];
}

/** `GET /api/fairness/{signature}`. */
export interface BetFairness {
  readonly algorithm: FairnessAlgorithm;
  readonly bet: {
    readonly id: number;
    /** The creating transaction. */
    readonly signature: string;
    readonly betAddress: string;
    readonly user: string;
    readonly odds: number;
    readonly state: string;
    readonly result: string;
    /** Null while the bet is open. */
    readonly randomValue: number | null;
    readonly settleSignature: string | null;
    readonly refundSignature: string | null;
    readonly slot: number;
    readonly txIndex: number;
  };
  /** The HMAC message, lowercase hex (96 bytes), or null when the server could not build it. */
  readonly message: string | null;
  readonly messageEncoding: string;
  /** Null until the settler gives the bet a seed. */
  readonly seed: {
    readonly chainId: number;
    readonly chainHead: string;
    readonly seedIndex: number;
    /** s_i, once revealed. */
    readonly seed: string | null;
    /** s_{i−1} (the head when i = 1), once s_i is revealed. */
    readonly previousSeed: string | null;
    readonly revealed: boolean;
  } | null;
}

/** The published chains. */
export async function getFairnessChains(signal?: AbortSignal): Promise<FairnessChains> {
  const body = await api<FairnessChains & { success: true }>('/api/fairness', signal ? { signal } : {});
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
  const body = await api<BetFairness & { success: true }>(`/api/fairness/${encodeURIComponent(signature)}`, {
    query: { bet: betAddress },
    ...(signal ? { signal } : {}),
  });
  return {
    algorithm: body.algorithm,
    bet: body.bet,
    message: body.message,
    messageEncoding: body.messageEncoding,
    seed: body.seed,
  };
}

/** Query options of one bet's fairness record. A bet still open gains its seed later: re-read meanwhile. */
export function betFairnessQueryOptions(signature: string, betAddress: string | null) {
  return queryOptions({
    queryKey: ['fairness', 'bet', signature, betAddress] as const,
    queryFn: ({ signal }) => getBetFairness(signature, betAddress, signal),
    retry: false,
    refetchInterval: (query) =>
      query.state.data?.seed?.revealed === true ? false : FAIRNESS_CHAINS_REFRESH_MS,
  });
}

/** One bet's fairness record. */
export function useBetFairness(signature: string | null, betAddress: string | null) {
  return useQuery({
    ...betFairnessQueryOptions(signature ?? '', betAddress),
    enabled: signature !== null && signature !== '',
  });
}
