import { payoutMultiplier, poolPercentages } from '@arcade/sdk/payout';
import { Link } from 'react-router';

import { ImageWithFallback } from '../../components/ui/image-with-fallback.tsx';
import { formatDateTime, formatPercent, formatSol } from '../../lib/format.ts';
import type { Market } from './data/get-markets.ts';
import { cdnImage } from './data/preload-image.ts';

/** Where a market stands, from its times and result. */
export function marketStatus(market: Market, nowSecs: number): { label: string; tone: string } {
  if (market.result !== null) {
    const option =
      market.result === 'yes'
        ? market.marketMetadata.yesOption
        : market.result === 'no'
          ? market.marketMetadata.noOption
          : market.marketMetadata.invalidOption;
    return { label: `Resolved: ${option}`, tone: 'bg-info/15 text-info' };
  }
  if (nowSecs < market.cutOffTime) return { label: 'Open', tone: 'bg-win/15 text-win' };
  return { label: 'Awaiting result', tone: 'bg-juice/15 text-juice' };
}

/** The two sides of a market with their share of the pot and the display multiplier (spec §9). */
export function MarketSides({ market }: { readonly market: Market }) {
  const [yesPct, noPct] = poolPercentages(market.yesPool, market.noPool);
  const sides = [
    {
      key: 'yes',
      option: market.marketMetadata.yesOption,
      pct: yesPct,
      multiplier: payoutMultiplier(market.yesPool, market.noPool),
      pool: market.yesPool,
      count: market.yesCount,
      tone: 'text-win',
    },
    {
      key: 'no',
      option: market.marketMetadata.noOption,
      pct: noPct,
      multiplier: payoutMultiplier(market.noPool, market.yesPool),
      pool: market.noPool,
      count: market.noCount,
      tone: 'text-loss',
    },
  ] as const;
  return (
    <div className="flex flex-col gap-2">
      <div className="flex h-2 overflow-hidden rounded-full bg-void" aria-hidden="true">
        <div className="bg-win shadow-[0_0_10px_var(--color-win)]" style={{ width: `${yesPct}%` }} />
        <div className="bg-loss" style={{ width: `${noPct}%` }} />
      </div>
      <dl className="grid grid-cols-2 gap-2">
        {sides.map((side) => (
          <div key={side.key} className="rounded-xl border border-edge bg-void/50 px-3 py-2">
            <dt className="flex items-baseline justify-between gap-2">
              <span className={`truncate text-xs font-bold ${side.tone}`}>{side.option}</span>
              <span className="text-xs text-ink-dim tabular">{formatPercent(side.pct, 0)}</span>
            </dt>
            <dd className="mt-1 flex items-baseline justify-between gap-2">
              <span className="font-display text-lg font-bold text-ink tabular">
                {side.multiplier === 0 ? '—' : `×${side.multiplier.toFixed(2)}`}
              </span>
              <span className="text-[11px] text-ink-faint tabular">
                {formatSol(side.pool)} · {side.count}
              </span>
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

/** A market in the list: image, name, sides, pot and closing time, linking to its page. */
export function MarketCard({ market, nowSecs }: { readonly market: Market; readonly nowSecs: number }) {
  const status = marketStatus(market, nowSecs);
  const { image, category, name } = market.marketMetadata;
  return (
    <Link
      to={`/prophecy/${market.key}`}
      className="group card flex h-full flex-col gap-4 p-4 transition hover:-translate-y-0.5 hover:border-[#9945ff]/60 hover:shadow-[0_20px_50px_-24px_#9945ff]"
    >
      <div className="flex items-start gap-3">
        <ImageWithFallback
          src={image === null ? undefined : cdnImage(image, 96)}
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
      <MarketSides market={market} />
      <div className="mt-auto flex items-center justify-between gap-2 border-t border-edge/70 pt-3 text-xs">
        <span className="text-ink-dim">
          Pot <span className="font-display font-bold text-ink tabular">{formatSol(market.totalPool)}</span>
        </span>
        <span className="text-ink-faint">
          {nowSecs < market.cutOffTime ? 'Closes' : 'Closed'} {formatDateTime(market.cutOffTime * 1000)}
        </span>
      </div>
    </Link>
  );
}
