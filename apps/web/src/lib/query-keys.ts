/**
 * Query keys shared by the feature that owns a query and the code elsewhere that invalidates it.
 *
 * @module
 */

import type { Address } from '@solana/kit';

/**
 * The query key of a wallet's unclaimed wins (TailSpin/ReTail, Foresight and Prophecy items are keyed
 * under it): the account status owns the query; placing, claiming and refunding a bet invalidate it.
 */
export function unclaimedWinsKey(user: Address | null) {
  return ['account-status', 'unclaimed-wins', user] as const;
}

/**
 * The query key of a wallet's profit and loss: the history owns the query; claiming Juice invalidates it.
 */
export function pnlKey(address: string) {
  return ['history', 'pnl', address] as const;
}
