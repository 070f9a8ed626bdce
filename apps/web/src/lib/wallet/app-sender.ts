/**
 * The transaction-sending machinery behind `useSendTransaction`: the SDK sender over the app's RPC
 * endpoints and the server's fee estimate, and the wallet signer. It pulls in @solana/kit's transaction
 * codecs and the SDK sender, so `use-send-transaction.ts` imports it on the first send rather than with
 * the page.
 *
 * Confirmation: as soon as the wallet has signed, a `signatureSubscribe` on the PubSub socket watches the
 * signature (subscribed before the first send, so the notification cannot be missed); its `confirmed`
 * notification resolves the send at once. The sender's own status polling runs alongside as the fallback
 * (a dropped socket, an RPC without PubSub) and decides every failure with its error texts.
 *
 * @module
 */

import type { PriorityFeeResponse } from '@arcade/sdk/api/market-data';
import { PRIORITY_FEE_LEVEL, RPC_COMMITMENT } from '@arcade/sdk/constants';
import { createProgramErrorName, createTransactionSender, type TransactionSender } from '@arcade/sdk/sender';
import {
  fetchAddressesForLookupTables,
  getBase64EncodedWireTransaction,
  getBase64Encoder,
  getSignatureFromTransaction,
  getTransactionDecoder,
  type RpcSubscriptions,
  type Signature,
  type SolanaRpcSubscriptionsApi,
  type Transaction,
  type TransactionModifyingSigner,
} from '@solana/kit';
import type { Wallet, WalletAccount } from '@wallet-standard/base';

import { runtimeConfig } from '../../config/runtime-config.ts';
import { api, ApiError } from '../api-client.ts';
import { checkServerTransaction, InvalidTransactionError } from './check-transaction.ts';
import { getFallbackRpc, getRpc, getRpcSubscriptions } from './rpc.ts';
import type { SendTransactionInput } from './use-send-transaction.ts';
import { createWalletSigner } from './wallet-signer.ts';

/**
 * The server's priority fee estimate (`POST /api/priority-fee`, Helius shape) in micro-lamports per
 * compute unit, or null when it has none (the sender then uses its default fee).
 */
