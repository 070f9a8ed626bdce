import { ERROR_MESSAGES, FAQ_HINTS } from '@arcade/sdk/messages';
import { MIN_BET_LAMPORTS } from '@arcade/sdk/constants';
import { BetState, type BetAccount } from '@arcade/sdk/wager/accounts';
import { useState } from 'react';
import { Link } from 'react-router';

import { Button, Spinner } from '../../../components/ui/button.tsx';
import { ImageWithFallback } from '../../../components/ui/image-with-fallback.tsx';
import { formatLamports, formatSol } from '../../../lib/format.ts';
import { ui } from '../../../lib/store.ts';
import { useWallet } from '../../../lib/wallet/wallet-context.tsx';
import { useBetRecord } from '../../../lib/wager-bet/api/get-bet-record.ts';
import { useHouseLimits } from '../../../lib/wager-bet/api/get-house-limits.ts';
import { FairnessDisclosure } from '../../../lib/wager-bet/components/fairness-disclosure.tsx';
import { OddsPicker } from '../../../lib/wager-bet/components/odds-picker.tsx';
import { RefundNotice } from '../../../lib/wager-bet/components/refund-notice.tsx';
import { RefundStatusView } from '../../../lib/wager-bet/components/refund-status.tsx';
import { RollCheck } from '../../../lib/wager-bet/components/roll-check.tsx';
import { useBetExtraCosts } from '../../../lib/wager-bet/hooks/use-bet-extra-costs.ts';
import { preflightBet } from '../../../lib/wager-bet/hooks/use-place-bet.ts';
import {
  canAffordBet,
  notEnoughSolMessage,
  type BetExtraCosts,
} from '../../../lib/wager-bet/utils/bet-costs.ts';
import { NO_SEED_TEXT } from '../../../lib/error-text.ts';
import { betErrorMessage, LAST_BET_REVEALING } from '../../../lib/wager-bet/utils/bet-errors.ts';
import {
  awaitsReveal,
  claimAmount,
  lateWinOwed,
  REFUND_AWAITS_REVEAL,
  refundedOwedText,
  refundStatusDetail,
} from '../../../lib/wager-bet/utils/refund.ts';
import { PayLine } from '../../../lib/wager-bet/components/pay-summary.tsx';
import { betCharge, costSol } from '../../../lib/wager-bet/utils/bet-costs.ts';
import { NftClaimError } from '../api/buy-listing.ts';
import type { Listing } from '../api/get-collection.ts';
import { useSolBalanceQuery } from '../../../lib/wallet/get-sol-balance.ts';
import { useOwnsNft } from '../api/get-inventory.ts';
import type { RetailBet } from '../hooks/use-retail-bet.ts';
import {
  LISTING_CHECK_FAILED,
  LISTING_CHECKING,
  LISTING_SOLD,
  ListingCheckError,
  type ListingCheck,
} from '../utils/listing-check.ts';
import { nftImage } from '../utils/nft-image.ts';
import { betBreakdown } from '../utils/price-breakdown.ts';
import { PriceBreakdown } from './price-breakdown.tsx';

/** The odds a panel opens with: a likely win, so a first play is a friendly one. */
export const DEFAULT_ODDS = 50;

/** The one-line "how it works" next to the controls. */
export const HOW_IT_WORKS =
  'Pick your win chance: you stake that share of the NFT’s price. Win, and the NFT is bought for you in the same transaction as your claim.';

