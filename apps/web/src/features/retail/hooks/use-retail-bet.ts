/**
 * One ReTail play, wired to the shared bet engine (`lib/wager-bet`): check the listing once more,
 * place the bet for the NFT's buyer price, wait for its result, let the claw play it out, then claim the
 * NFT (the marketplace buy composed after `claim_bet` in one transaction) or its SOL value. Toasts, sounds
 * and cache refreshes happen here; the steps are {@link retailBetReducer}'s.
 *
 * @module
 */

import { FAILURE_TOASTS, SUCCESS_TOASTS } from '@arcade/sdk/messages';
import { BetType, type BetAccount } from '@arcade/sdk/wager/accounts';
import { isUnclaimedWin } from '@arcade/sdk/wager/views';
import { address as toAddress } from '@solana/kit';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useReducer, useState } from 'react';

import { usePlaySound } from '../../../lib/sound.ts';
import { toast } from '../../../lib/toast.ts';
import { solBalanceQueryKey } from '../../../lib/wallet/balance-query-key.ts';
import { InvalidTransactionError } from '../../../lib/wallet/check-transaction.ts';
import { useWallet } from '../../../lib/wallet/wallet-context.tsx';
import { unclaimedWinsKey } from '../../../lib/query-keys.ts';
import { inventoryKey } from '../../../lib/nft-inventory.ts';
import { useBetRecord } from '../../../lib/wager-bet/api/get-bet-record.ts';
import { useBetOutcome } from '../../../lib/wager-bet/hooks/use-bet-outcome.ts';
import { useClaimBet } from '../../../lib/wager-bet/hooks/use-claim-bet.ts';
import { usePlaceBet } from '../../../lib/wager-bet/hooks/use-place-bet.ts';
import { NFT_CLAIM_DETAILS } from '../../../lib/error-text.ts';
import { betErrorMessage } from '../../../lib/wager-bet/utils/bet-errors.ts';
import { lateWinOwed } from '../../../lib/wager-bet/utils/refund.ts';
import { composeNftBuy, NftClaimError } from '../api/buy-listing.ts';
import { collectionKey } from '../api/get-collection.ts';
import { getListing, listingKey } from '../api/get-listing.ts';
import {
  INITIAL_BET_STATE,
  retailBetReducer,
  type ClaimHow,
  type RetailBetState,
} from '../utils/bet-machine.ts';
import {
  LISTING_CHECK_FAILED,
  LISTING_SOLD,
  ListingCheckError,
  listingPriceChanged,
} from '../utils/listing-check.ts';
import { priceBreakdown } from '../utils/price-breakdown.ts';

/** What to bet on. */
export interface RetailBetTarget {
  readonly collId: string;
  readonly mint: string;
  readonly name: string;
}

/** What {@link useRetailBet} returns. */
export interface RetailBet {
  readonly state: RetailBetState;
  /**
   * Places a bet for `prize` (the buyer price) at `odds`, once a fresh check finds the listing live at that
   * buyer price; otherwise the play goes back to idle with a {@link ListingCheckError} and no wallet prompt.
   */
  readonly place: (args: { readonly odds: number; readonly prize: bigint }) => void;
  /** The check before the wallet prompt is running (the play is `placing`, the wallet not asked yet). */
  readonly checkingListing: boolean;
  /** The claw finished playing the result. */
  readonly revealed: () => void;
  readonly claim: (how: ClaimHow) => void;
  /** Back to choosing odds after a loss, a timeout or a claim. */
  readonly reset: () => void;
  /** The player refunded the overdue bet: back to choosing odds, saying so. */
  readonly refunded: () => void;
  /**
   * Whether the won bet can be claimed as the NFT here: an NFT bet on a mint of this collection (`mints`);
   * a token or SOL prize, another collection's NFT, or a win rolled after its refund (the rest of its
   * prize), is claimed as SOL.
   */
  readonly canClaimNft: (bet: BetAccount) => boolean;
}

/** The caller message of a failed bet (the second toast is the reason). */
export const BET_FAILED_TOAST = 'Failed to place bet';

/**
 * The play for `target`; `mints` are the collection's listed mints (to tell whether a win found on the bet
 * record can be claimed as an NFT here).
 */
