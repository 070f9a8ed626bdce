/**
 * Refunds of TailSpin and ReTail bets whose roll is late (`docs/trust.md`, "Rolls nobody chooses"):
 *
 * - once `BET_REFUND_DELAY_SECS` have passed since an open bet was placed (the record's `timestamp`, the
 *   chain's clock at `create_bet`) without its roll being revealed, anyone, the player included, may send
 *   `refund_bet`: stake and fee come back;
 * - a refund sent while SlotHashes still lists the bet's slot (512 slots, about 200 s after the bet, so
 *   about 80 s after the deadline) captures that slot's hash (`Bet.slotHash`), and the result is kept: when
 *   the seed is revealed later (`Reveal … refunded=earlier`), the program rolls the bet exactly as an
 *   on-time reveal would have. A win is paid the rest of the prize (prize − stake − fee, the SDK's
 *   `lateWinAmount`) at once, in SOL, and the record turns Claimed / Win; if the wallet could not take it
 *   then (emptied below its rent), the record turns Settled / Win instead and `claim_bet` pays that amount,
 *   in SOL whatever its `sol` flag ({@link lateWinOwed}). A loss turns the result Loss (the record stays
 *   Refunded);
 * - a refund sent later captures nothing (a zero `slotHash`): a plain refund, never rolled, as is an open
 *   bet whose reveal came after its slot left SlotHashes (`refunded=expired`).
 *
 * The record says which: {@link refundStatusOf}. The texts the screens show are here too.
 *
 * @module
 */

import { BET_REFUND_DELAY_SECS } from '@arcade/sdk/constants';
import { BetResult, BetState, type BetAccount } from '@arcade/sdk/wager/accounts';
import { betFee, lateWinAmount } from '@arcade/sdk/wager/bet-math';

import { formatExactSol } from '../../format.ts';

/** Slots SlotHashes keeps: a refund captures the bet's slot hash only while its slot is among them. */
export const SLOT_HASHES_KEPT = 512;
/** A slot's nominal length: SlotHashes covers about 512 × 0.4 s ≈ 204 s. */
const SLOT_MS = 400;
/** Seconds kept for the refund's transaction to land, off the end of the capture window. */
const LANDING_MARGIN_SECS = 5;

/**
 * Seconds after a bet was placed until which a refund still captures its slot hash, by the slots' nominal
 * length and less a margin for the refund to land: an estimate on the safe side (slots are rarely faster).
 */
export const REFUND_CAPTURE_SECS = Math.floor((SLOT_HASHES_KEPT * SLOT_MS) / 1000) - LANDING_MARGIN_SECS;

/** Unix seconds from which `bet` may be refunded; null unless it is open. */
export function refundDueAt(bet: Pick<BetAccount, 'state' | 'timestamp'> | null): bigint | null {
  if (bet === null || bet.state !== BetState.Open) return null;
  return bet.timestamp + BigInt(BET_REFUND_DELAY_SECS);
}

/**
 * Whether `bet` may be refunded at `nowMs` (the browser's clock: a few seconds' skew from the chain's makes
 * the program answer RefundTooEarly, which says to wait).
 */
export function isRefundDue(bet: Pick<BetAccount, 'state' | 'timestamp'> | null, nowMs: number): boolean {
  const due = refundDueAt(bet);
  return due !== null && BigInt(Math.floor(nowMs / 1000)) >= due;
}

/**
 * Whole seconds left, at `nowMs`, for a refund of the open `bet` to keep its result (capture its slot
 * hash), by {@link REFUND_CAPTURE_SECS}; 0 once that is past (the refund is then a plain one).
 */
export function captureSecondsLeft(bet: Pick<BetAccount, 'timestamp'>, nowMs: number): number {
  const end = (Number(bet.timestamp) + REFUND_CAPTURE_SECS) * 1000;
  return Math.max(0, Math.ceil((end - nowMs) / 1000));
}

/** What a refund gives back: the stake and its fee. */
export function refundAmount(bet: Pick<BetAccount, 'betAmount'>): bigint {
  return bet.betAmount + betFee(bet.betAmount);
}

/** Whether the refund of `bet` captured its slot hash (its result is kept). */
export function hashCaptured(bet: Pick<BetAccount, 'slotHash'>): boolean {
  return bet.slotHash.some((byte) => byte !== 0);
}

/** Where a refunded bet stands. */
export type RefundStatus =
  /** Refunded with its slot hash captured, its roll not revealed yet: a win will pay `owed`. */
  | { readonly kind: 'pending'; readonly owed: bigint }
  /** Rolled after the refund and won: the rest of the prize, `paid`, went to the player. */
  | { readonly kind: 'won'; readonly paid: bigint }
  /**
   * Rolled after the refund and won, but the wallet could not take the payment at the reveal (emptied below
   * its rent): `claim_bet` pays `owed`, in SOL.
   */
  | { readonly kind: 'owed'; readonly owed: bigint }
  /** Rolled after the refund and lost: the refund stands, nothing more comes. */
  | { readonly kind: 'lost' }
  /**
   * A plain refund: no slot hash captured (refunded after SlotHashes dropped the slot, or refunded by a
   * reveal that came too late, `refunded=expired`), so the roll can never be computed.
   */
  | { readonly kind: 'void' };

