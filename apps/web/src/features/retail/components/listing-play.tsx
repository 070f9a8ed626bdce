import { useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';

import { prefersReducedMotion } from '../../../components/animation/json-animation.ts';
import { Button } from '../../../components/ui/button.tsx';
import { ImageWithFallback } from '../../../components/ui/image-with-fallback.tsx';
import type { Collection, Listing } from '../api/get-collection.ts';
import { useWallet } from '../../../lib/wallet/wallet-context.tsx';
import { useOwnsNft } from '../api/get-inventory.ts';
import { useLiveListing } from '../api/get-listing.ts';
import { useRetailBet } from '../hooks/use-retail-bet.ts';
import { clawPhaseOf } from '../utils/bet-machine.ts';
import type { ListingCheck } from '../utils/listing-check.ts';
import { nftImage } from '../utils/nft-image.ts';
import { BetPanel } from './bet-panel.tsx';
import { ClawMachine } from './claw-machine.tsx';
import { STANDARD_LABELS } from './listing-card.tsx';

/** Props of {@link ListingPlay}. */
export interface ListingPlayProps {
  readonly collection: Collection;
  readonly mint: string;
  /** The collection's grid (with its filters), for the way back. */
  readonly backTo: string;
}

const LIVE_STATES = {
  live: { text: '● Listed', className: 'text-win' },
  gone: { text: '● No longer listed', className: 'text-loss' },
  checking: { text: 'Checking the listing…', className: 'text-ink-faint' },
  failed: { text: '● Could not check the listing', className: 'text-juice' },
  yours: { text: '● Yours', className: 'text-accent' },
} as const;

/** The NFT's traits. */
function Traits({ listing, className }: { readonly listing: Listing; readonly className: string }) {
  if (listing.attributes.length === 0) return null;
  return (
    <ul className={`flex-wrap gap-1.5 ${className}`} aria-label="Traits">
      {listing.attributes.map((attribute) => (
        <li
          key={attribute.trait_type}
          className="rounded-lg border border-edge bg-void/50 px-2 py-1 text-[11px] text-ink-dim"
        >
          <span className="text-ink-faint">{attribute.trait_type}</span>{' '}
          <span className="font-semibold text-ink">{attribute.value}</span>
        </li>
      ))}
    </ul>
  );
}

function sameListing(a: Listing | null, b: Listing): boolean {
  return a !== null && a.mint === b.mint && a.price === b.price && a.seller === b.seller;
}

/**
 * The play screen of one listing: the claw machine with the NFT inside, and the bet panel. The listing is
 * checked live on entry and every few seconds; the last known copy is kept, so the screen still shows the
 * NFT after it sells (to this player, or to someone else).
 */
export function ListingPlay({ collection, mint, backTo }: ListingPlayProps) {
  const listed = collection.listings.find((listing) => listing.mint === mint) ?? null;
  const [claimedHere, setClaimedHere] = useState(false);
  // Once this player has claimed the NFT, the marketplace no longer lists it: no more checks (each would be
  // a 404).
  const live = useLiveListing(collection.collId, mint, !claimedHere);
  const { wallet } = useWallet();
  const owned = useOwnsNft(live.data === null ? (wallet?.address ?? null) : null, mint);
  const fresh = live.data ?? listed;
  const [kept, setKept] = useState<Listing | null>(fresh);
  if (fresh !== null && !sameListing(kept, fresh)) setKept(fresh);
  const listing = fresh ?? kept;

  const mints = useMemo(() => new Set(collection.listings.map((l) => l.mint)), [collection.listings]);
  const machine = useRef<HTMLElement>(null);
  const panel = useRef<HTMLElement>(null);
  const bet = useRetailBet({ collId: collection.collId, mint, name: listing?.name ?? mint }, mints);

  const claimedNft = bet.state.step === 'claimed' && bet.state.how === 'nft' && bet.state.bet.mint === mint;
  if (claimedNft && !claimedHere) setClaimedHere(true);

  // On a phone the machine and the panel are stacked: show the claw while it plays, then the result.
  const step = bet.state.step;
  useEffect(() => {
    const target =
      step === 'waiting' ? machine.current : step === 'won' || step === 'lost' ? panel.current : null;
    if (target === null || typeof target.scrollIntoView !== 'function') return;
    const { top, bottom } = target.getBoundingClientRect();
    if (top >= 0 && bottom <= window.innerHeight) return;
    target.scrollIntoView({
      block: step === 'waiting' ? 'start' : 'nearest',
      behavior: prefersReducedMotion() ? 'auto' : 'smooth',
    });
  }, [step]);

  if (listing === null) {
    if (live.isPending) {
      return (
        <div className="grid gap-6 lg:grid-cols-2" aria-busy="true" aria-label="Loading the listing">
          <div className="aspect-[8/9] animate-pulse rounded-2xl bg-panel-2" />
          <div className="h-96 animate-pulse rounded-2xl bg-panel-2" />
        </div>
      );
    }
    if (live.data === undefined) {
      // Not on the collection page, and the check did not answer: say so, not "sold".
      return (
        <div className="card grid place-items-center gap-3 px-6 py-12 text-center" role="status">
          <p className="font-display text-lg font-bold text-ink">We could not load this listing</p>
          <p className="max-w-md text-sm text-ink-dim">
            The marketplace did not answer. Try again in a moment.
          </p>
          <Button
            variant="secondary"
            pending={live.isFetching}
            onClick={() => {
              void live.refetch();
            }}
          >
            Check again
          </Button>
          <Link to={backTo} className="text-sm font-semibold text-accent-2 hover:underline">
            Back to the listings
          </Link>
        </div>
      );
    }
    return (
      <div className="card grid place-items-center gap-3 px-6 py-12 text-center" role="status">
        {owned === true ? (
          <>
            <p className="font-display text-lg font-bold text-ink">You won this NFT</p>
            <p className="max-w-md text-sm text-ink-dim">
              It is in your wallet, so it is no longer listed. Plenty more in {collection.name}.
            </p>
          </>
        ) : (
          <>
            <p className="font-display text-lg font-bold text-ink">This NFT is no longer listed</p>
            <p className="max-w-md text-sm text-ink-dim">
              Someone won or bought it, or the seller delisted it. Plenty more in {collection.name}.
            </p>
          </>
        )}
        <Link
          to={backTo}
          className="inline-flex h-11 items-center justify-center rounded-xl bg-accent px-5 text-sm font-semibold text-black hover:brightness-110"
        >
          Back to {collection.name}
        </Link>
      </div>
    );
  }

  // The last check failed (its data, if any, may be stale): no bet until one answers; a retry in flight
  // is a check still waiting. The regular poll of a live listing is not.
  const check: ListingCheck = live.isError
    ? live.isFetching
      ? 'checking'
      : 'failed'
    : live.data === undefined
      ? 'checking'
      : 'done';
  const liveState = claimedNft
    ? 'yours'
    : live.data === null
      ? 'gone'
      : check === 'failed'
        ? 'failed'
        : live.data === undefined
          ? 'checking'
          : 'live';
  return (
    <div className="grid items-start gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(360px,460px)] lg:gap-6">
      <section
        ref={machine}
        aria-label="Claw machine"
        className="card scroll-mt-[calc(var(--shell-top,64px)+0.75rem)] p-3 sm:p-6 lg:sticky lg:top-[calc(var(--shell-top,64px)+1rem)]"
      >
        {/* On a phone the claw is small enough for the chance and Play to share the first screen. */}
        <div className="mx-auto w-full max-w-[184px] sm:max-w-none">
          <ClawMachine
            image={nftImage(listing.image, 192)}
            name={listing.name}
            phase={clawPhaseOf(bet.state)}
            onPhaseEnd={bet.revealed}
          />
        </div>
        <Traits listing={listing} className="mt-4 hidden lg:flex" />
      </section>
      <section
        ref={panel}
        aria-labelledby="listing-title"
        className="card scroll-mt-[calc(var(--shell-top,64px)+0.75rem)] grid gap-4 p-4 sm:p-6"
      >
        <header className="flex items-center gap-3">
          <ImageWithFallback
            src={nftImage(listing.image, 96)}
            alt=""
            className="size-12 shrink-0 rounded-xl border border-edge object-cover"
          />
          <div className="min-w-0">
            <h1 id="listing-title" className="truncate font-display text-xl font-black text-ink sm:text-2xl">
              {listing.name}
            </h1>
            <p className="flex flex-wrap items-center gap-x-2 text-xs text-ink-dim">
              <span>{collection.name}</span>
              <span aria-hidden="true">·</span>
              <span>{STANDARD_LABELS[listing.tokenStandard]}</span>
              <span aria-hidden="true">·</span>
              <span role="status" className={LIVE_STATES[liveState].className}>
                {LIVE_STATES[liveState].text}
              </span>
            </p>
          </div>
        </header>
        <BetPanel
          listing={listing}
          listedPrice={listed?.price ?? null}
          live={live.data}
          check={check}
          onRecheck={() => {
            void live.refetch();
          }}
          bet={bet}
          backTo={backTo}
        />
        <Traits listing={listing} className="flex lg:hidden" />
      </section>
    </div>
  );
}
