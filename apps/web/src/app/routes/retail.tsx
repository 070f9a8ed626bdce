import { Link } from 'react-router';

import { ImageWithFallback } from '../../components/ui/image-with-fallback.tsx';
import { formatNumber, formatSol } from '../../lib/format.ts';
import { GameHelpButton } from '../../features/help/components/game-help.tsx';
import { trendingCollectionsQueryOptions, useTrendingCollections } from './data/get-trending-collections.ts';
import { ensureData } from './data/ensure-data.ts';
import { ARTWORK, cdnImage } from './data/preload-image.ts';
import { gameFacts } from './game-facts.ts';
import { EmptyState, GameHero, SectionTitle } from './game-hero.tsx';

/** ReTail loads the trending collections (spec §2). */
export async function loader(): Promise<null> {
  await ensureData(trendingCollectionsQueryOptions());
  return null;
}

/** The rules every ReTail page shows. */
export const RETAIL_RULES = [
  <>Pick a listed NFT and a win chance from {gameFacts().oddsRange}; the stake is that share of its price.</>,
  <>
    The prize is priced at the listing plus the {gameFacts().marketplaceFee} marketplace fee and the creator
    royalty; a {gameFacts().tailspinFee} fee is paid on top of the stake.
  </>,
  <>
    Win and the NFT is bought for you in the same transaction as your claim, or take its full value in SOL.
  </>,
];

/** ReTail: the rules and the trending collections. */
export function Component() {
  const { data: collections } = useTrendingCollections();
  return (
    <div className="mx-auto max-w-[1400px] animate-fade-in">
      <GameHero
        help={<GameHelpButton game="retail" className="border border-edge bg-void/60 backdrop-blur" />}
        eyebrow="NFT game"
        title="ReTail"
        pitch="Bet a fraction of a listing's price for a shot at owning the NFT outright."
        cover={ARTWORK.retail}
        tone="pink"
        stats={[
          { label: 'Win chance', value: gameFacts().oddsRange },
          { label: 'Fee', value: gameFacts().tailspinFee },
          { label: 'Market fee', value: gameFacts().marketplaceFee },
          { label: 'Min stake', value: gameFacts().minBet },
        ]}
        rules={RETAIL_RULES}
      />
      <SectionTitle
        aside={
          <span className="text-xs text-ink-faint">
            {collections.length} {collections.length === 1 ? 'collection' : 'collections'}
          </span>
        }
      >
        Trending collections
      </SectionTitle>
      {collections.length === 0 ? (
        <EmptyState title="No trending collections right now">
          Check back soon: listings refresh continuously.
        </EmptyState>
      ) : (
        <ul className="grid grid-cols-1 gap-4 xs:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-5">
          {collections.map((collection) => (
            <li key={collection.collId}>
              <Link
                to={`/retail/${encodeURIComponent(collection.slug)}`}
                className="group card flex h-full flex-col overflow-hidden transition hover:-translate-y-1 hover:border-accent-2/60 hover:shadow-[0_20px_50px_-20px_var(--color-accent-2)]"
              >
                <div className="aspect-square overflow-hidden bg-panel-2">
                  <ImageWithFallback
                    src={cdnImage(collection.image, 480)}
                    alt=""
                    className="size-full object-cover transition duration-500 group-hover:scale-105"
                  />
                </div>
                <div className="flex flex-col gap-3 p-4">
                  <h3 className="truncate font-display text-base font-bold text-ink">{collection.name}</h3>
                  <dl className="grid grid-cols-2 gap-x-3 gap-y-2 text-xs">
                    <div>
                      <dt className="text-ink-faint">Floor</dt>
                      <dd className="font-display font-bold text-accent tabular">
                        {formatSol(collection.floorPrice)}
                      </dd>
                    </div>
                    <div>
                      <dt className="text-ink-faint">24h volume</dt>
                      <dd className="font-display font-bold text-ink tabular">
                        {formatSol(collection.volume24h)}
                      </dd>
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
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
