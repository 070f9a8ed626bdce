/**
 * Small building blocks of the operator console: panels, stats, copyable addresses, inline confirmations,
 * form fields and the loading / error / empty states.
 *
 * @module
 */

import {
  useId,
  useState,
  type InputHTMLAttributes,
  type ReactNode,
  type TextareaHTMLAttributes,
} from 'react';

import { Button, Spinner } from './button.tsx';
import { shortAddress } from '../../lib/format.ts';
import { errorText } from '../../lib/error-text.ts';

/** A titled glassy panel. */
export function Panel({
  title,
  actions,
  children,
  className = '',
}: {
  readonly title?: ReactNode;
  readonly actions?: ReactNode;
  readonly children: ReactNode;
  readonly className?: string;
}) {
  return (
    <section
      className={`rounded-2xl border border-edge bg-panel-2/60 p-4 shadow-[inset_0_1px_0_rgba(255,255,255,0.04)] ${className}`}
    >
      {(title !== undefined || actions !== undefined) && (
        <header className="mb-3 flex flex-wrap items-center justify-between gap-2">
          {title !== undefined && (
            <h3 className="font-display text-xs font-semibold tracking-[0.14em] text-ink-dim uppercase">
              {title}
            </h3>
          )}
          {actions}
        </header>
      )}
      {children}
    </section>
  );
}

/** A labelled number. */
export function Stat({
  label,
  value,
  unit,
  tone = 'ink',
}: {
  readonly label: string;
  readonly value: ReactNode;
  readonly unit?: string;
  readonly tone?: 'ink' | 'accent' | 'win' | 'loss' | 'juice';
}) {
  const color = {
    ink: 'text-ink',
    accent: 'text-accent',
    win: 'text-win',
    loss: 'text-loss',
    juice: 'text-juice',
  }[tone];
  return (
    <div className="min-w-0 rounded-xl border border-edge bg-base/60 px-3 py-2.5">
      <dt className="text-[11px] font-medium tracking-wide text-ink-faint uppercase">{label}</dt>
      <dd className={`mt-1 truncate font-display text-lg font-bold tabular ${color}`}>
        {value}
        {unit !== undefined && <span className="ml-1 text-xs font-medium text-ink-dim">{unit}</span>}
      </dd>
    </div>
  );
}

/** A status pill. */
export function Pill({
  tone,
  children,
}: {
  readonly tone: 'win' | 'loss' | 'juice' | 'info' | 'dim' | 'accent';
  readonly children: ReactNode;
}) {
  const styles = {
    win: 'border-win/40 bg-win/10 text-win',
    loss: 'border-loss/40 bg-loss/10 text-loss',
    juice: 'border-juice/40 bg-juice/10 text-juice',
    info: 'border-info/40 bg-info/10 text-info',
    accent: 'border-accent/40 bg-accent/10 text-accent',
    dim: 'border-edge bg-white/5 text-ink-dim',
  }[tone];
  return (
    <span
      className={`inline-flex items-center gap-1.5 rounded-full border px-2 py-0.5 text-[11px] font-semibold tracking-wide uppercase ${styles}`}
    >
      {children}
    </span>
  );
}

/** A short address with a copy button. */
export function CopyAddress({ address, label }: { readonly address: string; readonly label?: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <span className="inline-flex min-w-0 items-center gap-1.5">
      <code className="font-mono text-xs text-ink tabular" title={address}>
        {shortAddress(address)}
      </code>
      <button
        type="button"
        aria-label={`Copy ${label ?? 'address'}`}
        className="grid size-6 place-items-center rounded-md text-ink-faint transition hover:bg-white/8 hover:text-accent"
        onClick={() => {
          // No clipboard outside secure contexts: the full address stays in the title instead.
          if (typeof navigator.clipboard === 'undefined') return;
          navigator.clipboard.writeText(address).then(
            () => {
              setCopied(true);
              setTimeout(() => {
                setCopied(false);
              }, 1500);
            },
            () => undefined,
          );
        }}
      >
        {copied ? (
          <svg viewBox="0 0 20 20" className="size-3.5 text-win" aria-hidden="true">
            <path
              d="M4 10.5l4 4 8-9"
              fill="none"
              stroke="currentColor"
              strokeWidth="2.2"
              strokeLinecap="round"
            />
          </svg>
        ) : (
          <svg viewBox="0 0 20 20" className="size-3.5" aria-hidden="true">
            <rect
              x="6.5"
              y="6.5"
              width="10"
              height="10"
              rx="2"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.6"
            />
            <path
              d="M13.5 4.5v-.5a1.5 1.5 0 0 0-1.5-1.5H5A1.5 1.5 0 0 0 3.5 4v7A1.5 1.5 0 0 0 5 12.5h.5"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.6"
            />
          </svg>
        )}
      </button>
      <span className="sr-only" aria-live="polite">
        {copied ? 'Copied' : ''}
      </span>
    </span>
  );
}

/** The loading state of a tab. */
export function Loading({ label }: { readonly label: string }) {
  return (
    <div role="status" className="flex items-center justify-center gap-3 py-12 text-sm text-ink-dim">
      <Spinner className="size-5 text-accent" />
      {label}
    </div>
  );
}

