import { Link } from 'react-router';

import { ImageWithFallback } from '../../../components/ui/image-with-fallback.tsx';
import { formatNumber, formatSol } from '../../../lib/format.ts';
import type { CollectionSummary } from '../api/get-trending-collections.ts';
import { nftImage } from '../utils/nft-image.ts';

/** A trending collection: its art, floor, volume, listed count and supply; opens the collection. */
export function CollectionCard({
  collection,
  rank,
}: {
  readonly collection: CollectionSummary;
  readonly rank: number;
}) {
  return (
    <Link
      to={`/retail/${encodeURIComponent(collection.slug)}`}
      className="group card flex h-full flex-col overflow-hidden transition hover:-translate-y-1 hover:border-accent-2/60 hover:shadow-[0_20px_50px_-20px_var(--color-accent-2)]"
    >
      <div className="relative aspect-square overflow-hidden bg-panel-2">
        <ImageWithFallback
          src={nftImage(collection.image, 480)}
          alt=""
          className="size-full object-cover transition duration-500 group-hover:scale-105"
        />
        <span className="absolute top-3 left-3 rounded-lg bg-void/80 px-2 py-1 font-display text-xs font-black text-accent-2 backdrop-blur">
          #{rank}
        </span>
      </div>
      <div className="flex flex-col gap-3 p-4">
        <h3 className="truncate font-display text-base font-bold text-ink">{collection.name}</h3>
        <dl className="grid grid-cols-2 gap-x-3 gap-y-2 text-xs">
          <div>
            <dt className="text-ink-faint">Floor</dt>
            <dd className="font-display font-bold text-accent tabular">{formatSol(collection.floorPrice)}</dd>
          </div>
          <div>
            <dt className="text-ink-faint">24h volume</dt>
            <dd className="font-display font-bold text-ink tabular">{formatSol(collection.volume24h)}</dd>
          </div>
          <div>
            <dt className="text-ink-faint">Listed</dt>
            <dd className="font-semibold text-ink tabular">{collection.listedCount}</dd>
          </div>
          <div>
            <dt className="text-ink-faint">Supply</dt>
            <dd className="font-semibold text-ink tabular">
              {formatNumber(collection.supply).replace(/\.0$/, '')}
            </dd>
          </div>
        </dl>
      </div>
    </Link>
  );
}
