/**
 * TailSpin's screen logic: the state machine of `utils/game-state.ts` wired to the shared bet flow
 * (`lib/wager-bet`): placing, the result poll, claiming as SOL or as the token, the toasts of
 * docs/reference/strings.md#toasts, and a bet found open or won on the chain when the page loads.
 *
 * @module
 */

import type { TokenJson } from '@arcade/sdk/api/nfts';
import { ERROR_MESSAGES, FAILURE_TOASTS, SUCCESS_TOASTS } from '@arcade/sdk/messages';
import { TransactionSendError } from '@arcade/sdk/sender/send-error';
import { BetState, BetType, type BetAccount } from '@arcade/sdk/wager/accounts';
import { betFee } from '@arcade/sdk/wager/bet-math';
import { NATIVE_MINT_ADDRESS } from '@arcade/sdk/wager/program';
import { isUnclaimedWin } from '@arcade/sdk/wager/views';
import { address } from '@solana/kit';
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';

import { formatLamports, formatTokenAmount } from '../../../lib/format.ts';
import { toast } from '../../../lib/toast.ts';
import { InvalidTransactionError } from '../../../lib/wallet/check-transaction.ts';
import { useWallet } from '../../../lib/wallet/wallet-context.tsx';
import { useBetRecord } from '../../../lib/wager-bet/api/get-bet-record.ts';
import { useBetOutcome } from '../../../lib/wager-bet/hooks/use-bet-outcome.ts';
import { useClaimBet } from '../../../lib/wager-bet/hooks/use-claim-bet.ts';
import { usePlaceBet } from '../../../lib/wager-bet/hooks/use-place-bet.ts';
import {
  betErrorMessage,
  BetPreflightError,
  failedOutsideWager,
  isUserRejection,
} from '../../../lib/wager-bet/utils/bet-errors.ts';
import { lateWinOwed } from '../../../lib/wager-bet/utils/refund.ts';
import { composeTokenClaim, SwapCosignError, type TokenClaimPlan } from '../api/compose-token-claim.ts';
import { gameReducer, IDLE, type BetTicket, type GamePhase } from '../utils/game-state.ts';

/** A ticket's prize as SOL (the rest of a prize won after a refund is paid in SOL). */
const SOL_PRIZE = { symbol: 'SOL', mint: NATIVE_MINT_ADDRESS, betType: 'sol' } as const;

/** The caller message of a failed bet (a caller message, then the error text: docs/reference/strings.md#toasts). */
export const PLACE_FAILED = 'Failed to place bet';

/** A bet record as a ticket, naming its token from the list (a bet found on the chain at load). */
export function ticketOfRecord(bet: BetAccount, tokens: readonly TokenJson[]): BetTicket {
  const token = tokens.find((entry) => entry.id === bet.mint);
  const isToken = bet.betType === BetType.Token;
  return {
    odds: bet.odds,
    prize: bet.listingPrice,
    stake: bet.betAmount,
    fee: betFee(bet.betAmount),
    symbol: isToken ? (token?.symbol ?? 'token') : 'SOL',
    mint: isToken ? bet.mint : NATIVE_MINT_ADDRESS,
    // A ReTail NFT win shares the record: here it is claimed as its SOL value, and says so.
    betType: isToken ? 'token' : bet.betType === BetType.Nft ? 'nft' : 'sol',
  };
}

/** Whether the sender refused a transaction over the size limit before anything was signed. */
function tooLarge(error: unknown): boolean {
  return error instanceof TransactionSendError && error.reason === 'too-large';
}

/** A failed claim, what it says, and whether the SOL claim is the way out. */
export interface ClaimError {
  readonly message: string;
  /** The FAQ's hint for a prize that cannot be claimed as the token (the price changed: docs/reference/strings.md#help-and-rules). */
  readonly priceHint: boolean;
  /**
   * The SOL claim would go where this one failed (the swap could not be made or went wrong): the panel
   * suggests it. Not for a refusal of the wager program (the SOL claim meets it too), a network failure
   * or a declined signature.
   */
  readonly offerSol: boolean;
}

/**
 * A token claim whose swap could not be composed (no quote, a route that cannot be used):
 * 'Invalid Transaction' (docs/reference/strings.md#bets-and-the-chain), the FAQ's hint, and the SOL claim.
 */
export const TOKEN_CLAIM_UNCOMPOSED: ClaimError = Object.freeze({
  message: ERROR_MESSAGES.invalidTransaction,
  priceHint: true,
  offerSol: true,
});

