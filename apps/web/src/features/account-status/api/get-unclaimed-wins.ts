/**
 * The connected wallet's won-but-unclaimed TailSpin and ReTail bets
 * (docs/reference/states.md#tailspin-and-retail-bet), read from the chain, and its open bet, which becomes a
 * refund to collect once its roll is overdue (`refund_bet`, `docs/trust.md`: `BET_REFUND_DELAY_SECS` after it
 * was placed).
 *
 * The wager program keeps one bet record per user and refuses a new bet while a win is unclaimed or a bet
 * open (`BetNotAvailable`), so the record at the user's bet PDA is the complete answer: zero or one item.
 * The server's history lags the chain and could offer a win that was just claimed, so it is not consulted.
 *
 * @module
 */

import { BET_REFUND_DELAY_SECS, RPC_COMMITMENT } from '@arcade/sdk/constants';
import { BetState, betTypeLabel, decodeBet, type BetTypeLabel } from '@arcade/sdk/wager/accounts';
import { betFee } from '@arcade/sdk/wager/bet-math';
import { isUnclaimedWin } from '@arcade/sdk/wager/views';
import { fetchEncodedAccount, type Address } from '@solana/kit';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { betAddressOf } from '../../../lib/programs.ts';
import { unclaimedWinsKey } from '../../../lib/query-keys.ts';
import { getRpc } from '../../../lib/wallet/rpc.ts';
import { lateWinOwed } from '../../../lib/wager-bet/utils/refund.ts';

/** A win the user has not claimed yet, or an open bet it may refund once its roll is overdue. */
export interface UnclaimedWin {
  /** The bet record (PDA) to claim or refund. */
  readonly bet: Address;
  /** Lamports: the prize (what a SOL claim pays), or for a refund the stake and fee. */
  readonly prize: bigint;
  readonly betType: BetTypeLabel;
  /** When the bet settled (or, open, was placed), unix seconds; with `bet` it identifies this item. */
  readonly timestamp: bigint;
  /** An open bet: unix seconds from which `refund_bet` pays it back; null for a win. */
  readonly refundableAt: bigint | null;
  /**
   * A win rolled after its refund that the reveal could not pay: `prize` is the rest of the prize
   * (prize − stake − fee), which `claim_bet` pays in SOL.
   */
  readonly afterRefund?: boolean;
}

/** Whether `win` is owed at `nowMs`: a win always, an open bet once its refund deadline has passed. */
export function isOwedNow(win: Pick<UnclaimedWin, 'refundableAt'>, nowMs: number): boolean {
  return win.refundableAt === null || BigInt(Math.floor(nowMs / 1000)) >= win.refundableAt;
}

/**
 * Reads the user's bet record and returns its win if it is unclaimed, or its open bet with the time it
 * becomes refundable (callers keep it only from then: {@link isOwedNow}).
 */
export async function getUnclaimedWins(user: Address): Promise<readonly UnclaimedWin[]> {
  const bet = await betAddressOf(user);
  const account = await fetchEncodedAccount(getRpc(), bet, { commitment: RPC_COMMITMENT });
  if (!account.exists) return [];
  const record = decodeBet(account.data);
  const betType = betTypeLabel(record.betType);
  if (record.state === BetState.Open) {
    return [
      {
        bet,
        prize: record.betAmount + betFee(record.betAmount),
        betType,
        timestamp: record.timestamp,
        refundableAt: record.timestamp + BigInt(BET_REFUND_DELAY_SECS),
      },
    ];
  }
  if (!isUnclaimedWin(record)) return [];
  const late = lateWinOwed(record);
  return [
    {
      bet,
      prize: late ?? record.listingPrice,
      betType,
      timestamp: record.timestamp,
      refundableAt: null,
      ...(late === null ? {} : { afterRefund: true }),
    },
  ];
}

/** How often the unclaimed wins are re-read even without a chain notification. */
export const UNCLAIMED_WINS_POLL_MS = 30_000;

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
