/**
 * The query key of a wallet's SOL balance, shared by the balance chip (which owns the query) and the
 * code that changes balances (sends, airdrops), which invalidates it.
 *
 * @module
 */

/** The TanStack Query key of `address`'s SOL balance. */
export function solBalanceQueryKey(address: string) {
  return ['sol-balance', address] as const;
}
