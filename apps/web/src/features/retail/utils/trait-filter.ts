/**
 * Trait filters of a collection's listings, kept in the URL (`?trait=Background:Mint&trait=Eyes:Star`) so
 * a filtered view can be shared and survives the back button.
 *
 * Values of one trait type widen the match (Mint or Lagoon); different types narrow it (Mint and Star).
 *
 * @module
 */

/** trait type → the values picked (an empty or missing set: no filter on that type). */
export type TraitSelection = ReadonlyMap<string, ReadonlySet<string>>;

/** What a filter reads of a listing. */
export interface HasAttributes {
  readonly attributes: readonly { readonly trait_type: string; readonly value: string }[];
}

/** The URL parameter holding the filters. */
export const TRAIT_PARAM = 'trait';

/** Whether `listing` passes every filtered trait type of `selection`. */
export function matchesTraits(listing: HasAttributes, selection: TraitSelection): boolean {
  for (const [type, values] of selection) {
    if (values.size === 0) continue;
    if (!listing.attributes.some((a) => a.trait_type === type && values.has(a.value))) return false;
  }
  return true;
}

/** The listings that pass `selection`, in their order. */
export function filterListings<T extends HasAttributes>(
  listings: readonly T[],
  selection: TraitSelection,
): T[] {
  return listings.filter((listing) => matchesTraits(listing, selection));
}

/** How many values are picked in all. */
export function selectedCount(selection: TraitSelection): number {
  let count = 0;
  for (const values of selection.values()) count += values.size;
  return count;
}

/** `selection` with `value` of `type` switched on or off. */
export function toggleTrait(selection: TraitSelection, type: string, value: string): TraitSelection {
  const next = new Map(selection);
  const values = new Set(selection.get(type));
  if (values.has(value)) values.delete(value);
  else values.add(value);
  if (values.size === 0) next.delete(type);
  else next.set(type, values);
  return next;
}

/** Reads the filters from URL parameters; malformed entries (no `:`) are ignored. */
export function parseTraitParams(params: URLSearchParams): TraitSelection {
  const selection = new Map<string, Set<string>>();
  for (const entry of params.getAll(TRAIT_PARAM)) {
    const at = entry.indexOf(':');
    if (at <= 0 || at === entry.length - 1) continue;
    const type = entry.slice(0, at);
    const values = selection.get(type) ?? new Set<string>();
    values.add(entry.slice(at + 1));
    selection.set(type, values);
  }
  return selection;
}

/** `params` with its filters replaced by `selection` (other parameters kept). */
export function writeTraitParams(params: URLSearchParams, selection: TraitSelection): URLSearchParams {
  const next = new URLSearchParams(params);
  next.delete(TRAIT_PARAM);
  for (const [type, values] of selection) {
    for (const value of values) next.append(TRAIT_PARAM, `${type}:${value}`);
  }
  return next;
}
