/**
 * Everything a wallet can be owed across the games, as one list the banner shows and claims: a
 * TailSpin/ReTail win (`claim_bet`) or overdue bet (`refund_bet`), a Foresight win or refund
 * (`settle_bet` / `withdraw_bet`) and a Prophecy payout or refund (`settle_prediction`). Each item knows
 * the instruction that pays it.
 *
 * @module
 */

import type { BetTypeLabel } from '@arcade/sdk/wager/accounts';
import type { Address } from '@solana/kit';

/**
 * A TailSpin (sol, token) or ReTail (nft) win, claimed as its full SOL value (`claim_bet`), or an open bet
 * whose roll is overdue, refunded (`refund_bet`: stake and fee).
 */
export interface BetClaim {
  readonly kind: 'bet';
  readonly action: 'claim' | 'refund';
  /** The bet record (PDA) to claim or refund. */
  readonly bet: Address;
  readonly betType: BetTypeLabel;
  /** Lamports: the prize (what `claim_bet(sol = true)` pays), or the stake and fee of a refund. */
  readonly amount: bigint;
  /** When the bet settled (a win) or was placed (a refund), unix seconds. */
  readonly timestamp: bigint;
  /**
   * A win rolled after its refund that the reveal could not pay: `amount` is the rest of the prize,
   * which `claim_bet` pays in SOL (whatever its `sol` flag).
   */
  readonly afterRefund?: boolean;
}

/** A Foresight bet a settled round still owes: a win (`settle_bet`) or, in an Invalid round, a refund. */
export interface ForesightClaim {
  readonly kind: 'foresight';
  readonly action: 'settle' | 'withdraw';
  readonly event: Address;
  readonly config: Address;
  /** The Bet PDA of (event, user). */
  readonly bet: Address;
  readonly roundId: number;
  /** The side bet on. */
  readonly side: 'Up' | 'Down';
  /** The stake, lamports. */
  readonly stake: bigint;
  /** What the instruction pays, lamports. */
  readonly amount: bigint;
  /** The bet account's lamports (its rent deposit), which `close_bet` gives back after the payment. */
  readonly deposit: bigint;
}

/** A Prophecy prediction of a resolved market that `settle_prediction` still pays. */
export interface ProphecyClaim {
  readonly kind: 'prophecy';
  /** Invalid market: the stake comes back. */
  readonly refund: boolean;
  readonly prediction: Address;
  readonly market: Address;
  /** The market's pool, which pays. */
  readonly marketAuthority: Address;
  /** The market's short name, when the server knows it. */
  readonly marketName: string | null;
  readonly side: 'Yes' | 'No';
  readonly stake: bigint;
  readonly amount: bigint;
}

/** One thing the wallet is owed. */
export type ClaimItem = BetClaim | ForesightClaim | ProphecyClaim;

/** A stable id of an item: the account its instruction pays from, plus what identifies its occurrence. */
export function claimItemKey(item: ClaimItem): string {
  switch (item.kind) {
    case 'bet':
      return `bet:${item.bet}:${item.timestamp}:${item.action}`;
    case 'foresight':
      return `foresight:${item.bet}`;
    case 'prophecy':
      return `prophecy:${item.prediction}`;
  }
}

/** The game an item belongs to, as the app names it. */
export function claimItemGame(item: ClaimItem): 'TailSpin' | 'ReTail' | 'Foresight' | 'Prophecy' {
  switch (item.kind) {
    case 'bet':
      return item.betType === 'nft' ? 'ReTail' : 'TailSpin';
    case 'foresight':
      return 'Foresight';
    case 'prophecy':
      return 'Prophecy';
  }
}

/**
 * What an item is, in a few words: "Win, paid as SOL", "Round #42 · Up won", "Round #43 · refund (invalid
 * round)", "SOL > $200 · Yes won", "SOL > $200 · refund (invalid market)".
 */
export function claimItemLabel(item: ClaimItem): string {
  switch (item.kind) {
    case 'bet':
      if (item.action === 'refund') return 'Refund: the roll was not revealed in time';
      if (item.afterRefund === true) return 'Win after your refund: the rest of the prize, in SOL';
      return item.betType === 'nft' ? 'NFT win, paid as its SOL value' : 'Win, paid as SOL';
    case 'foresight':
      return item.action === 'withdraw'
        ? `Round #${item.roundId} · refund (invalid round)`
        : `Round #${item.roundId} · ${item.side} won`;
    case 'prophecy': {
      const name = item.marketName ?? 'Market';
      return item.refund ? `${name} · refund (invalid market)` : `${name} · ${item.side} won`;
    }
  }
}

/** Whether an item gives a stake back (an invalid Foresight round or Prophecy market) rather than a win. */
export function isRefund(item: ClaimItem): boolean {
  switch (item.kind) {
    case 'bet':
      return item.action === 'refund';
    case 'foresight':
      return item.action === 'withdraw';
    case 'prophecy':
      return item.refund;
  }
}

/** The sum of the items' amounts, lamports. */
export function claimTotal(items: readonly ClaimItem[]): bigint {
  return items.reduce((sum, item) => sum + item.amount, 0n);
}

/** The bet deposits a claim gives back besides the amounts (Foresight bet accounts, closed once paid). */
export function depositTotal(items: readonly ClaimItem[]): bigint {
  return items.reduce((sum, item) => sum + (item.kind === 'foresight' ? item.deposit : 0n), 0n);
}
