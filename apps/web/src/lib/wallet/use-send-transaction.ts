/**
 * Sending transactions with the connected wallet: the wallet signs (its `solana:signTransaction`), the
 * SDK sender does the rest (compute budget, priority fee, resend, confirmation, the spec's error texts).
 *
 * @module
 */

import { PRIORITY_FEE_LEVEL } from '@arcade/sdk/constants';
import { createProgramErrorName, createTransactionSender, type TransactionSender } from '@arcade/sdk/sender';
import { getBase64Encoder, getTransactionDecoder, type Instruction, type Signature } from '@solana/kit';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';

import { runtimeConfig } from '../../config/runtime-config.ts';
import { api, ApiError } from '../api-client.ts';
import { solBalanceQueryKey } from './balance-query-key.ts';
import { getFallbackRpc, getRpc } from './rpc.ts';
import { useWalletConnection } from './wallet-context.tsx';
import { createWalletSigner } from './wallet-signer.ts';

/** What to send: a (partly signed) wire transaction in base64, or instructions to build one from. */
export type SendTransactionInput =
  { readonly transaction: string } | { readonly instructions: readonly Instruction[] };

/** Sends one transaction and resolves with its signature once confirmed. */
export type SendTransaction = (input: SendTransactionInput) => Promise<Signature>;

/**
 * The server's priority fee estimate (`POST /api/priority-fee`, Helius shape) in micro-lamports per
 * compute unit, or null when it has none (the sender then uses its default fee).
 */
export async function estimatePriorityFee(wireTransactionBase64: string): Promise<bigint | null> {
  try {
    const { priorityFeeEstimate } = await api<{ priorityFeeEstimate: number }>('/api/priority-fee', {
      method: 'POST',
      body: { transaction: wireTransactionBase64, priorityLevel: PRIORITY_FEE_LEVEL },
    });
    return Number.isFinite(priorityFeeEstimate) && priorityFeeEstimate >= 0
      ? BigInt(Math.ceil(priorityFeeEstimate))
      : null;
  } catch (error) {
    // 502 'Priority fee estimate unavailable' is an answer, not a failure.
    if (error instanceof ApiError && error.status === 502) return null;
    throw error;
  }
}

/** A sender over the app's RPC endpoints and the server's fee estimate. */
export function createAppSender(): TransactionSender {
  const { programs } = runtimeConfig();
  return createTransactionSender({
    rpc: getRpc(),
    fallbackRpc: getFallbackRpc(),
    estimatePriorityFee,
    programErrorName: createProgramErrorName({ wager: programs.wager, foresight: programs.foresight }),
  });
}

/**
 * Sends with the connected wallet; null when no wallet is connected or it cannot sign transactions.
 * Failures are the sender's `TransactionSendError`, or the wallet's own error (e.g. the user rejected).
 *
 * @example const send = useSendTransaction(); await send?.({ transaction: issued.transaction });
 */
export function useSendTransaction(): SendTransaction | null {
  const connection = useWalletConnection();
  const queryClient = useQueryClient();
  return useMemo(() => {
    if (connection === null) return null;
    const signer = createWalletSigner(connection.wallet, connection.account, runtimeConfig().cluster);
    if (signer === null) return null;
    const sender = createAppSender();
    return async (input: SendTransactionInput) => {
      try {
        if ('instructions' in input) {
          return await sender.send({ instructions: input.instructions, feePayer: signer });
        }
        const transaction = getTransactionDecoder().decode(getBase64Encoder().encode(input.transaction));
        const [signed] = await signer.modifyAndSignTransactions([transaction]);
        if (signed === undefined) throw new Error(`${connection.wallet.name} returned no signed transaction`);
        return await sender.sendSigned(signed);
      } finally {
        // Whatever happened, the fee or the transfer may have moved SOL.
        void queryClient.invalidateQueries({ queryKey: solBalanceQueryKey(signer.address) });
      }
    };
  }, [connection, queryClient]);
}
