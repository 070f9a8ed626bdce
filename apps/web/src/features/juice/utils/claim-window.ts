/**
 * When the next Juice claim opens (not before 86,400 s after the last one).
 *
 * @module
 */

import { JUICE_CLAIM_INTERVAL_SECS } from '@arcade/sdk/constants';

/**
 * Epoch milliseconds when claiming opens: the server's `nextClaimAt`, or `lastClaim` plus the interval;
 * 0 when the wallet never claimed.
 */
export function claimOpensAt(status: { readonly lastClaim: number; readonly nextClaimAt: number }): number {
  if (status.nextClaimAt > 0) return status.nextClaimAt * 1_000;
  if (status.lastClaim > 0) return (status.lastClaim + JUICE_CLAIM_INTERVAL_SECS) * 1_000;
  return 0;
}

/**
 * A countdown as `HH:MM:SS`, seconds rounded up so it reads 00:00:00 exactly when the claim opens.
 *
 * @example clockCountdown(3_723_000) === '01:02:03'
 */
export function clockCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1_000));
  const pad = (n: number) => n.toString().padStart(2, '0');
  return `${pad(Math.floor(total / 3_600))}:${pad(Math.floor((total % 3_600) / 60))}:${pad(total % 60)}`;
}
