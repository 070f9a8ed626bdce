/**
 * Predicting Yes or No: `create_prediction` for a wallet's first prediction on a market, then
 * `update_prediction`, which adds to the same side (the program refuses the other side). Which one is
 * decided from a fresh read of the Prediction account, not from what the page last saw.
 *
 * @module
 */

import {
  getCreatePredictionInstructionAsync,
  getUpdatePredictionInstructionAsync,
} from '@arcade/sdk/wager/instructions';
import type { Address, Instruction, Signature } from '@solana/kit';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { formatSol } from '../../../lib/format.ts';
import { errorText } from '../../../lib/error-text.ts';
import { toast } from '../../../lib/toast.ts';
import type { SendTransaction } from '../../../lib/wallet/use-send-transaction.ts';
import { liveMarketKey } from './get-market-account.ts';
import { marketKey } from './get-market.ts';
import { marketBetsKey, recordConfirmedMarketBet } from './get-market-bets.ts';
import { getPrediction, predictionKey, type Prediction } from './get-prediction.ts';
import type { Side } from '../utils/position.ts';
import { wagerProgram } from '../../../lib/programs.ts';

/** What the player asked for: `amount` lamports on `side`. */
export interface PredictionOrder {
  readonly side: Side;
  readonly amount: bigint;
}

/** The caller message of a failed prediction (docs/reference/strings.md#toasts: then the error's text). */
export const PREDICTION_FAILED = 'Failed to place prediction';

/** Refused before signing: the wallet already backs the other side of this market. */
export class SideLockedError extends Error {
  override readonly name = 'SideLockedError';
}

/**
 * The instruction an order needs: `create` when the wallet has no prediction on the market, `update` when
 * it has one on the same side.
 *
 * @throws SideLockedError when it has one on the other side (the program would refuse it).
 */
export function predictionAction(existing: Prediction | null, side: Side): 'create' | 'update' {
  if (existing === null) return 'create';
  if (existing.side !== side) {
    throw new SideLockedError('You already backed the other side of this market: you can only add to it');
  }
  return 'update';
}

/** The instruction of `order` by `user` on `market`, given their current prediction. */
export async function predictionInstruction(
  market: Address,
  user: Address,
  order: PredictionOrder,
  existing: Prediction | null,
): Promise<Instruction> {
  const common = { user, market, amount: order.amount };
  return predictionAction(existing, order.side) === 'create'
    ? getCreatePredictionInstructionAsync({ ...common, result: order.side }, wagerProgram())
    : getUpdatePredictionInstructionAsync(common, wagerProgram());
}

/** The options' labels, for the toasts. */
export interface SideLabels {
  readonly yes: string;
  readonly no: string;
}

/**
 * Places orders on `market` as `user` with `send`, with the toasts of docs/reference/strings.md#toasts (an
 * info toast while it runs, then success, or the caller message and the error text). Resolves with the
 * confirmed signature.
 */
export function usePlacePrediction(
  market: Address,
  user: Address | null,
  send: SendTransaction | null,
  labels: SideLabels,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (order: PredictionOrder): Promise<Signature> => {
      if (user === null || send === null) throw new Error('Connect a wallet to predict');
      const existing = await getPrediction(market, user);
      const instruction = await predictionInstruction(market, user, order, existing);
      return send({ instructions: [instruction] });
    },
    onMutate: (order: PredictionOrder) => ({
      toastId: toast.info(`Approve ${formatSol(order.amount)} on ${labels[order.side]} in your wallet…`),
    }),
    onSuccess: (signature, order, context) => {
      if (user !== null) {
        recordConfirmedMarketBet(queryClient, user, {
          signature,
          market,
          side: order.side,
          amount: order.amount,
          timestamp: Math.floor(Date.now() / 1000),
        });
      }
      toast.update(
        context.toastId,
        'success',
        `Prediction placed: ${formatSol(order.amount)} on ${labels[order.side]}`,
      );
    },
    onError: (error, _order, context) => {
      if (context === undefined) toast.error(PREDICTION_FAILED);
      else toast.update(context.toastId, 'error', PREDICTION_FAILED);
      toast.error(errorText(error));
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: predictionKey(market, user) }),
        queryClient.invalidateQueries({ queryKey: liveMarketKey(market) }),
        queryClient.invalidateQueries({ queryKey: marketKey(market) }),
        queryClient.invalidateQueries({ queryKey: marketBetsKey(user) }),
        queryClient.invalidateQueries({ queryKey: ['prophecy', 'markets'] }),
      ]),
  });
}
