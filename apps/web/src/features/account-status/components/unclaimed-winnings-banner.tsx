import { FAILURE_TOASTS, SUCCESS_TOASTS } from '@arcade/sdk/messages';
import { findHouseAddress } from '@arcade/sdk/wager/pda';
import { getClaimBetInstruction } from '@arcade/sdk/wager/instructions';
import type { Address } from '@solana/kit';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

import { Button } from '../../../components/ui/button.tsx';
import { formatSol } from '../../../lib/format.ts';
import { toast } from '../../../lib/toast.ts';
import { useWallet } from '../../../lib/wallet/wallet-context.tsx';
import { useSendTransaction } from '../../../lib/wallet/use-send-transaction.ts';
import {
  unclaimedWinsKey,
  useUnclaimedWins,
  wagerProgram,
  type UnclaimedWin,
} from '../api/get-unclaimed-wins.ts';
import { useBetRecordUpdates } from '../hooks/use-bet-record-updates.ts';

/** Session-storage key of the dismissed wins, so a dismissal lasts for this tab's session only. */
const DISMISSED_KEY = 'unclaimedWinningsDismissed';

function winKey(wins: readonly UnclaimedWin[]): string {
  return wins.map((win) => `${win.bet}:${win.timestamp}`).join(',');
}

function readDismissed(): string | null {
  try {
    return sessionStorage.getItem(DISMISSED_KEY);
  } catch {
    return null;
  }
}

function writeDismissed(key: string): void {
  try {
    sessionStorage.setItem(DISMISSED_KEY, key);
  } catch {
    // Storage disabled: the dismissal still holds until the banner remounts.
  }
}

/** "You have 1 unclaimed win (1.0 SOL)" */
export function unclaimedWinsText(count: number, lamports: bigint): string {
  return `You have ${count} unclaimed ${count === 1 ? 'win' : 'wins'} (${formatSol(lamports)})`;
}

/**
 * Warns the connected wallet of TailSpin/ReTail wins it has not claimed (spec §2, §4) and claims them all
 * as SOL. Dismissing it hides these wins for the rest of the tab's session; a new win shows again.
 */
export function UnclaimedWinningsBanner() {
  const { wallet } = useWallet();
  const user: Address | null = wallet?.address ?? null;
  const wins = useUnclaimedWins(user);
  useBetRecordUpdates(user);
  const send = useSendTransaction();
  const queryClient = useQueryClient();
  const [dismissed, setDismissed] = useState(readDismissed);

  const claim = useMutation({
    mutationFn: async (toClaim: readonly UnclaimedWin[]) => {
      if (send === null || user === null) throw new Error('Connect your wallet to claim');
      const program = wagerProgram();
      const [house] = await findHouseAddress(program);
      // One transaction per bet: a failure leaves the others claimable and is reported on its own.
      for (const win of toClaim) {
        await send({
          instructions: [getClaimBetInstruction({ user, bet: win.bet, house, sol: true }, program)],
        });
      }
    },
    onSuccess: () => {
      toast.success(SUCCESS_TOASTS.claimed);
    },
    onError: (error) => {
      toast.failure(FAILURE_TOASTS.claimWinnings, error);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: unclaimedWinsKey(user) }),
  });

  const list = wins.data ?? [];
  if (user === null || list.length === 0) return null;
  const key = winKey(list);
  if (dismissed === key) return null;
  const total = list.reduce((sum, win) => sum + win.prize, 0n);

  return (
    // The shell mounts the banner edge to edge under the header; the padding lines it up with the page.
    <div className="px-3 pt-3 sm:px-6 xl:px-8">
      <div
        role="region"
        aria-label="Unclaimed winnings"
        className="relative flex flex-wrap items-center gap-3 overflow-hidden rounded-2xl border border-win/40 bg-gradient-to-r from-win/15 via-panel to-panel px-4 py-3 shadow-[0_0_40px_-16px_var(--color-win)] animate-fade-in sm:flex-nowrap"
      >
        <span
          className="grid size-9 shrink-0 place-items-center rounded-xl bg-win/20 text-win animate-glow"
          aria-hidden="true"
        >
          <svg viewBox="0 0 20 20" className="size-5">
            <path
              d="M5 3h10v3a5 5 0 0 1-10 0V3zM3 4h2M15 4h2M10 11v3M7 17h6M8 14h4"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.8"
              strokeLinecap="round"
            />
          </svg>
        </span>
        <p className="min-w-0 flex-1 text-sm font-semibold text-ink">
          <span className="tabular">{unclaimedWinsText(list.length, total)}</span>
          <span className="block text-xs font-normal text-ink-dim">
            Claim them as SOL before your next bet.
          </span>
        </p>
        <div className="flex items-center gap-2">
          <Button
            variant="up"
            size="sm"
            pending={claim.isPending}
            disabled={send === null}
            onClick={() => {
              claim.mutate(list);
            }}
          >
            Claim all
          </Button>
          <button
            type="button"
            aria-label="Dismiss"
            onClick={() => {
              writeDismissed(key);
              setDismissed(key);
            }}
            className="grid size-8 place-items-center rounded-lg text-ink-faint transition hover:bg-white/5 hover:text-ink"
          >
            <svg viewBox="0 0 20 20" className="size-3.5" aria-hidden="true">
              <path d="M5 5l10 10M15 5L5 15" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
        </div>
      </div>
    </div>
  );
}
