import { MINIMUM_AGE } from '@arcade/sdk/constants';
import { VALIDATION_MESSAGES } from '@arcade/sdk/messages';
import { useId, useState, type SyntheticEvent } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { ui, useUiState } from '../../../lib/store.ts';

/**
 * The age and region disclosure (docs/reference/states.md#age-gate). Shown until the user ticks the box and
 * confirms, which stores `ageCheck` locally; it cannot be dismissed any other way. Mount it once in the
 * shell.
 */
export function AgeGateModal() {
  const ageCheck = useUiState((s) => s.ageCheck);
  const [checked, setChecked] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const checkboxId = useId();
  const errorId = useId();
  const formId = useId();

  const submit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!checked) {
      setError(VALIDATION_MESSAGES.ageCheckRequired);
      return;
    }
    ui.confirmAge();
  };

  return (
    <Modal
      open={!ageCheck}
      title="Before you play"
      size="sm"
      footer={
        <Button type="submit" form={formId} size="lg" className="w-full">
          Confirm
        </Button>
      }
    >
      <form id={formId} noValidate onSubmit={submit} className="flex flex-col gap-5">
        <div className="flex items-center gap-3">
          <span
            className="grid size-14 shrink-0 place-items-center rounded-2xl border border-accent/40 bg-accent/10 font-display text-xl font-black text-accent shadow-[0_0_28px_-8px_var(--color-accent)]"
            aria-hidden="true"
          >
            {MINIMUM_AGE}+
          </span>
          <p className="text-sm leading-relaxed text-ink-dim">
            This site offers games of chance with real money. Play only where it is legal, and only with what
            you can afford to lose.
          </p>
        </div>
        <div
          className={`rounded-xl border p-4 transition ${error !== null && !checked ? 'border-loss/60 bg-loss/5' : 'border-edge bg-panel-2'}`}
        >
          <label htmlFor={checkboxId} className="flex cursor-pointer items-start gap-3 text-sm text-ink">
            <input
              id={checkboxId}
              type="checkbox"
              required
              checked={checked}
              aria-invalid={error !== null && !checked}
              aria-describedby={error !== null ? errorId : undefined}
              onChange={(event) => {
                setChecked(event.target.checked);
                if (event.target.checked) setError(null);
              }}
              className="mt-0.5 size-5 shrink-0 cursor-pointer accent-(--color-accent)"
            />
            <span>
              I confirm that gambling is not forbidden by my local authorities and that I am at least{' '}
              {MINIMUM_AGE} years old.
            </span>
          </label>
        </div>
        {error !== null && (
          <p id={errorId} role="alert" className="text-sm font-medium text-loss">
            {error}
          </p>
        )}
      </form>
    </Modal>
  );
}
