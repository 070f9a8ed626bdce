import { PROPHECY_CATEGORIES } from '@arcade/sdk/constants';
import { useState } from 'react';
import { Link, useSearchParams, type LoaderFunctionArgs } from 'react-router';

import { GameHelpButton } from '../../features/help/components/game-help.tsx';
import {
  MARKET_SORT_LABELS,
  MARKET_SORTS,
  marketListParamsFromUrl,
  marketsQueryOptions,
  selectedCategories,
  useMarkets,
} from './data/get-markets.ts';
import { ensureData } from './data/ensure-data.ts';
import { ARTWORK } from './data/preload-image.ts';
import { gameFacts } from './game-facts.ts';
import { EmptyState, GameHero, SectionTitle } from './game-hero.tsx';
import { MarketCard } from './market-card.tsx';

/**
 * The market list loads markets with the page URL's sortBy (default TimeAsc), categories (default `{}`),
 * name, and showPastEvents=true (spec §2).
 */
export async function loader({ request }: LoaderFunctionArgs): Promise<null> {
  const params = marketListParamsFromUrl(new URL(request.url).searchParams);
  await ensureData(marketsQueryOptions(params));
  return null;
}

const CHIP = 'h-8 shrink-0 rounded-full border px-3 text-xs font-semibold transition';

/** Prophecy: the rules, the filters (kept in the URL, so the loader reads them) and the markets. */
export function Component() {
  const [search, setSearch] = useSearchParams();
  const params = marketListParamsFromUrl(search);
  const { data } = useMarkets(params);
  const selected = selectedCategories(params.categories);
  const [name, setName] = useState(params.name ?? '');
  // One clock per render of the list, so every card agrees on which markets are still open.
  const [nowSecs] = useState(() => Math.floor(Date.now() / 1000));

  const update = (patch: Record<string, string | null>) => {
    const next = new URLSearchParams(search);
    for (const [key, value] of Object.entries(patch)) {
      if (value === null) next.delete(key);
      else next.set(key, value);
    }
    setSearch(next);
  };

  const toggleCategory = (category: string) => {
    const set = new Set(selected);
    if (set.has(category)) set.delete(category);
    else set.add(category);
    update({
      categories: set.size === 0 ? null : JSON.stringify(Object.fromEntries([...set].map((c) => [c, true]))),
    });
  };

  return (
    <div className="mx-auto max-w-[1400px] animate-fade-in">
      <GameHero
        help={<GameHelpButton game="prophecy" className="border border-edge bg-void/60 backdrop-blur" />}
        eyebrow="Prediction markets"
        title="Prophecy"
        pitch="Take a side on real-world events. When the market resolves, the winning side splits the pot."
        cover={ARTWORK.prophecy}
        tone="violet"
        stats={[
          { label: 'Markets', value: String(data.total) },
          { label: 'Pot fee', value: gameFacts().poolFee },
          { label: 'Min bet', value: gameFacts().minBet },
          { label: 'Categories', value: String(PROPHECY_CATEGORIES.length) },
        ]}
        rules={[
          <>Back Yes or No before a market's cutoff; you can add to your side, never withdraw.</>,
          <>
            Winners are paid their share of the pot after a {gameFacts().poolFee} fee; multipliers move as
            bets arrive.
          </>,
          <>An invalid result refunds everyone in full.</>,
        ]}
      />
      <SectionTitle
        aside={
          <Link to="/prophecy/request" className="text-xs font-semibold text-accent hover:underline">
            Request a market →
          </Link>
        }
      >
        Markets
      </SectionTitle>
      <div className="mb-4 flex flex-col gap-3">
        <div className="flex flex-col gap-3 sm:flex-row">
          <form
            role="search"
            onSubmit={(event) => {
              event.preventDefault();
              update({ name: name.trim() === '' ? null : name.trim() });
            }}
            className="flex flex-1 gap-2"
          >
            <label htmlFor="market-search" className="sr-only">
              Search markets
            </label>
            <input
              id="market-search"
              type="search"
              value={name}
              maxLength={120}
              placeholder="Search markets"
              onChange={(event) => {
                setName(event.target.value);
              }}
              className="h-10 min-w-0 flex-1 rounded-xl border border-edge bg-void/60 px-3 text-sm placeholder:text-ink-faint focus:border-accent/60 focus:outline-none"
            />
            <button
              type="submit"
              className="h-10 rounded-xl border border-edge bg-white/5 px-4 text-sm font-semibold text-ink hover:bg-white/10"
            >
              Search
            </button>
          </form>
          <label className="flex items-center gap-2 text-xs text-ink-dim">
            Sort
            <select
              value={params.sortBy}
              onChange={(event) => {
                update({ sortBy: event.target.value });
              }}
              className="h-10 rounded-xl border border-edge bg-void/60 px-3 text-sm text-ink"
            >
              {MARKET_SORTS.map((sort) => (
                <option key={sort} value={sort}>
                  {MARKET_SORT_LABELS[sort]}
                </option>
              ))}
            </select>
          </label>
        </div>
        <div
          className="-mx-3 flex gap-2 overflow-x-auto px-3 pb-1 sm:mx-0 sm:flex-wrap sm:px-0"
          role="group"
          aria-label="Categories"
        >
          <button
            type="button"
            aria-pressed={selected.length === 0}
            className={`${CHIP} ${selected.length === 0 ? 'border-accent/50 bg-accent/15 text-accent' : 'border-edge text-ink-dim hover:text-ink'}`}
            onClick={() => {
              update({ categories: null });
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
                className={`${CHIP} ${on ? 'border-accent/50 bg-accent/15 text-accent' : 'border-edge text-ink-dim hover:text-ink'}`}
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
      {data.markets.length === 0 ? (
        <EmptyState
          title={
            params.name !== null || selected.length > 0 ? 'No markets match these filters' : 'No markets yet'
          }
        >
          {params.name !== null || selected.length > 0
            ? 'Try another category or search.'
            : 'New markets open regularly. Have an event in mind? Request a market.'}
        </EmptyState>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2 2xl:grid-cols-3">
          {data.markets.map((market) => (
            <li key={market.key}>
              <MarketCard market={market} nowSecs={nowSecs} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