export function useRetailBet(target: RetailBetTarget, mints: ReadonlySet<string>): RetailBet {
  const [state, dispatch] = useReducer(retailBetReducer, INITIAL_BET_STATE);
  const { wallet } = useWallet();
  const user = wallet?.address ?? null;
  const queryClient = useQueryClient();
  const play = usePlaySound();
  const placer = usePlaceBet();
  const claimer = useClaimBet();
  const record = useBetRecord();
  const placed = state.step === 'waiting' ? state.placed : null;
  const outcome = useBetOutcome(placed);

  // The draw's answer moves the play on (a 'waiting' outcome changes nothing).
  useEffect(() => {
    if (outcome !== null) dispatch({ type: 'outcome', outcome });
  }, [outcome]);

  // A win still to claim blocks the next bet (BetNotAvailable): offer it first.
  const pending = record.bet !== null && isUnclaimedWin(record.bet) ? record.bet : null;
  useEffect(() => {
    if (pending !== null && state.step === 'idle') dispatch({ type: 'pendingWin', bet: pending });
  }, [pending, state.step]);

  // The result is announced when the claw has played it, with its sound.
  const revealed = useCallback(() => {
    dispatch({ type: 'revealed' });
  }, []);
  const revealedResult = state.step === 'won' || state.step === 'lost' ? state.step : null;
  const revealedFromPlay = (state.step === 'won' || state.step === 'lost') && state.placed !== null;
  useEffect(() => {
    if (revealedResult === null || !revealedFromPlay) return;
    play(revealedResult === 'won' ? 'win' : 'loss');
  }, [revealedResult, revealedFromPlay, play]);

  const refreshAfterClaim = useCallback(() => {
    if (user !== null) {
      void queryClient.invalidateQueries({ queryKey: unclaimedWinsKey(user) });
      void queryClient.invalidateQueries({ queryKey: solBalanceQueryKey(user) });
      void queryClient.invalidateQueries({ queryKey: inventoryKey(user) });
    }
    void queryClient.invalidateQueries({ queryKey: collectionKey(target.collId) });
    void queryClient.invalidateQueries({ queryKey: listingKey(target.collId, target.mint) });
    void queryClient.invalidateQueries({ queryKey: ['nfts', 'trending'] });
    void queryClient.invalidateQueries({ queryKey: ['nfts', 'collection-traits', target.collId] });
  }, [queryClient, user, target.collId, target.mint]);

  const [checkingListing, setCheckingListing] = useState(false);

  /**
   * Reads the listing again (into the panel's query, so its breakdown follows), and refuses a bet on a
   * listing that sold, changed its buyer price or could not be checked: the 15 s poll may be that old.
   */
  const checkListing = useCallback(
    async (prize: bigint) => {
      setCheckingListing(true);
      let listing;
      try {
        listing = await queryClient.query({
          queryKey: listingKey(target.collId, target.mint),
          queryFn: ({ signal }) => getListing(target.collId, target.mint, signal),
          staleTime: 0,
        });
      } catch (error) {
        throw new ListingCheckError('failed', LISTING_CHECK_FAILED, { cause: error });
      } finally {
        setCheckingListing(false);
      }
      if (listing === null) throw new ListingCheckError('sold', LISTING_SOLD);
      if (priceBreakdown(listing).buyerPrice !== prize) {
        throw new ListingCheckError('price-changed', listingPriceChanged(listing.price));
      }
    },
    [queryClient, target.collId, target.mint],
  );

  const place = useCallback(
    ({ odds, prize }: { readonly odds: number; readonly prize: bigint }) => {
      dispatch({ type: 'place' });
      let sent = false;
      const run = async () => {
        await checkListing(prize);
        const id = toast.info('Confirm the bet in your wallet…');
        try {
          return await placer.place({
            odds,
            listingPrice: prize,
            betType: 'nft',
            mint: toAddress(target.mint),
            // Signed: the claw moves and the result is watched while the bet confirms.
            onSent: (placed) => {
              sent = true;
              toast.dismiss(id);
              play('bet');
              dispatch({ type: 'sent', placed });
            },
          });
        } finally {
          toast.dismiss(id);
        }
      };
      run().then(
        (result) => {
          if (!sent) play('bet');
          dispatch({ type: 'placed', placed: result });
        },
        (error: unknown) => {
          toast.error(BET_FAILED_TOAST);
          toast.error(betErrorMessage(error));
          dispatch({ type: 'placeFailed', error });
        },
      );
    },
    [checkListing, placer, play, target.mint],
  );

  // A win rolled after its refund is paid the rest of its prize in SOL only: no marketplace buy follows.
  const canClaimNft = useCallback(
    (bet: BetAccount) => bet.betType === BetType.Nft && mints.has(bet.mint) && lateWinOwed(bet) === null,
    [mints],
  );

  const claim = useCallback(
    (wanted: ClaimHow) => {
      if (state.step !== 'won' || user === null) return;
      const { bet } = state;
      // claim_bet pays a win rolled after its refund in SOL whatever `sol` says: never compose a buy for it.
      const how: ClaimHow = lateWinOwed(bet) === null ? wanted : 'sol';
      dispatch({ type: 'claim', how });
      const id = toast.info(how === 'nft' ? 'Buying your NFT with your prize…' : 'Claiming your prize…');
      const run = async () => {
        if (how === 'sol') return claimer.claim({ sol: true });
        const buy = await composeNftBuy({
          collId: target.collId,
          mint: bet.mint,
          prize: bet.listingPrice,
          buyer: user,
        });
        try {
          return await claimer.claim({
            sol: false,
            after: buy.instructions,
            addressLookupTables: buy.addressLookupTables,
            ...(buy.cosign === undefined ? {} : { cosign: buy.cosign }),
          });
        } catch (error) {
          // The buy's lookup tables could not be read: the claim could not be built after all.
          if (error instanceof InvalidTransactionError) {
            throw new NftClaimError('compose', NFT_CLAIM_DETAILS.compose, { cause: error });
          }
          throw error;
        }
      };
      run().then(
        (signature) => {
          toast.update(id, 'success', SUCCESS_TOASTS.claimed);
          dispatch({ type: 'claimed', signature });
          refreshAfterClaim();
        },
        (error: unknown) => {
          toast.dismiss(id);
          toast.error(how === 'nft' ? FAILURE_TOASTS.claim : FAILURE_TOASTS.claimWinnings);
          toast.error(error instanceof NftClaimError ? error.message : betErrorMessage(error));
          dispatch({ type: 'claimFailed', error });
          refreshAfterClaim();
        },
      );
    },
    [state, user, claimer, target.collId, refreshAfterClaim],
  );

  const reset = useCallback(() => {
    dispatch({ type: 'reset' });
  }, []);
  const refunded = useCallback(() => {
    dispatch({ type: 'refunded' });
    if (user !== null) void queryClient.invalidateQueries({ queryKey: solBalanceQueryKey(user) });
  }, [queryClient, user]);

  return { state, place, checkingListing, revealed, claim, reset, refunded, canClaimNft };
}
