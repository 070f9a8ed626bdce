/**
 * A wallet's profit and loss over its whole history: `GET /api/user/pnl/{address}` (summed by the server
 * over every bet, not over the pages loaded here).
 *
 * @module
 */

import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';

/** The games, in the app's order. */
export const PNL_GAMES = ['tailspin', 'retail', 'foresight', 'prophecy'] as const;
export type PnlGame = (typeof PNL_GAMES)[number];

/** One game's (or the total's) money flows, lamports. */
export interface GamePnl {
  readonly bets: number;
  readonly wins: number;
  readonly losses: number;
  readonly wagered: bigint;
  /** Paid on top of stakes (TailSpin and ReTail's fee; 0 for the pool games, whose fee is out of payouts). */
  readonly fees: bigint;
  readonly payouts: bigint;
  readonly refunds: bigint;
  /** payouts + refunds − wagered − fees. */
  readonly net: bigint;
  /** Owed and not received yet (not in `net`). */
  readonly unclaimed: bigint;
}

/** A wallet's profit and loss, Juice (base units) and referral earnings (lamports). */
export interface WalletPnl {
  readonly address: string;
  readonly games: Readonly<Record<PnlGame, GamePnl>>;
  readonly total: GamePnl;
  readonly juice: { readonly accrued: bigint; readonly claimed: bigint; readonly claimable: bigint };
  readonly referrals: { readonly fees: bigint; readonly referredUserCount: number };
}

type Wire<T> = { readonly [K in keyof T]: T[K] extends bigint ? string : T[K] };

interface PnlBody {
  readonly address: string;
  readonly games: Readonly<Record<PnlGame, Wire<GamePnl>>>;
  readonly total: Wire<GamePnl>;
  readonly juice: Wire<WalletPnl['juice']>;
  readonly referrals: Wire<WalletPnl['referrals']>;
}

function game(wire: Wire<GamePnl>): GamePnl {
  return {
    bets: wire.bets,
    wins: wire.wins,
    losses: wire.losses,
    wagered: BigInt(wire.wagered),
    fees: BigInt(wire.fees),
    payouts: BigInt(wire.payouts),
    refunds: BigInt(wire.refunds),
    net: BigInt(wire.net),
    unclaimed: BigInt(wire.unclaimed),
  };
}

/** Fetches a wallet's profit and loss; the server's 'Invalid address' comes back as an `ApiError`. */
export async function getPnl(address: string, signal?: AbortSignal): Promise<WalletPnl> {
  const body = await api<PnlBody>(`/api/user/pnl/${encodeURIComponent(address)}`, signal ? { signal } : {});
  return {
    address: body.address,
    games: {
      tailspin: game(body.games.tailspin),
      retail: game(body.games.retail),
      foresight: game(body.games.foresight),
      prophecy: game(body.games.prophecy),
    },
    total: game(body.total),
    juice: {
      accrued: BigInt(body.juice.accrued),
      claimed: BigInt(body.juice.claimed),
      claimable: BigInt(body.juice.claimable),
    },
    referrals: { fees: BigInt(body.referrals.fees), referredUserCount: body.referrals.referredUserCount },
  };
}

/** The query key of a wallet's profit and loss. */
export function pnlKey(address: string) {
  return ['history', 'pnl', address] as const;
}

/** Query options of a wallet's profit and loss. */
export function pnlQueryOptions(address: string) {
  return queryOptions({
    queryKey: pnlKey(address),
    queryFn: ({ signal }) => getPnl(address, signal),
    retry: false,
  });
}

/** A wallet's profit and loss. */
export function usePnl(address: string) {
  return useQuery(pnlQueryOptions(address));
}
