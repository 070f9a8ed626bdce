import { GameHelpButton } from '../../features/help/components/game-help.tsx';
import {
  trendingCollectionsQueryOptions,
  useTrendingCollections,
} from '../../features/retail/api/get-trending-collections.ts';
import { CollectionCard } from '../../features/retail/components/collection-card.tsx';
import { ensureData } from './data/ensure-data.ts';
import { ARTWORK } from './data/preload-image.ts';
import { gameFacts } from './game-facts.ts';
import { EmptyState, GameHero, SectionTitle } from './game-hero.tsx';

/** ReTail loads the trending collections. */
export async function loader(): Promise<null> {
  await ensureData(trendingCollectionsQueryOptions());
  return null;
}

/** The rules every ReTail page shows. */
export const RETAIL_RULES = [
  <>Pick a listed NFT and a win chance from {gameFacts().oddsRange}; the stake is that share of its price.</>,
  <>
    The prize is the listing price plus the {gameFacts().marketplaceFee} marketplace fee (and the creator
    royalty on programmable and core NFTs); a {gameFacts().tailspinFee} fee is paid on top of the stake.
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
          {collections.map((collection, index) => (
            <li key={collection.collId}>
              <CollectionCard collection={collection} rank={index + 1} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
