/**
 * SOL amounts in the pre-bet breakdown, where a rounded "0.00" would hide a real fee.
 *
 * @module
 */

import { LAMPORTS_PER_SOL } from '@arcade/sdk/constants';

import { formatSol } from '../../../lib/format.ts';

/**
 * An amount of the breakdown: the app's SOL format, unless that rounds a real amount away to zero (a fee
 * under 0.005 SOL reads "0.00"), where 4 decimals show it.
 *
 * @example breakdownSol(3_248_000n) === '0.0032 SOL'; breakdownSol(812_000_000n) === '0.81 SOL'
 */
export function breakdownSol(lamports: bigint): string {
  const text = formatSol(lamports);
  if (lamports === 0n || /[1-9]/.test(text)) return text;
  // Only amounts under 0.005 SOL get here: 4 decimals, rounded half up.
  const unit = LAMPORTS_PER_SOL / 10_000n;
  const tenThousandths = (lamports + unit / 2n) / unit;
  return tenThousandths === 0n ? '<0.0001 SOL' : `0.${tenThousandths.toString().padStart(4, '0')} SOL`;
}
