import { isAddress } from '@solana/kit';
import { useId, useState, type SyntheticEvent } from 'react';

import { Button } from '../../../components/ui/button.tsx';

/** The message for text that is not a wallet address (the server's own wording). */
export const INVALID_ADDRESS = 'Invalid address';

/** A field to look at any wallet's history, read-only. */
export function AddressLookup({ onLookup }: { readonly onLookup: (address: string) => void }) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  const errorId = useId();

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    const address = value.trim();
    if (!isAddress(address)) {
      setError(INVALID_ADDRESS);
      return;
    }
    setError(null);
    onLookup(address);
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-1.5" aria-label="Look up a wallet">
      <label htmlFor={inputId} className="text-sm font-semibold text-ink-dim">
        Any wallet’s history
      </label>
      <div className="flex gap-2">
        <input
          id={inputId}
          value={value}
          onChange={(event) => {
            setValue(event.target.value);
            setError(null);
          }}
          placeholder="Wallet address"
          autoComplete="off"
          spellCheck={false}
          aria-invalid={error !== null}
          aria-describedby={error === null ? undefined : errorId}
          className="h-10 min-w-0 flex-1 rounded-xl border border-edge bg-panel-2 px-3 font-mono text-sm placeholder:text-ink-faint focus:border-accent/60"
        />
        <Button type="submit" variant="secondary">
          View
        </Button>
      </div>
      {error !== null && (
        <p id={errorId} role="alert" className="text-sm text-loss">
          {error}
        </p>
      )}
    </form>
  );
}
