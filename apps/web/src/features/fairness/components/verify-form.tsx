import { useId, useState, type SyntheticEvent } from 'react';

import { Button } from '../../../components/ui/button.tsx';

/** Props of {@link VerifyForm}. */
export interface VerifyFormProps {
  /** The signature being verified, if any: the field starts with it, and follows it when it changes. */
  readonly initial: string;
  /** Called with the trimmed signature. */
  readonly onVerify: (signature: string) => void;
  /**
   * Called when the field is emptied (typed away or submitted empty): the previous bet's result or error
   * no longer describes what the field says, so the page drops it.
   */
  readonly onClear: () => void;
}

/**
 * The signature field. Only an empty field is refused here: anything else goes to the server, whose own
 * message ('Invalid signature', 'Bet not found') is shown, so both say the same thing. Emptying the field
 * clears the previous result, so its hint never stands beside another bet's error.
 */
export function VerifyForm({ initial, onVerify, onClear }: VerifyFormProps) {
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  // A new signature from outside (a history link, Back): the field shows it, and a stale hint goes.
  const [shown, setShown] = useState(initial);
  if (initial !== shown) {
    setShown(initial);
    if (initial !== '') {
      setValue(initial);
      setError(null);
    }
  }
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    const signature = value.trim();
    if (signature === '') {
      setError('Paste a transaction signature first');
      onClear();
      return;
    }
    setError(null);
    onVerify(signature);
  };

  return (
    <form onSubmit={submit} className="card flex flex-col gap-2 p-4 sm:p-5" aria-label="Verify a bet">
      <label htmlFor={inputId} className="font-semibold">
        Bet transaction signature
      </label>
      <p id={hintId} className="text-sm text-ink-dim">
        The signature of the transaction that placed a TailSpin or ReTail bet: your wallet shows it, and your
        history links here.
      </p>
      <div className="flex flex-col gap-2 sm:flex-row">
        <input
          id={inputId}
          value={value}
          onChange={(event) => {
            setValue(event.target.value);
            setError(null);
            if (event.target.value.trim() === '') onClear();
          }}
          autoComplete="off"
          spellCheck={false}
          placeholder="e.g. 5gjY8o6KLpDj…"
          aria-describedby={error === null ? hintId : `${hintId} ${errorId}`}
          aria-invalid={error !== null}
          className="h-11 w-full min-w-0 rounded-xl border border-edge bg-panel-2 px-3 font-mono text-sm placeholder:text-ink-faint focus:border-accent/60 sm:flex-1"
        />
        <Button type="submit" size="lg" className="sm:w-36">
          Verify
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
