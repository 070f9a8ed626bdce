import type { Address } from '@solana/kit';
import { useMemo } from 'react';

import { foresightPayout } from '@arcade/sdk/payout';

import { Button } from '../../../components/ui/button.tsx';
import { formatDateTime, formatSol } from '../../../lib/format.ts';
import { errorText } from '../../../lib/error-text.ts';
import { useNow } from '../../../lib/use-now.ts';
import { LoadMoreButton, RetryButton } from '../../../components/history-list-controls.tsx';
import type { ClaimKind } from '../api/bet-instructions.ts';
import { usePredictionHistory, type HistoryPrediction } from '../api/get-prediction-history.ts';
import type { ClaimRequest } from '../hooks/use-bet-actions.ts';
import { isRoundExpired } from '../utils/round-view.ts';
import { ReclaimDeposits } from './reclaim-deposits.tsx';

/** What collecting a history row does, when it can be collected now. */
export interface HistoryAction {
  readonly kind: ClaimKind;
  /** What it pays, lamports: the payout of a win, the stake of a refund. */
  readonly amount: bigint;
}

/** The outcome column of a history row: its text and, for a bet still owed, the action that pays it. */
export interface HistoryOutcome {
  readonly text: string;
  readonly tone: string;
  readonly action: HistoryAction | null;
}

/** The payout of a won bet from its round's pools (the program's formula), or null when it cannot pay. */
function wonAmount(item: HistoryPrediction): bigint | null {
  const round = item.round;
  const side = item.prediction.toLowerCase();
  if (round === null || (side !== 'up' && side !== 'down')) return null;
  try {
    return foresightPayout(item.amount, round.upPool, round.downPool, side);
  } catch {
    return null;
  }
}

/**
 * The outcome column of a history row at `nowMs`. `collected` is how the player collected this bet from
 * this page a moment ago (the server's index can lag the chain by a few seconds), or undefined.
 *
 * - an Invalid round, or one not settled in time (`isRoundExpired`), owes the stake back: **Withdraw**,
 *   then "Withdrawn 0.1 SOL";
 * - a won bet owes its payout: **Collect**, then "Won 0.19 SOL";
 * - a lost bet reads "Lost 0.1 SOL", a running round "In play".
 */
export function historyOutcome(
  item: HistoryPrediction,
  nowMs: number = Date.now(),
  collected?: ClaimKind,
): HistoryOutcome {
  const round = item.round;
  const expired =
    round !== null &&
    !round.isSettled &&
    round.lockTime > 0 &&
    // The history has no start time: a round with a lock time went live (a pre-created one has none).
    isRoundExpired(
      { isSettled: false, startTime: BigInt(round.lockTime), settleTime: BigInt(round.settleTime) },
      nowMs,
    );
  if (round?.result === 'Invalid' || expired) {
    return item.isSettled || collected === 'withdraw'
      ? { text: `Withdrawn ${formatSol(item.amount)}`, tone: 'text-ink-dim', action: null }
      : {
          text: expired ? 'Not settled in time: refund' : 'Invalid round: refund',
          tone: 'text-ink-dim',
          action: { kind: 'withdraw', amount: item.amount },
        };
  }
  if (item.won === null) return { text: 'In play', tone: 'text-ink-dim', action: null };
  if (!item.won) return { text: `Lost ${formatSol(item.amount)}`, tone: 'text-loss', action: null };
  const payout = item.isSettled && item.winAmount > 0n ? item.winAmount : (wonAmount(item) ?? item.winAmount);
  if (item.isSettled || collected === 'settle') {
    return { text: `Won ${formatSol(payout)}`, tone: 'text-win', action: null };
  }
  return { text: 'Won', tone: 'text-win', action: { kind: 'settle', amount: payout } };
}

/** The button text of a history action: "Collect 0.19 SOL", "Withdraw 0.1 SOL". */
export function historyActionText(action: HistoryAction): string {
  return `${action.kind === 'settle' ? 'Collect' : 'Withdraw'} ${formatSol(action.amount)}`;
}

/** How the history's rows collect a bet (the page's Foresight actions). */
export interface HistoryCollect {
  /** The rounds' config. */
  readonly config: Address;
  /** Whether the wallet can send now (and no other collect is on its way). */
  readonly canSend: boolean;
  /** The round whose bet is being collected, or null. */
  readonly pendingRound: Address | null;
  /** How each round's bet was collected from this page (round address → kind). */
  readonly collected: ReadonlyMap<string, ClaimKind>;
  readonly onCollect: (request: ClaimRequest) => void;
}

