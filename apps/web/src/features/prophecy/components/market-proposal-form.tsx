import { MARKET_METADATA_LIMITS, type MarketProposal } from '@arcade/sdk/api/prophecy';
import { PROPHECY_CATEGORIES } from '@arcade/sdk/constants';
import { useId, useRef, useState, type ReactNode, type SyntheticEvent } from 'react';

import { Button } from '../../../components/ui/button.tsx';
import {
  codePoints,
  EMPTY_PROPOSAL,
  validateProposal,
  type ProposalFormErrors,
  type ProposalFormValues,
} from '../../../lib/prophecy/market-proposal.ts';

const INPUT =
  'w-full rounded-xl border border-edge bg-void/60 px-3 py-2 text-sm text-ink placeholder:text-ink-faint outline-none transition focus:border-accent/70 focus:ring-2 focus:ring-accent/20 aria-[invalid=true]:border-loss/70 [color-scheme:dark]';

/** A labelled control with its hint or error. */
function FieldShell({
  label,
  error,
  hint,
  count,
  className = '',
  children,
}: {
  readonly label: string;
  readonly error: string | undefined;
  readonly hint?: ReactNode;
  /** `[used, max]` characters, shown beside the label. */
  readonly count?: readonly [number, number];
  readonly className?: string;
  readonly children: (props: {
    id: string;
    'aria-invalid': boolean;
    'aria-describedby': string | undefined;
  }) => ReactNode;
}) {
  const id = useId();
  const describedBy = error !== undefined ? `${id}-error` : hint !== undefined ? `${id}-hint` : undefined;
  return (
    <div className={`flex min-w-0 flex-col gap-1.5 ${className}`}>
      <div className="flex items-baseline justify-between gap-2">
        <label htmlFor={id} className="text-xs font-semibold text-ink-dim">
          {label}
        </label>
        {count !== undefined && (
          <span className={`text-[11px] tabular ${count[0] > count[1] ? 'text-loss' : 'text-ink-faint'}`}>
            {count[0]}/{count[1]}
          </span>
        )}
      </div>
      {children({ id, 'aria-invalid': error !== undefined, 'aria-describedby': describedBy })}
      {error !== undefined ? (
        <p id={`${id}-error`} className="text-xs text-loss">
          {error}
        </p>
      ) : (
        hint !== undefined && (
          <p id={`${id}-hint`} className="text-xs text-ink-faint">
            {hint}
          </p>
        )
      )}
    </div>
  );
}

/** Props of {@link MarketProposalForm}. */
export interface MarketProposalFormProps {
  /** The form's accessible name, e.g. "Create a market". */
  readonly label: string;
  readonly submitLabel: string;
  readonly pending: boolean;
  /** Sends the checked proposal; resolves true when it was accepted (the form then empties). */
  readonly onSubmit: (proposal: MarketProposal) => Promise<boolean>;
  /** Shown above the submit button, e.g. who reviews a request. */
  readonly footnote?: ReactNode;
}

/**
 * The market form of `/prophecy/create` and `/prophecy/request`: question, short name, category, rules,
 * image, the three options, cutoff and end (local time) and an optional referrer. Every field is checked
 * as the server will before anything is sent; a refusal keeps what was typed.
 */
