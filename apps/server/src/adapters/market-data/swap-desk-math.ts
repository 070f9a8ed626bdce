/**
 * The local swap desk's quote maths, in integers: SOL ↔ stablecoin conversions at the Pyth SOL/USD price
 * minus the desk's spread, always rounded down so the desk never pays out more than the input is worth.
 *
 * @module
 */

import { BPS_DENOMINATOR, LAMPORTS_PER_SOL } from '@arcade/sdk/constants';

/**
 * The desk's spread, 0.3% (a typical AMM pool fee): what it keeps on each swap so that buying and selling
 * back at once always loses a little, and the price moving between quote and swap is covered.
 */
export const DESK_SPREAD_BPS = 30n;

/** A Pyth price: the real price is `price × 10^exponent` (USD per SOL). */
export interface OraclePrice {
  readonly price: bigint;
  readonly exponent: number;
}

/** Which way a swap goes. */
export type SwapDirection = 'solToToken' | 'tokenToSol';

/** The USD-per-SOL price as an exact fraction `numerator / denominator`. */
function usdPerSol({ price, exponent }: OraclePrice): { numerator: bigint; denominator: bigint } {
  if (price <= 0n) throw new RangeError('the oracle price must be positive');
  return exponent < 0
    ? { numerator: price, denominator: 10n ** BigInt(-exponent) }
    : { numerator: price * 10n ** BigInt(exponent), denominator: 1n };
}

/**
 * Converts `amount` at the oracle price, keeping `(BPS_DENOMINATOR − spreadBps) / BPS_DENOMINATOR` of it,
 * rounded down. A stablecoin unit is worth one USD.
 *
 * @example
 * // 1 SOL at $150.00000000 (exponent −8) into a 6-decimal stablecoin, no spread: 150 tokens.
 * convert('solToToken', 1_000_000_000n, { price: 15_000_000_000n, exponent: -8 }, 6, 0n) === 150_000_000n
 */
export function convert(
  direction: SwapDirection,
  amount: bigint,
  oracle: OraclePrice,
  tokenDecimals: number,
  spreadBps: bigint = DESK_SPREAD_BPS,
): bigint {
  if (amount < 0n) throw new RangeError('the amount must not be negative');
  if (spreadBps < 0n || spreadBps >= BPS_DENOMINATOR) throw new RangeError('the spread is out of range');
  const { numerator, denominator } = usdPerSol(oracle);
  const tokenUnit = 10n ** BigInt(tokenDecimals);
  const kept = BPS_DENOMINATOR - spreadBps;
  return direction === 'solToToken'
    ? (amount * numerator * tokenUnit * kept) / (LAMPORTS_PER_SOL * denominator * BPS_DENOMINATOR)
    : (amount * LAMPORTS_PER_SOL * denominator * kept) / (tokenUnit * numerator * BPS_DENOMINATOR);
}

/**
 * The least output the user accepts: `outAmount × (1 − slippageBps / 10000)`, rounded down (Jupiter's
 * `otherAmountThreshold` for exact-in swaps).
 */
export function otherAmountThreshold(outAmount: bigint, slippageBps: number): bigint {
  return (outAmount * (BPS_DENOMINATOR - BigInt(slippageBps))) / BPS_DENOMINATOR;
}

/** The price of one stablecoin in SOL (`1 / SOL-in-USD`), for display. */
export function stablecoinPriceInSol(oracle: OraclePrice): number {
  const { numerator, denominator } = usdPerSol(oracle);
  return Number(denominator) / Number(numerator);
}
