import type { MarketResultLabel } from '@arcade/sdk/api/prophecy';
import { useState, type SyntheticEvent } from 'react';

import { Button } from '../../../components/ui/button.tsx';
import { formatDateTime, formatLamports } from '../../../lib/format.ts';
import { errorText } from '../../../lib/error-text.ts';
import { useResolveMarket } from '../api/resolve-market.ts';
import type { MarketItem } from '../api/types.ts';
import { useUpdateMarket } from '../api/update-market.ts';
import { fromDateTimeLocal, timeErrors, toDateTimeLocal } from '../../../lib/prophecy/market-proposal.ts';
import { ConfirmBar, CopyAddress, MarketTimeFields, Pill } from '../../../components/ui/admin-ui.tsx';

/** Where a market stands for the operator. */
export type MarketPhase = 'open' | 'to-resolve' | 'resolved';

/** Open until the cutoff, then waiting for a result, then resolved. */
export function marketPhase(market: MarketItem, nowMs: number): MarketPhase {
  if (market.result !== null) return 'resolved';
  return market.cutOffTime * 1000 > nowMs ? 'open' : 'to-resolve';
}

function optionLabel(market: MarketItem, result: MarketResultLabel): string {
  const m = market.marketMetadata;
  return result === 'yes' ? m.yesOption : result === 'no' ? m.noOption : m.invalidOption;
}

/** One market: its pools and counts, and the update-times and resolve actions. */
export function MarketCard({ market, now }: { readonly market: MarketItem; readonly now: number }) {
  const [mode, setMode] = useState<'idle' | 'update' | MarketResultLabel>('idle');
  const resolve = useResolveMarket();
  const phase = marketPhase(market, now);
  const m = market.marketMetadata;

  return (
    <article className="rounded-xl border border-edge bg-base/50 p-3 transition hover:border-edge/80 sm:p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <div className="mb-1 flex flex-wrap items-center gap-2">
            <Pill tone="dim">{m.category}</Pill>
            {phase === 'open' && <Pill tone="win">Open</Pill>}
            {phase === 'to-resolve' && <Pill tone="juice">Awaiting result</Pill>}
            {phase === 'resolved' && market.result !== null && (
              <Pill tone="info">Resolved: {optionLabel(market, market.result)}</Pill>
            )}
          </div>
          <h4 className="font-display text-sm font-semibold text-ink">{m.shortName}</h4>
          <p className="text-xs text-ink-dim">{m.name}</p>
        </div>
        <CopyAddress address={market.key} label="market address" />
      </div>

      <dl className="mt-3 grid grid-cols-2 gap-2 text-xs sm:grid-cols-4">
        <PoolStat label={m.yesOption} pool={market.yesPool} count={market.yesCount} tone="text-win" />
        <PoolStat label={m.noOption} pool={market.noPool} count={market.noCount} tone="text-loss" />
        <PoolStat label="Total" pool={market.totalPool} count={market.totalCount} tone="text-accent" />
        <div className="rounded-lg bg-white/3 px-2.5 py-2">
          <dt className="text-ink-faint">Cutoff / end</dt>
          <dd className="mt-0.5 text-ink tabular">{formatDateTime(market.cutOffTime * 1000)}</dd>
          <dd className="text-ink-dim tabular">{formatDateTime(market.endTime * 1000)}</dd>
        </div>
      </dl>

      {phase !== 'resolved' && (
        <div className="mt-3">
          {mode === 'idle' && (
            <div className="flex flex-wrap gap-2">
              <Button
                variant="secondary"
                size="sm"
                onClick={() => {
                  setMode('update');
                }}
              >
                Update times
              </Button>
              {phase === 'to-resolve' &&
                (['yes', 'no', 'invalid'] as const).map((result) => (
                  <Button
                    key={result}
                    size="sm"
                    variant={result === 'yes' ? 'up' : result === 'no' ? 'down' : 'secondary'}
                    onClick={() => {
                      resolve.reset();
                      setMode(result);
                    }}
                  >
                    Resolve {optionLabel(market, result)}
                  </Button>
                ))}
              {phase === 'open' && (
                <span className="self-center text-xs text-ink-faint">Resolvable after the cutoff.</span>
              )}
            </div>
          )}
          {mode === 'update' && (
            <UpdateTimesForm
              market={market}
              onDone={() => {
                setMode('idle');
              }}
            />
          )}
          {(mode === 'yes' || mode === 'no' || mode === 'invalid') && (
            <ConfirmBar
              message={
                <>
                  Resolve <strong>{m.shortName}</strong> as <strong>{optionLabel(market, mode)}</strong>?{' '}
                  {mode === 'invalid'
                    ? `All ${market.totalCount} predictions are refunded.`
                    : (mode === 'yes' ? market.yesCount : market.noCount) === 0
                      ? 'Nobody predicted it, so the program records Invalid and refunds everyone.'
                      : `${mode === 'yes' ? market.yesCount : market.noCount} winning predictions share the ${formatLamports(BigInt(market.totalPool))} SOL pool.`}{' '}
                  This cannot be undone.
                </>
              }
              confirmLabel={`Resolve ${optionLabel(market, mode)}`}
              tone={mode === 'invalid' ? 'primary' : 'danger'}
              pending={resolve.isPending}
              onCancel={() => {
                setMode('idle');
              }}
              onConfirm={() => {
                resolve.mutate(
                  { market: market.key, result: mode, label: optionLabel(market, mode) },
                  {
                    onSuccess: () => {
                      setMode('idle');
                    },
                  },
                );
              }}
            />
          )}
          {resolve.isError && mode !== 'update' && (
            <p role="alert" className="mt-2 text-xs text-loss">
              {errorText(resolve.error)}
            </p>
          )}
        </div>
      )}
    </article>
  );
}

