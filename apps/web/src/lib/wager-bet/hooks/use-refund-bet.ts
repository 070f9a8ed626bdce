/**
 * Refunding the wallet's own open bet once its roll is overdue (`utils/refund.ts`): `refund_bet` with the
 * player as `caller`, which gives the stake and fee back. Toasts follow docs/reference/strings.md#toasts (a
 * caller message, then the error's text).
 *
 * @module
 */

import { getRefundBetInstructionAsync } from '@arcade/sdk/wager/instructions';
import type { Signature } from '@solana/kit';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';

import { toast } from '../../toast.ts';
import { solBalanceQueryKey } from '../../wallet/balance-query-key.ts';
import { useSendTransaction } from '../../wallet/use-send-transaction.ts';
import { useWallet } from '../../wallet/wallet-context.tsx';
import { unclaimedWinsKey } from '../../query-keys.ts';
import { betAddressOf, wagerProgram } from '../../programs.ts';
import { betHistoryKey } from '../api/get-bet-history.ts';
import { betRecordKey } from '../api/get-bet-record.ts';
import { houseLimitsKey } from '../api/get-house-limits.ts';
import { betErrorMessage, BetPreflightError, REFUND_TOASTS } from '../utils/bet-errors.ts';

/** `refund(onDone?)` sends the refund (resolving with its signature, rejecting after the toasts). */
export function useRefundBet(): {
  refund: () => Promise<Signature>;
  isPending: boolean;
  canSend: boolean;
} {
  const { wallet } = useWallet();
  const send = useSendTransaction();
  const queryClient = useQueryClient();
  const user = wallet?.address ?? null;
  // isPending shows only after a render: a double click would send twice without this.
  const sending = useRef(false);

  const mutation = useMutation({
    mutationFn: async (): Promise<Signature> => {
      if (user === null || send === null) {
        throw new BetPreflightError('NoWallet', 'Connect your wallet to refund.');
      }
      const instruction = await getRefundBetInstructionAsync(
        { caller: user, bet: await betAddressOf(user), user },
        wagerProgram(),
      );
      return send({ instructions: [instruction] });
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: betRecordKey(user) });
      void queryClient.invalidateQueries({ queryKey: unclaimedWinsKey(user) });
      if (user !== null) void queryClient.invalidateQueries({ queryKey: solBalanceQueryKey(user) });
      void queryClient.invalidateQueries({ queryKey: houseLimitsKey });
      void queryClient.invalidateQueries({ queryKey: betHistoryKey(user) });
    },
  });

  const refund = async (): Promise<Signature> => {
    if (sending.current) throw new Error('A refund is already on its way');
    sending.current = true;
    const id = toast.info(REFUND_TOASTS.pending);
    try {
      const signature = await mutation.mutateAsync();
      toast.update(id, 'success', REFUND_TOASTS.success);
      return signature;
    } catch (error) {
      toast.dismiss(id);
      toast.error(REFUND_TOASTS.failure);
      toast.error(betErrorMessage(error));
      throw error;
    } finally {
      sending.current = false;
    }
  };

  return { refund, isPending: mutation.isPending, canSend: user !== null && send !== null };
}