/** What stops a bet now, as a sentence; null when the bet may go. */
export function playBlocker(args: {
  readonly live: Listing | null | undefined;
  /** The live-listing check: a bet waits for an answer, and is refused while the last check failed. */
  readonly check: ListingCheck;
  readonly prize: bigint;
  readonly odds: number;
  readonly total: bigint;
  readonly maxPrize: bigint | null;
  readonly paused: boolean;
  /** The settler has a seed committed for the next bet (false: NoSeedCommitted). */
  readonly seedCommitted?: boolean;
  readonly houseLoading: boolean;
  readonly balance: bigint | null;
  /** What the bet needs besides stake + fee (record rent on a first bet, network fee); null: unknown yet. */
  readonly extra: BetExtraCosts | null;
  readonly record: BetAccount | null;
  /** The House's next sequence to reveal (null: unknown). */
  readonly revealSequence?: bigint | null;
}): string | null {
  if (args.live === null) return LISTING_SOLD;
  if (args.check === 'failed') return LISTING_CHECK_FAILED;
  if (args.live === undefined || args.check === 'checking') return LISTING_CHECKING;
  if (args.record !== null && args.record.state === BetState.Open) return LAST_BET_REVEALING;
  if (args.record?.state === BetState.Refunded && awaitsReveal(args.record, args.revealSequence ?? null)) {
    return REFUND_AWAITS_REVEAL;
  }
  if (args.paused) return 'Betting is paused for now. Try again in a little while.';
  if (args.seedCommitted === false) return NO_SEED_TEXT;
  const refused = preflightBet({ odds: args.odds, listingPrice: args.prize, maxPrize: args.maxPrize });
  if (refused !== null) {
    return refused.code === 'InvalidListingPrice' && args.maxPrize !== null
      ? `This prize is more than the house covers right now (up to ${formatSol(args.maxPrize)}). Pick a cheaper NFT.`
      : refused.message;
  }
  if (args.maxPrize === null && args.houseLoading) return 'Checking the house’s limit…';
  if (args.balance !== null && args.extra !== null && !canAffordBet(args.balance, args.total, args.extra)) {
    return notEnoughSolMessage(args.total, args.extra, args.balance);
  }
  return null;
}

/**
 * What the Play button says: what the bet costs (stake + fee + any rent a first bet pays; the network fee
 * is on the line below), or, under the smallest stake, what is wrong: never "Play for 0.00 SOL".
 */
export function playButtonText(args: {
  readonly placing: boolean;
  readonly checkingListing: boolean;
  /** Null: the stake at these odds is under the minimum. */
  readonly pay: bigint | null;
}): string {
  if (args.placing) return args.checkingListing ? 'Checking the listing…' : 'Confirm in your wallet…';
  if (args.pay === null) return `Minimum stake ${formatLamports(MIN_BET_LAMPORTS)} SOL: raise the chance`;
  return `Play for ${costSol(args.pay)} SOL`;
}

/** Props of {@link BetPanel}. */
export interface BetPanelProps {
  /** The listing: its live copy when known, else as the collection page listed it. */
  readonly listing: Listing;
  /** The price the collection page listed it at (null when it was not on the page). */
  readonly listedPrice: bigint | null;
  /** Its live state: undefined while unknown, null when no longer listed. */
  readonly live: Listing | null | undefined;
  readonly check: ListingCheck;
  /** Asks the listing again now (after a failed check). */
  readonly onRecheck: () => void;
  readonly bet: RetailBet;
  readonly backTo: string;
}

/**
 * The right-hand side of a play: odds and the pre-bet breakdown, then the draw, the result and the claim.
 */
