import { useId } from 'react';

import { useLedgerPreference } from '../../../lib/session/ledger-preference.ts';

/** The "Using a Ledger" switch: sign-in then signs a memo transaction, since a Ledger cannot sign messages. */
export function LedgerToggle({ compact = false }: { readonly compact?: boolean }) {
  const [ledger, setLedger] = useLedgerPreference();
  const hintId = useId();
  return (
    <label className="flex cursor-pointer items-center justify-between gap-4 rounded-xl px-1 py-1.5 select-none">
      <span className="min-w-0">
        <span className="block text-sm font-semibold text-ink">Using a Ledger</span>
        {!compact && (
          <span id={hintId} className="block text-xs text-ink-faint">
            Sign in with a memo transaction instead of a message. It is never sent.
          </span>
        )}
      </span>
      <input
        type="checkbox"
        role="switch"
        className="peer sr-only"
        checked={ledger}
        aria-describedby={compact ? undefined : hintId}
        onChange={(event) => {
          setLedger(event.target.checked);
        }}
      />
      <span
        aria-hidden="true"
        className="relative h-6 w-11 shrink-0 rounded-full border border-edge bg-white/8 transition peer-checked:border-accent peer-checked:bg-accent/25 peer-focus-visible:ring-2 peer-focus-visible:ring-accent after:absolute after:top-0.5 after:left-0.5 after:size-4.5 after:rounded-full after:bg-ink-dim after:transition peer-checked:after:translate-x-5 peer-checked:after:bg-accent"
      />
    </label>
  );
}