export function MarketProposalForm({
  label,
  submitLabel,
  pending,
  onSubmit,
  footnote,
}: MarketProposalFormProps) {
  const [values, setValues] = useState<ProposalFormValues>(EMPTY_PROPOSAL);
  const [errors, setErrors] = useState<ProposalFormErrors>({});
  const summary = useRef<HTMLParagraphElement>(null);

  const set = (key: keyof ProposalFormValues) => (event: { target: { value: string } }) => {
    const value = event.target.value;
    setValues((current) => ({ ...current, [key]: value }));
    if (errors[key] !== undefined) {
      setErrors((current) => Object.fromEntries(Object.entries(current).filter(([field]) => field !== key)));
    }
  };

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    const checked = validateProposal(values, Date.now());
    if (!checked.ok) {
      setErrors(checked.errors);
      // Move focus to the first field in error so keyboard and screen-reader users land on it.
      requestAnimationFrame(() => {
        const form = summary.current?.closest('form');
        form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      });
      return;
    }
    setErrors({});
    void onSubmit(checked.proposal).then((accepted) => {
      if (accepted) setValues(EMPTY_PROPOSAL);
    });
  };

  const errorCount = Object.keys(errors).length;

  return (
    <div className="@container">
      <form noValidate onSubmit={submit} aria-label={label} className="grid gap-4 @xl:grid-cols-2">
        <FieldShell
          className="@xl:col-span-2"
          label="Question"
          error={errors.name}
          count={[codePoints(values.name.trim()), MARKET_METADATA_LIMITS.name]}
          hint="One event with a yes/no answer, e.g. “Will SOL close above $300 on 31 December?”"
        >
          {(a11y) => (
            <input
              {...a11y}
              className={INPUT}
              value={values.name}
              onChange={set('name')}
              autoComplete="off"
            />
          )}
        </FieldShell>
        <FieldShell
          label="Short name"
          error={errors.shortName}
          count={[codePoints(values.shortName.trim()), MARKET_METADATA_LIMITS.shortName]}
          hint="Shown in the feed and toasts, e.g. “SOL > $300”."
        >
          {(a11y) => (
            <input
              {...a11y}
              className={INPUT}
              value={values.shortName}
              onChange={set('shortName')}
              autoComplete="off"
            />
          )}
        </FieldShell>
        <FieldShell label="Category" error={errors.category}>
          {(a11y) => (
            <select {...a11y} className={INPUT} value={values.category} onChange={set('category')}>
              {PROPHECY_CATEGORIES.map((category) => (
                <option key={category} value={category}>
                  {category}
                </option>
              ))}
            </select>
          )}
        </FieldShell>
        <FieldShell
          className="@xl:col-span-2"
          label="Rules"
          error={errors.rules}
          count={[codePoints(values.rules.trim()), MARKET_METADATA_LIMITS.rules]}
          hint="How the market resolves, and the public source that settles it."
        >
          {(a11y) => (
            <textarea
              {...a11y}
              rows={4}
              className={`${INPUT} min-h-24 resize-y`}
              value={values.rules}
              onChange={set('rules')}
            />
          )}
        </FieldShell>
        <div className="grid gap-4 @md:grid-cols-3 @xl:col-span-2">
          <FieldShell label="Yes option" error={errors.yesOption}>
            {(a11y) => (
              <input {...a11y} className={INPUT} value={values.yesOption} onChange={set('yesOption')} />
            )}
          </FieldShell>
          <FieldShell label="No option" error={errors.noOption}>
            {(a11y) => (
              <input {...a11y} className={INPUT} value={values.noOption} onChange={set('noOption')} />
            )}
          </FieldShell>
          <FieldShell label="Invalid option" error={errors.invalidOption}>
            {(a11y) => (
              <input
                {...a11y}
                className={INPUT}
                value={values.invalidOption}
                onChange={set('invalidOption')}
              />
            )}
          </FieldShell>
        </div>
        <FieldShell
          label="Betting closes (cutoff)"
          error={errors.cutoffTime}
          hint="Your local time, in the future."
        >
          {(a11y) => (
            <input
              {...a11y}
              type="datetime-local"
              className={INPUT}
              value={values.cutoffTime}
              onChange={set('cutoffTime')}
            />
          )}
        </FieldShell>
        <FieldShell label="Event ends" error={errors.endTime} hint="At or after the cutoff.">
          {(a11y) => (
            <input
              {...a11y}
              type="datetime-local"
              className={INPUT}
              value={values.endTime}
              onChange={set('endTime')}
            />
          )}
        </FieldShell>
        <FieldShell
          label="Image URL (optional)"
          error={errors.image}
          hint="https://… or a path on this site."
        >
          {(a11y) => (
            <input
              {...a11y}
              type="url"
              inputMode="url"
              className={INPUT}
              value={values.image}
              onChange={set('image')}
              placeholder="https://…"
            />
          )}
        </FieldShell>
        <FieldShell
          label="Referrer wallet (optional)"
          error={errors.referrer}
          hint="Earns a share of the market's fee when it resolves."
        >
          {(a11y) => (
            <input
              {...a11y}
              className={`${INPUT} font-mono`}
              value={values.referrer}
              onChange={set('referrer')}
              autoComplete="off"
              spellCheck={false}
            />
          )}
        </FieldShell>
        <div className="flex flex-col gap-3 @md:flex-row @md:items-center @md:justify-between @xl:col-span-2">
          <div className="min-w-0 text-xs">
            <p ref={summary} role={errorCount > 0 ? 'alert' : undefined} className="text-loss">
              {errorCount > 0
                ? `Fix the ${errorCount === 1 ? 'highlighted field' : `${errorCount} highlighted fields`}.`
                : ''}
            </p>
            {errorCount === 0 && footnote !== undefined && <div className="text-ink-faint">{footnote}</div>}
          </div>
          <Button type="submit" size="lg" pending={pending} className="shrink-0">
            {submitLabel}
          </Button>
        </div>
      </form>
    </div>
  );
}
