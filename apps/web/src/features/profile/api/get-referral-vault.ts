/**
 * A referrer's vault read on chain (`["referral", referrer]`, `decodeReferral`): what `claim_referral`
 * would pay now (its lamports above its rent-exempt minimum) and what it has paid out. The profile reads it
 * when the server's referral stats do not carry `claimable` yet, and right after a claim, when the server's
 * index may still show the amount just paid.
 *
 * @module
 */

import { RPC_COMMITMENT } from '@arcade/sdk/constants';
import { decodeReferral } from '@arcade/sdk/wager/accounts';
import { findReferralAddress } from '@arcade/sdk/wager/pda';
import { address as toAddress, fetchEncodedAccount } from '@solana/kit';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { runtimeConfig } from '../../../config/runtime-config.ts';
import { getRpc } from '../../../lib/wallet/rpc.ts';

/** A vault's balances, lamports (zeros when it does not exist). */
export interface ReferralVault {
  readonly exists: boolean;
  readonly claimable: bigint;
  readonly claimed: bigint;
}

/** Reads `referrer`'s vault. */
export async function getReferralVault(referrer: string, signal?: AbortSignal): Promise<ReferralVault> {
  const program = toAddress(runtimeConfig().programs.wager);
  const [vault] = await findReferralAddress(toAddress(referrer), { programAddress: program });
  const rpc = getRpc();
  const abort = signal === undefined ? {} : { abortSignal: signal };
  const account = await fetchEncodedAccount(rpc, vault, { commitment: RPC_COMMITMENT, ...abort });
  if (!account.exists || account.programAddress !== program) {
    return { exists: false, claimable: 0n, claimed: 0n };
  }
  const rent = await rpc
    .getMinimumBalanceForRentExemption(BigInt(account.data.length), { commitment: RPC_COMMITMENT })
    .send(signal === undefined ? undefined : { abortSignal: signal });
  const decoded = decodeReferral(account.data);
  return {
    exists: true,
    claimable: account.lamports > rent ? account.lamports - rent : 0n,
    claimed: decoded.claimed,
  };
}

/** The query key of `referrer`'s vault. */
export function referralVaultKey(referrer: string) {
  return ['user', 'referral-vault', referrer] as const;
}

/** Query options of `referrer`'s vault. */
export function referralVaultQueryOptions(referrer: string, enabled = true) {
  return queryOptions({
    queryKey: referralVaultKey(referrer),
    queryFn: ({ signal }) => getReferralVault(referrer, signal),
    enabled,
  });
}

/** `referrer`'s vault, read when `enabled`. */
export function useReferralVault(referrer: string, enabled: boolean) {
  return useQuery(referralVaultQueryOptions(referrer, enabled));
}