/** The record fields a refund's status is read from. */
type RefundFields = Pick<
  BetAccount,
  'state' | 'result' | 'slotHash' | 'listingPrice' | 'betAmount' | 'offChain'
>;

function lateWinOf(bet: Pick<BetAccount, 'listingPrice' | 'betAmount'>): bigint {
  return lateWinAmount({ prize: bet.listingPrice, stake: bet.betAmount });
}

/**
 * What a win rolled after its refund still waits to be claimed for, when `bet` is one (Settled / Win with a
 * captured slot hash: the reveal could not pay the wallet): `claim_bet` pays this, in SOL whatever its
 * `sol` flag, so it is claimed with `sol: true` and nothing after it (no swap, no marketplace buy). Null
 * for any other record (a plain win is claimed for its prize).
 */
export function lateWinOwed(bet: RefundFields | null): bigint | null {
  if (bet === null || bet.offChain || !hashCaptured(bet)) return null;
  return bet.state === BetState.Settled && bet.result === BetResult.Win ? lateWinOf(bet) : null;
}

/**
 * What `claim_bet` pays the win on `bet`, lamports: the prize, or for a win rolled after its refund the rest
 * of it ({@link lateWinOwed}).
 */
export function claimAmount(bet: RefundFields): bigint {
  return lateWinOwed(bet) ?? bet.listingPrice;
}

/**
 * What the record's last bet came to if it was refunded, or null when it was not (open, settled or
 * claimed as a plain bet, or an empty record).
 */
export function refundStatusOf(bet: RefundFields | null): RefundStatus | null {
  if (bet === null) return null;
  // Only a refund captures a slot hash, and only the late reveal of a captured bet rolls it.
  const captured = !bet.offChain && hashCaptured(bet);
  if (bet.result === BetResult.Win && captured) {
    if (bet.state === BetState.Claimed) return { kind: 'won', paid: lateWinOf(bet) };
    if (bet.state === BetState.Settled) return { kind: 'owed', owed: lateWinOf(bet) };
  }
  if (bet.state !== BetState.Refunded) return null;
  if (!captured) return { kind: 'void' };
  return bet.result === BetResult.Loss ? { kind: 'lost' } : { kind: 'pending', owed: lateWinOf(bet) };
}

/**
 * Whether `bet`'s record still waits for its roll to be revealed, so it takes no new bet: a bet made with
 * `create_bet` keeps its place in the settler's chain until its seed is revealed, even once refunded.
 * `revealSequence` is the House's next sequence to reveal (null when unknown: then only what the record
 * alone shows counts, an open bet or a refund still owed its roll; a plain refund's reveal leaves no trace
 * on the record).
 */
export function awaitsReveal(
  bet: Pick<BetAccount, 'state' | 'result' | 'slotHash' | 'offChain' | 'sequence'> | null,
  revealSequence: bigint | null,
): boolean {
  if (bet === null || bet.offChain || bet.state === BetState.None) return false;
  if (revealSequence !== null) return bet.sequence >= revealSequence;
  if (bet.state === BetState.Open) return true;
  return bet.state === BetState.Refunded && bet.result !== BetResult.Loss && hashCaptured(bet);
}

// ---------------------------------------------------------------------------------------------------------
// Indexed bets (the server's history)
// ---------------------------------------------------------------------------------------------------------

/** The fields of an indexed bet (`BetHistoryItem`) a refund's status is read from. Amounts are lamports. */
export interface IndexedBet {
  readonly id: number;
  /** 'Open', 'Settled', 'Claimed' or 'Refunded'. */
  readonly state: string;
  /** 'None', 'Win', 'Loss' or 'Invalid'. */
  readonly result: string;
  readonly odds: number;
  readonly mint: string;
  /** The stake. */
  readonly amount: bigint;
  readonly fee: bigint;
  readonly listingPrice: bigint;
  readonly refundSignature: string | null;
  /** The program's roll, 0–99, once revealed; null before (or for a refund never rolled). */
  readonly randomValue: number | null;
  /** Rolled after its refund, as the server says (absent from older answers). */
  readonly afterRefund?: boolean;
}

/** What an indexed refund's late roll came to: the recorded result, else (only the roll kept) roll < odds. */
function lateResultOf(row: Pick<IndexedBet, 'result' | 'odds' | 'randomValue'>): 'Win' | 'Loss' | null {
  if (row.result === 'Win' || row.result === 'Loss') return row.result;
  if (row.randomValue === null) return null;
  return row.randomValue < row.odds ? 'Win' : 'Loss';
}

/**
 * What an indexed bet's refund came to, or null when it was not refunded (no refund signature, not
 * Refunded). Its roll, revealed after the refund, won (Claimed: paid at the reveal; Settled: the wallet
 * could not take it then, so it waits for a claim) or lost (Refunded, result Loss); a refund without a
 * roll is a plain one ("could not be revealed in time") unless `pending`: the live record shows its roll
 * still to come ({@link pendingRefundRow}). Amounts are the SDK's `lateWinAmount`.
 */
