/**
 * The transaction-sending machinery behind `useSendTransaction`: the SDK sender over the app's RPC
 * endpoints and the server's fee estimate, and the wallet signer. It pulls in @solana/kit's transaction
 * codecs and the SDK sender, so `use-send-transaction.ts` imports it on the first send rather than with
 * the page.
 *
 * @module
 */

import { PRIORITY_FEE_LEVEL } from '@arcade/sdk/constants';
import { createProgramErrorName, createTransactionSender, type TransactionSender } from '@arcade/sdk/sender';
import {
  fetchAddressesForLookupTables,
  getBase64EncodedWireTransaction,
  getBase64Encoder,
  getTransactionDecoder,
  type Signature,
  type Transaction,
} from '@solana/kit';
import type { Wallet, WalletAccount } from '@wallet-standard/base';

import { runtimeConfig } from '../../config/runtime-config.ts';
import { api, ApiError } from '../api-client.ts';
import { checkServerTransaction, InvalidTransactionError } from './check-transaction.ts';
import { getFallbackRpc, getRpc } from './rpc.ts';
import type { SendTransactionInput } from './use-send-transaction.ts';
import { createWalletSigner } from './wallet-signer.ts';

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
  const signer = createWalletSigner(wallet, account, runtimeConfig().cluster);
  if (signer === null) throw new Error(`${wallet.name} cannot sign transactions`);
  const sender = createAppSender();
  if ('instructions' in input) {
    const { cosign } = input;
    const tables = input.addressLookupTables ?? [];
    let addressLookupTables;
    try {
      addressLookupTables =
        tables.length === 0 ? undefined : await fetchAddressesForLookupTables([...tables], getRpc());
    } catch (error) {
      // The transaction cannot be built without them (spec §8: 'Invalid Transaction').
      console.error('Reading the lookup tables failed', error);
      throw new InvalidTransactionError('lookup tables unreadable');
    }
    return sender.send({
      instructions: input.instructions,
      feePayer: signer,
      ...(addressLookupTables === undefined ? {} : { addressLookupTables }),
      ...(cosign === undefined
        ? {}
        : {
            cosign: async (transaction: Transaction) =>
              getTransactionDecoder().decode(
                getBase64Encoder().encode(await cosign(getBase64EncodedWireTransaction(transaction))),
              ),
          }),
    });
  }
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
  return sender.sendSigned(
    signed,
    input.lastValidBlockHeight === undefined ? {} : { lastValidBlockHeight: input.lastValidBlockHeight },
  );
}