export function BetPanel({ listing, listedPrice, live, check, onRecheck, bet, backTo }: BetPanelProps) {
  const [odds, setOdds] = useState(DEFAULT_ODDS);
  const { wallet } = useWallet();
  const user = wallet?.address ?? null;
  const house = useHouseLimits();
  const record = useBetRecord();
  const balance = useSolBalanceQuery(user).data ?? null;
  const extra = useBetExtraCosts();
  const current = live ?? listing;
  const breakdown = betBreakdown(current, odds);
  const priceMoved = live != null && listedPrice !== null && live.price !== listedPrice;
  const { state } = bet;

  if (state.step === 'won' || state.step === 'claiming' || state.step === 'claimed') {
    return <WinPanel bet={bet} listing={listing} backTo={backTo} />;
  }
  if (state.step === 'waiting' || state.step === 'revealing') {
    return (
      <div className="grid gap-4" aria-live="polite">
        <div className="flex items-center gap-3 rounded-xl border border-accent-2/40 bg-accent-2/10 p-4">
          <Spinner className="size-5 text-accent-2" />
          <div>
            <p className="font-display font-bold text-ink">
              {state.step === 'waiting' ? 'The claw is lining up…' : 'Here it comes…'}
            </p>
            <p className="text-sm text-ink-dim">
              {state.step === 'waiting'
                ? 'Your bet is in. Its roll is being revealed on chain.'
                : 'The result is in. Watch the claw.'}
            </p>
          </div>
        </div>
        {state.step === 'waiting' && <RefundNotice bet={record.bet} onRefunded={bet.refunded} />}
        <PriceBreakdown breakdown={breakdown} charge={betCharge(breakdown.stake, breakdown.fee, null)} />
      </div>
    );
  }
  if (state.step === 'lost') {
    return (
      <div className="grid gap-4" aria-live="polite">
        <div className="rounded-xl border border-loss/40 bg-loss/10 p-4">
          <p className="font-display text-lg font-bold text-ink">The claw slipped!</p>
          <p className="mt-1 text-sm text-ink-dim">
            No {listing.name} this time. Fancy another go? Higher odds cost more, but slip less.
          </p>
        </div>
        <RollCheck roll={state.roll ?? null} signature={state.placed.signature || null} />
        <Button size="lg" variant="primary" onClick={bet.reset}>
          Have another go
        </Button>
        <Link to={backTo} className="text-center text-sm text-ink-dim hover:text-accent">
          Pick another NFT
        </Link>
      </div>
    );
  }
  if (state.step === 'timeout') {
    return (
      <div className="grid gap-4">
        <div role="alert" className="rounded-xl border border-juice/40 bg-juice/10 p-4">
          <p className="font-display text-lg font-bold text-ink">{ERROR_MESSAGES.betTimedOut}</p>
          <p className="mt-1 text-sm text-ink-dim">
            The draw is taking longer than usual. Your bet is safe: if it wins, the win shows in the banner at
            the top and here, ready to claim.
          </p>
        </div>
        <RefundNotice bet={record.bet} onRefunded={bet.refunded} />
        <Button variant="secondary" onClick={bet.reset}>
          Back to the machine
        </Button>
      </div>
    );
  }

  // idle or placing
  const placing = state.step === 'placing';
  // Nothing to say while a bet is placed: its record opens and its debit lands before the confirmation, and
  // "still being drawn" or "Not enough SOL" about the bet being placed would flash under the button.
  const blocker =
    user === null || placing
      ? null
      : playBlocker({
          live,
          check,
          prize: breakdown.buyerPrice,
          odds,
          total: breakdown.total,
          maxPrize: house.maxPrize,
          paused: house.paused,
          seedCommitted: house.seedCommitted,
          houseLoading: house.isLoading,
          balance,
          extra,
          record: record.bet,
          revealSequence: house.revealSequence,
        });
  const error = state.step === 'idle' ? state.error : null;
  // A listing found sold or unchecked at Play says so under the button, as long as it stays so.
  const shownError = error instanceof ListingCheckError && error.reason !== 'price-changed' ? null : error;
  const priceChangedAtPlay = error instanceof ListingCheckError && error.reason === 'price-changed';
  const charge =
    breakdown.stake < MIN_BET_LAMPORTS
      ? null
      : betCharge(breakdown.stake, breakdown.fee, user === null ? null : extra);
  const describedBy = [
    blocker === null ? null : 'retail-play-blocker',
    charge === null ? null : 'retail-play-charge',
  ]
    .filter((part) => part !== null)
    .join(' ');
  // The chance and Play come first (on a phone, in the first screen with the claw); the price breakdown,
  // the fairness details and the notes follow.
  return (
    <div className="grid gap-4">
      {priceMoved && !priceChangedAtPlay && (
        <p role="status" className="rounded-xl border border-juice/40 bg-juice/10 p-3 text-sm text-ink">
          The seller changed the price to {formatSol(current.price)}. The breakdown below is up to date.
        </p>
      )}
      <OddsPicker value={odds} onChange={setOdds} disabled={placing || live === null} />
      {user === null ? (
        <Button
          size="lg"
          onClick={() => {
            ui.openModal('connect');
          }}
        >
          Connect wallet to play
        </Button>
      ) : (
        <div className="grid gap-2">
          <div>
            <Button
              size="lg"
              className="w-full"
              pending={placing}
              disabled={blocker !== null || charge === null}
              aria-describedby={describedBy === '' ? undefined : describedBy}
              onClick={() => {
                bet.place({ odds, prize: breakdown.buyerPrice });
              }}
            >
              {playButtonText({ placing, checkingListing: bet.checkingListing, pay: charge?.pay ?? null })}
            </Button>
            {charge !== null && <PayLine charge={charge} id="retail-play-charge" />}
          </div>
          {blocker !== null && (
            <p id="retail-play-blocker" className="text-center text-sm text-ink-dim">
              {blocker}
            </p>
          )}
          {!placing && check === 'failed' && live !== null && (
            <Button variant="secondary" onClick={onRecheck}>
              Check again
            </Button>
          )}
        </div>
      )}
      {shownError !== null && shownError !== undefined && (
        <p role="alert" className="rounded-xl border border-loss/40 bg-loss/10 p-3 text-sm text-ink">
          {betErrorMessage(shownError)}
        </p>
      )}
      {/* A bet left open by an earlier visit whose roll is overdue: it can be refunded here too. */}
      {!placing && <RefundNotice bet={record.bet} />}
      {/* A refunded last bet: what its refund kept (a roll revealed later, its win paid). */}
      {!placing && <RefundStatusView bet={record.bet} variant="note" />}
      <PriceBreakdown breakdown={breakdown} charge={charge} />
      <FairnessDisclosure disabled={placing} />
      <p className="text-xs leading-relaxed text-ink-faint">{HOW_IT_WORKS}</p>
    </div>
  );
}