/** A failed query, with the server's text and a retry. */
export function QueryError({ error, onRetry }: { readonly error: unknown; readonly onRetry: () => void }) {
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-loss/40 bg-loss/10 px-4 py-3 text-sm text-loss"
    >
      <span>{errorText(error)}</span>
      <Button variant="secondary" size="sm" onClick={onRetry}>
        Retry
      </Button>
    </div>
  );
}

/** Nothing to show. */
export function Empty({ children }: { readonly children: ReactNode }) {
  return (
    <p className="rounded-xl border border-dashed border-edge px-4 py-8 text-center text-sm text-ink-faint">
      {children}
    </p>
  );
}

/** The confirm step of a risky action, shown in place of its button. */
export function ConfirmBar({
  message,
  confirmLabel,
  tone = 'danger',
  pending,
  onConfirm,
  onCancel,
}: {
  readonly message: ReactNode;
  readonly confirmLabel: string;
  readonly tone?: 'danger' | 'primary';
  readonly pending: boolean;
  readonly onConfirm: () => void;
  readonly onCancel: () => void;
}) {
  return (
    <div
      role="alertdialog"
      aria-label={confirmLabel}
      className="flex flex-col gap-3 rounded-xl border border-juice/40 bg-juice/8 p-3 animate-fade-in sm:flex-row sm:items-center sm:justify-between"
    >
      <p className="text-sm text-ink">{message}</p>
      <div className="flex shrink-0 gap-2">
        <Button variant="ghost" size="sm" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
        <Button variant={tone} size="sm" onClick={onConfirm} pending={pending}>
          {confirmLabel}
        </Button>
      </div>
    </div>
  );
}

const inputClass =
  'w-full rounded-xl border border-edge bg-base px-3 py-2 text-sm text-ink placeholder:text-ink-faint outline-none transition focus:border-accent/70 focus:ring-2 focus:ring-accent/20 aria-[invalid=true]:border-loss/70 [color-scheme:dark]';

/** A labelled input with its error. */
export function Field({
  label,
  error,
  hint,
  className = '',
  ...input
}: InputHTMLAttributes<HTMLInputElement> & {
  readonly label: string;
  readonly error?: string | undefined;
  readonly hint?: string;
}) {
  const id = useId();
  return (
    <div className={`flex min-w-0 flex-col gap-1.5 ${className}`}>
      <label htmlFor={id} className="text-xs font-medium text-ink-dim">
        {label}
      </label>
      <input
        id={id}
        aria-invalid={error !== undefined}
        aria-describedby={error !== undefined ? `${id}-error` : undefined}
        className={inputClass}
        {...input}
      />
      {error !== undefined ? (
        <p id={`${id}-error`} className="text-xs text-loss">
          {error}
        </p>
      ) : (
        hint !== undefined && <p className="text-xs text-ink-faint">{hint}</p>
      )}
    </div>
  );
}

/** A labelled textarea with its error. */
export function TextAreaField({
  label,
  error,
  className = '',
  ...input
}: TextareaHTMLAttributes<HTMLTextAreaElement> & {
  readonly label: string;
  readonly error?: string | undefined;
}) {
  const id = useId();
  return (
    <div className={`flex min-w-0 flex-col gap-1.5 ${className}`}>
      <label htmlFor={id} className="text-xs font-medium text-ink-dim">
        {label}
      </label>
      <textarea
        id={id}
        aria-invalid={error !== undefined}
        aria-describedby={error !== undefined ? `${id}-error` : undefined}
        className={`${inputClass} min-h-20 resize-y`}
        {...input}
      />
      {error !== undefined && (
        <p id={`${id}-error`} className="text-xs text-loss">
          {error}
        </p>
      )}
    </div>
  );
}

/** A labelled select. */
export function SelectField({
  label,
  options,
  value,
  onChange,
  error,
}: {
  readonly label: string;
  readonly options: readonly string[];
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly error?: string | undefined;
}) {
  const id = useId();
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <label htmlFor={id} className="text-xs font-medium text-ink-dim">
        {label}
      </label>
      <select
        id={id}
        value={value}
        aria-invalid={error !== undefined}
        onChange={(event) => {
          onChange(event.target.value);
        }}
        className={inputClass}
      >
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
      {error !== undefined && <p className="text-xs text-loss">{error}</p>}
    </div>
  );
}

/** The cutoff and end inputs (`datetime-local`) of a market's times, with their errors. */
export function MarketTimeFields({
  cutoff,
  end,
  errors,
  onCutoffChange,
  onEndChange,
}: {
  readonly cutoff: string;
  readonly end: string;
  readonly errors: { readonly endTime?: string; readonly cutoffTime?: string };
  readonly onCutoffChange: (value: string) => void;
  readonly onEndChange: (value: string) => void;
}) {
  return (
    <>
      <Field
        label="Cutoff"
        type="datetime-local"
        value={cutoff}
        onChange={(e) => {
          onCutoffChange(e.target.value);
        }}
        error={errors.cutoffTime}
      />
      <Field
        label="End"
        type="datetime-local"
        value={end}
        onChange={(e) => {
          onEndChange(e.target.value);
        }}
        error={errors.endTime}
      />
    </>
  );
}
