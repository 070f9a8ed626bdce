/**
 * Runs the four checks of a bet once its fairness record (and, when it can be read, the chain's own record)
 * is in, and again whenever either changes. The checks are a query keyed by their inputs, so the same
 * inputs are checked once.
 *
 * @module
 */

import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';

import type { BetFairness } from '../api/get-fairness.ts';
import type { ChainRoll } from '../api/get-chain-roll.ts';
import { verifyBet, type Check } from '../utils/verify.ts';

/** Where a verification is. */
export type VerificationState =
  | { readonly status: 'running'; readonly hashed: number; readonly total: number }
  | { readonly status: 'done'; readonly checks: readonly Check[] }
  | { readonly status: 'error'; readonly error: Error };

/**
 * The checks of `answer`. `chainReady` is false while the chain's transactions are being read: the checks
 * wait for them rather than run twice.
 */
export function useVerification(
  answer: BetFairness | undefined,
  publishedHeads: ReadonlySet<string> | null,
  chain: ChainRoll | null,
  chainReady: boolean,
): VerificationState {
  const [hashed, setHashed] = useState(0);
  const heads = publishedHeads === null ? null : [...publishedHeads].sort();
  const query = useQuery({
    queryKey: ['fairness', 'verify', answer, heads, chain] as const,
    queryFn: ({ signal }) => {
      setHashed(0);
      return verifyBet(
        { answer: answer!, publishedHeads: heads === null ? null : new Set(heads), chain },
        { signal, onProgress: setHashed },
      );
    },
    enabled: answer !== undefined && chainReady,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  if (query.isSuccess) return { status: 'done', checks: query.data };
  if (query.isError) return { status: 'error', error: query.error };
  return { status: 'running', hashed, total: answer?.seed?.seedIndex ?? 0 };
}
