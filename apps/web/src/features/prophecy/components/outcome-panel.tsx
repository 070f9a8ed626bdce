import { useId } from 'react';

import { Button } from '../../../components/ui/button.tsx';
import { formatDateTime, formatSol } from '../../../lib/format.ts';
import type { Market } from '../api/get-markets.ts';
import type { Prediction } from '../api/get-prediction.ts';
import { resultOption } from '../utils/market-phase.ts';
import { predictionOutcome } from '../utils/position.ts';

const RESULT_TONE = { yes: 'text-win', no: 'text-loss', invalid: 'text-juice' } as const;

/** The fields the closed and resolved panels read. */
type OutcomeMarket = Pick<
  Market,
  | 'yesPool'
  | 'noPool'
  | 'result'
  | 'endTime'
  | 'cutOffTime'
  | 'settledCount'
  | 'totalCount'
  | 'marketMetadata'
>;

function ConnectPrompt({
  onConnect,
  children,
}: {
  readonly onConnect: () => void;
  readonly children: string;
}) {
  return (
    <div className="flex flex-col gap-2 rounded-xl border border-dashed border-edge px-3 py-3 text-xs text-ink-dim">
      <p>{children}</p>
      <Button variant="secondary" size="sm" onClick={onConnect}>
        Connect wallet
      </Button>
    </div>
  );
}

/** A market past its cutoff, not resolved yet: betting is closed and the result is awaited. */
export function ClosedPanel({
  market,
  wallet,
  prediction,
  onConnect,
}: {
  readonly market: OutcomeMarket;
  readonly wallet: string | null;
  readonly prediction: Prediction | null | undefined;
  readonly onConnect: () => void;
}) {
  const titleId = useId();
  const meta = market.marketMetadata;
  return (
    <section aria-labelledby={titleId} className="card flex flex-col gap-3 p-5">
      <h2 id={titleId} className="font-display text-[1rem] font-bold text-ink">
        Betting closed
      </h2>
      <p className="text-xs leading-relaxed text-ink-dim">
        Predictions closed on {formatDateTime(market.cutOffTime * 1000)}. The operators resolve the market
        once the outcome is known (the event ends {formatDateTime(market.endTime * 1000)}); winners are then
        paid automatically.
      </p>
      <div className="rounded-xl border border-juice/30 bg-juice/10 px-3 py-2.5 text-sm font-semibold text-juice">
        Awaiting result
      </div>
      {wallet === null ? (
        <ConnectPrompt onConnect={onConnect}>Connect your wallet to see your prediction.</ConnectPrompt>
      ) : prediction === null ? (
        <p className="text-xs text-ink-faint">You have no prediction on this market.</p>
      ) : prediction !== undefined && prediction.side !== 'invalid' ? (
        <p className="text-xs text-ink-dim">
          You backed{' '}
          <strong className={RESULT_TONE[prediction.side]}>{resultOption(meta, prediction.side)}</strong> with{' '}
          <strong className="text-ink tabular">{formatSol(prediction.amount)}</strong>.
        </p>
      ) : null}
    </section>
  );
}

/**
 * A resolved market: its result, and for the connected wallet what it won, lost or got back, and whether
 * that has been paid. An unpaid payout offers "Settle now" (the server's settler pays everyone shortly
 * anyway).
 */
export function ResolvedPanel({
  market,
  wallet,
  prediction,
  settling,
  onSettle,
  onConnect,
}: {
  readonly market: OutcomeMarket;
  readonly wallet: string | null;
  readonly prediction: Prediction | null | undefined;
  readonly settling: boolean;
  readonly onSettle: () => void;
  readonly onConnect: () => void;
}) {
  const titleId = useId();
  if (market.result === null) return null;
  const meta = market.marketMetadata;
  const outcome = prediction ? predictionOutcome(market, prediction) : null;
  const settledPct = market.totalCount === 0 ? 100 : (market.settledCount / market.totalCount) * 100;

  return (
    <section aria-labelledby={titleId} className="card flex flex-col gap-4 p-5">
      <div>
        <h2 id={titleId} className="text-[11px] font-bold tracking-widest text-ink-faint uppercase">
          Result
        </h2>
        <p className={`mt-1 font-display text-2xl font-black ${RESULT_TONE[market.result]}`}>
          {resultOption(meta, market.result)}
        </p>
        {market.result === 'invalid' && (
          <p className="mt-1 text-xs text-ink-dim">
            The market was void: every prediction is refunded in full.
          </p>
        )}
      </div>

      {wallet === null ? (
        <ConnectPrompt onConnect={onConnect}>Connect your wallet to see your payout.</ConnectPrompt>
      ) : prediction === undefined ? (
        <p className="text-xs text-ink-faint" role="status">
          Reading your prediction…
        </p>
      ) : prediction === null || outcome === null ? (
        <p className="text-xs text-ink-faint">You had no prediction on this market.</p>
      ) : (
        <div
          data-testid="your-outcome"
          className={`flex flex-col gap-2 rounded-xl border px-3 py-3 ${outcome.kind === 'won' ? 'border-win/40 bg-win/10' : outcome.kind === 'lost' ? 'border-loss/30 bg-loss/5' : 'border-juice/30 bg-juice/10'}`}
        >
          <p className="text-xs text-ink-dim">
            You backed{' '}
            <strong className="text-ink">
              {prediction.side === 'invalid' ? meta.invalidOption : resultOption(meta, prediction.side)}
            </strong>{' '}
            with <strong className="text-ink tabular">{formatSol(prediction.amount)}</strong>.
          </p>
          {outcome.kind === 'lost' ? (
            <p className="font-display text-lg font-bold text-loss">Your prediction lost</p>
          ) : (
            <p className="flex flex-wrap items-baseline justify-between gap-2">
              <span className="text-sm font-semibold text-ink">
                {outcome.kind === 'won' ? 'You won' : 'Refund'}
              </span>
              <span
                className={`font-display text-2xl font-black tabular ${outcome.kind === 'won' ? 'text-win' : 'text-juice'}`}
                data-testid="payout"
              >
                {formatSol(outcome.payout)}
              </span>
            </p>
          )}
          {outcome.payout > 0n &&
            (prediction.isClaimed ? (
              <p className="flex items-center gap-1.5 text-xs font-semibold text-win" role="status">
                <svg viewBox="0 0 20 20" className="size-4" aria-hidden="true">
                  <path
                    d="M4 10.5l4 4 8-9"
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="2.2"
                    strokeLinecap="round"
                  />
                </svg>
                Paid to your wallet
              </p>
            ) : (
              <div className="flex flex-col gap-2">
                <p className="text-xs text-ink-dim" role="status">
                  Payout pending: it is sent to your wallet automatically, or settle it now yourself.
                </p>
                <Button size="sm" pending={settling} onClick={onSettle}>
                  Settle now
                </Button>
              </div>
            ))}
        </div>
      )}

      <div className="flex flex-col gap-1.5 text-xs">
        <div className="flex justify-between gap-3 text-ink-faint">
          <span>Predictions settled</span>
          <span className="text-ink tabular">
            {market.settledCount} / {market.totalCount}
          </span>
        </div>
        <div
          className="h-1.5 overflow-hidden rounded-full bg-void"
          role="progressbar"
          aria-label="Predictions settled"
          aria-valuemin={0}
          aria-valuemax={market.totalCount}
          aria-valuenow={market.settledCount}
        >
          <div
            className="h-full bg-info transition-[width] duration-500"
            style={{ width: `${settledPct}%` }}
          />
        </div>
      </div>
    </section>
  );
}
