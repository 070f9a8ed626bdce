/**
 * The round board: the config and every round the page shows (the live, locked and next rounds and
 * the last 8 before the locked one), read from the chain in two calls (the config, then one
 * `getMultipleAccounts`). Chain subscriptions patch it (`use-foresight-live.ts`); a 5 s poll covers a
 * dropped socket.
 *
 * @module
 */

import { RPC_COMMITMENT } from '@arcade/sdk/constants';
import { decodeConfig, decodeEvent, type ConfigAccount } from '@arcade/sdk/foresight/accounts';
import { pastEventIds, toUpDownEvent, type UpDownEvent } from '@arcade/sdk/foresight/views';
import {
  fetchEncodedAccount,
  fetchEncodedAccounts,
  type Address,
  type FetchAccountConfig,
} from '@solana/kit';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { getRpc } from '../../../lib/wallet/rpc.ts';
import { configAddressOf, roundAddressOf, type ForesightAsset } from './foresight-program.ts';

/** What the page shows. */
export interface ForesightBoard {
  readonly configAddress: Address;
  /** Null until the operator created the config. */
  readonly config: ConfigAccount | null;
  /** The round open for bets. */
  readonly live: UpDownEvent | null;
  /** The round waiting for its draw. */
  readonly locked: UpDownEvent | null;
  /** The pre-created round that goes live at the next tick. */
  readonly next: UpDownEvent | null;
  /** Up to 8 rounds before the locked one, newest first. */
  readonly past: readonly UpDownEvent[];
}

/** How often the board is re-read even when the subscriptions are quiet. */
export const BOARD_POLL_MS = 5_000;

/** The board's query key. */
export function boardKey(symbol: string) {
  return ['foresight', 'board', symbol] as const;
}

/** The rounds of a board, newest first. */
export function boardRounds(board: ForesightBoard): UpDownEvent[] {
  return [board.next, board.live, board.locked, ...board.past].filter(
    (round): round is UpDownEvent => round !== null,
  );
}

/** Reads the config and its rounds. */
export async function fetchBoard(asset: ForesightAsset, signal?: AbortSignal): Promise<ForesightBoard> {
  const rpc = getRpc();
  const options: FetchAccountConfig = {
    commitment: RPC_COMMITMENT,
    ...(signal === undefined ? {} : { abortSignal: signal }),
  };
  const configAddress = await configAddressOf(asset);
  const account = await fetchEncodedAccount(rpc, configAddress, options);
  if (!account.exists) return { configAddress, config: null, live: null, locked: null, next: null, past: [] };
  const config = decodeConfig(account.data);
  const past = pastEventIds(config);
  const ids = [config.liveEvent + 1, config.liveEvent, config.lockedEvent, ...past].filter((id) => id >= 1);
  const addresses = await Promise.all(ids.map((id) => roundAddressOf(configAddress, id)));
  const accounts = addresses.length === 0 ? [] : await fetchEncodedAccounts(rpc, addresses, options);
  const byId = new Map<number, UpDownEvent>();
  accounts.forEach((round, index) => {
    if (round.exists) byId.set(ids[index]!, toUpDownEvent(addresses[index]!, decodeEvent(round.data)));
  });
  return {
    configAddress,
    config,
    live: config.liveEvent === 0 ? null : (byId.get(config.liveEvent) ?? null),
    locked: config.lockedEvent === 0 ? null : (byId.get(config.lockedEvent) ?? null),
    next: byId.get(config.liveEvent + 1) ?? null,
    past: past
      .map((id) => byId.get(id))
      .filter((round): round is UpDownEvent => round !== undefined)
      .reverse(),
  };
}

/**
 * `board` with the round at `address` replaced by `round` (a subscription's update); the same board when it
 * does not show that round.
 */
export function withRound(board: ForesightBoard, address: Address, round: UpDownEvent): ForesightBoard {
  const swap = (current: UpDownEvent | null) => (current?.pubkey === address ? round : current);
  if (!boardRounds(board).some((current) => current.pubkey === address)) return board;
  return {
    ...board,
    live: swap(board.live),
    locked: swap(board.locked),
    next: swap(board.next),
    past: board.past.map((current) => (current.pubkey === address ? round : current)),
  };
}

/** Whether the config moved on (a tick, a pause): the board must be read again. */
export function configMoved(before: ConfigAccount | null, after: ConfigAccount): boolean {
  return (
    before === null ||
    before.liveEvent !== after.liveEvent ||
    before.lockedEvent !== after.lockedEvent ||
    before.disabled !== after.disabled ||
    before.timelock !== after.timelock
  );
}

/**
 * Query options of the board of `asset`. The board is never trusted from the cache: coming back to the page
 * (or to the tab, or online) reads it again at once, since the rounds move every tick.
 */
export function boardQueryOptions(asset: ForesightAsset) {
  return queryOptions({
    queryKey: boardKey(asset.symbol),
    queryFn: ({ signal }) => fetchBoard(asset, signal),
    refetchInterval: BOARD_POLL_MS,
    staleTime: 0,
    refetchOnMount: 'always',
    refetchOnWindowFocus: 'always',
    refetchOnReconnect: 'always',
  });
}

/**
 * Whether the board on screen may show a round as open (or closing) that has locked since: it was read
 * before `freshSince` (the page opened, the tab came back, a subscription was restored: updates may have been
 * missed meanwhile) and its live round's lock time has passed by `nowMs`. Such a board is re-read before
 * its rounds are shown. A board read after `freshSince` is kept up to date by the subscriptions, so its
 * live round past its lock time really is closing, waiting for the tick.
 */
export function isBoardOutdated(
  board: Pick<ForesightBoard, 'live'> | undefined,
  readAtMs: number,
  freshSince: number,
  nowMs: number,
): boolean {
  if (board?.live == null || readAtMs >= freshSince) return false;
  return nowMs >= Number(board.live.lockTime) * 1000;
}

/** The board of `asset`. */
export function useBoard(asset: ForesightAsset) {
  return useQuery(boardQueryOptions(asset));
}

/** The decoded round in an account notification's data, or null when it is not a round (closed). */
export function decodeRound(address: Address, data: Uint8Array): UpDownEvent | null {
  try {
    return toUpDownEvent(address, decodeEvent(data));
  } catch {
    return null;
  }
}
