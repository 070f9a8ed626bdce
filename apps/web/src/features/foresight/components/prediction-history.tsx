import type { Address } from '@solana/kit';
import { useMemo } from 'react';

import { Button } from '../../../components/ui/button.tsx';
import { formatDateTime, formatSol } from '../../../lib/format.ts';
import { errorText } from '../../../lib/toast.ts';
import { LoadMoreButton, RetryButton } from '../../history/components/history-list-controls.tsx';
import { usePredictionHistory, type HistoryPrediction } from '../api/get-prediction-history.ts';
import { ReclaimDeposits } from './reclaim-deposits.tsx';

/** The outcome column of a history row. */
export function historyOutcome(item: HistoryPrediction): { readonly text: string; readonly tone: string } {
  const round = item.round;
  if (round?.result === 'Invalid') {
    return item.isSettled
      ? { text: `Refunded ${formatSol(item.winAmount)}`, tone: 'text-ink-dim' }
      : { text: 'Invalid: withdraw', tone: 'text-info' };
  }
  if (item.won === null) return { text: 'In play', tone: 'text-ink-dim' };
  if (!item.won) return { text: `Lost ${formatSol(item.amount)}`, tone: 'text-loss' };
  return item.isSettled
    ? { text: `Won ${formatSol(item.winAmount)}`, tone: 'text-win' }
    : { text: 'Won: settle to collect', tone: 'text-win' };
}

/**
 * The player's Foresight bets, newest first, from the server's history (`POST /api/user/predictions`), with
 * "Reclaim deposits" for the finished bets among them whose accounts are still open.
 */
export function PredictionHistory({
  address,
  onConnect,
}: {
  readonly address: Address | null;
  readonly onConnect: () => void;
}) {
  const history = usePredictionHistory(address);
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
                const outcome = historyOutcome(item);
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
                    <td className={`py-2 pr-3 font-semibold ${outcome.tone}`}>{outcome.text}</td>
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
