/**
 * The player's finished Foresight bets whose accounts still hold their rent deposit: lost bets (nothing
 * ever closes them) and paid or refunded ones whose account stayed open (paid by a keeper, or before the app
 * closed accounts when collecting). `close_bet` gives each deposit back.
 *
 * The chain cannot list a wallet's bets without a program-wide scan (which the RPC proxy refuses), so the
 * rounds come from the player's history as loaded on the page; each bet PDA and its round are then read in
 * `getMultipleAccounts` calls, and only what `close_bet` would accept is kept (`docs/foresight.md`):
 * the round settled (or its account already closed, which the program allows only once every bet it owed is
 * paid), and the bet paid, refunded or lost. An unpaid win, an unrefunded bet of an invalid round and a bet
 * of a round still in play are left out.
 *
 * @module
 */

import { RPC_COMMITMENT } from '@arcade/sdk/constants';
import {
  decodeBet,
  decodeEvent,
  Prediction,
  type BetAccount,
  type EventAccount,
} from '@arcade/sdk/foresight/accounts';
import { fetchEncodedAccounts, type Address } from '@solana/kit';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { getRpc } from '../../../lib/wallet/rpc.ts';
import { HISTORY_POLL_MS } from './get-prediction-history.ts';
import { betAddressOf } from './foresight-program.ts';
import { foresightProgram } from '../../../lib/programs.ts';
import { userBetsRootKey } from './get-user-bets.ts';

/** A bet account `close_bet` would close now. */
export interface ClosableBet {
  /** The bet account. */
  readonly bet: Address;
  /** Its round. */
  readonly round: Address;
  /** The round's id, null when the round's account is closed. */
  readonly roundId: number | null;
  /** What closing it gives back: every lamport the account holds. */
  readonly deposit: bigint;
}

/** How many accounts one `getMultipleAccounts` reads. */
const ACCOUNTS_PER_CALL = 100;

/** The closable-bets query of `user` over `rounds`: under the bets' root key, so every send refreshes it. */
export function closableBetsKey(user: Address | null, rounds: readonly Address[]) {
  return [...userBetsRootKey(user), 'closable', rounds.join(',')] as const;
}

function decodeOr<T>(decode: () => T): T | null {
  try {
    return decode();
  } catch {
    return null;
  }
}

/**
 * Whether `close_bet` accepts `bet` in `round` (null: the round's account is closed): the round settled and
 * the bet paid, refunded or lost. An unpaid bet of a settled round is still owed money unless it lost: a
 * winner (`settle_bet`) or any bet of an invalid round (`withdraw_bet`).
 */
export function isClosable(
  bet: Pick<BetAccount, 'isSettled' | 'prediction'>,
  round: Pick<EventAccount, 'isSettled' | 'result'> | null,
): boolean {
  // A round's account closes only once every bet it owed is paid, so its bets are owed nothing.
  if (round === null) return true;
  if (!round.isSettled) return false;
  if (bet.isSettled) return true;
  return round.result !== Prediction.Invalid && bet.prediction !== round.result;
}

async function fetchInChunks(addresses: readonly Address[], signal?: AbortSignal) {
  const chunks: Address[][] = [];
  for (let i = 0; i < addresses.length; i += ACCOUNTS_PER_CALL) {
    chunks.push(addresses.slice(i, i + ACCOUNTS_PER_CALL));
  }
  const results = await Promise.all(
    chunks.map((chunk) =>
      fetchEncodedAccounts(getRpc(), chunk, {
        commitment: RPC_COMMITMENT,
        ...(signal === undefined ? {} : { abortSignal: signal }),
      }),
    ),
  );
  return results.flat();
}

/**
 * `user`'s bets in `rounds` that `close_bet` would close now, oldest round first. A round without a bet
 * account (never bet, or closed already) is left out, as is an account that is not `user`'s bet in it.
 */
export async function fetchClosableBets(
  user: Address,
  rounds: readonly Address[],
  signal?: AbortSignal,
): Promise<readonly ClosableBet[]> {
  const unique = [...new Set(rounds)];
  if (unique.length === 0) return [];
  const program = foresightProgram().programAddress;
  const bets = await Promise.all(unique.map((round) => betAddressOf(round, user)));
  const accounts = await fetchInChunks([...bets, ...unique], signal);
  const closable: ClosableBet[] = [];
  unique.forEach((round, index) => {
    const betAccount = accounts[index];
    const roundAccount = accounts[unique.length + index];
    if (betAccount?.exists !== true || betAccount.programAddress !== program) return;
    const bet = decodeOr(() => decodeBet(betAccount.data));
    if (bet === null || bet.user !== user || bet.event !== round) return;
    // The program reads the round only while it owns the account; a closed round's account is gone.
    const event =
      roundAccount?.exists === true && roundAccount.programAddress === program
        ? decodeOr(() => decodeEvent(roundAccount.data))
        : null;
    if (event === null && roundAccount?.exists === true && roundAccount.programAddress === program) return;
    if (!isClosable(bet, event)) return;
    closable.push({ bet: bets[index]!, round, roundId: event?.id ?? null, deposit: betAccount.lamports });
  });
  return closable.sort((a, b) => (a.roundId ?? 0) - (b.roundId ?? 0));
}

/** The query options of {@link fetchClosableBets}; disabled without a wallet or rounds. */
export function closableBetsQueryOptions(user: Address | null, rounds: readonly Address[]) {
  return queryOptions({
    queryKey: closableBetsKey(user, rounds),
    queryFn: ({ signal }) =>
      user === null ? Promise.resolve([] as readonly ClosableBet[]) : fetchClosableBets(user, rounds, signal),
    enabled: user !== null && rounds.length > 0,
    // A keeper may pay a bet at any time, which makes it closable: re-read as often as the history.
    refetchInterval: HISTORY_POLL_MS,
    placeholderData: keepPreviousData,
  });
}

/** `user`'s closable bets in `rounds`. */
export function useClosableBets(user: Address | null, rounds: readonly Address[]) {
  return useQuery(closableBetsQueryOptions(user, rounds));
}
