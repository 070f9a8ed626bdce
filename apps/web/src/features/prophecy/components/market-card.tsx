import { payoutMultiplier, poolPercentages } from '@arcade/sdk/payout';
import { Link } from 'react-router';

import { ImageWithFallback } from '../../../components/ui/image-with-fallback.tsx';
import { formatCountdown, formatDateTime, formatPercent, formatSol } from '../../../lib/format.ts';
import type { Market } from '../api/get-markets.ts';
import type { MarketResultLabel } from '@arcade/sdk/api/prophecy';
import { useNow } from '../../../lib/use-now.ts';
import { marketImage } from '../utils/market-image.ts';
import { marketStatus } from '../utils/market-phase.ts';

/** A multiplier as shown on a side: `×1.50`, or a dash when the spec's rule gives 0 (nothing to win). */
export function multiplierText(multiplier: number): string {
  return multiplier === 0 ? '—' : `×${multiplier.toFixed(2)}`;
}

/** One side of a market as {@link MarketSides} shows it. */
export interface SideView {
  readonly key: 'yes' | 'no';
  readonly option: string;
  /** Share of the pot, 0–100 (50 each when the pot is empty). */
  readonly pct: number;
  /** Display multiplier (0 when there is nothing to win). */
  readonly multiplier: number;
  readonly pool: bigint;
  readonly count: number;
}

/** The two sides of a market with their share of the pot and display multiplier (SDK maths). */
export function marketSides(
  market: Pick<Market, 'yesPool' | 'noPool' | 'yesCount' | 'noCount' | 'marketMetadata'>,
): readonly [SideView, SideView] {
  const [yesPct, noPct] = poolPercentages(market.yesPool, market.noPool);
  return [
    {
      key: 'yes',
      option: market.marketMetadata.yesOption,
      pct: yesPct,
      multiplier: payoutMultiplier(market.yesPool, market.noPool),
      pool: market.yesPool,
      count: market.yesCount,
    },
    {
      key: 'no',
      option: market.marketMetadata.noOption,
      pct: noPct,
      multiplier: payoutMultiplier(market.noPool, market.yesPool),
      pool: market.noPool,
      count: market.noCount,
    },
  ];
}

const TONE = { yes: 'text-win', no: 'text-loss' } as const;

/**
 * The pools of a market: a bar of the two shares, and per side its share, multiplier, pool and number of
 * predictions. On a resolved market the winning side is marked; `mine` marks the player's side.
 */
export function MarketSides({
  market,
  winner = null,
  mine = null,
  size = 'md',
}: {
  readonly market: Pick<Market, 'yesPool' | 'noPool' | 'yesCount' | 'noCount' | 'marketMetadata'>;
  readonly winner?: MarketResultLabel | null;
  readonly mine?: MarketResultLabel | null;
  readonly size?: 'md' | 'lg';
}) {
  const sides = marketSides(market);
  const [yes, no] = sides;
  return (
    <div className="flex flex-col gap-2">
      <div
        className="flex h-2 overflow-hidden rounded-full bg-void"
        role="img"
        aria-label={`${yes.option} ${formatPercent(yes.pct, 0)}, ${no.option} ${formatPercent(no.pct, 0)}`}
      >
        <div
          className="bg-win shadow-[0_0_10px_var(--color-win)] transition-[width] duration-500"
          style={{ width: `${yes.pct}%` }}
        />
        <div className="bg-loss transition-[width] duration-500" style={{ width: `${no.pct}%` }} />
      </div>
      <dl className="grid grid-cols-2 gap-2">
        {sides.map((side) => {
          const won = winner === side.key;
          const lost = winner !== null && !won;
          return (
            <div
              key={side.key}
              data-testid={`side-${side.key}`}
              className={`min-w-0 rounded-xl border bg-void/50 px-3 py-2 transition ${won ? 'border-win/60 shadow-[0_0_24px_-8px_var(--color-win)]' : 'border-edge'} ${lost ? 'opacity-60' : ''}`}
            >
              <dt className="flex items-baseline justify-between gap-2">
                <span className={`truncate text-xs font-bold ${TONE[side.key]}`} title={side.option}>
                  {side.option}
                  {won && <span className="sr-only"> (winning side)</span>}
                  {mine === side.key && (
                    <span className="ml-1.5 rounded bg-white/10 px-1 py-px text-[9px] tracking-wider text-ink uppercase">
                      You
                    </span>
                  )}
                </span>
                <span className="text-xs text-ink-dim tabular">{formatPercent(side.pct, 0)}</span>
              </dt>
              <dd className="mt-1 flex flex-wrap items-baseline justify-between gap-x-2">
                <span
                  className={`font-display font-bold text-ink tabular ${size === 'lg' ? 'text-2xl' : 'text-lg'}`}
                  aria-label={`Payout multiplier ${multiplierText(side.multiplier)}`}
                >
                  {multiplierText(side.multiplier)}
                </span>
                <span className="text-[11px] text-ink-faint tabular">
                  {formatSol(side.pool)} · {side.count}
                  <span className="sr-only"> predictions</span>
                </span>
              </dd>
            </div>
          );
        })}
      </dl>
    </div>
  );
}

/** A market in the list: image, name, status, pools and multipliers, pot and cutoff, linking to its page. */
export function MarketCard({ market }: { readonly market: Market }) {
  const now = useNow(1_000);
  const nowSecs = Math.floor(now / 1000);
  const status = marketStatus(market, nowSecs);
  const { image, category, name } = market.marketMetadata;
  return (
    <Link
      to={`/prophecy/${market.key}`}
      className="group card flex h-full flex-col gap-4 p-4 transition hover:-translate-y-0.5 hover:border-[#9945ff]/60 hover:shadow-[0_20px_50px_-24px_#9945ff]"
    >
      <div className="flex items-start gap-3">
        <ImageWithFallback
          src={marketImage(image, 48)}
          alt=""
          className="size-12 shrink-0 rounded-xl border border-edge object-cover"
        />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-1.5">
            <span className="rounded-md bg-white/5 px-1.5 py-0.5 text-[10px] font-bold tracking-wider text-ink-dim uppercase">
              {category}
            </span>
            <span className={`rounded-md px-1.5 py-0.5 text-[10px] font-bold ${status.tone}`}>
              {status.label}
            </span>
          </div>
          <h3 className="mt-1.5 line-clamp-2 font-semibold text-ink group-hover:text-white">{name}</h3>
        </div>
      </div>
      <MarketSides market={market} winner={market.result} />
      <div className="mt-auto flex flex-wrap items-center justify-between gap-x-3 gap-y-1 border-t border-edge/70 pt-3 text-xs">
        <span className="text-ink-dim">
          Pot <span className="font-display font-bold text-ink tabular">{formatSol(market.totalPool)}</span>
        </span>
        {status.phase === 'open' ? (
          <span className="text-ink-dim">
            Closes in{' '}
            <span className="font-semibold text-ink tabular">
              {formatCountdown(market.cutOffTime * 1000 - now)}
            </span>
          </span>
        ) : (
          <span className="text-ink-faint">Closed {formatDateTime(market.cutOffTime * 1000)}</span>
        )}
      </div>
    </Link>
  );
}
