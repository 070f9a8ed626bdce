import { useId, useState } from 'react';

import type { CollectionTraits } from '../api/get-collection-traits.ts';
import { selectedCount, toggleTrait, type TraitSelection } from '../utils/trait-filter.ts';

/** Props of {@link TraitFilters}. */
export interface TraitFiltersProps {
  /** Null while they load (a skeleton shows). */
  readonly traits: CollectionTraits | null;
  readonly failed?: boolean;
  readonly selection: TraitSelection;
  readonly onChange: (selection: TraitSelection) => void;
}

/**
 * The trait filters: one group per trait type, a checkbox per value with how many live listings have it.
 * In a narrow page they fold behind a "Filters" button so the listings come first on a phone.
 */
export function TraitFilters({ traits, failed = false, selection, onChange }: TraitFiltersProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const count = selectedCount(selection);
  return (
    <aside aria-label="Trait filters" className="@4xl:sticky @4xl:top-4 @4xl:self-start">
      <div className="flex items-center justify-between gap-2 @4xl:mb-3">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={`${id}-groups`}
          onClick={() => {
            setOpen((value) => !value);
          }}
          className="inline-flex h-10 items-center gap-2 rounded-xl border border-edge bg-panel px-3 text-sm font-semibold text-ink @4xl:hidden"
        >
          <svg viewBox="0 0 20 20" className="size-4" aria-hidden="true">
            <path d="M3 5h14M6 10h8M8.5 15h3" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
          Filters
          {count > 0 && <span className="rounded-full bg-accent-2 px-1.5 text-xs text-black">{count}</span>}
        </button>
        <h3 className="hidden font-display text-sm font-bold tracking-wide text-ink @4xl:block">Traits</h3>
        {count > 0 && (
          <button
            type="button"
            onClick={() => {
              onChange(new Map());
            }}
            className="text-xs font-semibold text-accent-2 hover:underline"
          >
            Clear all
          </button>
        )}
      </div>
      <div id={`${id}-groups`} className={`${open ? 'mt-3 grid' : 'hidden'} gap-2 @4xl:grid`}>
        {traits === null ? (
          failed ? (
            <p className="rounded-xl border border-edge p-3 text-xs text-ink-dim">
              The trait filters could not load. The listings still work.
            </p>
          ) : (
            Array.from({ length: 4 }, (_, i) => (
              <div key={i} className="h-11 animate-pulse rounded-xl bg-panel-2" aria-hidden="true" />
            ))
          )
        ) : Object.keys(traits).length === 0 ? (
          <p className="text-xs text-ink-dim">No traits to filter by.</p>
        ) : (
          Object.entries(traits).map(([type, values]) => {
            const picked = selection.get(type);
            return (
              <details
                key={type}
                open={picked !== undefined && picked.size > 0}
                className="group rounded-xl border border-edge bg-panel/60"
              >
                <summary className="flex cursor-pointer list-none items-center justify-between gap-2 px-3 py-2.5 text-sm font-semibold text-ink">
                  <span>
                    {type}
                    {picked !== undefined && picked.size > 0 && (
                      <span className="ml-2 text-xs text-accent-2">{picked.size}</span>
                    )}
                  </span>
                  <svg
                    viewBox="0 0 20 20"
                    className="size-4 text-ink-faint transition group-open:rotate-180"
                    aria-hidden="true"
                  >
                    <path d="M5 8l5 5 5-5" fill="none" stroke="currentColor" strokeWidth="2" />
                  </svg>
                </summary>
                <fieldset className="grid gap-0.5 px-2 pb-2">
                  <legend className="sr-only">{type}</legend>
                  {Object.entries(values)
                    .sort(([a], [b]) => a.localeCompare(b))
                    .map(([value, n]) => (
                      <label
                        key={value}
                        className="flex cursor-pointer items-center gap-2.5 rounded-lg px-2 py-1.5 text-sm text-ink-dim hover:bg-white/5 hover:text-ink"
                      >
                        <input
                          type="checkbox"
                          checked={picked?.has(value) ?? false}
                          aria-label={`${value} (${n} listed)`}
                          onChange={() => {
                            onChange(toggleTrait(selection, type, value));
                          }}
                          className="size-4 accent-accent-2"
                        />
                        <span className="min-w-0 flex-1 truncate">{value}</span>
                        <span className="text-xs text-ink-faint tabular">{n}</span>
                      </label>
                    ))}
                </fieldset>
              </details>
            );
          })
        )}
      </div>
    </aside>
  );
}
