import { ODDS_MAX } from '@arcade/sdk/constants';
import { Link } from 'react-router';

import { ImageWithFallback } from '../../../components/ui/image-with-fallback.tsx';
import { formatSol } from '../../../lib/format.ts';
import type { Listing, ListingTokenStandard } from '../api/get-collection.ts';
import { nftImage } from '../utils/nft-image.ts';
import { betBreakdown } from '../utils/price-breakdown.ts';
import { bpsText } from './price-breakdown.tsx';

/** Short names of the token standards. */
export const STANDARD_LABELS: Readonly<Record<ListingTokenStandard, string>> = {
  NonFungible: 'NFT',
  ProgrammableNonFungible: 'pNFT',
  Core: 'Core',
};

/** One listing in the grid: its art, the prize value and the cheapest shot at it; opens the bet panel. */
export function ListingCard({ listing, to }: { readonly listing: Listing; readonly to: string }) {
  const safest = betBreakdown(listing, ODDS_MAX);
  return (
    <Link
      to={to}
      className="group card flex h-full flex-col overflow-hidden transition hover:-translate-y-0.5 hover:border-accent-2/60 hover:shadow-[0_16px_40px_-20px_var(--color-accent-2)] focus-visible:border-accent-2"
    >
      {/* No aria-label: the link is named by what it shows (the name, the prize value, the price), so the
          name speech input and screen readers use is the visible one (axe: label-content-name-mismatch).
          The badge and the hover hint are decoration. */}
      <div className="relative aspect-square overflow-hidden bg-panel-2">
        <ImageWithFallback
          src={nftImage(listing.image, 400)}
          alt=""
          className="size-full object-cover transition duration-500 group-hover:scale-105"
        />
        <span
          aria-hidden="true"
          className="absolute top-2 left-2 rounded-md bg-void/80 px-1.5 py-0.5 text-[10px] font-bold text-ink-dim backdrop-blur"
        >
          {STANDARD_LABELS[listing.tokenStandard]}
          {safest.royaltyApplies && listing.royaltyBps > 0 && ` · ${bpsText(listing.royaltyBps)} royalty`}
        </span>
        <span
          aria-hidden="true"
          className="absolute inset-x-2 bottom-2 translate-y-2 rounded-lg bg-accent-2 py-1.5 text-center text-xs font-bold text-black opacity-0 transition group-hover:translate-y-0 group-hover:opacity-100 group-focus-visible:translate-y-0 group-focus-visible:opacity-100"
        >
          Play for it
        </span>
      </div>
      <div className="flex flex-1 flex-col gap-2 p-3">
        <p className="truncate text-sm font-semibold text-ink" title={listing.name}>
          {listing.name}
        </p>
        <dl className="mt-auto grid gap-1 text-xs">
          <div className="flex justify-between gap-2">
            <dt className="text-ink-faint">Prize value</dt>
            <dd className="font-display font-bold text-accent tabular">{formatSol(safest.buyerPrice)}</dd>
          </div>
          <div className="flex justify-between gap-2">
            <dt className="text-ink-faint">Listed</dt>
            <dd className="text-ink-dim tabular">{formatSol(listing.price)}</dd>
          </div>
        </dl>
      </div>
    </Link>
  );
}
