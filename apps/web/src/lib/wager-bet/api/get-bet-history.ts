/**
 * The bet engine's use of the server's index of TailSpin and ReTail bets (`POST /api/user/bets`, read through
 * the history feature's one paginated fetch): the cache key every bet refreshes, and the lookup of a bet being
 * waited for, whose roll (`randomValue`) and settle signature the chain record does not keep.
 *
 * @module
 */

import { getBetsPage, type BetRow } from '../../history/get-history.ts';

/** The query key prefix of every bet-history page of `address` (invalidate it when a bet changes). */
export function betHistoryKey(address: string | null) {
  return ['wager-bet', 'history', address] as const;
}

/**
 * The indexed bet created by `signature`, from the newest page of `address`'s bets (a bet being waited
 * for is the newest), or null when the server has not indexed it yet.
 */
export async function findIndexedBet(
  address: string,
  signature: string,
  signal?: AbortSignal,
): Promise<BetRow | null> {
  const page = await getBetsPage({ address }, signal);
  return page.items.find((item) => item.signature === signature) ?? null;
}
