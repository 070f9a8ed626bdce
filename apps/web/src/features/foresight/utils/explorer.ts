/**
 * Links to a public block explorer for a transaction, and the receipt's second-precise times.
 *
 * @module
 */

import type { Cluster } from '@arcade/sdk/api/config';

import { formatDateTime } from '../../../lib/format.ts';

/**
 * The Solana Explorer page of transaction `signature` on `cluster`; null on the local chain, which no
 * public explorer can see (the receipt shows the signature to copy instead).
 *
 * @example explorerTxUrl('5x…', 'devnet') === 'https://explorer.solana.com/tx/5x…?cluster=devnet'
 */
export function explorerTxUrl(signature: string, cluster: Cluster): string | null {
  switch (cluster) {
    case 'localnet':
      return null;
    case 'devnet':
      return `https://explorer.solana.com/tx/${signature}?cluster=devnet`;
    case 'mainnet-beta':
      return `https://explorer.solana.com/tx/${signature}`;
  }
}

/**
 * Unix seconds as the app's date and 12-hour time (docs/reference/routes.md#foresight-round-cards) with the
 * seconds added, which the oracle's publish window is measured in.
 *
 * @example formatSecondsTime(…) === '22 Nov 26, 3:07:05 PM'
 */
export function formatSecondsTime(unixSeconds: bigint | number): string {
  const ms = Number(unixSeconds) * 1000;
  const text = formatDateTime(ms);
  if (!Number.isFinite(ms)) return text;
  const seconds = new Date(ms).getSeconds().toString().padStart(2, '0');
  // 'D Mon YY, h:mm AM' → 'D Mon YY, h:mm:ss AM'
  return text.replace(/(\d+:\d{2})( [AP]M)$/, `$1:${seconds}$2`);
}
