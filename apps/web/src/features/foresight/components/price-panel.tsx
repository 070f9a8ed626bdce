import type { UpDownEvent } from '@arcade/sdk/foresight/views';
import type { Address } from '@solana/kit';
import { Component, lazy, Suspense, type ReactNode } from 'react';

import { errorText } from '../../../lib/error-text.ts';
import { usePriceHistory, type OraclePrice } from '../api/get-price.ts';
import { formatSecondsTime } from '../utils/explorer.ts';
import { formatPrice, priceChange } from '../utils/round-view.ts';

const PriceChart = lazy(() => import('./price-chart.tsx'));

/** A chart that failed to download leaves the price readable. */
class ChartBoundary extends Component<{ readonly children: ReactNode }, { readonly failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render(): ReactNode {
    if (this.state.failed) {
      return (
        <p className="grid h-full place-items-center text-sm text-ink-faint">
          The chart could not be loaded. Prices and rounds still update.
        </p>
      );
    }
    return this.props.children;
  }
}

const TONE = { up: 'text-win', down: 'text-loss', flat: 'text-ink-dim' } as const;

/** Props of {@link PricePanel}. */
export interface PricePanelProps {
  readonly symbol: string;
  readonly priceAccount: Address;
  readonly price: OraclePrice | undefined;
  readonly priceError: unknown;
  /** The round waiting for its draw: its lock price is what the price is compared with. */
  readonly locked: UpDownEvent | null;
  readonly nowMs: number;
  /** Seconds of history the chart shows at first. */
  readonly windowSecs: number;
}

/**
 * The oracle's live price (the subscription at `confirmed`), how far it is from the locked round's lock
 * price, when it was published, and the chart.
 */
export function PricePanel({
  symbol,
  priceAccount,
  price,
  priceError,
  locked,
  nowMs,
  windowSecs,
}: PricePanelProps) {
  const points = usePriceHistory(priceAccount);
  const lockPrice = locked?.lockPrice ?? null;
  const change = price === undefined ? null : priceChange(price.price, lockPrice);
  const ageSecs =
    price === undefined ? null : Math.max(0, Math.round(nowMs / 1000 - Number(price.publishTime)));

  return (
    <section aria-label={`${symbol} price`} className="card flex flex-col gap-3 p-4 sm:p-5">
      <div className="flex flex-wrap items-end justify-between gap-x-6 gap-y-2">
        <div>
          <p className="text-[11px] font-bold tracking-[0.25em] text-ink-faint uppercase">
            {symbol} / USD · Oracle price
          </p>
          {price === undefined ? (
            priceError !== null && priceError !== undefined ? (
              <p role="alert" className="mt-1 text-sm text-loss">
                The price could not be read: {errorText(priceError)}
              </p>
            ) : (
              <div
                className="mt-1 h-10 w-48 animate-pulse rounded-lg bg-panel-2"
                aria-label="Loading the price"
              />
            )
          ) : (
            <p
              className="mt-0.5 font-display text-3xl font-black text-ink tabular sm:text-4xl"
              data-testid="oracle-price"
            >
              {formatPrice(price.price)}
            </p>
          )}
        </div>
        {price !== undefined && (
          <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm">
            {locked !== null && lockPrice !== null && (
              <div>
                <dt className="text-[11px] text-ink-faint">vs lock #{locked.id}</dt>
                <dd
                  className={`font-display font-bold tabular ${change === null ? '' : TONE[change.direction]}`}
                >
                  {change === null ? '—' : change.text}
                </dd>
              </div>
            )}
            <div>
              <dt className="text-[11px] text-ink-faint">Confidence</dt>
              <dd className="font-semibold text-ink-dim tabular">±{formatPrice(price.conf)}</dd>
            </div>
            <div>
              <dt className="text-[11px] text-ink-faint">Published</dt>
              <dd className="font-semibold text-ink-dim tabular" title={formatSecondsTime(price.publishTime)}>
                {ageSecs === null ? '—' : ageSecs <= 1 ? 'just now' : `${ageSecs}s ago`}
              </dd>
            </div>
          </dl>
        )}
      </div>
      <div className="h-48 sm:h-60 xl:h-72">
        <ChartBoundary>
          <Suspense
            fallback={
              <div
                className="size-full animate-pulse rounded-xl bg-panel-2/60"
                aria-label="Loading the chart"
              />
            }
          >
            <PriceChart
              windowSecs={windowSecs}
              points={points}
              lock={locked !== null && lockPrice !== null ? { id: locked.id, price: lockPrice } : null}
            />
          </Suspense>
        </ChartBoundary>
      </div>
    </section>
  );
}
