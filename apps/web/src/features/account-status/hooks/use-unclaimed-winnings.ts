/**
 * Everything the connected wallet is owed, from the three sources: its TailSpin/ReTail bet record (a win,
 * or an open bet once its roll is overdue), its Foresight bets and its Prophecy predictions, each
 * confirmed on chain.
 *
 * @module
 */

import type { Address } from '@solana/kit';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';

import { unclaimedForesightQueryOptions } from '../api/get-unclaimed-foresight.ts';
import { unclaimedPredictionsQueryOptions } from '../api/get-unclaimed-predictions.ts';
import { isOwedNow, unclaimedWinsQueryOptions, type UnclaimedWin } from '../api/get-unclaimed-wins.ts';
import { claimItemKey, type BetClaim, type ClaimItem } from '../utils/claim-items.ts';

/** A bet record's unclaimed win (or overdue open bet) as a claim. */
export function toBetClaim(win: UnclaimedWin): BetClaim {
  return {
    kind: 'bet',
    action: win.refundableAt === null ? 'claim' : 'refund',
    bet: win.bet,
    betType: win.betType,
    amount: win.prize,
    timestamp: win.timestamp,
    ...(win.afterRefund === true ? { afterRefund: true } : {}),
  };
}

/** The bet record's items owed at `nowMs`: an open bet only once it may be refunded. */
function owed(wins: readonly UnclaimedWin[], nowMs: number): UnclaimedWin[] {
  return wins.filter((win) => isOwedNow(win, nowMs));
}

/**
 * The items owed at `nowMs`, in claim order: the TailSpin/ReTail win (or refund) first, then Foresight
 * rounds, then Prophecy.
 */
function combine(
  wins: readonly UnclaimedWin[],
  foresight: readonly ClaimItem[],
  prophecy: readonly ClaimItem[],
  nowMs: number,
): ClaimItem[] {
  return [...owed(wins, nowMs).map(toBetClaim), ...foresight, ...prophecy];
}

/** The earliest refund deadline after `nowMs` among `wins` (unix seconds), or null. */
function nextRefundDue(wins: readonly UnclaimedWin[], nowMs: number): bigint | null {
  let soonest: bigint | null = null;
  for (const win of wins) {
    const at = win.refundableAt;
    if (at !== null && !isOwedNow(win, nowMs) && (soonest === null || at < soonest)) soonest = at;
  }
  return soonest;
}

/** What the banner shows: the items found so far (a failing source leaves its part out). */
export interface UnclaimedWinnings {
  readonly items: readonly ClaimItem[];
}

/** The wallet's unclaimed winnings across the games; empty without a wallet. */
export function useUnclaimedWinnings(user: Address | null): UnclaimedWinnings {
  const wins = useQuery(unclaimedWinsQueryOptions(user));
  const foresight = useQuery(unclaimedForesightQueryOptions(user));
  const prophecy = useQuery(unclaimedPredictionsQueryOptions(user));
  // An open bet turns into a refund at its deadline: the clock moves on then (and only then).
  const [now, setNow] = useState(() => Date.now());
  const nextDue = nextRefundDue(wins.data ?? [], now);
  useEffect(() => {
    if (nextDue === null) return;
    const timer = setTimeout(
      () => {
        setNow(Date.now());
      },
      Math.max(0, Number(nextDue) * 1000 - Date.now()) + 50,
    );
    return () => {
      clearTimeout(timer);
    };
  }, [nextDue]);
  return { items: combine(wins.data ?? [], foresight.data ?? [], prophecy.data ?? [], now) };
}

/**
 * Reads the three sources again, now, for a claim: what the chain says at this moment, not what it said at
 * the last poll. A source that fails is left out (its items cannot be confirmed); if all three fail, the
 * first error is thrown.
 */
export async function fetchUnclaimedWinnings(queryClient: QueryClient, user: Address): Promise<ClaimItem[]> {
  const [wins, foresight, prophecy] = await Promise.allSettled([
    queryClient.query({ ...unclaimedWinsQueryOptions(user), staleTime: 0 }),
    queryClient.query({ ...unclaimedForesightQueryOptions(user), staleTime: 0 }),
    queryClient.query({ ...unclaimedPredictionsQueryOptions(user), staleTime: 0 }),
  ]);
  if (wins.status === 'rejected' && foresight.status === 'rejected' && prophecy.status === 'rejected') {
    throw wins.reason;
  }
  const value = <T>(result: PromiseSettledResult<readonly T[]>): readonly T[] =>
    result.status === 'fulfilled' ? result.value : [];
  return combine(value(wins), value(foresight), value(prophecy), Date.now());
}

/**
 * Which of `items` the chain still owes `user`, read afresh: an item whose source cannot be read now is
 * kept (it may still be owed), so only a claim seen paid is dropped.
 */
export async function fetchStillOwed(
  queryClient: QueryClient,
  user: Address,
  items: readonly ClaimItem[],
): Promise<ClaimItem[]> {
  const [wins, foresight, prophecy] = await Promise.allSettled([
    queryClient.query({ ...unclaimedWinsQueryOptions(user), staleTime: 0 }),
    queryClient.query({ ...unclaimedForesightQueryOptions(user), staleTime: 0 }),
    queryClient.query({ ...unclaimedPredictionsQueryOptions(user), staleTime: 0 }),
  ]);
  const keys = (result: PromiseSettledResult<readonly ClaimItem[]>): Set<string> | null =>
    result.status === 'fulfilled' ? new Set(result.value.map(claimItemKey)) : null;
  const owed = {
    bet: wins.status === 'fulfilled' ? new Set(wins.value.map(toBetClaim).map(claimItemKey)) : null,
    foresight: keys(foresight),
    prophecy: keys(prophecy),
  };
  return items.filter((item) => owed[item.kind]?.has(claimItemKey(item)) ?? true);
}
