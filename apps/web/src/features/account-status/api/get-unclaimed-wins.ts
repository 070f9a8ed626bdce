/**
 * The connected wallet's won-but-unclaimed TailSpin and ReTail bets (spec §4), read from the chain.
 *
 * The wager program keeps one bet record per user and refuses a new bet while a win is unclaimed
 * (`BetNotAvailable`), so the record at the user's bet PDA is the complete answer: zero or one win. The
 * server's history lags the chain and could offer a win that was just claimed, so it is not consulted.
 *
 * @module
 */

import { RPC_COMMITMENT } from '@arcade/sdk/constants';
import { betTypeLabel, decodeBet, type BetTypeLabel } from '@arcade/sdk/wager/accounts';
import { findBetAddress } from '@arcade/sdk/wager/pda';
import { isUnclaimedWin } from '@arcade/sdk/wager/views';
import { address as toAddress, fetchEncodedAccount, type Address } from '@solana/kit';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { runtimeConfig } from '../../../config/runtime-config.ts';
import { getRpc } from '../../../lib/wallet/rpc.ts';

/** A win the user has not claimed yet. */
export interface UnclaimedWin {
  /** The bet record (PDA) to claim. */
  readonly bet: Address;
  /** The prize in lamports: what a SOL claim pays. */
  readonly prize: bigint;
  readonly betType: BetTypeLabel;
  /** When the bet settled, unix seconds; with `bet` it identifies this win. */
  readonly timestamp: bigint;
}

/** The wager program of this deployment. */
export function wagerProgram(): { readonly programAddress: Address } {
  return { programAddress: toAddress(runtimeConfig().programs.wager) };
}

/** The bet PDA of `user` in this deployment's wager program. */
export async function betAddressOf(user: Address): Promise<Address> {
  const [bet] = await findBetAddress(user, wagerProgram());
  return bet;
}

/** Reads the user's bet record and returns its win if it is unclaimed. */
export async function getUnclaimedWins(user: Address): Promise<readonly UnclaimedWin[]> {
  const bet = await betAddressOf(user);
  const account = await fetchEncodedAccount(getRpc(), bet, { commitment: RPC_COMMITMENT });
  if (!account.exists) return [];
  const record = decodeBet(account.data);
  if (!isUnclaimedWin(record)) return [];
  return [
    { bet, prize: record.listingPrice, betType: betTypeLabel(record.betType), timestamp: record.timestamp },
  ];
}

/** How often the unclaimed wins are re-read even without a chain notification. */
export const UNCLAIMED_WINS_POLL_MS = 30_000;

/** The query key of a wallet's unclaimed wins. */
export function unclaimedWinsKey(user: Address | null) {
  return ['account-status', 'unclaimed-wins', user] as const;
}

/** Query options of a wallet's unclaimed wins; disabled without a wallet. */
export function unclaimedWinsQueryOptions(user: Address | null) {
  return queryOptions({
    queryKey: unclaimedWinsKey(user),
    queryFn: () => (user === null ? Promise.resolve([]) : getUnclaimedWins(user)),
    enabled: user !== null,
    // The chain subscription (`use-bet-record-updates.ts`) is the fast path; this catches whatever it
    // missed while its websocket was down.
    refetchInterval: UNCLAIMED_WINS_POLL_MS,
  });
}

/** The wallet's unclaimed wins. */
export function useUnclaimedWins(user: Address | null) {
  return useQuery(unclaimedWinsQueryOptions(user));
}