function PoolStat({
  label,
  pool,
  count,
  tone,
}: {
  readonly label: string;
  readonly pool: string;
  readonly count: number;
  readonly tone: string;
}) {
  return (
    <div className="min-w-0 rounded-lg bg-white/3 px-2.5 py-2">
      <dt className="truncate text-ink-faint">{label}</dt>
      <dd className={`mt-0.5 font-display text-sm font-bold tabular ${tone}`}>
        {formatLamports(BigInt(pool))} <span className="text-[10px] font-medium text-ink-dim">SOL</span>
      </dd>
      <dd className="text-ink-dim tabular">
        {count} {count === 1 ? 'prediction' : 'predictions'}
      </dd>
    </div>
  );
}

function UpdateTimesForm({ market, onDone }: { readonly market: MarketItem; readonly onDone: () => void }) {
  const [end, setEnd] = useState(() => toDateTimeLocal(market.endTime));
  const [cutoff, setCutoff] = useState(() => toDateTimeLocal(market.cutOffTime));
  const [errors, setErrors] = useState<{ endTime?: string; cutoffTime?: string }>({});
  const update = useUpdateMarket();

  function submit(event: SyntheticEvent): void {
    event.preventDefault();
    const found = timeErrors(cutoff, end, Date.now());
    setErrors(found);
    if (found.endTime !== undefined || found.cutoffTime !== undefined) return;
    update.mutate(
      {
        market: market.key,
        endTime: fromDateTimeLocal(end) ?? 0,
        cutoffTime: fromDateTimeLocal(cutoff) ?? 0,
      },
      { onSuccess: onDone },
    );
  }

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label={`Update times of ${market.marketMetadata.shortName}`}
      className="grid gap-3 rounded-xl border border-edge bg-panel/60 p-3 animate-fade-in sm:grid-cols-[1fr_1fr_auto] sm:items-start"
    >
      <MarketTimeFields
        cutoff={cutoff}
        end={end}
        errors={errors}
        onCutoffChange={setCutoff}
        onEndChange={setEnd}
      />
      <div className="flex gap-2 sm:mt-6">
        <Button variant="ghost" size="sm" onClick={onDone} disabled={update.isPending}>
          Cancel
        </Button>
        <Button type="submit" size="sm" pending={update.isPending}>
          Save times
        </Button>
      </div>
      {update.isError && (
        <p role="alert" className="text-xs text-loss sm:col-span-3">
          {errorText(update.error)}
        </p>
      )}
    </form>
  );
}
