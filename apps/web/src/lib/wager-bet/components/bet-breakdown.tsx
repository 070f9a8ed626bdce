import type { ReactNode } from 'react';

/** One line of a {@link BetBreakdown}. */
export interface BreakdownRow {
  readonly label: ReactNode;
  readonly value: ReactNode;
  /** A smaller note under the value. */
  readonly note?: ReactNode;
  /** The line that matters most (the prize): larger and in the accent colour. */
  readonly emphasis?: boolean;
}

/** What a bet costs and pays, as label/value rows (a description list, so screen readers pair them). */
export function BetBreakdown({
  rows,
  className = '',
}: {
  readonly rows: readonly BreakdownRow[];
  readonly className?: string;
}) {
  return (
    <dl className={`divide-y divide-edge/70 rounded-xl border border-edge bg-panel-2/60 ${className}`}>
      {rows.map((row, index) => (
        <div key={index} className="flex items-baseline justify-between gap-4 px-4 py-2.5">
          <dt className="text-sm text-ink-dim">{row.label}</dt>
          <dd className="min-w-0 text-right">
            <span
              className={`tabular block font-display font-bold ${row.emphasis === true ? 'text-lg text-accent' : 'text-sm text-ink'}`}
            >
              {row.value}
            </span>
            {row.note !== undefined && (
              <span className="tabular block text-xs text-ink-faint">{row.note}</span>
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}
