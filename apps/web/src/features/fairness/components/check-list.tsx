import type { Check, CheckStatus, CheckValue } from '../utils/verify.ts';

const STATUS_TEXT: Readonly<Record<CheckStatus, string>> = {
  pass: 'Passed',
  fail: 'Failed',
  waiting: 'Not yet',
};

const STATUS_STYLE: Readonly<Record<CheckStatus, string>> = {
  pass: 'border-win/40 bg-win/15 text-win',
  fail: 'border-loss/50 bg-loss/15 text-loss',
  waiting: 'border-edge bg-white/5 text-ink-faint',
};

/** ✓, ✗ or …, with its meaning for screen readers. */
export function StatusMark({
  status,
  className = 'size-7',
}: {
  readonly status: CheckStatus;
  readonly className?: string;
}) {
  return (
    <span
      role="img"
      aria-label={STATUS_TEXT[status]}
      className={`grid shrink-0 place-items-center rounded-full border text-sm font-bold ${STATUS_STYLE[status]} ${className}`}
    >
      <span aria-hidden="true">{status === 'pass' ? '✓' : status === 'fail' ? '✗' : '…'}</span>
    </span>
  );
}

function ValueRow({ value }: { readonly value: CheckValue }) {
  return (
    <div className="grid gap-0.5 py-1.5 sm:grid-cols-[14rem_1fr] sm:gap-3">
      <dt className="flex items-center gap-1.5 text-xs text-ink-faint">
        {value.ok !== undefined && (
          <span aria-hidden="true" className={value.ok ? 'text-win' : 'text-loss'}>
            {value.ok ? '✓' : '✗'}
          </span>
        )}
        {value.label}
        {value.ok !== undefined && (
          <span className="sr-only">{value.ok ? ' (matches)' : ' (does not match)'}</span>
        )}
      </dt>
      <dd
        className={`font-mono text-xs break-all ${value.ok === false ? 'text-loss' : 'text-ink'}`}
        translate="no"
      >
        {value.value}
      </dd>
    </div>
  );
}

/** The four steps, each with its mark, what it checks and the values compared. */
export function CheckList({ checks }: { readonly checks: readonly Check[] }) {
  return (
    <ol className="flex flex-col gap-3" aria-label="Verification steps">
      {checks.map((check, index) => (
        <li
          key={check.id}
          className="rounded-xl border border-edge bg-panel-2/60 p-3 sm:p-4"
          aria-label={check.title}
        >
          <div className="flex items-start gap-3">
            <StatusMark status={check.status} />
            <div className="min-w-0 flex-1">
              <h3 className="font-semibold text-ink">
                <span className="mr-1.5 text-ink-faint tabular">{index + 1}.</span>
                {check.title}
              </h3>
              <p className="mt-0.5 text-sm text-ink-dim">{check.summary}</p>
            </div>
          </div>
          {check.values.length > 0 && (
            <dl className="mt-2 divide-y divide-edge/60 border-t border-edge/60 sm:ml-10">
              {check.values.map((value) => (
                <ValueRow key={value.label} value={value} />
              ))}
            </dl>
          )}
        </li>
      ))}
    </ol>
  );
}
