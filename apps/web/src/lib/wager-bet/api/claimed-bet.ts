/**
 * A claim this page confirmed, kept until the server's history catches up: the history is indexed a few
 * seconds after a transaction confirms, so a list read right after a claim still says "to claim". Rows
 * of the claimed bet record that settled as a win before the claim show as claimed at once.
 *
 * @module
 */

import type { Address } from '@solana/kit';
import { useQuery, type QueryClient } from '@tanstack/react-query';

/** The last claim confirmed here. */
export interface ClaimedBet {
  /** The bet record (PDA) claimed. */
  readonly bet: Address;
  /** The claim's signature. */
  readonly signature: string;
  /** When it confirmed, unix seconds. */
  readonly at: number;
}

/** The query key of `user`'s last confirmed claim (client state, nothing is fetched). */
export function claimedBetKey(user: Address | null) {
  return ['wager-bet', 'claimed', user] as const;
}

/** Remembers a confirmed claim of `user`. */
export function recordClaimedBet(queryClient: QueryClient, user: Address, claimed: ClaimedBet): void {
  queryClient.setQueryData<ClaimedBet | null>(claimedBetKey(user), claimed);
}

/** `user`'s last claim confirmed on this page, or null. */
export function useClaimedBet(user: Address | null): ClaimedBet | null {
  return useQuery({
    queryKey: claimedBetKey(user),
    queryFn: () => null as ClaimedBet | null,
    initialData: null as ClaimedBet | null,
    staleTime: Infinity,
    gcTime: Infinity,
  }).data;
}

/** The fields of a history row the claim changes. */
interface ClaimableRow {
  readonly betAddress: string;
  readonly state: string;
  readonly result: string;
  readonly timestamp: number;
  readonly claimSignature: string | null;
}

/**
 * `rows` with the claimed win marked `Claimed`: a row of the same bet record, settled as a win, placed
 * before the claim (a record holds one bet at a time, and a new bet needs the win claimed first).
 */
export function withClaimedBet<T extends ClaimableRow>(rows: readonly T[], claimed: ClaimedBet | null): T[] {
  if (claimed === null) return [...rows];
  return rows.map((row) =>
    row.betAddress === claimed.bet &&
    row.state === 'Settled' &&
    row.result === 'Win' &&
    row.timestamp <= claimed.at
      ? { ...row, state: 'Claimed', claimSignature: row.claimSignature ?? claimed.signature }
      : row,
  );
}
