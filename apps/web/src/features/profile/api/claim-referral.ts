/**
 * The referrer takes what its vault holds above its rent: `claim_referral`, signed by the connected wallet
 * (only the referrer can). After it lands the vault is read on chain, since the server's index may still
 * show the amount just paid.
 *
 * @module
 */

import { getClaimReferralInstructionAsync } from '@arcade/sdk/wager/instructions';
import { address as toAddress, type Signature } from '@solana/kit';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { runtimeConfig } from '../../../config/runtime-config.ts';
import { solBalanceQueryKey } from '../../../lib/wallet/balance-query-key.ts';
import { useSendTransaction } from '../../../lib/wallet/use-send-transaction.ts';
import { useWallet } from '../../../lib/wallet/wallet-context.tsx';
import { referralStatsKey } from './get-referral-stats.ts';
import { referralVaultKey } from './get-referral-vault.ts';

/** The claim mutation of the connected wallet's vault; `canClaim` is false while no wallet can sign. */
export function useClaimReferral() {
  const { wallet } = useWallet();
  const send = useSendTransaction();
  const queryClient = useQueryClient();
  const user = wallet?.address ?? null;
  const mutation = useMutation({
    mutationFn: async (): Promise<Signature> => {
      if (user === null || send === null) throw new Error('Connect your wallet to claim');
      const instruction = await getClaimReferralInstructionAsync(
        { referrer: user },
        { programAddress: toAddress(runtimeConfig().programs.wager) },
      );
      return send({ instructions: [instruction] });
    },
    onSettled: async () => {
      if (user === null) return;
      void queryClient.invalidateQueries({ queryKey: solBalanceQueryKey(user) });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: referralVaultKey(user) }),
        queryClient.invalidateQueries({ queryKey: referralStatsKey(user) }),
      ]);
    },
  });
  return { mutation, canClaim: user !== null && send !== null, user };
}
