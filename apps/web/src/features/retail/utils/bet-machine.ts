/**
 * The steps of a ReTail play, as a pure reducer: pick odds → the wallet signs → the claw goes for the NFT
 * from the moment the signed bet is sent, while it confirms and the draw runs (a send that fails after all
 * goes back to choosing odds) → the claw grabs (win) or drops (loss) the NFT → a win is claimed as the NFT or as SOL.
 *
 * An event that does not apply to the current step is ignored (the state is returned unchanged), so a
 * late answer (an outcome after a timeout, the animation ending twice) can never move the play backwards.
 *
 * @module
 */

import type { BetAccount } from '@arcade/sdk/wager/accounts';
import type { Signature } from '@solana/kit';

import type { BetOutcome } from '../../../lib/wager-bet/hooks/use-bet-outcome.ts';
import type { PlacedBet } from '../../../lib/wager-bet/utils/bet-outcome.ts';

/** How a win is taken: the NFT (bought in the claim's transaction) or its SOL value. */
export type ClaimHow = 'nft' | 'sol';

/** Where the play stands. */
export type RetailBetState =
  /** Choosing odds; `error` is why the last attempt to bet failed, if it did. */
  | { readonly step: 'idle'; readonly error: unknown }
  /** The listing is checked and the wallet is signing. */
  | { readonly step: 'placing' }
  /** The signed bet is sent (then on chain); the draw runs (the claw goes for the NFT). */
  | { readonly step: 'waiting'; readonly placed: PlacedBet }
  /** The result is known; the claw plays it out before it is shown. */
  | {
      readonly step: 'revealing';
      readonly placed: PlacedBet;
      readonly result: 'win' | 'loss';
      readonly bet: BetAccount;
      /** The roll (0–99), when known. */
      readonly roll: number | null;
    }
  /** A win to claim (this play's, or an earlier one found on the bet record: `placed` null). */
  | {
      readonly step: 'won';
      readonly placed: PlacedBet | null;
      readonly bet: BetAccount;
      /** The roll (0–99), when known (not for an earlier win found on the record). */
      readonly roll?: number | null;
      /** The last claim's failure, if it failed. */
      readonly claimError: unknown;
    }
  | {
      readonly step: 'claiming';
      readonly placed: PlacedBet | null;
      readonly bet: BetAccount;
      readonly roll?: number | null;
      readonly how: ClaimHow;
    }
  | {
      readonly step: 'claimed';
      readonly bet: BetAccount;
      readonly how: ClaimHow;
      readonly signature: Signature;
    }
  | {
      readonly step: 'lost';
      readonly placed: PlacedBet;
      readonly bet: BetAccount;
      readonly roll?: number | null;
    }
  /** No result within BET_POLL_TIMEOUT_MS ('Bet timed out!'). */
  | { readonly step: 'timeout'; readonly placed: PlacedBet };

/** What can happen. */
export type RetailBetEvent =
  | { readonly type: 'place' }
  /** The wallet signed and the bet is being sent: the claw moves and the result is watched from here. */
  | { readonly type: 'sent'; readonly placed: PlacedBet }
  /** The bet's transaction confirmed. */
  | { readonly type: 'placed'; readonly placed: PlacedBet }
  /** Placing failed: before the wallet signed, or the signed bet was refused or failed on chain. */
  | { readonly type: 'placeFailed'; readonly error: unknown }
  | { readonly type: 'outcome'; readonly outcome: BetOutcome }
  | { readonly type: 'revealed' }
  | { readonly type: 'pendingWin'; readonly bet: BetAccount }
  | { readonly type: 'claim'; readonly how: ClaimHow }
  | { readonly type: 'claimed'; readonly signature: Signature }
  | { readonly type: 'claimFailed'; readonly error: unknown }
  /**
   * The player refunded the overdue bet (`refund_bet`): back to choosing odds; the panel says what the
   * refund kept, from the live record.
   */
  | { readonly type: 'refunded' }
  | { readonly type: 'reset' };

/** The first state. */
export const INITIAL_BET_STATE: RetailBetState = { step: 'idle', error: null };

/** The steps a new play may start from. */
const CAN_PLACE: ReadonlySet<RetailBetState['step']> = new Set(['idle', 'lost', 'timeout', 'claimed']);

/** Applies `event` to `state` (see the module comment). */
export function retailBetReducer(state: RetailBetState, event: RetailBetEvent): RetailBetState {
  switch (event.type) {
    case 'place':
      return CAN_PLACE.has(state.step) ? { step: 'placing' } : state;
    case 'sent':
    case 'placed':
      // Once waiting for this bet (sent), its confirmation changes nothing: the result watch goes on.
      return state.step === 'placing' ? { step: 'waiting', placed: event.placed } : state;
    case 'placeFailed':
      // A sent bet that never landed goes back too; a result that came meanwhile proved it landed.
      return state.step === 'placing' || state.step === 'waiting'
        ? { step: 'idle', error: event.error }
        : state;
    case 'outcome': {
      if (state.step !== 'waiting') return state;
      const { outcome } = event;
      switch (outcome.status) {
        case 'waiting':
          return state;
        case 'win':
        case 'loss':
          return {
            step: 'revealing',
            placed: state.placed,
            result: outcome.status,
            bet: outcome.bet,
            roll: outcome.randomValue,
          };
        case 'timeout':
          return { step: 'timeout', placed: state.placed };
        // Back to choosing odds: the panel says what the refund kept, from the live record.
        case 'refunded':
          return INITIAL_BET_STATE;
        case 'error':
          return { step: 'idle', error: outcome.error };
      }
      return state;
    }
    case 'revealed':
      if (state.step !== 'revealing') return state;
      return state.result === 'win'
        ? { step: 'won', placed: state.placed, bet: state.bet, roll: state.roll, claimError: null }
        : { step: 'lost', placed: state.placed, bet: state.bet, roll: state.roll };
    case 'pendingWin':
      return state.step === 'idle' ? { step: 'won', placed: null, bet: event.bet, claimError: null } : state;
    case 'claim':
      return state.step === 'won'
        ? { step: 'claiming', placed: state.placed, bet: state.bet, roll: state.roll ?? null, how: event.how }
        : state;
    case 'claimed':
      return state.step === 'claiming'
        ? { step: 'claimed', bet: state.bet, how: state.how, signature: event.signature }
        : state;
    case 'claimFailed':
      return state.step === 'claiming'
        ? {
            step: 'won',
            placed: state.placed,
            bet: state.bet,
            roll: state.roll ?? null,
            claimError: event.error,
          }
        : state;
    case 'refunded':
      return state.step === 'waiting' || state.step === 'timeout' ? INITIAL_BET_STATE : state;
    case 'reset':
      return state.step === 'lost' || state.step === 'timeout' || state.step === 'claimed'
        ? INITIAL_BET_STATE
        : state;
  }
}

/** The claw's phase for a step: it searches during the draw, grabs on a win, drops on a loss. */
export function clawPhaseOf(state: RetailBetState): 'idle' | 'waiting' | 'win' | 'loss' {
  switch (state.step) {
    case 'waiting':
      return 'waiting';
    case 'revealing':
      return state.result;
    case 'won':
    case 'claiming':
    case 'claimed':
      // An earlier win found on the record was never drawn here: the NFT stays in the machine.
      return state.step !== 'claimed' && state.placed === null ? 'idle' : 'win';
    case 'lost':
      return 'loss';
    default:
      return 'idle';
  }
}
