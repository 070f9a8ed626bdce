/**
 * TailSpin's screen as a state machine: idle → placing (the wallet signs) → waiting (from the moment the
 * signed bet is sent: the dial spins while it confirms and its roll is revealed; a send that fails after
 * all goes back to idle) → landing (the needle lands on the roll) → won / lost; waiting can also end in timeout
 * ('Bet timed out!'), refunded (by the player once the roll is overdue, or by anyone; a refund that kept the
 * result shows the roll once it is revealed) or failed; a win is claimed → claimed. A pure reducer, so every
 * transition is tested without a chain.
 *
 * @module
 */

import type { BetOutcome } from '../../../lib/wager-bet/hooks/use-bet-outcome.ts';
import type { PlacedBet } from '../../../lib/wager-bet/utils/bet-outcome.ts';

/** The bet on the table, as the player set it up. */
export interface BetTicket {
  /** Win chance in percent. */
  readonly odds: number;
  /** The prize in lamports (`listing_price`: the SOL value of a token prize). */
  readonly prize: bigint;
  /** The stake the program charges, lamports. */
  readonly stake: bigint;
  readonly fee: bigint;
  /** The prize token's symbol and mint (SOL: the native mint). */
  readonly symbol: string;
  readonly mint: string;
  /** 'nft': a ReTail win found on the shared bet record, claimed here as its SOL value. */
  readonly betType: 'sol' | 'token' | 'nft';
}

/** Where the screen is. */
export type GamePhase =
  | { readonly kind: 'idle' }
  | { readonly kind: 'placing'; readonly ticket: BetTicket }
  | { readonly kind: 'waiting'; readonly ticket: BetTicket; readonly placed: PlacedBet }
  | {
      readonly kind: 'landing';
      readonly ticket: BetTicket;
      readonly result: 'win' | 'loss';
      readonly roll: number | null;
      /** The program computed the roll (`create_bet`), rather than the settler (an off-chain bet). */
      readonly rollOnChain: boolean;
      /** The creating transaction, the key of the fairness page; null when unknown. */
      readonly signature: string | null;
    }
  | {
      readonly kind: 'won';
      readonly ticket: BetTicket;
      readonly roll: number | null;
      readonly rollOnChain: boolean;
      readonly signature: string | null;
      /**
       * A win rolled after its refund that the reveal could not pay (the wallet could not take it then):
       * `ticket.prize` is what is left to claim (the rest of the prize), paid in SOL only.
       */
      readonly afterRefund?: boolean;
    }
  | {
      readonly kind: 'lost';
      readonly ticket: BetTicket;
      readonly roll: number | null;
      readonly rollOnChain: boolean;
      readonly signature: string | null;
    }
  | { readonly kind: 'timeout'; readonly ticket: BetTicket; readonly placed: PlacedBet }
  | { readonly kind: 'failed'; readonly ticket: BetTicket; readonly error: unknown }
  /**
   * Refunded before its roll was revealed: the live bet record says what the refund kept (a late roll's
   * win or loss, or none). `signature` is the creating transaction, for the fairness page; null if unknown.
   */
  | { readonly kind: 'refunded'; readonly ticket: BetTicket; readonly signature: string | null }
  | {
      readonly kind: 'claimed';
      readonly ticket: BetTicket;
      /** What arrived, e.g. "1.9 SOL" or "12.3 USDC". */
      readonly received: string;
      /** The rest of a prize won after a refund (the refund gave the stake and fee back). */
      readonly afterRefund?: boolean;
    };

