import { describe, expect, it } from 'vitest';

import { LISTING_RECHECK_MS, listingRecheckInterval } from './get-listing.ts';

describe('the live-listing check', () => {
  it('re-checks a listed (or not yet known) listing, and stops once it is gone: no 404 every 15 s', () => {
    expect(listingRecheckInterval(undefined)).toBe(LISTING_RECHECK_MS);
    expect(
      listingRecheckInterval({ mint: 'm', price: 1n } as unknown as Parameters<
        typeof listingRecheckInterval
      >[0]),
    ).toBe(LISTING_RECHECK_MS);
    expect(listingRecheckInterval(null)).toBe(false);
  });
});
