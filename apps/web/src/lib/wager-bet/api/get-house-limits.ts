/**
 * The House's current limit (a prize may be at most 5% of the house's free balance, balance − rent −
 * outstanding: docs/reference/rules.md#stake-fee-and-prize), read from the house wallet on chain so the
 * form can refuse a prize the program would refuse (`InvalidListingPrice`) before the wallet is asked to
 * sign.
 *
 * @module
 */

import { RPC_COMMITMENT } from '@arcade/sdk/constants';
import { decodeHouse } from '@arcade/sdk/wager/accounts';
import { houseFreeBalance, maxPrize } from '@arcade/sdk/wager/bet-math';
import { findHouseAddress } from '@arcade/sdk/wager/pda';
import { fetchEncodedAccount, type Address } from '@solana/kit';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';

import { getRpc } from '../../wallet/rpc.ts';
import { useAccountWatch, type AccountSnapshot } from '../../wallet/watch-account.ts';
import { wagerProgram } from '../../programs.ts';

/** How often the limit is re-read when no notification came. */
export const HOUSE_LIMITS_POLL_MS = 15_000;

/** What the house takes right now. */
export interface HouseLimits {
  /** The largest prize (`listing_price`) a bet may have now, lamports. */
  readonly maxPrize: bigint;
  /** Lamports the house can pay out beyond what it owes. */
  readonly freeBalance: bigint;
  /** The operator paused new bets (the program answers `BetNotAvailable`). */
  readonly paused: boolean;
  /**
   * The settler has committed a seed for the next bet (`create_bet` answers NoSeedCommitted otherwise): the
   * next sequence is inside the current chain or the next committed one.
   */
  readonly seedCommitted: boolean;
  /**
   * The sequence of the next bet to reveal: a record whose last bet (open or refunded) has a sequence from
   * here on still waits for its roll and takes no new bet.
   */
  readonly revealSequence: bigint;
}

/** The house wallet of this deployment. */
export async function houseAddress(): Promise<Address> {
  const [house] = await findHouseAddress(wagerProgram());
  return house;
}

const rentBySize = new Map<number, Promise<bigint>>();

/** The rent-exempt minimum of an account of `size` bytes (a constant of the cluster, read once per size). */
export function rentOf(size: number): Promise<bigint> {
  let rent = rentBySize.get(size);
  if (rent === undefined) {
    rent = getRpc().getMinimumBalanceForRentExemption(BigInt(size), { commitment: RPC_COMMITMENT }).send();
    rentBySize.set(size, rent);
    rent.catch(() => rentBySize.delete(size));
  }
  return rent;
}

/** The limits of a house wallet holding `lamports` and `data`, as the program computes them. */
export async function houseLimitsOf(snapshot: AccountSnapshot): Promise<HouseLimits> {
  const house = decodeHouse(snapshot.data);
  const rent = await rentOf(snapshot.data.length);
  const free = houseFreeBalance(snapshot.lamports, rent, house.outstanding);
  return {
    maxPrize: maxPrize(free),
    freeBalance: free,
    paused: house.paused,
    seedCommitted: house.betSequence < house.seedChainEnd + house.nextSeedChainLength,
    revealSequence: house.revealSequence,
  };
}

/**
 * Reads the House from the chain.
 *
 * @throws Error when the house wallet does not exist (the program was never initialised).
 */
export async function getHouseLimits(signal?: AbortSignal): Promise<HouseLimits> {
  const account = await fetchEncodedAccount(getRpc(), await houseAddress(), {
    commitment: RPC_COMMITMENT,
    ...(signal === undefined ? {} : { abortSignal: signal }),
  });
  if (!account.exists) throw new Error('The house is not open on this cluster');
  return houseLimitsOf({ data: new Uint8Array(account.data), lamports: account.lamports });
}

/** The query key of the House's limits. */
export const houseLimitsKey = ['wager-bet', 'house-limits'] as const;

/** Query options of the House's limits. */
export function houseLimitsQueryOptions() {
  return queryOptions({
    queryKey: houseLimitsKey,
    queryFn: ({ signal }) => getHouseLimits(signal),
    refetchInterval: HOUSE_LIMITS_POLL_MS,
  });
}

/** The House's limits, live: every bet, settlement and claim changes them, and each is pushed at once. */
export function useHouseLimitsQuery() {
  const query = useQuery(houseLimitsQueryOptions());
  const queryClient = useQueryClient();
  const [house, setHouse] = useState<Address | null>(null);
  useEffect(() => {
    let cancelled = false;
    void houseAddress().then((address) => {
      if (!cancelled) setHouse(address);
    });
    return () => {
      cancelled = true;
    };
  }, []);
  const refetch = () => {
    void queryClient.invalidateQueries({ queryKey: houseLimitsKey });
  };
  useAccountWatch(
    house,
    (snapshot) => {
      if (snapshot === null) {
        refetch();
        return;
      }
      houseLimitsOf(snapshot).then((limits) => queryClient.setQueryData(houseLimitsKey, limits), refetch);
    },
    refetch,
  );
  return query;
}

/**
 * The House's current limit: the largest prize a bet may have now (5% of the free balance), live, and
 * whether it takes bets (not paused, a seed committed for the next bet).
 */
export function useHouseLimits(): {
  maxPrize: bigint | null;
  paused: boolean;
  seedCommitted: boolean;
  /** The House's next sequence to reveal; null while unknown. */
  revealSequence: bigint | null;
  isLoading: boolean;
} {
  const query = useHouseLimitsQuery();
  return {
    maxPrize: query.data?.maxPrize ?? null,
    paused: query.data?.paused ?? false,
    seedCommitted: query.data?.seedCommitted ?? true,
    revealSequence: query.data?.revealSequence ?? null,
    isLoading: query.isPending,
  };
}
