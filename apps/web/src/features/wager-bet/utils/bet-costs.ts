/**
 * What a TailSpin or ReTail bet needs in the wallet besides its stake and 4% fee: on a first bet the rent of
 * the bet record `init_bet_offchain` creates (or, for a record of the program's first version, the rent
 * `create_bet` adds as it grows it), the rent of the referrer's vault when the bet creates it
 * (`init_referral`), and always the transaction's network fee: the signature fee and the most the sender
 * may add as priority fee (as Foresight and Prophecy keep aside). One source for the
 * check before the wallet prompt (`usePlaceBet`) and for the forms' own checks and Max (through
 * `useBetExtraCosts`), so a form never shows a bet as affordable that the prompt then refuses.
 *
 * @module
 */

import { MAX_TRANSACTION_FEE_LAMPORTS } from '@arcade/sdk/constants';

import { formatLamports } from '../../../lib/format.ts';

/** Lamports a bet needs besides stake + fee. */
export interface BetExtraCosts {
  /**
   * The bet record's rent-exempt minimum on a first bet (no record yet), the rent an older, shorter record
   * still needs as `create_bet` grows it, else 0.
   */
  readonly recordRent: bigint;
  /** The referrer's vault's rent when this bet creates the vault (`init_referral`), else 0. */
  readonly referralRent: bigint;
  /** The network fee of the bet's transaction: one signature and the highest priority fee. */
  readonly networkFee: bigint;
  /** recordRent + networkFee. */
  readonly total: bigint;
}

/**
 * The extra costs of a bet, given the record's rent (0 when the record exists) and the referral vault's
 * (0 unless the bet creates it).
 *
 * @example betExtraCosts(0n).total === MAX_TRANSACTION_FEE_LAMPORTS
 */
export function betExtraCosts(recordRent: bigint, referralRent = 0n): BetExtraCosts {
  return {
    recordRent,
    referralRent,
    networkFee: MAX_TRANSACTION_FEE_LAMPORTS,
    total: recordRent + referralRent + MAX_TRANSACTION_FEE_LAMPORTS,
  };
}

/** Whether `balance` pays a bet costing `cost` (stake + fee) with its `extra` costs. */
export function canAffordBet(balance: bigint, cost: bigint, extra: BetExtraCosts): boolean {
  return balance >= cost + extra.total;
}

/**
 * The sentence for a balance that does not pay a bet: what it needs in all (stake, fee and the extra costs)
 * and what the wallet holds.
 *
 * @example notEnoughSolMessage(520_000_000n, betExtraCosts(0n), 500_000_000n)
 *   === 'Not enough SOL: this bet needs 0.52 SOL with the fee and the network fee, and you have 0.50 SOL.'
 */
export function notEnoughSolMessage(cost: bigint, extra: BetExtraCosts, balance: bigint): string {
  const items = [
    'the fee',
    ...(extra.recordRent > 0n ? ['your bet record'] : []),
    ...(extra.referralRent > 0n ? ['your referrer’s vault'] : []),
  ];
  const parts = `${items.join(', ')} and the network fee`;
  return `Not enough SOL: this bet needs ${formatLamports(cost + extra.total)} SOL with ${parts}, and you have ${formatLamports(balance)} SOL.`;
}
