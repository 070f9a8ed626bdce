/**
 * Whether a referrer's vault (`["referral", referrer]`, where settlements credit its 10% of each fee)
 * exists. A bet whose referral has no vault carries `init_referral` for it, so the referrer's share is not
 * left with the house (`docs/trust.md`, "Nothing blocks settlement"); the bettor then pays the vault's rent,
 * which the balance checks count. Vaults are never closed, so one found stays found.
 *
 * @module
 */

import { RPC_COMMITMENT } from '@arcade/sdk/constants';
import { findReferralAddress } from '@arcade/sdk/wager/pda';
import { fetchEncodedAccount, type Address } from '@solana/kit';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { getRpc } from '../../wallet/rpc.ts';
import { wagerProgram } from '../../programs.ts';

/** The vault of `referrer` in this deployment's wager program. */
export async function referralVaultAddress(referrer: Address): Promise<Address> {
  const [vault] = await findReferralAddress(referrer, wagerProgram());
  return vault;
}

/** Whether `referrer`'s vault exists: one account read (the query below keeps a found one for good). */
export async function referralVaultExists(referrer: Address, signal?: AbortSignal): Promise<boolean> {
  const account = await fetchEncodedAccount(getRpc(), await referralVaultAddress(referrer), {
    commitment: RPC_COMMITMENT,
    ...(signal === undefined ? {} : { abortSignal: signal }),
  });
  // A vault is the program's account; anything else at its address (lamports sent there) is not one yet.
  return account.exists && account.programAddress === wagerProgram().programAddress;
}

/** The query key of whether `referrer`'s vault exists. */
export function referralVaultKey(referrer: Address | null) {
  return ['wager-bet', 'referral-vault', referrer] as const;
}

/** Query options of whether `referrer`'s vault exists; disabled without a referrer. */
export function referralVaultQueryOptions(referrer: Address | null) {
  return queryOptions({
    queryKey: referralVaultKey(referrer),
    queryFn: ({ signal }) =>
      referrer === null ? Promise.resolve(true) : referralVaultExists(referrer, signal),
    enabled: referrer !== null,
    // A found vault stays found; a missing one is read again when the next bet is prepared.
    staleTime: (query) => (query.state.data === true ? Number.POSITIVE_INFINITY : 0),
  });
}

/** Whether `referrer`'s vault exists (undefined while read; true without a referrer). */
export function useReferralVaultExists(referrer: Address | null): boolean | undefined {
  const query = useQuery(referralVaultQueryOptions(referrer));
  return referrer === null ? true : query.data;
}