/**
 * What a claim that failed once composed says: the error's own text ({@link betErrorMessage}: the wallet's
 * refusal, the program's error, the sender's or the network's text). For a token claim that broke in the
 * swap (or grew past the size limit), the SOL claim is offered.
 */
export function claimSendError(error: unknown, asToken: boolean): ClaimError {
  // Not co-signed, or its lookup tables unreadable: the claim could not be built after all.
  if (asToken && (error instanceof SwapCosignError || error instanceof InvalidTransactionError)) {
    return TOKEN_CLAIM_UNCOMPOSED;
  }
  const message = betErrorMessage(error);
  if (!asToken || isUserRejection(error)) return { message, priceHint: false, offerSol: false };
  return { message, priceHint: false, offerSol: failedOutsideWager(error) || tooLarge(error) };
}

/** The game's state and actions. */
export interface TailSpinGame {
  /** What the screen shows (an unclaimed win found on the chain shows as `won`). */
  readonly phase: GamePhase;
  /** The bet record is still loading (the form waits for it to know whether a bet is open). */
  readonly loadingRecord: boolean;
  /** The wallet's bet on the chain while it is open (its roll not revealed yet), for the refund. */
  readonly openBet: BetAccount | null;
  /** The wallet's bet record as it is now (live): what a refund kept, and whether it takes a new bet. */
  readonly lastBet: BetAccount | null;
  readonly claiming: 'sol' | 'token' | null;
  readonly claimError: ClaimError | null;
  readonly placeError: string | null;
  readonly place: (ticket: BetTicket) => Promise<void>;
  readonly claim: (asToken: boolean) => Promise<void>;
  /** The spin's needle has landed: show the result. */
  readonly landed: () => void;
  readonly keepWaiting: () => void;
  /** The player refunded the overdue bet. */
  readonly refunded: () => void;
  /** Back to the form (another go). */
  readonly reset: () => void;
}

