/**
 * A wallet's profit and loss over its whole history: `GET /api/user/pnl/{address}` (summed by the server
 * over every bet, not over the pages loaded here).
 *
 * @module
 */

import type {
  GamePnl as SettledPnl,
  GamePnlJson,
  PnlGame,
  WalletPnl as SdkWalletPnl,
  WalletPnlJson,
} from '@arcade/sdk/api/history';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { pnlKey } from '../../../lib/query-keys.ts';

/**
 * A game's profit and loss with its open positions apart, as Polymarket shows them: `wins`, `losses` and
 * `net` are settled results (net realised), `open` counts the positions whose outcome is not known yet and
 * `atStake` is what they cost (lamports).
 */
export interface GamePnl extends SettledPnl {
  readonly open: number;
  readonly atStake: bigint;
}

/** A wallet's profit and loss, each game's with its open positions. */
export interface WalletPnl extends Omit<SdkWalletPnl, 'games' | 'total'> {
  readonly games: Readonly<Record<PnlGame, GamePnl>>;
  readonly total: GamePnl;
}

/** A game as sent: `open` and `atStake` are absent from an older server's answer (read as none). */
type GameJson = GamePnlJson & { readonly open?: number; readonly atStake?: string };

/** A game's profit and loss, read from its JSON. */
function game(wire: GameJson): GamePnl {
  return {
    open: wire.open ?? 0,
    atStake: BigInt(wire.atStake ?? '0'),
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
  const body = await api<WalletPnlJson>(
    `/api/user/pnl/${encodeURIComponent(address)}`,
    signal ? { signal } : {},
  );
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
    referrals: {
      fees: BigInt(body.referrals.fees),
      referredUserCount: body.referrals.referredUserCount,
      claimable: BigInt(body.referrals.claimable),
      claimed: BigInt(body.referrals.claimed),
    },
  };
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
