import type { Address } from '@solana/kit';

import { Button } from '../../../components/ui/button.tsx';
import { errorText } from '../../../lib/error-text.ts';
import { useClosableBets } from '../api/get-closable-bets.ts';
import {
  depositsTotal,
  RECLAIM_TEXT,
  useReclaimDeposits,
  type ReclaimOutcome,
  type ReclaimProgress,
} from '../hooks/use-reclaim-deposits.ts';
import { formatExactSol, pluralize } from '../../../lib/format.ts';

/**
 * "Get back 0.0043848 SOL of account deposits from 3 finished rounds": what the action gives back, in a
 * player's words (each bet holds a small refundable deposit for its account while it is open).
 */
export function depositsText(lamports: bigint, bets: number): string {
  return `Get back ${formatExactSol(lamports)} of account deposits from ${pluralize(bets, 'finished round')}`;
}

/** The button: "Get back 0.0043848 SOL", then its progress. */
function buttonText(progress: ReclaimProgress | null, lamports: bigint): string {
  if (progress === null) return `Get back ${formatExactSol(lamports)}`;
  return progress.total <= 1
    ? 'Getting it back…'
    : `Getting it back: ${progress.current} of ${progress.total}…`;
}

/** The status line after a reclaim. */
export function reclaimOutcomeText(outcome: ReclaimOutcome): string {
  const done = RECLAIM_TEXT.reclaimed(depositsTotal(outcome.reclaimed), outcome.reclaimed.length);
  if (outcome.error === null) return `${done}.`;
  const reason = errorText(outcome.error);
  if (outcome.reclaimed.length === 0) return `Nothing came back: ${reason}`;
  return `${done}; ${pluralize(outcome.left.length, 'round')} left: ${reason}`;
}

/**
 * Getting account deposits back, in the player's history: every bet account holds a rent deposit until
 * `close_bet` closes it. Collect and Withdraw close theirs; a lost bet, or one a keeper paid, keeps it until
 * this action closes it. Shows the SOL it gives back and from how many rounds, among the rounds of the
 * history loaded.
 */
export function ReclaimDeposits({
  user,
  rounds,
  olderUnread,
}: {
  readonly user: Address;
  /** The rounds of the history loaded so far. */
  readonly rounds: readonly Address[];
  /** More history pages exist: their bets are not looked at until loaded. */
  readonly olderUnread: boolean;
}) {
  const closable = useClosableBets(user, rounds);
  const reclaim = useReclaimDeposits(user, rounds);
  const bets = closable.data ?? [];
  const outcome = reclaim.outcome;
  if (bets.length === 0 && outcome === null && !reclaim.pending) return null;

  return (
    <div
      role="group"
      aria-label="Account deposits"
      className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-xl border border-edge bg-white/5 px-3 py-2.5 text-sm"
    >
      {(bets.length > 0 || reclaim.pending) && (
        <>
          <p className="min-w-0 flex-1 text-ink-dim">
            {bets.length > 0 && (
              <>
                <span className="font-semibold text-ink tabular">
                  {depositsText(depositsTotal(bets), bets.length)}
                </span>
                <span className="block text-xs text-ink-faint">
                  Each bet holds a small deposit for its account; it comes back once the round is over.
                </span>
              </>
            )}
            {olderUnread && (
              <span className="block text-xs text-ink-faint">Load older bets below to find theirs too.</span>
            )}
          </p>
          <Button
            variant="secondary"
            size="sm"
            pending={reclaim.pending}
            disabled={reclaim.reclaim === null}
            title={reclaim.reclaim === null ? 'Your wallet cannot sign transactions' : undefined}
            onClick={() => {
              void reclaim.reclaim?.();
            }}
          >
            {buttonText(reclaim.progress, depositsTotal(bets))}
          </Button>
        </>
      )}
      {outcome !== null && (
        <p
          role="status"
          className={`basis-full text-xs ${outcome.error === null ? 'text-win' : 'text-loss'}`}
        >
          {reclaimOutcomeText(outcome)}
        </p>
      )}
    </div>
  );
}
