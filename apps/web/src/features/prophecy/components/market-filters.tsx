import { MARKET_NAME_FILTER_MAX_LENGTH, MARKET_SORTS, type MarketSort } from '@arcade/sdk/api/prophecy';
import { PROPHECY_CATEGORIES } from '@arcade/sdk/constants';
import { useState } from 'react';

import {
  categoriesParam,
  MARKET_SORT_LABELS,
  selectedCategories,
  type MarketListParams,
} from '../utils/list-params.ts';

const CHIP =
  'h-8 shrink-0 rounded-full border px-3 text-xs font-semibold transition focus-visible:outline-offset-1';
const CHIP_ON = 'border-accent/50 bg-accent/15 text-accent';
const CHIP_OFF = 'border-edge text-ink-dim hover:border-ink-faint hover:text-ink';

/**
 * The list's filters: name search (applied on submit), sort, categories and past events. Each change hands
 * the whole next query to `onChange`, which keeps it in the URL.
 */
export function MarketFilters({
  params,
  onChange,
}: {
  readonly params: MarketListParams;
  readonly onChange: (next: MarketListParams) => void;
}) {
  const selected = selectedCategories(params.categories);
  const toggleCategory = (category: string) => {
    const next = (selected as readonly string[]).includes(category)
      ? selected.filter((c) => c !== category)
      : [...selected, category];
    onChange({ ...params, categories: categoriesParam(next) });
  };

  return (
    <div className="mb-4 flex flex-col gap-3">
      <div className="flex flex-col gap-3 md:flex-row md:items-center">
        {/* Keyed by the URL's name, so back/forward puts the box back in step with the list. */}
        <NameSearch
          key={params.name ?? ''}
          name={params.name}
          onSearch={(name) => {
            onChange({ ...params, name });
          }}
        />
        <div className="flex flex-wrap items-center gap-3">
          <label className="flex items-center gap-2 text-xs text-ink-dim">
            Sort
            <select
              value={params.sortBy}
              onChange={(event) => {
                onChange({ ...params, sortBy: event.target.value as MarketSort });
              }}
              className="h-10 rounded-xl border border-edge bg-void/60 px-3 text-sm text-ink focus:border-accent/60 focus:outline-none"
            >
              {MARKET_SORTS.map((sort) => (
                <option key={sort} value={sort}>
                  {MARKET_SORT_LABELS[sort]}
                </option>
              ))}
            </select>
          </label>
          <label className="flex h-10 cursor-pointer items-center gap-2 rounded-xl border border-edge bg-void/60 px-3 text-xs text-ink-dim select-none hover:text-ink">
            <input
              type="checkbox"
              checked={params.showPastEvents}
              onChange={(event) => {
                onChange({ ...params, showPastEvents: event.target.checked });
              }}
              className="size-4 accent-[var(--color-accent)]"
            />
            Show past events
          </label>
        </div>
      </div>
      <div
        className="-mx-3 flex gap-2 overflow-x-auto px-3 pb-1 sm:mx-0 sm:flex-wrap sm:px-0"
        role="group"
        aria-label="Categories"
      >
        <button
          type="button"
          aria-pressed={selected.length === 0}
          className={`${CHIP} ${selected.length === 0 ? CHIP_ON : CHIP_OFF}`}
          onClick={() => {
            onChange({ ...params, categories: categoriesParam([]) });
          }}
        >
          All
        </button>
        {PROPHECY_CATEGORIES.map((category) => {
          const on = selected.includes(category);
          return (
            <button
              key={category}
              type="button"
              aria-pressed={on}
              className={`${CHIP} ${on ? CHIP_ON : CHIP_OFF}`}
              onClick={() => {
                toggleCategory(category);
              }}
            >
              {category}
            </button>
          );
        })}
      </div>
    </div>
  );
}

function NameSearch({
  name,
  onSearch,
}: {
  readonly name: string | null;
  readonly onSearch: (name: string | null) => void;
}) {
  const [text, setText] = useState(name ?? '');
  return (
    <form
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(text.trim() === '' ? null : text.trim());
      }}
      className="flex min-w-0 flex-1 gap-2"
    >
      <label htmlFor="market-search" className="sr-only">
        Search markets
      </label>
      <div className="relative min-w-0 flex-1">
        <input
          id="market-search"
          type="search"
          value={text}
          maxLength={MARKET_NAME_FILTER_MAX_LENGTH}
          placeholder="Search markets"
          onChange={(event) => {
            setText(event.target.value);
            // Clearing the box (its × button or deleting the text) shows every market again at once.
            if (event.target.value === '' && name !== null) onSearch(null);
          }}
          className="h-10 w-full min-w-0 rounded-xl border border-edge bg-void/60 px-3 text-sm placeholder:text-ink-faint focus:border-accent/60 focus:outline-none"
        />
      </div>
      <button
        type="submit"
        className="h-10 shrink-0 rounded-xl border border-edge bg-white/5 px-4 text-sm font-semibold text-ink hover:bg-white/10"
      >
        Search
      </button>
    </form>
  );
}
