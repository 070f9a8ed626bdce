/**
 * The player's Foresight actions with the app's pending, success and error toasts (a failure shows
 * the caller's message, then the error's text): place a bet on the live round, settle a won bet, withdraw a
 * bet of an invalid round. Settle and withdraw close the bet's account in the same transaction
 * (`close_bet`), so its rent deposit comes back with the money. After each, the rounds, the bets, the
 * balance and the history are read again.
 *
 * @module
 */

import { FAILURE_TOASTS, SUCCESS_TOASTS } from '@arcade/sdk/messages';
import type { Address, Signature } from '@solana/kit';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';

import { formatSol } from '../../../lib/format.ts';
import { usePlaySound } from '../../../lib/sound.ts';
import { toast } from '../../../lib/toast.ts';
import { useSendTransaction } from '../../../lib/wallet/use-send-transaction.ts';
import { collectInstructions, placeBetInstruction, type ClaimKind } from '../api/bet-instructions.ts';
import { boardKey } from '../api/get-board.ts';
import { predictionHistoryKey } from '../api/get-prediction-history.ts';
import { userBetsRootKey } from '../api/get-user-bets.ts';
import { sideLabel, type Side } from '../utils/round-view.ts';

/** The caller messages and success texts of the actions. */
export const ACTION_TEXT = Object.freeze({
  placing: (side: Side, amount: bigint, id: number) =>
    `Placing ${formatSol(amount)} on ${sideLabel(side)} in round #${id}…`,
  placed: (side: Side, amount: bigint, id: number) =>
    `Bet placed: ${formatSol(amount)} on ${sideLabel(side)} in round #${id}`,
  placeFailed: 'Failed to place bet',
  settling: (id: number) => `Collecting your winnings from round #${id}…`,
  settled: SUCCESS_TOASTS.claimed,
  settleFailed: FAILURE_TOASTS.claimWinnings,
  withdrawing: (id: number) => `Withdrawing your bet from round #${id}…`,
  withdrawn: (amount: bigint) => `Refunded ${formatSol(amount)}`,
  withdrawFailed: 'Failed to withdraw bet',
} as const);

/** A bet to place. */
export interface PlaceBetRequest {
  readonly config: Address;
  readonly round: Address;
  readonly roundId: number;
  readonly side: Side;
  readonly amount: bigint;
}

/** A bet to collect. */
export interface ClaimRequest {
  readonly kind: ClaimKind;
  readonly config: Address;
  readonly round: Address;
  readonly roundId: number;
  /** The stake, for the refund's toast. */
  readonly amount: bigint;
}

/** The actions of `user` (null: nothing connected, the actions are unavailable). */
export function useBetActions(symbol: string, user: Address | null) {
  const send = useSendTransaction();
  const queryClient = useQueryClient();
  // The app mutes the feed's own-bet sounds on this page (`lazy-own-bet-sounds.tsx`): the page plays them.
  const play = usePlaySound();
  // How each round's bet was collected here: the history shows it collected before the server indexes it.
  const [collected, setCollected] = useState<ReadonlyMap<string, ClaimKind>>(() => new Map());

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: boardKey(symbol) });
    void queryClient.invalidateQueries({ queryKey: userBetsRootKey(user) });
    void queryClient.invalidateQueries({ queryKey: predictionHistoryKey(user) });
  };

  const placeBet = useMutation({
    mutationFn: async (request: PlaceBetRequest): Promise<Signature> => {
      if (send === null || user === null) throw new Error('Connect a wallet to bet');
      const id = toast.info(ACTION_TEXT.placing(request.side, request.amount, request.roundId));
      try {
        const instruction = await placeBetInstruction({ user, ...request });
        const signature = await send({ instructions: [instruction] });
        toast.update(id, 'success', ACTION_TEXT.placed(request.side, request.amount, request.roundId));
        play('bet');
        return signature;
      } catch (error) {
        toast.dismiss(id);
        toast.failure(ACTION_TEXT.placeFailed, error);
        throw error;
      } finally {
        refresh();
      }
    },
  });

  const claim = useMutation({
    mutationFn: async (request: ClaimRequest): Promise<Signature> => {
      if (send === null || user === null) throw new Error('Connect a wallet to collect');
      const settle = request.kind === 'settle';
      const id = toast.info(
        settle ? ACTION_TEXT.settling(request.roundId) : ACTION_TEXT.withdrawing(request.roundId),
      );
      try {
        const instructions = await collectInstructions(request.kind, {
          user,
          config: request.config,
          round: request.round,
        });
        const signature = await send({ instructions });
        toast.update(id, 'success', settle ? ACTION_TEXT.settled : ACTION_TEXT.withdrawn(request.amount));
        setCollected((before) => new Map(before).set(request.round, request.kind));
        return signature;
      } catch (error) {
        toast.dismiss(id);
        toast.failure(settle ? ACTION_TEXT.settleFailed : ACTION_TEXT.withdrawFailed, error);
        throw error;
      } finally {
        refresh();
      }
    },
  });

  // The mutations' isPending shows only after a render: a double click would send twice without these.
  const placing = useRef(false);
  const collecting = useRef(false);
  const place = (request: PlaceBetRequest): void => {
    if (placing.current) return;
    placing.current = true;
    placeBet
      .mutateAsync(request)
      .catch(() => undefined) // the toasts already told the user
      .finally(() => {
        placing.current = false;
      });
  };
  const collect = (request: ClaimRequest): void => {
    if (collecting.current) return;
    collecting.current = true;
    claim
      .mutateAsync(request)
      .catch(() => undefined)
      .finally(() => {
        collecting.current = false;
      });
  };

  return {
    placeBet,
    claim,
    /** Places a bet, unless one is already on its way. */
    place,
    /** Settles or withdraws a bet, unless a claim is already on its way. */
    collect,
    /** The rounds whose bet was collected from this page, and how. */
    collected,
    canSend: send !== null && user !== null,
  };
}