/** A win: claim the NFT or its SOL value; then, what was claimed. */
function WinPanel({
  bet,
  listing,
  backTo,
}: {
  readonly bet: RetailBet;
  readonly listing: Listing;
  readonly backTo: string;
}) {
  const { state } = bet;
  const { wallet } = useWallet();
  const won =
    state.step === 'won' || state.step === 'claiming' || state.step === 'claimed' ? state.bet : null;
  const owns = useOwnsNft(
    state.step === 'claimed' && state.how === 'nft' ? (wallet?.address ?? null) : null,
    won?.mint ?? '',
  );
  if (won === null) return null;
  const prizeName = won.mint === listing.mint ? listing.name : 'your NFT';

  if (state.step === 'claimed') {
    return (
      <div className="grid gap-4" aria-live="polite">
        <div className="rounded-xl border border-win/40 bg-win/10 p-4">
          {state.how === 'nft' ? (
            <>
              {won.mint === listing.mint && (
                <ImageWithFallback
                  src={nftImage(listing.image, 320)}
                  alt={listing.name}
                  className="mb-3 aspect-square w-full max-w-40 rounded-xl border border-win/40 object-cover shadow-[0_0_40px_-12px_var(--color-win)]"
                />
              )}
              <p className="font-display text-lg font-bold text-ink">{prizeName} is yours!</p>
              <p className="mt-1 text-sm text-ink-dim">
                {owns === true
                  ? 'It is in your wallet.'
                  : owns === false
                    ? 'The purchase is confirmed; your wallet will show it in a moment.'
                    : 'Checking your wallet…'}
              </p>
            </>
          ) : (
            <>
              <p className="font-display text-lg font-bold text-ink">Claimed {formatSol(claimAmount(won))}</p>
              <p className="mt-1 text-sm text-ink-dim">
                {lateWinOwed(won) === null
                  ? 'The prize’s full value is in your wallet.'
                  : 'The rest of your prize is in your wallet, on top of the stake and fee your refund returned.'}
              </p>
            </>
          )}
        </div>
        <Link
          to={backTo}
          className="inline-flex h-12 items-center justify-center rounded-xl bg-accent px-6 font-semibold text-black hover:brightness-110"
        >
          Back to the listings
        </Link>
      </div>
    );
  }

  if (state.step !== 'won' && state.step !== 'claiming') return null;
  const claiming = state.step === 'claiming' ? state.how : null;
  const claimError = state.step === 'won' ? state.claimError : null;
  const nft = bet.canClaimNft(won);
  const late = lateWinOwed(won);
  const amount = claimAmount(won);
  return (
    <div className="grid gap-4">
      <div className="rounded-xl border border-win/40 bg-win/10 p-4" aria-live="polite">
        <p className="font-display text-lg font-bold text-ink">
          {late !== null
            ? refundedOwedText(late)
            : state.placed === null
              ? 'You have a win to claim'
              : `You won ${prizeName}!`}
        </p>
        <p className="mt-1 text-sm text-ink-dim">
          {late !== null
            ? refundStatusDetail({ kind: 'owed', owed: late })
            : state.placed === null
              ? `Claim your earlier win (${formatSol(won.listingPrice)}) before your next bet.`
              : 'Claim the NFT: it is bought for you with your prize, in one transaction. Or take its full value in SOL.'}
        </p>
      </div>
      {state.placed !== null && (
        <RollCheck roll={state.roll ?? null} signature={state.placed.signature || null} />
      )}
      {claimError !== null && claimError !== undefined && <ClaimFailure error={claimError} />}
      {nft && (
        <Button
          size="lg"
          variant="up"
          pending={claiming === 'nft'}
          disabled={claiming !== null}
          onClick={() => {
            bet.claim('nft');
          }}
        >
          Claim NFT
        </Button>
      )}
      <Button
        size={nft ? 'md' : 'lg'}
        variant={nft ? 'secondary' : 'up'}
        pending={claiming === 'sol'}
        disabled={claiming !== null}
        onClick={() => {
          bet.claim('sol');
        }}
      >
        {nft ? `Claim as SOL (${formatSol(amount)})` : `Claim ${formatSol(amount)}`}
      </Button>
      {!nft && state.placed === null && late === null && (
        <p className="text-xs text-ink-faint">
          This win is not an NFT of this collection, so it is claimed as its SOL value here.
        </p>
      )}
    </div>
  );
}

/**
 * Why a claim failed. Only a claim as NFT that could not be composed (sold, the price moved, no usable buy:
 * 'Invalid Transaction') gets the FAQ's hint to retry or take the SOL value; any other failure (a declined
 * signature, a SOL claim, the chain refusing the claim) says what happened, without blaming the price.
 */
function ClaimFailure({ error }: { readonly error: unknown }) {
  if (error instanceof NftClaimError) {
    return (
      <div role="alert" className="rounded-xl border border-loss/40 bg-loss/10 p-3 text-sm">
        <p className="font-semibold text-ink">{error.message}</p>
        <p className="mt-1 text-ink-dim">{FAQ_HINTS[1].hint}</p>
        <p className="mt-1 text-xs text-ink-faint">{error.detail}</p>
      </div>
    );
  }
  return (
    <div role="alert" className="rounded-xl border border-loss/40 bg-loss/10 p-3 text-sm">
      <p className="font-semibold text-ink">{betErrorMessage(error)}</p>
    </div>
  );
}