export async function estimatePriorityFee(wireTransactionBase64: string): Promise<bigint | null> {
  try {
    const { priorityFeeEstimate } = await api<PriorityFeeResponse>('/api/priority-fee', {
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
 * Resolves with `signature` once the PubSub socket notifies it confirmed without error; never resolves
 * otherwise (a failed transaction, a dropped socket, an abort: the sender's polling decides those).
 */
export function confirmedBySubscription(
  signature: Signature,
  signal: AbortSignal,
  subscriptions: () => RpcSubscriptions<SolanaRpcSubscriptionsApi> = getRpcSubscriptions,
): Promise<Signature> {
  return new Promise((resolve) => {
    void (async () => {
      try {
        const notifications = await subscriptions()
          .signatureNotifications(signature, { commitment: RPC_COMMITMENT })
          .subscribe({ abortSignal: signal });
        for await (const notification of notifications) {
          const value = (notification as { value?: unknown }).value;
          if (typeof value === 'object' && value !== null && (value as { err?: unknown }).err === null) {
            resolve(signature);
          }
          // One notification ends a signature subscription.
          return;
        }
      } catch {
        // The polling sender still confirms it.
      }
    })();
  });
}

/**
 * Runs `send` (the sender; `signal` stops its polling) and resolves with its signature, or earlier when the
 * subscription started at `signed` (which `send` calls once the wallet has signed) notifies it confirmed.
 * The sender's failures reject as they are; `onSigned` hears the signature too.
 */
export function raceConfirmation(
  send: (signal: AbortSignal, signed: (signature: Signature) => void) => Promise<Signature>,
  onSigned?: (signature: Signature) => void,
  subscriptions?: () => RpcSubscriptions<SolanaRpcSubscriptionsApi>,
): Promise<Signature> {
  const abort = new AbortController();
  let watching = false;
  let wake: (signature: Signature) => void = () => {};
  const bySubscription = new Promise<Signature>((resolve) => {
    wake = resolve;
  });
  const signed = (signature: Signature) => {
    if (!watching) {
      watching = true;
      void confirmedBySubscription(signature, abort.signal, subscriptions).then(wake);
    }
    onSigned?.(signature);
  };
  return Promise.race([send(abort.signal, signed), bySubscription]).finally(() => {
    // The winner is in: stop the sender's polling and the subscription.
    abort.abort();
  });
}

/** `signer`, calling `signed` with the fee payer's signature once the wallet has signed. */
function observedSigner(
  signer: TransactionModifyingSigner,
  signed: (signature: Signature) => void,
): TransactionModifyingSigner {
  return Object.freeze({
    address: signer.address,
    async modifyAndSignTransactions(
      transactions: Parameters<TransactionModifyingSigner['modifyAndSignTransactions']>[0],
      config?: Parameters<TransactionModifyingSigner['modifyAndSignTransactions']>[1],
    ) {
      const out = await signer.modifyAndSignTransactions(transactions, config);
      const [first] = out;
      if (first !== undefined) signed(getSignatureFromTransaction(first));
      return out;
    },
  });
}

/**
 * Signs `input` with the wallet and sends it; resolves with the signature once confirmed. A server-built
 * transaction is checked first (`check-transaction.ts`), so the wallet is never asked to sign one the app
 * did not expect.
 *
 * @throws InvalidTransactionError (message ERROR_MESSAGES.invalidTransaction) when the check refuses it;
 *   Error when the wallet cannot sign transactions or returns nothing.
 */
export async function sendWithWallet(
  wallet: Wallet,
  account: WalletAccount,
  input: SendTransactionInput,
): Promise<Signature> {
  const walletSigner = createWalletSigner(wallet, account, runtimeConfig().cluster);
  if (walletSigner === null) throw new Error(`${wallet.name} cannot sign transactions`);
  const sender = createAppSender();
  if ('instructions' in input) {
    const { cosign } = input;
    const tables = input.addressLookupTables ?? [];
    let addressLookupTables;
    try {
      addressLookupTables =
        tables.length === 0 ? undefined : await fetchAddressesForLookupTables([...tables], getRpc());
    } catch (error) {
      // The transaction cannot be built without them ('Invalid Transaction').
      console.error('Reading the lookup tables failed', error);
      throw new InvalidTransactionError('lookup tables unreadable');
    }
    return raceConfirmation(
      (signal, signed) =>
        sender.send({
          instructions: input.instructions,
          feePayer: observedSigner(walletSigner, signed),
          signal,
          ...(addressLookupTables === undefined ? {} : { addressLookupTables }),
          ...(cosign === undefined
            ? {}
            : {
                cosign: async (transaction: Transaction) =>
                  getTransactionDecoder().decode(
                    getBase64Encoder().encode(await cosign(getBase64EncodedWireTransaction(transaction))),
                  ),
              }),
        }),
      input.onSigned,
    );
  }
  const signer = walletSigner;
  let transaction;
  try {
    transaction = checkServerTransaction(input.transaction, signer.address, input.expect);
  } catch (error) {
    if (error instanceof InvalidTransactionError)
      console.error('Refused a server transaction:', error.reason);
    throw error;
  }
  const [signed] = await signer.modifyAndSignTransactions([transaction]);
  if (signed === undefined) throw new Error(`${wallet.name} returned no signed transaction`);
  const { lastValidBlockHeight } = input;
  return raceConfirmation((signal, onSigned) => {
    onSigned(getSignatureFromTransaction(signed));
    return sender.sendSigned(signed, {
      signal,
      ...(lastValidBlockHeight === undefined ? {} : { lastValidBlockHeight }),
    });
  }, input.onSigned);
}
