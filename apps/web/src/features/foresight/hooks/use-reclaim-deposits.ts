/**
 * "Reclaim deposits": closes the player's finished Foresight bet accounts (`close_bet`) so their rent
 * deposits come back. It re-reads which accounts `close_bet` accepts now, packs the closes into as few
 * transactions as fit, and sends them in order with one toast that follows the progress and ends in a
 * summary, or the caller's message then the error's text.
 *
 * @module
 */

import type { Address } from '@solana/kit';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';

import { toast } from '../../../lib/toast.ts';
import { useSendTransaction } from '../../../lib/wallet/use-send-transaction.ts';
import { packClaims } from '../../../lib/wallet/pack-claims.ts';
import { closeBetInstruction } from '../api/bet-instructions.ts';
import { closableBetsQueryOptions, type ClosableBet } from '../api/get-closable-bets.ts';
import { userBetsRootKey } from '../api/get-user-bets.ts';
import { formatExactSol, pluralize } from '../../../lib/format.ts';

/**
 * No cap on closes per transaction but its size: `close_bet` pays from the bet account itself and costs a
 * few thousand compute units, so the 1232-byte limit (about a dozen closes) is what binds.
 */
const NO_COUNT_LIMIT = Number.MAX_SAFE_INTEGER;

/** The sum of the bets' deposits, lamports. */
export function depositsTotal(bets: readonly Pick<ClosableBet, 'deposit'>[]): bigint {
  return bets.reduce((sum, bet) => sum + bet.deposit, 0n);
}

/** The texts of the action. */
export const RECLAIM_TEXT = Object.freeze({
  checking: 'Checking your account deposits…',
  nothing: 'Nothing to get back: the deposits are back already.',
  approve: (current: number, total: number) =>
    total === 1
      ? 'Approve getting your deposits back in your wallet…'
      : `Approve ${current} of ${total} in your wallet to get your deposits back…`,
  reclaimed: (lamports: bigint, bets: number) =>
    `Got back ${formatExactSol(lamports)} of account deposits from ${pluralize(bets, 'round')}`,
  failed: 'Failed to get your deposits back',
} as const);

/** Where a reclaim is: transaction `current` (1-based) of `total` (0 of 0 while it checks). */
export interface ReclaimProgress {
  readonly current: number;
  readonly total: number;
}

/** How a reclaim ended. */
export interface ReclaimOutcome {
  /** Accounts closed. */
  readonly reclaimed: readonly ClosableBet[];
  /** Accounts left open: in the transaction that failed, or after it. */
  readonly left: readonly ClosableBet[];
  /** The failure, or null. */
  readonly error: unknown;
}

/** Closes `user`'s closable bets among `rounds`; `reclaim` is null while the wallet cannot sign. */
export function useReclaimDeposits(user: Address | null, rounds: readonly Address[]) {
  const send = useSendTransaction();
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<ReclaimProgress | null>(null);
  const [outcome, setOutcome] = useState<ReclaimOutcome | null>(null);
  // State shows only after a render: a double click would send twice without this.
  const running = useRef(false);

  const run = useCallback(async () => {
    if (send === null || user === null || running.current) return;
    running.current = true;
    setOutcome(null);
    setProgress({ current: 0, total: 0 });
    const id = toast.info(RECLAIM_TEXT.checking);
    const reclaimed: ClosableBet[] = [];
    const left: ClosableBet[] = [];
    let error: unknown = null;
    let found = 0;
    try {
      // What the chain says now, not at the last poll: a deposit reclaimed in another tab is not sent again.
      const bets = await queryClient.query({ ...closableBetsQueryOptions(user, rounds), staleTime: 0 });
      found = bets.length;
      if (found > 0) {
        const claims = await Promise.all(
          bets.map(async (bet) => ({
            item: bet,
            instructions: [await closeBetInstruction({ user, round: bet.round, bet: bet.bet })],
          })),
        );
        const batches = packClaims(user, claims, { maxClaims: NO_COUNT_LIMIT });
        for (const [index, batch] of batches.entries()) {
          // After a failure (a rejection, or a network in doubt) nothing more is asked of the wallet.
          if (error !== null) {
            left.push(...batch.items);
            continue;
          }
          setProgress({ current: index + 1, total: batches.length });
          toast.update(id, 'info', RECLAIM_TEXT.approve(index + 1, batches.length));
          try {
            await send({ instructions: batch.instructions });
            reclaimed.push(...batch.items);
          } catch (caught) {
            error = caught;
            left.push(...batch.items);
          }
        }
      }
    } catch (caught) {
      error = caught;
    } finally {
      running.current = false;
      setProgress(null);
      await queryClient.invalidateQueries({ queryKey: userBetsRootKey(user) });
    }
    if (error !== null) {
      toast.dismiss(id);
      toast.failure(RECLAIM_TEXT.failed, error);
    } else if (found === 0) {
      toast.update(id, 'info', RECLAIM_TEXT.nothing);
      return;
    } else {
      toast.update(id, 'success', RECLAIM_TEXT.reclaimed(depositsTotal(reclaimed), reclaimed.length));
    }
    setOutcome({ reclaimed, left, error });
  }, [send, user, rounds, queryClient]);

  return {
    /** Starts a reclaim; null while no wallet can sign. */
    reclaim: send === null || user === null ? null : run,
    pending: progress !== null,
    progress,
    /** How the last reclaim ended, until the next starts. */
    outcome,
  };
}
