import { useSearchParams } from 'react-router';

import { Button } from '../../../components/ui/button.tsx';
import type { Collection, Listing } from '../api/get-collection.ts';
import { useCollectionTraits } from '../api/get-collection-traits.ts';
import {
  filterListings,
  parseTraitParams,
  selectedCount,
  writeTraitParams,
  type TraitSelection,
} from '../utils/trait-filter.ts';
import { ListingCard } from './listing-card.tsx';
import { TraitFilters } from './trait-filters.tsx';

/** The URL parameter of the listing whose bet panel is open. */
export const LISTING_PARAM = 'listing';
/** The URL parameter of the sort order. */
export const SORT_PARAM = 'sort';

const SORTS = {
  'price-asc': { label: 'Price: low to high', compare: (a: Listing, b: Listing) => cmp(a.price, b.price) },
  'price-desc': { label: 'Price: high to low', compare: (a: Listing, b: Listing) => cmp(b.price, a.price) },
} as const;
type SortKey = keyof typeof SORTS;

function cmp(a: bigint, b: bigint): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function sortOf(params: URLSearchParams): SortKey {
  const value = params.get(SORT_PARAM);
  return value !== null && value in SORTS ? (value as SortKey) : 'price-asc';
}

/**
 * A collection's live listings with trait filters and a sort; the filters and the sort live in the URL.
 * Each listing links to its bet panel (`?listing=<mint>`, the filters kept for the way back).
 */
export function CollectionBrowser({ collection }: { readonly collection: Collection }) {
  const [params, setParams] = useSearchParams();
  const traits = useCollectionTraits(collection.collId);
  const selection = parseTraitParams(params);
  const sort = sortOf(params);
  const shown = filterListings(collection.listings, selection).sort(SORTS[sort].compare);

  const setSelection = (next: TraitSelection) => {
    setParams(writeTraitParams(params, next), { replace: true, preventScrollReset: true });
  };
  const listingLink = (mint: string) => {
    const next = new URLSearchParams(params);
    next.set(LISTING_PARAM, mint);
    return `?${next.toString()}`;
  };

  if (collection.listings.length === 0) {
    return (
      <div className="card grid place-items-center gap-2 px-6 py-12 text-center">
        <p className="font-display text-base font-bold text-ink">
          Nothing listed in this collection right now
        </p>
        <p className="max-w-md text-sm text-ink-dim">
          Pick another collection, or come back when new listings appear.
        </p>
      </div>
    );
  }

  return (
    // Laid out by the space it gets (container queries), not the viewport: the feed sidebar takes a lot of it.
    <div className="@container">
      <div className="grid gap-4 @4xl:grid-cols-[232px_minmax(0,1fr)] @4xl:gap-6">
        <TraitFilters
          traits={traits.data ?? null}
          failed={traits.isError}
          selection={selection}
          onChange={setSelection}
        />
        <section aria-label="Listings" className="min-w-0">
          <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
            <p className="text-sm text-ink-dim" aria-live="polite">
              <span className="font-semibold text-ink tabular">{shown.length}</span> of{' '}
              <span className="tabular">{collection.listings.length}</span> listed
            </p>
            <label className="flex items-center gap-2 text-xs text-ink-faint">
              Sort
              <select
                value={sort}
                onChange={(event) => {
                  const next = new URLSearchParams(params);
                  next.set(SORT_PARAM, event.target.value);
                  setParams(next, { replace: true, preventScrollReset: true });
                }}
                className="h-9 rounded-lg border border-edge bg-panel px-2 text-sm text-ink"
              >
                {Object.entries(SORTS).map(([key, { label }]) => (
                  <option key={key} value={key}>
                    {label}
                  </option>
                ))}
              </select>
            </label>
          </div>
          {shown.length === 0 ? (
            <div className="card grid place-items-center gap-3 px-6 py-12 text-center">
              <p className="font-display text-base font-bold text-ink">No listings match these traits</p>
              <p className="text-sm text-ink-dim">
                {selectedCount(selection)} {selectedCount(selection) === 1 ? 'filter is' : 'filters are'} on.
                Loosen them to see more.
              </p>
              <Button
                variant="secondary"
                size="sm"
                onClick={() => {
                  setSelection(new Map());
                }}
              >
                Clear filters
              </Button>
            </div>
          ) : (
            <ul className="grid grid-cols-2 gap-3 @lg:grid-cols-3 @3xl:grid-cols-4 @6xl:grid-cols-5 @[96rem]:grid-cols-6">
              {shown.map((listing) => (
                <li key={listing.mint}>
                  <ListingCard listing={listing} to={listingLink(listing.mint)} />
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </div>
  );
}