export function indexedRefundStatus(
  row: Pick<
    IndexedBet,
    | 'state'
    | 'result'
    | 'odds'
    | 'amount'
    | 'listingPrice'
    | 'refundSignature'
    | 'randomValue'
    | 'afterRefund'
  >,
  pending = false,
): RefundStatus | null {
  // A plain bet (never refunded) is Settled or Claimed, without a refund signature.
  const refunded = row.state === 'Refunded' || row.refundSignature !== null || row.afterRefund === true;
  if (!refunded) return null;
  if (row.state === 'Open') return null;
  const late = lateWinAmount({ prize: row.listingPrice, stake: row.amount });
  switch (lateResultOf(row)) {
    case 'Win':
      return row.state === 'Settled' ? { kind: 'owed', owed: late } : { kind: 'won', paid: late };
    case 'Loss':
      return { kind: 'lost' };
    case null:
      return pending ? { kind: 'pending', owed: late } : { kind: 'void' };
  }
}

/**
 * The id of the row, among `rows` (newest first), of the refunded bet the live `record` still owes a roll,
 * or null. Only the record's last bet can wait for its roll (a refunded bet keeps the record until its seed
 * is revealed), so it is the newest row, if it is a refund not rolled yet with the record's odds, stake,
 * prize and mint.
 */
export function pendingRefundRow(
  rows: readonly IndexedBet[],
  record: Pick<
    BetAccount,
    'state' | 'result' | 'slotHash' | 'listingPrice' | 'betAmount' | 'offChain' | 'odds' | 'mint'
  > | null,
): number | null {
  if (record === null || refundStatusOf(record)?.kind !== 'pending') return null;
  const row = rows[0];
  if (row === undefined || row.state !== 'Refunded' || lateResultOf(row) !== null) return null;
  const same =
    row.odds === record.odds &&
    row.amount === record.betAmount &&
    row.listingPrice === record.listingPrice &&
    row.mint === record.mint;
  return same ? row.id : null;
}

/**
 * Whether the newest of `rows` may be a refund whose roll is still to come, so the live bet record is worth
 * reading ({@link pendingRefundRow}).
 */
export function mayAwaitRoll(rows: readonly IndexedBet[]): boolean {
  const newest = rows[0];
  return newest !== undefined && newest.state === 'Refunded' && lateResultOf(newest) === null;
}

// ---------------------------------------------------------------------------------------------------------
// Texts
// ---------------------------------------------------------------------------------------------------------

/** A refund captured nothing: its roll will never be computed. */
export const REFUNDED_VOID = 'Refunded: the roll could not be revealed in time';
/** A refund whose roll, revealed later, lost. */
export const REFUNDED_LOST = 'Refunded (the roll lost)';
/** A refund whose roll is not revealed yet. */
export const REFUNDED_PENDING = 'Refunded: waiting for the roll';

/** A refund whose roll, revealed later, won: "Refunded, then won: +0.001263157 SOL paid". */
export function refundedWonText(paid: bigint): string {
  return `Refunded, then won: +${formatExactSol(paid)} paid`;
}

/** A refund whose roll, revealed later, won but could not be paid then: "Refunded, then won: 0.48 SOL to claim". */
export function refundedOwedText(owed: bigint): string {
  return `Refunded, then won: ${formatExactSol(owed)} to claim`;
}

/** What a new bet waits for while the last one, refunded, still has its roll to come. */
export const REFUND_AWAITS_REVEAL =
  'Your refunded bet’s roll has not been revealed yet: you can bet again once it is.';

/** The headline of a refund's status. */
export function refundStatusTitle(status: RefundStatus): string {
  switch (status.kind) {
    case 'pending':
      return REFUNDED_PENDING;
    case 'won':
      return refundedWonText(status.paid);
    case 'owed':
      return refundedOwedText(status.owed);
    case 'lost':
      return REFUNDED_LOST;
    case 'void':
      return REFUNDED_VOID;
  }
}

/** The sentence under a refund's headline. */
export function refundStatusDetail(status: RefundStatus): string {
  switch (status.kind) {
    case 'pending':
      return `Your stake and fee are back in your wallet, and your result is kept: if the roll wins when it is revealed, the rest of your prize (${formatExactSol(status.owed)}) is paid to you then.`;
    case 'won':
      return `Your roll was revealed after your refund and won: the rest of your prize (${formatExactSol(status.paid)}) was paid to your wallet, on top of the stake and fee the refund returned.`;
    case 'owed':
      return `Your roll was revealed after your refund and won, but your wallet could not take the payment then. Claim the rest of your prize (${formatExactSol(status.owed)}), paid in SOL.`;
    case 'lost':
      return 'Your roll was revealed after your refund and lost: the refund of your stake and fee stands.';
    case 'void':
      return 'Your stake and fee are back in your wallet. The refund came too late to keep the result: this bet has no roll.';
  }
}
