/**
 * The market list's query (docs/reference/api.md#prophecy: sortBy, categories, name and showPastEvents) and
 * how it lives in the page URL, so a filtered list can be shared, reloaded and navigated with back and
 * forward.
 *
 * The URL keeps only what differs from the defaults (sortBy TimeAsc, every category, no name, past events
 * shown), so `/prophecy` is the default list. The API always gets all four, `categories` as the encoded
 * JSON object the spec describes (`{}` for every category).
 *
 * @module
 */

import { MARKET_NAME_FILTER_MAX_LENGTH, MARKET_SORTS, type MarketSort } from '@arcade/sdk/api/prophecy';
import { PROPHECY_CATEGORIES, PROPHECY_DEFAULT_SORT, PROPHECY_SHOW_PAST_EVENTS } from '@arcade/sdk/constants';

/**
 * Labels of the SDK's sort orders (`MARKET_SORTS`) in the list's picker. TimeAsc and TimeDesc order by end
 * time, soonest and latest first; EndingSoon puts open markets first, nearest cutoff first.
 */
export const MARKET_SORT_LABELS: Readonly<Record<MarketSort, string>> = {
  TimeAsc: 'Soonest end',
  TimeDesc: 'Latest end',
  VolumeDesc: 'Biggest pot',
  EndingSoon: 'Closing soon',
};

/** One of the spec's Prophecy categories. */
export type ProphecyCategory = (typeof PROPHECY_CATEGORIES)[number];

/** The query of the market list. */
export interface MarketListParams {
  readonly sortBy: MarketSort;
  /** The selected categories as a JSON object (`{"Crypto":true}`), `{}` for all; sent URL-encoded. */
  readonly categories: string;
  readonly name: string | null;
  readonly showPastEvents: boolean;
}

/** The list's default query. */
export const DEFAULT_MARKET_LIST_PARAMS: MarketListParams = Object.freeze({
  sortBy: PROPHECY_DEFAULT_SORT,
  categories: '{}',
  name: null,
  showPastEvents: PROPHECY_SHOW_PAST_EVENTS,
});

/**
 * The known categories selected in a `categories` value, in the spec's order. Accepts the JSON object the
 * list writes (`{"Crypto":true}`), ignoring unknown names and `false` entries; anything malformed selects
 * none (every category), so a mangled link still shows a list instead of an error.
 */
export function selectedCategories(categories: string): readonly ProphecyCategory[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(categories);
  } catch {
    return [];
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return [];
  const on = new Set(
    Object.entries(parsed as Record<string, unknown>)
      .filter(([, value]) => value === true)
      .map(([name]) => name),
  );
  return PROPHECY_CATEGORIES.filter((category) => on.has(category));
}

/** The `categories` value of a selection: `{}` for none (every category). */
export function categoriesParam(selected: readonly string[]): string {
  const known = PROPHECY_CATEGORIES.filter((category) => selected.includes(category));
  return JSON.stringify(Object.fromEntries(known.map((category) => [category, true])));
}

/**
 * Reads the list's query from the page URL, with the spec's defaults: sortBy TimeAsc, categories `{}`, no
 * name, showPastEvents true. Unknown sorts and categories fall back to the defaults.
 *
 * @example marketListParamsFromUrl(new URLSearchParams('sortBy=VolumeDesc')).sortBy === 'VolumeDesc'
 */
export function marketListParamsFromUrl(search: URLSearchParams): MarketListParams {
  const sort = search.get('sortBy');
  const name = Array.from(search.get('name')?.trim() ?? '')
    .slice(0, MARKET_NAME_FILTER_MAX_LENGTH)
    .join('')
    .trim();
  const past = search.get('showPastEvents');
  return {
    sortBy: MARKET_SORTS.find((s) => s === sort) ?? DEFAULT_MARKET_LIST_PARAMS.sortBy,
    categories: categoriesParam(selectedCategories(search.get('categories') ?? '{}')),
    name: name === '' ? null : name,
    showPastEvents:
      past === 'false' || past === '0'
        ? false
        : past === 'true' || past === '1'
          ? true
          : DEFAULT_MARKET_LIST_PARAMS.showPastEvents,
  };
}

/**
 * The page URL's query for `params`: only what differs from the defaults, so the default list is plain
 * `/prophecy`. The inverse of {@link marketListParamsFromUrl}.
 *
 * @example marketListSearch({ ...DEFAULT_MARKET_LIST_PARAMS, name: 'sol' }).toString() === 'name=sol'
 */
export function marketListSearch(params: MarketListParams): URLSearchParams {
  const search = new URLSearchParams();
  if (params.sortBy !== DEFAULT_MARKET_LIST_PARAMS.sortBy) search.set('sortBy', params.sortBy);
  if (selectedCategories(params.categories).length > 0) search.set('categories', params.categories);
  if (params.name !== null) search.set('name', params.name);
  if (params.showPastEvents !== DEFAULT_MARKET_LIST_PARAMS.showPastEvents) {
    search.set('showPastEvents', String(params.showPastEvents));
  }
  return search;
}

/** Whether the list is narrowed by anything but its order. */
export function isFiltered(params: MarketListParams): boolean {
  return (
    params.name !== null ||
    selectedCategories(params.categories).length > 0 ||
    params.showPastEvents !== DEFAULT_MARKET_LIST_PARAMS.showPastEvents
  );
}
