/**
 * The connected wallet's bet record (one per user, reused bet after bet), read from the chain and kept
 * live by an account subscription.
 *
 * @module
 */

import { RPC_COMMITMENT } from '@arcade/sdk/constants';
import { decodeBet, type BetAccount } from '@arcade/sdk/wager/accounts';
import { fetchEncodedAccount, type Address } from '@solana/kit';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';

import { runtimeConfig } from '../../../config/runtime-config.ts';
import { getRpc } from '../../wallet/rpc.ts';
import { useAccountWatch } from '../../wallet/watch-account.ts';
import { useWallet } from '../../wallet/wallet-context.tsx';
import { betAddressOf } from '../../programs.ts';

/** How often the record is re-read when no notification came (the subscription is the fast path). */
export const BET_RECORD_POLL_MS = 30_000;

/** The user's bet record, decoded, and its address; `bet` is null until the first bet creates it. */
export interface BetRecord {
  readonly address: Address;
  readonly bet: BetAccount | null;
  /**
   * The record's data length and lamports (0 without a record): a record of the program's first version is
   * shorter, and the next `create_bet` grows it, the player paying the extra rent.
   */
  readonly size?: number;
  readonly lamports?: bigint;
}

const addresses = new Map<string, Promise<Address>>();

/**
 * `user`'s bet record address, derived once per program and user (deriving hashes, and the result poll
 * asks every 3 s).
 */
export function betRecordAddress(user: Address): Promise<Address> {
  const key = `${runtimeConfig().programs.wager}:${user}`;
  let address = addresses.get(key);
  if (address === undefined) {
    address = betAddressOf(user);
    addresses.set(key, address);
    address.catch(() => addresses.delete(key));
  }
  return address;
}

/** Reads `user`'s bet record from the chain. */
export async function getBetRecord(user: Address, signal?: AbortSignal): Promise<BetRecord> {
  const address = await betRecordAddress(user);
  const account = await fetchEncodedAccount(getRpc(), address, {
    commitment: RPC_COMMITMENT,
    ...(signal === undefined ? {} : { abortSignal: signal }),
  });
  return account.exists
    ? { address, bet: decodeBet(account.data), size: account.data.length, lamports: account.lamports }
    : { address, bet: null, size: 0, lamports: 0n };
}

/** The query key of `user`'s bet record. */
export function betRecordKey(user: Address | null) {
  return ['wager-bet', 'bet-record', user] as const;
}

/** Query options of `user`'s bet record; disabled without a wallet. */
export function betRecordQueryOptions(user: Address | null) {
  return queryOptions({
    queryKey: betRecordKey(user),
    queryFn: ({ signal }) =>
      user === null ? Promise.resolve<BetRecord | null>(null) : getBetRecord(user, signal),
    enabled: user !== null,
    refetchInterval: BET_RECORD_POLL_MS,
  });
}

/**
 * Keeps the bet-record query of `user` live: every change of the account on chain is decoded into the
 * cache at once, and the record is re-read after a dropped subscription comes back.
 */
export function useBetRecordSubscription(user: Address | null): void {
  const queryClient = useQueryClient();
  const [address, setAddress] = useState<{ user: Address; bet: Address } | null>(null);
  useEffect(() => {
    if (user === null) return;
    let cancelled = false;
    void betRecordAddress(user).then((bet) => {
      if (!cancelled) setAddress({ user, bet });
    });
    return () => {
      cancelled = true;
    };
  }, [user]);
  const bet = address !== null && address.user === user ? address.bet : null;
  useAccountWatch(
    user === null ? null : bet,
    (snapshot) => {
      if (user === null || bet === null) return;
      let decoded: BetAccount | null;
      try {
        decoded = snapshot === null ? null : decodeBet(snapshot.data);
      } catch {
        // Not a bet record (yet): let the query re-read it.
        void queryClient.invalidateQueries({ queryKey: betRecordKey(user) });
        return;
      }
      const next: BetRecord =
        snapshot === null
          ? { address: bet, bet: decoded, size: 0, lamports: 0n }
          : { address: bet, bet: decoded, size: snapshot.data.length, lamports: snapshot.lamports };
      queryClient.setQueryData(betRecordKey(user), next);
    },
    () => {
      void queryClient.invalidateQueries({ queryKey: betRecordKey(user) });
    },
  );
}

/** The connected wallet's bet record (decoded) and address, live (subscription + refetch); null if none. */
export function useBetRecord(): {
  bet: BetAccount | null;
  address: Address | null;
  /** The record as last read (size and lamports included); null while loading or without a wallet. */
  record: BetRecord | null;
  isLoading: boolean;
  /** Re-reads the record now. */
  refetch: () => void;
} {
  const { wallet } = useWallet();
  const user = wallet?.address ?? null;
  const query = useQuery(betRecordQueryOptions(user));
  useBetRecordSubscription(user);
  return {
    bet: query.data?.bet ?? null,
    address: query.data?.address ?? null,
    record: query.data ?? null,
    isLoading: user !== null && query.isPending,
    refetch: () => {
      void query.refetch();
    },
  };
}
