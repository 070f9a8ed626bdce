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

import {
  MAX_TRANSACTION_FEE_LAMPORTS,
  PRIORITY_FEE_FLOOR_MICRO_LAMPORTS,
  SIGNATURE_FEE_LAMPORTS,
  SOL_DECIMALS,
} from '@arcade/sdk/constants';
import { MIN_COMPUTE_UNIT_LIMIT, priorityFeeLamports } from '@arcade/sdk/sender/fee-math';

import { formatLamports, formatSolDecimal } from '../../format.ts';

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

/**
 * The network fee a bet's transaction usually pays: the signature fee and the priority fee at the floor
 * price for the smallest compute-unit limit the sender sets (a bet simulates under 10,000 units): 5,000 +
 * 550 lamports, the "0.000006 SOL" a player sees on top of stake + fee. It is an estimate: the sender sets
 * the price from the cluster's estimate when that is higher, up to {@link MAX_TRANSACTION_FEE_LAMPORTS}.
 */
export const TYPICAL_BET_NETWORK_FEE_LAMPORTS =
  SIGNATURE_FEE_LAMPORTS + priorityFeeLamports(PRIORITY_FEE_FLOOR_MICRO_LAMPORTS, MIN_COMPUTE_UNIT_LIMIT);

/** Everything a bet takes from the wallet, part by part (lamports). */
export interface BetCharge {
  readonly stake: bigint;
  /** The game's 4% fee. */
  readonly fee: bigint;
  /** The bet record's rent on a first bet (or an old record's top-up), else 0. */
  readonly recordRent: bigint;
  /** The referrer's vault's rent when this bet creates it, else 0. */
  readonly referralRent: bigint;
  /**
   * stake + fee + the rents: exact, known before the wallet prompt, and what the pay button says. The
   * network fee is not in it: only the transaction fixes it.
   */
  readonly pay: bigint;
  /** The usual network fee ({@link TYPICAL_BET_NETWORK_FEE_LAMPORTS}): an estimate. */
  readonly networkFee: bigint;
  /** The most the network fee can be ({@link MAX_TRANSACTION_FEE_LAMPORTS}). */
  readonly networkFeeMax: bigint;
  /** pay + networkFee: what the wallet is usually charged in all. */
  readonly total: bigint;
}

/**
 * What a bet of `stake` with `fee` takes from the wallet. `extra` null (no wallet, or still loading): no
 * rent counted.
 *
 * @example betCharge(100_000_000n, 4_000_000n, betExtraCosts(0n)).total === 104_005_550n
 */
export function betCharge(stake: bigint, fee: bigint, extra: BetExtraCosts | null): BetCharge {
  const recordRent = extra?.recordRent ?? 0n;
  const referralRent = extra?.referralRent ?? 0n;
  const pay = stake + fee + recordRent + referralRent;
  const networkFee = TYPICAL_BET_NETWORK_FEE_LAMPORTS;
  return {
    stake,
    fee,
    recordRent,
    referralRent,
    pay,
    networkFee,
    networkFeeMax: extra?.networkFee ?? MAX_TRANSACTION_FEE_LAMPORTS,
    total: pay + networkFee,
  };
}

/**
 * An exact SOL amount for a price tag: every significant decimal (a lamport is 0.000000001 SOL), at least
 * two (0.10, 0.104, 0.10638032), so a 4% fee never disappears into "0.10" and a pay button never rounds.
 *
 * @example costSol(104_000_000n) === '0.104'; costSol(100_000_000n) === '0.10'; costSol(2n * 10n ** 9n) === '2.00'
 */
export function costSol(lamports: bigint): string {
  const [whole, decimals = ''] = formatSolDecimal(lamports).split('.');
  return `${whole ?? '0'}.${decimals.padEnd(2, '0')}`;
}

/**
 * An estimated SOL amount (the network fee): {@link costSol} rounded half up to `maxDecimals` decimals.
 *
 * @example approxSol(5_550n) === '0.000006'
 */
export function approxSol(lamports: bigint, maxDecimals = 6): string {
  const unit = 10n ** BigInt(SOL_DECIMALS - maxDecimals);
  return costSol(((lamports + unit / 2n) / unit) * unit);
}
