/**
 * The connected player's bets in the rounds on the board, read from their bet PDAs in one
 * `getMultipleAccounts`. A bet changes only when the player (or a keeper paying them) acts, so the query
 * is invalidated after every send and re-read every 10 s. A bet account seen before and gone now was closed
 * by `close_bet`, which only closes a finished bet: it stays in the map, marked closed, so the card keeps the
 * position (the page also falls back to the server's history, for bets closed before it opened).
 *
 * @module
 */

import { decodeBet } from '@arcade/sdk/foresight/accounts';
import { RPC_COMMITMENT } from '@arcade/sdk/constants';
import { toUpDownBet, type UpDownBet } from '@arcade/sdk/foresight/views';
import { fetchEncodedAccounts, type Address } from '@solana/kit';
import { keepPreviousData, queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';

import { solBalanceQueryKey } from '../../../lib/wallet/balance-query-key.ts';
import { getRpc } from '../../../lib/wallet/rpc.ts';
import { betAddressOf } from './foresight-program.ts';

/** A bet with its account. */
export interface PlayerBet extends UpDownBet {
  readonly address: Address;
  readonly round: Address;
  /** The lamports the bet account holds (its rent deposit), which `close_bet` gives back; 0 once closed. */
  readonly deposit: bigint;
  /**
   * The account is closed (`close_bet`): the position comes from the server's history and the round, and is
   * finished (paid, refunded or lost).
   */
  readonly closed: boolean;
}

/** The player's bets by round address. */
export type PlayerBets = ReadonlyMap<Address, PlayerBet>;

/** How often the bets are re-read without a send. */
export const BETS_POLL_MS = 10_000;

/** Every bets query of `user` (to invalidate them all). */
export function userBetsRootKey(user: Address | null) {
  return ['foresight', 'bets', user] as const;
}

/** The bets query of `user` in `rounds`. */
export function userBetsKey(user: Address | null, rounds: readonly Address[]) {
  return [...userBetsRootKey(user), rounds.join(',')] as const;
}

/** A bet whose account was closed: finished (paid, refunded or lost), its deposit returned. */
export function closedBet(bet: PlayerBet): PlayerBet {
  return { ...bet, isSettled: true, deposit: 0n, closed: true };
}

/** Every bet of `user` the cache holds, by round, from all the bets queries (the board's rounds move). */
function cachedBets(client: QueryClient, user: Address): Map<Address, PlayerBet> {
  const bets = new Map<Address, PlayerBet>();
  for (const [, data] of client.getQueriesData({ queryKey: userBetsRootKey(user) })) {
    if (data instanceof Map) for (const [round, bet] of data as PlayerBets) bets.set(round, bet);
  }
  return bets;
}

/**
 * Reads `user`'s bets in `rounds`; rounds without one are absent from the map, unless `seen` (what was read
 * before) had a bet there: its account was closed since, and it is kept as {@link closedBet}.
 */
export async function fetchUserBets(
  user: Address,
  rounds: readonly Address[],
  signal?: AbortSignal,
  seen: PlayerBets = new Map(),
): Promise<PlayerBets> {
  if (rounds.length === 0) return new Map();
  const addresses = await Promise.all(rounds.map((round) => betAddressOf(round, user)));
  const accounts = await fetchEncodedAccounts(getRpc(), addresses, {
    commitment: RPC_COMMITMENT,
    ...(signal === undefined ? {} : { abortSignal: signal }),
  });
  const bets = new Map<Address, PlayerBet>();
  accounts.forEach((account, index) => {
    const round = rounds[index]!;
    if (!account.exists) {
      const before = seen.get(round);
      if (before !== undefined) bets.set(round, before.closed ? before : closedBet(before));
      return;
    }
    bets.set(round, {
      ...toUpDownBet(decodeBet(account.data)),
      address: addresses[index]!,
      round,
      deposit: account.lamports,
      closed: false,
    });
  });
  return bets;
}

/** The player's bets in `rounds` (an empty map without a wallet). */
export function useUserBets(user: Address | null, rounds: readonly Address[]) {
  return useQuery(
    queryOptions({
      queryKey: userBetsKey(user, rounds),
      queryFn: ({ signal, client }) =>
        user === null ? new Map() : fetchUserBets(user, rounds, signal, cachedBets(client, user)),
      enabled: user !== null && rounds.length > 0,
      refetchInterval: BETS_POLL_MS,
      placeholderData: keepPreviousData,
    }),
  );
}

/** The wallet's SOL balance (the header chip's query: same key, same value). */
export function useBalance(user: Address | null) {
  return useQuery({
    queryKey: solBalanceQueryKey(user ?? ''),
    queryFn: async ({ signal }) =>
      (await getRpc().getBalance(user!, { commitment: RPC_COMMITMENT }).send({ abortSignal: signal })).value,
    enabled: user !== null,
  });
}
