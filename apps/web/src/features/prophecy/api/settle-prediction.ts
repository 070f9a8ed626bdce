/**
 * "Settle now": sends `settle_prediction` for the connected wallet's prediction of a resolved market. The
 * instruction is permissionless and always pays the predictor; the server's market settler sends it for
 * everyone anyway, so this only saves the wait.
 *
 * @module
 */

import { FAILURE_TOASTS, SUCCESS_TOASTS } from '@arcade/sdk/messages';
import { getSettlePredictionInstructionAsync } from '@arcade/sdk/wager/instructions';
import type { Address, Signature } from '@solana/kit';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { errorText } from '../../../lib/error-text.ts';
import { toast } from '../../../lib/toast.ts';
import type { SendTransaction } from '../../../lib/wallet/use-send-transaction.ts';
import { liveMarketKey } from './get-market-account.ts';
import { getPrediction, predictionKey } from './get-prediction.ts';
import { wagerProgram } from '../../../lib/programs.ts';

/** Settles `user`'s prediction in `market`: null when it had been settled meanwhile (nothing sent). */
export async function settlePrediction(
  market: Address,
  user: Address,
  send: SendTransaction,
): Promise<Signature | null> {
  const current = await getPrediction(market, user);
  if (current === null) throw new Error('You have no prediction on this market');
  if (current.isClaimed) return null;
  const instruction = await getSettlePredictionInstructionAsync({ market, user }, wagerProgram());
  return send({ instructions: [instruction] });
}

/** "Settle now" for `user` in `market`, with the spec's claim toasts. */
export function useSettlePrediction(market: Address, user: Address | null, send: SendTransaction | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => {
      if (user === null || send === null) return Promise.reject(new Error('Connect a wallet to settle'));
      return settlePrediction(market, user, send);
    },
    onMutate: () => ({ toastId: toast.info('Approve the payout in your wallet…') }),
    onSuccess: (_signature, _variables, context) => {
      toast.update(context.toastId, 'success', SUCCESS_TOASTS.claimed);
    },
    onError: (error, _variables, context) => {
      if (context === undefined) toast.error(FAILURE_TOASTS.claimWinnings);
      else toast.update(context.toastId, 'error', FAILURE_TOASTS.claimWinnings);
      toast.error(errorText(error));
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: predictionKey(market, user) }),
        queryClient.invalidateQueries({ queryKey: liveMarketKey(market) }),
      ]),
  });
}