/** TailSpin's state machine on the real bet flow. Mount it keyed by the wallet: another wallet, another game. */
export function useTailSpinGame(
  tokens: readonly TokenJson[],
  tokenDecimals: (mint: string) => number,
): TailSpinGame {
  const { wallet } = useWallet();
  const user = wallet?.address ?? null;
  const [phase, dispatch] = useReducer(gameReducer, IDLE);
  const record = useBetRecord();
  const { place: placeBet } = usePlaceBet();
  const { claim: claimBet } = useClaimBet();
  const [claiming, setClaiming] = useState<'sol' | 'token' | null>(null);
  const [claimError, setClaimError] = useState<ClaimError | null>(null);
  const [placeError, setPlaceError] = useState<string | null>(null);

  const outcome = useBetOutcome(phase.kind === 'waiting' ? phase.placed : null);
  // The sequence of the newest bet whose result this page has shown: a read of the record that started
  // before that result and answers after it still says Open, and must not bring the bet back.
  const resolvedSequence = useRef<bigint | null>(null);
  useEffect(() => {
    if (outcome === null || outcome.status === 'waiting') return;
    if ('bet' in outcome) {
      const seen = resolvedSequence.current;
      if (seen === null || outcome.bet.sequence > seen) resolvedSequence.current = outcome.bet.sequence;
    }
    dispatch({ type: 'outcome', outcome });
  }, [outcome]);

  const bet = record.bet;
  // A bet still open on the chain when nothing is in play here (a reload mid-spin): wait for its result.
  useEffect(() => {
    if (phase.kind !== 'idle' || bet === null || user === null || bet.state !== BetState.Open) return;
    const seen = resolvedSequence.current;
    if (seen !== null && bet.sequence <= seen) return;
    dispatch({
      type: 'resume',
      ticket: ticketOfRecord(bet, tokens),
      placed: { signature: '' as never, placedAt: Number(bet.timestamp), user },
    });
  }, [phase.kind, bet, user, tokens]);

  // A win claimed elsewhere (the unclaimed-winnings banner, another tab) is no longer claimable here. Not
  // while this page claims it: the record turns Claimed before the claim's confirmation comes back, and the
  // claim itself says what arrived (the token, for a token claim, not the prize's SOL value).
  useEffect(() => {
    if (claiming === null && phase.kind === 'won' && bet !== null && bet.state === BetState.Claimed) {
      dispatch({
        type: 'claimed',
        ticket: phase.ticket,
        received: `${formatLamports(phase.ticket.prize)} SOL`,
      });
    }
  }, [phase, bet, claiming]);

  const shown: GamePhase = useMemo(() => {
    // A win rolled after its refund that the reveal could not pay: claim_bet pays the rest of the prize, in
    // SOL whatever the prize was (no swap), whether the refund happened here or elsewhere.
    const owed = lateWinOwed(bet);
    if ((phase.kind === 'idle' || phase.kind === 'refunded') && bet !== null && owed !== null) {
      return {
        kind: 'won',
        ticket: { ...ticketOfRecord(bet, tokens), prize: owed, ...SOL_PRIZE },
        roll: null,
        rollOnChain: true,
        signature: phase.kind === 'refunded' ? phase.signature : null,
        afterRefund: true,
      };
    }
    if (phase.kind === 'idle' && bet !== null && isUnclaimedWin(bet)) {
      return {
        kind: 'won',
        ticket: ticketOfRecord(bet, tokens),
        roll: null,
        rollOnChain: !bet.offChain,
        signature: null,
      };
    }
    return phase;
  }, [phase, bet, tokens]);

  const place = useCallback(
    async (ticket: BetTicket) => {
      setPlaceError(null);
      setClaimError(null);
      dispatch({ type: 'place', ticket });
      const pending = toast.info('Approve the bet in your wallet…');
      try {
        const placed = await placeBet({
          odds: ticket.odds,
          listingPrice: ticket.prize,
          betType: ticket.betType,
          mint: address(ticket.mint),
          // Signed: the dial spins and the result is watched while the bet confirms.
          onSent: (sent) => {
            toast.dismiss(pending);
            dispatch({ type: 'sent', placed: sent });
          },
        });
        toast.dismiss(pending);
        dispatch({ type: 'placed', placed });
      } catch (error) {
        toast.dismiss(pending);
        dispatch({ type: 'placeFailed' });
        const message = betErrorMessage(error);
        setPlaceError(message);
        toast.error(PLACE_FAILED);
        toast.error(message);
        if (error instanceof BetPreflightError && error.code === 'BetNotAvailable') record.refetch();
      }
    },
    [placeBet, record],
  );

  const claim = useCallback(
    async (wantToken: boolean) => {
      if (shown.kind !== 'won' || user === null) return;
      const { ticket } = shown;
      const afterRefund = shown.afterRefund === true;
      // The rest of a prize won after a refund is paid in SOL only (claim_bet ignores `sol` for it).
      const asToken = wantToken && !afterRefund;
      setClaimError(null);
      setClaiming(asToken ? 'token' : 'sol');
      const pending = toast.info(
        asToken ? `Claiming your prize as ${ticket.symbol}…` : 'Claiming your winnings…',
      );
      const failed = (claimError: ClaimError) => {
        toast.dismiss(pending);
        setClaimError(claimError);
        toast.error(FAILURE_TOASTS.claimWinnings);
        toast.error(claimError.message);
      };
      try {
        let plan: TokenClaimPlan | null = null;
        if (asToken) {
          try {
            plan = await composeTokenClaim(user, address(ticket.mint), ticket.prize);
          } catch {
            // No swap to add (no quote, an unusable route): 'Invalid Transaction'; the full SOL
            // value always works. composeTokenClaim logged the cause.
            failed(TOKEN_CLAIM_UNCOMPOSED);
            return;
          }
        }
        try {
          await (plan === null
            ? claimBet({ sol: true })
            : claimBet({
                sol: false,
                after: plan.instructions,
                cosign: plan.cosign,
                addressLookupTables: plan.addressLookupTables,
              }));
        } catch (error) {
          failed(claimSendError(error, asToken));
          return;
        }
        const received =
          plan === null
            ? `${formatLamports(ticket.prize)} SOL`
            : `${formatTokenAmount(plan.outAmount, tokenDecimals(ticket.mint))} ${ticket.symbol}`;
        toast.update(pending, 'success', SUCCESS_TOASTS.claimed);
        dispatch({ type: 'claimed', ticket, received, ...(afterRefund ? { afterRefund } : {}) });
      } finally {
        setClaiming(null);
      }
    },
    [shown, user, claimBet, tokenDecimals],
  );

  return {
    phase: shown,
    loadingRecord: record.isLoading,
    openBet: bet !== null && bet.state === BetState.Open ? bet : null,
    lastBet: bet,
    claiming,
    claimError,
    placeError,
    place,
    claim,
    landed: useCallback(() => {
      dispatch({ type: 'landed' });
    }, []),
    keepWaiting: useCallback(() => {
      dispatch({ type: 'keepWaiting' });
    }, []),
    refunded: useCallback(() => {
      dispatch({ type: 'refunded' });
    }, []),
    reset: useCallback(() => {
      setClaimError(null);
      setPlaceError(null);
      dispatch({ type: 'reset' });
    }, []),
  };
}
