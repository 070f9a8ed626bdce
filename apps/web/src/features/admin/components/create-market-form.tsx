import { PROPHECY_CATEGORIES } from '@arcade/sdk/constants';
import { useState, type SyntheticEvent } from 'react';

import { Button } from '../../../components/ui/button.tsx';
import { useCreateMarket } from '../api/create-market.ts';
import {
  EMPTY_MARKET_FORM,
  validateMarketForm,
  type MarketFormErrors,
  type MarketFormValues,
} from '../utils/market-form.ts';
import { Field, Panel, SelectField, TextAreaField } from '../../../components/ui/admin-ui.tsx';

/**
 * Creates a market on chain. Checks every field as the server will before sending; on failure the form
 * keeps what was typed.
 */
export function CreateMarketForm({
  onCreated,
  onClose,
}: {
  readonly onCreated?: (market: string) => void;
  /** Shows a Close button that hides the form. */
  readonly onClose?: () => void;
}) {
  const [values, setValues] = useState<MarketFormValues>(EMPTY_MARKET_FORM);
  const [errors, setErrors] = useState<MarketFormErrors>({});
  const mutation = useCreateMarket();

  const set =
    (key: keyof MarketFormValues) =>
    (event: { target: { value: string } }): void => {
      const value = event.target.value;
      setValues((v) => ({ ...v, [key]: value }));
      if (errors[key] !== undefined) {
        setErrors((current) =>
          Object.fromEntries(Object.entries(current).filter(([field]) => field !== key)),
        );
      }
    };

  function submit(event: SyntheticEvent): void {
    event.preventDefault();
    const checked = validateMarketForm(values, Date.now());
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    mutation.mutate(checked.input, {
      onSuccess: (market) => {
        setValues(EMPTY_MARKET_FORM);
        onCreated?.(market.key);
      },
    });
  }

  return (
    <Panel
      title="Create a market"
      actions={
        onClose && (
          <Button variant="ghost" size="sm" onClick={onClose} disabled={mutation.isPending}>
            Close
          </Button>
        )
      }
    >
      <form noValidate onSubmit={submit} className="grid gap-3 md:grid-cols-2" aria-label="Create a market">
        <Field
          className="md:col-span-2"
          label="Question (name)"
          placeholder="Will SOL close above $300 on 31 Dec?"
          value={values.name}
          onChange={set('name')}
          error={errors.name}
        />
        <Field
          label="Short name"
          placeholder="SOL > $300"
          value={values.shortName}
          onChange={set('shortName')}
          error={errors.shortName}
        />
        <SelectField
          label="Category"
          options={PROPHECY_CATEGORIES}
          value={values.category}
          onChange={(value) => {
            set('category')({ target: { value } });
          }}
          error={errors.category}
        />
        <TextAreaField
          className="md:col-span-2"
          label="Rules (description)"
          placeholder="How the market resolves, and from which source."
          value={values.rules}
          onChange={set('rules')}
          error={errors.rules}
        />
        <Field
          className="md:col-span-2"
          label="Image URL (optional)"
          type="url"
          inputMode="url"
          placeholder="https://… or /images/…"
          value={values.image}
          onChange={set('image')}
          error={errors.image}
        />
        <div className="grid gap-3 sm:grid-cols-3 md:col-span-2">
          <Field
            label="Yes option"
            value={values.yesOption}
            onChange={set('yesOption')}
            error={errors.yesOption}
          />
          <Field
            label="No option"
            value={values.noOption}
            onChange={set('noOption')}
            error={errors.noOption}
          />
          <Field
            label="Invalid option"
            value={values.invalidOption}
            onChange={set('invalidOption')}
            error={errors.invalidOption}
          />
        </div>
        <Field
          label="Predictions close (cutoff)"
          type="datetime-local"
          value={values.cutoffTime}
          onChange={set('cutoffTime')}
          error={errors.cutoffTime}
          hint="Your local time. Must be in the future."
        />
        <Field
          label="Market ends"
          type="datetime-local"
          value={values.endTime}
          onChange={set('endTime')}
          error={errors.endTime}
          hint="The market starts when it is created."
        />
        <div className="flex flex-wrap items-center justify-end gap-3 md:col-span-2">
          {Object.keys(errors).length > 0 && (
            <p role="alert" className="mr-auto text-xs text-loss">
              Fix the highlighted fields.
            </p>
          )}
          <Button type="submit" pending={mutation.isPending}>
            Create market
          </Button>
        </div>
      </form>
    </Panel>
  );
}
