import { Link, useLoaderData, useParams, type LoaderFunctionArgs } from 'react-router';

import { ImageWithFallback } from '../../components/ui/image-with-fallback.tsx';
import { GameHelpButton } from '../../features/help/components/game-help.tsx';
import { formatSol, shortAddress } from '../../lib/format.ts';
import { ensureData } from './data/ensure-data.ts';
import { collectionQueryOptions, useCollection } from './data/get-collection.ts';
import { cdnImage } from './data/preload-image.ts';
import { bpsPercent } from './game-facts.ts';
import { EmptyState, SectionTitle } from './game-hero.tsx';
import { isMissingResource, MissingResource } from './missing-resource.tsx';
import { RETAIL_RULES } from './retail.tsx';

/** One ReTail collection loads that collection and its listings; an unknown slug is not a crash. */
export async function loader({ params }: LoaderFunctionArgs): Promise<{ readonly missing: boolean }> {
  try {
    await ensureData(collectionQueryOptions(params['slug'] ?? ''));
    return { missing: false };
  } catch (error) {
    if (isMissingResource(error)) return { missing: true };
    throw error;
  }
}

const STANDARD_LABELS = {
  NonFungible: 'NFT',
  ProgrammableNonFungible: 'pNFT',
  Core: 'Core',
} as const;

/** One ReTail collection, or a "Collection not found" state for a link to none. */
export function Component() {
  const slug = useParams()['slug'] ?? '';
  const { missing } = useLoaderData<typeof loader>();
  if (missing) {
    return (
      <MissingResource
        title="Collection not found"
        description="ReTail has no collection by this name. It may have been delisted, or the link is mistyped."
        id={slug}
        back={{ to: '/retail', label: 'All collections' }}
      />
    );
  }
  return <CollectionPage slug={slug} />;
}

/** The collection: its header, the rules and its listings, cheapest first. */
function CollectionPage({ slug }: { readonly slug: string }) {
  const { data: collection } = useCollection(slug);
  return (
    <div className="mx-auto max-w-[1400px] animate-fade-in">
      <div className="mb-4 flex items-center justify-between gap-3">
        <Link
          to="/retail"
          className="inline-flex items-center gap-1.5 text-sm text-ink-dim hover:text-accent"
        >
          <span aria-hidden="true">←</span> All collections
        </Link>
        <GameHelpButton game="retail" />
      </div>
      <section className="card relative overflow-hidden" aria-labelledby="collection-title">
        <ImageWithFallback
          src={cdnImage(collection.image, 1200, 400)}
          alt=""
          loading="eager"
          className="absolute inset-0 size-full scale-110 object-cover opacity-30 blur-2xl"
        />
        <div className="relative flex flex-col gap-6 p-5 sm:flex-row sm:items-center sm:p-8">
          <ImageWithFallback
            src={cdnImage(collection.image, 320)}
            alt={collection.name}
            loading="eager"
            className="size-28 shrink-0 rounded-2xl border border-edge object-cover shadow-[0_0_40px_-10px_var(--color-accent-2)] sm:size-36"
          />
          <div className="flex min-w-0 flex-col gap-3">
            <p className="text-[11px] font-bold tracking-[0.3em] text-accent-2 uppercase">
              ReTail collection
            </p>
            <h1
              id="collection-title"
              className="font-display text-3xl font-black tracking-tight text-ink sm:text-4xl"
            >
              {collection.name}
            </h1>
            {collection.description && (
              <p className="max-w-2xl text-sm text-ink-dim">{collection.description}</p>
            )}
            <dl className="flex flex-wrap gap-2">
              {[
                { label: 'Floor', value: formatSol(collection.floorPrice) },
                { label: 'Listed', value: String(collection.listedCount) },
                { label: 'Supply', value: String(collection.supply) },
                { label: '24h volume', value: formatSol(collection.volume24h) },
              ].map((stat) => (
                <div key={stat.label} className="rounded-xl border border-edge bg-void/60 px-3 py-2">
                  <dt className="text-[10px] font-bold tracking-widest text-ink-faint uppercase">
                    {stat.label}
                  </dt>
                  <dd className="font-display text-base font-bold text-ink tabular">{stat.value}</dd>
                </div>
              ))}
            </dl>
          </div>
        </div>
      </section>
      <ul className="mt-4 grid gap-2 text-sm text-ink-dim md:grid-cols-3">
        {RETAIL_RULES.map((rule, index) => (
          <li key={index} className="rounded-xl border border-edge/70 bg-panel/40 p-3">
            {rule}
          </li>
        ))}
      </ul>
      <SectionTitle aside={<span className="text-xs text-ink-faint">Cheapest first</span>}>
        Listings
      </SectionTitle>
      {collection.listings.length === 0 ? (
        <EmptyState title="Nothing listed in this collection right now">
          Pick another collection, or come back when new listings appear.
        </EmptyState>
      ) : (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4 2xl:grid-cols-6">
          {collection.listings.map((listing) => (
            <li key={listing.mint} className="card flex flex-col overflow-hidden">
              <div className="relative aspect-square bg-panel-2">
                <ImageWithFallback
                  src={cdnImage(listing.image, 400)}
                  alt=""
                  className="size-full object-cover"
                />
                <span className="absolute top-2 left-2 rounded-md bg-void/80 px-1.5 py-0.5 text-[10px] font-bold text-ink-dim backdrop-blur">
                  {STANDARD_LABELS[listing.tokenStandard]}
                </span>
              </div>
              <div className="flex flex-col gap-2 p-3">
                <p className="truncate text-sm font-semibold text-ink" title={listing.name}>
                  {listing.name}
                </p>
                <dl className="grid gap-1 text-xs">
                  <div className="flex justify-between gap-2">
                    <dt className="text-ink-faint">Listed</dt>
                    <dd className="text-ink tabular">{formatSol(listing.price)}</dd>
                  </div>
                  <div className="flex justify-between gap-2">
                    <dt className="text-ink-faint">Prize value</dt>
                    <dd className="font-display font-bold text-accent tabular">
                      {formatSol(listing.buyerPrice)}
                    </dd>
                  </div>
                  <div className="flex justify-between gap-2">
                    <dt className="text-ink-faint">Royalty</dt>
                    <dd className="text-ink-dim tabular">
                      {listing.royalty === 0n ? 'none' : bpsPercent(BigInt(listing.royaltyBps))}
                    </dd>
                  </div>
                  <div className="flex justify-between gap-2">
                    <dt className="text-ink-faint">Seller</dt>
                    <dd className="font-mono text-ink-dim" title={listing.seller}>
                      {shortAddress(listing.seller)}
                    </dd>
                  </div>
                </dl>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
