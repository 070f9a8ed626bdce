import { useId } from 'react';

import { formatDateTime, formatPercent, formatSol, shortAddress } from '../../../lib/format.ts';
import type { MarketBet } from '../api/get-market-bets.ts';
import type { Market } from '../api/get-markets.ts';
import type { Prediction } from '../api/get-prediction.ts';
import { resultOption, type MarketPhase } from '../utils/market-phase.ts';
import { estimatePayout, shareOf } from '../utils/position.ts';

/**
 * "Your position": the wallet's side and stake, its share of that side's pool, what it would be paid if
 * the side won at today's pools (until the market resolves), and each of its bets on the market.
 */
export function PositionCard({
  market,
  phase,
  prediction,
  bets,
}: {
  readonly market: Pick<Market, 'yesPool' | 'noPool' | 'marketMetadata'>;
  readonly phase: MarketPhase;
  readonly prediction: Prediction | null | undefined;
  readonly bets: readonly MarketBet[];
}) {
  const titleId = useId();
  if (prediction === null || prediction === undefined || prediction.side === 'invalid') return null;
  const side = prediction.side;
  const pool = side === 'yes' ? market.yesPool : market.noPool;
  const meta = market.marketMetadata;
  const facts = [
    { label: 'Side', value: resultOption(meta, side), tone: side === 'yes' ? 'text-win' : 'text-loss' },
    { label: 'Staked', value: formatSol(prediction.amount), tone: 'text-ink' },
    { label: 'Share of side', value: formatPercent(shareOf(prediction.amount, pool), 1), tone: 'text-ink' },
    ...(phase === 'resolved'
      ? []
      : [
          {
            label: 'If it wins',
            value: formatSol(estimatePayout(market, side, prediction.amount, 0n)),
            tone: 'text-win',
          },
        ]),
  ];
  return (
    <section aria-labelledby={titleId} className="@container card p-5">
      <h2 id={titleId} className="font-display text-[1rem] font-bold text-ink">
        Your position
      </h2>
      <dl className="mt-3 grid grid-cols-2 gap-2 @lg:grid-cols-4">
        {facts.map((fact) => (
          <div key={fact.label} className="min-w-0 rounded-xl border border-edge bg-void/50 px-3 py-2">
            <dt className="text-[10px] font-bold tracking-widest text-ink-faint uppercase">{fact.label}</dt>
            <dd className={`mt-0.5 truncate font-display text-sm font-bold tabular ${fact.tone}`}>
              {fact.value}
            </dd>
          </div>
        ))}
      </dl>
      {bets.length > 0 && (
        <ol className="mt-4 divide-y divide-edge/60 text-xs" aria-label="Your bets on this market">
          {bets.map((bet, index) => (
            <li key={bet.id} className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5 py-2">
              <span className="text-ink-dim">
                {index === bets.length - 1 ? 'Predicted' : 'Added'}{' '}
                <strong className="text-ink tabular">{formatSol(bet.amount)}</strong>
              </span>
              <span className="flex items-baseline gap-3 text-ink-faint">
                <time dateTime={new Date(bet.timestamp * 1000).toISOString()}>
                  {formatDateTime(bet.timestamp * 1000)}
                </time>
                <span className="font-mono" title={bet.signature}>
                  {shortAddress(bet.signature, 5)}
                </span>
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
