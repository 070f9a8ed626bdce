/**
 * "Claim all": re-reads what the wallet is owed, packs the claims into as few transactions as fit, and
 * sends them in order with one toast that follows the progress and ends in the spec's summary
 * ('Claimed successfully!', or 'Failed to claim winnings' then the error's text).
 *
 * @module
 */

import { FAILURE_TOASTS, SUCCESS_TOASTS } from '@arcade/sdk/messages';
import { TransactionSendError } from '@arcade/sdk/sender/send-error';
import type { Address } from '@solana/kit';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';

import { usePlaySound } from '../../../lib/sound.ts';
import { toast } from '../../../lib/toast.ts';
import { useSendTransaction } from '../../../lib/wallet/use-send-transaction.ts';
import { unclaimedWinsKey } from '../../../lib/query-keys.ts';
import { claimInstructions } from '../utils/claim-instructions.ts';
import type { ClaimItem } from '../utils/claim-items.ts';
import { packClaims } from '../../../lib/wallet/pack-claims.ts';
import { fetchStillOwed, fetchUnclaimedWinnings } from './use-unclaimed-winnings.ts';

/** How a claim-all ended. */
export interface ClaimAllOutcome {
  /** Items paid. */
  readonly claimed: readonly ClaimItem[];
  /** Items not paid: in a transaction that failed, or after the one that stopped the run. Items found paid
   * by someone else meanwhile are in neither list. */
  readonly failed: readonly ClaimItem[];
  /** The first failure, or null. */
  readonly error: unknown;
}

/** Where a claim-all is: transaction `current` (1-based) of `total`. */
export interface ClaimProgress {
  readonly current: number;
  readonly total: number;
}

/**
 * Whether the next transaction is still worth sending after `error`: yes when this one failed on its own
 * (its simulation failed, it landed and failed, or the RPC refused it), e.g. one claim was paid by someone
 * else meanwhile; no when the user said no in the wallet, or the network is in doubt (a timeout may land).
 */
export function continuesAfter(error: unknown): boolean {
  if (!(error instanceof TransactionSendError)) return false;
  const { reason } = error;
  return reason === 'simulation' || reason === 'failed' || reason === 'rejected';
}

/**
 * Whether a failed transaction may have failed because one of its claims was paid meanwhile (e.g. the
 * server's settler paid a prediction): its simulation or execution failed, so nothing in it was paid, and
 * re-reading its items tells which are still owed.
 */
export function worthRechecking(error: unknown): boolean {
  if (!(error instanceof TransactionSendError)) return false;
  const { reason } = error;
  return reason === 'simulation' || reason === 'failed';
}

/** The pending toast's text while transaction `current` of `total` waits for the wallet. */
export function approveText(current: number, total: number): string {
  return total === 1
    ? 'Approve the payout in your wallet…'
    : `Approve payout ${current} of ${total} in your wallet…`;
}

/** Claims everything `user` is owed; `claimAll` is null while the wallet cannot sign. */
export function useClaimAll(user: Address | null) {
  const send = useSendTransaction();
  const queryClient = useQueryClient();
  const playSound = usePlaySound();
  const [progress, setProgress] = useState<ClaimProgress | null>(null);
  const [outcome, setOutcome] = useState<ClaimAllOutcome | null>(null);

  const run = useCallback(async () => {
    if (send === null || user === null) return;
    setOutcome(null);
    setProgress({ current: 0, total: 0 });
    const id = toast.info('Checking what you are owed…');
    const claimed: ClaimItem[] = [];
    let failed: ClaimItem[] = [];
    let error: unknown = null;
    try {
      const items = await fetchUnclaimedWinnings(queryClient, user);
      if (items.length === 0) {
        toast.update(id, 'info', 'Nothing left to collect: it has been paid already.');
        return;
      }
      const batches = packClaims(user, await claimInstructions(user, items));
      for (const [index, batch] of batches.entries()) {
        if (error !== null && !continuesAfter(error)) {
          failed = [...failed, ...batch.items];
          continue;
        }
        setProgress({ current: index + 1, total: batches.length });
        toast.update(id, 'info', approveText(index + 1, batches.length));
        try {
          await send({ instructions: batch.instructions });
          claimed.push(...batch.items);
        } catch (caught) {
          // A claim paid meanwhile fails the whole transaction: send again what is still owed, once.
          const owed = worthRechecking(caught)
            ? await fetchStillOwed(queryClient, user, batch.items).catch(() => batch.items)
            : batch.items;
          if (owed.length === batch.items.length) {
            error ??= caught;
            failed = [...failed, ...batch.items];
            continue;
          }
          for (const retry of owed.length === 0
            ? []
            : packClaims(user, await claimInstructions(user, owed))) {
            if (error !== null && !continuesAfter(error)) {
              failed = [...failed, ...retry.items];
              continue;
            }
            toast.update(id, 'info', approveText(index + 1, batches.length));
            try {
              await send({ instructions: retry.instructions });
              claimed.push(...retry.items);
            } catch (again) {
              error ??= again;
              failed = [...failed, ...retry.items];
            }
          }
        }
      }
    } catch (caught) {
      error = caught;
    } finally {
      setProgress(null);
      await queryClient.invalidateQueries({ queryKey: unclaimedWinsKey(user) });
      // The game pages show the same bets: their cards and histories read them again.
      if (claimed.some((item) => item.kind === 'foresight')) {
        void queryClient.invalidateQueries({ queryKey: ['foresight'] });
      }
      if (claimed.some((item) => item.kind === 'prophecy')) {
        void queryClient.invalidateQueries({ queryKey: ['prophecy'] });
      }
    }
    if (error === null) {
      toast.update(id, 'success', SUCCESS_TOASTS.claimed);
      playSound('win');
    } else {
      toast.dismiss(id);
      toast.failure(FAILURE_TOASTS.claimWinnings, error);
    }
    setOutcome({ claimed, failed, error });
  }, [send, user, queryClient, playSound]);

  return {
    /** Starts a claim-all; null while no wallet can sign. */
    claimAll: send === null || user === null ? null : run,
    pending: progress !== null,
    progress,
    /** How the last claim-all ended, until the next starts. */
    outcome,
    /** Forgets the last outcome (the banner's status line). */
    clearOutcome: () => {
      setOutcome(null);
    },
  };
}
