import { USERNAME_MAX_LENGTH } from '@arcade/sdk/constants';
import { FAILURE_TOASTS, SUCCESS_TOASTS } from '@arcade/sdk/messages';
import { useId, useState, type SyntheticEvent } from 'react';

import { Button } from '../../../components/ui/button.tsx';
import { errorText } from '../../../lib/error-text.ts';
import { toast } from '../../../lib/toast.ts';
import { useUpdateUsername } from '../api/update-username.ts';
import { validateUsername } from '../utils/validate-username.ts';

/** Props of {@link UsernameForm}. */
export interface UsernameFormProps {
  readonly current: string | null;
}

/**
 * The username input and its Update button, with the messages of docs/reference/validation.md#usernames
 * shown inline.
 */
export function UsernameForm({ current }: UsernameFormProps) {
  const inputId = useId();
  const errorId = useId();
  const [value, setValue] = useState(current ?? '');
  const [error, setError] = useState<string | null>(null);
  const update = useUpdateUsername();

  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    const invalid = validateUsername(value);
    setError(invalid);
    if (invalid !== null) return;
    try {
      const saved = await update.mutateAsync(value.trim());
      setValue(saved);
      toast.success(SUCCESS_TOASTS.updatedUsername);
    } catch (failure) {
      // The server's refusal ('Username not allowed', 'Username already taken') stays under the input too.
      setError(errorText(failure));
      toast.failure(FAILURE_TOASTS.updateUsername, failure);
    }
  };

  const unchanged = current !== null && value.trim() === current;
  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-1.5">
      <label htmlFor={inputId} className="text-xs font-semibold tracking-wider text-ink-dim uppercase">
        Username
      </label>
      <div className="flex gap-2">
        <div className="relative min-w-0 flex-1">
          <span
            className="pointer-events-none absolute inset-y-0 left-3 grid place-items-center text-ink-faint"
            aria-hidden="true"
          >
            @
          </span>
          <input
            id={inputId}
            value={value}
            onChange={(event) => {
              setValue(event.target.value);
              if (error !== null) setError(null);
            }}
            autoComplete="off"
            spellCheck={false}
            placeholder="degen_42"
            aria-invalid={error !== null}
            aria-describedby={error === null ? undefined : errorId}
            className={`h-10 w-full rounded-xl border bg-base pr-14 pl-7 text-sm text-ink placeholder:text-ink-faint outline-none transition focus:border-accent/70 focus:ring-2 focus:ring-accent/20 ${
              error === null ? 'border-edge' : 'border-loss/70'
            }`}
          />
          <span
            className={`tabular pointer-events-none absolute inset-y-0 right-3 grid place-items-center text-[11px] ${
              Array.from(value.trim()).length > USERNAME_MAX_LENGTH ? 'text-loss' : 'text-ink-faint'
            }`}
            aria-hidden="true"
          >
            {Array.from(value.trim()).length}/{USERNAME_MAX_LENGTH}
          </span>
        </div>
        <Button type="submit" pending={update.isPending} disabled={unchanged}>
          Update
        </Button>
      </div>
      <p id={errorId} role={error === null ? undefined : 'alert'} className="min-h-4 text-xs text-loss">
        {error}
      </p>
    </form>
  );
}
