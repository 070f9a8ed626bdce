import { Link, useLoaderData, useParams, useSearchParams, type LoaderFunctionArgs } from 'react-router';

import { ImageWithFallback } from '../../components/ui/image-with-fallback.tsx';
import { GameHelpButton } from '../../features/help/components/game-help.tsx';
import {
  collectionQueryOptions,
  useCollection,
  type Collection,
} from '../../features/retail/api/get-collection.ts';
import { CollectionBrowser, LISTING_PARAM } from '../../features/retail/components/collection-browser.tsx';
import { ListingPlay } from '../../features/retail/components/listing-play.tsx';
import { nftImage } from '../../features/retail/utils/nft-image.ts';
import { formatSol } from '../../lib/format.ts';
import { ensureData } from './data/ensure-data.ts';
import { SectionTitle } from './game-hero.tsx';
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

/**
 * One ReTail collection: its listings with trait filters, or (with `?listing=<mint>`) the play screen of
 * one listing; a "Collection not found" state for a link to none.
 */
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

function CollectionPage({ slug }: { readonly slug: string }) {
  const { data: collection } = useCollection(slug);
  const [params] = useSearchParams();
  const mint = params.get(LISTING_PARAM);
  if (mint !== null && mint !== '') {
    const back = new URLSearchParams(params);
    back.delete(LISTING_PARAM);
    const backTo = back.size === 0 ? `/retail/${encodeURIComponent(slug)}` : `?${back.toString()}`;
    return (
      <div className="mx-auto max-w-[1400px] animate-fade-in">
        <div className="mb-4 flex items-center justify-between gap-3">
          <Link
            to={backTo}
            className="inline-flex items-center gap-1.5 text-sm text-ink-dim hover:text-accent"
          >
            <span aria-hidden="true">←</span> {collection.name}
          </Link>
          <GameHelpButton game="retail" />
        </div>
        {/* Keyed by mint: another listing is a new play, with its own odds and claw. */}
        <ListingPlay key={mint} collection={collection} mint={mint} backTo={backTo} />
      </div>
    );
  }
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
      <CollectionHeader collection={collection} />
      <ul className="mt-4 grid gap-2 text-sm text-ink-dim md:grid-cols-3">
        {RETAIL_RULES.map((rule, index) => (
          <li key={index} className="rounded-xl border border-edge/70 bg-panel/40 p-3">
            {rule}
          </li>
        ))}
      </ul>
      <SectionTitle>Listings</SectionTitle>
      <CollectionBrowser collection={collection} />
    </div>
  );
}

/** The collection's art, name, description and headline numbers. */
function CollectionHeader({ collection }: { readonly collection: Collection }) {
  return (
    <section className="card relative overflow-hidden" aria-labelledby="collection-title">
      <ImageWithFallback
        src={nftImage(collection.image, 1200, 400)}
        alt=""
        loading="eager"
        className="absolute inset-0 size-full scale-110 object-cover opacity-30 blur-2xl"
      />
      <div className="relative flex flex-col gap-6 p-5 sm:flex-row sm:items-center sm:p-8">
        <ImageWithFallback
          src={nftImage(collection.image, 320)}
          alt={collection.name}
          loading="eager"
          className="size-28 shrink-0 rounded-2xl border border-edge object-cover shadow-[0_0_40px_-10px_var(--color-accent-2)] sm:size-36"
        />
        <div className="flex min-w-0 flex-col gap-3">
          <p className="text-[11px] font-bold tracking-[0.3em] text-accent-2 uppercase">ReTail collection</p>
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
  );
}
