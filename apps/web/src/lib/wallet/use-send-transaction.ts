/**
 * Sending transactions with the connected wallet: the wallet signs (its `solana:signTransaction`), the
 * SDK sender does the rest (compute budget, priority fee, resend, confirmation, the spec's error texts).
 * The sender and @solana/kit's transaction code load on the first send (`app-sender.ts`), not with the
 * page: most visits never send anything.
 *
 * @module
 */

import type { Address, Instruction, Signature } from '@solana/kit';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';

import { solBalanceQueryKey } from './balance-query-key.ts';
import { signTransactionFeature } from './standard.ts';
import { useWalletConnection } from './wallet-context.tsx';

/** A (partly signed) wire transaction the server built, in base64, for the connected wallet to pay and sign. */
export interface ServerTransactionInput {
  readonly transaction: string;
  /**
   * What the transaction may do: every instruction's program must be listed. Pass it for every server-built
   * transaction; without it only the fee payer, the missing signatures and the size are checked.
   */
  readonly expect?: { readonly programs: readonly Address[] };
  /** The last block height at which its blockhash is valid, when the server says: resending stops past it. */
  readonly lastValidBlockHeight?: bigint;
  /** Called once the wallet has signed, with the transaction's signature, before it is sent. */
  readonly onSigned?: (signature: Signature) => void;
}

/** Instructions to build a transaction from, paid and signed by the connected wallet. */
export interface InstructionsInput {
  readonly instructions: readonly Instruction[];
  /**
   * Adds a second party's signature once the wallet has signed (the local marketplace or swap desk that
   * holds a prize): base64 wire transaction in, the same transaction with its signature out. The message
   * must come back unchanged.
   */
  readonly cosign?: (wireTransactionBase64: string) => Promise<string>;
  /**
   * Address lookup tables the instructions' accounts may be loaded through (a swap route's or a
   * marketplace buy's): their addresses are read from the chain when sending, and the message is compiled
   * with them, as mainnet routes need to fit in one transaction.
   */
  readonly addressLookupTables?: readonly Address[];
  /**
   * Called once the wallet has signed, with the transaction's signature, before it is sent: a game starts
   * its animation and its result watch here instead of after the confirmation.
   */
  readonly onSigned?: (signature: Signature) => void;
}

/** What to send: a server-built transaction, or instructions to build one from. */
export type SendTransactionInput = ServerTransactionInput | InstructionsInput;

/** Sends one transaction and resolves with its signature once confirmed. */
export type SendTransaction = (input: SendTransactionInput) => Promise<Signature>;

/**
 * Sends with the connected wallet; null when no wallet is connected or it cannot sign transactions.
 * A server-built transaction is checked before the wallet sees it (`check-transaction.ts`): one that is
 * not paid by the connected wallet, misses other signatures, is too big or calls a program outside
 * `expect` fails with `Error(ERROR_MESSAGES.invalidTransaction)`. Other failures are the sender's
 * `TransactionSendError`, or the wallet's own error (e.g. the user rejected).
 *
 * @example const send = useSendTransaction(); await send?.({ transaction: issued.transaction });
 */
export function useSendTransaction(): SendTransaction | null {
  const connection = useWalletConnection();
  const queryClient = useQueryClient();
  return useMemo(() => {
    if (connection === null || signTransactionFeature(connection.wallet) === null) return null;
    const { wallet, account } = connection;
    return async (input: SendTransactionInput) => {
      try {
        const { sendWithWallet } = await import('./app-sender.ts');
        return await sendWithWallet(wallet, account, input);
      } finally {
        // Whatever happened, the fee or the transfer may have moved SOL.
        void queryClient.invalidateQueries({ queryKey: solBalanceQueryKey(account.address) });
      }
    };
  }, [connection, queryClient]);
}