/** What happens to the screen. */
export type GameEvent =
  | { readonly type: 'place'; readonly ticket: BetTicket }
  /** The wallet signed and the bet is being sent: the dial spins and the result is watched from here. */
  | { readonly type: 'sent'; readonly placed: PlacedBet }
  /** The bet's transaction confirmed. */
  | { readonly type: 'placed'; readonly placed: PlacedBet }
  /** Placing failed (before the wallet signed, or the signed bet was refused or failed on chain). */
  | { readonly type: 'placeFailed' }
  /** A bet found open on the chain (a reload mid-bet): wait for it. */
  | { readonly type: 'resume'; readonly ticket: BetTicket; readonly placed: PlacedBet }
  | { readonly type: 'outcome'; readonly outcome: BetOutcome }
  | { readonly type: 'landed' }
  /** From a timeout: keep polling for the same bet. */
  | { readonly type: 'keepWaiting' }
  /** The player refunded the overdue bet (`refund_bet`). */
  | { readonly type: 'refunded' }
  | {
      readonly type: 'claimed';
      readonly ticket: BetTicket;
      readonly received: string;
      readonly afterRefund?: boolean;
    }
  | { readonly type: 'reset' };

/** The idle screen. */
export const IDLE: GamePhase = { kind: 'idle' };

function refundedPhase(phase: { readonly ticket: BetTicket; readonly placed: PlacedBet }): GamePhase {
  return {
    kind: 'refunded',
    ticket: phase.ticket,
    signature: phase.placed.signature === '' ? null : phase.placed.signature,
  };
}

/** The next phase; events that do not apply to the current phase leave it as it is. */
export function gameReducer(phase: GamePhase, event: GameEvent): GamePhase {
  switch (event.type) {
    case 'place':
      return phase.kind === 'idle' ? { kind: 'placing', ticket: event.ticket } : phase;
    case 'sent':
    case 'placed':
      // Once waiting for this bet (sent), its confirmation changes nothing: the result watch goes on.
      return phase.kind === 'placing'
        ? { kind: 'waiting', ticket: phase.ticket, placed: event.placed }
        : phase;
    case 'placeFailed':
      // A bet sent but refused, or failed on chain, never lands: back to the form. A result that came
      // meanwhile (landing and after) proved it landed, so it stays.
      return phase.kind === 'placing' || (phase.kind === 'waiting' && phase.placed.signature !== '')
        ? IDLE
        : phase;
    case 'resume':
      return phase.kind === 'idle' ? { kind: 'waiting', ticket: event.ticket, placed: event.placed } : phase;
    case 'outcome': {
      if (phase.kind !== 'waiting') return phase;
      const { outcome } = event;
      switch (outcome.status) {
        case 'waiting':
          return phase;
        case 'win':
        case 'loss':
          return {
            kind: 'landing',
            ticket: phase.ticket,
            result: outcome.status,
            roll: outcome.randomValue,
            rollOnChain: !outcome.bet.offChain,
            signature: phase.placed.signature === '' ? null : phase.placed.signature,
          };
        case 'timeout':
          return { kind: 'timeout', ticket: phase.ticket, placed: phase.placed };
        case 'refunded':
          return refundedPhase(phase);
        case 'error':
          return { kind: 'failed', ticket: phase.ticket, error: outcome.error };
      }
      return phase;
    }
    case 'landed':
      if (phase.kind !== 'landing') return phase;
      return {
        kind: phase.result === 'win' ? 'won' : 'lost',
        ticket: phase.ticket,
        roll: phase.roll,
        rollOnChain: phase.rollOnChain,
        signature: phase.signature,
      };
    case 'keepWaiting':
      // A new object: the result poll restarts for the same bet.
      return phase.kind === 'timeout'
        ? { kind: 'waiting', ticket: phase.ticket, placed: { ...phase.placed } }
        : phase;
    case 'refunded':
      return phase.kind === 'waiting' || phase.kind === 'timeout' ? refundedPhase(phase) : phase;
    case 'claimed':
      return {
        kind: 'claimed',
        ticket: event.ticket,
        received: event.received,
        ...(event.afterRefund === true ? { afterRefund: true } : {}),
      };
    case 'reset':
      return phase.kind === 'placing' || phase.kind === 'waiting' || phase.kind === 'landing' ? phase : IDLE;
  }
}