/**
 * The player's Foresight bets, newest first, from the server's history (`POST /api/user/predictions`): a
 * win still owed has **Collect**, a refund still owed **Withdraw** (each pays and closes the bet's
 * account), and the account deposits of the other finished bets can be got back in one go.
 */
export function PredictionHistory({
  address,
  onConnect,
  collect,
}: {
  readonly address: Address | null;
  readonly onConnect: () => void;
  /** How rows collect; without it (no rounds yet) owed bets show no button. */
  readonly collect?: HistoryCollect | null;
}) {
  const history = usePredictionHistory(address);
  const now = useNow(10_000);
  const pages = history.data?.pages;
  const items = useMemo(() => pages?.flatMap((page) => page.items) ?? [], [pages]);
  const rounds = useMemo(() => [...new Set(items.map((item) => item.event as Address))], [items]);

  let body;
  if (address === null) {
    body = (
      <div className="flex flex-col items-start gap-3 py-2">
        <p className="text-sm text-ink-dim">Connect a wallet to see your Foresight bets.</p>
        <Button variant="secondary" size="sm" onClick={onConnect}>
          Connect wallet
        </Button>
      </div>
    );
  } else if (history.isPending) {
    body = (
      <div className="grid gap-2" aria-busy="true" aria-label="Loading your bets">
        {[0, 1, 2].map((i) => (
          <div key={i} className="h-10 animate-pulse rounded-lg bg-panel-2" />
        ))}
      </div>
    );
  } else if (history.isError && items.length === 0) {
    body = (
      <div role="alert" className="flex flex-wrap items-center gap-3 text-sm">
        <span className="text-loss">Your bets could not be loaded: {errorText(history.error)}</span>
        <RetryButton query={history} />
      </div>
    );
  } else if (items.length === 0) {
    body = (
      <p className="py-2 text-sm text-ink-dim">No Foresight bets yet. Pick Up or Down on the live round.</p>
    );
  } else {
    body = (
      <>
        <div className="overflow-x-auto">
          <table className="w-full min-w-[480px] text-left text-sm">
            <thead className="text-[11px] tracking-wider text-ink-faint uppercase">
              <tr>
                <th scope="col" className="py-2 pr-3 font-semibold">
                  Round
                </th>
                <th scope="col" className="py-2 pr-3 font-semibold">
                  Side
                </th>
                <th scope="col" className="py-2 pr-3 text-right font-semibold">
                  Amount
                </th>
                <th scope="col" className="py-2 pr-3 font-semibold">
                  Result
                </th>
                <th scope="col" className="py-2 font-semibold">
                  Placed
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((item) => {
                const outcome = historyOutcome(item, now, collect?.collected.get(item.event));
                const action = outcome.action;
                const up = item.prediction.toLowerCase() === 'up';
                return (
                  <tr key={item.id} className="border-t border-edge/60">
                    <td className="py-2 pr-3 font-display font-bold text-ink-dim">
                      #{item.round?.id ?? '—'}
                    </td>
                    <td className={`py-2 pr-3 font-bold ${up ? 'text-win' : 'text-loss'}`}>
                      <span aria-hidden="true">{up ? '▲' : '▼'}</span> {up ? 'Up' : 'Down'}
                    </td>
                    <td className="py-2 pr-3 text-right tabular">{formatSol(item.amount)}</td>
                    <td className={`py-2 pr-3 font-semibold ${outcome.tone}`}>
                      {action === null || collect == null ? (
                        outcome.text
                      ) : (
                        <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
                          <span>{outcome.text}</span>
                          <Button
                            variant={action.kind === 'settle' ? 'up' : 'secondary'}
                            size="sm"
                            className="h-7 px-2.5 text-xs"
                            pending={collect.pendingRound === item.event}
                            disabled={!collect.canSend}
                            onClick={() => {
                              collect.onCollect({
                                kind: action.kind,
                                config: collect.config,
                                round: item.event as Address,
                                roundId: item.round?.id ?? 0,
                                amount: item.amount,
                              });
                            }}
                          >
                            {historyActionText(action)}
                          </Button>
                        </span>
                      )}
                    </td>
                    <td className="py-2 text-ink-faint tabular">{formatDateTime(item.timestamp * 1000)}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
        <LoadMoreButton query={history} variant="ghost" size="sm" className="self-center" />
      </>
    );
  }

  return (
    <section aria-labelledby="foresight-history" className="card flex flex-col gap-3 p-4 sm:p-5">
      <h2 id="foresight-history" className="font-display text-lg font-bold">
        Your predictions
      </h2>
      {address !== null && rounds.length > 0 && (
        <ReclaimDeposits user={address} rounds={rounds} olderUnread={history.hasNextPage} />
      )}
      {body}
    </section>
  );
}
